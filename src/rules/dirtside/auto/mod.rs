//! The Dirtside auto-resolver: campaign units become Dirtside units, stands
//! become elements, and the battle is fought by alternate unit activations on
//! a one-line table (each unit's distance in inches from the defenders' line).
//! Every roll and chit draw is logged as a typed event.

pub mod events;
mod fight;
pub mod table;

use crate::battle::event::Event;
use crate::battle::result::{
    BattleResult, Damage, DamageKind, Knockout, Role, StandOutcome, UnitCarryOver, Winner,
};
use crate::battle::ruleset::{BattleError, PreparedBattle};
use crate::battle::setup::BattleSetup;
use crate::core::dice::Roller;
use crate::core::kinds::{Cover as CampaignCover, StandType, Status};
use crate::rules::dirtside::chits::{Chit, Pot};
use crate::rules::dirtside::confidence::Level;
use crate::rules::dirtside::elements::{self, Make};
use crate::rules::dirtside::infantry::Class;
use crate::rules::dirtside::quality::Quality;
use events::DsEvent;

/// Days a damaged or immobilised vehicle is out after the battle.
pub const REPAIR_DAYS: i64 = 2;
/// Leadership of an off-table command, for rallies when none is on the table.
pub const OFF_TABLE_COMMAND: i64 = 3;

/// Where a unit stands: its cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Post {
    Open,
    Soft,
    Dug,
}

impl Post {
    fn name(self) -> &'static str {
        match self {
            Post::Open => "in the open",
            Post::Soft => "in soft cover",
            Post::Dug => "dug in",
        }
    }
}

/// One element (a stand) in the battle.
#[derive(Debug, Clone, Copy)]
pub struct Element {
    pub role: Role,
    pub unit: usize,
    pub make: Make,
    /// People able to fight at the start.
    pub people: i64,
    pub commander: bool,
    pub alive: bool,
    pub damaged: bool,
    pub immobilised: bool,
    pub systems_down: bool,
    /// Counted once among its unit's losses.
    pub lost: bool,
    pub knockout: Option<Knockout>,
    pub fired: bool,
    pub under_fire: bool,
    pub ammo_spent: i64,
}

impl Element {
    pub fn is_vehicle(&self) -> bool {
        matches!(self.make, Make::Vehicle { .. })
    }
    pub fn armour(&self) -> Option<i64> {
        match self.make {
            Make::Vehicle { stats, .. } => Some(stats.armour),
            Make::Team { .. } => None,
        }
    }
    pub fn powered(&self) -> bool {
        matches!(
            self.make,
            Make::Team {
                class: Class::Powered,
                ..
            }
        )
    }
    /// Movement factor now (half when damaged, none when immobilised).
    pub fn mf(&self) -> i64 {
        let base = match self.make {
            Make::Vehicle { stats, .. } => stats.mobility.base_mf(),
            Make::Team { class, .. } => match class {
                Class::Powered => 6,
                _ => 2,
            },
        };
        if self.immobilised {
            0
        } else if self.damaged {
            base / 2
        } else {
            base
        }
    }
}

/// One unit in the battle.
#[derive(Debug, Clone, Copy)]
pub struct Unit {
    pub role: Role,
    pub quality: Quality,
    pub leadership: i64,
    pub level: Level,
    /// Elements at the start.
    pub start: usize,
    pub leader: usize,
    pub command: bool,
    pub first_loss: bool,
    pub half_tested: bool,
    pub marker: bool,
    pub activated: bool,
    pub out: bool,
    pub attacked_before: bool,
    pub skip_next: bool,
    pub evading: bool,
    pub dist: i64,
    pub post: Post,
    /// Inches moved in the current activation.
    pub moved: i64,
}

/// The battle's pieces built once; each run starts from a copy.
pub(crate) struct Prepared<'a> {
    pub(crate) setup: &'a BattleSetup,
    pub(crate) log: bool,
    pub(crate) codes: Vec<&'a str>,
    pub(crate) unit_codes: Vec<&'a str>,
    pub(crate) members: Vec<Vec<usize>>,
    pub(crate) elements: Vec<Element>,
    pub(crate) units: Vec<Unit>,
    pub(crate) pot: Vec<Chit>,
    pub(crate) range_in: i64,
}

