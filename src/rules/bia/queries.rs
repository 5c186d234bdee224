//! `rules bia …` (and the bare `rules …`): one rule question answered from
//! the BiA tables, with the dice given or rolled.

use clap::Subcommand;
use serde::Serialize;

use super::armour::penetrate;
use super::casualty_table::casualty_checked;
use super::fire::{fire, NamedModifier, FIRE_MODIFIERS};
use super::morale::base_morale;
use super::morale_test::{group_test, stand_test, SITUATION_MODIFIERS};
use crate::battle::ruleset::Answer;
use crate::core::dice::Dice;
use crate::core::kinds::{Armour, Experience, Training, VehicleKind, Weapon};

#[derive(Debug, Subcommand)]
pub enum BiaQuery {
    /// The casualty table: how badly one hit person is hurt.
    #[command(after_help = "Example:\n  bounce rules casualty --armour lta --roll 6")]
    Casualty {
        #[arg(long)]
        armour: Armour,
        /// The d10, read 0..9; rolled if absent.
        #[arg(long)]
        roll: Option<i64>,
    },
    /// One stand's fire: band, hit number, modified roll, hits and penetration.
    #[command(
        after_help = "Examples:\n  bounce rules fire --weapon sla_squad --range 12 --roll 7 --modifier in_hma --modifier officer\n  bounce rules fire --weapon tank_gun --range 40 --roll 9 --modifier -1"
    )]
    Fire {
        #[arg(long)]
        weapon: Weapon,
        /// Range in table cm.
        #[arg(long)]
        range: i64,
        /// The d10, 1..10; rolled if absent.
        #[arg(long)]
        roll: Option<i64>,
        /// A number, or a firing modifier by name (e.g. in_cover, officer); repeatable.
        #[arg(long = "modifier", allow_hyphen_values = true)]
        modifiers: Vec<String>,
    },
    /// A hit on a vehicle: penetration against its armour.
    #[command(
        after_help = "Example:\n  bounce rules penetrate --weapon at_missile --range 30 --vehicle hovertank --roll 8"
    )]
    Penetrate {
        #[arg(long)]
        weapon: Weapon,
        #[arg(long)]
        range: i64,
        #[arg(long)]
        vehicle: VehicleKind,
        #[arg(long)]
        roll: Option<i64>,
    },
    /// A morale test: 2d6 plus modifiers against a morale number.
    #[command(
        after_help = "Examples:\n  bounce rules morale-test --morale 6 --roll 5 --modifier under_air_attack\n  bounce rules morale-test --morale 5 --roll 7 --modifier -4 --group"
    )]
    MoraleTest {
        #[arg(long)]
        morale: i64,
        /// The 2d6 total, 2..12; rolled if absent.
        #[arg(long)]
        roll: Option<i64>,
        /// A number, or a situation modifier by name (e.g. enemy_tanks); repeatable.
        #[arg(long = "modifier", allow_hyphen_values = true)]
        modifiers: Vec<String>,
        /// A group test (carry on or withdraw) rather than a stand's.
        #[arg(long)]
        group: bool,
    },
    /// The base morale table for training × experience.
    #[command(
        after_help = "Example:\n  bounce rules morale-base --training regular --experience veteran"
    )]
    MoraleBase {
        #[arg(long)]
        training: Training,
        #[arg(long)]
        experience: Experience,
    },
}

/// Reads `--modifier` values: plain numbers, or names from `table`.
fn modifiers(
    given: &[String],
    table: &[(&str, i64)],
    kind: &str,
) -> Result<Vec<NamedModifier>, String> {
    given
        .iter()
        .map(|g| {
            if let Ok(n) = g.parse::<i64>() {
                return Ok(NamedModifier {
                    name: "given".into(),
                    modifier: n,
                });
            }
            table
                .iter()
                .find(|(name, _)| *name == g)
                .map(|(name, m)| NamedModifier {
                    name: name.to_string(),
                    modifier: *m,
                })
                .ok_or_else(|| {
                    let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
                    format!(
                        "--modifier `{g}` is neither a number nor a {kind} modifier ({})",
                        names.join(", ")
                    )
                })
        })
        .collect()
}

#[derive(Serialize)]
struct CasualtyDoc {
    armour: Armour,
    roll: i64,
    severity: crate::core::kinds::Severity,
}

