//! The Dirtside auto-resolver: campaign units become Dirtside units, stands
//! become elements, and the battle is fought by alternate unit activations on
//! a one-line table (each unit's distance in inches from the defenders' line).
//! Every roll and chit draw is logged as a typed event.
//!
//! Here: the pieces, the prepared battle, the state of one fight, the turn
//! loop and the helpers every part of the turn uses. Each part adds its own
//! `impl Battle` from a file beside this one: `setup`, `fight` (the turn and
//! activations), `movement`, `fire`, `damage`, `morale`, `assault`, `finish`,
//! and the rules added beside them: `slam` (danger-zone hits), `left_behind`
//! (immobilised vehicles), `assault_vehicles`, `transport`, `riders` (foot
//! units carried by another unit).

mod assault;
mod assault_vehicles;
mod damage;
pub mod events;
mod farthest;
mod fight;
mod finish;
mod fire;
mod kinds;
mod left_behind;
mod morale;
mod movement;
mod near;
mod odds;
mod reach;
mod riders;
mod seen;
mod setup;
mod slam;
pub mod table;
mod target;
mod transport;

use crate::battle::drive::{play_out, TurnByTurn};
use crate::battle::event::Happening;
use crate::battle::log::Log;
use crate::battle::result::{BattleResult, Knockout, Role, Winner};
use crate::battle::ruleset::PreparedBattle;
use crate::battle::setup::{BattleSetup, StandSetup};
use crate::core::dice::Roller;
use crate::core::ladder::Die;
use crate::rules::dirtside::chits::Chit;
use crate::rules::dirtside::confidence::Level;
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::infantry::Class;
use crate::rules::dirtside::quality::Quality;
use events::Rolled;

/// Days a damaged or immobilised vehicle is out after the battle.
pub const REPAIR_DAYS: i64 = 2;
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
    /// Where an immobilised vehicle stays when its unit moves on (L361);
    /// `None`: it stands at its unit's distance.
    pub left_at: Option<i64>,
    /// The carrier a team rides in (L1089).
    pub aboard: Option<usize>,
}

/// An element's movement factor as `State::mf` keeps it.
pub(crate) fn mf_byte(e: &Element) -> u8 {
    u8::try_from(e.mf()).expect("a movement factor fits a byte")
}

