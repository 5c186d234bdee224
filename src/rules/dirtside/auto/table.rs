//! Dirtside at the table: the umpire activates units, moves them, fires
//! elements and calls tests, one line at a time, with the dice and chits typed
//! (`roll 7,2,Y3,R1,M`) or rolled; `undo` restores a snapshot of the state.

use super::fire::{Plan, Situation};
use super::{Battle, Prepared, State};
use crate::battle::event::Event;
use crate::battle::result::{BattleResult, Winner};
use crate::battle::ruleset::BattleError;
use crate::battle::setup::BattleSetup;
use crate::battle::table::TablePlay;
use crate::core::dice::Roller;
use crate::rules::dirtside::confidence::{self, Level};
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::fire_control::{Band, Position};

const VERBS: &str = "\
activate UNIT                       start a unit's activation (ends the last one's)
move UNIT INCHES                    move toward the enemy (negative: back); tests if under fire
unload UNIT                         the teams aboard its carriers get out, riders' too (L1091: half a move)
fire ELEMENT at ELEMENT [band close|medium|long] [cover none|soft|dug-in|hull-down|turret-down|evading] [moving]
                                    one shot: fire dice then chits (e.g. roll 7,2 roll Y3,R1,M)
firefight UNIT at UNIT              a unit's whole fire at one enemy unit (effectiveness first)
assault UNIT at UNIT                close assault with all its tests
test UNIT threat N                  a confidence test at threat N
react UNIT threat N                 a reaction test at threat N (no level lost)
rally UNIT                          a rally through the command unit
repair ELEMENT                      a systems-down vehicle tries a d6 (6 repairs)";

/// A Dirtside battle at the table.
pub(crate) struct DirtsideTable<'a> {
    p: Prepared<'a>,
    s: State,
    /// The unit whose activation is under way.
    current: Option<usize>,
}

impl<'a> DirtsideTable<'a> {
    pub fn new(setup: &'a BattleSetup, dice: Roller) -> Result<Self, BattleError> {
        let p = Prepared::new(setup, true)?;
        let mut s = p.start(dice);
        s.turn = 1;
        Ok(DirtsideTable {
            p,
            s,
            current: None,
        })
    }

    fn run<T>(&mut self, f: impl FnOnce(&mut Battle) -> Result<T, String>) -> Result<T, String> {
        let mut b = Battle {
            p: &self.p,
            s: self.s.clone(),
        };
        // The umpire may change anything: forget who could shoot whom.
        b.table_changed();
        let out = f(&mut b)?;
        b.table_changed();
        b.check_end();
        self.s = b.s;
        Ok(out)
    }

    fn unit(&self, code: &str) -> Result<usize, String> {
        self.p
            .unit_codes
            .iter()
            .position(|c| *c == code)
            .ok_or_else(|| format!("no unit `{code}` in this battle"))
    }

    fn element(&self, code: &str) -> Result<usize, String> {
        let e = self
            .p
            .codes
            .iter()
            .position(|c| *c == code)
            .ok_or_else(|| format!("no element `{code}` in this battle"))?;
        if !self.s.elements[e].alive {
            return Err(format!("`{code}` is out of the battle"));
        }
        Ok(e)
    }

    fn threat(words: &[String]) -> Result<i64, String> {
        match words {
            [t, n] if t == "threat" => n
                .parse()
                .map_err(|_| format!("threat is a number, not `{n}`")),
            [] => Ok(0),
            _ => Err("write: … threat N".into()),
        }
    }

    fn end_current(&mut self) {
        if let Some(u) = self.current.take() {
            self.s.units[u].marker = false;
        }
    }
}

