//! `rules …` through the binary: answers worked by hand from the BiA tables,
//! and refusals of impossible questions.

use crate::common::Campaign;

fn json(c: &Campaign, args: &[&str]) -> serde_json::Value {
    c.json(args)
}

#[test]
fn fire_reads_the_range_table() {
    let c = Campaign::empty();
    // SLA squad at 12 cm: 15 cm band, hit 4, penetration 2; 7 - 3 (in HMA) + 1 (officer) = 5 → 1 hit.
    let d = json(
        &c,
        &[
            "rules",
            "fire",
            "--weapon",
            "sla_squad",
            "--range",
            "12",
            "--roll",
            "7",
            "--modifier",
            "in_hma",
            "--modifier",
            "officer",
        ],
    );
    assert_eq!(
        (
            d["band"].as_i64(),
            d["hit_number"].as_i64(),
            d["modified_roll"].as_i64(),
            d["hits"].as_i64(),
            d["penetration"].as_i64()
        ),
        (Some(15), Some(4), Some(5), Some(1), Some(2))
    );
    assert_eq!(d["modifiers"][0]["name"], "in_hma");
    assert_eq!(d["modifiers"][0]["modifier"], -3);
    // Hovertank gun at 4 cm: 5 cm band, hit 2; 9 + 1 = 10 → 5 hits.
    let d = json(
        &c,
        &[
            "rules",
            "fire",
            "--weapon",
            "hovertank_gun",
            "--range",
            "4",
            "--roll",
            "9",
            "--modifier",
            "1",
        ],
    );
    assert_eq!(
        (
            d["band"].as_i64(),
            d["hits"].as_i64(),
            d["penetration"].as_i64()
        ),
        (Some(5), Some(5), Some(4))
    );
    // Light small arms at 10 cm need 9: 8 - 2 = 6 misses; no penetration is null.
    let d = json(
        &c,
        &[
            "rules",
            "fire",
            "--weapon",
            "light_small_arms",
            "--range",
            "10",
            "--roll",
            "8",
            "--modifier",
            "-2",
        ],
    );
    assert_eq!(
        (d["hit_number"].as_i64(), d["hits"].as_i64()),
        (Some(9), Some(0))
    );
    assert!(d["penetration"].is_null());
    // Tank gun at 60 cm: hit 9, penetration -2.
    let d = json(
        &c,
        &[
            "rules", "fire", "--weapon", "tank_gun", "--range", "60", "--roll", "10",
        ],
    );
    assert_eq!(
        (
            d["hit_number"].as_i64(),
            d["hits"].as_i64(),
            d["penetration"].as_i64()
        ),
        (Some(9), Some(1), Some(-2))
    );
    for f in [
        "weapon",
        "range_cm",
        "band",
        "hit_number",
        "roll",
        "modifiers",
        "modified_roll",
        "hits",
        "penetration",
    ] {
        assert!(d.get(f).is_some(), "{f}");
    }
}

