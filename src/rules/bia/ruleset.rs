//! BiA as a registered battle ruleset: five-minute turns, two hours before the
//! defender holds, the auto-resolver, table play, hit effects for recorded
//! results and the rule queries.

use clap::{FromArgMatches, Subcommand};

use super::auto::table::BiaTable;
use super::auto::Prepared;
use super::hit_effects::{hit_row, status_for_hits};
use super::queries::{answer, BiaQuery};
use crate::battle::ruleset::{Answer, BattleError, PreparedBattle, Ruleset, TableBattle};
use crate::battle::setup::{BattleSetup, StandSetup};
use crate::battle::table::Table;
use crate::core::dice::Roller;
use crate::core::kinds::Status;

/// Bounce into Action.
#[derive(Debug, Clone, Copy, Default)]
pub struct Bia;

impl Ruleset for Bia {
    fn name(&self) -> &'static str {
        "bia"
    }

    fn title(&self) -> &'static str {
        "Bounce into Action"
    }

    fn minutes_per_turn(&self) -> u32 {
        5
    }

    fn turn_limit(&self) -> u32 {
        24
    }

    fn prepare<'a>(
        &self,
        setup: &'a BattleSetup,
        log: bool,
    ) -> Result<Box<dyn PreparedBattle + 'a>, BattleError> {
        Ok(Box::new(Prepared::new(setup, log)?))
    }

    fn table<'a>(
        &self,
        setup: &'a BattleSetup,
        dice: Roller,
    ) -> Result<Box<dyn TableBattle + 'a>, BattleError> {
        Ok(Box::new(Table::new(BiaTable::new(setup, dice)?)))
    }

    fn status_after_hits(&self, stand: &StandSetup, hits: i64) -> Status {
        status_for_hits(
            hit_row(stand.stand_type, stand.training, stand.equipment),
            stand.hits + hits,
            stand.men,
        )
    }

    fn queries(&self) -> clap::Command {
        BiaQuery::augment_subcommands(clap::Command::new("bia"))
            .about("Bounce into Action tables: fire, penetrate, morale-test, morale-base, casualty, lock-on")
            .subcommand_required(true)
    }

    fn answer(&self, query: &clap::ArgMatches, _seed: u64) -> Result<Answer, String> {
        // Without dice BiA answers with exact odds, so it rolls nothing.
        let q = BiaQuery::from_arg_matches(query).map_err(|e| e.to_string())?;
        answer(q)
    }
}
