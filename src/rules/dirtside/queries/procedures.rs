//! The queries that answer a whole procedure rather than one table: the
//! reaction test, a guided-missile attack through area defence, ECM and point
//! defence, one round of close assault, and what a move costs. Without a roll
//! each gives exact odds, counted over every die face or chit draw.

use std::collections::BTreeMap;

use clap::Args;
use serde_json::{json, Map, Value};

use super::{enumerate, leadership, on_die, p_text, rates, Reader};
use crate::battle::ruleset::Answer;
use crate::core::ladder::Die;
use crate::rules::dirtside::chits::Pot;
use crate::rules::dirtside::confidence::{self, Level};
use crate::rules::dirtside::infantry::{self, Class, Cover, Role};
use crate::rules::dirtside::missiles::{self, Grade};
use crate::rules::dirtside::movement::{self, Mobility, Terrain};
use crate::rules::dirtside::quality::Quality;

#[derive(Debug, Args)]
pub struct ReactionArgs {
    #[arg(long, value_parser = Quality::parse)]
    quality: Quality,
    #[arg(long, value_parser = leadership)]
    leadership: i64,
    /// The circumstance's threat level, 0 to 3.
    #[arg(long, conflicts_with = "assault_from", value_parser = clap::value_parser!(i64).range(0..=3))]
    threat: Option<i64>,
    /// The test to close-assault, taken at the unit's level: confident +0,
    /// steady +1, shaken +3; broken and routed units may not assault.
    #[arg(long, value_parser = Level::parse)]
    assault_from: Option<Level>,
    #[arg(long)]
    roll: Option<i64>,
}

pub fn reaction(a: ReactionArgs) -> Result<Answer, String> {
    let threat = match (a.threat, a.assault_from) {
        (Some(t), _) => t,
        (None, Some(level)) => confidence::assault_threat(level)
            .ok_or_else(|| format!("a {level} unit may not close-assault"))?,
        (None, None) => return Err("give --threat T or --assault-from LEVEL".into()),
    };
    let die = a.quality.die();
    let target = confidence::target(a.leadership, threat);
    let word = |r| {
        if confidence::reaction(r, target) {
            "pass"
        } else {
            "fail"
        }
    };
    let what = format!("reaction {} {} at threat {threat}", a.quality, a.leadership);
    match a.roll {
        Some(r) => {
            let r = on_die(die, r)?;
            Ok(Answer {
                json: json!({"die": die, "target": target, "roll": r, "result": word(r)}),
                text: format!("{what}: {die} {r} against {target} → {}", word(r)),
            })
        }
        None => {
            let mut counts = BTreeMap::new();
            for r in die.faces() {
                *counts.entry(word(r)).or_insert(0) += 1;
            }
            let p = rates(&["pass", "fail"], &counts);
            Ok(Answer {
                text: format!("{what}: {die} against {target}: {}", p_text(&p)),
                json: json!({"die": die, "target": target, "p": p}),
            })
        }
    }
}

fn grade(s: &str) -> Result<Grade, String> {
    match s {
        "basic" => Ok(Grade::Basic),
        "enhanced" => Ok(Grade::Enhanced),
        "superior" => Ok(Grade::Superior),
        _ => Err(format!("grade is basic, enhanced or superior, not `{s}`")),
    }
}

#[derive(Debug, Args)]
pub struct GmsArgs {
    /// The missiles' guidance: basic, enhanced, superior.
    #[arg(long, value_parser = grade)]
    guidance: Grade,
    /// Missiles in the attack.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=12))]
    missiles: u8,
    /// An active area-defence system covering the target.
    #[arg(long, value_parser = grade)]
    ads: Option<Grade>,
    /// How many missiles the ADS engages [default: as many as it can].
    #[arg(long, requires = "ads")]
    engage: Option<usize>,
    /// The target's ECM [default: none, a d4].
    #[arg(long, value_parser = grade)]
    ecm: Option<Grade>,
    /// The target's point defence.
    #[arg(long, value_parser = grade)]
    pds: Option<Grade>,
}

/// Faces of `a` that beat `b`, over all pairs.
fn beats(a: Die, b: Die) -> i64 {
    a.faces()
        .map(|x| b.faces().filter(|&y| x > y).count() as i64)
        .sum()
}

