//! Table play: the auto-resolver's battle state driven one umpire's line at a
//! time, with dice typed in or rolled, and every line open to being taken back.

use serde_json::json;

use super::{Battle, Fight, Prepared, Situation};
use crate::battle::resolver::BattleError;
use crate::battle::result::{BattleResult, Event, Role, Winner};
use crate::battle::setup::BattleSetup;
use crate::rules::bia::morale_test::StandResult;
use crate::rules::bia::range_table::cell;
use crate::rules::kinds::Cover;

use super::piece::State;

/// The lines a session understands, for `help`.
pub const HELP: &str = "\
fire STAND at TARGET range CM [cover|bunker] [moving] [mod N]... [roll R]...
                                 one stand shoots; the first roll is to hit, later rolls penetration
move STAND CM [non-tactical]     a stand moves (toward the enemy; negative: away)
morale STAND [roll R]            individual morale test, modifiers from the state
morale group COMMAND [roll R]    group test at the casualty threshold reached
turn                             next five-minute turn
status                           the state as a table
undo                             take back the last line that changed the state
end attacker|defender|draw       commit the battle through the post-battle sequence
abort                            leave without changing the campaign
help                             this list";

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

/// One battle at the table.
pub struct Session<'a> {
    prep: Prepared<'a>,
    fight: Fight,
    history: Vec<Fight>,
}

impl<'a> Session<'a> {
    /// Starts at turn 1; `manual` requires every die to be typed in.
    pub fn new(setup: &'a BattleSetup, seed: u64, manual: bool) -> Result<Self, BattleError> {
        let prep = Prepared::new(setup, true)?;
        let mut fight = prep.start(seed);
        fight.turn = 1;
        fight.dice.manual = manual;
        fight.dice.record = true;
        Ok(Session {
            prep,
            fight,
            history: Vec::new(),
        })
    }

    fn find(&self, code: &str) -> Result<usize, String> {
        match self.prep.codes.iter().position(|c| *c == code) {
            Some(i) => Ok(i),
            None => Err(format!("`{code}` is not in this battle")),
        }
    }

    fn fighting(&self, i: usize) -> Result<(), String> {
        if self.fight.pieces[i].fighting() {
            Ok(())
        } else {
            Err(format!("`{}` is out of the fight", self.prep.codes[i]))
        }
    }

