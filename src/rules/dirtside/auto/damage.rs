//! Damage: chits drawn for a hit on a vehicle or an infantry team, and the
//! losses each attack tallies for the tests that follow it.

use super::events::DsEvent;
use super::fire::Situation;
use super::{Attack, Battle, Tally};
use crate::battle::result::Knockout;
use crate::rules::dirtside::chits::{self, Chit, Effect, Target, VehicleResult};
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::fire_control::Band;
use crate::rules::dirtside::weapons::Weapon;

thread_local! {
    /// The vectors of this thread's last finished attack, reused by the next
    /// (a battle makes hundreds of attacks, each with five per-unit tallies).
    /// Boxed, so that handing it over moves a pointer, not the vectors.
    static SPARE: std::cell::RefCell<Option<Box<Attack>>> = const { std::cell::RefCell::new(None) };
}

/// Hands a finished attack's vectors back for the next `new_attack`.
pub(super) fn recycle(a: Box<Attack>) {
    SPARE.with(|s| *s.borrow_mut() = Some(a));
}

impl Battle<'_, '_> {
    pub(super) fn new_attack(&self) -> Box<Attack> {
        let n = self.s.units.len();
        let mut a = SPARE.with(|s| s.borrow_mut().take()).unwrap_or_else(|| {
            Box::new(Attack {
                tally: Vec::new(),
                air: false,
                ads: Vec::new(),
                touched: Vec::new(),
            })
        });
        if a.tally.len() == n {
            // Only the units the last attack touched hold anything.
            for &u in &a.touched {
                a.tally[u] = Tally::default();
            }
        } else {
            a.tally.clear();
            a.tally.resize(n, Tally::default());
        }
        debug_assert!(a.tally.iter().all(|t| *t == Tally::default()));
        a.touched.clear();
        a.air = false;
        a.ads.clear();
        a
    }

    /// Draws `n` chits from the pot onto the end of `drawn`.
    pub(super) fn draw_into(&mut self, n: usize, drawn: &mut Vec<Chit>) {
        for _ in 0..n {
            match self.s.dice.draw(&mut self.s.pot, |c: &Chit| c.name()) {
                Some(c) => drawn.push(c),
                None => break,
            }
        }
    }

    /// An odds run's draw of `n` chits at a team of `class` that `colours`
    /// count against: whether they kill it, drawn by the index roll `draw`
    /// makes and put back in the same order, so the pot ends as after
    /// `draw_into` and `extend` (no names, no list). `None` where that does
    /// not hold: a log to write, dice typed or kept, more than five chits,
    /// or a pot too small to give them all.
    #[inline]
    pub(super) fn quiet_kills(
        &mut self,
        n: usize,
        colours: chits::Colours,
        class: crate::rules::dirtside::infantry::Class,
    ) -> Option<bool> {
        let pot = &mut self.s.pot;
        if n > 5 || pot.len() < n || self.s.log.is_on() || !self.s.dice.quiet() {
            return None;
        }
        let mut got = [Chit::M; 5];
        let mut total = 0;
        // Whether a chit counts is a coin toss the branch predictor missed
        // about once a chit: its value is added times a bit read from the
        // colours (a letter chit reads bit 3, never set) instead.
        let counts = colours.bits();
        for slot in &mut got[..n] {
            let i = self.s.dice.quiet_d(pot.len() as u32) as usize - 1;
            let c = pot.swap_remove(i);
            let (place, v) = match c {
                Chit::Number(col, v) => (col as u32, v),
                _ => (3, 0),
            };
            let bit = counts >> place & 1;
            debug_assert_eq!(
                bit == 1 && v > 0,
                matches!(c, Chit::Number(col, v) if colours.has(col) && v > 0)
            );
            total += i64::from(v) * i64::from(bit);
            *slot = c;
        }
        // All five put back and the unused cut off: a copy of a fixed size
        // inlines, where `&got[..n]` called `memcpy` (its size checks
        // missed by the predictor) once a hit.
        let back = pot.len() + n;
        pot.extend_from_slice(&got);
        pot.truncate(back);
        let killed = total >= crate::rules::dirtside::infantry::kill_value(class);
        debug_assert_eq!(killed, chits::infantry_kills(&got[..n], colours, class));
        Some(killed)
    }

    pub(super) fn record_loss(&mut self, t: usize, attack: &mut Attack) {
        let tu = self.s.elements[t].unit;
        attack.touched.push(tu);
        if !self.s.elements[t].lost {
            if attack.tally[tu].losses == 0 {
                // Elements not yet lost at the start of the attack, from the
                // count kept here.
                attack.tally[tu].strength = self.p.members[tu].len() - self.s.lost_n[tu];
                debug_assert_eq!(
                    attack.tally[tu].strength,
                    self.p.members[tu]
                        .iter()
                        .filter(|&&e| !self.s.elements[e].lost)
                        .count()
                );
            }
            self.s.elements[t].lost = true;
            self.s.lost_n[tu] += 1;
            attack.tally[tu].losses += 1;
        }
        if !self.s.elements[t].alive && self.s.units[tu].leader == t {
            attack.tally[tu].leader_lost = true;
        }
        if self.s.elements[t].is_vehicle() {
            attack.tally[tu].marker = true;
        }
    }

