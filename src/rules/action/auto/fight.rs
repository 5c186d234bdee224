//! One ACTION turn fought by the auto-resolver: initiative, ready orders,
//! then action phases in initiative order, each element moving or attacking
//! by a plain doctrine, and the groups' morale tests after every phase. The
//! steps they call, which the table shares, live in the files beside this
//! one.

use super::events::{ActEvent, Init};
use super::Battle;
use crate::battle::result::Role;
use crate::battle::shared_events::Shared;
use crate::rules::action::{sequence, weapons};

impl Battle<'_, '_> {
    /// One auto turn.
    pub(crate) fn auto_turn(&mut self) {
        self.s.turn += 1;
        self.log(None, |b| Shared::TurnBegins {
            turn: b.s.turn,
            first: None,
        });
        if !self.anyone_can_hurt() {
            self.s.stalemate = true;
            return;
        }
        self.start_turn();
        self.roll_initiative();
        // Defenders with nobody in reach wait, readied, for whoever closes.
        for i in 0..self.s.pieces.len() {
            let x = &self.s.pieces[i];
            if x.role == Role::Defender
                && x.fighting()
                && !x.is_aircraft()
                && self.armed(i)
                && self.pick_target(i, None).is_none()
            {
                self.declare_ready(i, None);
            }
        }
        // The sequence runs until every element has spent its points or is
        // done (rules text L123, L163).
        let most = self
            .s
            .pieces
            .iter()
            .map(|x| x.ap + x.move_ap)
            .max()
            .unwrap_or(0);
        // Who may still act this turn, in initiative order: an element out
        // of the fight, out of points or done stays so until the next turn.
        let mut active = std::mem::take(&mut self.s.active);
        active.clone_from(&self.s.order);
        for phase in 1..=most as u32 {
            self.s.phase = phase;
            let mut acted = false;
            // Those out of the fight, out of points or done are dropped as
            // the phase meets them (they stay so all turn), in place.
            let mut kept = 0;
            for k in 0..active.len() {
                let i = active[k];
                let x = &self.s.pieces[i];
                // `|`, not `||`: one branch on the three, which vary from
                // element to element in no order a predictor learns.
                if !x.fighting() | (x.ap + x.move_ap <= 0) | x.done {
                    continue;
                }
                active[kept] = i;
                kept += 1;
                // A readied element that fired out of turn has had its
                // action this phase.
                if x.ready.is_some() | (x.acted_in == phase) {
                    continue;
                }
                acted |= self.auto_act(i, phase);
                if self.ended() {
                    self.s.active = active;
                    return;
                }
            }
            active.truncate(kept);
            // Losses break groups as they happen, not a turn later.
            self.morale_phase();
            if !acted || self.ended() {
                break;
            }
        }
        self.s.active = active;
    }

    /// Whether any element still fighting could hurt an enemy at some range.
    fn anyone_can_hurt(&self) -> bool {
        let n = self.s.pieces.len();
        let most = weapons::band_edges()[5];
        // Nobody attacks out of deep water (L187).
        self.p.terrain.can_attack_from()
            && (0..n).any(|i| {
                let a = &self.s.pieces[i];
                a.fighting()
                    && a.weapon.is_some()
                    && (0..n).any(|j| {
                        let b = &self.s.pieces[j];
                        b.role != a.role
                            && b.fighting()
                            && if self.p.tables.air[j] {
                                (1..=most).any(|r| self.weapon_value(i, j, r).is_some())
                            } else {
                                self.p.tables.can_ever_hurt(i, j)
                            }
                    })
            })
    }

    /// Fresh action points and a clean slate of this turn's modifiers.
    pub(crate) fn start_turn(&mut self) {
        self.s.phase = 0;
        for x in &mut self.s.pieces {
            x.ap = x.m.element.action_points;
            x.move_ap = x.m.element.move_points;
            x.acted_in = 0;
            x.ready_at = None;
            x.moved = false;
            x.injured = false;
            x.attacked = false;
            x.done = false;
            x.ready = None;
            x.readied_on = None;
            x.fired_this_turn = false;
        }
        self.s.readied = 0;
    }

