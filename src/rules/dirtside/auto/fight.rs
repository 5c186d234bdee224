//! The turn: alternate activations, each moving and/or firing, opportunity
//! fire, close assault, and the confidence tests each of them sets off.
//!
//! This file holds the turn and each activation's doctrine: rally, assault,
//! advance, fire. The rules they call live in the files beside it.

use super::events::DsEvent;
use super::fire::Situation;
use super::{rolled, Battle, Post};
use crate::battle::result::Role;
use crate::battle::shared_events::Shared;
use crate::core::ladder::Die;
use crate::rules::dirtside::confidence::Level;

impl Battle<'_, '_> {
    /// One turn: activations alternate. The side with fewer units on the
    /// table takes the first activation (its choice, L63: it strikes first);
    /// with equal numbers a die decides (L63's option). A side with fewer
    /// unactivated units may pass (L51); the resolver passes when none of its
    /// units has anything in reach, so that the enemy must come on first.
    pub(crate) fn turn(&mut self) {
        self.s.turn += 1;
        for u in self.s.units.iter_mut() {
            u.activated = false;
        }
        self.s.next_from = Default::default();
        self.ride_along();
        self.seen_refill();
        self.s.idle = self
            .s
            .roster
            .each_ref()
            .map(|r| r.iter().filter(|&&u| !self.s.units[u].activated).count());
        let first = self.first_side();
        self.log(None, |b| Shared::TurnBegins {
            turn: b.s.turn,
            first: Some(first.as_str()),
        });
        let mut side = first;
        loop {
            if self.s.over.is_some() {
                return;
            }
            if self.passes(side) {
                side = side.other();
            }
            let next = self.next_unit(side).or_else(|| {
                side = side.other();
                self.next_unit(side)
            });
            let Some(u) = next else { break };
            self.activate(u);
            self.check_end();
            side = side.other();
        }
    }

    /// Who activates first this turn, with the die roll logged on a tie.
    pub(crate) fn first_side(&mut self) -> Role {
        // Riders and their carriers are one unit while mounted (L359).
        let count = |r| {
            self.side_iter(r)
                .filter(|&u| self.s.units[u].rides_with.is_none())
                .count()
        };
        let (a, d) = (count(Role::Attacker), count(Role::Defender));
        match d.cmp(&a) {
            std::cmp::Ordering::Less => Role::Defender,
            std::cmp::Ordering::Greater => Role::Attacker,
            std::cmp::Ordering::Equal => {
                let r = self.roll(Die::D6);
                let first = if r <= 3 {
                    Role::Attacker
                } else {
                    Role::Defender
                };
                self.log(None, move |_| DsEvent::FirstActivation {
                    rolled: rolled(Die::D6, r),
                    first: first.as_str(),
                });
                first
            }
        }
    }

    /// Units on the table not yet activated this turn, per side (by
    /// `Role::index`), as kept (`State::idle`).
    fn unactivated(&self) -> [usize; 2] {
        let n = self.s.idle;
        debug_assert_eq!(n, {
            let mut m = [0; 2];
            for (u, x) in self.s.units.iter().enumerate() {
                if !x.activated && self.present(u) {
                    m[x.role.index()] += 1;
                }
            }
            m
        });
        n
    }

    /// Whether `side` passes its activation now: it may only with fewer
    /// unactivated units than the enemy, and does when none of them has a
    /// target in reach while the enemy still has units to bring on.
    fn passes(&mut self, side: Role) -> bool {
        let n = self.unactivated();
        let (own, enemy) = (n[side.index()], n[side.other().index()]);
        if own == 0 || own >= enemy {
            return false;
        }
        // The side's compact entries (its roster, in order, with each
        // unit's idle bit), not the wide `Unit`s: asked at every alternation.
        debug_assert!(self.seen_ok(side.index()));
        let idle = self.s.seen[side.index()]
            .iter()
            .filter(|y| y.idle)
            .all(|y| !self.targets_in_reach(y.unit()));
        if idle {
            self.log(Some(side), move |_| DsEvent::Pass {
                side: side.as_str(),
                unactivated: own,
                enemy_unactivated: enemy,
            });
        }
        idle
    }

    /// The first unit of `side` on the table not yet activated. Within a
    /// turn no unit activates twice or comes back once gone, so the search
    /// starts where the last one stopped.
    fn next_unit(&self, side: Role) -> Option<usize> {
        let range = self.side_range(side);
        let from = &self.s.next_from[side.index()];
        let mut u = from.get().max(range.start);
        while u < range.end {
            let x = &self.s.units[u];
            // One test of all three (`&`): which of them fails follows the
            // units' order and state, a branch apiece the predictor missed.
            if (x.role == side) & !x.activated & self.present(u) {
                break;
            }
            u += 1;
        }
        from.set(u);
        let found = (u < range.end).then_some(u);
        debug_assert_eq!(
            found,
            self.side_iter(side).find(|&u| !self.s.units[u].activated)
        );
        found
    }

