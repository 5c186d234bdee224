//! Movement: a unit's move along the table, the tests it takes before it
//! moves, and the attackers' advance toward the enemy.

use super::events::DsEvent;
use super::{Battle, Post};
use crate::battle::result::Role;
use crate::rules::dirtside::confidence::{self, Level, Threat};
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::infantry;

impl Battle<'_, '_> {
    /// The gap to the nearest enemy unit on the table, if any: one tight
    /// walk over the enemy side (every advance asks it).
    fn nearest_enemy_gap(&self, u: usize) -> Option<i64> {
        let other = self.s.units[u].role.other();
        let here = self.s.units[u].dist;
        // The units beside its spot in order of spot (`near.rs`).
        let near = self.nearest_range(other.index(), here);
        debug_assert_eq!(near, self.side_iter(other).map(|v| self.gap(u, v)).min());
        near
    }

    /// How far the unit's weapons want to close: the close band of its guns
    /// while enemy vehicles remain, else the reach of its anti-personnel fire.
    /// Infantry close to an inch short: only a close assault goes into
    /// contact, so an ordinary move never ends on a spot the enemy holds.
    fn stand_off(&self, u: usize) -> i64 {
        if self.infantry_unit(u) {
            return 1;
        }
        // Carriers with teams aboard come on until they unload (`dismount`),
        // whatever their guns' reach.
        if self.loaded(u) {
            return self.vehicle_stand_off(u).min(infantry::APSW_RANGE);
        }
        self.vehicle_stand_off(u)
    }

    fn vehicle_stand_off(&self, u: usize) -> i64 {
        let role = self.s.units[u].role;
        let vehicles = self.side_iter(role.other()).any(|v| self.holds_vehicles(v));
        debug_assert_eq!(
            vehicles,
            self.side_iter(role.other())
                .any(|v| self.alive(v).any(|e| self.s.elements[e].is_vehicle()))
        );
        self.alive(u)
            .filter_map(|e| match self.s.elements[e].make {
                Make::Vehicle { weapon, stats, .. } => {
                    Some(if vehicles && !weapon.system.small_arms() {
                        match weapon.reach() {
                            crate::rules::dirtside::weapons::Reach::Bands(b) => b[0].unwrap_or(12),
                            crate::rules::dirtside::weapons::Reach::Max(m) => m,
                        }
                    } else if stats.apsw || weapon.system.small_arms() {
                        infantry::APSW_RANGE
                    } else {
                        weapon.against_infantry().map(|(_, r)| r).unwrap_or(12)
                    })
                }
                Make::Team { .. } => None,
            })
            .min()
            .unwrap_or(12)
            .max(6)
    }

    /// Moves a unit `inches` toward (+) or away from (−) the enemy.
    pub(crate) fn shift(&mut self, u: usize, inches: i64, how: &'static str) {
        let role = self.s.units[u].role;
        if inches != 0 {
            self.leave_behind(u);
        }
        let from = self.s.units[u].dist;
        let to = match role {
            Role::Attacker => from - inches,
            Role::Defender => from + inches,
        };
        self.s.units[u].dist = to;
        self.seen_sync(u);
        self.moved();
        self.s.units[u].moved += inches.abs();
        if inches != 0 && self.s.units[u].post != Post::Open {
            self.s.units[u].post = Post::Open;
            self.seen_sync(u);
            self.unit_changed(u);
        }
        self.log(Some(role), move |b| DsEvent::Move {
            unit: b.ucode(u),
            from,
            to,
            how,
        });
        self.carry_riders(u, to);
    }

    pub(super) fn fall_back(&mut self, u: usize, how: &'static str) {
        let mf = self.unit_mf(u);
        if mf > 0 {
            self.shift(u, -mf, how);
        }
    }

    /// Tests a unit takes before it moves; false if it balks.
    pub(crate) fn may_move(&mut self, u: usize, advancing: bool) -> bool {
        let unit = self.s.units[u];
        let infantry = self.infantry_unit(u);
        let mut threats = Vec::new();
        if unit.marker {
            threats.push(if infantry {
                Threat::InfantryUnderFireMoves
            } else {
                Threat::VehicleUnderFireMoves
            });
        }
        if infantry && advancing && unit.level == Level::Shaken {
            threats.push(Threat::ShakenAdvance);
        }
        match confidence::highest(&threats) {
            Some(t) => self.reaction(u, t),
            None => true,
        }
    }

    pub(super) fn advance(&mut self, u: usize) {
        let mf = self.unit_mf(u);
        let Some(gap) = self.nearest_enemy_gap(u) else {
            return;
        };
        let want = gap - self.stand_off(u);
        if mf == 0 || want <= 0 {
            return;
        }
        let in_reach = self.targets_in_reach(u);
        let step = if in_reach {
            (mf / 2).min(want)
        } else {
            mf.min(want)
        };
        if step <= 0 || !self.may_move(u, true) {
            return;
        }
        self.shift(u, step, "advance");
        let evaders = self.alive(u).all(|e| match self.s.elements[e].make {
            Make::Vehicle { stats, .. } => stats.mobility.may_evade(),
            Make::Team { .. } => false,
        });
        if evaders && 4 * step >= 3 * mf && !self.targets_in_reach(u) {
            self.s.units[u].evading = true;
            self.unit_changed(u);
        }
        self.opportunity_fire(u);
    }
}