#[derive(Serialize)]
struct BaseDoc {
    training: Training,
    experience: Experience,
    morale: i32,
}

/// Answers one query; dice not given are rolled from `seed`.
pub fn answer(cmd: BiaQuery, seed: u64) -> Result<Answer, String> {
    let mut dice = Dice::from_seed(seed);
    let err = |e: super::RuleError| e.to_string();
    match cmd {
        BiaQuery::Casualty { armour, roll } => {
            let roll = roll.unwrap_or_else(|| i64::from(dice.d10_zero()));
            let severity = casualty_checked(armour, roll).map_err(err)?;
            show(
                &CasualtyDoc {
                    armour,
                    roll,
                    severity,
                },
                || format!("{armour} casualty, roll {roll}: {severity}"),
            )
        }
        BiaQuery::Fire {
            weapon,
            range,
            roll,
            modifiers: given,
        } => {
            let table: Vec<(&str, i64)> = FIRE_MODIFIERS.iter().map(|(_, n, v)| (*n, *v)).collect();
            let mods = modifiers(&given, &table, "firing")?;
            let roll = roll.unwrap_or_else(|| i64::from(dice.d10()));
            let out = fire(weapon, range, roll, mods).map_err(err)?;
            show(&out, || {
                let mods: Vec<String> = out
                    .modifiers
                    .iter()
                    .map(|m| format!("{} {}", m.name, crate::core::text::signed(m.modifier)))
                    .collect();
                format!(
                    "{weapon} at {range} cm ({} cm band): needs {}; roll {}{} = {} → {} hit{}; penetration {}{}",
                    out.band,
                    out.hit_number,
                    out.roll,
                    if mods.is_empty() { String::new() } else { format!(" ({})", mods.join(", ")) },
                    out.modified_roll,
                    out.hits,
                    if out.hits == 1 { "" } else { "s" },
                    out.penetration.map(|p| p.to_string()).unwrap_or_else(|| "none".into()),
                    if out.blast { "; blast" } else { "" }
                )
            })
        }
        BiaQuery::Penetrate {
            weapon,
            range,
            vehicle,
            roll,
        } => {
            let roll = roll.unwrap_or_else(|| i64::from(dice.d10()));
            let p = penetrate(weapon, range, vehicle, roll).map_err(err)?;
            show(&p, || {
                format!(
                    "{weapon} at {range} cm against {vehicle} (armour {}): roll {roll} + penetration {} = {} → {}",
                    p.armour,
                    p.penetration.map(|v| v.to_string()).unwrap_or_else(|| "none".into()),
                    p.total,
                    p.result.as_str()
                )
            })
        }
        BiaQuery::MoraleTest {
            morale,
            roll,
            modifiers: given,
            group,
        } => {
            let mods = modifiers(&given, &SITUATION_MODIFIERS, "morale situation")?;
            let values: Vec<i64> = mods.iter().map(|m| m.modifier).collect();
            let roll = roll.unwrap_or_else(|| i64::from(dice.two_d6()));
            let line = |modified: i64, margin: i64, result: String| {
                format!(
                    "morale {morale}, 2d6 roll {roll}, modified {modified}: {} → {result}",
                    if margin <= 0 {
                        "passed".to_string()
                    } else {
                        format!("{margin} short")
                    }
                )
            };
            if group {
                let t = group_test(morale, roll, &values).map_err(err)?;
                let text = line(
                    t.modified,
                    t.margin,
                    format!("{:?}", t.result).to_lowercase(),
                );
                show(&t, || text.clone())
            } else {
                let t = stand_test(morale, roll, &values).map_err(err)?;
                let text = line(
                    t.modified,
                    t.margin,
                    serde_json::to_value(t.result)
                        .ok()
                        .and_then(|v| v.as_str().map(String::from))
                        .unwrap_or_default(),
                );
                show(&t, || text.clone())
            }
        }
        BiaQuery::MoraleBase {
            training,
            experience,
        } => {
            let morale = base_morale(training, experience).map_err(err)?;
            show(
                &BaseDoc {
                    training,
                    experience,
                    morale,
                },
                || format!("{training} {experience}: base morale {morale}"),
            )
        }
    }
}

fn show<T: Serialize>(doc: &T, text: impl FnOnce() -> String) -> Result<Answer, String> {
    Ok(Answer {
        json: serde_json::to_value(doc).map_err(|e| e.to_string())?,
        text: text(),
    })
}
