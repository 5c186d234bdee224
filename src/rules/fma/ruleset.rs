//! FMA as a registered battle ruleset: one-minute turns, thirty turns before
//! the defender holds, the fire procedure as a campaign option, the
//! figure-by-figure auto-resolver, table play, and the rule queries.

use clap::{FromArgMatches, Subcommand};

use super::armour::HeavyPa;
use super::auto::table::FmaTable;
use super::auto::{Prepared, FIRE_OPTION, HEAVY_PA_OPTION};
use super::fire::FireOption;
use super::queries::{answer, FmaQuery};
use crate::battle::ruleset::{Answer, BattleError, PreparedBattle, Ruleset, TableBattle};
use crate::battle::setup::{BattleSetup, StandSetup};
use crate::battle::table::Table;
use crate::core::dice::Roller;
use crate::core::kinds::Status;

/// The FMA playtest rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct Fma;

impl Ruleset for Fma {
    fn name(&self) -> &'static str {
        "fma"
    }

    fn title(&self) -> &'static str {
        "FMA playtest skirmish rules"
    }

    fn minutes_per_turn(&self) -> u32 {
        1
    }

    fn turn_limit(&self) -> u32 {
        30
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
        Ok(Box::new(Table::new(FmaTable::new(setup, dice)?)))
    }

    fn options(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                FIRE_OPTION,
                "fire procedure: detailed (default) or quick (quick & dirty)",
            ),
            (
                HEAVY_PA_OPTION,
                "heavy PA (Marine Armour) armour: d12x2 (default, L760) or d12 (L869)",
            ),
        ]
    }

    fn check_option(&self, key: &str, value: &str) -> Result<(), String> {
        match key {
            FIRE_OPTION => FireOption::parse(value).map(|_| ()),
            HEAVY_PA_OPTION => HeavyPa::parse(value).map(|_| ()),
            _ => Err(format!(
                "fma has no option `{key}`; options: {FIRE_OPTION}, {HEAVY_PA_OPTION}"
            )),
        }
    }

    /// A recorded battle: a stand whose every fit figure went down is
    /// destroyed; otherwise it fights on.
    fn status_after_hits(&self, stand: &StandSetup, hits: i64) -> Status {
        if hits >= stand.men - stand.hits {
            Status::Destroyed
        } else {
            Status::Effective
        }
    }

    fn queries(&self) -> clap::Command {
        FmaQuery::augment_subcommands(clap::Command::new("fma"))
            .about("FMA tables: reaction, shoot, close-combat, weapon, task, explosive")
            .subcommand_required(true)
    }

    fn answer(&self, query: &clap::ArgMatches, _seed: u64) -> Result<Answer, String> {
        let q = FmaQuery::from_arg_matches(query).map_err(|e| e.to_string())?;
        answer(q)
    }
}
