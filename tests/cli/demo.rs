//! The demo as a story, and the battle briefing it tells: the routine between
//! battles (clock, regroup, resupply) and who won at what cost.

use crate::common::{Campaign, FULL_MOON, SHIPPED_FULL_MOON};

#[test]
fn a_briefing_is_shown_and_survives_export() {
    let c = Campaign::full_moon();
    c.ok(&[
        "battle",
        "new",
        "ridge",
        "--attacker",
        "a-1pl",
        "--defender",
        "tycho-1",
        "--briefing",
        "Take the ridge before dawn; the militia expect no one.",
    ]);
    let show = c.ok(&["battle", "show", "ridge"]);
    assert!(
        show.contains("Briefing: Take the ridge before dawn"),
        "{show}"
    );
    let doc = c.json(&["battle", "show", "ridge"]);
    assert_eq!(
        doc["briefing"],
        "Take the ridge before dawn; the militia expect no one."
    );
    let out = c.path("out.toml");
    c.ok(&["export", out.to_str().unwrap()]);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("briefing = \"Take the ridge before dawn"),
        "{text}"
    );
    // Changed on the plan, and undone.
    c.ok(&["battle", "edit", "ridge", "--briefing", "Hold the ridge."]);
    assert_eq!(
        c.json(&["battle", "show", "ridge"])["briefing"],
        "Hold the ridge."
    );
    c.ok(&["undo"]);
    // A battle without one writes no empty field.
    let shipped = std::fs::read_to_string(FULL_MOON).unwrap();
    assert_eq!(
        text.matches("\nbriefing =").count(),
        1 + shipped.matches("\nbriefing =").count()
    );
}

#[test]
fn the_demo_runs_the_umpires_routine_between_battles() {
    let c = Campaign::empty();
    let out = c.ok(&["demo"]);
    assert!(
        out.contains(" win after ") || out.contains("Neither side wins"),
        "{out}"
    );
    assert!(out.contains("Cost: "), "{out}");
    assert!(out.contains("Next: "), "{out}");
    assert!(out.contains("That ends the chain."), "{out}");
    // Each routine step is its own journal entry, so it can be undone.
    let history = c.json(&["history"]);
    let commands: Vec<&str> = history
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["command"].as_str())
        .collect();
    for step in ["advance", "supply resupply", "battle auto"] {
        assert!(commands.contains(&step), "{step} missing from {commands:?}");
    }
    c.ok(&["check"]);
}

/// The shipped campaign's stands, as `roster --all --json` lists them.
fn shipped_roster() -> Vec<serde_json::Value> {
    let c = Campaign::empty();
    c.ok(&["import", SHIPPED_FULL_MOON]);
    c.ok(&["check"]);
    c.json(&["roster", "--all"]).as_array().unwrap().clone()
}

#[test]
fn the_shipped_campaign_has_no_odd_stands_and_morale_off_the_clamps() {
    let roster = shipped_roster();
    let field = |s: &serde_json::Value, f: &str| s[f].as_str().unwrap_or_default().to_string();
    for s in &roster {
        let (code, kind, weapon) = (field(s, "code"), field(s, "type"), field(s, "weapon"));
        // One-man command figures add +1 to a stand; they do not fire (L385).
        if kind == "commander" {
            assert!(
                weapon.is_empty() || weapon == "-",
                "{code} carries {weapon}"
            );
        }
        // Aircraft carry weapons that reach the ground, not air-defence ones.
        if kind == "aircraft" {
            assert!(
                !["other_guided", "manpad", "vehicle_sam", "heavy_sam"].contains(&weapon.as_str()),
                "{code} carries {weapon}"
            );
        }
        // Artillery is indirect fire; a machine gun sits with the line.
        if kind == "artillery" {
            assert!(
                !weapon.starts_with("veh_"),
                "{code} is artillery with {weapon}"
            );
        }
    }
    let morale: Vec<i64> = roster
        .iter()
        .filter(|s| s["status"] == "effective")
        .filter_map(|s| s["morale"].as_i64())
        .collect();
    let clamped = morale.iter().filter(|m| **m == 1 || **m == 9).count();
    assert!(
        clamped * 10 <= morale.len(),
        "{clamped} of {} stands at morale 1 or 9",
        morale.len()
    );
}

#[test]
fn every_battle_of_the_demo_is_close_when_it_comes_due() {
    let c = Campaign::empty();
    let doc = c.json(&["demo"]);
    let battles = doc["battles"].as_array().unwrap();
    assert_eq!(battles.len(), 4);
    for b in battles {
        let p = b["attacker_odds"].as_f64().unwrap();
        assert!(
            (0.25..=0.75).contains(&p),
            "{}: the attacker wins {p} as it comes due",
            b["battle"]
        );
    }
    // The chain carries units from battle to battle: more than one unit
    // fights twice.
    let plans: Vec<serde_json::Value> =
        ["crater-rim", "dome-seven", "copernicus-road", "kepler-raid"]
            .iter()
            .map(|b| c.json(&["battle", "show", b]))
            .collect();
    let unit_of: std::collections::BTreeMap<String, String> = c
        .json(&["roster", "--all"])
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["code"].as_str().unwrap().to_string(),
                s["unit"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    for p in &plans {
        let mut units: Vec<String> = p["stands"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|s| unit_of.get(s["code"].as_str().unwrap()).cloned())
            .collect();
        units.sort();
        units.dedup();
        for u in units {
            *seen.entry(u).or_default() += 1;
        }
    }
    let twice = seen.values().filter(|n| **n >= 2).count();
    assert!(twice >= 3, "units fighting twice: {seen:?}");
}