pub fn gms(a: GmsArgs) -> Result<Answer, String> {
    let n = usize::from(a.missiles);
    let g = missiles::guidance_die(a.guidance);
    let (engaged, ads_die) = match a.ads {
        None => (0, None),
        Some(ads) => {
            let k = a
                .engage
                .unwrap_or_else(|| n.min(missiles::ads_capacity(ads)));
            if k > n {
                return Err(format!("the ADS cannot engage {k} of {n} missiles"));
            }
            let die = missiles::ads_die(ads, k.max(1)).ok_or_else(|| {
                format!(
                    "this ADS can engage at most {} missiles",
                    missiles::ads_capacity(ads)
                )
            })?;
            (k, (k > 0).then_some(die))
        }
    };
    // A missile engaged by the ADS gets through when the ADS fails to beat it.
    let p_through = match ads_die {
        Some(d) => 1.0 - beats(d, g) as f64 / (d.sides() * g.sides()) as f64,
        None => 1.0,
    };
    // Then the same guidance die, rolled anew, must beat the target's ECM die
    // and, with PDS, its secondary die too.
    let ecm = missiles::ecm_die(a.ecm);
    let pds = a.pds.map(missiles::pds_die);
    let mut hit_ways = 0i64;
    for x in g.faces() {
        for e in ecm.faces() {
            match pds {
                Some(p) => hit_ways += p.faces().filter(|&y| x > e.max(y)).count() as i64,
                None => hit_ways += i64::from(x > e),
            }
        }
    }
    let p_hit = hit_ways as f64 / (g.sides() * ecm.sides() * pds.map_or(1, |p| p.sides())) as f64;
    let mut dist = vec![1.0f64];
    for i in 0..n {
        let p = if i < engaged {
            p_through * p_hit
        } else {
            p_hit
        };
        let mut next = vec![0.0; dist.len() + 1];
        for (k, q) in dist.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        dist = next;
    }
    let mut p = Map::new();
    for (k, q) in dist.iter().enumerate() {
        p.insert(k.to_string(), json!(q));
    }
    let p = Value::Object(p);
    Ok(Answer {
        text: format!(
            "{n} missile(s), {g} guidance; ADS {} against {engaged}, ECM {ecm}{}: each engaged gets through {p_through:.4}, each reaching the target hits {p_hit:.4}; hits {}",
            ads_die.map_or("none".into(), |d| d.name().to_string()),
            pds.map_or(String::new(), |d| format!(", PDS {d}")),
            p_text(&p)
        ),
        json: json!({
            "guidance": g,
            "ads_die": ads_die,
            "engaged": engaged,
            "ecm_die": ecm,
            "pds_die": pds,
            "p_through_ads": p_through,
            "p_hit": p_hit,
            "p": p,
        }),
    })
}

/// An assault party: CLASS:ROLE:ELEMENTS, e.g. line:rifle:3.
#[derive(Debug, Clone, Copy)]
pub struct Teams {
    class: Class,
    role: Role,
    n: usize,
}

fn teams(s: &str) -> Result<Teams, String> {
    let parts: Vec<&str> = s.split(':').collect();
    let [c, r, n] = parts[..] else {
        return Err(format!("give CLASS:ROLE:ELEMENTS, not `{s}`"));
    };
    let role = match r {
        "rifle" => Role::Rifle,
        "apsw" => Role::Apsw,
        "assault" => Role::Assault,
        "specialist" => Role::Specialist,
        _ => {
            return Err(format!(
                "role is rifle, apsw, assault or specialist, not `{r}`"
            ))
        }
    };
    let n = n
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=12).contains(n))
        .ok_or_else(|| format!("elements are 1..12, not `{n}`"))?;
    Ok(Teams {
        class: Class::parse(c)?,
        role,
        n,
    })
}

#[derive(Debug, Args)]
pub struct AssaultArgs {
    /// The attacker's teams, CLASS:ROLE:ELEMENTS; give it once per kind.
    #[arg(long = "attacker", value_parser = teams, required = true)]
    attackers: Vec<Teams>,
    /// The defender's teams, CLASS:ROLE:ELEMENTS (one class).
    #[arg(long = "defender", value_parser = teams, required = true)]
    defenders: Vec<Teams>,
    /// The defender's cover in the first round: open, soft, dug-in.
    #[arg(long, value_parser = Cover::parse, default_value = "open")]
    cover: Cover,
    /// The round: from the second on the defender has no cover.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..))]
    round: u8,
}

