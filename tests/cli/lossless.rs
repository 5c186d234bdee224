//! Nothing lost: a campaign in the middle of its chain, exported and imported
//! elsewhere, is the same campaign — same export byte for byte, same battles,
//! logs, casualties, status and report (all but the journal, which stays with
//! the file it was written in).

use crate::common::Campaign;

const FORMAT_1: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/export-format-1.toml"
);

/// The Full Moon chain half fought, in each mode, with history of every kind.
fn mid_chain() -> Campaign {
    let c = Campaign::full_moon();
    c.ok(&["battle", "auto", "crater-rim", "--seed", "7"]);
    let script = "fire a1-1 at mil-1a range 40 cover roll 9\nturn\nend attacker\n";
    let out = c
        .cmd(&["battle", "play", "dome-seven", "--seed", "3"])
        .write_stdin(script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results = c.write(
        "road.toml",
        "winner = \"defender\"\nturns = 5\nend_reason = \"held the road\"\n[[stands]]\ncode = \"a3-1\"\nhits = 1\nfired = true\nunder_fire = true\n",
    );
    c.ok(&[
        "battle",
        "record",
        "copernicus-road",
        "--results",
        results.to_str().unwrap(),
    ]);
    c.ok(&[
        "supply",
        "deliver",
        "luna",
        "10",
        "--arrives",
        "2157-05-01T00:00:00",
    ]);
    c.ok(&["supply", "deliver", "ifu", "5"]);
    c.ok(&["advance", "--days", "8"]);
    // A ruleset option (BiA takes none; import refuses a key its ruleset
    // lacks), and what no BiA command makes yet: a stand under repair.
    c.ok(&["option", "set", "fma", "fire", "quick"]);
    c.sql("UPDATE stands SET repair_until = '2157-06-01T00:00:00' WHERE code = 'hvr-1'");
    c
}

#[test]
fn export_then_import_elsewhere_is_the_same_campaign() {
    let a = mid_chain();
    let text = a.export();
    assert!(text.starts_with("format_version = 2\n"), "{}", &text[..40]);
    for needle in [
        "mode = \"played\"",
        "mode = \"recorded\"",
        "[battles.result]",
        "[[battles.result.events]]",
        "[[casualties]]",
        "[[deliveries]]",
        "[[options]]",
        "repair_until",
    ] {
        assert!(text.contains(needle), "the export carries {needle}");
    }
    let b = Campaign::empty();
    let file = b.write("moved.toml", &text);
    b.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(
        b.export(),
        text,
        "export → import → export is byte for byte the same"
    );
    let battles = a.json(&["battle", "list"]);
    assert_eq!(battles, b.json(&["battle", "list"]));
    for battle in battles.as_array().unwrap() {
        let code = battle["code"].as_str().unwrap();
        assert_eq!(
            a.json(&["battle", "show", code]),
            b.json(&["battle", "show", code]),
            "{code}"
        );
        assert_eq!(
            a.json(&["battle", "log", code]),
            b.json(&["battle", "log", code]),
            "{code}"
        );
    }
    assert!(
        battles
            .as_array()
            .unwrap()
            .iter()
            .filter(|x| x["status"] == "resolved")
            .count()
            >= 2
    );
    for args in [
        &["casualties"][..],
        &["status"],
        &["roster", "--all"],
        &["supply", "status"],
    ] {
        assert_eq!(a.json(args), b.json(args), "{args:?}");
    }
    let (mut ra, mut rb) = (a.json(&["report"]), b.json(&["report"]));
    ra["journal"] = serde_json::Value::Null;
    rb["journal"] = serde_json::Value::Null;
    assert_eq!(ra, rb, "the report matches but for the journal");
    b.ok(&["check"]);
    // The pending delivery still arrives in the new file.
    let before = b.json(&["supply", "status"])["sides"][1]["supply_points"]
        .as_i64()
        .unwrap();
    b.ok(&["advance", "--to", "2157-05-02T00:00:00"]);
    let after = b.json(&["supply", "status"])["sides"][1]["supply_points"]
        .as_i64()
        .unwrap();
    assert_eq!(after, before + 10);
    // And the JSON export holds the same content.
    let json = a.json(&["export"]);
    assert_eq!(json["format_version"], 2);
    assert_eq!(
        json["casualties"].as_array().unwrap().len(),
        a.json(&["casualties"]).as_array().unwrap().len()
    );
}

#[test]
fn an_export_of_format_1_still_imports() {
    let c = Campaign::empty();
    c.ok(&["import", FORMAT_1]);
    c.ok(&["check"]);
    // Format 1 carried no results: the battle it had fought comes back planned.
    let list = c.json(&["battle", "list"]);
    assert!(list
        .as_array()
        .unwrap()
        .iter()
        .all(|b| b["status"] == "planned"));
    assert!(c.export().starts_with("format_version = 2\n"));
}

#[test]
fn a_newer_format_and_broken_history_are_refused_by_field() {
    let a = mid_chain();
    let text = a.export();
    let c = Campaign::empty();
    for (bad, field) in [
        (
            text.replacen("format_version = 2", "format_version = 99", 1),
            "format_version",
        ),
        (
            text.replacen("mode = \"auto\"", "mode = \"dreamt\"", 1),
            "battles.result.mode",
        ),
        (
            text.replacen(
                "[[casualties]]\nstand = \"",
                "[[casualties]]\nstand = \"zz",
                1,
            ),
            "casualties.stand",
        ),
    ] {
        let f = c.write("bad.toml", &bad);
        let msg = c.fails(2, &["import", f.to_str().unwrap()]);
        assert!(
            msg.contains(&format!("field `{field}`")) && msg.contains("line "),
            "{msg}"
        );
        assert!(!c.db.exists());
    }
}

/// A battle under each of the other rulesets, with their options set, travels
/// whole: the same export, logs (per side too), casualties and status.
#[test]
fn battles_of_every_ruleset_travel_whole() {
    let a = Campaign::full_moon();
    let plans: [(&str, &str, &str, &str); 3] = [
        ("ds1", "dirtside", "b-hvr", "tycho-1"),
        ("f1", "fma", "a-2pl", "tycho-rec"),
        ("x1", "action", "a-3pl", "cop-lta"),
    ];
    a.ok(&["option", "set", "dirtside", "stand.tank-1", "armour=5"]);
    a.ok(&["option", "set", "fma", "fire", "quick"]);
    for (code, ruleset, attacker, defender) in plans {
        a.ok(&[
            "battle",
            "new",
            code,
            "--attacker",
            attacker,
            "--defender",
            defender,
            "--ruleset",
            ruleset,
        ]);
        a.ok(&["battle", "auto", code, "--seed", "5"]);
    }
    let text = a.export();
    let b = Campaign::empty();
    let file = b.write("moved.toml", &text);
    b.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(b.export(), text, "export → import → export");
    let mut asks: Vec<Vec<&str>> = vec![vec!["status"], vec!["casualties"], vec!["option", "list"]];
    for (code, ..) in plans {
        asks.push(vec!["battle", "log", code]);
        asks.push(vec!["battle", "log", code, "--side", "luna"]);
        asks.push(vec!["battle", "show", code]);
    }
    for ask in asks {
        assert_eq!(a.ok(&ask), b.ok(&ask), "{ask:?} differs after the move");
    }
}

/// One battle fought under `ruleset` with `seed` on the crater-rim forces of a
/// fresh Full Moon; afterwards `check` passes and export → import → export is
/// byte for byte the same.
fn a_battle_keeps_the_campaign_whole(ruleset: &str, seed: u64) {
    let a = Campaign::full_moon();
    let code = format!("cr-{ruleset}");
    a.ok(&[
        "battle",
        "new",
        &code,
        "--attacker",
        "a-1pl",
        "--attacker",
        "hvr-1",
        "--defender",
        "mil-1a",
        "--defender",
        "mil-1b",
        "--defender",
        "truck-1",
        "--ruleset",
        ruleset,
    ]);
    a.ok(&["battle", "auto", &code, "--seed", &seed.to_string()]);
    a.ok(&["check"]);
    let text = a.export();
    let b = Campaign::empty();
    let file = b.write("moved.toml", &text);
    b.ok(&["import", file.to_str().unwrap()]);
    b.ok(&["check"]);
    assert_eq!(
        b.export(),
        text,
        "{ruleset} seed {seed}: export → import → export"
    );
}

/// FMA fights a stand on until its last figure is down, so a stand could come
/// out "effective" with more people in hospital than the hit-effects table
/// allows; `check` then failed and the export was refused by `import` (seeds
/// 1, 7 and 9 here did, 8 of 50 battles in the reliability report). The
/// post-battle sequence now applies the table to the people in hospital.
#[test]
fn a_battle_under_every_ruleset_leaves_a_campaign_that_checks_and_travels() {
    for seed in [1, 7, 9] {
        a_battle_keeps_the_campaign_whole("fma", seed);
    }
    for ruleset in ["bia", "dirtside", "action"] {
        a_battle_keeps_the_campaign_whole(ruleset, 1);
    }
}

mod any_seed {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]
        #[test]
        fn any_battle_leaves_a_campaign_that_checks_and_travels(
            ruleset in prop::sample::select(vec!["bia", "dirtside", "fma", "action"]),
            seed in 0u64..1_000_000,
        ) {
            super::a_battle_keeps_the_campaign_whole(ruleset, seed);
        }
    }
}
