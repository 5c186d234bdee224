//! Damage: chits drawn for a hit on a vehicle or an infantry team, and the
//! losses each attack tallies for the tests that follow it.

use super::events::DsEvent;
use super::fire::Situation;
use super::{Attack, Battle};
use crate::battle::result::Knockout;
use crate::rules::dirtside::chits::{self, Chit, Effect, Target, VehicleResult};
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::fire_control::Band;
use crate::rules::dirtside::weapons::Weapon;

thread_local! {
    /// The vectors of this thread's last finished attack, reused by the next
    /// (a battle makes hundreds of attacks, each with five per-unit tallies).
    static SPARE: std::cell::RefCell<Option<Attack>> = const { std::cell::RefCell::new(None) };
}

/// Hands a finished attack's vectors back for the next `new_attack`.
pub(super) fn recycle(a: Attack) {
    SPARE.with(|s| *s.borrow_mut() = Some(a));
}

impl Battle<'_, '_> {
    pub(super) fn new_attack(&self) -> Attack {
        let n = self.s.units.len();
        let mut a = SPARE.with(|s| s.borrow_mut().take()).unwrap_or(Attack {
            strength: Vec::new(),
            losses: Vec::new(),
            leader_lost: Vec::new(),
            attacked: Vec::new(),
            air: false,
            marker: Vec::new(),
            ads: Vec::new(),
        });
        // Elements not yet lost, from the count kept by `record_loss`.
        a.strength.clear();
        a.strength.extend((0..n).map(|u| {
            let n = self.p.members[u].len() - self.s.lost_n[u];
            debug_assert_eq!(
                n,
                self.p.members[u]
                    .iter()
                    .filter(|&&e| !self.s.elements[e].lost)
                    .count()
            );
            n
        }));
        for v in [&mut a.leader_lost, &mut a.attacked, &mut a.marker] {
            v.clear();
            v.resize(n, false);
        }
        a.losses.clear();
        a.losses.resize(n, 0);
        a.air = false;
        a.ads.clear();
        a
    }

    /// Draws `n` chits from the pot (returned after the shot).
    pub(super) fn draw(&mut self, n: usize) -> Vec<Chit> {
        let mut drawn = Vec::with_capacity(n);
        for _ in 0..n {
            match self.s.dice.draw(&mut self.s.pot, |c: &Chit| c.name()) {
                Some(c) => drawn.push(c),
                None => break,
            }
        }
        drawn
    }

    pub(super) fn record_loss(&mut self, t: usize, attack: &mut Attack) {
        let tu = self.s.elements[t].unit;
        if !self.s.elements[t].lost {
            self.s.elements[t].lost = true;
            self.s.lost_n[tu] += 1;
            attack.losses[tu] += 1;
        }
        if !self.s.elements[t].alive && self.s.units[tu].leader == t {
            attack.leader_lost[tu] = true;
        }
        if self.s.elements[t].is_vehicle() {
            attack.marker[tu] = true;
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
        let drawn = self.draw(n);
        let (result, reading) = chits::vehicle_hit(&drawn, v, stats.armour, w.system.small_arms());
        self.s.pot.extend(drawn.iter().copied());
        let firer_is_vehicle = self.s.elements[e].is_vehicle();
        let mut effects: Vec<&'static str> = Vec::new();
        for fx in &reading.effects {
            match fx {
                Effect::Immobilised => {
                    self.s.elements[t].immobilised = true;
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
        self.log(Some(self.s.elements[e].role), move |b| DsEvent::Chits {
            firer: b.code(e),
            target: b.code(t),
            drawn: drawn.iter().map(|c| c.name()).collect(),
            valid: reading.valid.iter().map(|c| c.name()).collect(),
            total: reading.valid_total,
            result: outcome.word(),
            effects,
        });
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
        let drawn = self.draw(n);
        let (killed, reading) = chits::infantry_hit(&drawn, colours, class);
        self.s.pot.extend(drawn.iter().copied());
        if killed {
            self.kill(t);
            self.record_loss(t, attack);
        }
        self.log(Some(self.s.elements[e].role), move |b| DsEvent::Chits {
            firer: b.code(e),
            target: b.code(t),
            drawn: drawn.iter().map(|c| c.name()).collect(),
            valid: reading.valid.iter().map(|c| c.name()).collect(),
            total: reading.valid_total,
            result: reading.result,
            effects: Vec::new(),
        });
    }
}
