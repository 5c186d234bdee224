//! `rules dirtside …`: one rule question answered from the Dirtside tables.
//! With `--roll` the answer reads those dice; without it, the answer gives the
//! exact chance of each outcome, counted over every face of every die (and
//! every ordered draw from the pot), never sampled.

use std::collections::BTreeMap;

use clap::Subcommand;
use serde_json::{json, Map, Value};

use super::chits::{self, ArmourKind, Chit, Pot, Target, Validity};
use super::confidence::{self, Level};
use super::effectiveness::{effectiveness, effectiveness_die};
use super::fire_control::{self, Band, FireControl, Position};
use super::infantry::{self, Class, Cover, Role};
use super::quality::Quality;
use super::regroup::{regroup, Remnant};
use super::weapons::{System, Weapon};
use crate::battle::ruleset::Answer;
use crate::core::ladder::Die;

fn leadership(s: &str) -> Result<i64, String> {
    s.parse::<i64>()
        .ok()
        .filter(|v| (1..=3).contains(v))
        .ok_or_else(|| format!("leadership is 1..3, not `{s}`"))
}

fn signature(s: &str) -> Result<i64, String> {
    s.parse::<i64>()
        .ok()
        .filter(|v| (1..=5).contains(v))
        .ok_or_else(|| format!("signature is 1..5, not `{s}`"))
}

