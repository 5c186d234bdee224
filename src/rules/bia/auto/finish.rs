//! The end of a battle: who won and why, in words that always match the
//! stands' states, the full result, and the short summary odds keep.

use super::piece::{Piece, State};
use super::Battle;
use crate::battle::finish::{close, ending, how_out, Closing};
use crate::battle::result::{BattleResult, Role, StandOutcome, Winner};
use crate::battle::ruleset::{Ruleset, RunSummary};
use crate::rules::bia::Bia;

impl Battle<'_, '_> {
    pub(super) fn finish(self) -> BattleResult {
        self.finish_with(None)
    }

    /// The result; `decided` is the umpire's call in a played battle.
    pub(super) fn finish_with(mut self, decided: Option<(Winner, String)>) -> BattleResult {
        let verdict = decided.or_else(|| self.verdict());
        let stands = self
            .s
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| StandOutcome {
                fired: p.fired,
                under_fire: p.under_fire,
                ammo_spent: p.ammo_spent,
                // A stand that fled left every wounded man behind.
                captured: if p.state == State::Fled {
                    p.hits
                } else {
                    p.captured
                },
                knockout: p.knockout,
                ..StandOutcome::new(self.p.codes[i], p.role, p.hits, p.status())
            })
            .collect();
        let log = std::mem::take(&mut self.s.log);
        close(
            Closing {
                ruleset: Bia.name(),
                seed: self.s.seed,
                turns: self.s.turn,
                turn_limit: self.p.setup.turn_limit,
                stands,
                units: Vec::new(),
            },
            verdict,
            log,
        )
    }

    /// The battle's own verdict once a side has no stand fighting, its
    /// reason counting how every stand of that side went, and saying why
    /// the attackers called the attack off when they did.
    fn verdict(&self) -> Option<(Winner, String)> {
        let out = Role::BOTH.map(|r| self.side_out(r));
        ending(out, |r| {
            let how = how_out(self.side(r).iter().map(Piece::fate));
            match (r, self.s.called_off) {
                (Role::Attacker, Some(why)) => {
                    format!("{how} (the attack was called off: {why})")
                }
                _ => how,
            }
        })
    }

    /// Who won when the battle ended by itself: the side still fighting,
    /// the defender at the turn limit.
    fn winner(&self) -> Winner {
        match (self.side_out(Role::Attacker), self.side_out(Role::Defender)) {
            (true, true) => Winner::Draw,
            (false, true) => Winner::Attacker,
            _ => Winner::Defender,
        }
    }

    /// What odds keep of the battle (the pieces are in the setup's order).
    pub(super) fn summary(&self) -> RunSummary {
        let mut hits = [0; 2];
        for p in &self.s.pieces {
            hits[p.role.index()] += p.hits;
        }
        RunSummary {
            winner: self.winner(),
            turns: self.s.turn,
            hits,
            status: self.s.pieces.iter().map(Piece::status).collect(),
        }
    }
}
