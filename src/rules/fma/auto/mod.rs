//! The FMA auto-resolver: every fit person of a stand becomes a figure
//! (`stand#n`) with its quality die, motivation, armour die and weapon; the
//! sides activate figures alternately on a table of lines of cover, and every
//! die is logged as a typed event. See `docs/rules-decisions.md` (FMA).
//!
//! Here: the figures and their places, the prepared battle, the state of one
//! fight and the turn loop. Each part adds its own `impl Battle` from a file
//! beside this one: `geometry` (distances, fronts and the searches every part
//! of the turn uses), `setup`,
//! `fight` (the turn and the doctrine), `movement`, `fire`, `morale`
//! (reaction tests), `assault` (close combat), `finish`, `smoke` (clouds)
//! and `screen` (the smoke doctrine); `bits` keeps sets of figures (up,
//! ready, suppressed, on overwatch) for the searches.

mod assault;
mod bits;
mod crew;
#[cfg(test)]
mod crew_tests;
#[cfg(test)]
mod doctrine_tests;
pub mod events;
mod fight;
mod finish;
mod fire;
mod geometry;
mod idle;
mod morale;
mod movement;
mod screen;
mod setup;
pub mod smoke;
#[cfg(test)]
mod smoke_tests;
pub mod table;
mod windows;

use crate::battle::drive::{play_out, TurnByTurn};
use crate::battle::event::Happening;
use crate::battle::log::Log;
use crate::battle::result::{BattleResult, Role, Winner};
use crate::battle::ruleset::PreparedBattle;
use crate::battle::setup::{BattleSetup, StandSetup};
use crate::core::dice::Roller;
use crate::rules::fma::armour::{Cover, HeavyPa};
use crate::rules::fma::die::{Die, Rated};
use crate::rules::fma::fire::FireOption;
use crate::rules::fma::movement::Burden;
use crate::rules::fma::weapons::{self, Arm, Weapon};
use bits::Bits;
use events::Rolled;
pub(crate) use geometry::Near;
use std::cell::Cell;
use std::ops::Range;

/// Lines of soft cover (hedges, walls, craters) cross the table every this
/// many inches from the defenders' line, unless the battle's terrain has
/// none (`has_cover_lines`).
pub const COVER_EVERY: f64 = 10.0;
/// The terrain with no cover between the lines.
pub const OPEN_TERRAIN: &str = "open";
/// Words in a battle's terrain that say the ground has no cover.
pub const NO_COVER: &str = "no cover";

/// Whether lines of cover cross the ground between the forces: not when the
/// terrain is `open` or its description says `no cover` (in any case, e.g.
/// "Flat regolith along the graded road; no cover for either side").
pub fn has_cover_lines(terrain: &str) -> bool {
    terrain != OPEN_TERRAIN && !terrain.to_lowercase().contains(NO_COVER)
}
/// Inches between the centres of two figures in base contact (25 mm bases).
pub const BASE: f64 = 1.0;
/// Figures of a side stand this many inches apart across the table.
pub const SPACING: f64 = 2.0;
/// FMA turns (1 minute) of firing that spend one campaign turn of ammunition
/// (5 minutes).
pub const TURNS_PER_AMMO: i64 = 5;
/// The campaign option key for the fire procedure.
pub const FIRE_OPTION: &str = "fire";
/// The campaign option key for heavy PA's armour (`d12x2` or `d12`).
pub const HEAVY_PA_OPTION: &str = "heavy_pa";

/// A figure as it enters the battle (never changes).
#[derive(Debug, Clone, Copy)]
pub struct Figure {
    pub role: Role,
    pub stand: usize,
    /// 1-based within its stand.
    pub number: usize,
    pub quality: Die,
    pub motivation: i64,
    pub armour: Rated,
    pub arm: Arm,
    /// Inches per MOVE action, and the combat move die.
    pub burden: Burden,
    pub powered: bool,
    pub leader: bool,
    /// A vehicle or aircraft crewman: fights from inside, in hard cover, and
    /// does not move (the draft has no vehicle rules).
    pub mounted: bool,
    /// The gunner of a crew-served weapon on foot (L1038-1088): it must be
    /// set up before it fires, and fires once an activation.
    pub crewed: bool,
    /// This figure loads for the gunner at that index.
    pub loads_for: Option<usize>,
    /// Across the table, inches.
    pub y: f64,
}