impl Element {
    pub fn is_vehicle(&self) -> bool {
        self.make.is_vehicle()
    }
    pub fn armour(&self) -> Option<i64> {
        self.make.armour()
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
        if self.immobilised || self.aboard.is_some() {
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
    /// Every element of it marked Under Fire (`mark_under_fire`; the mark
    /// is never lifted).
    pub all_under_fire: bool,
    pub evading: bool,
    pub dist: i64,
    pub post: Post,
    /// Inches moved in the current activation.
    pub moved: i64,
    /// While its teams ride in another unit's carriers: that unit, with
    /// which it moves and activates (`riders.rs`).
    pub rides_with: Option<usize>,
    /// The enemy unit this unit last fired at to pin it before an assault.
    pub pinned: Option<usize>,
}

/// The battle's pieces built once; each run starts from a copy.
pub(crate) struct Prepared<'a> {
    pub(crate) setup: &'a BattleSetup,
    pub(crate) log: bool,
    /// Element names: the stand's code, `CODE#k` where a stand makes several.
    pub(crate) codes: Vec<String>,
    /// The campaign's stands, in the setup's order.
    pub(crate) stands: Vec<&'a StandSetup>,
    /// Per element, its stand in `stands`.
    pub(crate) stand_of: Vec<usize>,
    /// DS2 unit names: the campaign unit's code, `CODE/k` where it makes several.
    pub(crate) unit_codes: Vec<String>,
    /// Per DS2 unit, the campaign unit it comes from.
    pub(crate) campaign_units: Vec<&'a str>,
    pub(crate) members: Vec<Vec<usize>>,
    /// Per unit, where its stretch of `State::alive_list` starts (the
    /// units' members laid one after another), and one past the last.
    pub(crate) member_at: Vec<usize>,
    pub(crate) elements: Vec<Element>,
    pub(crate) units: Vec<Unit>,
    pub(crate) pot: Vec<Chit>,
    pub(crate) range_in: i64,
    /// Some unit rides in another unit's carriers.
    pub(crate) carried: bool,
    /// Farthest shots between kinds of element, worked out as they meet.
    pub(crate) reaches: reach::Reaches,
    /// Per firer class and enemy side, the farthest shot at anything.
    pub(crate) farthest: farthest::Farthest,
    /// The kept lists and counts every fight starts from.
    pub(crate) opening: setup::Opening,
    /// This prepared battle among all prepared in the process: a state
    /// reused for the same battle keeps the answers about its opening.
    pub(crate) id: u64,
}

/// Everything that changes while a battle is fought; cloned for `undo`.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) dice: Roller,
    pub(crate) pot: Vec<Chit>,
    pub(crate) elements: Vec<Element>,
    pub(crate) units: Vec<Unit>,
    /// Per unit, its elements still alive: kept as elements die so that
    /// "is this unit on the table" needs no scan of its elements.
    pub(crate) alive_n: Vec<usize>,
    /// Per unit, at `member_at[u]`, its members with those still alive
    /// first, in the members' order (`alive_n[u]` of them; the dead after
    /// them in any order): the walks over a unit's living elements read
    /// them without testing each member's flag, a branch the predictor
    /// often missed.
    pub(crate) alive_list: Vec<usize>,
    /// Per unit, its living teams aboard carriers: teams board only at the
    /// start, get out all at once or die aboard (`kill` lowers it), so a
    /// count answers `mounted` (asked at every activation) without reading
    /// each element.
    pub(crate) aboard_n: Vec<usize>,
    /// Per unit, its elements counted among its losses (`lost`).
    pub(crate) lost_n: Vec<usize>,
    pub(crate) turn: u32,
    /// The battle's log: on for a fought or played battle, off for odds.
    pub(crate) log: Log,
    pub(crate) command_lost: [bool; 2],
    /// Some element was left behind (`left_behind.rs`): elements of one unit
    /// and make may then stand apart, so answers per make or per unit gap
    /// no longer hold for every element.
    pub(crate) left_behind: bool,
    /// Who can shoot whom, kept between changes (`reach.rs`).
    pub(crate) reach_memo: reach::Memo,
    /// The winner and why, once a side has broken.
    pub(crate) over: Option<(Winner, String)>,
    /// Lists each fire plan refills (`target.rs`), kept to reuse.
    pub(crate) fire_buf: target::FireBuffers,
    /// The last attack's list of shots, kept to reuse.
    pub(crate) spare_shots: Vec<(usize, usize, fire::Plan)>,
    /// The last draw of chits against infantry, kept to reuse.
    pub(crate) drawn: Vec<Chit>,
    /// A close assault round's parties and kills (`assault_round`), kept to
    /// reuse.
    pub(crate) party: [Vec<usize>; 5],
    /// Per side (by `Role::index`), the first unit that may still activate
    /// this turn: units before it have activated or left (`next_unit`).
    pub(crate) next_from: [std::cell::Cell<usize>; 2],
    /// Per side (by `Role::index`), its units on the table, in order: a
    /// unit leaves for good (its last element lost, or out), so the walks
    /// over a side skip the many gone by the later turns.
    pub(crate) roster: [Vec<usize>; 2],
    /// Per side, what the roster walks read of its units, in the roster's
    /// order (`seen.rs`).
    pub(crate) seen: [Vec<seen::Seen>; 2],
    /// Per unit, where its entry lies in its side's `seen` (`usize::MAX`:
    /// off the table): every activation sets the entry's idle bit, and a
    /// binary search for it was a chain of dependent loads.
    pub(crate) seen_at: Vec<usize>,
    /// Per side, the same entries in order of spot (`near.rs`), so that a
    /// walk for units in reach starts at the walker and stops past it.
    pub(crate) near: [Vec<seen::Seen>; 2],
    /// Per unit, where its entry lies in its side's `near` (`usize::MAX`:
    /// off the table).
    pub(crate) near_at: Vec<usize>,
    /// Per side (by `Role::index`), its units on the roster below Broken:
    /// the battle ends when a side has none (`broken`, asked after every
    /// fire), kept by `set_level` and `off_roster` so that it is read, not
    /// walked over the wide `Unit`s.
    pub(crate) unbroken: [usize; 2],
    /// Per side (by `Role::index`), its units on the roster not yet
    /// activated: set as `turn` starts and kept by `set_activated` and
    /// `off_roster` (the pass rule reads it at every alternation). Read
    /// only within `turn`.
    pub(crate) idle: [usize; 2],
    /// Per element, its movement factor now (`Element::mf`), kept by
    /// `refresh_mf` wherever what it reads changes: `unit_mf` walks a
    /// unit's elements at every move, and reading each wide `Element` was
    /// a D1 miss nearly every time.
    pub(crate) mf: Vec<u8>,
}