    /// One unit's activation in the auto-resolver.
    fn activate(&mut self, u: usize) {
        self.set_activated(u, true);
        self.s.units[u].moved = 0;
        let role = self.s.units[u].role;
        if self.s.units[u].skip_next {
            self.s.units[u].skip_next = false;
            self.log(Some(role), move |b| DsEvent::LosesActivation {
                unit: b.ucode(u),
            });
            return;
        }
        self.log(Some(role), move |b| DsEvent::Activate {
            unit: b.ucode(u),
            confidence: b.s.units[u].level.word(),
            inches: b.s.units[u].dist,
            opportunity: false,
        });
        if self.s.units[u].evading {
            self.s.units[u].evading = false;
            self.unit_changed(u);
        }
        self.repairs(u);
        let level = self.s.units[u].level;
        let can_rally = self.command_leadership(role).is_some();
        // Asked only when it decides (the check has no dice in it).
        if level >= Level::Broken
            || (level == Level::Shaken
                && can_rally
                && role == Role::Defender
                && !self.targets_in_reach(u))
        {
            self.drop_riders(u);
            if can_rally {
                let _ = self.rally(u);
            } else {
                if self.s.units[u].post == Post::Open {
                    self.fall_back(u, "fall back");
                }
                // A broken unit may still fire; only a routed one may not (L260).
                if self.s.units[u].level == Level::Broken
                    && self.present(u)
                    && !self.s.units[u].out
                    && self.s.over.is_none()
                {
                    self.fire_unit(u, None, Situation::default());
                }
            }
            self.end_activation(u);
            return;
        }
        // Teams aboard carriers get out half a move short of the enemy.
        if role == Role::Attacker && self.dismount(u) {
            if self.present(u) && !self.s.units[u].out && self.s.over.is_none() {
                self.fire_unit(u, None, Situation::default());
            }
            self.end_activation(u);
            return;
        }
        if role == Role::Attacker {
            let assault = self.try_assault(u);
            if assault == Some(true) {
                self.end_activation(u);
                return;
            }
            self.advance(u);
            // A unit that balked at an assault only moves this activation.
            if assault == Some(false) || !self.present(u) || self.s.units[u].out {
                self.end_activation(u);
                return;
            }
        }
        self.fire_unit(u, None, Situation::default());
        self.end_activation(u);
    }

    pub(super) fn end_activation(&mut self, u: usize) {
        self.s.units[u].marker = false;
        self.riders_end_activation(u);
    }

    pub(super) fn targets_in_reach(&self, u: usize) -> bool {
        if let Some(found) = self.kept_in_reach(u) {
            debug_assert_eq!(found, self.alive(u).any(|e| self.has_target(e, None)));
            return found;
        }
        let found = self.targets_in_reach_now(u);
        self.keep_in_reach(u, found);
        found
    }

    fn targets_in_reach_now(&self, u: usize) -> bool {
        // Most calls come while the sides are still apart: when no enemy unit
        // is within the longest reach of any element, none has a target.
        // A bound from the unit as it began: every shot is still checked by
        // the kept farthest shot between the two units.
        if self.s.alive_n[u] == 0 {
            return false;
        }
        let reach = self.unit_longest(u);
        debug_assert!(self.alive(u).all(|e| self.longest(e) <= reach));
        let other = self.s.units[u].role.other();
        let own_apart = self.apart(u);
        // Some element of `u` has a shot at some enemy unit: the farthest
        // shot between the two units (kept until either changes) reaches.
        let here = self.s.units[u].dist;
        debug_assert!(self.seen_ok(other.index()));
        // While no element stands apart, from the unit outward in order of
        // spot: each half stops at the first unit past the reach.
        if !self.s.left_behind {
            let (after, before) = self.near_halves(other.index(), here);
            let mut found = false;
            for y in after {
                let range = y.dist - here;
                if range > reach || self.unit_reach(u, y.unit()) >= range {
                    found = range <= reach;
                    break;
                }
            }
            if !found {
                for y in before.iter().rev() {
                    let range = here - y.dist;
                    if range > reach || self.unit_reach(u, y.unit()) >= range {
                        found = range <= reach;
                        break;
                    }
                }
            }
            debug_assert_eq!(found, self.alive(u).any(|e| self.has_target(e, None)));
            return found;
        }
        let found = self.s.seen[other.index()].iter().any(|y| {
            let v = y.unit();
            let range = (y.dist - here).abs();
            debug_assert_eq!(range, self.gap(u, v));
            if own_apart || self.apart(v) {
                // Elements apart: the per-unit answer is only a bound, so
                // each element asks (as `has_target` does) once it passes.
                let near = self.nearest_gap(u, v);
                return near <= reach
                    && self.unit_reach(u, v) >= near
                    && self
                        .alive(u)
                        .any(|e| near <= self.longest(e) && self.reaches_unit(e, v, range));
            }
            range <= reach && self.unit_reach(u, v) >= range
        });
        debug_assert_eq!(found, self.alive(u).any(|e| self.has_target(e, None)));
        found
    }

    /// Systems-down vehicles try to repair: a 6 on a d6.
    fn repairs(&mut self, u: usize) {
        // Only vehicles go systems down: a unit of teams has none to repair.
        if self.all_teams(u) {
            debug_assert!(self.alive(u).all(|e| !self.s.elements[e].systems_down));
            return;
        }
        // Walked by index (every activation asks; few have a vehicle down).
        let p = self.p;
        for &e in &p.members[u] {
            if !self.s.elements[e].alive || !self.s.elements[e].systems_down {
                continue;
            }
            let r = self.roll(Die::D6);
            let fixed = r == 6;
            if fixed {
                self.s.elements[e].systems_down = false;
                self.unit_changed(u);
            }
            self.log(Some(self.s.units[u].role), move |b| DsEvent::Repair {
                element: b.code(e),
                rolled: rolled(Die::D6, r),
                fixed,
            });
        }
    }
}