    /// Runs `act` on a copy of the state with the line's rolls; keeps the copy
    /// only if the act succeeded and every die it wanted was given.
    fn act(
        &mut self,
        line: &str,
        rolls: Vec<i64>,
        act: impl FnOnce(&mut Battle) -> Result<(), String>,
    ) -> Reply {
        let before = self.fight.clone();
        let mut state = self.fight.clone();
        state.dice.script = rolls.into_iter().rev().collect();
        state.dice.short = None;
        state.dice.used.clear();
        let from = state.events.len();
        state.events.push(Event {
            turn: state.turn,
            phase: "play".into(),
            text: format!("> {line}"),
            data: None,
        });
        let mut b = Battle {
            p: &self.prep,
            s: state,
        };
        if let Err(why) = act(&mut b) {
            return Reply::Refused(why);
        }
        let mut state = b.s;
        state.situation = None;
        if let Some(die) = state.dice.short.take() {
            return Reply::Refused(format!(
                "this line needs more dice: give each {die} with `roll N` (in order), or play with --dice auto"
            ));
        }
        if !state.dice.script.is_empty() {
            return Reply::Refused(format!(
                "{} roll(s) more than the line needs",
                state.dice.script.len()
            ));
        }
        let used = std::mem::take(&mut state.dice.used);
        state.events[from].data = Some(json!({"dice": used}));
        let said: Vec<String> = state.events[from + 1..]
            .iter()
            .map(|e| e.text.clone())
            .collect();
        self.history.push(before);
        self.fight = state;
        let dice = if used.is_empty() {
            String::new()
        } else {
            format!(
                " (dice: {})",
                used.iter()
                    .map(|d| d.to_string())
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

    /// Reads one line.
    pub fn line(&mut self, text: &str) -> Reply {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [] => Reply::Done(String::new()),
            ["help"] => Reply::Done(HELP.to_string()),
            ["abort"] => Reply::Abort,
            ["status"] => Reply::Done(self.status()),
            ["undo"] => match self.history.pop() {
                Some(prev) => {
                    self.fight = prev;
                    Reply::Done("took back the last line".into())
                }
                None => Reply::Refused("nothing to take back".into()),
            },
            ["turn"] => {
                let turn = self.fight.turn + 1;
                self.act(text, vec![], |b| {
                    b.s.turn = turn;
                    for p in &mut b.s.pieces {
                        p.moved = false;
                        p.non_tactical = false;
                    }
                    b.log("turn", format!("turn {turn} begins"), json!({"turn": turn}));
                    Ok(())
                })
            }
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
                let b = Battle {
                    p: &self.prep,
                    s: self.fight.clone(),
                };
                Reply::End(Box::new(b.finish_with(Some((
                    winner,
                    format!("the umpire called it for the {}", winner.as_str()),
                )))))
            }
            ["fire", ..] => self.fire(text, &words[1..]),
            ["move", rest @ ..] => self.movement(text, rest),
            ["morale", "group", rest @ ..] => self.group_morale(text, rest),
            ["morale", rest @ ..] => self.stand_morale(text, rest),
            _ => Reply::Refused(format!("`{text}` is not a line I know; `help` lists them")),
        }
    }

    fn fire(&mut self, line: &str, w: &[&str]) -> Reply {
        let parsed = (|| -> Result<(usize, usize, Situation, Vec<i64>), String> {
            let [firer, "at", target, "range", range, rest @ ..] = w else {
                return Err("write: fire STAND at TARGET range CM [cover|bunker] [moving] [mod N]... [roll R]...".into());
            };
            let (i, j) = (self.find(firer)?, self.find(target)?);
            self.fighting(i)?;
            self.fighting(j)?;
            let (f, t) = (&self.fight.pieces[i], &self.fight.pieces[j]);
            if f.role == t.role {
                return Err(format!("`{firer}` and `{target}` are on the same side"));
            }
            let range: i64 = range
                .parse()
                .map_err(|_| format!("range `{range}` is not a number of cm"))?;
            let Some(weapon) = f.weapon else {
                return Err(format!("`{firer}` has no weapon"));
            };
            if f.ammo <= 0 {
                return Err(format!("`{firer}` is out of ammunition"));
            }
            if f.ad.is_some() != t.is_aircraft {
                return Err(format!("{weapon} cannot engage `{target}`"));
            }
            if f.ad.is_none() {
                cell(weapon, range).map_err(|e| e.to_string())?;
            }
            let mut s = Situation {
                range,
                ..Default::default()
            };
            let mut rolls = Vec::new();
            let mut k = 0;
            while k < rest.len() {
                match rest[k] {
                    "cover" => s.cover = Some(Cover::Cover),
                    "bunker" => s.cover = Some(Cover::Bunker),
                    "moving" => s.moving = true,
                    "mod" | "roll" => {
                        let v: i64 = rest
                            .get(k + 1)
                            .and_then(|v| v.parse().ok())
                            .ok_or_else(|| format!("`{}` needs a number after it", rest[k]))?;
                        if rest[k] == "mod" {
                            s.extra.push(v)
                        } else {
                            rolls.push(v)
                        }
                        k += 1;
                    }
                    other => return Err(format!("`{other}` is not part of a fire line")),
                }
                k += 1;
            }
            Ok((i, j, s, rolls))
        })();
        let (i, j, situation, rolls) = match parsed {
            Ok(p) => p,
            Err(why) => return Reply::Refused(why),
        };
        self.act(line, rolls, |b| {
            b.s.situation = Some(situation);
            if b.s.pieces[i].ad.is_some() {
                b.air_defence(i, j);
            } else {
                b.shoot(i, j);
            }
            Ok(())
        })
    }

    fn movement(&mut self, line: &str, w: &[&str]) -> Reply {
        let (code, cm, non_tactical) = match w {
            [code, cm] => (*code, *cm, false),
            [code, cm, "non-tactical"] => (*code, *cm, true),
            _ => return Reply::Refused("write: move STAND CM [non-tactical]".into()),
        };
        let i = match self.find(code).and_then(|i| self.fighting(i).map(|_| i)) {
            Ok(i) => i,
            Err(why) => return Reply::Refused(why),
        };
        let Ok(cm) = cm.parse::<i64>() else {
            return Reply::Refused(format!("`{cm}` is not a number of cm"));
        };
        let p = &self.fight.pieces[i];
        let allowed = if non_tactical {
            p.tactical_move * 2
        } else {
            p.tactical_move
        };
        if p.moved {
            return Reply::Refused(format!("`{code}` has already moved this turn"));
        }
        if cm.abs() > allowed {
            return Reply::Refused(format!(
                "`{code}` moves at most {allowed} cm {}",
                if non_tactical {
                    "non-tactically"
                } else {
                    "tactically"
                }
            ));
        }
        self.act(line, vec![], |b| {
            let p = &mut b.s.pieces[i];
            p.moved = true;
            p.non_tactical = non_tactical;
            if p.role == Role::Attacker {
                p.dist = (p.dist - cm).max(0);
            }
            let dist = p.dist;
            b.log(
                "movement",
                format!(
                    "{code} moves {cm} cm{}; {dist} cm from the enemy line",
                    if non_tactical { " non-tactically" } else { "" }
                ),
                json!({"stand": code, "cm": cm, "dist": dist}),
            );
            Ok(())
        })
    }

    fn stand_morale(&mut self, line: &str, w: &[&str]) -> Reply {
        let (code, rolls) = match w {
            [code] => (*code, vec![]),
            [code, "roll", r] => match r.parse::<i64>() {
                Ok(r) => (*code, vec![r]),
                Err(_) => return Reply::Refused(format!("roll `{r}` is not a number")),
            },
            _ => return Reply::Refused("write: morale STAND [roll R]".into()),
        };
        let i = match self.find(code).and_then(|i| self.fighting(i).map(|_| i)) {
            Ok(i) => i,
            Err(why) => return Reply::Refused(why),
        };
        self.act(line, rolls, |b| {
            let r: StandResult = b.test_stand(i);
            let _ = r;
            Ok(())
        })
    }

    fn group_morale(&mut self, line: &str, w: &[&str]) -> Reply {
        let (code, rolls) = match w {
            [code] => (*code, vec![]),
            [code, "roll", r] => match r.parse::<i64>() {
                Ok(r) => (*code, vec![r]),
                Err(_) => return Reply::Refused(format!("roll `{r}` is not a number")),
            },
            _ => return Reply::Refused("write: morale group COMMAND [roll R]".into()),
        };
        let Some(g) = self.prep.group_codes.iter().position(|c| *c == code) else {
            return Reply::Refused(format!("no command `{code}` in this battle"));
        };
        self.act(line, rolls, |b| {
            if b.test_group(g) {
                Ok(())
            } else {
                Err(format!(
                    "command `{code}` has reached no casualty threshold it has not tested"
                ))
            }
        })
    }

    fn status(&self) -> String {
        let mut out = format!("turn {}\n", self.fight.turn);
        out.push_str("stand        role      dist  hits  ammo  state\n");
        for (i, p) in self.fight.pieces.iter().enumerate() {
            let state = match p.state {
                State::Fighting if p.moved => "moved",
                State::Fighting => "fighting",
                State::Ineffective => "ineffective",
                State::Destroyed => "destroyed",
                State::Captured => "captured",
                State::Left => "left the field",
            };
            out.push_str(&format!(
                "{:<12} {:<9} {:>4}  {:>4}  {:>4}  {state}\n",
                self.prep.codes[i],
                p.role.as_str(),
                p.dist,
                p.hits_before + p.hits,
                p.ammo
            ));
        }
        out
    }
}
