//! Dirtside II as a registered battle ruleset: ten-minute turns, twelve turns
//! before the defender holds, the auto-resolver, table play, and the rule
//! queries.

use clap::{FromArgMatches, Subcommand};

use super::auto::table::DirtsideTable;
use super::auto::Prepared;
use super::queries::{answer, DirtsideQuery};
use super::{chits, elements};
use crate::battle::ruleset::{Answer, BattleError, PreparedBattle, Ruleset, TableBattle};
use crate::battle::setup::{BattleSetup, StandSetup};
use crate::battle::table::Table;
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
        Ok(Box::new(Table::new(DirtsideTable::new(setup, dice)?)))
    }

    fn options(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                chits::POT_OPTION,
                "the chits in the pot as KIND=COUNT,…; unset, the 119 of SPEC 9.4: R1=20,R2=20,R3=12,Y1=10,Y2=10,Y3=6,G1=10,G2=10,G3=6,M=5,SDT=4,SDF=3,BOOM=3",
            ),
            (
                "stand.CODE",
                "one stand's vehicle data, e.g. stand.tank-1 = armour=5,signature=4,weapon=hkp/4,fire_control=superior",
            ),
        ]
    }

    fn option_stand<'k>(&self, key: &'k str) -> Option<&'k str> {
        key.strip_prefix("stand.")
    }

    fn check_option(&self, key: &str, value: &str) -> Result<(), String> {
        if key == chits::POT_OPTION {
            return chits::Pot::parse(value).map(|_| ());
        }
        if let Some(code) = key.strip_prefix("stand.") {
            if code.is_empty() || code == "CODE" {
                return Err("name the stand: stand.tank-1, not stand.CODE".into());
            }
            return elements::check_override(value).map_err(|e| format!("{key}: {e}"));
        }
        Err(format!(
            "dirtside has no option `{key}`; options: {}, stand.CODE",
            chits::POT_OPTION
        ))
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

#[cfg(test)]
mod option_tests {
    use super::*;

    #[test]
    fn the_pot_and_stand_overrides_are_checked_before_they_are_stored() {
        let ds = Dirtside;
        let default_text: String = chits::DEFAULT_POT
            .iter()
            .map(|(c, n)| format!("{}={n}", c.name()))
            .collect::<Vec<_>>()
            .join(",");
        assert!(ds.check_option(chits::POT_OPTION, &default_text).is_ok());
        // The described default is the real one.
        assert!(ds.options()[0].1.contains(&default_text), "{default_text}");
        assert!(ds.check_option(chits::POT_OPTION, "R1=3").is_err());
        assert!(ds
            .check_option("stand.tank-1", "armour=5,weapon=hkp/4")
            .is_ok());
        assert!(ds.check_option("stand.tank-1", "armour=x").is_err());
        assert!(ds.check_option("stand.tank-1", "").is_err());
        assert!(ds.check_option("stand.CODE", "armour=5").is_err());
        assert!(ds.check_option("pot", "R1=20").is_err());
    }
}
