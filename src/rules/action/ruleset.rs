//! ACTION as a registered battle ruleset: five-minute turns, 24 turns before
//! the defender holds (SPEC 4.7), the auto-resolver, table play, the rule
//! queries, and the `terrain` option naming the ground's movement row.

use clap::{FromArgMatches, Subcommand};

use super::auto::table::ActionTable;
use super::auto::{Prepared, TERRAIN_OPTION};
use super::design::Element;
use super::mapping;
use super::movement::Terrain;
use super::queries::{answer, ActionQuery};
use crate::battle::event::Event;
use crate::battle::ruleset::{Answer, BattleError, PreparedBattle, Ruleset, TableBattle};
use crate::battle::setup::{BattleSetup, StandSetup};
use crate::battle::table::Table;
use crate::core::dice::Roller;
use crate::core::kinds::Status;

/// The ACTION combat system.
#[derive(Debug, Clone, Copy, Default)]
pub struct Action;

const OPTIONS: &[(&str, &str)] = &[(
    TERRAIN_OPTION,
    "the ground of every ACTION battle, a movement-table row (open, rough, light-forest, …); default open",
)];

impl Ruleset for Action {
    fn name(&self) -> &'static str {
        "action"
    }

    fn title(&self) -> &'static str {
        "ACTION combat system"
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
        Ok(Box::new(Table::new(ActionTable::new(setup, dice)?)))
    }

    fn options(&self) -> &'static [(&'static str, &'static str)] {
        OPTIONS
    }

    fn check_option(&self, key: &str, value: &str) -> Result<(), String> {
        if key == TERRAIN_OPTION {
            return Terrain::parse(value).map(|_| ());
        }
        Err(format!(
            "action has no option `{key}`; options: {TERRAIN_OPTION}"
        ))
    }

    /// One LL is one person hit and an element fights until its LL are
    /// gone: a stand is out when all its people are hit; a vehicle's crew
    /// are hit only when its last LL goes. (The campaign then reads its own
    /// hit-effects thresholds at the aid post, as after FMA.)
    fn status_after_hits(&self, stand: &StandSetup, hits: i64) -> Status {
        let m = mapping::map(stand);
        if m.vehicle {
            if hits > 0 {
                Status::Destroyed
            } else {
                Status::Effective
            }
        } else if hits >= m.element.life_levels {
            Status::Destroyed
        } else {
            Status::Effective
        }
    }

    /// Each element's design points, from the log's setup lines.
    fn stand_notes(&self, events: &[Event]) -> Vec<(String, String)> {
        events
            .iter()
            .filter_map(|e| {
                let d = e.data.as_ref()?;
                if d["kind"] != "element" {
                    return None;
                }
                let n = |k: &str| d[k].as_i64().unwrap_or(0);
                let el = Element {
                    combat_skill: n("combat_skill"),
                    evasion: n("evasion"),
                    protective: n("protective"),
                    weapon: n("weapon"),
                    life_levels: n("life_levels"),
                    action_points: n("action_points"),
                    move_points: n("move_points"),
                };
                Some((d["stand"].as_str()?.to_string(), note(&el)))
            })
            .collect()
    }

    /// Each element's design points as the stand would fight now.
    fn setup_notes(&self, setup: &BattleSetup) -> Vec<(String, String)> {
        setup
            .attacker
            .stands
            .iter()
            .chain(&setup.defender.stands)
            .map(|s| (s.code.clone(), note(&mapping::map(s).element)))
            .collect()
    }

    fn queries(&self) -> clap::Command {
        ActionQuery::augment_subcommands(clap::Command::new("action"))
            .about(
                "ACTION tables: the opposed attack roll, scatter, movement cost, range, toughness",
            )
            .subcommand_required(true)
    }

    fn answer(&self, query: &clap::ArgMatches, _seed: u64) -> Result<Answer, String> {
        let q = ActionQuery::from_arg_matches(query).map_err(|e| e.to_string())?;
        answer(q)
    }
}

/// One element's design points and what buys them.
fn note(e: &Element) -> String {
    format!(
        "{} DP: CS {} ES {} protection {} weapon {} LL {} AP {}{}",
        e.design_points().total,
        e.combat_skill,
        e.evasion,
        e.protective,
        e.weapon,
        e.life_levels,
        e.action_points,
        if e.move_points > 0 {
            format!(" +{} to move", e.move_points)
        } else {
            String::new()
        }
    )
}