/// Where a figure is and what has happened to it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    /// Inches from the defenders' line toward the attackers' side.
    pub x: f64,
    /// Across the table (`Figure::y`, which never changes), kept beside
    /// `x` so that a distance or a search's look reads one record.
    pub y: f64,
    pub cover: Cover,
    pub up: bool,
    pub dead: bool,
    pub suppressed: bool,
    pub activated: bool,
    pub overwatch: bool,
    /// Has been fired on (the first time calls a reaction test).
    pub shot_at: bool,
    /// A crew-served weapon set up on its mount (its gunner has not moved
    /// since).
    pub set_up: bool,
    /// Has moved this turn (a crew that moved cannot load, L1062-1064).
    pub moved: bool,
}

/// A stand's share of the battle.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StandState {
    pub fired: bool,
    pub under_fire: bool,
    pub fired_turns: i64,
    pub last_fired: u32,
}

/// A figure's gun as the searches read it (`Prepared::guns`).
#[derive(Clone, Copy)]
pub(crate) struct GunEntry {
    /// The gun, if it has ammunition.
    pub(crate) gun: Option<Weapon>,
    /// `Figure::crewed`: it fires only once set up.
    pub(crate) crewed: bool,
}

/// The battle's pieces built once; each run starts from a copy.
pub(crate) struct Prepared<'a> {
    pub(crate) setup: &'a BattleSetup,
    pub(crate) log: bool,
    pub(crate) option: FireOption,
    pub(crate) figures: Vec<Figure>,
    pub(crate) names: Vec<String>,
    pub(crate) stands: Vec<&'a StandSetup>,
    pub(crate) stand_roles: Vec<Role>,
    pub(crate) places: Vec<Place>,
    /// How many figures each side has: the attackers come first (indices
    /// `0..start[0]`), the defenders after them, which `Battle::role` reads.
    pub(crate) start: [usize; 2],
    pub(crate) range_in: f64,
    pub(crate) defender_cover: Cover,
    /// Inches between lines of cover; `None` on open terrain.
    pub(crate) cover_every: Option<f64>,
    /// Each figure's place across the table (`Figure::y`, also kept in its
    /// `Place` for the reads beside `x`), packed for the binary searches
    /// over a side (`geometry::split`). Never changes after setup.
    pub(crate) ys: Vec<f64>,
    /// Leaders whose die can pass an action to some friend, as bits.
    pub(crate) leaders: Bits,
    /// `leaders.summary()`.
    pub(crate) leader_words: Bits,
    /// The longest reach of any gun in the battle, aimed (overwatch) and
    /// not: searches for a shooter look no farther across.
    pub(crate) max_aimed_reach: f64,
    pub(crate) max_reach: f64,
    /// Each figure's gun if it has one with ammunition (`Battle::gun`),
    /// packed with `Figure::crewed` (whether it waits to be set up): the
    /// searches for a shooter ask it of every figure they meet.
    pub(crate) guns: Vec<GunEntry>,
    /// The longest aimed (overwatch) reach of each side's guns, by
    /// `Role::index`: where an approaching enemy comes under its fire.
    pub(crate) side_aimed_reach: [f64; 2],
    /// Who carries smoke, and how much each stand has.
    pub(crate) smoke: screen::Kit,
    /// Each figure's windows across for its most asked reaches.
    pub(crate) windows: Vec<windows::Windows>,
    /// Figures whose short form (`idle`) can only watch: they do not
    /// advance (defenders, mounted crewmen), have a gun with ammunition
    /// and are no crew, loader or rocket gunner. Once remote, their
    /// activation is the isolation test and the marker, a leader's when it
    /// has no friend to pass an action to (`Battle::settled_activation`).
    pub(crate) only_watch: Bits,
}

