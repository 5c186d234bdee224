//! Infantry transport (L1089–1105). The campaign does not say who rides in
//! what, so an attacking unit's foot teams ride in its own APCs (light
//! tracks) and hoverbuses, three to a vehicle (L357), when all of them fit;
//! a unit of carriers alone takes foot units of its command (`riders`).
//! Mounted teams move at their carriers' pace and can neither fire nor be
//! fired on; half a move short of small-arms range the carriers move half
//! their factor and unload (L1091); a carrier hit hurts those aboard.

use super::events::DsEvent;
use super::{rolled, Attack, Battle, Prepared};
use crate::battle::result::Role;
use crate::core::kinds::VehicleKind;
use crate::core::ladder::Die;
use crate::rules::dirtside::chits::VehicleResult;
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::infantry::{self, Class};

/// Foot teams one carrier takes: "two or three infantry elements… the
/// occupants of a single APC" (L357).
pub const CAPACITY: usize = 3;

impl Prepared<'_> {
    /// The elements of unit `u` that can carry infantry.
    pub(super) fn carriers(&self, u: usize) -> Vec<usize> {
        self.members[u]
            .iter()
            .copied()
            .filter(|&e| {
                matches!(
                    self.stands[self.stand_of[e]].vehicle,
                    Some(VehicleKind::LightTrack | VehicleKind::Hoverbus)
                ) && matches!(
                    self.elements[e].make,
                    Make::Vehicle {
                        aircraft: false,
                        ..
                    }
                )
            })
            .collect()
    }

    /// Each attacking unit's foot teams board its carriers, if all fit.
    pub(super) fn embark(&mut self) {
        for u in 0..self.units.len() {
            if self.units[u].role != Role::Attacker {
                continue;
            }
            let carriers = self.carriers(u);
            let foot: Vec<usize> = self.members[u]
                .iter()
                .copied()
                .filter(|&e| {
                    matches!(
                        self.elements[e].make,
                        Make::Team {
                            class: Class::Line | Class::Militia,
                            ..
                        }
                    )
                })
                .collect();
            if carriers.is_empty() || foot.is_empty() || foot.len() > CAPACITY * carriers.len() {
                continue;
            }
            for (k, &t) in foot.iter().enumerate() {
                self.elements[t].aboard = Some(carriers[k / CAPACITY]);
            }
        }
        self.embark_riders();
    }
}

impl Battle<'_, '_> {
    /// The teams aboard `carrier`: of its own unit or of a unit riding in it.
    fn passengers(&self, carrier: usize) -> Vec<usize> {
        let u = self.s.elements[carrier].unit;
        std::iter::once(u)
            .chain(self.riders(u))
            .flat_map(|v| self.alive(v))
            .filter(|&e| self.s.elements[e].aboard == Some(carrier))
            .collect()
    }

    /// Whether unit `u` has teams aboard its carriers.
    pub(super) fn mounted(&self, u: usize) -> bool {
        let kept = self.s.aboard_n[u] > 0;
        debug_assert_eq!(
            self.s.aboard_n[u],
            self.alive(u)
                .filter(|&e| self.s.elements[e].aboard.is_some())
                .count()
        );
        kept
    }

    /// At the start of its activation a unit with teams aboard, once half
    /// its move would bring it within small-arms (APSW) range of the
    /// nearest enemy, moves that half and unloads (L1091). True if it did:
    /// the move and the unloading are its movement this activation (or it
    /// balked at moving). Riders that get out fire in it too.
    pub(super) fn dismount(&mut self, u: usize) -> bool {
        if !self.loaded(u) {
            return false;
        }
        let role = self.s.units[u].role;
        let Some(gap) = self.side_iter(role.other()).map(|v| self.gap(u, v)).min() else {
            return false;
        };
        let half = self.unit_mf(u) / 2;
        if gap - half > infantry::APSW_RANGE {
            return false;
        }
        let step = half.min(gap - infantry::APSW_RANGE / 2).max(0);
        if step > 0 {
            // Balked: no move and no unloading this activation (and no
            // second test to advance); it may still fire.
            if !self.may_move(u, true) {
                return true;
            }
            self.shift(u, step, "advance");
        }
        let riders = self.riders(u);
        self.unload(u);
        if step > 0 {
            self.opportunity_fire(u);
            for &r in &riders {
                self.opportunity_fire(r);
            }
        }
        self.riders_fire(&riders);
        true
    }

    /// Every team aboard unit `u`'s carriers gets out where it stands: its
    /// own and those of the units riding in them.
    pub(super) fn unload(&mut self, u: usize) {
        if self.mounted(u) {
            self.get_out(u, u);
        }
        for r in self.riders(u) {
            self.get_out(r, u);
        }
    }

    /// Unit `u`'s teams get out of unit `c`'s carriers (`c` = `u`: its own).
    /// A rider is a unit of its own again, with its activation this turn
    /// still to come if its carriers' was.
    pub(super) fn get_out(&mut self, u: usize, c: usize) {
        let aboard: Vec<usize> = self
            .alive(u)
            .filter(|&e| self.s.elements[e].aboard.is_some())
            .collect();
        for &e in &aboard {
            self.s.elements[e].aboard = None;
            self.refresh_mf(e);
        }
        self.s.aboard_n[u] = 0;
        if u != c {
            self.s.units[u].rides_with = None;
            self.set_activated(u, self.s.units[c].activated);
        }
        // Teams out of their carriers can shoot and be shot at.
        self.unit_changed(u);
        let inches = self.s.units[u].dist;
        self.log(Some(self.s.units[u].role), move |b| DsEvent::Dismount {
            unit: b.ucode(u),
            carriers: b.ucode(c),
            teams: aboard.len(),
            inches,
        });
    }

