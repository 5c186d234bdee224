//! The BiA auto-resolver: fights a battle turn by turn from the campaign's
//! stands, following the BiA sequence of play, and logs every roll.
//!
//! Here: the prepared battle, the state of one fight and the turn loop. Each
//! phase of the turn adds its own `impl Battle` from a file beside this one
//! (`fight`: orders, `morale`, `movement`, `fire`, then `finish`), so a phase
//! can be read, and changed, on its own.

mod air;
#[cfg(test)]
mod air_tests;
pub mod events;
mod fight;
mod finish;
mod fire;
mod morale;
#[cfg(test)]
mod morale_tests;
mod movement;
mod piece;
#[cfg(test)]
mod retire_tests;
mod setup;
#[cfg(test)]
mod stalemate_tests;
#[cfg(test)]
mod swept_tests;
pub mod table;
#[cfg(test)]
mod tests;

use crate::battle::drive::{play_out, TurnByTurn};
use crate::battle::event::Happening;
use crate::battle::group_morale::Group;
use crate::battle::log::Log;
use crate::battle::result::{BattleResult, Role};
use crate::battle::ruleset::{PreparedBattle, RunSummary};
use crate::battle::setup::BattleSetup;
use crate::battle::shared_events::Shared;
use crate::core::dice::Roller;
use crate::core::kinds::Cover;
use piece::{Piece, State};

/// Attackers close to this range (the 5 cm band) by ordinary moves; from
/// here they go into the enemy position by assault.
const ASSAULT_CM: i64 = 5;

/// The battle's pieces built once from the setup; each run starts from a copy.
pub(crate) struct Prepared<'a> {
    setup: &'a BattleSetup,
    log: bool,
    pieces: Vec<Piece>,
    groups: Vec<Group>,
    group_codes: Vec<&'a str>,
    codes: Vec<&'a str>,
    /// Per role, its stands in the order of fire, movement aside.
    rank: [Vec<usize>; 2],
    /// Every stand in the order of fire across both sides, movement aside.
    rank_all: Vec<usize>,
    /// Every stand in BiA's order of individual tests by type.
    test_rank: Vec<usize>,
    /// Groups in the order they test: attackers biggest first, then defenders.
    group_order: Vec<usize>,
    /// How many of the pieces are attackers (they come first).
    attackers: usize,
    /// Per role: stands fighting at the start, and those on the ground.
    fighting: [usize; 2],
    fighting_ground: [usize; 2],
    /// Some stand is a weapons platform in orbit.
    orbit: bool,
}

thread_local! {
    /// The last battle fought for odds on this thread, kept for its vectors.
    static SPARE: std::cell::RefCell<Fight> = std::cell::RefCell::new(Fight::default());
}

impl PreparedBattle for Prepared<'_> {
    fn fight(&self, seed: u64) -> BattleResult {
        let mut b = Battle {
            p: self,
            s: self.start(seed),
        };
        b.fight();
        b.finish()
    }

    fn summary(&self, seed: u64, order: &[&str]) -> RunSummary {
        debug_assert!(self.codes.iter().eq(order.iter()));
        SPARE.with(|spare| {
            let mut s = spare.take();
            self.restart(&mut s, seed);
            let mut b = Battle { p: self, s };
            b.fight();
            let out = b.summary();
            spare.replace(b.s);
            out
        })
    }
}

impl TurnByTurn for Battle<'_, '_> {
    fn open(&mut self) {
        if self.s.log.is_on() {
            let s = self.p.setup;
            let counts = [s.attacker.stands.len(), s.defender.stands.len()];
            let opening = Shared::setup(s, counts, "stands", (s.range_cm, "cm"), None);
            self.log(None, opening);
        }
    }

    fn turns_played(&self) -> u32 {
        self.s.turn
    }

    /// BiA always plays its first turn (a side of orbital platforms alone
    /// has nothing on the table, yet its entry is still fought).
    fn is_over(&self) -> bool {
        self.s.turn > 0 && self.over()
    }

