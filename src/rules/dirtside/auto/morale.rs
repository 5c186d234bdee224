//! Morale: reaction and confidence tests, rallies, new leaders and the loss of
//! the command unit, and the tests an attack sets off. Every threat's words
//! in the log come from here.

use super::events::DsEvent;
use super::{rolled, Attack, Battle};
use crate::battle::result::Role;
use crate::core::ladder::Die;
use crate::rules::dirtside::confidence::{self, Level, Threat};

impl Battle<'_, '_> {
    pub(crate) fn reaction(&mut self, u: usize, threat: Threat) -> bool {
        let unit = self.s.units[u];
        let die = unit.quality.die();
        let r = self.roll(die);
        let t = confidence::target(unit.leadership, threat.level());
        let passed = confidence::reaction(r, t);
        self.log(Some(unit.role), move |b| DsEvent::Reaction {
            unit: b.ucode(u),
            why: threat_name(threat),
            threat: threat.level(),
            rolled: rolled(die, r),
            target: t,
            passed,
        });
        passed
    }

    /// A confidence test at `threat`; a unit reaching RO leaves the table.
    pub(crate) fn confidence_test(&mut self, u: usize, threat: Threat) {
        self.confidence_test_at(u, threat_name(threat), threat.level());
    }

    pub(crate) fn confidence_test_at(&mut self, u: usize, why: &'static str, threat: i64) {
        let unit = self.s.units[u];
        let die = unit.quality.die();
        let r = self.roll(die);
        let t = confidence::target(unit.leadership, threat);
        let after = confidence::after_test(unit.level, r, t);
        self.set_level(u, after);
        self.log(Some(unit.role), move |b| DsEvent::Confidence {
            unit: b.ucode(u),
            why,
            threat,
            rolled: rolled(die, r),
            target: t,
            before: unit.level.word(),
            after: after.word(),
        });
        self.rout_check(u);
    }

    pub(super) fn rout_check(&mut self, u: usize) {
        if self.s.units[u].level == Level::Routed && !self.s.units[u].out {
            // Carriers and riders part before either flees (`riders.rs`).
            self.drop_riders(u);
            if let Some(c) = self.s.units[u].rides_with {
                self.get_out(u, c);
            }
            self.s.units[u].out = true;
            self.off_roster(u);
            self.moved();
            self.log(Some(self.s.units[u].role), move |b| DsEvent::Withdraws {
                unit: b.ucode(u),
            });
        }
    }

    /// The leadership a rally adds: the side's command unit on the table, or
    /// an off-table command; `None` once the command unit is lost.
    pub(crate) fn command_leadership(&self, r: Role) -> Option<i64> {
        if self.s.command_lost[r.index()] {
            return None;
        }
        // Without a Command Unit on the table no rally may be made (L391, L395).
        let found = self
            .command_units()
            .iter()
            .copied()
            .find(|&u| self.s.units[u].role == r && self.present(u));
        debug_assert_eq!(
            found,
            (0..self.s.units.len())
                .find(|&u| self.s.units[u].role == r && self.s.units[u].command && self.present(u))
        );
        found.map(|u| self.s.units[u].leadership)
    }

    pub(crate) fn rally(&mut self, u: usize) -> Result<(), String> {
        let unit = self.s.units[u];
        let cl = self
            .command_leadership(unit.role)
            .ok_or("no Command Unit on the table (or it was lost): no rallies")?;
        let die = unit.quality.die();
        let r = self.roll(die);
        let t = confidence::rally_target(unit.leadership, cl);
        let after = confidence::after_rally(unit.level, r, t);
        self.set_level(u, after);
        self.set_activated(u, true);
        self.log(Some(unit.role), move |b| DsEvent::Rally {
            unit: b.ucode(u),
            rolled: rolled(die, r),
            target: t,
            before: unit.level.word(),
            after: after.word(),
        });
        Ok(())
    }

