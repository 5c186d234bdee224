//! The umpire's workbench (issue #29 item 3): forces built and plans made,
//! inspected, changed and cancelled from the command line, each change one
//! journal entry that `undo` takes back, and bad input refused with the file
//! untouched.

use crate::common::Campaign;

/// Runs a command expected to be refused: exit 2, the file byte for byte as
/// it was; returns the message.
fn refused(c: &Campaign, args: &[&str]) -> String {
    let before = c.bytes();
    let err = c.fails(2, args);
    assert_eq!(before, c.bytes(), "{args:?} changed the file");
    err
}

#[test]
fn a_side_a_command_and_a_unit_are_built_from_the_command_line_and_undone() {
    let c = Campaign::full_moon();
    let before = c.export();
    c.ok(&[
        "side",
        "add",
        "belt",
        "--name",
        "Belt Pirates",
        "--supply-points",
        "5",
    ]);
    c.ok(&[
        "command", "add", "belt-1", "--side", "belt", "--name", "Raiders", "--player", "Sam",
    ]);
    c.ok(&[
        "unit",
        "add",
        "b-coy",
        "--command",
        "belt-1",
        "--name",
        "Raid company",
    ]);
    c.ok(&[
        "unit",
        "add",
        "b-1pl",
        "--command",
        "belt-1",
        "--parent",
        "b-coy",
        "--name",
        "1st",
        "--flags",
        "elite",
    ]);
    c.ok(&[
        "stand",
        "add",
        "b1-1",
        "--unit",
        "b-1pl",
        "--type",
        "infantry",
        "--training",
        "regular",
        "--men",
        "4",
        "--equipment",
        "hma",
    ]);
    let roster = c.json(&["roster", "--side", "belt"]);
    assert_eq!(roster[0]["code"], "b1-1");
    assert_eq!(roster[0]["command"], "belt-1");
    let json = c.json(&["side", "edit", "belt", "--medical", "excellent"]);
    assert_eq!(json["medical"], "excellent");
    let json = c.json(&["command", "edit", "belt-1", "--officers", "poor"]);
    assert_eq!(json["officers"], "poor");
    let json = c.json(&["unit", "edit", "b-1pl", "--leadership", "2"]);
    assert_eq!(json["leadership"], 2);
    // A battle with the new side, against the old.
    c.ok(&[
        "battle",
        "new",
        "raid",
        "--attacker",
        "b-1pl",
        "--defender",
        "mil-1b",
    ]);
    let history = c.json(&["history"]);
    assert_eq!(history[0]["command"], "battle new");
    assert_eq!(history[1]["command"], "unit edit");
    c.ok(&["undo", "--steps", "9"]);
    assert_eq!(before, c.export(), "every step undone exactly");
}

#[test]
fn forces_are_refused_on_the_checks_import_applies() {
    let c = Campaign::full_moon();
    let taken = refused(&c, &["side", "add", "ifu", "--name", "Again"]);
    assert!(taken.contains("`ifu` is already used by a side"), "{taken}");
    let taken = refused(
        &c,
        &["command", "add", "a1-1", "--side", "ifu", "--name", "X"],
    );
    assert!(taken.contains("already used by a stand"), "{taken}");
    let bad = refused(&c, &["side", "add", "Big Side", "--name", "X"]);
    assert!(bad.contains("not a valid code"), "{bad}");
    let neg = refused(&c, &["side", "edit", "ifu", "--supply-points", "-3"]);
    assert!(
        neg.contains("--supply-points") && neg.contains("negative"),
        "{neg}"
    );
    let side = refused(
        &c,
        &["command", "add", "x", "--side", "nobody", "--name", "X"],
    );
    assert!(side.contains("--side: no side `nobody`"), "{side}");
    let lead = refused(
        &c,
        &[
            "unit",
            "add",
            "x",
            "--command",
            "luna-south",
            "--name",
            "X",
            "--leadership",
            "5",
        ],
    );
    assert!(lead.contains("must be 1, 2 or 3"), "{lead}");
    let other = refused(
        &c,
        &[
            "unit",
            "add",
            "x",
            "--command",
            "luna-south",
            "--name",
            "X",
            "--parent",
            "a-1pl",
        ],
    );
    assert!(other.contains("another side"), "{other}");
    let none = refused(&c, &["side", "edit", "ifu", "--supply-points", "40"]);
    assert!(none.contains("nothing to change"), "{none}");
}

#[test]
fn a_unit_moves_with_everything_under_it_within_its_side_only() {
    let c = Campaign::full_moon();
    c.ok(&[
        "command",
        "add",
        "ifu-x",
        "--side",
        "ifu",
        "--name",
        "X Company",
    ]);
    c.ok(&["unit", "add", "x-coy", "--command", "ifu-x", "--name", "X"]);
    c.ok(&[
        "unit",
        "add",
        "x-1",
        "--command",
        "ifu-x",
        "--parent",
        "x-coy",
        "--name",
        "X1",
    ]);
    c.ok(&[
        "stand",
        "add",
        "x1-1",
        "--unit",
        "x-1",
        "--type",
        "infantry",
        "--training",
        "trained",
        "--men",
        "4",
        "--equipment",
        "lta",
    ]);
    let own = refused(&c, &["unit", "move", "x-coy", "--parent", "x-1"]);
    assert!(own.contains("cannot sit under itself"), "{own}");
    let across = refused(&c, &["unit", "move", "x-coy", "--command", "luna-south"]);
    assert!(across.contains("moves within its side"), "{across}");
    let json = c.json(&["unit", "move", "x-coy", "--parent", "a-1pl"]);
    assert_eq!(json["parent"], "a-1pl");
    // The stand beneath went along into the platoon's command.
    let a1 = c.json(&["stand", "show", "a1-1"]);
    let x1 = c.json(&["stand", "show", "x1-1"]);
    assert_eq!(x1["command"], a1["command"]);
    let platoon = c.json(&["roster", "--unit", "a-1pl"]);
    assert!(platoon
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["code"] == "x1-1"));
    c.ok(&["undo"]);
    assert_eq!(c.json(&["stand", "show", "x1-1"])["command"], "ifu-x");
    c.ok(&["check"]);
}