/// Everything that changes while a battle is fought; cloned for `undo`.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) dice: Roller,
    pub(crate) pot: Vec<Chit>,
    pub(crate) elements: Vec<Element>,
    pub(crate) units: Vec<Unit>,
    pub(crate) turn: u32,
    pub(crate) events: Vec<Event>,
    pub(crate) command_lost: [bool; 2],
    /// The winner and why, once a side has broken.
    pub(crate) over: Option<(Winner, String)>,
}

pub(crate) fn ri(r: Role) -> usize {
    match r {
        Role::Attacker => 0,
        Role::Defender => 1,
    }
}

impl<'a> Prepared<'a> {
    pub(crate) fn new(setup: &'a BattleSetup, log: bool) -> Result<Self, BattleError> {
        let pot = Pot::from_options(&setup.options).map_err(BattleError::Setup)?;
        let range_in = ((setup.range_cm as f64) / 2.54).round() as i64;
        let mut p = Prepared {
            setup,
            log,
            codes: Vec::new(),
            unit_codes: Vec::new(),
            members: Vec::new(),
            elements: Vec::new(),
            units: Vec::new(),
            pot: pot.chits(),
            range_in,
        };
        for role in [Role::Attacker, Role::Defender] {
            let force = setup.force(role);
            if force.stands.is_empty() {
                return Err(BattleError::NoForce {
                    battle: setup.code.clone(),
                    role: role.as_str(),
                });
            }
            let post = match (role, setup.defender_cover) {
                (Role::Attacker, _) | (_, CampaignCover::Open) => Post::Open,
                (_, CampaignCover::Cover) => Post::Soft,
                (_, CampaignCover::Bunker) => Post::Dug,
            };
            for s in &force.stands {
                let u = match (0..p.units.len())
                    .find(|&u| p.units[u].role == role && p.unit_codes[u] == s.unit)
                {
                    Some(u) => u,
                    None => {
                        let us = force.units.iter().find(|x| x.code == s.unit);
                        p.units.push(Unit {
                            role,
                            quality: Quality::Green,
                            leadership: us.map(|x| x.leadership.clamp(1, 3)).unwrap_or(2),
                            level: us
                                .map(|x| Level::from_campaign(x.confidence))
                                .unwrap_or(Level::Confident),
                            start: 0,
                            leader: p.elements.len(),
                            command: false,
                            first_loss: false,
                            half_tested: false,
                            marker: false,
                            activated: false,
                            out: false,
                            attacked_before: false,
                            skip_next: false,
                            evading: false,
                            dist: if role == Role::Attacker { range_in } else { 0 },
                            post,
                            moved: 0,
                        });
                        p.unit_codes.push(&s.unit);
                        p.members.push(Vec::new());
                        p.units.len() - 1
                    }
                };
                let over = setup.options.get(&elements::override_key(&s.code));
                let make =
                    elements::make(s, over.map(String::as_str)).map_err(BattleError::Setup)?;
                p.members[u].push(p.elements.len());
                p.codes.push(&s.code);
                p.elements.push(Element {
                    role,
                    unit: u,
                    make,
                    people: (s.men - s.hits).max(0),
                    commander: s.stand_type == StandType::Commander,
                    alive: true,
                    damaged: false,
                    immobilised: false,
                    systems_down: false,
                    lost: false,
                    knockout: None,
                    fired: false,
                    under_fire: false,
                    ammo_spent: 0,
                });
            }
        }
        for (u, unit) in p.units.iter_mut().enumerate() {
            let ms = &p.members[u];
            unit.start = ms.len();
            // The leader: a commander or officer's stand, else the first.
            let stands: Vec<&crate::battle::setup::StandSetup> = ms
                .iter()
                .filter_map(|&e| {
                    setup
                        .force(unit.role)
                        .stands
                        .iter()
                        .find(|s| s.code == p.codes[e])
                })
                .collect();
            unit.leader = ms
                .iter()
                .zip(&stands)
                .find(|(_, s)| s.stand_type == StandType::Commander || s.officer)
                .map(|(e, _)| *e)
                .unwrap_or(ms[0]);
            unit.command = stands.iter().all(|s| s.stand_type == StandType::Commander);
            // The unit's quality: the commonest among its stands, the better on a tie.
            let mut tally = [0usize; 3];
            for s in &stands {
                tally[Quality::of_stand(s.training, s.actions) as usize] += 1;
            }
            let best = *tally.iter().max().unwrap_or(&0);
            unit.quality = Quality::ALL
                .into_iter()
                .rev()
                .find(|q| tally[*q as usize] == best)
                .unwrap_or(Quality::Green);
        }
        Ok(p)
    }