#[derive(Debug, Subcommand)]
pub enum DirtsideQuery {
    /// A confidence test: the quality die against leadership + threat.
    #[command(
        after_help = "Example (the text's: a regular unit, leadership 2, threat +1):\n  bounce rules dirtside confidence --quality regular --leadership 2 --level steady --threat 1 --roll 1"
    )]
    Confidence {
        #[arg(long, value_parser = Quality::parse)]
        quality: Quality,
        #[arg(long, value_parser = leadership)]
        leadership: i64,
        /// The level before the test: confident, steady, shaken, broken, routed.
        #[arg(long, value_parser = Level::parse)]
        level: Level,
        /// The highest threat level that applies: 0 to 3, as the threat
        /// table gives them.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(i64).range(0..=3))]
        threat: i64,
        /// The quality die; without it, the chance of each level.
        #[arg(long)]
        roll: Option<i64>,
    },
    /// A rally: the quality die must beat the unit's and its Command Unit's leadership.
    #[command(
        after_help = "Example (the text's: regular 2 at broken, a veteran 1 command):\n  bounce rules dirtside rally --quality regular --leadership 2 --level broken --command-leadership 1 --roll 4"
    )]
    Rally {
        #[arg(long, value_parser = Quality::parse)]
        quality: Quality,
        #[arg(long, value_parser = leadership)]
        leadership: i64,
        #[arg(long, value_parser = Level::parse)]
        level: Level,
        /// The on-table Command Unit's leadership (without one on the table no
        /// rally may be made, L391).
        #[arg(long, value_parser = leadership)]
        command_leadership: i64,
        #[arg(long)]
        roll: Option<i64>,
    },
    /// Fire effectiveness of an infantry unit.
    #[command(
        after_help = "Example (the text's: regulars, leadership 2):\n  bounce rules dirtside effectiveness --quality regular --leadership 2 --roll 3"
    )]
    Effectiveness {
        #[arg(long, value_parser = Quality::parse)]
        quality: Quality,
        #[arg(long, value_parser = leadership)]
        leadership: i64,
        /// The unit has an Under Fire marker (its die is a step smaller).
        #[arg(long)]
        under_fire: bool,
        #[arg(long)]
        roll: Option<i64>,
    },
    /// A direct-fire shot: the firer's die against the target's dice.
    #[command(
        after_help = "Example (the text's: HKP/3, enhanced, medium, signature 4 in soft cover):\n  bounce rules dirtside fire --fire-control enhanced --band medium --signature 4 --cover soft --roll 7,2,6"
    )]
    Fire {
        #[arg(long, value_parser = FireControl::parse)]
        fire_control: FireControl,
        #[arg(long, value_parser = Band::parse)]
        band: Band,
        /// The firer moves more than half its movement factor.
        #[arg(long)]
        moving_fast: bool,
        #[arg(long, value_parser = signature)]
        signature: i64,
        #[arg(long, value_parser = Position::parse, default_value = "none")]
        cover: Position,
        /// Firer, target and (with cover) secondary die: F,T[,S].
        #[arg(long)]
        roll: Option<String>,
    },
    /// The damage chits of one hit: which count and what they do.
    #[command(
        after_help = "Examples (the text's):\n  bounce rules dirtside chits --weapon hkp --class 3 --band medium --armour 4 --draw R3,G1,Y2\n  bounce rules dirtside chits --weapon apsw --infantry powered --cover open --draw Y2,Y3,R1"
    )]
    Chits {
        #[arg(long, value_parser = System::parse)]
        weapon: System,
        /// The weapon's class, 1..5 (GMS: 3 light, 5 heavy).
        #[arg(long)]
        class: Option<u8>,
        #[arg(long, value_parser = Band::parse)]
        band: Option<Band>,
        /// The armour of the face hit.
        #[arg(long, conflicts_with = "infantry")]
        armour: Option<i64>,
        #[arg(long, requires = "armour", conflicts_with = "ablative")]
        reactive: bool,
        #[arg(long, requires = "armour")]
        ablative: bool,
        /// The target vehicle has anti-personnel fragmentation charges.
        #[arg(long, requires = "armour")]
        apfc: bool,
        /// An infantry target: militia, line or powered.
        #[arg(long, value_parser = Class::parse, required_unless_present = "armour")]
        infantry: Option<Class>,
        /// The target's cover: open, soft, dug-in.
        #[arg(long, value_parser = Cover::parse, default_value = "open")]
        cover: Cover,
        /// The chits drawn, e.g. R3,G1,Y2 or M, SDT, SDF, BOOM; without it,
        /// the chance of each result over every draw from the default pot.
        #[arg(long)]
        draw: Option<String>,
    },
    /// Two or more depleted units regrouped into one.
    #[command(
        after_help = "Example (the text's):\n  bounce rules dirtside regroup --unit veteran:2:broken:2 --unit regular:3:steady:3"
    )]
    Regroup {
        /// QUALITY:LEADERSHIP:LEVEL:ELEMENTS; give it twice or more.
        #[arg(long = "unit", value_parser = Remnant::parse, required = true)]
        units: Vec<Remnant>,
    },
    /// A reaction test: like a confidence test, but failing costs no level.
    #[command(
        after_help = "Example (a steady regular unit ordered to close-assault):\n  bounce rules dirtside reaction --quality regular --leadership 2 --assault-from steady"
    )]
    Reaction(procedures::ReactionArgs),
    /// A guided-missile attack: area defence, then ECM and point defence.
    #[command(
        after_help = "Example (the text's: an enhanced ADS engaging two of three missiles):\n  bounce rules dirtside gms --guidance enhanced --missiles 3 --ads enhanced --engage 2 --ecm basic"
    )]
    Gms(procedures::GmsArgs),
    /// One round of close assault: what each side loses.
    #[command(
        after_help = "Example:\n  bounce rules dirtside assault-round --attacker line:rifle:3 --attacker line:apsw:1 --defender militia:rifle:4 --cover soft"
    )]
    AssaultRound(procedures::AssaultArgs),
    /// What a move through the given stretches of terrain costs.
    #[command(
        after_help = "Example (the text's slow tank):\n  bounce rules dirtside move --mobility tracked_slow --leg road:4 --leg open:2 --leg rough:2 --travel"
    )]
    Move(procedures::MoveArgs),
    /// An element near a SLAM salvo's target: the d6 to be hit, then its chits.
    #[command(
        after_help = "Example (a line team 1\" from a vehicle hit at medium range):\n  bounce rules dirtside slam --class 4 --band medium --infantry line --cover soft"
    )]
    Slam(slam::SlamArgs),
}

/// Outcome → rate, in the order the outcomes are given.
fn rates(order: &[&str], counts: &BTreeMap<&str, u64>) -> Value {
    let total: u64 = counts.values().sum();
    let mut m = Map::new();
    for o in order {
        if let Some(n) = counts.get(o) {
            m.insert(o.to_string(), json!(*n as f64 / total as f64));
        }
    }
    Value::Object(m)
}

fn p_text(p: &Value) -> String {
    p.as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| format!("{k} {:.4}", v.as_f64().unwrap_or(0.0)))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

fn on_die(d: Die, roll: i64) -> Result<i64, String> {
    if d.faces().contains(&roll) {
        Ok(roll)
    } else {
        Err(format!("a {d} shows 1..{}, not {roll}", d.sides()))
    }
}

const LEVEL_WORDS: [&str; 5] = ["confident", "steady", "shaken", "broken", "routed"];