impl TablePlay for DirtsideTable<'_> {
    /// The battle's state and the unit activated now.
    type State = (State, Option<usize>);

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
        self.end_current();
        self.s.turn += 1;
        for u in self.s.units.iter_mut() {
            u.activated = false;
        }
        for y in self
            .s
            .seen
            .iter_mut()
            .chain(self.s.near.iter_mut())
            .flatten()
        {
            y.idle = true;
        }
    }

    fn act(&mut self, words: &[String]) -> Result<(), String> {
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        match w.as_slice() {
            ["activate", unit] => {
                let u = self.unit(unit)?;
                if self.s.units[u].activated {
                    return Err(format!("{unit} has already activated this turn"));
                }
                self.end_current();
                self.current = Some(u);
                self.run(|b| {
                    b.s.units[u].activated = true;
                    b.seen_sync(u);
                    b.s.units[u].moved = 0;
                    b.s.units[u].evading = false;
                    b.unit_changed(u);
                    let ev = super::events::DsEvent::Activate {
                        unit: b.ucode(u),
                        confidence: b.s.units[u].level.word(),
                        inches: b.s.units[u].dist,
                        opportunity: false,
                    };
                    b.log(Some(b.s.units[u].role), move |_| ev);
                    Ok(())
                })
            }
            ["move", unit, inches] => {
                let u = self.unit(unit)?;
                let n: i64 = inches
                    .parse()
                    .map_err(|_| format!("inches is a whole number, not `{inches}`"))?;
                self.run(|b| {
                    if b.s.units[u].level == Level::Routed || b.s.units[u].out {
                        return Err(format!("{unit} has left the table"));
                    }
                    let mf = b.unit_mf(u);
                    if n.abs() > mf {
                        return Err(format!("{unit} moves at most {mf}\" (its slowest element)"));
                    }
                    if b.may_move(u, n > 0) {
                        b.shift(u, n, if n > 0 { "advance" } else { "fall back" });
                    }
                    Ok(())
                })
            }
            ["unload", unit] => {
                let u = self.unit(unit)?;
                self.run(|b| {
                    if !b.loaded(u) {
                        return Err(format!("{unit} has no teams aboard its carriers"));
                    }
                    b.unload(u);
                    Ok(())
                })
            }
            ["fire", firer, "at", target, rest @ ..] => {
                let e = self.element(firer)?;
                let t = self.element(target)?;
                if self.s.elements[e].role == self.s.elements[t].role {
                    return Err("that is a friendly element".into());
                }
                let mut sit = Situation::default();
                let mut k = 0;
                while k < rest.len() {
                    match (rest[k], rest.get(k + 1)) {
                        ("band", Some(b)) => {
                            sit.band = Some(Band::parse(b)?);
                            k += 2;
                        }
                        ("cover", Some(c)) => {
                            sit.cover = Some(Position::parse(c)?);
                            k += 2;
                        }
                        ("moving", _) => {
                            sit.moving = true;
                            k += 1;
                        }
                        (other, _) => return Err(format!("`{other}`: band B, cover C or moving")),
                    }
                }
                self.run(|b| {
                    let (fu, tu) = (b.s.elements[e].unit, b.s.elements[t].unit);
                    let range = b.gap(fu, tu);
                    let plan = match (b.s.elements[e].make, b.s.elements[t].is_vehicle(), sit.band) {
                        (Make::Vehicle { weapon, .. }, true, Some(band))
                            if !weapon.system.small_arms() && !weapon.system.missile() =>
                        {
                            if !weapon.has_band(band) {
                                return Err(format!("{weapon} has no {} band", band.name()));
                            }
                            Some(Plan::Direct(weapon))
                        }
                        _ => b.plan(e, t, range),
                    };
                    let plan = plan.ok_or_else(|| {
                        format!("{firer} cannot harm {target} at {range}\" (give the band if the range differs)")
                    })?;
                    b.resolve_shots(fu, vec![(e, t, plan)], sit);
                    Ok(())
                })
            }
            ["firefight", unit, "at", enemy] => {
                let u = self.unit(unit)?;
                let v = self.unit(enemy)?;
                self.run(|b| {
                    if !b.alive(u).any(|e| b.has_target(e, Some(v))) {
                        return Err(format!("{unit} has nothing that reaches {enemy}"));
                    }
                    b.fire_unit(u, Some(v), Situation::default());
                    Ok(())
                })
            }
            ["assault", unit, "at", enemy] => {
                let u = self.unit(unit)?;
                let v = self.unit(enemy)?;
                self.run(|b| {
                    let threat = confidence::assault_threat(b.s.units[u].level)
                        .ok_or_else(|| format!("{unit} is too shaken to assault"))?;
                    if !b.has_teams(u) {
                        return Err("only units with infantry close-assault".into());
                    }
                    b.assault(u, v, threat);
                    Ok(())
                })
            }
            ["test", unit, rest @ ..] => {
                let u = self.unit(unit)?;
                let n = Self::threat(&words[2..])?;
                let _ = rest;
                self.run(|b| {
                    b.confidence_test_at(u, "the umpire's call", n);
                    Ok(())
                })
            }
            ["react", unit, ..] => {
                let u = self.unit(unit)?;
                let n = Self::threat(&words[2..])?;
                self.run(|b| {
                    b.reaction_at(u, "the umpire's call", n);
                    Ok(())
                })
            }
            ["rally", unit] => {
                let u = self.unit(unit)?;
                self.run(|b| b.rally(u))
            }
            ["repair", element] => {
                let e = self.element(element)?;
                self.run(|b| {
                    if !b.s.elements[e].systems_down {
                        return Err(format!("{element}'s systems are working"));
                    }
                    let r = b.roll(crate::core::ladder::Die::D6);
                    let fixed = r == 6;
                    b.s.elements[e].systems_down = !fixed;
                    b.unit_changed(b.s.elements[e].unit);
                    let ev = super::events::DsEvent::Repair {
                        element: b.code(e),
                        rolled: super::events::Rolled { die: "d6", roll: r },
                        fixed,
                    };
                    b.log(Some(b.s.elements[e].role), move |_| ev);
                    Ok(())
                })
            }
            _ => Err(format!("unknown line; the Dirtside lines are:\n{VERBS}")),
        }
    }

    fn status(&self) -> String {
        let mut out = format!("turn {}\n", self.s.turn);
        for (u, unit) in self.s.units.iter().enumerate() {
            out += &format!(
                "{} ({}) {} {}, leadership {}, {}\" {}{}{}\n",
                self.p.unit_codes[u],
                unit.role.as_str(),
                unit.quality,
                unit.level,
                unit.leadership,
                unit.dist,
                if unit.marker { "under fire " } else { "" },
                if unit.activated { "activated " } else { "" },
                if unit.out { "withdrawn" } else { "" },
            );
            for &e in &self.p.members[u] {
                let x = &self.s.elements[e];
                let mut flags = Vec::new();
                if !x.alive {
                    flags.push("out");
                }
                if x.damaged {
                    flags.push("damaged");
                }
                if x.immobilised {
                    flags.push("immobilised");
                }
                if x.systems_down {
                    flags.push("systems down");
                }
                let aboard = x.aboard.map(|c| format!("aboard {}", self.p.codes[c]));
                flags.extend(aboard.as_deref());
                out += &format!(
                    "  {} {}\n",
                    self.p.codes[e],
                    if flags.is_empty() {
                        "ok".to_string()
                    } else {
                        flags.join(", ")
                    }
                );
            }
        }
        out
    }

    fn events(&self) -> &[Event] {
        self.s.log.events()
    }

    fn events_mut(&mut self) -> &mut Vec<Event> {
        self.s.log.events_mut()
    }

    fn save(&self) -> (State, Option<usize>) {
        (self.s.clone(), self.current)
    }

    fn load(&mut self, state: (State, Option<usize>)) {
        (self.s, self.current) = state;
    }

    fn finish(&self, winner: Winner, reason: String) -> BattleResult {
        let b = Battle {
            p: &self.p,
            s: self.s.clone(),
        };
        b.finish(Some((winner, reason)))
    }
}
