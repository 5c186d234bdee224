//! One set of limits (`core::limits`) for men, actions, ammunition, supply
//! points, days and dates, kept by import, the editing commands and the
//! clock: a number out of range is refused by name (exit 2) and changes
//! nothing, no arithmetic wraps, and the clock never passes the dates that
//! sort as text, so it can never run backwards.

use crate::common::{full_moon_text, Campaign};

const MAX: &str = "9223372036854775807";

/// `text` with the first occurrence of `from` (after `after`) replaced.
fn edit(text: &str, after: &str, from: &str, to: &str) -> String {
    let start = text.find(after).expect("anchor");
    let at = start + text[start..].find(from).expect("field");
    format!("{}{to}{}", &text[..at], &text[at + from.len()..])
}

#[test]
fn stand_edits_out_of_range_are_refused_and_never_wrap() {
    let c = Campaign::full_moon();
    let before = c.export();
    for (args, field) in [
        (vec!["stand", "edit", "a1-2", "--men", MAX], "--men"),
        (vec!["stand", "edit", "a1-2", "--men", "201"], "--men"),
        (vec!["stand", "edit", "a1-2", "--add-men", MAX], "--add-men"),
        (
            vec!["stand", "edit", "a1-2", "--add-men", "9223372036854775800"],
            "--add-men",
        ),
        (
            vec![
                "stand",
                "edit",
                "a2-1",
                "--add-men",
                "1000000000000",
                "--actions-of-new",
                "1000000000000",
            ],
            "--add-men",
        ),
        (
            vec![
                "stand",
                "edit",
                "a2-1",
                "--add-men",
                "5",
                "--actions-of-new",
                MAX,
            ],
            "--actions-of-new",
        ),
        (
            vec!["stand", "edit", "a1-2", "--add-men", "197"],
            "at most 200",
        ),
        (vec!["stand", "edit", "a1-2", "--actions", MAX], "--actions"),
        (
            vec!["stand", "edit", "a1-2", "--ammo-max", MAX],
            "--ammo-max",
        ),
    ] {
        let err = c.fails(2, &args);
        assert!(err.contains(field), "{args:?}: {err}");
        assert!(
            !err.contains("-9223372036854775"),
            "{args:?}: wrapped: {err}"
        );
    }
    assert_eq!(c.export(), before, "nothing changed");
    // At the edge, the arithmetic is exact.
    c.ok(&[
        "stand",
        "edit",
        "a1-2",
        "--add-men",
        "196",
        "--actions-of-new",
        "100000",
    ]);
    let s = c.json(&["stand", "show", "a1-2"]);
    assert_eq!(s["men"], 200);
    assert_eq!(s["actions"], (4 * 8 + 196 * 100_000) / 200);
    c.ok(&["status"]);
    c.ok(&["check"]);
}