/// A roll of `die` mapped to a level, or the chance of each.
fn level_answer(
    die: Die,
    target: i64,
    roll: Option<i64>,
    f: impl Fn(i64) -> Level,
    what: &str,
) -> Result<Answer, String> {
    match roll {
        Some(r) => {
            let r = on_die(die, r)?;
            let result = f(r);
            Ok(Answer {
                json: json!({"die": die, "target": target, "roll": r, "result": result}),
                text: format!("{what}: {die} {r} against {target} → {result}"),
            })
        }
        None => {
            let mut counts = BTreeMap::new();
            for r in die.faces() {
                *counts.entry(f(r).word()).or_insert(0) += 1;
            }
            let p = rates(&LEVEL_WORDS, &counts);
            Ok(Answer {
                text: format!("{what}: {die} against {target}: {}", p_text(&p)),
                json: json!({"die": die, "target": target, "p": p}),
            })
        }
    }
}

fn parse_rolls(s: &str) -> Result<Vec<i64>, String> {
    s.split(',')
        .map(|x| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| format!("`{x}` in --roll is not a number"))
        })
        .collect()
}

/// Answers one query.
pub fn answer(q: DirtsideQuery) -> Result<Answer, String> {
    match q {
        DirtsideQuery::Confidence {
            quality,
            leadership,
            level,
            threat,
            roll,
        } => {
            let t = confidence::target(leadership, threat);
            level_answer(
                quality.die(),
                t,
                roll,
                |r| confidence::after_test(level, r, t),
                &format!(
                    "{quality} {leadership} at {level}, threat {}",
                    crate::core::text::signed(threat)
                ),
            )
        }
        DirtsideQuery::Rally {
            quality,
            leadership,
            level,
            command_leadership,
            roll,
        } => {
            let t = confidence::rally_target(leadership, command_leadership);
            level_answer(
                quality.die(),
                t,
                roll,
                |r| confidence::after_rally(level, r, t),
                &format!("rally {quality} {leadership} at {level}, command {command_leadership}"),
            )
        }
        DirtsideQuery::Effectiveness {
            quality,
            leadership,
            under_fire,
            roll,
        } => {
            let die = effectiveness_die(quality, under_fire).unwrap_or(Die::D4);
            match roll {
                Some(r) => {
                    let r = on_die(die, r)?;
                    let e = effectiveness(r, leadership);
                    Ok(Answer {
                        json: json!({"die": die, "roll": r, "result": e.word()}),
                        text: format!("{quality} {leadership}: {die} {r} → {} fire", e.word()),
                    })
                }
                None => {
                    let mut counts = BTreeMap::new();
                    for r in die.faces() {
                        *counts
                            .entry(effectiveness(r, leadership).word())
                            .or_insert(0) += 1;
                    }
                    let p = rates(&["ineffective", "partial", "full"], &counts);
                    Ok(Answer {
                        text: format!("{quality} {leadership}: {die}: {}", p_text(&p)),
                        json: json!({"die": die, "p": p}),
                    })
                }
            }
        }
        DirtsideQuery::Fire {
            fire_control,
            band,
            moving_fast,
            signature,
            cover,
            roll,
        } => fire(fire_control, band, moving_fast, signature, cover, roll),
        DirtsideQuery::Chits {
            weapon,
            class,
            band,
            armour,
            reactive,
            ablative,
            apfc,
            infantry,
            cover,
            draw,
        } => {
            let w = Weapon::new(weapon, class)?;
            if let Some(b) = band {
                if !w.has_band(b) {
                    return Err(format!("{w} has no {} band", b.name()));
                }
            }
            let target = match (armour, infantry) {
                (Some(a), _) => {
                    if a < 0 {
                        return Err("armour is 0 or more".into());
                    }
                    Target::Vehicle {
                        armour: a,
                        kind: if reactive {
                            ArmourKind::Reactive
                        } else if ablative {
                            ArmourKind::Ablative
                        } else {
                            ArmourKind::Normal
                        },
                        apfc,
                        cover,
                    }
                }
                (None, Some(class)) => Target::Infantry { class, cover },
                (None, None) => return Err("give --armour A or --infantry CLASS".into()),
            };
            chits_answer(w, band, target, draw)
        }
        DirtsideQuery::Regroup { units } => {
            let n = regroup(&units).ok_or("regrouping needs --unit at least twice")?;
            Ok(Answer {
                json: json!({
                    "quality": n.quality,
                    "leadership": n.leadership,
                    "confidence": n.confidence,
                    "elements": n.elements
                }),
                text: format!(
                    "regrouped: {} {}, {}, {} elements",
                    n.quality, n.leadership, n.confidence, n.elements
                ),
            })
        }
        DirtsideQuery::Reaction(a) => procedures::reaction(a),
        DirtsideQuery::Gms(a) => procedures::gms(a),
        DirtsideQuery::AssaultRound(a) => procedures::assault_round(a),
        DirtsideQuery::Move(a) => procedures::movement_cost(a),
        DirtsideQuery::Slam(a) => slam::secondary(a),
    }
}

