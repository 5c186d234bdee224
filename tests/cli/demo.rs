//! The demo as a story, and the battle briefing it tells: the routine between
//! battles (clock, regroup, resupply) and who won at what cost.

use crate::common::{Campaign, FULL_MOON};

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