#[test]
fn the_clock_stops_at_its_last_date_and_never_runs_backwards() {
    let c = Campaign::full_moon();
    for to in [
        "+10000-01-01T00:00:00",
        "9500-01-01T00:00:00",
        "99999-01-01",
    ] {
        let err = c.fails(2, &["advance", "--to", to]);
        assert!(
            err.contains("--to") || err.contains("outside"),
            "{to}: {err}"
        );
    }
    // Repeated long advances stop before the last date, with a refusal.
    let mut refused = false;
    for _ in 0..30 {
        let out = c.cmd(&["advance", "--days", "100000"]).output().unwrap();
        if !out.status.success() {
            assert_eq!(out.status.code(), Some(2));
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains("8999-12-31"), "{err}");
            refused = true;
            break;
        }
    }
    assert!(refused, "the clock must stop somewhere");
    let clock = |c: &Campaign| {
        c.json(&["status"])["campaign"]["clock"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let late = clock(&c);
    assert!(late.starts_with("87"), "{late}");
    // A battle planned long ago, fought now, leaves the clock where it was.
    c.ok(&["battle", "auto", "crater-rim", "--seed", "1"]);
    assert_eq!(clock(&c), late);
    c.ok(&["check"]);
    // And what the campaign holds travels.
    let text = c.export();
    let d = Campaign::empty();
    let f = d.write("late.toml", &text);
    d.ok(&["import", f.to_str().unwrap()]);
    assert_eq!(d.export(), text);
}

#[test]
fn imports_out_of_range_are_refused_by_field_and_make_no_file() {
    let base = full_moon_text();
    let cases = [
        (
            edit(&base, "code = \"a1-2\"", "men = 4", "men = 201"),
            "men",
        ),
        (
            edit(&base, "code = \"a1-2\"", "men = 4", &format!("men = {MAX}")),
            "men",
        ),
        (
            edit(
                &base,
                "code = \"a1-2\"",
                "actions = 8",
                &format!("actions = {MAX}"),
            ),
            "actions",
        ),
        (
            edit(
                &base,
                "code = \"a1-2\"",
                "status =",
                &format!("ammo_max = {MAX}\nstatus ="),
            ),
            "ammo_max",
        ),
        (
            edit(
                &base,
                "[[sides]]",
                "supply_points = 40",
                &format!("supply_points = {MAX}"),
            ),
            "supply_points",
        ),
        (
            edit(
                &base,
                "[campaign]",
                "serious_wound_days = 28",
                &format!("serious_wound_days = {MAX}"),
            ),
            "serious_wound_days",
        ),
        (
            edit(
                &base,
                "[campaign]",
                "2157-04-12T05:00:00",
                "9500-01-01T00:00:00",
            ),
            "start",
        ),
        (
            edit(
                &base,
                "[campaign]",
                "2157-04-12T05:00:00",
                "+10000-01-01T00:00:00",
            ),
            "start",
        ),
        (
            edit(
                &base,
                "code = \"crater-rim\"",
                "2157-04-12T06:00:00",
                "9999-12-31T23:59:59",
            ),
            "at",
        ),
        (
            edit(
                &base,
                "code = \"crater-rim\"",
                "range = 60",
                &format!("range = {MAX}"),
            ),
            "range",
        ),
    ];
    for (text, field) in cases {
        let c = Campaign::empty();
        let f = c.write("bad.toml", &text);
        let err = c.fails(2, &["import", f.to_str().unwrap()]);
        assert!(
            err.contains("bad.toml") && err.contains(field),
            "{field}: {err}"
        );
        assert!(!c.db.exists(), "{field}: refused, yet a file was made");
    }
    // A fought battle's parts: hits and actions gained within range.
    let c = Campaign::full_moon();
    c.ok(&["battle", "auto", "crater-rim", "--seed", "1"]);
    let fought = c.export();
    for (from, to, field) in [
        (
            "actions_gained = ",
            "actions_gained = -3\n#",
            "actions_gained",
        ),
        (
            "hits_taken = ",
            &format!("hits_taken = {MAX}\n#") as &str,
            "hits_taken",
        ),
    ] {
        let text = edit(&fought, "[battles.result]", from, to);
        let d = Campaign::empty();
        let f = d.write("bad.toml", &text);
        let err = d.fails(2, &["import", f.to_str().unwrap()]);
        assert!(err.contains(field), "{field}: {err}");
        assert!(!d.db.exists());
    }
}

#[test]
fn deliveries_keep_a_depot_within_its_limit() {
    let text = edit(
        &full_moon_text(),
        "[[sides]]",
        "supply_points = 40",
        "supply_points = 999999999",
    );
    let c = Campaign::empty();
    let f = c.write("rich.toml", &text);
    c.ok(&["import", f.to_str().unwrap()]);
    c.ok(&["supply", "deliver", "ifu", "1"]);
    let before = c.export();
    let err = c.fails(2, &["supply", "deliver", "ifu", "1"]);
    assert!(err.contains("past its limit"), "{err}");
    let err = c.fails(
        2,
        &[
            "supply",
            "deliver",
            "luna",
            "5",
            "--arrives",
            "9500-01-01T00:00:00",
        ],
    );
    assert!(err.contains("--arrives"), "{err}");
    assert_eq!(c.export(), before);
    c.ok(&["advance", "--days", "2"]);
    c.ok(&["export"]);
    c.ok(&["check"]);
}
