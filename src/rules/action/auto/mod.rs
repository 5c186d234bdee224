//! The ACTION auto-resolver: stands become elements on a square grid (1 grid
//! = 1 inch), defenders in a line at row 0 and attackers at the opening range,
//! two grids between neighbours. Each turn: group morale, an initiative d100
//! per element, defenders with nobody in reach ready themselves, then action
//! phases until every action point is spent or every element is done. Every
//! roll is logged as a typed event.

pub mod events;
mod fight;
pub mod table;

use crate::battle::event::Event;
use crate::battle::event::Happening;
use crate::battle::group_morale::{test_order, Group, Member};
use crate::battle::result::{BattleResult, Knockout, Role, StandOutcome, Winner};
use crate::battle::ruleset::{BattleError, PreparedBattle};
use crate::battle::setup::{BattleSetup, BiaProfile};
use crate::battle::shared_events::Shared;
use crate::core::dice::Roller;
use crate::core::kinds::{AircraftSpeed, Cover, StandType, Status, Weapon};
use crate::rules::action::mapping::{self, Mapped};
use crate::rules::action::movement::Terrain;
use crate::rules::action::range::{grids_from_cm, Grid};
use crate::rules::action::weapons;
use events::ActEvent;

/// Grids between neighbouring elements of a line.
pub const SPACING: i64 = 2;
/// Attackers stop closing at this many grids (BiA's 5 cm: no close assault).
pub const CLOSEST: i64 = 2;
/// The least opening range in grids (the text: at least 3 apart).
pub const LEAST_OPENING: i64 = 3;
/// Artillery stands this many grids behind its line (BiA's 30 cm).
pub const ARTILLERY_BACK: i64 = 12;
/// The campaign option naming the ground's movement row.
pub const TERRAIN_OPTION: &str = "terrain";

/// Where an element is in the fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Fighting,
    /// Reached its BiA ineffective threshold and left for the aid post.
    Withdrawn,
    /// LL 0, or hits at the destroyed threshold.
    Out,
    /// Its group failed a morale test and withdrew in good order.
    Left,
}

/// One element (a stand) in the battle.
#[derive(Debug, Clone, Copy)]
pub struct Piece {
    pub role: Role,
    pub group: usize,
    pub m: Mapped,
    pub weapon: Option<Weapon>,
    /// The stand's BiA numbers (weapon by band, lock-on, attack range).
    pub bia: BiaProfile,
    /// Set for aircraft: they attack from the air at their speed's range.
    pub air: Option<AircraftSpeed>,
    pub artillery: bool,
    pub pos: Grid,
    /// People able to fight at the start.
    pub people: i64,
    pub hits_before: i64,
    pub morale: i64,
    pub ll: i64,
    /// LL lost in this battle: people hit.
    pub hits: i64,
    pub ap: i64,
    pub state: State,
    /// Readied: against one element, or any that comes into range (`None`).
    pub ready: Option<Option<usize>>,
    /// Readied against this element this turn (for the +1 even after firing).
    pub readied_on: Option<Option<usize>>,
    pub moved: bool,
    pub injured: bool,
    pub attacked: bool,
    pub done: bool,
    /// AP put into the current grid move.
    pub progress: i64,
    pub initiative: i64,
    pub fired: bool,
    pub fired_this_turn: bool,
    pub under_fire: bool,
    pub ammo: i64,
    pub ammo_spent: i64,
    pub knockout: Option<Knockout>,
}

impl Piece {
    pub fn fighting(&self) -> bool {
        self.state == State::Fighting
    }
    pub fn is_aircraft(&self) -> bool {
        self.air.is_some()
    }
    pub fn ad(&self) -> bool {
        self.bia.air_defence()
    }
    pub fn area_radius(&self) -> Option<i64> {
        self.weapon.and_then(weapons::area_radius)
    }
    /// Weapons with real penetration take armour first.
    pub fn anti_armour(&self) -> bool {
        self.bia
            .bands
            .iter()
            .flatten()
            .filter_map(|c| c.pen)
            .max()
            .is_some_and(|p| p >= 2)
    }
    pub fn can_move(&self) -> bool {
        self.m.move_grids > 0 && !self.is_aircraft() && !self.artillery
    }
}

