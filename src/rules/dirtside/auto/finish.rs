//! The end of a Dirtside battle: when a side is broken, and the result with
//! each vehicle's damage and each unit's confidence carried back to the
//! campaign.

use super::events::DsEvent;
use super::{Battle, REPAIR_DAYS};
use crate::battle::result::{
    BattleResult, Damage, DamageKind, Role, StandOutcome, UnitCarryOver, Winner,
};
use crate::core::kinds::Status;
use crate::rules::dirtside::confidence::Level;

impl Battle<'_, '_> {
    /// All of a side's units BR or worse, withdrawn or destroyed.
    pub(crate) fn broken(&self, r: Role) -> bool {
        self.side_units(r)
            .iter()
            .all(|&u| self.s.units[u].level >= Level::Broken)
    }

    pub(crate) fn check_end(&mut self) {
        if self.s.over.is_some() {
            return;
        }
        let (a, d) = (self.broken(Role::Attacker), self.broken(Role::Defender));
        self.s.over = match (a, d) {
            (true, true) => Some((Winner::Draw, "both sides are broken".into())),
            (true, false) => Some((Winner::Defender, "the attacker is broken".into())),
            (false, true) => Some((Winner::Attacker, "the defender is broken".into())),
            _ => None,
        };
    }

    /// The result; `called` is the umpire's decision in a played battle.
    pub(crate) fn finish(mut self, called: Option<(Winner, String)>) -> BattleResult {
        let (winner, reason) = called.or_else(|| self.s.over.clone()).unwrap_or_else(|| {
            (
                Winner::Defender,
                format!(
                    "turn limit of {} reached: the defender holds",
                    self.p.setup.turn_limit
                ),
            )
        });
        let turns = self.s.turn;
        self.log(
            None,
            DsEvent::End {
                winner: winner.as_str(),
                turns,
                reason: reason.clone(),
            },
        );
        let stands = self
            .s
            .elements
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let damage = if e.alive && e.is_vehicle() && (e.damaged || e.immobilised) {
                    Some(Damage {
                        kind: if e.damaged {
                            DamageKind::Damaged
                        } else {
                            DamageKind::Immobilised
                        },
                        repair_days: REPAIR_DAYS,
                    })
                } else {
                    None
                };
                StandOutcome {
                    code: self.p.codes[i].to_string(),
                    role: e.role,
                    hits_taken: if e.alive { 0 } else { e.people },
                    status_after: if e.alive {
                        Status::Effective
                    } else {
                        Status::Destroyed
                    },
                    fired: e.fired,
                    under_fire: e.under_fire,
                    ammo_spent: e.ammo_spent,
                    captured: 0,
                    killed: 0,
                    knockout: e.knockout,
                    damage,
                }
            })
            .collect();
        let units = self
            .s
            .units
            .iter()
            .enumerate()
            .map(|(u, x)| UnitCarryOver {
                unit: self.p.unit_codes[u].to_string(),
                confidence: x.level.campaign(),
            })
            .collect();
        BattleResult {
            ruleset: "dirtside".into(),
            seed: self.s.dice.seed(),
            winner,
            turns,
            end_reason: reason,
            stands,
            units,
            events: self.s.events,
        }
    }
}
