//! `rules action …`: one ACTION rule question. With `--roll` the answer reads
//! the dice given; without it, an attack answers with the exact chance of each
//! result, counted over all 10,000 pairs of d100 faces.

use clap::Subcommand;
use serde_json::{json, Value};

use super::modifiers::{self, Situation};
use super::movement::Terrain;
use super::opposed::{self, Outcome};
use super::scatter;
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
    /// Action points to cross one grid of a terrain.
    #[command(after_help = "Example:\n  bounce rules action move-cost --terrain heavy-forest")]
    MoveCost {
        /// open, inside-building, on-building, light-forest, rough,
        /// shallow-water, hills, heavy-forest, swamp, deep-water, climb-building.
        #[arg(long, value_parser = Terrain::parse)]
        terrain: Terrain,
    },
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
                    format!("direction {d} → {dir}, distance {g} → {n} grids")
                }
                _ => format!("direction {d} is off the table: a dud, no scatter (a simple miss)"),
            };
            Ok(Answer {
                json: json!({"roll": [d, g], "direction": direction, "grids": grids}),
                text,
            })
        }
        ActionQuery::MoveCost { terrain } => Ok(Answer {
            json: json!({"terrain": terrain.name(), "ap": terrain.ap()}),
            text: format!("{}: {} AP a grid", terrain.name(), terrain.ap()),
        }),
    }
}

/// The rate of `key` in a `p` document (for tests).
pub fn rate(doc: &Value, key: &str) -> f64 {
    doc["p"][key].as_f64().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(a.json, json!({"terrain": "heavy-forest", "ap": 3}));
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