#[test]
fn penetration_casualties_morale_and_base() {
    let c = Campaign::empty();
    // AT missile at 30 cm (pen 4) on a hovertank (6): 9 + 4 = 13 > 12 → exploded.
    let d = json(
        &c,
        &[
            "rules",
            "penetrate",
            "--weapon",
            "at_missile",
            "--range",
            "30",
            "--vehicle",
            "hovertank",
            "--roll",
            "9",
        ],
    );
    assert_eq!(
        (
            d["penetration"].as_i64(),
            d["armour"].as_i64(),
            d["total"].as_i64(),
            d["result"].as_str()
        ),
        (Some(4), Some(6), Some(13), Some("exploded"))
    );
    let d = json(
        &c,
        &[
            "rules",
            "penetrate",
            "--weapon",
            "tank_gun",
            "--range",
            "30",
            "--vehicle",
            "light_track",
            "--roll",
            "2",
        ],
    );
    assert_eq!(
        (d["total"].as_i64(), d["result"].as_str()),
        (Some(2), Some("killed"))
    );
    let d = json(
        &c,
        &[
            "rules",
            "penetrate",
            "--weapon",
            "veh_hmg",
            "--range",
            "5",
            "--vehicle",
            "light_track",
            "--roll",
            "10",
        ],
    );
    assert_eq!(d["result"], "no_effect");

    let d = json(&c, &["rules", "casualty", "--armour", "lta", "--roll", "6"]);
    assert_eq!(
        (
            d["armour"].as_str(),
            d["roll"].as_i64(),
            d["severity"].as_str()
        ),
        (Some("lta"), Some(6), Some("serious"))
    );
    assert_eq!(
        json(
            &c,
            &["rules", "casualty", "--armour", "unarmoured", "--roll", "0"]
        )["severity"],
        "scratch"
    );
    assert_eq!(
        json(&c, &["rules", "casualty", "--armour", "hma", "--roll", "8"])["severity"],
        "mortal"
    );

    // Morale 7, roll 5, under air attack (-3): 2, short by 5 → retire.
    let d = json(
        &c,
        &[
            "rules",
            "morale-test",
            "--morale",
            "7",
            "--roll",
            "5",
            "--modifier",
            "under_air_attack",
        ],
    );
    assert_eq!(
        (
            d["modified"].as_i64(),
            d["margin"].as_i64(),
            d["result"].as_str()
        ),
        (Some(2), Some(5), Some("retire"))
    );
    let d = json(
        &c,
        &[
            "rules",
            "morale-test",
            "--morale",
            "5",
            "--roll",
            "8",
            "--modifier",
            "-4",
            "--group",
        ],
    );
    assert_eq!(
        (d["modified"].as_i64(), d["result"].as_str()),
        (Some(4), Some("withdraw"))
    );
    assert_eq!(
        json(
            &c,
            &["rules", "morale-test", "--morale", "4", "--roll", "4"]
        )["result"],
        "carry_on"
    );
    assert_eq!(
        json(
            &c,
            &["rules", "morale-test", "--morale", "9", "--roll", "2"]
        )["result"],
        "surrender"
    );

    let d = json(
        &c,
        &[
            "rules",
            "morale-base",
            "--training",
            "regular",
            "--experience",
            "veteran",
        ],
    );
    assert_eq!(d["morale"], 5);
}

#[test]
fn impossible_questions_are_refused() {
    let c = Campaign::empty();
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "rules", "fire", "--weapon", "rifles", "--range", "10", "--roll", "0",
            ],
            "1..10",
        ),
        (
            &[
                "rules", "fire", "--weapon", "rifles", "--range", "10", "--roll", "11",
            ],
            "1..10",
        ),
        (
            &[
                "rules", "fire", "--weapon", "rifles", "--range", "31", "--roll", "5",
            ],
            "last band is 30",
        ),
        (
            &[
                "rules", "fire", "--weapon", "manpad", "--range", "10", "--roll", "5",
            ],
            "air-defence",
        ),
        (
            &[
                "rules", "fire", "--weapon", "laser", "--range", "10", "--roll", "5",
            ],
            "sla_support",
        ),
        (
            &[
                "rules",
                "fire",
                "--weapon",
                "rifles",
                "--range",
                "10",
                "--roll",
                "5",
                "--modifier",
                "lucky",
            ],
            "lucky",
        ),
        (
            &["rules", "casualty", "--armour", "lta", "--roll", "10"],
            "0..9",
        ),
        (
            &["rules", "casualty", "--armour", "plate", "--roll", "1"],
            "unarmoured",
        ),
        (
            &["rules", "morale-test", "--morale", "7", "--roll", "13"],
            "2..12",
        ),
        (
            &["rules", "morale-test", "--morale", "0", "--roll", "7"],
            "1..9",
        ),
        (
            &[
                "rules",
                "morale-base",
                "--training",
                "trained",
                "--experience",
                "raw",
            ],
            "no entry",
        ),
        (
            &[
                "rules",
                "penetrate",
                "--weapon",
                "marine_sca",
                "--range",
                "6",
                "--vehicle",
                "hovercar",
                "--roll",
                "5",
            ],
            "last band is 5",
        ),
    ];
    for (args, says) in cases {
        let msg = c.fails(2, args);
        assert!(msg.contains(says), "{args:?}: {msg}");
    }
}

/// The `"p"` object of a query asked without `--roll`.
fn p(c: &Campaign, args: &[&str]) -> serde_json::Value {
    let d = json(c, args);
    let total: f64 = d["p"]
        .as_object()
        .unwrap_or_else(|| panic!("{args:?}: no odds in {d}"))
        .values()
        .map(|v| v.as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12, "{args:?}: {total}");
    d["p"].clone()
}

