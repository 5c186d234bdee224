//! `rules action …`: one ACTION rule question. With `--roll` the answer reads
//! the dice given; without it, an attack answers with the exact chance of each
//! result, counted over all 10,000 pairs of d100 faces.

use clap::Subcommand;
use serde_json::{json, Value};

use super::modifiers::{self, Situation};
use super::movement::{Sight, Terrain, RUBBLE_AP};
use super::opposed::{self, Outcome};
use super::range;
use super::scatter;
use super::toughness::{self, Size, TOUGHNESS};
use crate::battle::ruleset::Answer;

#[derive(Debug, Subcommand)]
pub enum ActionQuery {
    /// An opposed attack: d100 + attack bonus against d100 + defence bonus.
    #[command(
        after_help = "Examples:\n  bounce rules action attack --ab 0 --defence 0\n  bounce rules action attack --ab 70 --defence 20 --situation defender-cover --roll 31,64"
    )]
    Attack {
        /// Attack bonus: combat skill + weapon value.
        #[arg(long, allow_hyphen_values = true)]
        ab: i64,
        /// Defence bonus: evasion + protective value (`--db` is taken by the
        /// campaign file everywhere, hence `--defence`).
        #[arg(long, allow_hyphen_values = true)]
        defence: i64,
        /// A situation of the attacker's modifier table (repeatable):
        /// readied, defender-stunned, defender-already-attacked, attacker-moved,
        /// attacker-higher, attacker-lower, defender-cover, attacker-injured,
        /// defender-injured.
        #[arg(long, value_parser = Situation::parse)]
        situation: Vec<Situation>,
        /// The attacker's and the defender's d100: A,D (1..100).
        #[arg(long)]
        roll: Option<String>,
    },
    /// Where a missile that missed lands: direction, then distance in grids.
    #[command(
        after_help = "Examples:\n  bounce rules action scatter --roll 50,30\n  bounce rules action scatter"
    )]
    Scatter {
        /// The direction d100 and the distance d100: DIRECTION,DISTANCE (1..100).
        #[arg(long)]
        roll: Option<String>,
    },
    /// Action points to cross one grid of a terrain, with the table's notes.
    #[command(after_help = "Example:\n  bounce rules action move-cost --terrain heavy-forest")]
    MoveCost {
        /// open, inside-building, on-building, light-forest, rough,
        /// shallow-water, hills, heavy-forest, swamp, deep-water, climb-building,
        /// or rubble (a destroyed obstacle's grid).
        #[arg(long, value_parser = Ground::parse)]
        terrain: Ground,
    },
    /// The range of an attack: grids counted from the one in front (1), plus
    /// one grid a level of elevation between the two.
    #[command(after_help = "Example:\n  bounce rules action range --grids 6 --elevation 2")]
    Range {
        /// Grids from the attacker's grid to the target's (adjacent is 1).
        #[arg(long)]
        grids: i64,
        /// Levels of elevation between them (either way).
        #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
        elevation: i64,
    },
    /// An object's toughness by its size, and the life levels of a vehicle
    /// of that size.
    #[command(after_help = "Example:\n  bounce rules action toughness --size x-large")]
    Toughness {
        /// small, medium, large, x-large, huge, immovable.
        #[arg(long, value_parser = parse_size)]
        size: Size,
        /// Grids an immovable feature occupies (toughness is per grid).
        #[arg(long, default_value_t = 1)]
        grids: i64,
    },
}

/// A movement-table row or rubble.
#[derive(Debug, Clone, Copy)]
pub enum Ground {
    Row(Terrain),
    Rubble,
}

impl Ground {
    fn parse(s: &str) -> Result<Ground, String> {
        if s == "rubble" {
            return Ok(Ground::Rubble);
        }
        Terrain::parse(s).map(Ground::Row)
    }
}

fn parse_size(s: &str) -> Result<Size, String> {
    TOUGHNESS
        .iter()
        .map(|(size, _, _)| *size)
        .find(|size| size_name(*size) == s)
        .ok_or_else(|| {
            format!("size is one of small, medium, large, x-large, huge, immovable, not `{s}`")
        })
}

fn size_name(s: Size) -> &'static str {
    match s {
        Size::Small => "small",
        Size::Medium => "medium",
        Size::Large => "large",
        Size::XLarge => "x-large",
        Size::Huge => "huge",
        Size::Immovable => "immovable",
    }
}

fn d100s(s: &str, what: &str) -> Result<(i64, i64), String> {
    let v: Vec<i64> = s
        .split(',')
        .map(|x| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| format!("`{x}` in --roll is not a number"))
        })
        .collect::<Result<_, _>>()?;
    let [a, b] = v[..] else {
        return Err(format!("--roll wants two d100s ({what}), not {}", v.len()));
    };
    for r in [a, b] {
        if !(1..=opposed::D100).contains(&r) {
            return Err(format!("a d100 shows 1..100, not {r}"));
        }
    }
    Ok((a, b))
}

