//! ACTION at the table: the umpire rolls initiative, declares ready orders,
//! moves elements by grids and makes attacks with typed or rolled d100s, one
//! line at a time; the tool applies the modifiers that follow from the state
//! (moved, injured, already attacked, readied) and keeps LL and AP.

use super::fire::{Shot, Via};
use super::{Battle, Fight, Prepared};
use crate::battle::event::Event;
use crate::battle::result::{BattleResult, Winner};
use crate::battle::ruleset::BattleError;
use crate::battle::setup::BattleSetup;
use crate::battle::table::TablePlay;
use crate::core::dice::Roller;
use crate::rules::action::movement::Terrain;

const VERBS: &str = "\
initiative                          every active element rolls a d100 (roll R,R,… in status order)
ready STAND [on TARGET]             Ready against one element, or any that comes into range
ready STAND at COL,ROW              Ready against whatever enters that grid
move STAND [terrain T]              one AP into the next grid (open 1 … climb-building 5 a grid)
attack STAND at TARGET range G [cover] [bunker] [higher|lower] [stunned] [mod N]… [extra]
                                    one opposed roll (roll A,D); `extra`: another element under
                                    the same area, cone or scattered shot (no AP)
scatter STAND at TARGET             where a missed missile lands (roll DIRECTION,DISTANCE)
morale GROUP                        the group's morale test at its casualty threshold (roll 2d6)
done STAND                          the element is finished for this turn
phase                               the next action phase";

/// An ACTION battle at the table.
pub(crate) struct ActionTable<'a> {
    p: Prepared<'a>,
    s: Fight,
}

impl<'a> ActionTable<'a> {
    pub fn new(setup: &'a BattleSetup, dice: Roller) -> Result<Self, BattleError> {
        let p = Prepared::new(setup, true)?;
        let s = p.start(dice);
        let mut t = ActionTable { p, s };
        t.run(|b| {
            b.setup_events();
            b.s.turn = 1;
            b.start_turn();
            b.s.phase = 1;
            Ok(())
        })
        .expect("a fresh battle starts");
        Ok(t)
    }

    fn run<T>(&mut self, f: impl FnOnce(&mut Battle) -> Result<T, String>) -> Result<T, String> {
        let mut b = Battle {
            p: &self.p,
            s: self.s.clone(),
        };
        // A die wanted and not typed is the engine's to refuse (it restores
        // the snapshot), so the state is kept here as it stands.
        let out = f(&mut b)?;
        self.s = b.s;
        Ok(out)
    }

    fn stand(&self, code: &str) -> Result<usize, String> {
        let i = self
            .p
            .codes
            .iter()
            .position(|c| *c == code)
            .ok_or_else(|| format!("no element `{code}` in this battle"))?;
        if !self.s.pieces[i].fighting() {
            return Err(format!("`{code}` is out of the battle"));
        }
        Ok(i)
    }

    /// Whether `i` may take its action now (L155, L159): initiative rolled,
    /// not yet acted this phase, and nobody before it in the order still to
    /// act. A readied element firing on its trigger goes first (L139).
    fn may_act(&self, i: usize, readied_fire: bool) -> Result<(), String> {
        if self.s.order.is_empty() {
            return Err("roll initiative for the turn first: initiative".into());
        }
        let phase = self.s.phase;
        let code = self.p.codes[i];
        if self.s.pieces[i].acted_in == phase {
            return Err(format!(
                "`{code}` has acted in phase {phase}: one action a phase; `phase` for the next"
            ));
        }
        if readied_fire {
            return Ok(());
        }
        for &k in self.s.order.iter().take_while(|&&k| k != i) {
            let y = &self.s.pieces[k];
            if y.fighting()
                && y.ap + y.move_ap > 0
                && !y.done
                && y.ready.is_none()
                && y.acted_in != phase
            {
                return Err(format!(
                    "`{}` acts before `{code}` in initiative order (or: done {})",
                    self.p.codes[k], self.p.codes[k]
                ));
            }
        }
        Ok(())
    }

