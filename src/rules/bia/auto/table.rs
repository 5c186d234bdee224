//! Table play under BiA: the auto-resolver's battle state driven one umpire's
//! line at a time. The engine handles the shared lines, typed dice and undo;
//! this file adds the BiA verbs.

use super::events::BiaEvent;
use super::{Battle, Fight, Prepared, Situation};
use crate::battle::event::Event;
use crate::battle::result::{BattleResult, Role, Winner};
use crate::battle::ruleset::BattleError;
use crate::battle::setup::BattleSetup;
use crate::battle::table::TablePlay;
use crate::core::dice::Roller;
use crate::core::kinds::Cover;
use crate::rules::bia::range_table::cell;

use super::piece::State;

/// The BiA verbs, for `help`.
pub const VERBS: &str = "\
fire STAND at TARGET range CM [cover|bunker] [moving] [mod N]... [roll R]...
                                 one stand shoots; the first roll is to hit, later rolls penetration
move STAND CM [non-tactical]     a stand moves (toward the enemy; negative: away)
morale STAND [roll R]            individual morale test, modifiers from the state
morale group COMMAND [roll R]    group test at the casualty threshold reached";

/// One BiA battle at the table.
pub(crate) struct BiaTable<'a> {
    prep: Prepared<'a>,
    fight: Fight,
}

impl<'a> BiaTable<'a> {
    /// Starts at turn 1 with the given dice.
    pub fn new(setup: &'a BattleSetup, dice: Roller) -> Result<Self, BattleError> {
        let prep = Prepared::new(setup, true)?;
        let mut fight = prep.start(dice.seed());
        fight.dice = dice;
        fight.turn = 1;
        Ok(BiaTable { prep, fight })
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

    /// Runs `act` on the battle state.
    fn run(&mut self, act: impl FnOnce(&mut Battle) -> Result<(), String>) -> Result<(), String> {
        let mut b = Battle {
            p: &self.prep,
            s: self.fight.clone(),
        };
        let r = act(&mut b);
        let mut state = b.s;
        state.situation = None;
        self.fight = state;
        r
    }

    fn fire(&mut self, w: &[&str]) -> Result<(), String> {
        let [firer, "at", target, "range", range, rest @ ..] = w else {
            return Err("write: fire STAND at TARGET range CM [cover|bunker] [moving] [mod N]... [roll R]...".into());
        };
        let (i, j) = (self.find(firer)?, self.find(target)?);
        if !self.fight.pieces[i].in_orbit() {
            self.fighting(i)?;
        }
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
        if (t.is_aircraft && f.ad.is_none()) || (!t.is_aircraft && f.line.is_none()) {
            return Err(format!("{weapon} cannot engage `{target}`"));
        }
        // A strafing multi-cannon fires on the vehicle cannon's line.
        if !t.is_aircraft && weapon != crate::core::kinds::Weapon::MultiCannon {
            cell(weapon, range).map_err(|e| e.to_string())?;
        }
        let mut situation = Situation {
            range,
            ..Default::default()
        };
        let mut k = 0;
        while k < rest.len() {
            match rest[k] {
                "cover" => situation.cover = Some(Cover::Cover),
                "bunker" => situation.cover = Some(Cover::Bunker),
                "moving" => situation.moving = true,
                "mod" => {
                    let v: i64 = rest
                        .get(k + 1)
                        .and_then(|v| v.parse().ok())
                        .ok_or_else(|| "`mod` needs a number after it".to_string())?;
                    situation.extra.push(v);
                    k += 1;
                }
                other => return Err(format!("`{other}` is not part of a fire line")),
            }
            k += 1;
        }
        self.run(|b| {
            b.s.situation = Some(situation);
            if b.s.pieces[j].is_aircraft && b.s.pieces[i].is_aircraft {
                b.air_to_air(i, j);
            } else if b.s.pieces[j].is_aircraft {
                b.air_defence(i, j);
            } else {
                b.shoot(i, j);
            }
            Ok(())
        })
    }

    fn movement(&mut self, w: &[&str]) -> Result<(), String> {
        let (code, cm, non_tactical) = match w {
            [code, cm] => (*code, *cm, false),
            [code, cm, "non-tactical"] => (*code, *cm, true),
            _ => return Err("write: move STAND CM [non-tactical]".into()),
        };
        let i = self.find(code)?;
        self.fighting(i)?;
        let Ok(cm) = cm.parse::<i64>() else {
            return Err(format!("`{cm}` is not a number of cm"));
        };
        let p = &self.fight.pieces[i];
        let allowed = if non_tactical {
            p.tactical_move * 2
        } else {
            p.tactical_move
        };
        if p.moved {
            return Err(format!("`{code}` has already moved this turn"));
        }
        if cm.abs() > allowed {
            return Err(format!(
                "`{code}` moves at most {allowed} cm {}",
                if non_tactical {
                    "non-tactically"
                } else {
                    "tactically"
                }
            ));
        }
        self.run(|b| {
            let p = &mut b.s.pieces[i];
            p.moved = true;
            p.non_tactical = non_tactical;
            if p.role == Role::Attacker {
                p.dist = (p.dist - cm).max(0);
            }
            let (dist, role) = (p.dist, p.role);
            b.log(
                Some(role),
                BiaEvent::Move {
                    stand: code.to_string(),
                    cm,
                    non_tactical,
                    dist,
                },
            );
            Ok(())
        })
    }

    fn stand_morale(&mut self, w: &[&str]) -> Result<(), String> {
        let [code] = w else {
            return Err("write: morale STAND [roll R]".into());
        };
        let i = self.find(code)?;
        self.fighting(i)?;
        self.run(|b| {
            let pic = b.picture();
            b.test_stand(i, super::piece::Trigger::Umpire, &pic);
            Ok(())
        })
    }

    fn group_morale(&mut self, w: &[&str]) -> Result<(), String> {
        let [code] = w else {
            return Err("write: morale group COMMAND [roll R]".into());
        };
        let Some(g) = self.prep.group_codes.iter().position(|c| c == code) else {
            return Err(format!("no command `{code}` in this battle"));
        };
        self.run(|b| {
            let cas = b.losses_of(g);
            if b.test_group(g, cas) {
                Ok(())
            } else {
                Err(format!(
                    "command `{code}` has reached no casualty threshold it has not tested"
                ))
            }
        })
    }
}

impl TablePlay for BiaTable<'_> {
    type State = Fight;