fn fire(
    fc: FireControl,
    band: Band,
    moving_fast: bool,
    signature: i64,
    cover: Position,
    roll: Option<String>,
) -> Result<Answer, String> {
    let firer = fire_control::firer_die(fc, band, moving_fast);
    let target = fire_control::target_die(signature);
    let secondary = fire_control::secondary_die(cover);
    let mut doc = json!({
        "firer_die": firer,
        "target_die": target,
        "secondary_die": secondary,
    });
    let dice_text = format!(
        "firer {}, target {}{}",
        firer.map(|d| d.name()).unwrap_or("none"),
        target,
        secondary.map(|d| format!(" + {d}")).unwrap_or_default()
    );
    let result = match (roll, firer) {
        (Some(r), _) => {
            let rolls = parse_rolls(&r)?;
            let want = 2 + usize::from(secondary.is_some());
            let Some(f) = firer else {
                doc["roll"] = json!(rolls);
                doc["result"] = json!("cannot_fire");
                return Ok(Answer {
                    json: doc,
                    text: format!("{dice_text}: the firer cannot fire"),
                });
            };
            if rolls.len() != want {
                return Err(format!(
                    "--roll wants {want} dice (firer, target{}), not {}",
                    if want == 3 { ", secondary" } else { "" },
                    rolls.len()
                ));
            }
            on_die(f, rolls[0])?;
            on_die(target, rolls[1])?;
            if let Some(s) = secondary {
                on_die(s, rolls[2])?;
            }
            let hit = fire_control::hits(rolls[0], rolls[1], rolls.get(2).copied());
            doc["roll"] = json!(rolls);
            let word = if hit { "hit" } else { "miss" };
            doc["result"] = json!(word);
            format!("{dice_text}: rolled {r} → {word}")
        }
        (None, None) => {
            doc["p"] = json!({"cannot_fire": 1.0});
            format!("{dice_text}: the firer cannot fire")
        }
        (None, Some(f)) => {
            let mut counts = BTreeMap::new();
            let sec_faces: Vec<Option<i64>> = match secondary {
                Some(s) => s.faces().map(Some).collect(),
                None => vec![None],
            };
            for a in f.faces() {
                for t in target.faces() {
                    for s in &sec_faces {
                        let w = if fire_control::hits(a, t, *s) {
                            "hit"
                        } else {
                            "miss"
                        };
                        *counts.entry(w).or_insert(0u64) += 1;
                    }
                }
            }
            let p = rates(&["hit", "miss"], &counts);
            let text = format!("{dice_text}: {}", p_text(&p));
            doc["p"] = p;
            text
        }
    };
    Ok(Answer {
        json: doc,
        text: result,
    })
}