/// Answers one query.
pub fn answer(q: ActionQuery) -> Result<Answer, String> {
    match q {
        ActionQuery::Attack {
            ab,
            defence: db,
            situation,
            roll,
        } => {
            // Each row of the table applies or not: a repeat counts once.
            let mut situation = situation;
            let mut seen = Vec::new();
            situation.retain(|s| {
                let first = !seen.contains(s);
                seen.push(*s);
                first
            });
            if situation.contains(&Situation::AttackerHigher)
                && situation.contains(&Situation::AttackerLower)
            {
                return Err("attacker-higher and attacker-lower exclude each other".into());
            }
            let m = modifiers::total(&situation);
            let names: Vec<&str> = situation.iter().map(|s| s.name()).collect();
            let total_ab = ab + m;
            let mut doc = json!({"ab": ab, "db": db, "modifier": m, "situations": names});
            let text = match roll {
                Some(r) => {
                    let (a, d) = d100s(&r, "attacker, defender")?;
                    let out = opposed::attack(total_ab, db, a, d);
                    doc["roll"] = json!([a, d]);
                    doc["attack"] = json!(a + total_ab);
                    doc["defence"] = json!(d + db);
                    doc["result"] = json!(out.name());
                    format!(
                        "attack {a} + {total_ab} = {} against defence {d} + {db} = {} → {}",
                        a + total_ab,
                        d + db,
                        out.name()
                    )
                }
                None => {
                    let p = opposed::p_hit(total_ab, db);
                    doc["p"] = json!({Outcome::Hit.name(): p, Outcome::NoEffect.name(): 1.0 - p});
                    format!(
                        "attack bonus {total_ab} against defence bonus {db}: hit {:.4}, no_effect {:.4}",
                        p,
                        1.0 - p
                    )
                }
            };
            Ok(Answer { json: doc, text })
        }
        ActionQuery::Scatter { roll: None } => {
            // Every landing as DIRECTION:GRIDS; `miss` for the rolls the
            // direction table leaves out.
            let mut p = serde_json::Map::new();
            let mut covered = 0;
            for (lo, hi, dir) in scatter::DIRECTION {
                covered += hi - lo + 1;
                for (dlo, dhi, grids) in scatter::DISTANCE {
                    let n = (hi - lo + 1) * (dhi - dlo + 1);
                    let key = format!("{dir}:{grids}");
                    p.insert(
                        key,
                        json!(n as f64 / (opposed::D100 * opposed::D100) as f64),
                    );
                }
            }
            let miss = (opposed::D100 - covered) as f64 / opposed::D100 as f64;
            p.insert("miss".into(), json!(miss));
            Ok(Answer {
                text: format!(
                    "each direction 1-8 at 11% (5 at 12%), then 1, 2, 3, 4 or 5 grids at 20% each; off the table (a simple miss) {:.0}%",
                    miss * 100.0
                ),
                json: json!({ "p": p }),
            })
        }
        ActionQuery::Scatter { roll: Some(roll) } => {
            let (d, g) = d100s(&roll, "direction, distance")?;
            let direction = scatter::direction(d);
            let grids = direction.and_then(|_| scatter::distance(g));
            let text = match (direction, grids) {
                (Some(dir), Some(n)) => {
                    format!("direction {d} → {dir}, distance {g} → {}", count(n, "grid"))
                }
                _ => format!("direction {d} is off the table: a dud, no scatter (a simple miss)"),
            };
            Ok(Answer {
                json: json!({"roll": [d, g], "direction": direction, "grids": grids}),
                text,
            })
        }
        ActionQuery::MoveCost {
            terrain: Ground::Rubble,
        } => Ok(Answer {
            json: json!({"terrain": "rubble", "ap": RUBBLE_AP, "sight": "clear", "cover": false,
                "elevated": false, "attacks": true}),
            text: format!(
                "rubble: {RUBBLE_AP} AP a grid (difficult terrain, priced as rough ground)"
            ),
        }),
        ActionQuery::MoveCost {
            terrain: Ground::Row(terrain),
        } => {
            let row = terrain.row();
            let sight = match row.sight {
                Sight::Clear => "clear".to_string(),
                Sight::BlockedAfter(n) => format!("blocked after {}", count(n, "grid")),
                Sight::HiddenFromOutside => "hidden from outside".into(),
                Sight::BlocksFarSide => "blocks the far side".into(),
            };
            let mut notes = vec![format!("sight {sight}")];
            if row.cover_inside {
                notes.push("cover to elements in it".into());
            }
            if row.elevated {
                notes.push("elevated".into());
            }
            if !terrain.can_attack_from() {
                notes.push("no attacks from it".into());
            }
            Ok(Answer {
                json: json!({"terrain": terrain.name(), "ap": terrain.ap(), "sight": sight,
                    "cover": row.cover_inside, "elevated": row.elevated,
                    "attacks": terrain.can_attack_from()}),
                text: format!(
                    "{}: {} AP a grid; {}",
                    terrain.name(),
                    terrain.ap(),
                    notes.join(", ")
                ),
            })
        }
        ActionQuery::Range { grids, elevation } => {
            if grids < 1 {
                return Err(format!("grids is at least 1 (adjacent), not {grids}"));
            }
            let r = range::range((0, 0), (0, grids), elevation);
            Ok(Answer {
                json: json!({"grids": grids, "elevation": elevation, "range": r,
                    "adjacent": r == 1, "cover_counts": r > 1}),
                text: format!(
                    "{} + {} of elevation = range {r}{}",
                    count(grids, "grid"),
                    count(elevation.abs(), "level"),
                    if r == 1 {
                        " (adjacent: always in sight, never cover)"
                    } else {
                        ""
                    }
                ),
            })
        }
        ActionQuery::Toughness { size, grids } => {
            if grids < 1 {
                return Err(format!("grids is at least 1, not {grids}"));
            }
            let t = toughness::total_toughness(size, grids);
            let ll = (!size.per_grid()).then(|| toughness::life_levels(size));
            Ok(Answer {
                json: json!({"size": size_name(size), "toughness": t, "per_grid": size.per_grid(),
                    "vehicle_life_levels": ll}),
                text: match ll {
                    Some(ll) => format!(
                        "{}: toughness {t}; a vehicle of this size has {ll} LL in bounce (toughness ÷ {})",
                        size_name(size),
                        toughness::TOUGHNESS_PER_LIFE_LEVEL
                    ),
                    None => format!(
                        "immovable: toughness {} a grid, {t} for {}",
                        size.toughness(),
                        count(grids, "grid")
                    ),
                },
            })
        }
    }
}

