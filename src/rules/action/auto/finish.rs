//! The end of an ACTION battle: when a side is out and why, and the result
//! carried back to the campaign, through the kernel's `battle::finish`.

use super::Battle;
use crate::battle::finish::{close, ending_by_fates, Closing};
use crate::battle::result::{BattleResult, Role, StandOutcome, Winner};
use crate::battle::ruleset::Ruleset;
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