/// How a shot's chits are read: its validity and what they are read against.
enum Reader {
    Vehicle {
        v: Validity,
        armour: i64,
        small_arms: bool,
    },
    Infantry {
        colours: chits::Colours,
        class: Class,
    },
    /// The weapon cannot harm the target: every draw reads as this word.
    NoEffect(&'static str),
}

impl Reader {
    fn read(&self, drawn: &[Chit]) -> chits::Reading {
        match self {
            Reader::Vehicle {
                v,
                armour,
                small_arms,
            } => chits::vehicle_hit(drawn, *v, *armour, *small_arms).1,
            Reader::Infantry { colours, class } => chits::infantry_hit(drawn, *colours, *class).1,
            Reader::NoEffect(word) => chits::Reading {
                valid: Vec::new(),
                valid_total: 0,
                result: word,
                effects: Vec::new(),
            },
        }
    }
}

fn chits_answer(
    w: Weapon,
    band: Option<Band>,
    target: Target,
    draw: Option<String>,
) -> Result<Answer, String> {
    let (n, reader, order): (usize, Reader, &[&str]) = match target {
        Target::Vehicle { armour, .. } => {
            let v = chits::validity(w, band, target)?;
            let order: &[&str] = &["undamaged", "damaged", "knocked_out", "destroyed"];
            match v {
                Some(v) => (
                    w.chits_per_hit(),
                    Reader::Vehicle {
                        v,
                        armour,
                        small_arms: w.system.small_arms(),
                    },
                    order,
                ),
                None => (0, Reader::NoEffect("undamaged"), &["undamaged"]),
            }
        }
        Target::Infantry { class, cover } => {
            let order: &[&str] = &["unharmed", "killed"];
            if w.system.small_arms() {
                let role = if w.system == System::Apsw {
                    Role::Apsw
                } else {
                    Role::Rifle
                };
                let tclass = if w.system == System::PoweredRifle {
                    Class::Powered
                } else {
                    Class::Line
                };
                let n = infantry::firefight_chits(tclass, role).unwrap_or(2);
                (
                    n,
                    Reader::Infantry {
                        colours: infantry::firefight_valid(cover),
                        class,
                    },
                    order,
                )
            } else {
                match (w.against_infantry(), chits::validity(w, band, target)?) {
                    (Some((n, _)), Some(v)) => {
                        let b = band.ok_or_else(|| format!("{w} needs a range band (--band)"))?;
                        let furthest = match w.system {
                            System::Hel | System::Slam => Band::Close,
                            _ => Band::Medium,
                        };
                        if b > furthest {
                            let zone = if w.system == System::Slam {
                                " (teams beside a vehicle it hits: `rules dirtside slam`)"
                            } else {
                                ""
                            };
                            return Err(format!(
                                "{w} cannot fire at infantry at {} range{zone}",
                                b.name()
                            ));
                        }
                        (
                            n,
                            Reader::Infantry {
                                colours: v.colours,
                                class,
                            },
                            order,
                        )
                    }
                    _ => (0, Reader::NoEffect("unharmed"), &["unharmed"]),
                }
            }
        }
    };
    let pot = Pot::default();
    match draw {
        Some(d) => {
            let drawn: Vec<Chit> = d
                .split(',')
                .filter(|s| !s.trim().is_empty())
                .map(Chit::parse)
                .collect::<Result<_, _>>()?;
            pot.check_draw(&drawn)?;
            if n > 0 && drawn.len() != n {
                return Err(format!("this hit draws {n} chit(s); {} given", drawn.len()));
            }
            let r = reader.read(&drawn);
            let names: Vec<String> = r.valid.iter().map(|c| c.name()).collect();
            Ok(Answer {
                text: format!(
                    "{w}: {n} chit(s); valid {} = {} → {}{}",
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(" ")
                    },
                    r.valid_total,
                    r.result,
                    if r.effects.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " ({})",
                            r.effects
                                .iter()
                                .map(|e| serde_json::to_value(e)
                                    .ok()
                                    .and_then(|v| v.as_str().map(String::from))
                                    .unwrap_or_default())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                ),
                json: json!({
                    "chits": n,
                    "valid": r.valid,
                    "valid_total": r.valid_total,
                    "result": r.result,
                    "effects": r.effects,
                }),
            })
        }
        None => {
            let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
            let mut kinds: Vec<(Chit, u64)> =
                pot.0.iter().map(|(c, k)| (*c, u64::from(*k))).collect();
            let mut drawn = Vec::with_capacity(n);
            enumerate(&mut kinds, n, 1, &mut drawn, &reader, &mut counts);
            let p = rates(order, &counts);
            Ok(Answer {
                text: format!("{w}: {n} chit(s) from the default pot: {}", p_text(&p)),
                json: json!({"chits": n, "p": p}),
            })
        }
    }
}

/// Every ordered draw of `left` more chits, each weighted by the ways it can
/// be drawn (product of the counts at each draw); the denominators are equal
/// for every draw of the same length, so the weights are exact rates.
fn enumerate(
    kinds: &mut [(Chit, u64)],
    left: usize,
    weight: u64,
    drawn: &mut Vec<Chit>,
    reader: &Reader,
    counts: &mut BTreeMap<&'static str, u64>,
) {
    if left == 0 {
        *counts.entry(reader.read(drawn).result).or_insert(0) += weight;
        return;
    }
    for i in 0..kinds.len() {
        let (c, k) = kinds[i];
        if k == 0 {
            continue;
        }
        kinds[i].1 -= 1;
        drawn.push(c);
        enumerate(kinds, left - 1, weight * k, drawn, reader, counts);
        drawn.pop();
        kinds[i].1 += 1;
    }
}

mod procedures;
mod slam;

#[cfg(test)]
mod tests;
