//! `rules dirtside slam`: an element in the danger zone of a SLAM salvo
//! that hit its target (L780–790; infantry L1081). Without `--roll`, the
//! exact chance of each result: the d6 to be hit, then every ordered draw
//! of the pack's class in chits from the default pot.

use std::collections::BTreeMap;

use clap::Args;
use serde_json::{json, Map, Value};

use super::{enumerate, on_die, p_text, Reader};
use crate::battle::ruleset::Answer;
use crate::core::ladder::Die;
use crate::rules::dirtside::chits::{self, ArmourKind, Chit, Pot, Target};
use crate::rules::dirtside::fire_control::Band;
use crate::rules::dirtside::infantry::{Class, Cover};
use crate::rules::dirtside::slam;
use crate::rules::dirtside::weapons::{System, Weapon};

#[derive(Debug, Args)]
pub struct SlamArgs {
    /// The SLAM pack's class, 3..5.
    #[arg(long)]
    class: u8,
    /// The band the salvo was fired at.
    #[arg(long, value_parser = Band::parse)]
    band: Band,
    /// The element in the zone is a vehicle: the armour of the face hit.
    #[arg(long, conflicts_with = "infantry")]
    armour: Option<i64>,
    #[arg(long, requires = "armour")]
    reactive: bool,
    /// The element in the zone is an infantry team: militia, line or powered.
    #[arg(long, value_parser = Class::parse, required_unless_present = "armour")]
    infantry: Option<Class>,
    /// Its cover: open, soft, dug-in.
    #[arg(long, value_parser = Cover::parse, default_value = "open")]
    cover: Cover,
    /// The d6 for this element; without it, the chance of each result.
    #[arg(long)]
    roll: Option<i64>,
    /// The chits drawn once it is hit (needs --roll).
    #[arg(long, requires = "roll")]
    draw: Option<String>,
}

pub fn secondary(a: SlamArgs) -> Result<Answer, String> {
    let w = Weapon::new(System::Slam, Some(a.class))?;
    let (radius, need) = slam::zone(a.band);
    let (reader, miss) = match (a.armour, a.infantry) {
        (Some(armour), _) => {
            if armour < 0 {
                return Err("armour is 0 or more".into());
            }
            let target = Target::Vehicle {
                armour,
                kind: if a.reactive {
                    ArmourKind::Reactive
                } else {
                    ArmourKind::Normal
                },
                apfc: false,
                cover: a.cover,
            };
            let v =
                chits::validity(w, Some(a.band), target)?.ok_or("a SLAM always harms a vehicle")?;
            let reader = Reader::Vehicle {
                v,
                armour,
                small_arms: false,
            };
            (reader, "undamaged")
        }
        (None, Some(class)) => {
            // L1081: chits as for close range, read as a firefight by cover (L1083).
            let colours = chits::anti_personnel_validity(System::Slam, a.cover)
                .unwrap_or(chits::Colours::NONE);
            (Reader::Infantry { colours, class }, "unharmed")
        }
        (None, None) => return Err("give --armour A or --infantry CLASS".into()),
    };
    let n = w.chits_per_hit();
    let zone = match need {
        Some(k) => format!(
            "{w} at {} range: elements within {radius}\" of the target are hit on a d6 of {k}+",
            a.band.name()
        ),
        None => format!("{w} at close range hits only its target"),
    };
    let mut doc = json!({
        "weapon": w.to_string(),
        "band": a.band.name(),
        "zone_inches": radius,
        "d6_needs": need,
        "chits": n,
    });
    if let Some(r) = a.roll {
        let r = on_die(Die::D6, r)?;
        let hit = slam::secondary_hit(a.band, r);
        doc["roll"] = json!(r);
        doc["hit"] = json!(hit);
        if !hit {
            if a.draw.is_some() {
                return Err(format!("a d6 of {r} misses: no chits are drawn"));
            }
            doc["result"] = json!(miss);
            return Ok(Answer {
                text: format!("{zone}: d6 {r} → missed, {miss}"),
                json: doc,
            });
        }
        if let Some(d) = a.draw {
            let drawn: Vec<Chit> = d
                .split(',')
                .filter(|s| !s.trim().is_empty())
                .map(Chit::parse)
                .collect::<Result<_, _>>()?;
            Pot::default().check_draw(&drawn)?;
            if drawn.len() != n {
                return Err(format!("this hit draws {n} chit(s); {} given", drawn.len()));
            }
            let r2 = reader.read(&drawn);
            let names: Vec<String> = r2.valid.iter().map(|c| c.name()).collect();
            doc["valid"] = json!(r2.valid);
            doc["valid_total"] = json!(r2.valid_total);
            doc["result"] = json!(r2.result);
            doc["effects"] = json!(r2.effects);
            return Ok(Answer {
                text: format!(
                    "{zone}: d6 {r} → hit; valid {} = {} → {}",
                    if names.is_empty() {
                        "none".into()
                    } else {
                        names.join(" ")
                    },
                    r2.valid_total,
                    r2.result
                ),
                json: doc,
            });
        }
    }
    // The chance of being hit: certain once a roll says so, else the d6's.
    let p_hit = match (a.roll, need) {
        (Some(_), _) => 1.0,
        (None, Some(k)) => (7 - k) as f64 / 6.0,
        (None, None) => 0.0,
    };
    let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
    if p_hit > 0.0 {
        let pot = Pot::default();
        let mut kinds: Vec<(Chit, u64)> = pot.0.iter().map(|(c, k)| (*c, u64::from(*k))).collect();
        enumerate(&mut kinds, n, 1, &mut Vec::new(), &reader, &mut counts);
    }
    let total: u64 = counts.values().sum();
    let order: &[&str] = match a.armour {
        Some(_) => &["undamaged", "damaged", "knocked_out", "destroyed"],
        None => &["unharmed", "killed"],
    };
    let mut p = Map::new();
    for o in order {
        let drawn = counts
            .get(o)
            .map_or(0.0, |c| p_hit * *c as f64 / total as f64);
        let q = drawn + if *o == miss { 1.0 - p_hit } else { 0.0 };
        if q > 0.0 {
            p.insert(o.to_string(), json!(q));
        }
    }
    let p = Value::Object(p);
    doc["p_hit"] = json!(p_hit);
    let text = format!("{zone}: hit {p_hit:.4}; {}", p_text(&p));
    doc["p"] = p;
    Ok(Answer { text, json: doc })
}