    fn attack_line(&mut self, words: &[String]) -> Result<(), String> {
        let [a, at, t, rest @ ..] = words else {
            return Err("write: attack STAND at TARGET range G …".into());
        };
        if at != "at" {
            return Err("write: attack STAND at TARGET range G …".into());
        }
        let (i, j) = (self.stand(a)?, self.stand(t)?);
        if self.s.pieces[i].role == self.s.pieces[j].role {
            return Err(format!("`{a}` and `{t}` are on the same side"));
        }
        let mut shot = Shot::default();
        let mut extra = false;
        let mut it = rest.iter();
        while let Some(w) = it.next() {
            match w.as_str() {
                "range" => {
                    let g = it.next().ok_or("range wants a number of grids")?;
                    shot.range = g
                        .parse()
                        .ok()
                        .filter(|g| *g >= 1)
                        .ok_or_else(|| format!("range is a number of grids ≥ 1, not `{g}`"))?;
                }
                "cover" => shot.cover = true,
                "bunker" => {
                    shot.cover = true;
                    shot.bunker = true;
                }
                "higher" => shot.higher = true,
                "lower" => shot.lower = true,
                "stunned" => shot.stunned = true,
                "extra" => extra = true,
                "mod" => {
                    let n = it.next().ok_or("mod wants a number")?;
                    shot.extra.push(
                        n.parse()
                            .map_err(|_| format!("mod is a number, not `{n}`"))?,
                    );
                }
                other => return Err(format!("unknown word `{other}` in an attack")),
            }
        }
        if shot.range == 0 {
            return Err("say the range: range G (grids, elevation levels added)".into());
        }
        if shot.higher && shot.lower {
            return Err("higher or lower, not both".into());
        }
        let x = &self.s.pieces[i];
        if !extra {
            if x.ap <= 0 && x.move_ap > 0 {
                return Err(format!(
                    "`{a}` has 0 AP + {} move left this turn: movement points buy no attack",
                    x.move_ap
                ));
            }
            if x.ap <= 0 {
                return Err(format!("`{a}` has no action points left this turn"));
            }
            if x.ready.is_some_and(|on| on.is_some_and(|o| o != j)) {
                return Err(format!("`{a}` is readied against another element"));
            }
            if x.ammo <= 0 && !x.fired_this_turn {
                return Err(format!("`{a}` is out of ammunition"));
            }
            self.may_act(i, x.ready.is_some())?;
        }
        shot.via = extra.then_some(Via::Extra);
        self.run(|b| {
            if b.weapon_value(i, j, shot.range).is_none() {
                return Err(format!(
                    "`{}` cannot reach or harm `{}` at {} grids",
                    b.code(i),
                    b.code(j),
                    shot.range
                ));
            }
            if b.s.pieces[i].ready == Some(None) {
                // A Ready on whatever comes into range is met by this target.
                b.s.pieces[i].readied_on = Some(Some(j));
            }
            b.one_roll(i, j, &shot);
            Ok(())
        })
    }
}