    fn play_turn(&mut self) {
        self.s.turn += 1;
        for p in &mut self.s.pieces {
            p.retired = false;
        }
        self.orders_phase();
        self.air_orders();
        self.morale_phase();
        if self.over() {
            return;
        }
        for p in &mut self.s.pieces {
            // A retirement to cover is movement made this turn (BiA L389,
            // L396, L401), as an ordered move is.
            p.moved = p.retired;
            p.non_tactical = false;
            p.shelled = false;
            p.air_attacked = false;
            p.fired_now = false;
        }
        // Stationary defenders fire first, at attackers about to move; then
        // the attackers move, and everyone who has not fired fires.
        self.mark_movers();
        self.suppressive_fire();
        self.clear_movers();
        self.movement_phase();
        self.firing_phase();
        self.orbital_phase();
        self.special_actions();
        self.s.swept = std::mem::take(&mut self.s.fired);
    }
}

/// Everything that changes while a battle is fought; cloned to take back a line in play.
#[derive(Clone, Default)]
pub(crate) struct Fight {
    seed: u64,
    dice: Roller,
    pieces: Vec<Piece>,
    groups: Vec<Group>,
    turn: u32,
    /// The battle's log: on for a fought or played battle, off for odds.
    log: Log,
    order: Vec<usize>,
    /// Per role (attacker, defender): its fighting pieces, nearest first.
    targets: [Vec<usize>; 2],
    /// The umpire's description of the current shot, in table play.
    situation: Option<Situation>,
    /// Per role: fired this turn, and fired last turn (its fire swept the ground).
    fired: [bool; 2],
    swept: [bool; 2],
    /// Per role: how many of `targets` were fighting when the list was made.
    split: [usize; 2],
    /// Per role: the armoured stands of `targets`, in the same order, and how
    /// many of them were fighting when the list was made.
    armour_targets: [Vec<usize>; 2],
    armour_split: [usize; 2],
    /// `targets` has been filled once; later phases only prune and re-sort it.
    targets_built: [bool; 2],
    /// The suppressive-fire phase is on: its shots are logged under that
    /// phase, so an umpire sees why a defender fired before the movement.
    suppressive: bool,
    /// Stands that have surrendered so far.
    surrendered: u32,
    /// Why the attackers' first group to give up called its attack off, so
    /// the verdict can say it (not only the log, which odds leave off).
    called_off: Option<&'static str>,
    /// Per role: stands fighting, and those of them on the ground.
    fighting: [usize; 2],
    fighting_ground: [usize; 2],
    /// Scratch words for sorting, kept between phases.
    keys: Vec<u64>,
}

/// What a `fire` line says about the shot beyond what the stands say.
#[derive(Clone, Debug, Default)]
struct Situation {
    range: i64,
    cover: Option<Cover>,
    moving: bool,
    extra: Vec<i64>,
}

struct Battle<'p, 'a> {
    p: &'p Prepared<'a>,
    s: Fight,
}

/// One group's numbers at a moment of the turn.
#[derive(Clone, Copy, Default)]
struct Tally {
    /// Fighting stands with a weapon, and those of them with ammunition left.
    armed: usize,
    with_ammo: usize,
    /// An officer still fighting with the group.
    officer: bool,
}

impl Battle<'_, '_> {
    fn code(&self, i: usize) -> &str {
        self.p.codes[i]
    }

    fn log<H: Happening>(&mut self, side: Option<Role>, what: H) {
        let turn = self.s.turn;
        self.s.log.push(turn, side, || what);
    }

    /// One side's pieces: the attackers come first, then the defenders.
    fn side(&self, role: Role) -> &[Piece] {
        let (a, d) = self.s.pieces.split_at(self.p.attackers);
        match role {
            Role::Attacker => a,
            Role::Defender => d,
        }
    }

    fn side_out(&self, role: Role) -> bool {
        debug_assert_eq!(
            self.s.fighting[role.index()],
            self.side(role).iter().filter(|p| p.fighting()).count()
        );
        self.s.fighting[role.index()] == 0
    }

    fn over(&self) -> bool {
        self.side_out(Role::Attacker) || self.side_out(Role::Defender)
    }

    fn fight(&mut self) {
        play_out(self, self.p.setup.turn_limit);
    }

    /// Every change of a piece's state goes through here, so the counts of
    /// stands fighting stay true without a pass over the stands.
    fn set_state(&mut self, i: usize, new: State) {
        let p = &mut self.s.pieces[i];
        if p.fighting() && new != State::Fighting {
            let r = p.role.index();
            self.s.fighting[r] -= 1;
            if !p.is_aircraft {
                self.s.fighting_ground[r] -= 1;
            }
            if let Some(h) = p.host {
                p.state = new;
                self.s.pieces[h as usize].escort -= 1;
                return;
            }
        }
        p.state = new;
    }
}
