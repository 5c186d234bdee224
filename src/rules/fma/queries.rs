//! `rules fma …`: one rule question answered from the FMA tables. With
//! `--roll` the answer reads those dice; without it, the answer gives the
//! exact chance of each outcome, counted over every face of every die.

use std::collections::BTreeMap;

use clap::Subcommand;
use serde_json::{json, Map, Value};

use super::armour::Cover;
use super::close_combat::{self, clash, multiplier};
use super::command_queries;
use super::die::{Die, Rated};
use super::explosives::{deviation, deviation_die, target_number, thrown_band, Explosive};
use super::fire::{Faces, FireOption, Shot};
use super::reaction;
use super::task;
use super::weapons::{Weapon, WEAPONS};
use crate::battle::ruleset::Answer;

fn motivation(s: &str) -> Result<i64, String> {
    s.parse::<i64>()
        .ok()
        .filter(|v| (1..=3).contains(v))
        .ok_or_else(|| format!("motivation is 1..3, not `{s}`"))
}

#[derive(Debug, Subcommand)]
pub enum FmaQuery {
    /// A reaction test: the quality die must beat motivation + modifier.
    #[command(
        after_help = "Examples (the text's: a Regular 2, then a \"Reaction Test +1\"):\n  bounce rules fma reaction --quality d8 --motivation 2 --roll 3\n  bounce rules fma reaction --quality d8 --motivation 2 --modifier 1 --roll 3"
    )]
    Reaction {
        #[arg(long, value_parser = Die::parse)]
        quality: Die,
        #[arg(long, value_parser = motivation)]
        motivation: i64,
        #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
        modifier: i64,
        /// The quality die; without it, the chance of each result.
        #[arg(long)]
        roll: Option<i64>,
    },
    /// One shot: quality + firepower against the target's die, then (Detailed,
    /// on a hit) impact against the best of armour and cover.
    #[command(
        after_help = "Dice in order: quality, firepower, then Detailed: target quality and, on a hit,\nimpact, armour (unless fixed), cover (if any); Quick: armour (unless fixed), cover.\nExample (the text's: a gauss rifle cannot suppress heavy PA at d12x2):\n  bounce rules fma shoot --quality d8 --firepower d10 --target-quality d8 --impact d12 --armour d12x2 --roll 6,1,5"
    )]
    Shoot {
        #[arg(long, value_parser = Die::parse)]
        quality: Die,
        #[arg(long, value_parser = Die::parse)]
        firepower: Die,
        /// The target's quality die (Detailed).
        #[arg(long, value_parser = Die::parse)]
        target_quality: Option<Die>,
        /// The weapon's impact die, e.g. d10 or d12x2 (Detailed).
        #[arg(long, value_parser = Rated::parse)]
        impact: Option<Rated>,
        /// The target's armour die, e.g. d6, d12x2, or 1 (fixed).
        #[arg(long, value_parser = Rated::parse)]
        armour: Rated,
        #[arg(long, value_parser = Cover::parse, default_value = "none")]
        cover: Cover,
        #[arg(long, value_parser = FireOption::parse, default_value = "detailed")]
        option: FireOption,
        #[arg(long)]
        roll: Option<String>,
    },
    /// Close combat: both quality dice; a close-combat weapon or power armour
    /// doubles a roll (both: four times).
    #[command(
        name = "close-combat",
        after_help = "Example (the text's: a Vet PA trooper with a power blade against a Regular):\n  bounce rules fma close-combat --attacker d10 --attacker-weapon --attacker-power-armour --defender d8 --roll 3,5"
    )]
    CloseCombat {
        #[arg(long, value_parser = Die::parse)]
        attacker: Die,
        #[arg(long, value_parser = Die::parse)]
        defender: Die,
        #[arg(long)]
        attacker_weapon: bool,
        #[arg(long)]
        defender_weapon: bool,
        #[arg(long)]
        attacker_power_armour: bool,
        #[arg(long)]
        defender_power_armour: bool,
        /// A,D: the attacker's and the defender's quality dice.
        #[arg(long)]
        roll: Option<String>,
    },
    /// A weapon at a range: its band, firepower die and impact; --aimed (or
    /// overwatch) doubles every band (L621-622, L951-953).
    #[command(
        after_help = "Weapons: light-pistol, heavy-pistol, machine-pistol, shotgun, combat-rifle,\ngauss-assault-rifle, 20mm-auto-cannon.\nExample: a combat rifle at 30\", aimed:\n  bounce rules fma weapon --weapon combat-rifle --inches 30 --aimed"
    )]
    Weapon {
        #[arg(long, value_parser = weapon)]
        weapon: Weapon,
        #[arg(long)]
        inches: f64,
        #[arg(long)]
        aimed: bool,
    },
    /// A task roll (optional skill system): the skill die must beat the
    /// difficulty die; with --criticals a natural 1 is a critical failure.
    #[command(
        after_help = "Grades (or a die): master d12, expert d10, competent d8, poor d6, hopeless d4;\ndifficulty: very-difficult d12, difficult d10, average d8, easy d6, very-easy d4.\nExample (the text's jammed rifle: a competent character clears an average jam):\n  bounce rules fma task --skill competent --difficulty average --criticals --roll 6,5"
    )]
    Task {
        #[arg(long, value_parser = skill_die)]
        skill: Die,
        #[arg(long, value_parser = difficulty_die)]
        difficulty: Die,
        /// Read a natural 1 on the skill die as a critical failure (L533-534).
        #[arg(long)]
        criticals: bool,
        /// S,D: the skill and the difficulty dice.
        #[arg(long)]
        roll: Option<String>,
    },
    /// Isolation at activation: a figure with no friend in sight within its
    /// quality die's size in inches tests (L962-978).
    #[command(
        after_help = "Example: a Green 2 whose nearest friend is 7\" away:\n  bounce rules fma isolation --quality d6 --motivation 2 --nearest-friend 7\nWithout --nearest-friend no friend is in sight."
    )]
    Isolation {
        #[arg(long, value_parser = Die::parse)]
        quality: Die,
        #[arg(long, value_parser = motivation)]
        motivation: i64,
        /// Inches to the nearest friend in sight.
        #[arg(long, allow_hyphen_values = true)]
        nearest_friend: Option<f64>,
        #[arg(long)]
        roll: Option<i64>,
    },
    /// A leader passes one action to a friend within its command radius
    /// (its quality die's size in inches): the leader's die must beat both
    /// motivations added (L980-1004).
    #[command(
        after_help = "Example (the text's: a Veteran 1 leader, a Green 3 friend 7\" away):\n  bounce rules fma command --leader d10 --leader-motivation 1 --figure-motivation 3 --inches 7 --roll 5"
    )]
    Command {
        #[arg(long, value_parser = Die::parse)]
        leader: Die,
        #[arg(long, value_parser = motivation)]
        leader_motivation: i64,
        #[arg(long, value_parser = motivation)]
        figure_motivation: i64,
        #[arg(long, allow_hyphen_values = true)]
        inches: f64,
        #[arg(long)]
        roll: Option<i64>,
    },
    /// A grenade or rocket: the target number from the range bands, the
    /// skill (quality) die, and how far the shot deviates.
    #[command(
        after_help = "Example (the text's: an Expert D10 with a grenade launcher at 26\"):\n  bounce rules fma explosive --skill d10 --weapon launched --inches 26 --roll 5"
    )]
    Explosive {
        #[arg(long, value_parser = Die::parse)]
        skill: Die,
        /// thrown, launched or rocket.
        #[arg(long, value_parser = explosive)]
        weapon: Explosive,
        #[arg(long)]
        inches: f64,
        /// A thrower's strength die (thrown grenades reach 1\" more per type above D6).
        #[arg(long, value_parser = Die::parse, default_value = "d6")]
        strength: Die,
        /// The skill die (or the stepped-up die); without it, the chance of
        /// each deviation in inches (0: on the aim point).
        #[arg(long)]
        roll: Option<i64>,
    },
}

