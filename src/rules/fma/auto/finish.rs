//! The end of an FMA battle: when a side breaks, and the result that counts
//! figures down and killed per stand, and the ammunition the firing used.

use super::events::FmaEvent;
use super::{bits, Battle, TURNS_PER_AMMO};
use crate::battle::finish::{close, ending, Closing};
use crate::battle::result::{BattleResult, Role, StandOutcome, Winner};
use crate::battle::ruleset::Ruleset;
use crate::core::kinds::Status;
use crate::rules::fma::Fma;

impl Battle<'_, '_> {
    /// At the end of a turn: a side with half its figures down, or with
    /// every figure still up suppressed, is broken.
    pub(crate) fn check_end(&mut self) {
        let mut broken: [Option<&'static str>; 2] = [None; 2];
        for role in [Role::Attacker, Role::Defender] {
            let side = self.side(role);
            let up = bits::count_in(side.clone(), |k| self.s.alive.word(k)) as usize;
            let pinned = bits::count_in(side.clone(), |k| self.s.pinned.word(k)) as usize;
            let down = side.len() - up;
            debug_assert_eq!(
                (up, pinned),
                (
                    side.clone().filter(|&g| self.s.places[g].up).count(),
                    side.filter(|&g| self.s.places[g].up && self.s.places[g].suppressed)
                        .count()
                )
            );
            let start = self.p.start[role.index()];
            let why = if 2 * down >= start {
                "half their figures are down"
            } else if up > 0 && pinned == up {
                "every figure still up is suppressed"
            } else {
                continue;
            };
            broken[role.index()] = Some(why);
            self.log(None, move |_| FmaEvent::Broken {
                side: role.as_str(),
                down,
                start,
                why,
            });
        }
        self.s.over = ending(broken.map(|b| b.is_some()), |r| {
            format!("broke: {}", broken[r.index()].unwrap_or_default())
        });
    }

    /// The result; `called` is the umpire's decision in a played battle.
    pub(crate) fn finish(mut self, called: Option<(Winner, String)>) -> BattleResult {
        let verdict = called.or_else(|| self.s.over.clone());
        // (figures, down, killed) per stand, in one pass over the figures.
        let mut count = vec![(0i64, 0i64, 0i64); self.p.stands.len()];
        for (f, pl) in self.p.figures.iter().zip(&self.s.places) {
            let c = &mut count[f.stand];
            *c = (c.0 + 1, c.1 + i64::from(!pl.up), c.2 + i64::from(pl.dead));
        }
        let stands = (0..self.p.stands.len())
            .map(|st| {
                let (figs, down, killed) = count[st];
                let stand = self.p.stands[st];
                let ss = self.s.stands[st];
                let status = if figs > 0 && down == figs {
                    Status::Destroyed
                } else {
                    Status::Effective
                };
                StandOutcome {
                    killed,
                    fired: ss.fired,
                    under_fire: ss.under_fire,
                    ammo_spent: ((ss.fired_turns + TURNS_PER_AMMO - 1) / TURNS_PER_AMMO)
                        .min(stand.ammo.max(0)),
                    ..StandOutcome::new(&stand.code, self.p.stand_roles[st], down, status)
                }
            })
            .collect();
        let log = std::mem::take(&mut self.s.log);
        close(
            Closing {
                ruleset: Fma.name(),
                seed: self.s.dice.seed(),
                turns: self.s.turn,
                turn_limit: self.p.setup.turn_limit,
                stands,
                units: Vec::new(),
            },
            verdict,
            log,
        )
    }
}
