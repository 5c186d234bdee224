//! Table play: a battle kept by the tool while the umpire types what happens,
//! one line at a time. The lines every ruleset shares (`help`, `status`,
//! `undo`, `turn`, `end`, `abort`) and the typed dice (`roll R`, or several as
//! `roll 3,5`) are handled here; every other verb goes to the ruleset.

use serde::Serialize;

use crate::battle::event::{Event, Happening};
use crate::battle::result::{BattleResult, Winner};
use crate::battle::ruleset::{BattleError, Ruleset, TableBattle};
use crate::battle::setup::BattleSetup;
use crate::battle::shared_events::Shared;
use crate::core::dice::{Roll, Roller};

/// The lines every ruleset shares.
pub const SHARED_HELP: &str = "\
turn [roll R,...]                next turn (with the dice its end rolls, e.g. smoke clearing)
status                           the state as a table
undo                             take back the last line that changed the state
end attacker|defender|draw       commit the battle through the post-battle sequence
abort                            leave without changing the campaign
help                             this list
Dice: add `roll R` (or `roll R1,R2`) to a line to give the dice the players rolled.";

/// What a line did.
#[derive(Debug)]
pub enum Reply {
    /// Accepted; what happened.
    Done(String),
    /// Refused; why. Nothing changed.
    Refused(String),
    /// The battle is over with this result.
    End(Box<BattleResult>),
    Abort,
}

/// The log entry of one umpire's line.
#[derive(Serialize)]
struct Line<'a> {
    line: &'a str,
    dice: Vec<Roll>,
}

impl Happening for Line<'_> {
    fn phase(&self) -> &str {
        "play"
    }
    fn dice(&self) -> Vec<Roll> {
        self.dice.clone()
    }
    fn text(&self) -> String {
        format!("> {}", self.line)
    }
}

/// One battle at the table.
pub struct Session<'a> {
    table: Box<dyn TableBattle + 'a>,
    /// Dice to use instead of the line's own, when a line is replayed.
    forced: Option<Vec<String>>,
    /// The dice the last accepted line used, as they would be typed.
    accepted_dice: Vec<String>,
}

impl<'a> Session<'a> {
    /// Starts at turn 1; with `manual`, every die must be typed in.
    pub fn new(
        ruleset: &dyn Ruleset,
        setup: &'a BattleSetup,
        seed: u64,
        manual: bool,
    ) -> Result<Self, BattleError> {
        Ok(Session {
            table: ruleset.table(setup, Roller::for_table(seed, manual))?,
            forced: None,
            accepted_dice: Vec::new(),
        })
    }

    pub fn help(&self) -> String {
        format!("{}\n{SHARED_HELP}", self.table.verbs())
    }

    /// The turn the battle is in.
    pub fn turn(&self) -> u32 {
        self.table.turn()
    }

    /// The dice the last accepted line used, each as it would be typed
    /// (`roll` takes them back in this order); empty for a line that rolled none.
    pub fn accepted_dice(&self) -> &[String] {
        &self.accepted_dice
    }

    /// Plays a line again with exactly the dice it used before (a resumed
    /// session). The line is first played as it was, from the session's seed:
    /// where every earlier line was played the same way, the dice stream is
    /// where it was, so the line rolls the same dice and the session goes on
    /// exactly as it would have. Otherwise (or if the dice differ) the line is
    /// played with the recorded dice given in order. Refused only if the line
    /// now wants other dice than those.
    pub fn replay(&mut self, text: &str, dice: &[String]) -> Reply {
        match self.line(text) {
            Reply::Done(t) if self.accepted_dice == dice => return Reply::Done(t),
            Reply::Done(_) if text.trim() != "undo" => {
                self.table.undo();
            }
            _ => {}
        }
        self.forced = Some(dice.to_vec());
        let reply = self.line(text);
        self.forced = None;
        match reply {
            Reply::Done(_) if self.accepted_dice != dice => {
                self.table.undo();
                Reply::Refused(format!(
                    "it now uses the dice {:?}, not {:?}",
                    self.accepted_dice, dice
                ))
            }
            other => other,
        }
    }

    /// Reads one line.
    pub fn line(&mut self, text: &str) -> Reply {
        self.accepted_dice.clear();
        let Some(words) = shlex::split(text) else {
            return Reply::Refused("unbalanced quotes".into());
        };
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match words.as_slice() {
            [] => Reply::Done(String::new()),
            ["help"] => Reply::Done(self.help()),
            ["abort"] => Reply::Abort,
            ["status"] => Reply::Done(self.table.status()),
            ["undo"] => match self.table.undo() {
                true => Reply::Done("took back the last line".into()),
                false => Reply::Refused("nothing to take back".into()),
            },
            ["end", who] => {
                let winner = match *who {
                    "attacker" => Winner::Attacker,
                    "defender" => Winner::Defender,
                    "draw" => Winner::Draw,
                    other => {
                        return Reply::Refused(format!(
                            "`{other}`: end attacker, end defender or end draw"
                        ))
                    }
                };
                Reply::End(Box::new(self.table.finish(
                    winner,
                    format!("the umpire called it for the {}", winner.as_str()),
                )))
            }
            // The end of a turn may roll dice (FMA's smoke dispersal).
            ["turn", rest @ ..] if rest.first().is_none_or(|w| *w == "roll") => {
                let owned: Vec<String> = rest.iter().map(|w| w.to_string()).collect();
                self.act(text, &owned, true)
            }
            _ => {
                let owned: Vec<String> = words.iter().map(|w| w.to_string()).collect();
                self.act(text, &owned, false)
            }
        }
    }