fn explosive(s: &str) -> Result<Explosive, String> {
    match s {
        "thrown" => Ok(Explosive::ThrownGrenade),
        "launched" => Ok(Explosive::LaunchedGrenade),
        "rocket" => Ok(Explosive::Rocket),
        _ => Err(format!(
            "an explosive is thrown, launched or rocket, not `{s}`"
        )),
    }
}

/// A grade from `table` (spaces written as hyphens) or a die.
fn graded(table: &[(&str, Die)], what: &str, s: &str) -> Result<Die, String> {
    let word = s.trim().to_ascii_lowercase().replace('-', " ");
    table
        .iter()
        .find(|(name, _)| *name == word)
        .map(|g| g.1)
        .map_or_else(
            || {
                Die::parse(s)
                    .map_err(|_| format!("{what} is a grade or a die (d4..d12), not `{s}`"))
            },
            Ok,
        )
}

fn skill_die(s: &str) -> Result<Die, String> {
    graded(&task::SKILL, "skill", s)
}

fn difficulty_die(s: &str) -> Result<Die, String> {
    graded(&task::DIFFICULTY, "difficulty", s)
}

/// A chance as JSON, rid of the noise of summing fractions face by face
/// (0.9, not 0.8999999999999999).
fn chance(p: f64) -> Value {
    json!((p * 1e12).round() / 1e12)
}