impl TablePlay for ActionTable<'_> {
    type State = Fight;

    fn verbs(&self) -> &'static str {
        VERBS
    }

    fn dice(&mut self) -> &mut Roller {
        &mut self.s.dice
    }

    fn turn(&self) -> u32 {
        self.s.turn
    }

    fn next_turn(&mut self) {
        let _ = self.run(|b| {
            b.s.turn += 1;
            b.start_turn();
            // Initiative is rolled anew each turn (L161).
            b.s.order.clear();
            b.s.phase = 1;
            Ok(())
        });
    }

    fn act(&mut self, words: &[String]) -> Result<(), String> {
        let Some((verb, rest)) = words.split_first() else {
            return Err("an empty line".into());
        };
        match (verb.as_str(), rest) {
            ("initiative", []) => self.run(|b| {
                b.roll_initiative();
                Ok(())
            }),
            ("ready", [s]) => {
                let i = self.stand(s)?;
                self.run(|b| {
                    b.declare_ready(i, None);
                    Ok(())
                })
            }
            ("ready", [s, on, t]) if on == "on" => {
                let (i, j) = (self.stand(s)?, self.stand(t)?);
                self.run(|b| {
                    b.declare_ready(i, Some(j));
                    Ok(())
                })
            }
            ("ready", [s, at, g]) if at == "at" => {
                let i = self.stand(s)?;
                let grid = g
                    .split_once(',')
                    .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)))
                    .ok_or_else(|| format!("a grid is COL,ROW, not `{g}`"))?;
                self.run(|b| {
                    b.s.pieces[i].ready_at = Some(grid);
                    b.declare_ready(i, None);
                    Ok(())
                })
            }
            ("move", [s, tail @ ..]) => {
                let i = self.stand(s)?;
                let terrain = match tail {
                    [] => self.p.terrain,
                    [t, name] if t == "terrain" => Terrain::parse(name)?,
                    _ => {
                        return Err(
                            "write: move STAND [terrain T] (one AP a line, one line a phase)"
                                .into(),
                        )
                    }
                };
                let x = &self.s.pieces[i];
                if x.ready.is_some() {
                    return Err(format!("`{s}` is readied and may not move"));
                }
                if x.ap + x.move_ap <= 0 {
                    return Err(format!("`{s}` has no action points left this turn"));
                }
                self.may_act(i, false)?;
                self.run(|b| {
                    b.table_move(i, terrain);
                    Ok(())
                })
            }
            ("attack", _) => self.attack_line(rest),
            ("scatter", [a, at, t]) if at == "at" => {
                let (i, j) = (self.stand(a)?, self.stand(t)?);
                self.run(|b| {
                    b.scatter(i, j);
                    Ok(())
                })
            }
            ("morale", [g]) => {
                let gi = self
                    .p
                    .group_codes
                    .iter()
                    .position(|c| c == g)
                    .ok_or_else(|| format!("no group `{g}` in this battle"))?;
                self.run(|b| {
                    if b.test_group(gi) {
                        Ok(())
                    } else {
                        Err(format!("group `{g}` has no morale test due"))
                    }
                })
            }
            ("done", [s]) => {
                let i = self.stand(s)?;
                self.run(|b| {
                    b.s.pieces[i].done = true;
                    Ok(())
                })
            }
            ("phase", []) => self.run(|b| {
                b.s.phase += 1;
                Ok(())
            }),
            _ => Err(format!(
                "unknown or malformed line `{}`; try help",
                words.join(" ")
            )),
        }
    }

    fn status(&self) -> String {
        let mut out = format!(
            "turn {}, action phase {}\nstand        side      LL  hits  AP  init  state\n",
            self.s.turn, self.s.phase
        );
        for (i, x) in self.s.pieces.iter().enumerate() {
            let state = match (x.state, x.ready, x.done) {
                (super::State::Fighting, Some(_), _) => "readied",
                (super::State::Fighting, _, true) => "done",
                (super::State::Fighting, _, _) => "fighting",
                (super::State::Out, _, _) => "out of action",
                (super::State::Left, _, _) => "left with its group",
            };
            out.push_str(&format!(
                "{:<12} {:<9} {:>2}  {:>4}  {:>2}  {:>4}  {}\n",
                self.p.codes[i],
                x.role.as_str(),
                x.ll,
                x.hits,
                x.ap,
                x.initiative,
                state
            ));
        }
        for (g, grp) in self.s.groups.iter().enumerate() {
            let hit: i64 = self
                .s
                .pieces
                .iter()
                .filter(|x| x.group == g)
                .map(|x| x.hits)
                .sum();
            out.push_str(&format!(
                "group {} ({}): {hit} hits against a strength of {}, morale {}{}\n",
                self.p.group_codes[g],
                grp.role.as_str(),
                grp.strength,
                grp.morale,
                if grp.withdrawn { ", withdrawn" } else { "" }
            ));
        }
        out
    }

    fn events(&self) -> &[Event] {
        self.s.log.events()
    }

    fn events_mut(&mut self) -> &mut Vec<Event> {
        self.s.log.events_mut()
    }

    fn save(&self) -> Fight {
        self.s.clone()
    }

    fn load(&mut self, state: Fight) {
        self.s = state;
    }

    fn finish(&self, winner: Winner, reason: String) -> BattleResult {
        let b = Battle {
            p: &self.p,
            s: self.s.clone(),
        };
        b.finish(Some((winner, reason)))
    }
}
