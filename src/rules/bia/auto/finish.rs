//! The end of a battle: who won and why, in words that always match the
//! stands' states, the full result, and the short summary odds keep.

use super::events::BiaEvent;
use super::piece::{Piece, State};
use super::Battle;
use crate::battle::result::{BattleResult, Role, StandOutcome, Winner};
use crate::battle::ruleset::RunSummary;

impl Battle<'_, '_> {
    pub(super) fn finish(self) -> BattleResult {
        self.finish_with(None)
    }

    /// The result; `decided` is the umpire's call in a played battle.
    pub(super) fn finish_with(mut self, decided: Option<(Winner, String)>) -> BattleResult {
        let (winner, reason) = match decided {
            Some(d) => d,
            None => {
                let winner = self.winner();
                (winner, self.reason(winner))
            }
        };
        let turns = self.s.turn;
        if self.p.log {
            self.log(
                None,
                BiaEvent::End {
                    winner: winner.as_str(),
                    turns,
                    reason: reason.clone(),
                },
            );
        }
        let stands = self
            .s
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| StandOutcome {
                code: self.p.codes[i].to_string(),
                role: p.role,
                hits_taken: p.hits,
                status_after: p.status(),
                fired: p.fired,
                under_fire: p.under_fire,
                ammo_spent: p.ammo_spent,
                // A stand that fled left every wounded man behind.
                captured: if p.state == State::Fled {
                    p.hits
                } else {
                    p.captured
                },
                killed: 0,
                knockout: p.knockout,
                damage: None,
            })
            .collect();
        BattleResult {
            ruleset: "bia".to_string(),
            seed: self.s.seed,
            winner,
            turns,
            end_reason: reason,
            stands,
            units: Vec::new(),
            events: self.s.events,
        }
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

    fn reason(&self, winner: Winner) -> String {
        match winner {
            Winner::Draw => "both sides were put out of the fight".to_string(),
            Winner::Attacker => format!("the defenders {}", self.how_out(Role::Defender)),
            Winner::Defender if self.side_out(Role::Attacker) => {
                format!("the attackers {}", self.how_out(Role::Attacker))
            }
            Winner::Defender => format!(
                "turn limit of {} reached: the defender holds",
                self.p.setup.turn_limit
            ),
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

    /// How a side came to be out of the fight, with every stand counted, so
    /// the reason always matches the stands' states.
    fn how_out(&self, role: Role) -> String {
        let mut counts = [0usize; 5];
        for p in self.side(role) {
            let k = match p.state {
                State::Left => 0,
                State::Fled => 1,
                State::Captured => 2,
                State::Ineffective => 3,
                State::Destroyed => 4,
                State::Fighting | State::InOrbit => continue,
            };
            counts[k] += 1;
        }
        let [left, fled, captured, ineffective, destroyed] = counts;
        let verb = if left + fled >= captured && left + fled >= ineffective + destroyed {
            "withdrew"
        } else if captured >= ineffective + destroyed {
            "surrendered"
        } else {
            "were made ineffective"
        };
        let parts: Vec<String> = [
            (left, "withdrew in good order"),
            (fled, "fled"),
            (captured, "surrendered"),
            (ineffective, "ineffective"),
            (destroyed, "destroyed"),
        ]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
        format!("{verb}: {}", parts.join(", "))
    }
}