#[test]
fn a_planned_battle_shows_both_sides_stands_range_cover_and_ruleset() {
    let c = Campaign::full_moon();
    let text = c.ok(&["battle", "show", "crater-rim"]);
    for want in [
        "Ruleset bia",
        "opening range 60 cm",
        "defenders in cover",
        "a1-1",
        "hvr-2",
        "mil-1c",
        "truck-1",
    ] {
        assert!(text.contains(want), "`{want}` missing:\n{text}");
    }
    let json = c.json(&["battle", "show", "crater-rim"]);
    let plan = &json["plan"];
    assert_eq!(plan["range_cm"], 60);
    assert_eq!(plan["defender_cover"], "cover");
    let stands = plan["stands"].as_array().unwrap();
    let sides: std::collections::BTreeSet<&str> =
        stands.iter().map(|s| s["side"].as_str().unwrap()).collect();
    assert_eq!(sides.into_iter().collect::<Vec<_>>(), ["ifu", "luna"]);
    assert!(stands
        .iter()
        .any(|s| s["code"] == "mil-1a" && s["role"] == "defender"));
}

#[test]
fn a_plan_is_edited_and_cancelled_in_undoable_steps() {
    let c = Campaign::full_moon();
    let before = c.export();
    let json = c.json(&[
        "battle",
        "edit",
        "kepler-raid",
        "--range",
        "25",
        "--cover",
        "bunker",
        "--defender",
        "mil-1b",
    ]);
    assert_eq!(json["plan"]["range_cm"], 25);
    assert_eq!(json["plan"]["defender_cover"], "bunker");
    assert_eq!(json["plan"]["defender"], serde_json::json!(["mil-1b"]));
    let followed = refused(&c, &["battle", "cancel", "crater-rim"]);
    assert!(
        followed.contains("`dome-seven` follows `crater-rim`"),
        "{followed}"
    );
    let looped = refused(
        &c,
        &["battle", "edit", "crater-rim", "--after", "kepler-raid"],
    );
    assert!(looped.contains("cannot loop"), "{looped}");
    c.ok(&["battle", "cancel", "kepler-raid"]);
    c.fails(2, &["battle", "show", "kepler-raid"]);
    c.ok(&["undo"]);
    c.ok(&["undo"]);
    assert_eq!(before, c.export(), "cancel and edit undone exactly");

    c.ok(&["battle", "auto", "crater-rim", "--seed", "3"]);
    let fought = refused(&c, &["battle", "edit", "crater-rim", "--range", "10"]);
    assert!(fought.contains("has been fought"), "{fought}");
    let fought = refused(&c, &["battle", "cancel", "crater-rim"]);
    assert!(fought.contains("has been fought"), "{fought}");
}

#[test]
fn battle_new_refuses_stands_that_cannot_fight_and_dates_before_the_clock() {
    let c = Campaign::full_moon();
    c.ok(&[
        "stand",
        "edit",
        "mil-1a",
        "--hits",
        "8",
        "--status",
        "destroyed",
    ]);
    let gone = refused(
        &c,
        &[
            "battle",
            "new",
            "alley",
            "--attacker",
            "a1-1",
            "--defender",
            "mil-1a",
        ],
    );
    assert!(
        gone.contains("--defender: stand `mil-1a` is destroyed; it cannot fight"),
        "{gone}"
    );
    c.ok(&["advance", "--days", "3"]);
    let past = refused(
        &c,
        &[
            "battle",
            "new",
            "alley",
            "--attacker",
            "a1-1",
            "--defender",
            "mil-1b",
            "--at",
            "2157-04-13T00:00:00",
        ],
    );
    assert!(
        past.contains(
            "--at: 2157-04-13 00:00:00 is before the campaign clock (2157-04-15 05:00:00)"
        ),
        "{past}"
    );
    // A unit with one stand left that can fight is still a force.
    c.ok(&[
        "battle",
        "new",
        "alley",
        "--attacker",
        "a1-1",
        "--defender",
        "tycho-1",
    ]);
}

#[test]
fn battle_auto_says_why_the_attack_was_called_off() {
    let c = Campaign::full_moon();
    c.ok(&[
        "battle",
        "new",
        "lone-squad",
        "--attacker",
        "a1-1",
        "--defender",
        "tycho-bn",
        "--cover",
        "bunker",
    ]);
    let out = c.ok(&["battle", "auto", "lone-squad", "--seed", "1", "--dry-run"]);
    assert!(
        out.contains("the attack was called off: outnumbered three to one"),
        "{out}"
    );
}