    /// An unmodified d100 for every element still fighting; the order holds all turn.
    pub(crate) fn roll_initiative(&mut self) {
        if !self.s.log.is_on() && self.p.ties.is_some() {
            self.roll_initiative_counted();
            return;
        }
        // The vectors of the last turn are reused (see `Fight::entries`).
        let mut entries = std::mem::take(&mut self.s.entries);
        entries.clear();
        let mut rolls = Vec::new();
        for i in 0..self.s.pieces.len() {
            if !self.s.pieces[i].fighting() {
                continue;
            }
            let roll = self.s.dice.d100();
            let x = &mut self.s.pieces[i];
            x.initiative = roll;
            entries.push(sequence::Entry {
                index: i,
                roll,
                evasion: x.m.element.evasion,
                defender: x.role == Role::Defender,
            });
            if self.s.log.is_on() {
                rolls.push(Init {
                    stand: self.p.codes[i].to_string(),
                    roll,
                });
            }
        }
        // Counting by (roll, place among equal rolls) where the battle's
        // places fit; else sorting packed keys.
        let counted = self.p.ties.as_ref().is_some_and(|(rank, ranks)| {
            sequence::order_counted(
                &entries,
                rank,
                *ranks,
                &mut self.s.counts,
                &mut self.s.order,
            )
        });
        if !counted {
            sequence::order_into(&entries, &mut self.s.keys, &mut self.s.order);
        }
        debug_assert_eq!(self.s.order, sequence::order(&entries));
        self.s.entries = entries;
        self.log(None, move |b| ActEvent::Initiative {
            rolls,
            order: b.s.order.iter().map(|&i| b.code(i)).collect(),
        });
    }

    /// The same rolls and order for an odds run (no log) where the
    /// battle's places among equal rolls fit: each roll goes straight into
    /// its count (`sequence::order_counted`'s buckets), no entries built.
    fn roll_initiative_counted(&mut self) {
        let Some((rank, ranks)) = &self.p.ties else {
            return;
        };
        let s = &mut self.s;
        s.keys.clear();
        debug_assert_eq!(rank.len(), s.pieces.len());
        for (i, &place) in rank.iter().enumerate() {
            if !s.pieces[i].fighting() {
                continue;
            }
            let roll = s.dice.d100();
            debug_assert!((1..=100).contains(&roll));
            s.pieces[i].initiative = roll;
            s.keys.push(sequence::roll_key(roll, place, *ranks, i));
        }
        sequence::lay_out_by_roll(&s.keys, &mut s.counts, &mut s.room, &mut s.order);
        debug_assert_eq!(s.order, {
            let entries: Vec<sequence::Entry> = (0..s.pieces.len())
                .filter(|&i| s.pieces[i].fighting())
                .map(|i| {
                    let x = &s.pieces[i];
                    sequence::Entry {
                        index: i,
                        roll: x.initiative,
                        evasion: x.m.element.evasion,
                        defender: x.role == Role::Defender,
                    }
                })
                .collect();
            sequence::order(&entries)
        });
    }

    pub(crate) fn declare_ready(&mut self, i: usize, on: Option<usize>) {
        if self.s.pieces[i].ready.replace(on).is_none() {
            self.s.readied += 1;
        }
        self.s.pieces[i].readied_on = Some(on);
        let at = self.s.pieces[i].ready_at;
        self.log(Some(self.s.pieces[i].role), move |b| ActEvent::Ready {
            stand: b.code(i),
            on: on.map(|j| b.code(j)),
            at,
        });
    }

    /// One element's action in an auto phase; returns whether it acted.
    fn auto_act(&mut self, i: usize, phase: u32) -> bool {
        let x = &self.s.pieces[i];
        let (ap, progress, role, mobile, best) =
            (x.ap, x.progress, x.role, x.can_move(), x.m.element.weapon);
        // An attack takes one of the general points (rules text L117).
        let target = if ap > 0 {
            self.pick_target(i, None)
        } else {
            None
        };
        // Attackers short of their weapon's best band fire and move by turns;
        // a grid begun is finished first.
        let aim = target.map(|j| {
            let r = self.distance(i, j);
            (r, self.weapon_value(i, j, r).unwrap_or(0))
        });
        let value = aim.map(|(_, v)| v);
        let short_of_best = value.is_some_and(|v| v < best);
        let wants_to_step =
            target.is_none() || progress > 0 || (short_of_best && phase.is_multiple_of(2));
        let step = if wants_to_step && role == Role::Attacker && mobile {
            self.next_grid(i)
        } else {
            None
        };
        if let Some(next) = step {
            self.move_step(i, next);
            return true;
        }
        match target.zip(aim) {
            Some((j, (range, _))) => {
                // Nothing has moved since the range was measured.
                let mut shot = self.auto_shot_at(i, j, range);
                shot.value = value;
                self.attack(i, j, &shot);
                true
            }
            None => {
                self.s.pieces[i].done = true;
                false
            }
        }
    }
}
