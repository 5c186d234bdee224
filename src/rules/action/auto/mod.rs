//! The ACTION auto-resolver: stands become elements on a square grid (1 grid
//! = 1 inch), defenders in a line at row 0 and attackers at the opening range,
//! two grids between neighbours. Each turn: group morale, an initiative d100
//! per element, defenders with nobody in reach ready themselves, then action
//! phases until every action point is spent or every element is done. Every
//! roll is logged as a typed event.
//!
//! Here: the elements and groups, the prepared battle, the state of one fight
//! and the turn loop. Each part adds its own `impl Battle` from a file beside
//! this one: `setup`, `fight` (the turn), `movement`, `fire` (attacks and
//! their damage), `morale` (group tests), `finish`.

mod chooser;
pub mod events;
mod fast;
mod fight;
mod finish;
mod fire;
mod morale;
mod movement;
mod search;
mod setup;
mod sight;
pub mod table;

use std::cell::Cell;

use crate::battle::drive::{play_out, TurnByTurn};
use crate::battle::event::Happening;
use crate::battle::finish::Fate;
use crate::battle::group_morale::Group;
use crate::battle::log::Log;
use crate::battle::result::{BattleResult, Knockout, Role};
use crate::battle::ruleset::{PreparedBattle, RunSummary};
use crate::battle::setup::{BattleSetup, BiaProfile};
use crate::core::dice::Roller;
use crate::core::kinds::{AircraftSpeed, Status, Weapon};
use crate::rules::action::mapping::Mapped;
use crate::rules::action::movement::Terrain;
use crate::rules::action::range::Grid;
use crate::rules::action::weapons;

/// Grids between neighbouring elements of a line.
pub const SPACING: i64 = 2;
/// Attackers stop closing at this many grids (BiA's 5 cm: no close assault).
pub const CLOSEST: i64 = 2;
/// Where the ground limits sight, the opening range is at most this many
/// grids beyond it: an ACTION game starts within sight (L128), not a march
/// of twenty turns through heavy forest.
pub(crate) const OPENING_BEYOND_SIGHT: i64 = 3;

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
    /// LL 0: inactive (rules text L109-111).
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
    /// Action points left this turn, for attacks or movement.
    pub ap: i64,
    /// Movement-only points left this turn (spent on moves before `ap`).
    pub move_ap: i64,
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
    /// The action phase it last acted in this turn (0: not yet): one action
    /// a phase (L155).
    pub acted_in: u32,
    /// A Ready on a location (column, row) rather than an element.
    pub ready_at: Option<Grid>,
    pub initiative: i64,
    pub fired: bool,
    pub fired_this_turn: bool,
    pub under_fire: bool,
    pub ammo: i64,
    pub ammo_spent: i64,
    pub knockout: Option<Knockout>,
}

impl Piece {
    /// Puts back what a battle changes from `start`, the same element as it
    /// began; the rest (profile, weapon, group) never changes. Every field
    /// is named, so a new one must be sorted here.
    pub(crate) fn reset_to(&mut self, start: &Piece) {
        let Piece {
            role: _,
            group: _,
            m: _,
            weapon: _,
            bia: _,
            air: _,
            artillery: _,
            people: _,
            hits_before: _,
            morale: _,
            pos,
            ll,
            hits,
            ap,
            move_ap,
            state,
            ready,
            readied_on,
            moved,
            injured,
            attacked,
            done,
            progress,
            acted_in,
            ready_at,
            initiative,
            fired,
            fired_this_turn,
            under_fire,
            ammo,
            ammo_spent,
            knockout,
        } = *start;
        (
            self.pos,
            self.ll,
            self.hits,
            self.ap,
            self.move_ap,
            self.state,
        ) = (pos, ll, hits, ap, move_ap, state);
        (self.ready, self.readied_on, self.ready_at) = (ready, readied_on, ready_at);
        (self.moved, self.injured, self.attacked, self.done) = (moved, injured, attacked, done);
        (self.progress, self.acted_in, self.initiative) = (progress, acted_in, initiative);
        (self.fired, self.fired_this_turn, self.under_fire) = (fired, fired_this_turn, under_fire);
        (self.ammo, self.ammo_spent, self.knockout) = (ammo, ammo_spent, knockout);
    }

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
        self.weapon.and_then(|w| weapons::area_radius(&self.bia, w))
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
    /// Where the element is, as the end of a battle counts it.
    pub fn fate(&self) -> Fate {
        match self.state {
            State::Fighting => Fate::Fighting,
            State::Left => Fate::Left,
            State::Out => Fate::Destroyed,
        }
    }

    pub fn can_move(&self) -> bool {
        self.m.mobile
    }
}

