//! The end of an ACTION battle: when a side is out and why, and the result
//! carried back to the campaign, through the kernel's `battle::finish`.

use super::Battle;
use crate::battle::finish::{close, ending_by_fates, Closing};
use crate::battle::result::{BattleResult, Role, StandOutcome, Winner};
use crate::battle::ruleset::{Ruleset, RunSummary};
use crate::rules::action::Action;

impl Battle<'_, '_> {
    /// Whether the battle is over: a stalemate, or a side with no element
    /// fighting. Checked after every action, so it builds nothing.
    pub(crate) fn ended(&self) -> bool {
        let out = self.s.standing.contains(&0);
        debug_assert_eq!(
            out,
            Role::BOTH
                .iter()
                .any(|r| !self.s.pieces.iter().any(|x| x.role == *r && x.fighting()))
        );
        self.s.stalemate || out
    }

    /// The winner and why, once a side is out of the fight.
    pub(crate) fn over(&self) -> Option<(Winner, String)> {
        if self.s.stalemate {
            return Some((
                Winner::Defender,
                "neither side can hurt the other: the attackers withdraw".into(),
            ));
        }
        let fates: Vec<_> = self.s.pieces.iter().map(|x| (x.role, x.fate())).collect();
        ending_by_fates(&fates)
    }

    /// What odds keep of the battle, with no words or codes: the winner as
    /// `over` and the turn limit would give it (the pieces are in the
    /// setup's order).
    pub(crate) fn summary(&self) -> RunSummary {
        let winner = match (self.s.stalemate, self.s.standing) {
            (true, _) => Winner::Defender,
            (false, [0, 0]) => Winner::Draw,
            (false, [_, 0]) => Winner::Attacker,
            // The attackers out, or the turn limit: the defender holds.
            (false, _) => Winner::Defender,
        };
        debug_assert_eq!(
            Some(winner),
            Some(self.over().map_or(Winner::Defender, |v| v.0))
        );
        let mut hits = [0; 2];
        for x in &self.s.pieces {
            hits[x.role.index()] += x.hits;
        }
        RunSummary {
            winner,
            turns: self.s.turn,
            hits,
            status: self.s.pieces.iter().map(|x| x.fate().status()).collect(),
        }
    }

    /// The result; `called` is the umpire's decision in a played battle.
    pub(crate) fn finish(mut self, called: Option<(Winner, String)>) -> BattleResult {
        let verdict = called.or_else(|| self.over());
        let stands = self
            .s
            .pieces
            .iter()
            .enumerate()
            .map(|(i, x)| StandOutcome {
                fired: x.fired,
                under_fire: x.under_fire,
                ammo_spent: x.ammo_spent,
                knockout: x.knockout,
                ..StandOutcome::new(self.p.codes[i], x.role, x.hits, x.fate().status())
            })
            .collect();
        let log = std::mem::take(&mut self.s.log);
        close(
            Closing {
                ruleset: Action.name(),
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