/// "1 grid", "3 grids": the queries print counts as words read.
fn count(n: i64, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The rate of `key` in a `p` document (for tests).
pub fn rate(doc: &Value, key: &str) -> f64 {
    doc["p"][key].as_f64().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_battle_reads_every_ground_word_as_the_query_does() {
        use crate::battle::setup::{BattleSetup, Force};
        let force = |side: &str| Force {
            side: side.into(),
            medical: crate::core::kinds::Medical::Normal,
            enemy_treats_pw_well: true,
            commands: vec![],
            units: vec![],
            stands: vec![],
        };
        let words: Vec<&str> = super::super::movement::rows().map(|r| r.name).collect();
        assert!(words.contains(&"rubble"));
        for word in words {
            let q = ask(&["move-cost", "--terrain", word]).unwrap().json;
            let setup = BattleSetup {
                code: "t".into(),
                ruleset: "action".into(),
                range_cm: 30,
                defender_cover: crate::core::kinds::Cover::Open,
                terrain: word.into(),
                turn_limit: 24,
                options: Default::default(),
                attacker: force("a"),
                defender: force("d"),
            };
            let t = super::super::auto::terrain_of(&setup).unwrap();
            assert_eq!(Some(t.ap()), q["ap"].as_i64(), "{word}");
            assert_eq!(Some(t.name()), q["terrain"].as_str(), "{word}");
            assert_eq!(t.row().cover_inside, q["cover"] == true, "{word}");
            assert_eq!(t.can_attack_from(), q["attacks"] == true, "{word}");
        }
    }

    fn ask(args: &[&str]) -> Result<Answer, String> {
        use clap::FromArgMatches;
        let cmd = <ActionQuery as Subcommand>::augment_subcommands(clap::Command::new("action"));
        let mut all = vec!["action"];
        all.extend_from_slice(args);
        let m = cmd.try_get_matches_from(all).map_err(|e| e.to_string())?;
        answer(ActionQuery::from_arg_matches(&m).map_err(|e| e.to_string())?)
    }

    #[test]
    fn equal_bonuses_hit_0_495() {
        let a = ask(&["attack", "--ab", "0", "--defence", "0"]).unwrap();
        assert!((rate(&a.json, "hit") - 0.495).abs() < 1e-12);
        assert!((rate(&a.json, "hit") + rate(&a.json, "no_effect") - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_rolled_attack_with_situations() {
        let a = ask(&[
            "attack",
            "--ab",
            "70",
            "--defence",
            "20",
            "--situation",
            "defender-cover",
            "--roll",
            "31,78",
        ])
        .unwrap();
        // 31 + 68 = 99 against 78 + 20 = 98: strictly higher, a hit.
        assert_eq!(a.json["attack"], 99);
        assert_eq!(a.json["defence"], 98);
        assert_eq!(a.json["result"], "hit");
        let a = ask(&["attack", "--ab", "0", "--defence", "1", "--roll", "51,50"]).unwrap();
        assert_eq!(a.json["result"], "no_effect", "a tie does nothing");
        let a = ask(&["attack", "--ab", "-5", "--defence", "0", "--roll", "60,50"]).unwrap();
        assert_eq!(a.json["result"], "hit");
    }

    #[test]
    fn scatter_and_move_cost() {
        let a = ask(&["scatter", "--roll", "50,30"]).unwrap();
        assert_eq!(
            (a.json["direction"].clone(), a.json["grids"].clone()),
            (json!(5), json!(2))
        );
        let a = ask(&["scatter"]).unwrap();
        let p = a.json["p"].as_object().unwrap();
        assert_eq!(p.len(), 8 * 5 + 1);
        assert!((p.values().map(|v| v.as_f64().unwrap()).sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(
            (rate(&a.json, "5:1") - 0.12 * 0.2).abs() < 1e-12,
            "direction 5 is 12 wide"
        );
        assert!((rate(&a.json, "miss") - 0.11).abs() < 1e-12);
        let a = ask(&["scatter", "--roll", "95,30"]).unwrap();
        assert!(a.json["direction"].is_null() && a.json["grids"].is_null());
        let a = ask(&["move-cost", "--terrain", "heavy-forest"]).unwrap();
        assert_eq!(
            (a.json["terrain"].as_str(), a.json["ap"].as_i64()),
            (Some("heavy-forest"), Some(3))
        );
        assert_eq!(a.json["sight"], "blocked after 1 grid");
        assert_eq!(a.json["cover"], true);
        let a = ask(&["move-cost", "--terrain", "rubble"]).unwrap();
        assert_eq!(a.json["ap"], 2, "difficult terrain (L318)");
        assert_eq!(a.json["terrain"], "rubble");
        assert_eq!(
            ask(&["move-cost", "--terrain", "deep-water"]).unwrap().json["attacks"],
            false
        );
    }

    #[test]
    fn a_situation_counts_once_and_higher_excludes_lower() {
        let a = ask(&[
            "attack",
            "--ab",
            "0",
            "--defence",
            "0",
            "--situation",
            "readied",
            "--situation",
            "readied",
        ])
        .unwrap();
        assert_eq!(a.json["modifier"], 1);
        assert!(ask(&[
            "attack",
            "--ab",
            "0",
            "--defence",
            "0",
            "--situation",
            "attacker-higher",
            "--situation",
            "attacker-lower"
        ])
        .is_err());
    }

    #[test]
    fn range_and_toughness() {
        let a = ask(&["range", "--grids", "6", "--elevation", "2"]).unwrap();
        assert_eq!(a.json["range"], 8, "each level adds a grid (L220)");
        let a = ask(&["range", "--grids", "1", "--elevation", "1"]).unwrap();
        assert_eq!(a.text, "1 grid + 1 level of elevation = range 2");
        let a = ask(&["range", "--grids", "1"]).unwrap();
        assert_eq!(a.json["adjacent"], true);
        assert!(a.text.starts_with("1 grid + 0 levels"), "{}", a.text);
        let a = ask(&["scatter", "--roll", "1,50"]).unwrap();
        assert!(a.text.ends_with("→ 1 grid"), "{}", a.text);
        assert!(ask(&["range", "--grids", "0"]).is_err());
        let a = ask(&["toughness", "--size", "x-large"]).unwrap();
        assert_eq!(
            (
                a.json["toughness"].as_i64(),
                a.json["vehicle_life_levels"].as_i64()
            ),
            (Some(40), Some(4))
        );
        let a = ask(&["toughness", "--size", "immovable", "--grids", "3"]).unwrap();
        assert_eq!(a.json["toughness"], 60);
        assert!(ask(&["toughness", "--size", "enormous"]).is_err());
    }

    #[test]
    fn refusals() {
        assert!(ask(&["attack", "--ab", "0", "--defence", "0", "--roll", "0,5"]).is_err());
        assert!(ask(&["attack", "--ab", "0", "--defence", "0", "--roll", "5"]).is_err());
        assert!(ask(&["attack", "--ab", "0", "--defence", "0", "--roll", "5,101"]).is_err());
        assert!(ask(&["attack", "--ab", "x", "--defence", "0"]).is_err());
        assert!(ask(&["scatter", "--roll", "5,x"]).is_err());
        assert!(ask(&["move-cost", "--terrain", "lava"]).is_err());
        assert!(ask(&[
            "attack",
            "--ab",
            "0",
            "--defence",
            "0",
            "--situation",
            "flanked"
        ])
        .is_err());
    }
}
