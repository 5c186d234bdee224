//! The end of a Dirtside battle: when a side is broken, and the result with
//! each vehicle's damage and each unit's confidence carried back to the
//! campaign.

use super::{Battle, Element, REPAIR_DAYS};
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
        let kept = self.s.unbroken[r.index()] == 0;
        // The count itself, not only whether it is zero: one too many would
        // otherwise show only when a side really breaks.
        debug_assert_eq!(
            self.s.unbroken,
            super::setup::unbroken(&self.s.units, &self.s.roster)
        );
        debug_assert_eq!(
            kept,
            self.side_iter(r)
                .all(|u| self.s.units[u].level >= Level::Broken)
        );
        kept
    }

    pub(crate) fn check_end(&mut self) {
        if self.s.over.is_some() {
            return;
        }
        let out = Role::BOTH.map(|r| self.broken(r));
        let why = |_| "are broken: every unit broken, withdrawn or destroyed".into();
        // Asked after every fire and move, and nearly always neither side is
        // out: `ending` (shared with the other rulesets, so not always
        // inlined) is called only when it has a verdict to give.
        if out == [false, false] {
            debug_assert!(ending(out, why).is_none());
            return;
        }
        self.s.over = ending(out, why);
    }

    /// The result; `called` is the umpire's decision in a played battle.
    pub(crate) fn finish(mut self, called: Option<(Winner, String)>) -> BattleResult {
        let verdict = called.or_else(|| self.s.over.clone());
        // Each stand gathers its elements: the people of every element put
        // out of action go to the aid post (the campaign's casualty table
        // decides who is dead); the stand is destroyed only with all of them.
        let stands = self
            .p
            .stands
            .iter()
            .enumerate()
            .map(|(st, stand)| {
                let es: Vec<&Element> = (0..self.s.elements.len())
                    .filter(|&e| self.p.stand_of[e] == st)
                    .map(|e| &self.s.elements[e])
                    .collect();
                let hits: i64 = es.iter().filter(|e| !e.alive).map(|e| e.people).sum();
                let status = if es.iter().all(|e| !e.alive) {
                    Status::Destroyed
                } else {
                    Status::Effective
                };
                let vehicle = es.iter().find(|e| e.is_vehicle());
                let damage = vehicle
                    .filter(|e| e.alive && (e.damaged || e.immobilised))
                    .map(|e| Damage {
                        kind: if e.damaged {
                            DamageKind::Damaged
                        } else {
                            DamageKind::Immobilised
                        },
                        repair_days: REPAIR_DAYS,
                    });
                StandOutcome {
                    fired: es.iter().any(|e| e.fired),
                    under_fire: es.iter().any(|e| e.under_fire),
                    ammo_spent: es.iter().map(|e| e.ammo_spent).max().unwrap_or(0),
                    knockout: vehicle.and_then(|e| e.knockout),
                    damage,
                    ..StandOutcome::new(&stand.code, es[0].role, hits, status)
                }
            })
            .collect();
        // A campaign unit split into several DS2 units leaves at the lowest
        // confidence among them (as a split unit does, L359).
        let mut units: Vec<UnitCarryOver> = Vec::new();
        for (u, x) in self.s.units.iter().enumerate() {
            let code = self.p.campaign_units[u];
            match units.iter_mut().find(|c| c.unit == code) {
                Some(c) => {
                    if Level::from_campaign(c.confidence) < x.level {
                        c.confidence = x.level.campaign();
                    }
                }
                None => units.push(UnitCarryOver {
                    unit: code.to_string(),
                    confidence: x.level.campaign(),
                }),
            }
        }
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