    /// A carrier hit with teams aboard (L1101–1105): damaged, each is lost on
    /// a d6 of 6; knocked out, on 3–6, and the rest get out; blown up, all
    /// are lost. Immobilised, they get out unharmed.
    pub(super) fn carrier_hit(
        &mut self,
        carrier: usize,
        outcome: VehicleResult,
        attack: &mut Attack,
    ) {
        let aboard = self.passengers(carrier);
        if aboard.is_empty() {
            return;
        }
        let mut units: Vec<usize> = aboard.iter().map(|&e| self.s.elements[e].unit).collect();
        units.dedup();
        let lost_on = match outcome {
            VehicleResult::Undamaged => None,
            VehicleResult::Damaged => Some(6),
            VehicleResult::KnockedOut => Some(3),
            VehicleResult::Destroyed => Some(1),
        };
        for &e in &aboard {
            if let Some(n) = lost_on {
                let (r, lost) = if outcome == VehicleResult::Destroyed {
                    (None, true)
                } else {
                    let r = self.roll(Die::D6);
                    (Some(r), r >= n)
                };
                if lost {
                    self.kill(e);
                    self.record_loss(e, attack);
                }
                self.log(Some(self.s.elements[e].role), move |b| DsEvent::Passenger {
                    carrier: b.code(carrier),
                    element: b.code(e),
                    rolled: r.map(|r| rolled(Die::D6, r)),
                    lost,
                });
            }
        }
        // Out of a wrecked or stuck carrier the whole unit it carried gets
        // out, so a unit is never part mounted.
        if !self.s.elements[carrier].alive || self.s.elements[carrier].immobilised {
            let c = self.s.elements[carrier].unit;
            for u in units {
                self.get_out(u, c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Battle, Prepared};
    use crate::battle::result::Role;
    use crate::battle::setup::{BattleSetup, Force, StandSetup};
    use crate::core::dice::Roller;
    use crate::core::kinds::{Cover, Equipment, Medical, StandType, VehicleKind, Weapon};
    use crate::rules::dirtside::chits::VehicleResult;

    fn force(side: &str, apc: bool) -> Force {
        let mut stands: Vec<StandSetup> = (0..3)
            .map(|i| StandSetup {
                unit: format!("{side}-pl"),
                equipment: Some(Equipment::Lta),
                men: 4,
                ..StandSetup::example(&format!("{side}-{i}"))
            })
            .collect();
        if apc {
            stands.insert(
                0,
                StandSetup {
                    unit: format!("{side}-pl"),
                    stand_type: StandType::Vehicle,
                    equipment: None,
                    vehicle: Some(VehicleKind::LightTrack),
                    weapon: Some(Weapon::VehCannon),
                    men: 2,
                    ..StandSetup::example(&format!("{side}-apc"))
                },
            );
        }
        Force {
            side: side.into(),
            medical: Medical::Normal,
            enemy_treats_pw_well: false,
            commands: vec![],
            units: vec![],
            stands,
        }
    }

    /// L1101–1105 over many hits: teams aboard a damaged carrier are lost
    /// on a 6, a knocked-out one on 3–6, a blown-up one always; an
    /// undamaged one loses none. The attackers' three teams board their
    /// APC; the defenders (who hold a position) do not.
    #[test]
    fn teams_aboard_share_their_carriers_fate() {
        let s = BattleSetup {
            code: "t".into(),
            ruleset: "dirtside".into(),
            range_cm: 60,
            defender_cover: Cover::Open,
            terrain: String::new(),
            turn_limit: 12,
            options: Default::default(),
            attacker: force("a", true),
            defender: force("d", true),
        };
        let p = Prepared::new(&s, false).unwrap();
        let aboard = |r: Role| {
            p.elements
                .iter()
                .filter(|e| e.role == r && e.aboard.is_some())
                .count()
        };
        assert_eq!((aboard(Role::Attacker), aboard(Role::Defender)), (3, 0));
        let apc = p.members[0][0];
        let lost_rate = |outcome| {
            let mut lost = 0;
            for seed in 0..400 {
                let mut b = Battle {
                    p: &p,
                    s: p.start(Roller::seeded(seed)),
                };
                let mut attack = b.new_attack();
                b.carrier_hit(apc, outcome, &mut attack);
                lost += b.s.elements.iter().filter(|e| !e.alive).count();
            }
            lost as f64 / 1200.0
        };
        assert_eq!(lost_rate(VehicleResult::Undamaged), 0.0);
        assert!((lost_rate(VehicleResult::Damaged) - 1.0 / 6.0).abs() < 0.05);
        assert!((lost_rate(VehicleResult::KnockedOut) - 4.0 / 6.0).abs() < 0.05);
        assert_eq!(lost_rate(VehicleResult::Destroyed), 1.0);
    }
}