    pub(crate) fn start(&self, dice: Roller) -> State {
        State {
            dice,
            pot: self.pot.clone(),
            elements: self.elements.clone(),
            units: self.units.clone(),
            turn: 0,
            events: Vec::new(),
            command_lost: [false; 2],
            over: None,
        }
    }
}

impl PreparedBattle for Prepared<'_> {
    fn fight(&self, seed: u64) -> BattleResult {
        let mut b = Battle {
            p: self,
            s: self.start(Roller::seeded(seed)),
        };
        b.setup_event();
        while b.s.over.is_none() && b.s.turn < self.setup.turn_limit.max(1) {
            b.turn();
        }
        b.finish(None)
    }
}

/// A battle being fought: the prepared pieces and the changing state.
pub(crate) struct Battle<'p, 'a> {
    pub(crate) p: &'p Prepared<'a>,
    pub(crate) s: State,
}

impl Battle<'_, '_> {
    pub(crate) fn log(&mut self, side: Option<Role>, what: DsEvent) {
        if self.p.log {
            self.s.events.push(Event::of(self.s.turn, side, &what));
        }
    }

    pub(crate) fn code(&self, e: usize) -> String {
        self.p.codes[e].to_string()
    }

    pub(crate) fn ucode(&self, u: usize) -> String {
        self.p.unit_codes[u].to_string()
    }

    fn setup_event(&mut self) {
        let count = |r| self.p.units.iter().filter(|u| u.role == r).count();
        let ev = DsEvent::Setup {
            attacker_units: count(Role::Attacker),
            defender_units: count(Role::Defender),
            range_in: self.p.range_in,
            cover: match self.p.setup.defender_cover {
                CampaignCover::Open => Post::Open.name(),
                CampaignCover::Cover => Post::Soft.name(),
                CampaignCover::Bunker => Post::Dug.name(),
            },
            pot: self.p.pot.len() as u32,
        };
        self.log(None, ev);
    }

    /// The result; `called` is the umpire's decision in a played battle.
    pub(crate) fn finish(mut self, called: Option<(Winner, String)>) -> BattleResult {
        let (winner, reason) = called.or_else(|| self.s.over.clone()).unwrap_or_else(|| {
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
            DsEvent::End {
                winner: winner.as_str(),
                turns,
                reason: reason.clone(),
            },
        );
        let stands = self
            .s
            .elements
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let damage = if e.alive && e.is_vehicle() && (e.damaged || e.immobilised) {
                    Some(Damage {
                        kind: if e.damaged {
                            DamageKind::Damaged
                        } else {
                            DamageKind::Immobilised
                        },
                        repair_days: REPAIR_DAYS,
                    })
                } else {
                    None
                };
                StandOutcome {
                    code: self.p.codes[i].to_string(),
                    role: e.role,
                    hits_taken: if e.alive { 0 } else { e.people },
                    status_after: if e.alive {
                        Status::Effective
                    } else {
                        Status::Destroyed
                    },
                    fired: e.fired,
                    under_fire: e.under_fire,
                    ammo_spent: e.ammo_spent,
                    captured: 0,
                    killed: 0,
                    knockout: e.knockout,
                    damage,
                }
            })
            .collect();
        let units = self
            .s
            .units
            .iter()
            .enumerate()
            .map(|(u, x)| UnitCarryOver {
                unit: self.p.unit_codes[u].to_string(),
                confidence: x.level.campaign(),
            })
            .collect();
        BattleResult {
            ruleset: "dirtside".into(),
            seed: self.s.dice.seed(),
            winner,
            turns,
            end_reason: reason,
            stands,
            units,
            events: self.s.events,
        }
    }
}