    pub(super) fn vehicle_damage(
        &mut self,
        e: usize,
        t: usize,
        w: Weapon,
        band: Option<Band>,
        sit: Situation,
        attack: &mut Attack,
    ) {
        let Make::Vehicle { stats, .. } = self.s.elements[t].make else {
            return;
        };
        let target = Target::Vehicle {
            armour: stats.armour,
            kind: stats.armour_kind,
            apfc: false,
            cover: self.infantry_cover(t, sit),
        };
        let Ok(Some(v)) = chits::validity(w, band, target) else {
            return;
        };
        let n = w.chits_per_hit();
        // As `infantry_damage`: the chits go into the battle's kept list,
        // and only a logged battle reads them out in full.
        let mut drawn = std::mem::take(&mut self.s.drawn);
        drawn.clear();
        self.draw_into(n, &mut drawn);
        let small = w.system.small_arms();
        let (result, found) = chits::vehicle_verdict(&drawn, v, stats.armour, small);
        let reading = self.s.log.is_on().then(|| {
            let reading = chits::vehicle_hit(&drawn, v, stats.armour, small).1;
            (reading, drawn.iter().map(|c| c.name()).collect::<Vec<_>>())
        });
        debug_assert!({
            let (r, full) = chits::vehicle_hit(&drawn, v, stats.armour, small);
            r == result && full.effects.iter().copied().eq(found.into_iter().flatten())
        });
        self.s.pot.extend(drawn.iter().copied());
        self.s.drawn = drawn;
        let firer_is_vehicle = self.s.elements[e].is_vehicle();
        let mut effects: Vec<&'static str> = Vec::new();
        for fx in found.into_iter().flatten() {
            match fx {
                Effect::Immobilised => {
                    self.s.elements[t].immobilised = true;
                    self.refresh_mf(t);
                    effects.push("immobilised");
                }
                Effect::SystemsDown => {
                    self.s.elements[t].systems_down = true;
                    self.unit_changed(self.s.elements[t].unit);
                    effects.push("systems down");
                }
                Effect::FirerSystemsDown if firer_is_vehicle => {
                    self.s.elements[e].systems_down = true;
                    self.unit_changed(self.s.elements[e].unit);
                    effects.push("firer systems down");
                }
                Effect::FirerSystemsDown => effects.push("no effect on an infantry firer"),
            }
        }
        let mut outcome = result;
        if result == VehicleResult::Damaged && self.s.elements[t].damaged {
            outcome = VehicleResult::KnockedOut;
            effects.push("second damage knocks it out");
        }
        match outcome {
            VehicleResult::Undamaged => {}
            VehicleResult::Damaged => {
                self.s.elements[t].damaged = true;
                self.refresh_mf(t);
                self.unit_changed(self.s.elements[t].unit);
            }
            VehicleResult::KnockedOut | VehicleResult::Destroyed => {
                self.kill(t);
                self.s.elements[t].knockout = Some(if outcome == VehicleResult::Destroyed {
                    Knockout::Exploded
                } else {
                    Knockout::Killed
                });
            }
        }
        if matches!(
            outcome,
            VehicleResult::Damaged | VehicleResult::KnockedOut | VehicleResult::Destroyed
        ) {
            self.record_loss(t, attack);
        }
        self.carrier_hit(t, outcome, attack);
        if let Some((reading, names)) = reading {
            self.log_chits(e, t, names, reading, outcome.word(), effects);
        }
    }

    pub(super) fn infantry_damage(
        &mut self,
        e: usize,
        t: usize,
        n: usize,
        colours: chits::Colours,
        attack: &mut Attack,
    ) {
        let Make::Team { class, .. } = self.s.elements[t].make else {
            return;
        };
        if let Some(killed) = self.quiet_kills(n, colours, class) {
            if killed {
                self.kill(t);
                self.record_loss(t, attack);
            }
            return;
        }
        // The chits go into the battle's kept list, and only a logged battle
        // reads them out in full.
        let mut drawn = std::mem::take(&mut self.s.drawn);
        drawn.clear();
        self.draw_into(n, &mut drawn);
        let killed = chits::infantry_kills(&drawn, colours, class);
        let reading = self
            .s
            .log
            .is_on()
            .then(|| chits::infantry_hit(&drawn, colours, class).1);
        debug_assert_eq!(killed, chits::infantry_hit(&drawn, colours, class).0);
        self.s.pot.extend(drawn.iter().copied());
        if killed {
            self.kill(t);
            self.record_loss(t, attack);
        }
        if let Some(reading) = reading {
            let names = drawn.iter().map(|c| c.name()).collect();
            let result = reading.result;
            self.log_chits(e, t, names, reading, result, Vec::new());
        }
        self.s.drawn = drawn;
    }

    /// Logs the chits `e`'s fire drew against `t`: all of them, the valid
    /// ones with their total, and what they did.
    pub(super) fn log_chits(
        &mut self,
        e: usize,
        t: usize,
        drawn: Vec<String>,
        reading: chits::Reading,
        result: &'static str,
        effects: Vec<&'static str>,
    ) {
        self.log(Some(self.s.elements[e].role), move |b| DsEvent::Chits {
            firer: b.code(e),
            target: b.code(t),
            drawn,
            valid: reading.valid.iter().map(|c| c.name()).collect(),
            total: reading.valid_total,
            result,
            effects,
        });
    }
}
