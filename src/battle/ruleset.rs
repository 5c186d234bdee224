//! The contract every battle ruleset implements: fight a battle from a setup
//! (auto and odds), keep a battle's state for table play, fill the gaps of a
//! recorded result, and answer rule queries. A ruleset is pure: no I/O, and
//! the same setup and seed always give the same result and log.

use super::event::Event;
use super::result::{BattleResult, Winner};
use super::setup::{BattleSetup, StandSetup};
use crate::core::dice::Roller;
use crate::core::kinds::Status;

/// Why a battle cannot be fought as set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BattleError {
    #[error("battle `{battle}`: the {role} has no stand able to fight")]
    NoForce { battle: String, role: &'static str },
    #[error("{0}")]
    Setup(String),
}

/// What odds keep of one run: no log, no codes, no words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunSummary {
    pub winner: Winner,
    pub turns: u32,
    /// Hits taken by the attacking stands, then by the defending ones.
    pub hits: [i64; 2],
    /// Each stand's status after the battle, in the setup's order (attackers,
    /// then defenders); a stand the result does not name counts as effective.
    pub status: Vec<Status>,
}

impl RunSummary {
    /// The summary of a full result; `order` is the setup's stand codes.
    pub fn of(r: &BattleResult, order: &[&str]) -> RunSummary {
        use super::result::Role;
        let status = order
            .iter()
            .enumerate()
            .map(|(k, code)| {
                // Results list the stands in the setup's order; look up otherwise.
                r.stands
                    .get(k)
                    .filter(|s| s.code == *code)
                    .or_else(|| r.stands.iter().find(|s| s.code == *code))
                    .map_or(Status::Effective, |s| s.status_after)
            })
            .collect();
        RunSummary {
            winner: r.winner,
            turns: r.turns,
            hits: [r.hits_on(Role::Attacker), r.hits_on(Role::Defender)],
            status,
        }
    }
}

/// A battle turned into a ruleset's pieces once, ready to be fought many times.
pub trait PreparedBattle: Sync {
    /// Fights the whole battle with dice from `seed`.
    fn fight(&self, seed: u64) -> BattleResult;

    /// Fights it for odds: the same battle as `fight` with the same seed,
    /// kept as a summary. A ruleset may skip building the full result.
    fn summary(&self, seed: u64, order: &[&str]) -> RunSummary {
        RunSummary::of(&self.fight(seed), order)
    }
}

/// An answer to a rule query: the JSON document and its text for people.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub json: serde_json::Value,
    pub text: String,
}

/// A battle system, registered once under its name.
pub trait Ruleset: Sync + Send {
    /// The name used on the command line and in campaign files (`bia`).
    fn name(&self) -> &'static str;
    /// The system's full name, for help text.
    fn title(&self) -> &'static str;
    /// Campaign minutes one turn takes.
    fn minutes_per_turn(&self) -> u32;
    /// Turns fought before the defender is deemed to hold.
    fn turn_limit(&self) -> u32;

    /// Converts the campaign's stands into this ruleset's pieces; `log` keeps
    /// the event log (odds runs only need the numbers).
    fn prepare<'a>(
        &self,
        setup: &'a BattleSetup,
        log: bool,
    ) -> Result<Box<dyn PreparedBattle + 'a>, BattleError>;

    /// Prepares and fights once, with the log.
    fn resolve(&self, setup: &BattleSetup, seed: u64) -> Result<BattleResult, BattleError> {
        Ok(self.prepare(setup, true)?.fight(seed))
    }

    /// A battle at the table, at its first turn, rolling with `dice`.
    fn table<'a>(
        &self,
        setup: &'a BattleSetup,
        dice: Roller,
    ) -> Result<Box<dyn TableBattle + 'a>, BattleError>;

    /// The campaign options this ruleset reads from `BattleSetup::options`:
    /// (key, what it does).
    fn options(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// Checks a value for one of `options`; an `Err` says what is allowed.
    fn check_option(&self, key: &str, _value: &str) -> Result<(), String> {
        Err(format!(
            "{} has no option `{key}`{}",
            self.name(),
            match self.options() {
                [] => String::from(" (it takes none)"),
                o => format!(
                    "; options: {}",
                    o.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
                ),
            }
        ))
    }

    /// The stand an option key is about (`stand.tank-1` → `tank-1`), if the
    /// ruleset keys options by stand, so the campaign can check it exists.
    fn option_stand<'k>(&self, _key: &'k str) -> Option<&'k str> {
        None
    }

    /// The status a stand ends a recorded battle in when the results file does
    /// not say, from the people hit in it.
    fn status_after_hits(&self, stand: &StandSetup, hits: i64) -> Status;

    /// Notes per stand that this ruleset reads off its own log of a fought
    /// battle, for `battle show` (stand code, note); none by default.
    fn stand_notes(&self, _events: &[Event]) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The same notes for a battle not fought yet, from its setup.
    fn setup_notes(&self, _setup: &BattleSetup) -> Vec<(String, String)> {
        Vec::new()
    }

    /// `rules NAME …`: the queries this ruleset answers, as a command line to
    /// parse with (its subcommands are the queries).
    fn queries(&self) -> clap::Command;

    /// Answers one parsed query (the matches whose subcommand is the query);
    /// dice not given are rolled from `seed`. An `Err` refuses bad input.
    fn answer(&self, query: &clap::ArgMatches, seed: u64) -> Result<Answer, String>;
}

/// A battle fought at the table one line at a time. The engine owns the lines
/// every ruleset shares (`status`, `undo`, `turn`, `end`, `abort`, `help`) and
/// the typed dice; the ruleset adds its own verbs. Rulesets implement
/// `battle::table::TablePlay` and hand the engine a `battle::table::Table`,
/// which keeps the undo history.
pub trait TableBattle {
    /// Help lines for this ruleset's own verbs.
    fn verbs(&self) -> &'static str;
    /// The battle's dice (the engine hands it each line's typed dice).
    fn dice(&mut self) -> &mut Roller;
    fn turn(&self) -> u32;
    /// Starts the next turn.
    fn next_turn(&mut self);
    /// One line of the ruleset's own verbs (the words after splitting, with
    /// `roll` words already taken out). An `Err` refuses the line.
    fn act(&mut self, words: &[String]) -> Result<(), String>;
    /// The state as text, for `status`.
    fn status(&self) -> String;
    /// The log so far.
    fn events(&self) -> &[Event];
    fn events_mut(&mut self) -> &mut Vec<Event>;
    /// Keeps a copy of the state to go back to (before each line).
    fn checkpoint(&mut self);
    /// Goes back to the last copy kept and drops it; `false` if none is left.
    fn undo(&mut self) -> bool;
    /// The result with the umpire's call.
    fn finish(&self, winner: Winner, reason: String) -> BattleResult;
}