fn weapon(s: &str) -> Result<Weapon, String> {
    let word = s.trim().to_ascii_lowercase().replace('-', " ");
    WEAPONS
        .iter()
        .find(|r| r.name == word)
        .map(|r| r.weapon)
        .ok_or_else(|| format!("no weapon `{s}` in the table (try combat-rifle)"))
}

fn on_die(die: Die, r: i64) -> Result<i64, String> {
    if die.faces().contains(&r) {
        Ok(r)
    } else {
        Err(format!("a {die} shows 1..{}, not {r}", die.sides()))
    }
}

fn rolls(s: &str) -> Result<Vec<i64>, String> {
    s.split(',')
        .map(|x| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| format!("a roll is a number, not `{x}`"))
        })
        .collect()
}

/// Rates in the order of `words`, every word present (0 when it never happens).
fn rates(words: &[&str], p: &BTreeMap<&'static str, f64>) -> Map<String, Value> {
    words
        .iter()
        .map(|w| (w.to_string(), chance(p.get(w).copied().unwrap_or(0.0))))
        .collect()
}

fn p_text(p: &Map<String, Value>) -> String {
    p.iter()
        .map(|(k, v)| format!("{k} {:.4}", v.as_f64().unwrap_or(0.0)))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn answer(q: FmaQuery) -> Result<Answer, String> {
    match q {
        FmaQuery::Isolation {
            quality,
            motivation,
            nearest_friend,
            roll,
        } => command_queries::isolation(quality, motivation, nearest_friend, roll),
        FmaQuery::Command {
            leader,
            leader_motivation,
            figure_motivation,
            inches,
            roll,
        } => command_queries::command(leader, leader_motivation, figure_motivation, inches, roll),
        FmaQuery::Weapon {
            weapon,
            inches,
            aimed,
        } => {
            if inches.is_nan() || inches < 0.0 {
                return Err(format!("inches is 0 or more, not {inches}"));
            }
            let how = if aimed { " aimed" } else { "" };
            let impact = weapon.impact();
            match weapon.band(inches, aimed) {
                Some((band, die)) => Ok(Answer {
                    json: json!({"weapon": weapon, "inches": inches, "aimed": aimed,
                        "band": band, "firepower": die, "impact": impact.to_string()}),
                    text: format!(
                        "{} at {inches}\"{how}: {} band, firepower {die}, impact {impact}",
                        weapon.name(),
                        band.name()
                    ),
                }),
                None => Ok(Answer {
                    json: json!({"weapon": weapon, "inches": inches, "aimed": aimed,
                        "band": null, "reach": weapon.reach(aimed)}),
                    text: format!(
                        "{} at {inches}\"{how}: beyond its reach of {}\", no shot",
                        weapon.name(),
                        weapon.reach(aimed)
                    ),
                }),
            }
        }
        FmaQuery::Task {
            skill,
            difficulty,
            criticals,
            roll,
        } => {
            let what = format!(
                "skill {skill} against difficulty {difficulty}{}",
                if criticals { ", a 1 is critical" } else { "" }
            );
            let word = |s: i64, d: i64| match task::task(s, d, criticals) {
                task::Task::Success => "success",
                task::Task::Failure => "failure",
                task::Task::Critical => "critical_failure",
            };
            match roll {
                Some(r) => {
                    let [s, d] = rolls(&r)?[..] else {
                        return Err("a task takes two dice: --roll SKILL,DIFFICULTY".into());
                    };
                    let (s, d) = (on_die(skill, s)?, on_die(difficulty, d)?);
                    let result = word(s, d);
                    Ok(Answer {
                        json: json!({"skill": skill, "difficulty": difficulty, "roll": [s, d], "result": result}),
                        text: format!("{what}: {s} against {d}: {}", result.replace('_', " ")),
                    })
                }
                None => {
                    let each = 1.0 / (skill.sides() * difficulty.sides()) as f64;
                    let mut p = BTreeMap::new();
                    for s in skill.faces() {
                        for d in difficulty.faces() {
                            *p.entry(word(s, d)).or_insert(0.0) += each;
                        }
                    }
                    let p = rates(&["success", "failure", "critical_failure"], &p);
                    Ok(Answer {
                        text: format!("{what}: {}", p_text(&p)),
                        json: json!({"skill": skill, "difficulty": difficulty, "p": p}),
                    })
                }
            }
        }
        FmaQuery::Explosive {
            skill,
            weapon,
            inches,
            strength,
            roll,
        } => {
            let band = match weapon {
                Explosive::ThrownGrenade => thrown_band(strength),
                w => w.band(),
            };
            let tn = target_number(inches, band)
                .ok_or_else(|| format!("{inches}\" is beyond ten bands of {band}\""))?;
            let (die, always) = deviation_die(skill, tn).ok_or_else(|| {
                format!("target number {tn} would take a {skill} past d12: the shot is not allowed")
            })?;
            let head =
                json!({"band": band, "target_number": tn, "die": die, "always_deviates": always});
            let what = format!(
                "{inches}\" with a {band}\" band: target number {tn}, {die}{}",
                if always { ", always deviates" } else { "" }
            );
            match roll {
                Some(r) => {
                    let r = on_die(die, r)?;
                    let d = deviation(r, tn, always);
                    let mut j = head;
                    j["roll"] = json!(r);
                    j["deviation"] = json!(d);
                    Ok(Answer {
                        json: j,
                        text: format!(
                            "{what}: {r} → {}",
                            if d == 0 {
                                "on the aim point".to_string()
                            } else {
                                format!("deviates {d}\" (roll a d12 for the direction)")
                            }
                        ),
                    })
                }
                None => {
                    let mut p: BTreeMap<i64, f64> = BTreeMap::new();
                    for r in die.faces() {
                        *p.entry(deviation(r, tn, always)).or_insert(0.0) +=
                            1.0 / die.sides() as f64;
                    }
                    let pm: Map<String, Value> =
                        p.iter().map(|(k, v)| (k.to_string(), chance(*v))).collect();
                    let mut j = head;
                    j["p"] = Value::Object(pm.clone());
                    Ok(Answer {
                        text: format!("{what}: {}", p_text(&pm)),
                        json: j,
                    })
                }
            }
        }
        FmaQuery::Reaction {
            quality,
            motivation,
            modifier,
            roll,
        } => {
            let target = reaction::target(motivation, modifier);
            let word = |r: i64| {
                if reaction::passes(r, target) {
                    "pass"
                } else {
                    "fail"
                }
            };
            match roll {
                Some(r) => {
                    let r = on_die(quality, r)?;
                    Ok(Answer {
                        json: json!({"die": quality, "target": target, "roll": r, "result": word(r)}),
                        text: format!("{quality} {r} against {target}: {}", word(r)),
                    })
                }
                None => {
                    let mut p = BTreeMap::new();
                    for r in quality.faces() {
                        *p.entry(word(r)).or_insert(0.0) += 1.0 / quality.sides() as f64;
                    }
                    let p = rates(&["pass", "fail"], &p);
                    Ok(Answer {
                        text: format!("{quality} against {target}: {}", p_text(&p)),
                        json: json!({"die": quality, "target": target, "p": p}),
                    })
                }
            }
        }
        FmaQuery::Shoot {
            quality,
            firepower,
            target_quality,
            impact,
            armour,
            cover,
            option,
            roll,
        } => {
            let detailed = option == FireOption::Detailed;
            let target_quality = match (target_quality, detailed) {
                (Some(t), _) => t,
                (None, false) => Die::D4,
                (None, true) => return Err("the Detailed option needs --target-quality".into()),
            };
            let impact = match (impact, detailed) {
                (Some(i), _) => i,
                (None, false) => Rated::plain(Die::D4),
                (None, true) => return Err("the Detailed option needs --impact".into()),
            };
            let shot = Shot {
                option,
                quality,
                firepower,
                target_quality,
                impact,
                armour,
                cover,
            };
            let words: &[&str] = if detailed {
                &["no_effect", "suppressed", "wound", "kill"]
            } else {
                &["no_effect", "suppressed", "down"]
            };
            let what = format!(
                "{} fire, {quality}+{firepower} against {}armour {armour}, cover {}",
                option.name(),
                if detailed {
                    format!("{target_quality}, impact {impact} against ")
                } else {
                    String::new()
                },
                cover.name()
            );
            match roll {
                Some(r) => {
                    let faces = shoot_faces(&shot, &rolls(&r)?)?;
                    let result = shot.resolve(&faces).word();
                    Ok(Answer {
                        json: json!({"option": option, "roll": rolls(&r)?, "result": result}),
                        text: format!("{what}: {r} → {}", result.replace('_', " ")),
                    })
                }
                None => {
                    let p: BTreeMap<&'static str, f64> = shot
                        .odds()
                        .into_iter()
                        .map(|(o, v)| (o.word(), v))
                        .collect();
                    let p = rates(words, &p);
                    Ok(Answer {
                        text: format!("{what}: {}", p_text(&p)),
                        json: json!({"option": option, "p": p}),
                    })
                }
            }
        }
        FmaQuery::CloseCombat {
            attacker,
            defender,
            attacker_weapon,
            defender_weapon,
            attacker_power_armour,
            defender_power_armour,
            roll,
        } => {
            let am = multiplier(attacker_weapon, attacker_power_armour);
            let dm = multiplier(defender_weapon, defender_power_armour);
            let what = format!("{attacker} x{am} against {defender} x{dm}");
            match roll {
                Some(r) => {
                    let v = rolls(&r)?;
                    let [a, d] = v[..] else {
                        return Err("close combat takes two dice: --roll A,D".into());
                    };
                    let (a, d) = (on_die(attacker, a)?, on_die(defender, d)?);
                    let result = clash(a * am, d * dm).word();
                    Ok(Answer {
                        json: json!({"roll": [a, d], "scores": [a * am, d * dm], "result": result}),
                        text: format!(
                            "{what}: {a} → {}, {d} → {}: {}",
                            a * am,
                            d * dm,
                            result.replace('_', " ")
                        ),
                    })
                }
                None => {
                    let p: BTreeMap<&'static str, f64> =
                        close_combat::odds(attacker, am, defender, dm)
                            .into_iter()
                            .map(|(c, v)| (c.word(), v))
                            .collect();
                    let p = rates(
                        &[
                            "attacker_wounds",
                            "attacker_kills",
                            "defender_wounds",
                            "defender_kills",
                            "no_effect",
                        ],
                        &p,
                    );
                    Ok(Answer {
                        text: format!("{what}: {}", p_text(&p)),
                        json: json!({"p": p}),
                    })
                }
            }
        }
    }
}

/// Reads the typed dice of a shot in their order, checking each against its
/// die and that there are exactly as many as the shot rolls.
fn shoot_faces(shot: &Shot, typed: &[i64]) -> Result<Faces, String> {
    let mut it = typed.iter().copied();
    let mut next = |die: Die, what: &str| -> Result<i64, String> {
        let r = it
            .next()
            .ok_or_else(|| format!("the {what} die ({die}) is missing from --roll"))?;
        on_die(die, r)
    };
    let mut f = Faces {
        quality: next(shot.quality, "quality")?,
        firepower: next(shot.firepower, "firepower")?,
        ..Faces::default()
    };
    let protection = |f: &mut Faces, next: &mut dyn FnMut(Die, &str) -> Result<i64, String>| {
        if let Some(d) = shot.armour.die() {
            f.armour = Some(next(d, "armour")?);
        }
        if let Some(d) = shot.cover.die() {
            f.cover = Some(next(d, "cover")?);
        }
        Ok::<(), String>(())
    };
    match shot.option {
        FireOption::Detailed => {
            let t = next(shot.target_quality, "target quality")?;
            f.target = Some(t);
            if shot.hits(f.quality, f.firepower, t) {
                if let Some(d) = shot.impact.die() {
                    f.impact = Some(next(d, "impact")?);
                }
                protection(&mut f, &mut next)?;
            }
        }
        FireOption::Quick => protection(&mut f, &mut next)?,
    }
    let extra = it.count();
    if extra > 0 {
        return Err(format!("{extra} die/dice more than this shot rolls"));
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_dice_are_read_in_order_and_counted() {
        let shot = Shot {
            option: FireOption::Detailed,
            quality: Die::D8,
            firepower: Die::D10,
            target_quality: Die::D8,
            impact: Rated::plain(Die::D10),
            armour: Rated::plain(Die::D6),
            cover: Cover::Soft,
        };
        let f = shoot_faces(&shot, &[6, 7, 5, 9, 2, 4]).unwrap();
        assert_eq!(shot.resolve(&f).word(), "kill");
        assert!(
            shoot_faces(&shot, &[6, 7, 5]).is_err(),
            "a hit needs its impact dice"
        );
        assert!(
            shoot_faces(&shot, &[6, 1, 5, 9]).is_err(),
            "no hit: three dice only"
        );
        assert!(
            shoot_faces(&shot, &[9, 1, 5]).is_err(),
            "a d8 shows at most 8"
        );
    }
}