/// The battle's pieces built once; each run starts from a copy.
pub(crate) struct Prepared<'a> {
    pub(crate) setup: &'a BattleSetup,
    pub(crate) log: bool,
    pub(crate) codes: Vec<&'a str>,
    pub(crate) group_codes: Vec<&'a str>,
    pub(crate) pieces: Vec<Piece>,
    pub(crate) groups: Vec<Group>,
    pub(crate) range: i64,
    pub(crate) terrain: Terrain,
}

/// Everything that changes while a battle is fought; cloned for `undo`.
#[derive(Clone)]
pub(crate) struct Fight {
    pub(crate) dice: Roller,
    pub(crate) pieces: Vec<Piece>,
    pub(crate) groups: Vec<Group>,
    pub(crate) turn: u32,
    pub(crate) phase: u32,
    pub(crate) order: Vec<usize>,
    pub(crate) events: Vec<Event>,
    /// Set when the attackers give up because neither side can hurt the other.
    pub(crate) stalemate: bool,
}

/// The ground's movement row from the campaign option (default open ground).
pub fn terrain_of(setup: &BattleSetup) -> Result<Terrain, String> {
    match setup.options.get(TERRAIN_OPTION) {
        Some(t) => Terrain::parse(t),
        None => Ok(Terrain::Open),
    }
}

impl<'a> Prepared<'a> {
    pub(crate) fn new(setup: &'a BattleSetup, log: bool) -> Result<Self, BattleError> {
        let terrain = terrain_of(setup).map_err(BattleError::Setup)?;
        let range = grids_from_cm(setup.range_cm).max(LEAST_OPENING);
        let mut p = Prepared {
            setup,
            log,
            codes: Vec::new(),
            group_codes: Vec::new(),
            pieces: Vec::new(),
            groups: Vec::new(),
            range,
            terrain,
        };
        for role in [Role::Attacker, Role::Defender] {
            let force = setup.force(role);
            if force.stands.is_empty() {
                return Err(BattleError::NoForce {
                    battle: setup.code.clone(),
                    role: role.as_str(),
                });
            }
            let ground = force
                .stands
                .iter()
                .filter(|s| s.stand_type != StandType::Aircraft)
                .count() as i64;
            let mut column = 0;
            for s in &force.stands {
                let g = match (0..p.groups.len())
                    .find(|&g| p.groups[g].role == role && p.group_codes[g] == s.command)
                {
                    Some(g) => g,
                    None => {
                        p.groups.push(Group::of(role, &[]));
                        p.group_codes.push(&s.command);
                        p.groups.len() - 1
                    }
                };
                let m = mapping::map(s);
                let air = (s.stand_type == StandType::Aircraft)
                    .then(|| s.speed.unwrap_or(AircraftSpeed::Slow));
                let artillery = s.stand_type == StandType::Artillery;
                let x = if air.is_some() {
                    0
                } else {
                    column += 1;
                    SPACING * (column - 1) - SPACING * (ground - 1) / 2
                };
                let line = if role == Role::Attacker { range } else { 0 };
                let back = if artillery { ARTILLERY_BACK } else { 0 };
                let y = match role {
                    Role::Attacker => line + back,
                    Role::Defender => line - back,
                };
                p.codes.push(&s.code);
                p.pieces.push(Piece {
                    role,
                    group: g,
                    m,
                    weapon: s.weapon,
                    bia: s.bia,
                    air,
                    artillery,
                    pos: (x, y),
                    people: (s.men - s.hits).max(0),
                    hits_before: s.hits,
                    morale: i64::from(s.morale.morale),
                    ll: m.element.life_levels,
                    hits: 0,
                    ap: 0,
                    state: State::Fighting,
                    ready: None,
                    readied_on: None,
                    moved: false,
                    injured: false,
                    attacked: false,
                    done: false,
                    progress: 0,
                    initiative: 0,
                    fired: false,
                    fired_this_turn: false,
                    under_fire: false,
                    ammo: s.ammo,
                    ammo_spent: 0,
                    knockout: None,
                });
            }
        }
        for (i, g) in p.groups.iter_mut().enumerate() {
            let members: Vec<Member> = p
                .pieces
                .iter()
                .filter(|x| x.group == i)
                .map(|x| Member {
                    morale: x.morale,
                    people: x.people,
                    strength: (x.m.ineffective_at - x.hits_before).clamp(0, x.people),
                })
                .collect();
            *g = Group::of(g.role, &members);
        }
        Ok(p)
    }

