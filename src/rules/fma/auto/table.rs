//! FMA at the table: the umpire activates figures (`h1#3`) and spends their
//! two actions one line at a time — move, fire, aim, overwatch, close combat,
//! rally, transfer — with reaction and overwatch fire by the enemy, the dice
//! typed (`roll 6,7,5`) or rolled; `undo` restores a snapshot of the state.

use super::fight::Activation;
use super::fire::How;
use super::{Battle, Prepared, State};
use crate::battle::event::Event;
use crate::battle::result::{BattleResult, Winner};
use crate::battle::ruleset::BattleError;
use crate::battle::setup::BattleSetup;
use crate::battle::table::TablePlay;
use crate::core::dice::Roller;
use crate::rules::fma::armour::Cover;
use crate::rules::fma::smoke::{Agent, Delivery};
use crate::rules::fma::weapons::Arm;

const VERBS: &str = "\
activate FIG                 start a figure's activation (FIG is STAND#N; an isolated figure tests first)
move FIG INCHES              a MOVE toward the enemy (negative: away); ends in the cover of its new place
place FIG INCHES [cover C]   put a figure INCHES from the defenders' line (cover none|soft|hard), no action
aim FIG                      an AIM: the figure's next fire this activation doubles its bands
fire FIG at FIG              a FIRE: firer's quality, firepower, then target's quality (Detailed) and on a hit
                             impact, armour, cover; Quick: quality, firepower, armour, cover
react FIG at FIG             reaction fire by a figure not yet activated at the activating figure,
                             between its two actions (the reactor's activation is used)
watch FIG at FIG             overwatch fire at the activating figure (doubled bands; the marker goes)
overwatch FIG                place an overwatch marker (not after a move this activation)
rocket FIG at FIG            prepare and fire a rocket (both actions): deviation die, clock, impact rolls
close FIG at FIG             close combat: both quality dice (power armour doubles); a figure not in
                             base contact first charges into it (a MOVE, so both actions, within its move)
rally FIG                    try to remove suppression (a failure in the open rolls the combat move)
transfer FIG to FIG          a leader passes one action (the friend may then act once)
test FIG [mod N]             a reaction test (a failure suppresses)
smoke FIG at FIG|INCHES [gas|nerve]
                             a smoke (or riot/nerve gas) round at a figure or INCHES from the
                             defenders' line straight ahead: a rocket launcher fires one (both
                             actions), anyone else throws a grenade (one action); it deviates like
                             any explosive; no fire passes within 3\" of it; whoever it catches or
                             moves into it tests; at the end of each turn a D6 of 5-6 clears it";

/// An FMA battle at the table.
pub(crate) struct FmaTable<'a> {
    p: Prepared<'a>,
    s: State,
    now: Now,
}

/// The activation under way: its figure, actions spent and what they did;
/// and a figure given one action by a leader.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Now {
    figure: Option<usize>,
    spent: u8,
    act: Activation,
    /// The figure whose last action was an AIM: only its next FIRE is aimed.
    aimer: Option<usize>,
    granted: Option<usize>,
}

impl<'a> FmaTable<'a> {
    pub fn new(setup: &'a BattleSetup, dice: Roller) -> Result<Self, BattleError> {
        let mut p = Prepared::new(setup, true)?;
        // Set-up and loaders are the umpire's to judge at the table (no
        // command for them yet): every gun there fires as a personal weapon.
        for f in &mut p.figures {
            (f.crewed, f.loads_for) = (false, None);
        }
        let mut s = p.start(dice);
        s.turn = 1;
        Ok(FmaTable {
            p,
            s,
            now: Now::default(),
        })
    }

    fn figure(&self, name: &str) -> Result<usize, String> {
        let f =
            self.p.names.iter().position(|n| n == name).ok_or_else(|| {
                format!("no figure `{name}` in this battle (figures are STAND#N)")
            })?;
        if !self.s.places[f].up {
            return Err(format!("`{name}` is down"));
        }
        Ok(f)
    }

    fn run<T>(&mut self, f: impl FnOnce(&mut Battle) -> Result<T, String>) -> Result<T, String> {
        let mut b = Battle {
            p: &self.p,
            s: self.s.clone(),
        };
        let out = f(&mut b)?;
        self.s = b.s;
        Ok(out)
    }

    /// Spends one action of `f`: its activation's, or one a leader gave it.
    fn spend(&mut self, f: usize, name: &str) -> Result<(), String> {
        // An AIM counts only immediately before its figure's FIRE (L621-622).
        self.now.aimer = None;
        if self.now.granted == Some(f) {
            self.now.granted = None;
            return Ok(());
        }
        if self.now.figure != Some(f) {
            return Err(format!("{name} is not activating (activate it first)"));
        }
        if self.now.spent >= 2 {
            return Err(format!("{name} has used both its actions"));
        }
        self.now.spent += 1;
        Ok(())
    }

