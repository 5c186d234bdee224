//! Dirtside II as a registered battle ruleset: ten-minute turns, twelve turns
//! before the defender holds, the auto-resolver, table play, and the rule
//! queries.

use clap::{FromArgMatches, Subcommand};

use super::auto::table::DirtsideTable;
use super::auto::Prepared;
use super::queries::{answer, DirtsideQuery};
use crate::battle::ruleset::{Answer, BattleError, PreparedBattle, Ruleset, TableBattle};
use crate::battle::setup::{BattleSetup, StandSetup};
use crate::core::dice::Roller;
use crate::core::kinds::{StandType, Status};

/// Dirtside II.
#[derive(Debug, Clone, Copy, Default)]
pub struct Dirtside;

impl Ruleset for Dirtside {
    fn name(&self) -> &'static str {
        "dirtside"
    }

    fn title(&self) -> &'static str {
        "Dirtside II"
    }

    fn minutes_per_turn(&self) -> u32 {
        10
    }

    fn turn_limit(&self) -> u32 {
        12
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
        Ok(Box::new(DirtsideTable::new(setup, dice)?))
    }

    /// A recorded battle: a team is killed or whole; a vehicle with a hit is
    /// knocked out (SPEC 12.1: for vehicles 1 = knocked out).
    fn status_after_hits(&self, stand: &StandSetup, hits: i64) -> Status {
        let crewed = matches!(stand.stand_type, StandType::Vehicle | StandType::Aircraft);
        if (crewed && hits > 0) || hits >= stand.men - stand.hits {
            Status::Destroyed
        } else {
            Status::Effective
        }
    }

    fn queries(&self) -> clap::Command {
        DirtsideQuery::augment_subcommands(clap::Command::new("dirtside"))
            .about("Dirtside II tables: confidence, rally, effectiveness, fire, chits, regroup")
            .subcommand_required(true)
    }

    fn answer(&self, query: &clap::ArgMatches, _seed: u64) -> Result<Answer, String> {
        let q = DirtsideQuery::from_arg_matches(query).map_err(|e| e.to_string())?;
        answer(q)
    }
}
