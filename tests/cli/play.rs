//! `battle play` driven by scripts: dice typed in, modifiers applied from the
//! stands, refusals that change nothing, undo, abort, end and undo after.

use crate::common::Campaign;

fn play(c: &Campaign, dice: &str, script: &str) -> String {
    let out = c
        .cmd(&[
            "battle",
            "play",
            "crater-rim",
            "--dice",
            dice,
            "--seed",
            "4",
        ])
        .write_stdin(script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_fire_line_applies_the_modifiers_the_stands_bring() {
    let c = Campaign::full_moon();
    // a1-1 has an officer (+1); mil-1a is in cover (-1): 9 + 1 - 1 = 9 against 4 at 40 cm → 2 hits.
    let out = play(
        &c,
        "manual",
        "fire a1-1 at mil-1a range 40 cover roll 9\nstatus\nabort\n",
    );
    assert!(
        out.contains("(officer +1, in cover \u{2212}1) = 9 → 2 hits"),
        "{out}"
    );
    assert!(out.contains("(60 cm band, needs 4)"), "{out}");
    // An HMA target: -3, and a moving firer out of HMA: -4 (a-sf-2 wears LTA).
    let out = play(
        &c,
        "manual",
        "fire mil-1a at a1-2 range 12 roll 10\nabort\n",
    );
    assert!(out.contains("in HMA \u{2212}3"), "{out}");
}

#[test]
fn hits_on_a_vehicle_roll_penetration() {
    let c = Campaign::full_moon();
    // hvr-1 (officer +1) at a stationary truck (+1): 9 + 2 = 11 against 4 → 2 hits; first
    // penetration 3 + 2 = 5 beats armour 0 → killed, so the second hit needs no roll.
    let out = play(
        &c,
        "manual",
        "fire hvr-1 at truck-1 range 25 roll 9 roll 3\nstatus\nabort\n",
    );
    assert!(out.contains("= 11 → 2 hits"), "{out}");
    assert!(
        out.contains("truck-1 (armour 0): d10 3 + penetration 2 = 5 → killed"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("truck-1") && l.ends_with("destroyed")),
        "{out}"
    );
}

#[test]
fn refused_lines_change_nothing_and_undo_takes_back() {
    let c = Campaign::full_moon();
    let out = play(
        &c,
        "manual",
        "status\nfire a1-1 at mil-1a range 40\nfire zz at mil-1a range 5 roll 3\nfire a1-1 at a1-2 range 5 roll 3\nfire mil-1a at a1-1 range 61 roll 3\nstatus\nfire a1-1 at mil-1a range 40 roll 10\nundo\nstatus\nabort\n",
    );
    let statuses: Vec<&str> = out
        .split("turn 1\n")
        .skip(1)
        .map(|s| s.split("\n\n").next().unwrap())
        .collect();
    assert_eq!(statuses.len(), 3, "{out}");
    assert_eq!(statuses[0], statuses[1], "a refused line changed the state");
    assert_eq!(statuses[0], statuses[2], "undo did not take the shot back");
    assert!(out.contains("needs more dice"), "{out}");
    assert!(out.contains("`zz` is not in this battle"), "{out}");
    assert!(out.contains("same side"), "{out}");
    assert!(out.contains("last band is 30"), "{out}");
    assert!(out.contains("took back"), "{out}");
}

#[test]
fn abort_and_end_of_input_leave_the_campaign_alone() {
    let c = Campaign::full_moon();
    let before = c.bytes();
    let out = play(&c, "auto", "fire a1-1 at mil-1a range 40\nturn\nabort\n");
    assert!(out.contains("Aborted"), "{out}");
    assert_eq!(before, c.bytes());
    let out = play(&c, "auto", "fire a1-1 at mil-1a range 40\nturn\n");
    assert!(out.contains("unchanged"), "{out}");
    assert_eq!(before, c.bytes());
    assert_eq!(
        c.json(&["battle", "show", "crater-rim"])["status"],
        "planned"
    );
}

#[test]
fn end_commits_through_the_post_battle_sequence_and_undo_reverts_it() {
    let c = Campaign::full_moon();
    let before = c.export();
    let actions = c.json(&["stand", "show", "a1-1"])["actions"]
        .as_i64()
        .unwrap();
    let out = play(
        &c,
        "manual",
        "fire a1-1 at mil-1a range 40 cover roll 9\nfire mil-1a at a1-1 range 30 roll 10\nturn\nend attacker\n",
    );
    assert!(out.contains("Committed"), "{out}");
    let show = c.json(&["battle", "show", "crater-rim"]);
    assert_eq!(
        (
            show["status"].as_str(),
            show["winner"].as_str(),
            show["turns"].as_i64()
        ),
        (Some("resolved"), Some("attacker"), Some(2))
    );
    // a1-1 fired and came under fire: one more action (two if it was hit).
    let hit = show["stands"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["code"] == "a1-1")
        .unwrap()["hits_taken"]
        .as_i64()
        .unwrap();
    assert_eq!(
        c.json(&["stand", "show", "a1-1"])["actions"]
            .as_i64()
            .unwrap(),
        actions + if hit > 0 { 2 } else { 1 }
    );
    assert_eq!(
        c.json(&["casualties", "--stand", "mil-1a"])
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let log = c.ok(&["battle", "log", "crater-rim"]);
    assert!(
        log.contains("> fire a1-1 at mil-1a range 40 cover roll 9"),
        "{log}"
    );
    c.ok(&["undo"]);
    assert_eq!(before, c.export());
}

#[test]
fn help_lists_the_lines() {
    let c = Campaign::full_moon();
    let out = play(&c, "auto", "help\nabort\n");
    for line in [
        "fire STAND at TARGET",
        "move STAND CM",
        "morale group COMMAND",
        "turn",
        "status",
        "undo",
        "end attacker|defender|draw",
        "abort",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
}
