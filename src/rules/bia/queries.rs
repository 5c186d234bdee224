//! `rules bia …` (and the bare `rules …`): one rule question answered from
//! the BiA tables, with the dice given, or as the exact odds of each outcome.

use clap::Subcommand;
use serde::Serialize;
use serde_json::{json, Map, Value};

use super::armour::penetrate;
use super::casualty_table::casualty_checked;
use super::fire::{fire, NamedModifier, FIRE_MODIFIERS};
use super::lock_on::{lock_odds, lock_on, locks, system_named};
use super::morale::base_morale;
use super::morale_test::{group_test, stand_test, SITUATION_MODIFIERS};
use super::odds;
use crate::battle::ruleset::Answer;
use crate::core::kinds::{AircraftSpeed, Armour, Experience, Training, VehicleKind, Weapon};

#[derive(Debug, Subcommand)]
pub enum BiaQuery {
    /// The casualty table: how badly one hit person is hurt.
    #[command(after_help = "Example:\n  bounce rules casualty --armour lta --roll 6")]
    Casualty {
        #[arg(long)]
        armour: Armour,
        /// The d10, read 0..9; without it, the odds of each severity.
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
        /// The d10, 1..10; without it, the odds of each number of hits.
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
        /// The d10, 1..10; without it, the odds of each result.
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
        /// The 2d6 total, 2..12; without it, the odds of each result.
        #[arg(long)]
        roll: Option<i64>,
        /// A number, or a situation modifier by name (e.g. enemy_tanks); repeatable.
        #[arg(long = "modifier", allow_hyphen_values = true)]
        modifiers: Vec<String>,
        /// A group test (carry on or withdraw) rather than a stand's.
        #[arg(long)]
        group: bool,
    },
    /// Air defence lock-on: 1d10 plus firing modifiers and the system's
    /// adjustment against the lock-on number for the aircraft's speed.
    #[command(
        after_help = "Examples:\n  bounce rules lock-on --system manpad --speed fast\n  bounce rules lock-on --system multi_cannon --speed slow --roll 8 --modifier firer_trained"
    )]
    LockOn {
        /// heavy_sam, vehicle_sam, manpad, multi_cannon, other_guided,
        /// hma_infantry, lta_infantry or other_infantry.
        #[arg(long)]
        system: String,
        #[arg(long)]
        speed: AircraftSpeed,
        /// The d10, 1..10; without it, the odds of a lock.
        #[arg(long)]
        roll: Option<i64>,
        /// A number, or a firing modifier by name; repeatable.
        #[arg(long = "modifier", allow_hyphen_values = true)]
        modifiers: Vec<String>,
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

/// Answers one query: with the dice given, what they do; without, the exact
/// odds of each outcome (`"p"`, by enumeration: `odds`).
pub fn answer(cmd: BiaQuery) -> Result<Answer, String> {
    let err = |e: super::RuleError| e.to_string();
    match cmd {
        BiaQuery::Casualty { armour, roll: None } => {
            let p = odds::casualty_odds(armour).map_err(err)?;
            let p = p_map(p.iter().map(|(s, r)| (word(s), *r)));
            Ok(Answer {
                text: format!("{armour} casualty: {}", p_text(&p)),
                json: json!({"armour": armour, "p": p}),
            })
        }
        BiaQuery::Casualty {
            armour,
            roll: Some(roll),
        } => {
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
            let Some(roll) = roll else {
                let (shot, p) = odds::fire_odds(weapon, range, &mods).map_err(err)?;
                let p = p_map(p.iter().map(|(hits, r)| (hits.to_string(), *r)));
                return Ok(Answer {
                    text: format!(
                        "{weapon} at {range} cm ({} cm band): needs {}{}; hits {}; penetration {}{}",
                        shot.band,
                        shot.hit_number,
                        mod_text(&shot.modifiers),
                        p_text(&p),
                        shot.penetration
                            .map(|p| p.to_string())
                            .unwrap_or_else(|| "none".into()),
                        if shot.blast { "; blast" } else { "" }
                    ),
                    json: json!({
                        "weapon": weapon,
                        "range_cm": range,
                        "band": shot.band,
                        "hit_number": shot.hit_number,
                        "modifiers": shot.modifiers,
                        "penetration": shot.penetration,
                        "blast": shot.blast,
                        "p": p,
                    }),
                });
            };
            let out = fire(weapon, range, roll, mods).map_err(err)?;
            show(&out, || {
                format!(
                    "{weapon} at {range} cm ({} cm band): needs {}; roll {}{} = {} → {} hit{}; penetration {}{}",
                    out.band,
                    out.hit_number,
                    out.roll,
                    mod_text(&out.modifiers),
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
            let Some(roll) = roll else {
                let (pen, armour, p) =
                    odds::penetration_odds(weapon, range, vehicle).map_err(err)?;
                let p = p_map(p.iter().map(|(res, r)| (res.as_str().to_string(), *r)));
                return Ok(Answer {
                    text: format!(
                        "{weapon} at {range} cm against {vehicle} (armour {armour}): d10 + penetration {}: {}",
                        pen.map(|v| v.to_string()).unwrap_or_else(|| "none".into()),
                        p_text(&p)
                    ),
                    json: json!({"penetration": pen, "armour": armour, "p": p}),
                });
            };
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
            let Some(roll) = roll else {
                let p = if group {
                    p_map(
                        odds::group_test_odds(morale, &values)
                            .map_err(err)?
                            .iter()
                            .map(|(res, r)| (word(res), *r)),
                    )
                } else {
                    p_map(
                        odds::stand_test_odds(morale, &values)
                            .map_err(err)?
                            .iter()
                            .map(|(res, r)| (word(res), *r)),
                    )
                };
                let modifier: i64 = values.iter().sum();
                return Ok(Answer {
                    text: format!(
                        "morale {morale}, 2d6 {}: {}",
                        crate::core::text::signed(modifier),
                        p_text(&p)
                    ),
                    json: json!({"morale": morale, "modifier": modifier, "p": p}),
                });
            };
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
        BiaQuery::LockOn {
            system,
            speed,
            roll,
            modifiers: given,
        } => {
            let table: Vec<(&str, i64)> = FIRE_MODIFIERS.iter().map(|(_, n, v)| (*n, *v)).collect();
            let mods = modifiers(&given, &table, "firing")?;
            let modifier: i64 = mods.iter().map(|m| m.modifier).sum();
            let l = lock_on(system_named(&system)?, speed);
            let mut j = json!(l);
            j["modifiers"] = json!(mods);
            let what = format!(
                "{system} at a {speed} aircraft: {}{}",
                match l.needs {
                    Some(n) => format!("needs {n}"),
                    None => "cannot lock on".to_string(),
                },
                mod_text(&mods)
            );
            let text = match roll {
                Some(roll) => {
                    let locked = locks(&l, roll, modifier).map_err(err)?;
                    let word = if locked { "locked" } else { "no_lock" };
                    j["roll"] = json!(roll);
                    j["modified"] = json!(roll + l.adjustment + modifier);
                    j["result"] = json!(word);
                    format!("{what}; roll {roll} → {word}")
                }
                None => {
                    let (locked, none) = lock_odds(&l, modifier);
                    let p = p_map(
                        [
                            ("locked".to_string(), locked),
                            ("no_lock".to_string(), none),
                        ]
                        .into_iter(),
                    );
                    let text = format!("{what}; {}", p_text(&p));
                    j["p"] = Value::Object(p);
                    text
                }
            };
            Ok(Answer { json: j, text })
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

/// ` (name +n, …)`, or nothing without modifiers.
fn mod_text(mods: &[NamedModifier]) -> String {
    if mods.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = mods
        .iter()
        .map(|m| format!("{} {}", m.name, crate::core::text::signed(m.modifier)))
        .collect();
    format!(" ({})", parts.join(", "))
}

/// A result's lower-case word, as its JSON spells it.
fn word<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

/// The `"p"` object: outcome → rate, in the order given.
fn p_map(p: impl Iterator<Item = (String, f64)>) -> Map<String, Value> {
    p.map(|(k, r)| (k, json!(r))).collect()
}

/// `outcome 0.2500, …` as the other rulesets' queries print odds.
fn p_text(p: &Map<String, Value>) -> String {
    p.iter()
        .map(|(k, v)| format!("{k} {:.4}", v.as_f64().unwrap_or(0.0)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn show<T: Serialize>(doc: &T, text: impl FnOnce() -> String) -> Result<Answer, String> {
    Ok(Answer {
        json: serde_json::to_value(doc).map_err(|e| e.to_string())?,
        text: text(),
    })
}
