//! The end of an FMA battle: when a side breaks, and the result that counts
//! figures down and killed per stand, and the ammunition the firing used.

use super::events::FmaEvent;
use super::{ri, Battle, Place, TURNS_PER_AMMO};
use crate::battle::result::{BattleResult, Role, StandOutcome, Winner};
use crate::core::kinds::Status;

impl Battle<'_, '_> {
    /// At the end of a turn: a side with half its figures down, or with
    /// every figure still up suppressed, is broken.
    pub(crate) fn check_end(&mut self) {
        let mut broken = [false; 2];
        for role in [Role::Attacker, Role::Defender] {
            let (mut down, mut up, mut pinned) = (0, 0, 0);
            for (f, pl) in self.p.figures.iter().zip(&self.s.places) {
                if f.role != role {
                    continue;
                }
                if pl.up {
                    up += 1;
                    if pl.suppressed {
                        pinned += 1;
                    }
                } else {
                    down += 1;
                }
            }
            let start = self.p.start[ri(role)];
            let why = if 2 * down >= start {
                "half its figures are down"
            } else if up > 0 && pinned == up {
                "every figure still up is suppressed"
            } else {
                continue;
            };
            broken[ri(role)] = true;
            self.log(
                None,
                FmaEvent::Broken {
                    side: role.as_str(),
                    down,
                    start,
                    why,
                },
            );
        }
        self.s.over = match broken {
            [true, true] => Some((Winner::Draw, "both sides broke".into())),
            [true, false] => Some((Winner::Defender, "the attacker broke".into())),
            [false, true] => Some((Winner::Attacker, "the defender broke".into())),
            [false, false] => None,
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
            FmaEvent::End {
                winner: winner.as_str(),
                turns,
                reason: reason.clone(),
            },
        );
        let stands = (0..self.p.stands.len())
            .map(|st| {
                let figs: Vec<&Place> = self
                    .p
                    .figures
                    .iter()
                    .zip(&self.s.places)
                    .filter(|(f, _)| f.stand == st)
                    .map(|(_, pl)| pl)
                    .collect();
                let down = figs.iter().filter(|pl| !pl.up).count() as i64;
                let killed = figs.iter().filter(|pl| pl.dead).count() as i64;
                let stand = self.p.stands[st];
                let ss = self.s.stands[st];
                StandOutcome {
                    code: stand.code.clone(),
                    role: self.p.stand_roles[st],
                    hits_taken: down,
                    killed,
                    status_after: if !figs.is_empty() && down == figs.len() as i64 {
                        Status::Destroyed
                    } else {
                        Status::Effective
                    },
                    fired: ss.fired,
                    under_fire: ss.under_fire,
                    ammo_spent: ((ss.fired_turns + TURNS_PER_AMMO - 1) / TURNS_PER_AMMO)
                        .min(stand.ammo.max(0)),
                    captured: 0,
                    knockout: None,
                    damage: None,
                }
            })
            .collect();
        BattleResult {
            ruleset: "fma".into(),
            seed: self.s.dice.seed(),
            winner,
            turns,
            end_reason: reason,
            stands,
            units: Vec::new(),
            events: self.s.events,
        }
    }
}