/// Everything that changes while a battle is fought; cloned for `undo`.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) dice: Roller,
    pub(crate) places: Vec<Place>,
    pub(crate) stands: Vec<StandState>,
    pub(crate) turn: u32,
    /// The battle's log: on for a fought or played battle, off for odds.
    pub(crate) log: Log,
    pub(crate) over: Option<(Winner, String)>,
    /// Figures up (kept with `places`).
    pub(crate) alive: Bits,
    /// Figures up and not yet activated this turn (kept with `places`).
    pub(crate) ready: Bits,
    /// Figures up and suppressed (kept with `places`).
    pub(crate) pinned: Bits,
    /// Figures up with an overwatch marker (kept with `places`).
    pub(crate) watching: Bits,
    /// Each side's front: the largest `x` of its figures up and how many
    /// stand there; `None` until asked for after it changed.
    pub(crate) front: [Option<(f64, u32)>; 2],
    /// Each side's back: the smallest `x` of its figures up and how many
    /// stand there (`None` when none is up); a bound on how far along the
    /// table every enemy stands from a defender, as `front` is for an
    /// attacker.
    pub(crate) back: [Option<(f64, u32)>; 2],
    /// Moves made so far by all figures: the clock of `stamps`.
    pub(crate) clock: u32,
    /// For each `BUCKET` figures (by index), the `clock` of the last move
    /// one of them made: a kept nearest enemy stays good while no enemy
    /// within its distance across has moved since it was found.
    pub(crate) stamps: Vec<u32>,
    /// Leaders (of `Prepared::leaders`) that may have a suppressed friend
    /// to pass an action to; the others have none, until a figure within
    /// `bits::WIDE` of them is suppressed or moves, or a new turn readies
    /// them again.
    pub(crate) unsure: Bits,
    /// One bit per 64-figure word of `unsure`: clear only where no figure
    /// of that word is both unsure and ready, so `pick` skips those words.
    pub(crate) unsure_words: Bits,
    /// Per side: no figure before this index is ready (no figure is readied
    /// during a turn, so `pick` never looks before it again).
    pub(crate) first_ready: [usize; 2],
    /// Per side: no figure before this index is both ready and free (not
    /// suppressed); lowered when a figure's suppression lifts, so `pick`
    /// does not read again the suppressed ones at the head of the side.
    pub(crate) first_free: [usize; 2],
    /// Each figure's nearest enemy as last found (see `nearest`).
    pub(crate) near: Vec<Cell<Near>>,
    /// Figures with no enemy up within every reach across (`idle`): so
    /// for the rest of the battle.
    pub(crate) remote: Bits,
    /// Smoke and gas markers on the table.
    pub(crate) clouds: Vec<smoke::Cloud>,
    /// Smoke rounds each stand has left.
    pub(crate) smoke_rounds: Vec<u8>,
}

/// The fire procedure from the campaign's options (Detailed by default).
pub fn fire_option(setup: &BattleSetup) -> Result<FireOption, String> {
    setup
        .options
        .get(FIRE_OPTION)
        .map_or(Ok(FireOption::Detailed), |v| FireOption::parse(v))
}

/// Heavy PA's armour from the campaign's options (D12x2 by default).
pub fn heavy_pa_option(setup: &BattleSetup) -> Result<HeavyPa, String> {
    setup
        .options
        .get(HEAVY_PA_OPTION)
        .map_or(Ok(HeavyPa::Doubled), |v| HeavyPa::parse(v))
}

/// The cover at `x` inches: the defenders' own position at 0, a soft line
/// every `every` inches (none on open terrain), open ground between.
pub fn cover_at(x: f64, defenders: Cover, every: Option<f64>) -> Cover {
    if x.abs() < 1e-6 {
        defenders
    } else if every.is_some_and(|e| x > 0.0 && (geometry::round(x / e) * e - x).abs() < 1e-6) {
        Cover::Soft
    } else {
        Cover::None
    }
}

