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

#[test]
fn rolled_dice_repeat_with_the_same_seed() {
    let c = Campaign::empty();
    let a = json(
        &c,
        &[
            "--seed",
            "5",
            "rules",
            "fire",
            "--weapon",
            "sla_squad",
            "--range",
            "20",
        ],
    );
    let b = json(
        &c,
        &[
            "--seed",
            "5",
            "rules",
            "fire",
            "--weapon",
            "sla_squad",
            "--range",
            "20",
        ],
    );
    assert_eq!(a, b);
    assert!((1..=10).contains(&a["roll"].as_i64().unwrap()));
}