    /// The tests one attack sets off, unit by unit.
    pub(super) fn after_attack(&mut self, mut a: Box<Attack>) {
        // The units attacked, in order: among those the attack touched.
        let mut list = std::mem::take(&mut a.touched);
        list.sort_unstable();
        list.dedup();
        debug_assert!((0..self.s.units.len())
            .filter(|&u| a.tally[u].attacked)
            .eq(list.iter().copied().filter(|&u| a.tally[u].attacked)));
        for &tu in &list {
            if !a.tally[tu].attacked {
                continue;
            }
            if a.tally[tu].marker {
                self.s.units[tu].marker = true;
                self.mark_under_fire(tu);
            }
            if self.s.units[tu].out {
                continue;
            }
            let first_time = !self.s.units[tu].attacked_before;
            self.s.units[tu].attacked_before = true;
            // At most five threats, listed in this order (the last of the
            // highest names the test), without a list on the heap.
            let mut threats = [Threat::FirstLoss; 5];
            let mut n = 0;
            let mut push = |t| {
                threats[n] = t;
                n += 1;
            };
            if a.tally[tu].losses > 0 && !self.s.units[tu].first_loss {
                self.s.units[tu].first_loss = true;
                push(Threat::FirstLoss);
            }
            if a.tally[tu].losses > 0 && 4 * a.tally[tu].losses >= a.tally[tu].strength {
                push(Threat::QuarterInOneAttack);
            }
            let lost = self.s.lost_n[tu];
            debug_assert_eq!(
                lost,
                self.p.members[tu]
                    .iter()
                    .filter(|&&e| self.s.elements[e].lost)
                    .count()
            );
            if !self.s.units[tu].half_tested && 2 * lost >= self.s.units[tu].start {
                self.s.units[tu].half_tested = true;
                push(Threat::HalfLost);
            }
            if a.tally[tu].leader_lost {
                push(Threat::LeaderLost);
            }
            if a.air && self.infantry_unit(tu) {
                push(Threat::ArtilleryOrAir);
            }
            let threats = &threats[..n];
            if !self.present(tu) {
                self.command_check(tu);
                continue;
            }
            if let Some(t) = confidence::highest(threats) {
                self.confidence_test(tu, t);
            }
            if a.tally[tu].leader_lost {
                self.new_leader(tu);
            }
            if first_time
                && self.s.units[tu].quality == crate::rules::dirtside::quality::Quality::Green
                && !self.s.units[tu].out
                && !self.reaction(tu, Threat::Panic)
            {
                self.s.units[tu].skip_next = true;
            }
        }
        a.touched = list;
        super::damage::recycle(a);
    }

    fn new_leader(&mut self, u: usize) {
        let r = self.roll(Die::D6);
        let before = self.s.units[u].leadership;
        let after = confidence::replacement_leader(before, r);
        self.s.units[u].leadership = after;
        let next = self.alive(u).next();
        if let Some(next) = next {
            self.s.units[u].leader = next;
        }
        self.log(Some(self.s.units[u].role), move |b| DsEvent::NewLeader {
            unit: b.ucode(u),
            rolled: rolled(Die::D6, r),
            before,
            after,
        });
    }

    /// A command unit wiped out: every unit of its side drops a level.
    pub(super) fn command_check(&mut self, u: usize) {
        let role = self.s.units[u].role;
        if !self.s.units[u].command || self.s.command_lost[role.index()] {
            return;
        }
        self.s.command_lost[role.index()] = true;
        self.log(None, move |_| DsEvent::CommandLost {
            side: role.as_str(),
        });
        for v in self.side_units(role) {
            self.set_level(v, self.s.units[v].level.worse(1));
            self.rout_check(v);
        }
    }

    pub(crate) fn reaction_at(&mut self, u: usize, why: &'static str, threat: i64) -> bool {
        let unit = self.s.units[u];
        let die = unit.quality.die();
        let r = self.roll(die);
        let t = confidence::target(unit.leadership, threat);
        let passed = confidence::reaction(r, t);
        self.log(Some(unit.role), move |b| DsEvent::Reaction {
            unit: b.ucode(u),
            why,
            threat,
            rolled: rolled(die, r),
            target: t,
            passed,
        });
        passed
    }
}

fn threat_name(t: Threat) -> &'static str {
    match t {
        Threat::FirstLoss => "first loss",
        Threat::QuarterInOneAttack => "a quarter lost in one attack",
        Threat::HalfLost => "half lost",
        Threat::LeaderLost => "leader lost",
        Threat::ArtilleryOrAir => "under air attack",
        Threat::ShakenAdvance => "shaken, advancing",
        Threat::InfantryUnderFireMoves => "under fire, moving",
        Threat::VehicleUnderFireMoves => "under fire, moving",
        Threat::Panic => "first time under attack",
        Threat::AssaultedByPowered => "assaulted by powered infantry",
        Threat::Assaulted => "assaulted",
        Threat::AssaultRoundLight => "assault round, light losses",
        Threat::AssaultRoundHeavy => "assault round, heavy losses",
        Threat::PartnerFellBack => "a partner fell back",
        Threat::FollowThroughDestroyed => "follow-through",
        Threat::FollowThroughWithdrew => "follow-through",
    }
}
