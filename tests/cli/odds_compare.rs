//! What-if odds through the binary: `battle odds CODE --compare SPEC…` weighs
//! variants of the plan without writing anything, `--precision` stops early,
//! and the odds document carries each stand's fate and the dice rolled.

use crate::common::Campaign;
use serde_json::Value;

/// The Full Moon campaign with a battle a lone squad cannot win: one IFU
/// squad against the Tycho militia battalion in bunkers.
fn lone_squad() -> Campaign {
    let c = Campaign::full_moon();
    c.ok(&[
        "battle",
        "new",
        "lone-squad",
        "--attacker",
        "a1-1",
        "--defender",
        "tycho-bn",
        "--range",
        "60",
        "--cover",
        "bunker",
    ]);
    c
}

fn rate(doc: &Value, key: &str) -> f64 {
    doc[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {doc}"))
}

/// The Wilson score 95 % half-width, worked out here independently.
fn wilson_half_width(rate: f64, n: f64) -> f64 {
    let z = 1.959_963_984_540_054_f64;
    z * (rate * (1.0 - rate) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n)
}

#[test]
fn committing_a_reserve_raises_the_attackers_odds_and_writes_nothing() {
    let c = lone_squad();
    let before = c.bytes();
    let doc = c.json(&[
        "battle",
        "odds",
        "lone-squad",
        "--runs",
        "400",
        "--seed",
        "11",
        "--compare",
        "add-attacker=a-3pl,add-attacker=b-tank",
        "range=30",
    ]);
    assert_eq!(before, c.bytes(), "--compare changed the campaign file");
    let v = doc["variants"].as_array().expect("variants");
    assert_eq!(v.len(), 3, "the plan and two variants: {doc}");
    assert_eq!(v[0]["spec"], "plan");
    assert_eq!(v[1]["spec"], "add-attacker=a-3pl,add-attacker=b-tank");
    assert_eq!(v[2]["spec"], "range=30");
    for d in v {
        // Each variant is a whole odds document.
        assert_eq!(d["battle"], "lone-squad");
        assert_eq!(d["seed"], 11);
        assert_eq!(d["runs"], 400);
        for side in ["attacker_hits", "defender_hits"] {
            let h = &d[side];
            assert!(h["p10"].as_i64() <= h["p50"].as_i64(), "{d}");
            assert!(h["p50"].as_i64() <= h["p90"].as_i64(), "{d}");
        }
        assert!(d["mean_turns"].as_f64().unwrap() > 0.0);
    }
    let plan = rate(&v[0], "attacker_wins");
    let reserve = rate(&v[1], "attacker_wins");
    assert!(
        reserve >= plan + 0.25,
        "a platoon and two tanks should be worth a lot: plan {plan}, with the reserve {reserve}"
    );
    // The reserve's stands fight on the attacker's side in the variant only.
    let codes = |d: &Value, role: &str| -> Vec<String> {
        d["stands"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["role"] == role)
            .map(|s| s["code"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(codes(&v[0], "attacker"), vec!["a1-1"]);
    let with = codes(&v[1], "attacker");
    for s in ["a1-1", "a3-1", "a3-5", "tank-1", "tank-2"] {
        assert!(with.contains(&s.to_string()), "{s} in {with:?}");
    }
    // The same fitness decision as a planned battle: a3-6 is ineffective.
    assert!(!with.contains(&"a3-6".to_string()), "{with:?}");
    assert_eq!(codes(&v[0], "defender"), codes(&v[1], "defender"));
    // The plan row is what plain odds give for the same seed and runs.
    let plain = c.json(&[
        "battle",
        "odds",
        "lone-squad",
        "--runs",
        "400",
        "--seed",
        "11",
    ]);
    for k in ["attacker_wins", "draws", "mean_turns", "dice_rolled"] {
        assert_eq!(plain[k], v[0][k], "{k}");
    }
    assert_eq!(plain["stands"], v[0]["stands"]);
    // The table: one row per variant, the plan first.
    let text = c.ok(&[
        "battle",
        "odds",
        "lone-squad",
        "--runs",
        "50",
        "--seed",
        "11",
        "--compare",
        "add-attacker=b-tank",
        "cover=open",
    ]);
    let plan_at = text.find("│ plan").expect(&text);
    let tank_at = text.find("│ add-attacker=b-tank").expect(&text);
    let open_at = text.find("│ cover=open").expect(&text);
    assert!(plan_at < tank_at && tank_at < open_at, "{text}");
    assert_eq!(before, c.bytes());
}

#[test]
fn removing_a_stand_and_changing_range_or_cover_leave_the_file_alone() {
    let c = Campaign::full_moon();
    let before = c.bytes();
    let doc = c.json(&[
        "battle",
        "odds",
        "crater-rim",
        "--runs",
        "100",
        "--seed",
        "5",
        "--compare",
        "remove=hvr-2",
        "remove=a-1pl",
        "cover=bunker,range=120",
        "add-defender=tycho-rec",
    ]);
    assert_eq!(before, c.bytes());
    let v = doc["variants"].as_array().unwrap();
    let has = |d: &Value, code: &str| {
        d["stands"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["code"] == code)
    };
    assert!(has(&v[0], "hvr-2") && !has(&v[1], "hvr-2"));
    assert!(has(&v[0], "a1-3") && !has(&v[2], "a1-3") && has(&v[2], "hvr-2"));
    assert!(!has(&v[0], "rec-1") && has(&v[4], "rec-1"));
    assert_eq!(
        v[4]["stands"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["code"] == "rec-1")
            .unwrap()["role"],
        "defender"
    );
}

#[test]
fn bad_specs_exit_2_saying_what_to_write() {
    let c = Campaign::full_moon();
    let before = c.bytes();
    for (spec, says) in [
        ("add-attacker=no-such", "no unit or stand `no-such`"),
        ("add-defender=ifu", "`ifu` is a side"),
        ("add-attacker=tycho-rec", "is on side"),
        ("add-attacker=a-1pl", "adds no stand"),
        (
            "remove=a3-1",
            "not a stand (or unit) fighting in `crater-rim`",
        ),
        ("remove=nobody", "remove= takes one of its stands"),
        ("range=0", "at least 1 cm"),
        ("range=forty", "whole table centimetres"),
        ("cover=trench", "unknown defender cover `trench`"),
        ("speed=3", "unknown change `speed`"),
        ("range=40,range=50", "twice"),
        ("add-attacker=b-tank,", "empty change"),
        ("b-tank", "has no `=`"),
        (
            "remove=a-1pl,remove=a-sf,remove=hvr-1,remove=hvr-2",
            "leaves the attacker no stand",
        ),
    ] {
        let err = c.fails(
            2,
            &[
                "battle",
                "odds",
                "crater-rim",
                "--runs",
                "10",
                "--compare",
                "range=30",
                spec,
            ],
        );
        assert!(err.contains(says), "{spec}: {err}");
        assert!(err.contains(&format!("`{spec}`")), "names the spec: {err}");
        assert!(
            ["add-attacker=UNIT|STAND", "takes", "name a", "remove fewer"]
                .iter()
                .any(|w| err.contains(w)),
            "{spec}: says what to write: {err}"
        );
    }
    for (args, says) in [
        (vec!["--precision", "0"], "--precision"),
        (vec!["--precision", "0.7"], "at most 0.5"),
        (vec!["--precision", "0.01", "--runs", "0"], "--runs"),
    ] {
        let mut all = vec!["battle", "odds", "crater-rim"];
        all.extend(args);
        let err = c.fails(2, &all);
        assert!(err.contains(says), "{all:?}: {err}");
    }
    assert_eq!(before, c.bytes());
}

#[test]
fn precision_stops_as_soon_as_the_interval_is_narrow_enough() {
    let c = Campaign::full_moon();
    // A close fight: one squad against a militia platoon and its recce.
    c.ok(&[
        "battle",
        "new",
        "close",
        "--attacker",
        "a1-1",
        "--defender",
        "tycho-1",
        "--defender",
        "tycho-rec",
        "--range",
        "60",
        "--cover",
        "bunker",
    ]);
    let p = 0.03;
    let cap = 20_000;
    let args = |extra: &[&str]| -> Vec<String> {
        let mut a: Vec<String> = ["battle", "odds", "close", "--seed", "3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let run = |extra: &[&str]| {
        let a = args(extra);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        c.json(&a)
    };
    let doc = run(&["--precision", "0.03", "--runs", &cap.to_string()]);
    let n = doc["runs"].as_u64().unwrap();
    assert!(n < cap, "stopped early: {n} runs");
    assert_eq!(n % 500, 0, "whole batches of 500: {n}");
    let wins = rate(&doc, "attacker_wins");
    let half = doc["attacker_wins_ci95"]["half_width"].as_f64().unwrap();
    assert!(half <= p, "{half}");
    assert!(wilson_half_width(wins, n as f64) <= p + 1e-12);
    assert!(doc["attacker_wins_ci95"]["low"].as_f64().unwrap() <= wins);
    assert!(doc["attacker_wins_ci95"]["high"].as_f64().unwrap() >= wins);
    assert_eq!(doc["precision"], 0.03);
    // The same seed and precision stop at the same count, and the runs are
    // those of a plain run of that many.
    let again = run(&["--precision", "0.03", "--runs", &cap.to_string()]);
    assert_eq!(again["runs"], doc["runs"]);
    let plain = run(&["--runs", &n.to_string()]);
    assert_eq!(plain["attacker_wins"], doc["attacker_wins"]);
    assert_eq!(plain["stands"], doc["stands"]);
    // As soon as: one batch fewer was not enough.
    if n > 500 {
        let short = run(&["--runs", &(n - 500).to_string()]);
        let h = short["attacker_wins_ci95"]["half_width"].as_f64().unwrap();
        assert!(h > p, "{} runs were already within ±{p}: {h}", n - 500);
    }
    // The cap wins over the precision.
    let capped = run(&["--precision", "0.001", "--runs", "700"]);
    assert_eq!(capped["runs"], 700);
    assert!(capped["attacker_wins_ci95"]["half_width"].as_f64().unwrap() > 0.001);
}

#[test]
fn each_stand_has_a_fate_and_the_runs_count_their_dice() {
    let c = Campaign::full_moon();
    let doc = c.json(&[
        "battle",
        "odds",
        "crater-rim",
        "--runs",
        "200",
        "--seed",
        "2",
    ]);
    let stands = doc["stands"].as_array().expect("stands");
    let show = c.json(&["roster", "--all"]);
    assert!(stands.len() >= 10, "{doc}");
    for s in stands {
        let ineffective = s["p_ineffective"].as_f64().unwrap();
        let destroyed = s["p_destroyed"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&ineffective), "{s}");
        assert!((0.0..=1.0).contains(&destroyed), "{s}");
        assert!(destroyed <= ineffective, "{s}");
        assert!(s["role"] == "attacker" || s["role"] == "defender", "{s}");
        let code = s["code"].as_str().unwrap();
        let listed = show
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["code"] == code)
            .unwrap_or_else(|| panic!("{code} is a stand"));
        assert_eq!(listed["side"], s["side"], "{code}");
    }
    assert!(
        stands
            .iter()
            .any(|s| s["p_ineffective"].as_f64().unwrap() > 0.0),
        "someone is hurt in 200 battles"
    );
    assert!(doc["dice_rolled"].as_f64().unwrap() > 1.0, "{doc}");
    assert!(doc["precision"].is_null());
}