    pub(crate) fn start(&self, dice: Roller) -> Fight {
        Fight {
            dice,
            pieces: self.pieces.clone(),
            groups: self.groups.clone(),
            turn: 0,
            phase: 0,
            order: Vec::new(),
            events: Vec::new(),
            stalemate: false,
        }
    }
}

impl PreparedBattle for Prepared<'_> {
    fn fight(&self, seed: u64) -> BattleResult {
        let mut b = Battle {
            p: self,
            s: self.start(Roller::seeded(seed)),
        };
        b.setup_events();
        while b.over().is_none() && b.s.turn < self.setup.turn_limit.max(1) {
            b.auto_turn();
        }
        b.finish(None)
    }
}

/// A battle being fought: the prepared pieces and the changing state.
pub(crate) struct Battle<'p, 'a> {
    pub(crate) p: &'p Prepared<'a>,
    pub(crate) s: Fight,
}

fn cover_name(c: Cover) -> &'static str {
    match c {
        Cover::Open => "defenders in the open",
        Cover::Cover => "defenders in cover",
        Cover::Bunker => "defenders in bunkers",
    }
}

impl Battle<'_, '_> {
    pub(crate) fn log<H: Happening>(&mut self, side: Option<Role>, what: H) {
        if self.p.log {
            self.s.events.push(Event::of(self.s.turn, side, &what));
        }
    }

    pub(crate) fn code(&self, i: usize) -> String {
        self.p.codes[i].to_string()
    }

    pub(crate) fn setup_events(&mut self) {
        if !self.p.log {
            return;
        }
        let count = |r| self.p.pieces.iter().filter(|x| x.role == r).count();
        let ev = ActEvent::Setup {
            attackers: count(Role::Attacker),
            defenders: count(Role::Defender),
            range_grids: self.p.range,
            cover: cover_name(self.p.setup.defender_cover),
            terrain: self.p.terrain.name(),
        };
        self.log(None, ev);
        for i in 0..self.p.pieces.len() {
            let e = self.p.pieces[i].m.element;
            let ev = ActEvent::Element {
                stand: self.code(i),
                combat_skill: e.combat_skill,
                evasion: e.evasion,
                protective: e.protective,
                weapon: e.weapon,
                life_levels: e.life_levels,
                action_points: e.action_points,
                design_points: e.design_points().total,
            };
            self.log(Some(self.p.pieces[i].role), ev);
        }
    }

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

    /// Casualties of a group: people hit.
    fn casualties_of(&self, g: usize) -> i64 {
        self.s
            .pieces
            .iter()
            .filter(|x| x.group == g)
            .map(|x| x.hits)
            .sum()
    }

    /// A group's test if it has reached a threshold it has not tested; returns
    /// whether a test was taken.
    pub(crate) fn test_group(&mut self, g: usize) -> bool {
        if !self.s.pieces.iter().any(|x| x.group == g && x.fighting()) {
            return false;
        }
        let cas = self.casualties_of(g);
        let Some(t) = self.s.groups[g].test(cas, &mut self.s.dice) else {
            return false;
        };
        let role = self.s.groups[g].role;
        let ev = Shared::group_morale(self.p.group_codes[g], &t);
        self.log(Some(role), ev);
        if !t.passed {
            for x in self
                .s
                .pieces
                .iter_mut()
                .filter(|x| x.group == g && x.fighting())
            {
                x.state = State::Left;
            }
        }
        true
    }

    /// Group tests between turns, in BiA's order.
    pub(crate) fn morale_phase(&mut self) {
        for g in test_order(&self.s.groups) {
            self.test_group(g);
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

/// The campaign status an element ends in.
pub fn status_of(x: &Piece) -> Status {
    match x.state {
        State::Fighting | State::Left => Status::Effective,
        State::Withdrawn => Status::Ineffective,
        State::Out => Status::Destroyed,
    }
}