/// The battle's pieces built once; each run starts from a copy.
pub(crate) struct Prepared<'a> {
    /// Which prepared battle this is in the process (a spare fight from
    /// the same one needs only its changing fields put back).
    pub(crate) id: u64,
    pub(crate) setup: &'a BattleSetup,
    pub(crate) log: bool,
    pub(crate) codes: Vec<&'a str>,
    pub(crate) group_codes: Vec<&'a str>,
    pub(crate) pieces: Vec<Piece>,
    pub(crate) groups: Vec<Group>,
    pub(crate) range: i64,
    pub(crate) terrain: Terrain,
    /// Action points a grid of the ground costs (`terrain.ap()`, read once).
    pub(crate) move_cost: i64,
    /// The ground's sight limit and forest cover, read once from its row.
    pub(crate) sight: Option<i64>,
    pub(crate) forest_cover: bool,
    /// Per-element numbers looked up on every action.
    pub(crate) tables: fast::Tables,
    /// Each element's place among equal initiative rolls and how many
    /// places there are (`sequence::tie_ranks`): evasion and side never
    /// change, so initiative counts rather than sorts.
    pub(crate) ties: Option<(Vec<u8>, usize)>,
    /// Each element's scatter radius (`weapons::scatter_radius` of its
    /// weapon), read on every attack.
    pub(crate) scatter: Vec<Option<i64>>,
    /// The same, as each element's target choice reads them.
    pub(crate) choosers: Vec<chooser::Chooser>,
    /// The order of the groups' morale tests (it depends on nothing that
    /// changes in a battle).
    pub(crate) morale_order: Vec<usize>,
    /// The ground every fight starts from, built once.
    pub(crate) ground: Option<Ground>,
    /// The counts and lists a fight starts from (see `Fight`).
    pub(crate) standing: [usize; 2],
    pub(crate) group_fighting: Vec<usize>,
    pub(crate) fliers: [Vec<usize>; 2],
    /// Each group's elements, in index order: a group that withdraws
    /// takes them out without a pass over every piece.
    pub(crate) members: Vec<Vec<usize>>,
}

/// Who stands where at the start: the lists and the grid the searches use.
#[derive(Clone)]
pub(crate) struct Ground {
    pub(crate) lines: [fast::Line; 2],
    pub(crate) armour_lines: [fast::Line; 2],
    pub(crate) occupied: fast::Occupancy,
}

/// Everything that changes while a battle is fought; cloned for `undo`.
#[derive(Clone)]
pub(crate) struct Fight {
    /// The `Prepared::id` it was started from.
    pub(crate) from: u64,
    pub(crate) dice: Roller,
    pub(crate) pieces: Vec<Piece>,
    pub(crate) groups: Vec<Group>,
    pub(crate) turn: u32,
    pub(crate) phase: u32,
    pub(crate) order: Vec<usize>,
    /// Room the turn reuses, run after run: initiative's entries and
    /// sort keys, and who may still act this turn.
    pub(crate) entries: Vec<crate::rules::action::sequence::Entry>,
    pub(crate) keys: Vec<u64>,
    pub(crate) counts: Vec<u32>,
    pub(crate) room: Vec<u64>,
    pub(crate) active: Vec<usize>,
    /// Room for who stands under an area attack's template.
    pub(crate) under: Vec<usize>,
    /// The battle's log: on for a fought or played battle, off for odds.
    pub(crate) log: Log,
    /// Set when the attackers give up because neither side can hurt the other.
    pub(crate) stalemate: bool,
    /// Which element stands on each grid of the ground (one a grid, L171).
    pub(crate) occupied: fast::Occupancy,
    /// How many elements of each side are still fighting.
    pub(crate) standing: [usize; 2],
    /// Each group's people hit and elements still fighting.
    pub(crate) group_hits: Vec<i64>,
    pub(crate) group_fighting: Vec<usize>,
    /// Each group's casualties when it last had no test due (-1: none
    /// yet): until they change, none is due (see `test_group`).
    pub(crate) no_test_at: Vec<i64>,
    /// How many elements hold a Ready.
    pub(crate) readied: usize,
    /// Each side's elements on the ground still fighting, by column, and
    /// its aircraft still fighting.
    pub(crate) lines: [fast::Line; 2],
    /// The same for the armoured ones alone.
    pub(crate) armour_lines: [fast::Line; 2],
    pub(crate) fliers: [Vec<usize>; 2],
    /// Each side's grid moves so far, and each element's last target
    /// choice (see `search`).
    pub(crate) moves: [u64; 2],
    pub(crate) kept: Vec<Cell<Option<search::Kept>>>,
}