#[test]
fn without_a_roll_the_answer_is_the_exact_odds() {
    use serde_json::json;
    let c = Campaign::empty();
    // SLA squad at 12 cm (hit 4), in HMA -3, officer +1: d10 - 2; 1..5 miss,
    // 6..9 one hit, 10 two hits.
    let fire = [
        "rules",
        "fire",
        "--weapon",
        "sla_squad",
        "--range",
        "12",
        "--modifier",
        "in_hma",
        "--modifier",
        "officer",
    ];
    assert_eq!(p(&c, &fire), json!({"0": 0.5, "1": 0.4, "2": 0.1}));
    // No dice are rolled: any seed gives the same answer.
    let mut seeded = vec!["--seed", "5"];
    seeded.extend_from_slice(&fire);
    assert_eq!(json(&c, &seeded), json(&c, &fire));
    // At 5 cm the hit number is 2: a hit per two pips.
    assert_eq!(
        p(
            &c,
            &["rules", "fire", "--weapon", "sla_squad", "--range", "5"]
        ),
        json!({"0": 0.1, "1": 0.2, "2": 0.2, "3": 0.2, "4": 0.2, "5": 0.1})
    );
    // Tank gun at 60 cm (penetration -2) against a hovertank (6): 9 and 10 kill.
    assert_eq!(
        p(
            &c,
            &[
                "rules",
                "penetrate",
                "--weapon",
                "tank_gun",
                "--range",
                "60",
                "--vehicle",
                "hovertank"
            ]
        ),
        json!({"no_effect": 0.8, "killed": 0.2, "exploded": 0.0})
    );
    // Tank gun at 5 cm (+4) against a tracked tank (3): 6..10 explode.
    assert_eq!(
        p(
            &c,
            &[
                "rules",
                "penetrate",
                "--weapon",
                "tank_gun",
                "--range",
                "5",
                "--vehicle",
                "track_tank"
            ]
        ),
        json!({"no_effect": 0.0, "killed": 0.5, "exploded": 0.5})
    );
    // Morale 7: 7+ on 2d6 passes (21/36), 4..6 no closer (12), 2..3 retire (3).
    assert_eq!(
        p(&c, &["rules", "morale-test", "--morale", "7"]),
        json!({"carry_on": 21.0 / 36.0, "no_closer": 12.0 / 36.0, "retire": 3.0 / 36.0, "surrender": 0.0})
    );
    // Morale 9 at -4 (2d6 - 4): 10..12 no closer (6), 7..9 retire (15), 2..6 surrender (15).
    assert_eq!(
        p(
            &c,
            &["rules", "morale-test", "--morale", "9", "--modifier", "-4"]
        ),
        json!({"carry_on": 0.0, "no_closer": 6.0 / 36.0, "retire": 15.0 / 36.0, "surrender": 15.0 / 36.0})
    );
    // A group at morale 5 and -4 carries on on 9+ (10/36).
    assert_eq!(
        p(
            &c,
            &[
                "rules",
                "morale-test",
                "--morale",
                "5",
                "--modifier",
                "-4",
                "--group"
            ]
        ),
        json!({"carry_on": 10.0 / 36.0, "withdraw": 26.0 / 36.0})
    );
    // The HMA casualty row: unharmed 0-1, scratch 2-4, light 5-6, serious, mortal, dead.
    assert_eq!(
        p(&c, &["rules", "casualty", "--armour", "hma"]),
        json!({"unharmed": 0.2, "scratch": 0.3, "light": 0.2, "serious": 0.1, "mortal": 0.1, "dead": 0.1})
    );
    // Lock-on: a MANPAD at a fast aircraft needs 8; a trained firer's -1 leaves 9, 10.
    let lock = json(
        &c,
        &[
            "rules",
            "lock-on",
            "--system",
            "manpad",
            "--speed",
            "fast",
            "--modifier",
            "firer_trained",
        ],
    );
    assert_eq!(lock["needs"], 8);
    assert_eq!(lock["p"], json!({"locked": 0.2, "no_lock": 0.8}));
    let rolled = json(
        &c,
        &[
            "rules",
            "lock-on",
            "--system",
            "multi_cannon",
            "--speed",
            "slow",
            "--roll",
            "8",
        ],
    );
    assert_eq!(
        (rolled["modified"].as_i64(), rolled["result"].as_str()),
        (Some(6), Some("locked"))
    );
    // The text shows the same odds.
    let text = c.ok(&fire);
    assert!(text.contains("0 0.5000, 1 0.4000, 2 0.1000"), "{text}");
}