    fn enemies(&self, a: usize, b: usize) -> Result<(), String> {
        if self.p.figures[a].role == self.p.figures[b].role {
            Err("that is a friendly figure".into())
        } else {
            Ok(())
        }
    }

    /// `smoke FIG at FIG|INCHES [gas|nerve]`: lays a cloud (L1279-1342).
    fn smoke(&mut self, name: &str, aim: &str, rest: &[&str]) -> Result<(), String> {
        let f = self.figure(name)?;
        let agent = match rest {
            [] => Agent::Smoke,
            ["gas"] => Agent::Gas,
            ["nerve"] => Agent::Nerve,
            _ => return Err("write: smoke FIG at FIG|INCHES [gas|nerve]".into()),
        };
        let point = match aim.parse::<f64>() {
            Ok(x) => (x, self.p.ys[f]),
            Err(_) => {
                let t = self.figure(aim)?;
                (self.s.places[t].x, self.p.ys[t])
            }
        };
        self.free_to_act(f, name)?;
        // A refused line spends nothing.
        let before = self.now;
        let laid = self.lay(f, name, point, agent);
        if laid.is_err() {
            self.now = before;
        }
        laid
    }

    fn lay(&mut self, f: usize, name: &str, point: (f64, f64), agent: Agent) -> Result<(), String> {
        let delivery = if self.p.figures[f].arm == Arm::Rocket {
            self.spend(f, name)?;
            Delivery::Rocket
        } else {
            Delivery::HandGrenade
        };
        self.spend(f, name)?;
        self.run(|b| b.lay_cloud(f, point, agent, delivery))
    }

    fn free_to_act(&self, f: usize, name: &str) -> Result<(), String> {
        if self.s.places[f].suppressed {
            Err(format!("{name} is suppressed: it may only rally"))
        } else {
            Ok(())
        }
    }
}

