//! Orbital support under BiA: a unit flagged `orbital` holds weapons platforms
//! in orbit; they fire as artillery in the orbital phase, are never on the
//! table to be shot at, and do not keep a beaten side in the fight.

use crate::common::{full_moon_text, Campaign};

/// Full Moon with an IFU weapons platform in orbit.
fn with_platform() -> Campaign {
    let c = Campaign::empty();
    let text = full_moon_text()
        + r#"
[[units]]
code = "s-orbit"
command = "ifu-sup"
name = "Orbital Fire Support"
parent = "s-grp"
flags = ["orbital"]

[[stands]]
code = "orb-1"
unit = "s-orbit"
name = "Platform Tranquility"
type = "artillery"
training = "regular"
actions = 4
weapon = "he_missile"
men = 2
hits = 0
officer = false
status = "effective"
ammo = 6
"#;
    let file = c.write("moon-orbit.toml", &text);
    c.ok(&["import", file.to_str().unwrap()]);
    c
}

fn events(c: &Campaign, battle: &str) -> Vec<serde_json::Value> {
    let log = c.json(&["battle", "log", battle]);
    log.as_array().expect("a list of events").clone()
}

#[test]
fn a_platform_in_orbit_fires_in_the_orbital_phase_and_is_never_a_target() {
    let c = with_platform();
    c.ok(&[
        "battle",
        "new",
        "strike",
        "--attacker",
        "a-1pl",
        "--attacker",
        "s-orbit",
        "--defender",
        "mil-1a",
        "--defender",
        "mil-1b",
        "--cover",
        "cover",
    ]);
    c.ok(&["battle", "auto", "strike", "--seed", "3"]);
    let all = events(&c, "strike");
    let data: Vec<&serde_json::Value> = all.iter().filter_map(|e| e.get("data")).collect();
    let orbital: Vec<_> = data
        .iter()
        .filter(|d| d["kind"] == "fire" && d["phase"] == "orbital fire")
        .collect();
    assert!(!orbital.is_empty(), "no orbital fire in {all:?}");
    assert!(orbital.iter().all(|d| d["firer"] == "orb-1"));
    assert!(
        !data
            .iter()
            .any(|d| d["target"] == "orb-1" || d["stand"] == "orb-1"),
        "the platform was shot at or tested morale: {data:?}"
    );
    let shown = c.json(&["stand", "show", "orb-1"]);
    assert_eq!(shown["status"], "effective", "{shown}");
    let text = c.ok(&["battle", "log", "strike"]);
    assert!(text.contains("orbital fire"), "{text}");
}

#[test]
fn a_platform_does_not_keep_a_beaten_side_in_the_fight() {
    let c = with_platform();
    // The pathfinders alone against a dug-in LTA platoon, the platform above
    // them: once the pathfinders are beaten the battle ends, platform or not.
    c.ok(&[
        "battle",
        "new",
        "hopeless",
        "--attacker",
        "a-sf",
        "--attacker",
        "s-orbit",
        "--defender",
        "lta-1",
        "--defender",
        "lta-2",
        "--defender",
        "lta-3",
        "--defender",
        "lta-4",
        "--cover",
        "bunker",
    ]);
    for seed in ["1", "2", "3"] {
        c.ok(&["battle", "auto", "hopeless", "--seed", seed, "--dry-run"]);
    }
    let out = c.ok(&["battle", "auto", "hopeless", "--seed", "1"]);
    let shown = c.json(&["battle", "show", "hopeless"]);
    let text = shown.to_string();
    assert!(!text.contains("turn limit"), "{out}\n{text}");
    assert!(text.contains("the attackers"), "{out}\n{text}");
}

#[test]
fn odds_show_what_the_platform_is_worth() {
    let c = with_platform();
    c.ok(&[
        "battle",
        "new",
        "plan",
        "--attacker",
        "a-1pl",
        "--defender",
        "mil-1a",
        "--defender",
        "mil-1b",
        "--defender",
        "mil-1c",
        "--defender",
        "mil-1d",
        "--cover",
        "bunker",
    ]);
    let odds = c.json(&[
        "battle",
        "odds",
        "plan",
        "--runs",
        "1000",
        "--seed",
        "5",
        "--compare",
        "add-attacker=s-orbit",
    ]);
    let rows = odds["variants"].as_array().expect("variants");
    let (plan, with) = (&rows[0], &rows[1]);
    let turns = |r: &serde_json::Value| r["mean_turns"].as_f64().unwrap();
    // The defenders' stands put out of the fight, summed over the stands.
    let broken = |r: &serde_json::Value| -> f64 {
        r["stands"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["role"] == "defender")
            .map(|s| s["p_ineffective"].as_f64().unwrap())
            .sum()
    };
    assert!(
        turns(with) < turns(plan) && broken(with) > broken(plan) + 0.1,
        "plan {plan} with the platform {with}"
    );
}