/// The tally of one attack on each enemy unit: strength at its start, losses, leader.
struct Attack {
    /// Per unit, what this attack did to it: one record a unit, so that a
    /// touched unit's tallies share a cache line (five vectors took five).
    tally: Vec<Tally>,
    air: bool,
    /// Per ADS that covers a target of this attack: (element, missiles it
    /// declared it engages, missiles engaged so far).
    ads: Vec<(usize, usize, usize)>,
    /// The units whose tallies this attack set (maybe twice), so that the
    /// next attack clears those alone and the tests walk those alone.
    touched: Vec<usize>,
}

/// One unit's tallies in an attack.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Tally {
    /// Elements not yet lost at the attack's start (set at its first loss).
    strength: usize,
    losses: usize,
    leader_lost: bool,
    attacked: bool,
    marker: bool,
}

fn rolled(d: Die, roll: i64) -> Rolled {
    Rolled {
        die: d.name(),
        roll,
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

    fn summary(&self, seed: u64, order: &[&str]) -> crate::battle::ruleset::RunSummary {
        self.odds_run(seed, order)
    }
}

impl TurnByTurn for Battle<'_, '_> {
    fn open(&mut self) {
        self.setup_event();
    }
    fn turns_played(&self) -> u32 {
        self.s.turn
    }
    fn is_over(&self) -> bool {
        self.s.over.is_some()
    }
    fn play_turn(&mut self) {
        self.turn();
    }
}

/// A battle being fought: the prepared pieces and the changing state.
pub(crate) struct Battle<'p, 'a> {
    pub(crate) p: &'p Prepared<'a>,
    pub(crate) s: State,
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

    pub(crate) fn code(&self, e: usize) -> String {
        self.p.codes[e].to_string()
    }

    pub(crate) fn ucode(&self, u: usize) -> String {
        self.p.unit_codes[u].to_string()
    }

    #[inline]
    pub(crate) fn alive(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        self.alive_slice(u).iter().copied()
    }

    /// Unit `u`'s elements still alive, in its members' order.
    #[inline]
    pub(crate) fn alive_slice(&self, u: usize) -> &[usize] {
        let live = &self.s.alive_list[self.alive_range(u)];
        debug_assert!(live.iter().copied().eq(self.p.members[u]
            .iter()
            .copied()
            .filter(|&e| self.s.elements[e].alive)));
        live
    }

    /// Where unit `u`'s living elements stand in `State::alive_list`.
    #[inline]
    fn alive_range(&self, u: usize) -> std::ops::Range<usize> {
        let from = self.p.member_at[u];
        from..from + self.s.alive_n[u]
    }

    #[inline]
    pub(crate) fn present(&self, u: usize) -> bool {
        // `&`: callers test it with other flags in one branch.
        !self.s.units[u].out & (self.s.alive_n[u] > 0)
    }

    /// Takes element `e` off the table (once).
    pub(crate) fn kill(&mut self, e: usize) {
        if self.s.elements[e].alive {
            let u = self.s.elements[e].unit;
            // Who can shoot whom between units depends on the kinds of
            // element each holds (`reach.rs`): while an alike element of the
            // unit lives on, the kept answers hold; only the table changed.
            let twin = self.alive_slice(u).iter().any(|&f| {
                f != e
                    && self.same_firer(f, e)
                    && self.s.elements[f].aboard.is_some() == self.s.elements[e].aboard.is_some()
            });
            // Out of the unit's living stretch: the rest keep their order.
            let range = self.alive_range(u);
            let live = &mut self.s.alive_list[range];
            if let Some(i) = live.iter().position(|&f| f == e) {
                live[i..].rotate_left(1);
            }
            self.s.elements[e].alive = false;
            self.s.alive_n[u] -= 1;
            self.s.aboard_n[u] -= usize::from(self.s.elements[e].aboard.is_some());
            debug_assert!(self.alive_slice(u).iter().all(|&f| f != e));
            if self.s.alive_n[u] == 0 {
                self.off_roster(u);
            }
            if twin {
                self.moved();
            } else {
                self.unit_changed(u);
            }
            if self.s.elements[e].left_at.is_some() {
                self.rejoined(self.s.elements[e].unit);
            }
            if self.is_missile_armed(e) && self.has_ads(self.s.elements[e].role.other()) {
                // An enemy ADS switches off when the last missile goes.
                self.table_changed();
            }
        }
    }

    fn side_units(&self, r: Role) -> Vec<usize> {
        self.side_iter(r).collect()
    }

    /// The units of side `r` on the table, in order, from the roster.
    #[inline]
    fn side_iter(&self, r: Role) -> impl Iterator<Item = usize> + '_ {
        debug_assert!(self
            .side_range(r)
            .filter(|&u| self.s.units[u].role == r && self.present(u))
            .eq(self.s.roster[r.index()].iter().copied()));
        self.s.roster[r.index()].iter().copied()
    }

    /// Unit `u` has left the table (for good): off its side's roster.
    pub(crate) fn off_roster(&mut self, u: usize) {
        let r = self.s.units[u].role.index();
        // The roster and the entries run in step: the unit's entry's place
        // is its place on the roster, so both lose it there, not by a walk
        // over the side.
        debug_assert!(self.seen_ok(r));
        let i = self.s.seen_at[u];
        debug_assert_eq!(
            self.s.roster[r].iter().position(|&v| v == u),
            (i != usize::MAX).then_some(i)
        );
        // A unit routed and then wiped out leaves once.
        if i == usize::MAX {
            return;
        }
        self.s.roster[r].remove(i);
        self.s.seen[r].remove(i);
        self.near_remove(r, u);
        self.s.unbroken[r] -= usize::from(self.s.units[u].level < Level::Broken);
        // The entries after it moved down one.
        self.s.seen_at[u] = usize::MAX;
        for (k, y) in self.s.seen[r].iter().enumerate().skip(i) {
            self.s.seen_at[y.unit()] = k;
        }
        // Table play changes activations outside `turn`, which sets the
        // count afresh.
        if !self.s.units[u].activated {
            self.s.idle[r] = self.s.idle[r].saturating_sub(1);
        }
    }

    /// Unit `u`'s confidence level becomes `to`, with its side's count of
    /// units below Broken kept.
    pub(crate) fn set_level(&mut self, u: usize, to: Level) {
        let was = self.s.units[u].level;
        self.s.units[u].level = to;
        if self.s.seen_at[u] != usize::MAX {
            let r = self.s.units[u].role.index();
            self.s.unbroken[r] = self.s.unbroken[r] + usize::from(to < Level::Broken)
                - usize::from(was < Level::Broken);
        }
    }

    /// Unit `u` has activated (`to`) or not, with its side's count of
    /// units yet to activate kept.
    pub(crate) fn set_activated(&mut self, u: usize, to: bool) {
        if self.s.units[u].activated == to {
            return;
        }
        self.s.units[u].activated = to;
        self.seen_idle(u, !to);
        if self.present(u) {
            let r = self.s.units[u].role.index();
            self.s.idle[r] = if to {
                self.s.idle[r].saturating_sub(1)
            } else {
                self.s.idle[r] + 1
            };
        }
    }

    /// Inches between two units.
    #[inline]
    pub(crate) fn gap(&self, a: usize, b: usize) -> i64 {
        (self.s.units[a].dist - self.s.units[b].dist).abs()
    }

    pub(crate) fn unit_mf(&self, u: usize) -> i64 {
        // A fold with selects, not `filter` … `min`: how many elements a
        // unit has left and which of them are slowest were branches the
        // predictor missed.
        let least = self.alive_slice(u).iter().fold(i64::MAX, |least, &e| {
            debug_assert_eq!(i64::from(self.s.mf[e]), self.s.elements[e].mf());
            let m = i64::from(self.s.mf[e]);
            least.min(if m > 0 { m } else { i64::MAX })
        });
        let least = if least == i64::MAX { 0 } else { least };
        debug_assert_eq!(
            least,
            self.alive(u)
                .map(|e| i64::from(self.s.mf[e]))
                .filter(|m| *m > 0)
                .min()
                .unwrap_or(0)
        );
        least
    }

    /// Sets `State::mf` of element `e` after a change to what it reads.
    pub(crate) fn refresh_mf(&mut self, e: usize) {
        self.s.mf[e] = mf_byte(&self.s.elements[e]);
    }

    pub(crate) fn infantry_unit(&self, u: usize) -> bool {
        let all_teams = !self.holds_vehicles(u);
        debug_assert_eq!(
            all_teams,
            self.alive(u).all(|e| !self.s.elements[e].is_vehicle())
        );
        all_teams
    }

    /// A roll of `d` through the battle's dice.
    pub(crate) fn roll(&mut self, d: Die) -> i64 {
        self.s.dice.d(d.sides() as u32)
    }
}