impl TablePlay for FmaTable<'_> {
    /// The battle's state and the activation under way.
    type State = (State, Now);

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
        self.run(|b| {
            b.check_end();
            Ok(())
        })
        .ok();
        self.run(|b| {
            b.disperse_clouds();
            Ok(())
        })
        .ok();
        self.s.turn += 1;
        self.now = Now::default();
        self.run(|b| {
            b.begin_turn_marks();
            Ok(())
        })
        .ok();
    }

    fn act(&mut self, words: &[String]) -> Result<(), String> {
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        match w.as_slice() {
            ["activate", name] => {
                let f = self.figure(name)?;
                if self.s.places[f].activated {
                    return Err(format!("{name} has already activated this turn"));
                }
                // An action a leader passed is taken at once (L1000-1001), not
                // kept for later.
                self.now = Now {
                    figure: Some(f),
                    ..Now::default()
                };
                let lost = self.run(|b| {
                    b.set_activated(f);
                    // Its marker lapses: it may place a fresh one (L949-956).
                    b.set_overwatch(f, false);
                    let q = b.p.figures[f].quality;
                    let m = b.p.figures[f].motivation;
                    let ev = super::events::FmaEvent::Activate {
                        figure: b.name(f),
                        quality: q.name(),
                        motivation: m,
                        inches: b.nearest(f).map_or(0, |(_, d)| d.round() as i64),
                        suppressed: b.s.places[f].suppressed,
                    };
                    b.log(Some(b.p.figures[f].role), move |_| ev);
                    Ok(!b.isolation_test(f))
                })?;
                if lost {
                    self.now.spent = 2;
                }
                Ok(())
            }
            ["move", name, inches] => {
                let f = self.figure(name)?;
                let n: f64 = inches
                    .parse()
                    .map_err(|_| format!("inches is a number, not `{inches}`"))?;
                self.free_to_act(f, name)?;
                let most = self.p.figures[f].burden.inches() as f64;
                if n.abs() > most {
                    return Err(format!("{name} moves at most {most}\" an action"));
                }
                if self.p.figures[f].mounted {
                    return Err(format!("{name} is a vehicle's crewman and does not move"));
                }
                let toward = match self.p.figures[f].role {
                    crate::battle::result::Role::Attacker => -1.0,
                    crate::battle::result::Role::Defender => 1.0,
                };
                let b = Battle {
                    p: &self.p,
                    s: self.s.clone(),
                };
                let from = self.s.places[f].x;
                if b.crosses(from, from + toward * n) && n.abs() > most / 2.0 {
                    return Err(format!(
                        "{name} crosses a hedge or wall: half its move, at most {}\" this action",
                        most / 2.0
                    ));
                }
                self.spend(f, name)?;
                self.now.act.moved = true;
                self.run(|b| {
                    let x = b.s.places[f].x + toward * n;
                    b.set_overwatch(f, false);
                    b.move_to(f, x, "moves");
                    Ok(())
                })
            }
            ["place", name, inches, rest @ ..] => {
                let f = self.figure(name)?;
                let x: f64 = inches
                    .parse()
                    .map_err(|_| format!("inches is a number, not `{inches}`"))?;
                let cover = match rest {
                    [] => None,
                    ["cover", c] => Some(Cover::parse(c)?),
                    _ => return Err("write: place FIG INCHES [cover none|soft|hard]".into()),
                };
                self.run(|b| {
                    // The umpire's placing is no move through a cloud.
                    let clouds = std::mem::take(&mut b.s.clouds);
                    b.move_to(f, x, "is placed");
                    b.s.clouds = clouds;
                    if let Some(c) = cover {
                        b.s.places[f].cover = c;
                    }
                    Ok(())
                })
            }
            ["aim", name] => {
                let f = self.figure(name)?;
                self.free_to_act(f, name)?;
                self.spend(f, name)?;
                self.now.aimer = Some(f);
                self.run(|b| {
                    let ev = super::events::FmaEvent::Aim { figure: b.name(f) };
                    b.log(Some(b.p.figures[f].role), move |_| ev);
                    Ok(())
                })
            }
            ["overwatch", name] => {
                let f = self.figure(name)?;
                self.free_to_act(f, name)?;
                if self.now.figure == Some(f) && self.now.act.moved {
                    return Err(format!("{name} moved this activation: no overwatch"));
                }
                self.spend(f, name)?;
                self.run(|b| {
                    b.set_overwatch(f, true);
                    let ev = super::events::FmaEvent::Overwatch { figure: b.name(f) };
                    b.log(Some(b.p.figures[f].role), move |_| ev);
                    Ok(())
                })
            }
            [verb @ ("fire" | "react" | "watch"), name, "at", target] => {
                let f = self.figure(name)?;
                let t = self.figure(target)?;
                self.enemies(f, t)?;
                self.free_to_act(f, name)?;
                // Reaction and overwatch fire only at the figure activating
                // (L935-943, L945-948).
                if *verb != "fire" && self.now.figure != Some(t) {
                    return Err(format!(
                        "{target} is not activating: {verb} fire is only at the figure activating"
                    ));
                }
                let aimed = match *verb {
                    "fire" => self.now.aimer == Some(f),
                    "watch" => true,
                    _ => false,
                };
                let how = match *verb {
                    "fire" => {
                        self.spend(f, name)?;
                        How::Fire
                    }
                    "react" => {
                        if self.s.places[f].activated {
                            return Err(format!("{name} has already activated this turn"));
                        }
                        if self.now.spent != 1 {
                            return Err(format!(
                                "reaction fire comes between {target}'s first and second actions"
                            ));
                        }
                        How::Reaction
                    }
                    _ => {
                        if !self.s.places[f].overwatch {
                            return Err(format!("{name} has no overwatch marker"));
                        }
                        How::Overwatch
                    }
                };
                self.run(|b| {
                    if b.gun(f).is_none() {
                        return Err(format!("{name} has no gun to fire (or no ammunition)"));
                    }
                    if b.screened(f, t) {
                        return Err(format!("a cloud blocks the line of fire to {target}"));
                    }
                    match how {
                        How::Reaction => b.set_activated(f),
                        How::Overwatch => b.set_overwatch(f, false),
                        How::Fire => {}
                    }
                    b.shoot(f, t, aimed, how).map(|_| ()).ok_or_else(|| {
                        format!(
                            "{target} is {:.0}\" away, beyond {name}'s reach{}",
                            b.dist(f, t),
                            if aimed { " (aimed)" } else { "" }
                        )
                    })
                })
            }
            ["rocket", name, "at", target] => {
                let f = self.figure(name)?;
                let t = self.figure(target)?;
                self.enemies(f, t)?;
                self.free_to_act(f, name)?;
                if self.p.figures[f].arm != Arm::Rocket {
                    return Err(format!("{name} carries no rocket launcher"));
                }
                if self.run(|b| Ok(b.screened(f, t)))? {
                    return Err(format!("a cloud blocks the line of fire to {target}"));
                }
                self.spend(f, name)?;
                self.spend(f, name)?;
                self.run(|b| {
                    b.rocket(f, t);
                    Ok(())
                })
            }
            ["close", name, "at", target] => {
                let f = self.figure(name)?;
                let t = self.figure(target)?;
                self.enemies(f, t)?;
                self.free_to_act(f, name)?;
                let b = Battle {
                    p: &self.p,
                    s: self.s.clone(),
                };
                let charge = !b.in_contact(f, t);
                if charge {
                    // A MOVE into base contact, then the fight (L619, L623-625).
                    let most = self.p.figures[f].burden.inches() as f64;
                    match b.charge_length(f, t) {
                        None => {
                            return Err(format!(
                                "{target} is not straight ahead of {name} (figures keep their place across the table)"
                            ))
                        }
                        Some(l) if l > most + 1e-9 => {
                            return Err(format!(
                                "{target} is {l:.0}\" from base contact, beyond {name}'s move of {most}\""
                            ))
                        }
                        Some(_) => {}
                    }
                    if self.p.figures[f].mounted {
                        return Err(format!("{name} is a vehicle's crewman and does not move"));
                    }
                    if self.now.figure != Some(f) || self.now.spent != 0 {
                        return Err(format!(
                            "{name} is not in base contact: a charge is a MOVE and the fight, both actions"
                        ));
                    }
                    self.spend(f, name)?;
                    self.now.act.moved = true;
                }
                self.spend(f, name)?;
                self.run(|b| {
                    if charge {
                        b.set_overwatch(f, false);
                        b.charge(f, t);
                    }
                    b.close_combat(f, t);
                    Ok(())
                })
            }
            ["smoke", name, "at", aim, rest @ ..] => self.smoke(name, aim, rest),
            ["rally", name] => {
                let f = self.figure(name)?;
                if !self.s.places[f].suppressed {
                    return Err(format!("{name} is not suppressed"));
                }
                self.spend(f, name)?;
                self.run(|b| {
                    b.rally(f);
                    Ok(())
                })
            }
            ["transfer", leader, "to", name] => {
                let l = self.figure(leader)?;
                let f = self.figure(name)?;
                if !self.p.figures[l].leader {
                    return Err(format!(
                        "{leader} is not a leader (the first figure of a stand is)"
                    ));
                }
                if self.p.figures[l].role != self.p.figures[f].role || l == f {
                    return Err("a leader passes actions to another friendly figure".into());
                }
                let radius = self.p.figures[l].quality.sides() as f64;
                self.free_to_act(l, leader)?;
                self.spend(l, leader)?;
                let passed = self.run(|b| {
                    let d = b.dist(l, f);
                    if d > radius {
                        return Err(format!(
                            "{name} is {d:.0}\" away, beyond {leader}'s command radius of {radius}\""
                        ));
                    }
                    // At the table the friend's action is the umpire's next line.
                    Ok(b.transfer(l, f))
                })?;
                if passed {
                    self.now.granted = Some(f);
                }
                Ok(())
            }
            ["test", name, rest @ ..] => {
                let f = self.figure(name)?;
                let m = match rest {
                    [] => 0,
                    ["mod", n] => n
                        .parse()
                        .map_err(|_| format!("mod is a whole number, not `{n}`"))?,
                    _ => return Err("write: test FIG [mod N]".into()),
                };
                self.run(|b| {
                    b.reaction_test(f, "the umpire's call", m);
                    Ok(())
                })
            }
            _ => Err(format!("unknown line `{}`; try help", words.join(" "))),
        }
    }

    fn status(&self) -> String {
        let mut out = format!("turn {}\n", self.s.turn);
        for (f, fig) in self.p.figures.iter().enumerate() {
            let pl = &self.s.places[f];
            let state = if pl.dead {
                "dead"
            } else if !pl.up {
                "down"
            } else if pl.suppressed {
                "suppressed"
            } else {
                "up"
            };
            out += &format!(
                "{} ({}) {}/{} armour {} {} at {:.0}\" {}{}{}{}\n",
                self.p.names[f],
                fig.role.as_str(),
                fig.quality,
                fig.motivation,
                fig.armour,
                match fig.arm {
                    Arm::Gun(w) => w.name(),
                    Arm::Rocket => "rocket launcher",
                },
                pl.x,
                match pl.cover {
                    Cover::None => "open",
                    Cover::Soft => "soft cover",
                    Cover::Hard => "hard cover",
                },
                if fig.leader { ", leader" } else { "" },
                if pl.overwatch { ", overwatch" } else { "" },
                if pl.activated && pl.up {
                    format!(", {state}, activated")
                } else {
                    format!(", {state}")
                },
            );
        }
        for c in &self.s.clouds {
            out += &format!("{:?} cloud at {:.0}\" across {:.0}\"\n", c.agent, c.x, c.y)
                .to_lowercase();
        }
        out
    }

    fn events(&self) -> &[Event] {
        self.s.log.events()
    }

    fn events_mut(&mut self) -> &mut Vec<Event> {
        self.s.log.events_mut()
    }

    fn save(&self) -> (State, Now) {
        (self.s.clone(), self.now)
    }

    fn load(&mut self, state: (State, Now)) {
        (self.s, self.now) = state;
    }

    fn finish(&self, winner: Winner, reason: String) -> BattleResult {
        let b = Battle {
            p: &self.p,
            s: self.s.clone(),
        };
        b.finish(Some((winner, reason)))
    }
}

#[cfg(test)]
mod tests;