    /// Runs a line against the state; keeps the change only if the ruleset took
    /// the line and every die it wanted was given.
    fn act(&mut self, line: &str, words: &[String], next_turn: bool) -> Reply {
        let (words, mut typed) = match take_rolls(words) {
            Ok(v) => v,
            Err(why) => return Reply::Refused(why),
        };
        if let Some(forced) = self.forced.take() {
            typed = forced;
        }
        self.table.checkpoint();
        self.table.dice().give(typed);
        let from = self.table.events().len();
        let result = if next_turn {
            self.table.next_turn();
            let turn = self.table.turn();
            self.table.events_mut().push(Event::of(
                turn,
                None,
                &Shared::TurnBegins { turn, first: None },
            ));
            Ok(())
        } else {
            self.table.act(&words)
        };
        let refusal = match result {
            Err(why) => Some(why),
            Ok(()) => match (
                self.table.dice().short().map(str::to_string),
                self.table.dice().left_over(),
            ) {
                (Some(die), _) => Some(format!(
                    "this line needs more dice: give each {die} with `roll N` (in order), or play with --dice auto"
                )),
                (None, n) if n > 0 => Some(format!("{n} roll(s) more than the line needs")),
                _ => None,
            },
        };
        if let Some(why) = refusal {
            self.table.undo();
            return Reply::Refused(why);
        }
        let dice = self.table.dice().used().to_vec();
        self.accepted_dice = dice.iter().map(|d| d.value.to_string()).collect();
        let turn = self.table.turn();
        let said: Vec<String> = self.table.events()[from..]
            .iter()
            .map(|e| e.text.clone())
            .collect();
        self.table.events_mut().insert(
            from,
            Event::of(
                turn,
                None,
                &Line {
                    line,
                    dice: dice.clone(),
                },
            ),
        );
        let dice = if dice.is_empty() {
            String::new()
        } else {
            format!(
                " (dice: {})",
                dice.iter()
                    .map(|d| d.value.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        Reply::Done(if said.is_empty() {
            format!("ok{dice}")
        } else {
            format!("{}{dice}", said.join("\n"))
        })
    }
}

/// Takes `roll R` (or `roll R1,R2,…`) out of a line: the other words, and the
/// typed dice in order.
fn take_rolls(words: &[String]) -> Result<(Vec<String>, Vec<String>), String> {
    let mut rest = Vec::new();
    let mut typed = Vec::new();
    let mut k = 0;
    while k < words.len() {
        if words[k] == "roll" {
            let v = words
                .get(k + 1)
                .ok_or_else(|| "`roll` needs the die's value after it".to_string())?;
            typed.extend(v.split(',').filter(|s| !s.is_empty()).map(str::to_string));
            k += 2;
        } else {
            rest.push(words[k].clone());
            k += 1;
        }
    }
    Ok((rest, typed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_are_taken_out_in_order() {
        let w: Vec<String> = "fire a at b roll 7 range 30 roll 3,9"
            .split(' ')
            .map(str::to_string)
            .collect();
        let (rest, typed) = take_rolls(&w).unwrap();
        assert_eq!(rest.join(" "), "fire a at b range 30");
        assert_eq!(typed, vec!["7", "3", "9"]);
        assert!(take_rolls(&["roll".to_string()]).is_err());
    }
}

#[cfg(test)]
mod bia_session {
    use super::*;
    use crate::engine::calibration::{battle, force, LTA_TRAINED};
    use crate::rules::bia::Bia;

    fn setup() -> BattleSetup {
        battle(
            force("a", &[(LTA_TRAINED, 2)]),
            force("d", &[(LTA_TRAINED, 2)]),
            30,
            crate::core::kinds::Cover::Open,
        )
    }

    #[test]
    fn typed_dice_undo_and_end() {
        let s = setup();
        let mut p = Session::new(&Bia, &s, 1, true).unwrap();
        assert!(
            matches!(p.line("fire a-1 at d-1 range 30"), Reply::Refused(_)),
            "manual play wants the die"
        );
        let Reply::Done(text) = p.line("fire a-1 at d-1 range 30 roll 9") else {
            panic!("fire")
        };
        assert!(text.contains("d10 9"), "{text}");
        assert!(
            matches!(p.line("fire a-1 at a-2 range 30 roll 9"), Reply::Refused(_)),
            "same side"
        );
        assert!(matches!(p.line("bogus"), Reply::Refused(_)));
        assert!(matches!(p.line("undo"), Reply::Done(_)));
        assert!(
            matches!(p.line("undo"), Reply::Refused(_)),
            "only one line was taken"
        );
        assert!(matches!(p.line("turn"), Reply::Done(_)));
        assert!(matches!(p.line("morale d-1 roll 12"), Reply::Done(_)));
        let Reply::End(r) = p.line("end defender") else {
            panic!("end")
        };
        assert_eq!((r.winner, r.turns), (Winner::Defender, 2));
        assert!(
            r.stands.iter().all(|s| s.hits_taken == 0),
            "the shot was taken back"
        );
        let lines: Vec<&str> = r
            .events
            .iter()
            .filter(|e| e.phase == "play")
            .map(|e| e.text.as_str())
            .collect();
        assert_eq!(lines, vec!["> turn", "> morale d-1 roll 12"]);
        assert_eq!(
            r.events
                .iter()
                .find(|e| e.phase == "play" && e.text.contains("morale"))
                .unwrap()
                .dice[0]
                .die,
            "2d6"
        );
    }
}