/// The ground's movement row: the battle's own terrain where it names a row
/// ("heavy-forest", "Heavy forest north of the dome"), else the campaign
/// option, else open ground.
pub fn terrain_of(setup: &BattleSetup) -> Result<Terrain, String> {
    if let Some(t) = Terrain::named_in(&setup.terrain) {
        return Ok(t);
    }
    match setup.options.get(TERRAIN_OPTION) {
        Some(t) => Terrain::parse(t),
        None => Ok(Terrain::Open),
    }
}

impl PreparedBattle for Prepared<'_> {
    fn fight(&self, seed: u64) -> BattleResult {
        let mut b = Battle {
            p: self,
            s: self.start(Roller::seeded(seed)),
        };
        play_out(&mut b, self.setup.turn_limit);
        b.finish(None)
    }

    fn summary(&self, seed: u64, order: &[&str]) -> RunSummary {
        debug_assert!(self.codes.iter().eq(order.iter()));
        SPARE.with(|spare| {
            let dice = Roller::seeded(seed);
            let s = match spare.take() {
                Some(mut s) => {
                    self.restart(&mut s, dice);
                    s
                }
                None => self.start(dice),
            };
            let mut b = Battle { p: self, s };
            play_out(&mut b, self.setup.turn_limit);
            let out = b.summary();
            debug_assert_eq!(out, RunSummary::of(&self.fight(seed), order));
            spare.replace(Some(b.s));
            out
        })
    }
}

thread_local! {
    /// The last fight run for odds on this thread, kept for its vectors.
    static SPARE: std::cell::RefCell<Option<Fight>> = const { std::cell::RefCell::new(None) };
}

impl TurnByTurn for Battle<'_, '_> {
    fn open(&mut self) {
        self.setup_events();
    }
    fn turns_played(&self) -> u32 {
        self.s.turn
    }
    fn is_over(&self) -> bool {
        self.ended()
    }
    fn play_turn(&mut self) {
        self.auto_turn();
    }
}

/// A battle being fought: the prepared pieces and the changing state.
pub(crate) struct Battle<'p, 'a> {
    pub(crate) p: &'p Prepared<'a>,
    pub(crate) s: Fight,
}

impl Battle<'_, '_> {
    /// Logs what `make` builds from the battle; an odds run (log off) never
    /// calls it, so no event or string is made there.
    pub(crate) fn log<H: Happening>(&mut self, side: Option<Role>, make: impl FnOnce(&Self) -> H) {
        if self.s.log.is_on() {
            let what = make(self);
            let turn = self.s.turn;
            self.s.log.push(turn, side, || what);
        }
    }

    /// `j` stops fighting (out of action or left with its group): it leaves
    /// the lists the searches walk and its group's count.
    pub(crate) fn stop_fighting(&mut self, j: usize, state: State) {
        let x = &self.s.pieces[j];
        if x.fighting() {
            let (side, g, pos) = (x.role.index(), x.group, x.pos);
            self.s.standing[side] -= 1;
            self.s.group_fighting[g] -= 1;
            if self.p.tables.air[j] {
                self.s.fliers[side].retain(|&k| k != j);
            } else {
                self.s.lines[side].remove(pos, j);
                self.s.armour_lines[side].remove(pos, j);
            }
        }
        self.s.pieces[j].state = state;
    }

    pub(crate) fn code(&self, i: usize) -> String {
        self.p.codes[i].to_string()
    }
}

/// The campaign status an element ends in.
pub fn status_of(x: &Piece) -> Status {
    x.fate().status()
}

/// A small battle for the resolver's unit tests: `attackers` and `defenders`
/// example stands 30 cm apart on `terrain`, each stand as `stand` makes it.
#[cfg(test)]
pub(super) fn small_battle(
    attackers: usize,
    defenders: usize,
    terrain: &str,
    stand: impl Fn(crate::battle::setup::StandSetup) -> crate::battle::setup::StandSetup,
) -> BattleSetup {
    use crate::battle::setup::{Force, StandSetup};
    use crate::core::kinds::{Cover, Medical};
    let force = |side: &str, n: usize| Force {
        side: side.into(),
        medical: Medical::Normal,
        enemy_treats_pw_well: true,
        commands: vec![],
        units: vec![],
        stands: (0..n)
            .map(|k| {
                stand(StandSetup {
                    command: side.into(),
                    ..StandSetup::example(&format!("{side}{k}"))
                })
            })
            .collect(),
    };
    BattleSetup {
        code: "t".into(),
        ruleset: "action".into(),
        range_cm: 30,
        defender_cover: Cover::Open,
        terrain: terrain.into(),
        turn_limit: 24,
        options: Default::default(),
        attacker: force("a", attackers),
        defender: force("d", defenders),
    }
}
