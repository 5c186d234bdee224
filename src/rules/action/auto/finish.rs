//! The end of an ACTION battle: when a side is out and why, and the result
//! carried back to the campaign.

use super::events::ActEvent;
use super::{status_of, Battle, State};
use crate::battle::result::{BattleResult, Role, StandOutcome, Winner};

impl Battle<'_, '_> {
    /// Whether a side has no element still fighting.
    pub(crate) fn side_out(&self, role: Role) -> bool {
        !self.s.pieces.iter().any(|x| x.role == role && x.fighting())
    }

    /// The winner and why, once a side is broken.
    pub(crate) fn over(&self) -> Option<(Winner, String)> {
        if self.s.stalemate {
            return Some((
                Winner::Defender,
                "neither side can hurt the other: the attackers withdraw".into(),
            ));
        }
        match (self.side_out(Role::Attacker), self.side_out(Role::Defender)) {
            (true, true) => Some((
                Winner::Draw,
                "both sides are out of action or withdrawn".into(),
            )),
            (true, false) => Some((
                Winner::Defender,
                format!("the attackers {}", self.how_out(Role::Attacker)),
            )),
            (false, true) => Some((
                Winner::Attacker,
                format!("the defenders {}", self.how_out(Role::Defender)),
            )),
            (false, false) => None,
        }
    }

    fn how_out(&self, role: Role) -> &'static str {
        let (mut left, mut hurt) = (0, 0);
        for x in self.s.pieces.iter().filter(|x| x.role == role) {
            match x.state {
                State::Left | State::Withdrawn => left += 1,
                _ => hurt += 1,
            }
        }
        if left >= hurt {
            "withdrew"
        } else {
            "were put out of action"
        }
    }

    /// The result; `called` is the umpire's decision in a played battle.
    pub(crate) fn finish(mut self, called: Option<(Winner, String)>) -> BattleResult {
        let (winner, reason) = called.or_else(|| self.over()).unwrap_or_else(|| {
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
            ActEvent::End {
                winner: winner.as_str(),
                turns,
                reason: reason.clone(),
            },
        );
        let stands = self
            .s
            .pieces
            .iter()
            .enumerate()
            .map(|(i, x)| StandOutcome {
                code: self.p.codes[i].to_string(),
                role: x.role,
                hits_taken: x.hits,
                status_after: status_of(x),
                fired: x.fired,
                under_fire: x.under_fire,
                ammo_spent: x.ammo_spent,
                captured: 0,
                killed: 0,
                knockout: x.knockout,
                damage: None,
            })
            .collect();
        BattleResult {
            ruleset: "action".into(),
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