/// The weapon a figure carries: the stand's weapon, except that a heavy
/// weapon goes to one gunner (the second figure, or the first when alone)
/// and the others carry combat rifles.
pub fn figure_arm(stand: &StandSetup, number: usize, figures: usize) -> Arm {
    let arm = weapons::campaign_weapon(stand.weapon);
    if !weapons::heavy(stand.weapon) || number == figures.min(2) {
        arm
    } else {
        Arm::Gun(Weapon::CombatRifle)
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

    pub(crate) fn name(&self, f: usize) -> String {
        self.p.names[f].clone()
    }

    pub(crate) fn gun(&self, f: usize) -> Option<Weapon> {
        // A crew-served weapon fires only once set up (L1075-1077).
        // (Most figures are not crews: their state is not read.)
        let GunEntry { gun, crewed } = self.p.guns[f];
        debug_assert_eq!(crewed, self.p.figures[f].crewed);
        gun.filter(|_| !crewed || self.s.places[f].set_up)
    }

    fn roll(&mut self, die: Die) -> Rolled {
        Rolled {
            die: die.name(),
            roll: self.s.dice.d(die.sides() as u32),
        }
    }

    /// Three dice in a row (a shot's quality, firepower and the target's
    /// quality): the rolls of three `roll`s, with one look at whether the
    /// roller is quiet (odds runs) instead of one a die.
    fn roll_three(&mut self, a: Die, b: Die, c: Die) -> [Rolled; 3] {
        let Some(dice) = self.s.dice.quiet_dice() else {
            return [self.roll(a), self.roll(b), self.roll(c)];
        };
        let mut one = |die: Die| Rolled {
            die: die.name(),
            roll: i64::from(dice.d(die.sides() as u32)),
        };
        [one(a), one(b), one(c)]
    }
}

/// Hand-built battles for the resolver's and the table's unit tests.
#[cfg(test)]
pub(crate) mod testing {
    use crate::battle::setup::{BattleSetup, Force, MoraleNumber, StandSetup};
    use crate::core::kinds::{Cover, Equipment, Medical, StandType, Training, Weapon};

    /// A stand: code, training, equipment, weapon, men, morale number.
    pub(crate) type Spec = (&'static str, Training, Equipment, Weapon, i64, i32);

    fn force(side: &str, stands: &[Spec]) -> Force {
        Force {
            side: side.into(),
            medical: Medical::Normal,
            enemy_treats_pw_well: false,
            commands: vec![],
            units: vec![],
            stands: stands
                .iter()
                .map(|&(code, training, eq, weapon, men, morale)| StandSetup {
                    code: code.into(),
                    unit: format!("{side}-u"),
                    command: format!("{side}-c"),
                    stand_type: StandType::Infantry,
                    training,
                    actions: 3,
                    equipment: Some(eq),
                    vehicle: None,
                    speed: None,
                    weapon: Some(weapon),
                    men,
                    hits: 0,
                    officer: false,
                    ammo: 12,
                    ammo_max: 12,
                    flags: vec![],
                    morale: MoraleNumber {
                        base: morale,
                        factors: vec![],
                        unclamped: morale,
                        morale,
                    },
                    bia: Default::default(),
                })
                .collect(),
        }
    }

    pub(crate) fn battle(att: &[Spec], def: &[Spec], range_cm: i64, cover: Cover) -> BattleSetup {
        BattleSetup {
            code: "t".into(),
            ruleset: "fma".into(),
            range_cm,
            defender_cover: cover,
            terrain: String::new(),
            turn_limit: 30,
            options: Default::default(),
            attacker: force("a", att),
            defender: force("d", def),
        }
    }

    pub(crate) const RIFLES: Spec = (
        "r",
        Training::Regular,
        Equipment::AssaultRifles,
        Weapon::Rifles,
        4,
        4,
    );
}

#[cfg(test)]
mod tests {
    use super::testing::{battle, RIFLES};
    use super::*;
    use crate::core::kinds::{Cover as Campaign, Training};

    #[test]
    fn figures_are_built_from_stands_as_spec_9_5() {
        let green = ("g", Training::Recruits, RIFLES.2, RIFLES.3, 3, 8);
        let s = battle(&[RIFLES], &[green], 60, Campaign::Cover);
        let p = Prepared::new(&s, true).unwrap();
        assert_eq!(
            p.names,
            vec!["r#1", "r#2", "r#3", "r#4", "g#1", "g#2", "g#3"]
        );
        assert_eq!(p.start, [4, 3]);
        let (r, g) = (p.figures[0], p.figures[4]);
        assert_eq!((r.quality, r.motivation, r.leader), (Die::D8, 2, true));
        assert_eq!((g.quality, g.motivation), (Die::D6, 3));
        assert_eq!(r.armour.to_string(), "d6");
        assert_eq!(
            p.places[4].cover,
            Cover::Soft,
            "defenders in the campaign's cover"
        );
        assert_eq!(p.places[0].x, 24.0, "60 cm is 24 inches");
        assert_eq!(p.figures[1].y - p.figures[0].y, SPACING);
    }

    #[test]
    fn the_same_seed_fights_the_same_battle_and_every_down_is_counted() {
        let s = battle(&[RIFLES, RIFLES], &[RIFLES], 150, Campaign::Cover);
        let p = Prepared::new(&s, true).unwrap();
        let (a, b) = (p.fight(11), p.fight(11));
        assert_eq!(a.events, b.events);
        assert_eq!(a.winner, b.winner);
        let downs = a
            .events
            .iter()
            .filter_map(|e| e.data.as_ref())
            .map(|d| match d["kind"].as_str() {
                Some("shot") => usize::from(
                    ["wound", "kill", "down"].contains(&d["result"].as_str().unwrap_or("")),
                ),
                Some("close_combat") => usize::from(d["result"] != "no_effect"),
                _ => 0,
            })
            .sum::<usize>() as i64;
        let hits: i64 = a.stands.iter().map(|s| s.hits_taken).sum();
        assert_eq!(hits, downs, "a figure down is a hit, once");
        assert!(a.stands.iter().all(|s| s.killed <= s.hits_taken));
        let quiet = Prepared::new(&s, false).unwrap().fight(11);
        assert!(quiet.events.is_empty(), "odds runs keep no log");
        assert_eq!(quiet.winner, a.winner, "the log changes nothing");
    }

    fn kinds(r: &BattleResult) -> Vec<serde_json::Value> {
        r.events.iter().filter_map(|e| e.data.clone()).collect()
    }

    #[test]
    fn rockets_blast_everyone_within_two_inches_with_a_d12() {
        use crate::core::kinds::{Equipment, Weapon};
        let at = (
            "m",
            Training::Regular,
            Equipment::Hma,
            Weapon::AtMissile,
            2,
            4,
        );
        let s = battle(&[at, RIFLES], &[RIFLES, RIFLES], 150, Campaign::Cover);
        let p = Prepared::new(&s, true).unwrap();
        assert_eq!(
            p.figures[1].arm,
            Arm::Rocket,
            "the second figure is the gunner"
        );
        assert_eq!(p.figures[0].arm, Arm::Gun(weapons::Weapon::CombatRifle));
        let rockets: Vec<_> = (1..20)
            .flat_map(|seed| kinds(&p.fight(seed)))
            .filter(|d| d["kind"] == "rocket")
            .collect();
        assert!(!rockets.is_empty());
        for r in &rockets {
            assert!(r["target_number"].as_i64().unwrap() >= 1);
            for h in r["hits"].as_array().unwrap() {
                assert_eq!(h["dice"][0]["die"], "d12", "{r}");
            }
        }
        assert!(rockets
            .iter()
            .any(|r| !r["hits"].as_array().unwrap().is_empty()));
    }

    #[test]
    fn defenders_out_of_reach_watch_and_fire_on_the_advance() {
        let s = battle(&[RIFLES, RIFLES], &[RIFLES], 300, Campaign::Cover);
        let p = Prepared::new(&s, true).unwrap();
        let all: Vec<_> = (1..10).flat_map(|seed| kinds(&p.fight(seed))).collect();
        assert!(all.iter().any(|d| d["kind"] == "overwatch"));
        assert!(all
            .iter()
            .any(|d| d["kind"] == "shot" && d["how"] == "overwatch" && d["aimed"] == true));
        assert!(all
            .iter()
            .any(|d| d["kind"] == "move" && d["how"] == "advances to cover"));
    }

    #[test]
    fn a_bad_fire_option_is_refused() {
        let mut s = battle(&[RIFLES], &[RIFLES], 60, Campaign::Open);
        s.options.insert(FIRE_OPTION.into(), "slow".into());
        assert!(Prepared::new(&s, false).is_err());
        s.options.insert(FIRE_OPTION.into(), "quick".into());
        assert_eq!(
            Prepared::new(&s, false).ok().map(|p| p.option),
            Some(FireOption::Quick)
        );
    }

    #[test]
    fn terrain_described_as_without_cover_has_no_cover_lines() {
        assert!(!has_cover_lines("open"));
        assert!(!has_cover_lines(
            "Flat regolith along the graded road; no cover for either side"
        ));
        assert!(!has_cover_lines("No cover at all"));
        assert!(has_cover_lines(""), "no terrain noted: the default ground");
        assert!(has_cover_lines("open mare with boulder fields"));
        let mut s = battle(&[RIFLES], &[RIFLES], 60, Campaign::Open);
        s.terrain = "Flat regolith along the graded road; no cover for either side".into();
        assert_eq!(Prepared::new(&s, false).unwrap().cover_every, None);
        s.terrain = "Boulder field on Tycho's northern rim".into();
        assert_eq!(
            Prepared::new(&s, false).unwrap().cover_every,
            Some(COVER_EVERY)
        );
    }

    #[test]
    fn cover_lines_and_the_defenders_position() {
        let lines = Some(COVER_EVERY);
        assert_eq!(cover_at(0.0, Cover::Hard, lines), Cover::Hard);
        assert_eq!(cover_at(10.0, Cover::Hard, lines), Cover::Soft);
        assert_eq!(cover_at(40.0, Cover::None, lines), Cover::Soft);
        assert_eq!(cover_at(43.0, Cover::None, lines), Cover::None);
        assert_eq!(cover_at(-4.0, Cover::Soft, lines), Cover::None);
        assert_eq!(
            cover_at(40.0, Cover::None, None),
            Cover::None,
            "open terrain"
        );
        assert_eq!(cover_at(0.0, Cover::Soft, None), Cover::Soft);
    }
}
