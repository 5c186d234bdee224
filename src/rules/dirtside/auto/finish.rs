//! The end of a Dirtside battle: when a side is broken, and the result with
//! each vehicle's damage and each unit's confidence carried back to the
//! campaign.

use super::{Battle, REPAIR_DAYS};
use crate::battle::finish::{close, ending, Closing};
use crate::battle::result::{
    BattleResult, Damage, DamageKind, Role, StandOutcome, UnitCarryOver, Winner,
};
use crate::battle::ruleset::Ruleset;
use crate::core::kinds::Status;
use crate::rules::dirtside::confidence::Level;
use crate::rules::dirtside::Dirtside;

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
        let out = Role::BOTH.map(|r| self.broken(r));
        self.s.over = ending(out, |_| {
            "are broken: every unit broken, withdrawn or destroyed".into()
        });
    }

    /// The result; `called` is the umpire's decision in a played battle.
    pub(crate) fn finish(mut self, called: Option<(Winner, String)>) -> BattleResult {
        let verdict = called.or_else(|| self.s.over.clone());
        let stands = self
            .s
            .elements
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let damage =
                    (e.alive && e.is_vehicle() && (e.damaged || e.immobilised)).then_some(Damage {
                        kind: if e.damaged {
                            DamageKind::Damaged
                        } else {
                            DamageKind::Immobilised
                        },
                        repair_days: REPAIR_DAYS,
                    });
                let (hits, status) = if e.alive {
                    (0, Status::Effective)
                } else {
                    (e.people, Status::Destroyed)
                };
                StandOutcome {
                    fired: e.fired,
                    under_fire: e.under_fire,
                    ammo_spent: e.ammo_spent,
                    knockout: e.knockout,
                    damage,
                    ..StandOutcome::new(self.p.codes[i], e.role, hits, status)
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
        let log = std::mem::take(&mut self.s.log);
        close(
            Closing {
                ruleset: Dirtside.name(),
                seed: self.s.dice.seed(),
                turns: self.s.turn,
                turn_limit: self.p.setup.turn_limit,
                stands,
                units,
            },
            verdict,
            log,
        )
    }
}