/// The chance one team's assault chits kill a `target` team in `cover`.
fn kill_chance(t: Teams, target: Class, cover: Cover) -> f64 {
    let n = infantry::assault_chits(t.class, t.role);
    let reader = Reader::Infantry {
        colours: infantry::assault_valid(cover),
        class: target,
    };
    let pot = Pot::default();
    let mut kinds: Vec<_> = pot.0.iter().map(|(c, k)| (*c, u64::from(*k))).collect();
    let mut counts = BTreeMap::new();
    enumerate(&mut kinds, n, 1, &mut Vec::new(), &reader, &mut counts);
    let total: u64 = counts.values().sum();
    counts.get("killed").copied().unwrap_or(0) as f64 / total as f64
}

/// Elements killed on the side of `targets`: every firer takes the next
/// target in turn (as auto-resolve does), and a target falls if any chits
/// aimed at it kill.
fn losses(firers: &[Teams], targets: &[Teams], cover: Cover) -> Vec<f64> {
    let tclass: Vec<Class> = targets
        .iter()
        .flat_map(|t| std::iter::repeat_n(t.class, t.n))
        .collect();
    let mut survive = vec![1.0f64; tclass.len()];
    let firer_list = firers.iter().flat_map(|t| std::iter::repeat_n(*t, t.n));
    for (k, f) in firer_list.enumerate() {
        let j = k % tclass.len();
        survive[j] *= 1.0 - kill_chance(f, tclass[j], cover);
    }
    let mut dist = vec![1.0f64];
    for s in survive {
        let mut next = vec![0.0; dist.len() + 1];
        for (k, q) in dist.iter().enumerate() {
            next[k] += q * s;
            next[k + 1] += q * (1.0 - s);
        }
        dist = next;
    }
    dist
}

fn side(dist: &[f64], elements: usize) -> Value {
    let mut p = Map::new();
    for (k, q) in dist.iter().enumerate() {
        p.insert(k.to_string(), json!(q));
    }
    // Half or more lost: the side's confidence test is at +3, else +1 (L1015).
    let heavy: f64 = dist.iter().skip(elements.div_ceil(2)).sum();
    json!({"elements": elements, "killed": p, "p_test_at_3": heavy})
}

pub fn assault_round(a: AssaultArgs) -> Result<Answer, String> {
    let cover = if a.round > 1 { Cover::Open } else { a.cover };
    let na: usize = a.attackers.iter().map(|t| t.n).sum();
    let nd: usize = a.defenders.iter().map(|t| t.n).sum();
    let defender = side(&losses(&a.attackers, &a.defenders, cover), nd);
    let attacker = side(&losses(&a.defenders, &a.attackers, Cover::Open), na);
    Ok(Answer {
        text: format!(
            "round {}, defender {}: defender loses {} (test at +3: {:.4}); attacker loses {} (test at +3: {:.4})",
            a.round,
            cover.name(),
            p_text(&defender["killed"]),
            defender["p_test_at_3"].as_f64().unwrap_or(0.0),
            p_text(&attacker["killed"]),
            attacker["p_test_at_3"].as_f64().unwrap_or(0.0),
        ),
        json: json!({"round": a.round, "cover": cover, "defender": defender, "attacker": attacker}),
    })
}

fn leg(s: &str) -> Result<(Terrain, i64), String> {
    let (t, n) = s
        .split_once(':')
        .ok_or_else(|| format!("give TERRAIN:INCHES, not `{s}`"))?;
    let n = n
        .parse::<i64>()
        .ok()
        .filter(|n| *n >= 0)
        .ok_or_else(|| format!("inches are a whole number, not `{n}`"))?;
    Ok((Terrain::parse(t)?, n))
}

#[derive(Debug, Args)]
pub struct MoveArgs {
    /// foot, powered_foot, cavalry, wheeled_low, wheeled_high, tracked_slow,
    /// tracked_fast, gev_slow, gev_fast, grav, vtol_transport, vtol_attack,
    /// walker_combat, walker_transport.
    #[arg(long, value_parser = Mobility::parse)]
    mobility: Mobility,
    /// A stretch of the move, TERRAIN:INCHES, in order; give it once a stretch.
    #[arg(long = "leg", value_parser = leg, required = true)]
    legs: Vec<(Terrain, i64)>,
    /// Travel mode: EASY going counts double.
    #[arg(long)]
    travel: bool,
}