    fn verbs(&self) -> &'static str {
        VERBS
    }

    fn dice(&mut self) -> &mut Roller {
        &mut self.fight.dice
    }

    fn turn(&self) -> u32 {
        self.fight.turn
    }

    fn next_turn(&mut self) {
        self.fight.turn += 1;
        for p in &mut self.fight.pieces {
            p.moved = false;
            p.non_tactical = false;
        }
    }

    fn act(&mut self, words: &[String]) -> Result<(), String> {
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        match w.as_slice() {
            ["fire", rest @ ..] => self.fire(rest),
            ["move", rest @ ..] => self.movement(rest),
            ["morale", "group", rest @ ..] => self.group_morale(rest),
            ["morale", rest @ ..] => self.stand_morale(rest),
            _ => Err(format!(
                "`{}` is not a line I know; `help` lists them",
                w.join(" ")
            )),
        }
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
                State::Fled => "fled",
                State::InOrbit => "in orbit",
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

    fn events(&self) -> &[Event] {
        self.fight.log.events()
    }

    fn events_mut(&mut self) -> &mut Vec<Event> {
        self.fight.log.events_mut()
    }

    fn save(&self) -> Fight {
        self.fight.clone()
    }

    fn load(&mut self, state: Fight) {
        self.fight = state;
    }

    fn finish(&self, winner: Winner, reason: String) -> BattleResult {
        let b = Battle {
            p: &self.prep,
            s: self.fight.clone(),
        };
        b.finish_with(Some((winner, reason)))
    }
}