pub fn movement_cost(a: MoveArgs) -> Result<Answer, String> {
    let mf = a.mobility.base_mf();
    let goings: Vec<Value> = a
        .legs
        .iter()
        .map(|(t, n)| json!({"terrain": t, "inches": n, "going": movement::going(a.mobility, *t)}))
        .collect();
    let half = movement::cost(a.mobility, &a.legs, a.travel);
    let factors = half.map(|h| h as f64 / 2.0);
    let fits = half.is_some_and(|h| h <= 2 * mf);
    Ok(Answer {
        text: match factors {
            Some(f) => format!(
                "costs {f} of a base factor of {mf}: {}",
                if fits {
                    "within one move"
                } else {
                    "more than one move"
                }
            ),
            None => "impassable for this mobility".to_string(),
        },
        json: json!({"base_mf": mf, "legs": goings, "factors": factors, "within_base_mf": fits}),
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::ask;

    #[test]
    fn reaction_to_assault_from_steady() {
        // Regular (d8), leadership 2, steady: threat +1, target 3: 5 in 8 pass.
        let a = ask("reaction --quality regular --leadership 2 --assault-from steady").unwrap();
        assert_eq!(a["target"], 3);
        assert_eq!(a["p"]["pass"], 5.0 / 8.0);
        assert_eq!(a["p"]["fail"], 3.0 / 8.0);
        let a = ask("reaction --quality regular --leadership 2 --threat 1 --roll 3").unwrap();
        assert_eq!(a["result"], "fail");
        assert!(ask("reaction --quality regular --leadership 2 --assault-from broken").is_err());
        assert!(ask("reaction --quality regular --leadership 2 --threat 4").is_err());
    }

    #[test]
    fn gms_against_an_enhanced_ads_and_ecm() {
        // Enhanced guidance (d8) against an enhanced ADS engaging two: each
        // engaged missile meets a d6; a d6 beats a d8 in 15 of 48 pairs.
        let a = ask("gms --guidance enhanced --missiles 2 --ads enhanced --engage 2").unwrap();
        assert_eq!(a["ads_die"], "d6");
        assert_eq!(a["p_through_ads"], 1.0 - 15.0 / 48.0);
        // No ECM: d8 against d4 hits in 22 of 32.
        assert_eq!(a["p_hit"], 22.0 / 32.0);
        let s: f64 = a["p"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_f64().unwrap())
            .sum();
        assert!((s - 1.0).abs() < 1e-12);
        assert!(ask("gms --guidance basic --missiles 4 --ads enhanced --engage 4").is_err());
        // A point-defence die lowers the hit chance.
        let b = ask("gms --guidance enhanced --pds basic").unwrap();
        assert!(b["p_hit"].as_f64() < a["p_hit"].as_f64());
    }

    #[test]
    fn assault_round_cover_only_in_the_first_round() {
        let q = "assault-round --attacker line:rifle:4 --defender line:rifle:4 --cover dug-in";
        let first = ask(q).unwrap();
        let second = ask(&format!("{q} --round 2")).unwrap();
        let none = |a: &serde_json::Value| a["defender"]["killed"]["0"].as_f64().unwrap();
        assert!(none(&first) > none(&second));
        // The attacker stands in the open both rounds.
        assert_eq!(first["attacker"], second["attacker"]);
        assert!(ask("assault-round --attacker line:rifle:0 --defender line:rifle:4").is_err());
    }

    #[test]
    fn movement_cost_of_the_text_example_and_the_walker_rows() {
        let a =
            ask("move --mobility tracked_slow --leg road:4 --leg open:2 --leg rough:2 --travel")
                .unwrap();
        assert_eq!(a["factors"], 8.0);
        assert_eq!(a["within_base_mf"], true);
        let w = ask("move --mobility walker_combat --leg open_water:3").unwrap();
        assert_eq!(w["factors"], 6.0);
        let t = ask("move --mobility walker_transport --leg urban:1").unwrap();
        assert_eq!(t["legs"][0]["going"], "difficult");
        let v = ask("move --mobility vtol_attack --leg dense_woods:10").unwrap();
        assert_eq!(v["factors"], 10.0);
    }
}
