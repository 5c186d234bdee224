//! `battle record`: results from the table go through the same post-battle sequence.

use crate::common::Campaign;

const RESULTS: &str = r#"winner = "attacker"
turns = 14
end_reason = "defender withdrew"

[[stands]]
code = "a1-1"
hits = 2
fired = true
under_fire = true
ammo_spent = 6

[[stands]]
code = "a1-2"
fired = true
under_fire = true

[[stands]]
code = "a1-3"
fired = true

[[stands]]
code = "mil-1a"
hits = 3
fired = true
under_fire = true
captured = 1

[[stands]]
code = "truck-1"
hits = 1
under_fire = true
"#;

#[test]
fn recorded_results_credit_experience_and_casualties() {
    let c = Campaign::full_moon();
    let before = c.export();
    let actions = |code: &str| {
        c.json(&["stand", "show", code])["actions"]
            .as_i64()
            .unwrap()
    };
    let start: Vec<i64> = ["a1-1", "a1-2", "a1-3", "mil-1a", "mil-1b"]
        .iter()
        .map(|s| actions(s))
        .collect();
    let f = c.write("results.toml", RESULTS);
    let doc = c.json(&[
        "battle",
        "record",
        "crater-rim",
        "--results",
        f.to_str().unwrap(),
        "--seed",
        "3",
    ]);
    assert_eq!(doc["winner"], "attacker");
    assert_eq!(doc["turns"], 14);
    let now: Vec<i64> = ["a1-1", "a1-2", "a1-3", "mil-1a", "mil-1b"]
        .iter()
        .map(|s| actions(s))
        .collect();
    let gained: Vec<i64> = now.iter().zip(&start).map(|(a, b)| a - b).collect();
    assert_eq!(gained, [2, 1, 0, 2, 0]);

    let cas = c.json(&["casualties", "--battle", "crater-rim"]);
    let of = |code: &str| {
        cas.as_array()
            .unwrap()
            .iter()
            .filter(|x| x["stand"] == code)
            .count()
    };
    assert_eq!(
        (of("a1-1"), of("mil-1a"), of("truck-1"), of("a1-2")),
        (2, 3, 2, 0)
    );
    let captured: Vec<_> = cas
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["outcome"] == "captured")
        .collect();
    assert_eq!(captured.len(), 1);
    assert_eq!(captured[0]["stand"], "mil-1a");

    let a11 = c.json(&["stand", "show", "a1-1"]);
    assert_eq!(a11["status"], "ineffective");
    assert_eq!(a11["ammo"], 6);
    assert_eq!(c.json(&["stand", "show", "truck-1"])["status"], "destroyed");
    assert_eq!(c.json(&["stand", "show", "mil-1b"]), {
        let d = Campaign::full_moon();
        d.json(&["stand", "show", "mil-1b"])
    });
    c.ok(&["check"]);
    assert_eq!(
        c.json(&["battle", "show", "crater-rim"])["status"],
        "resolved"
    );
    c.ok(&["undo"]);
    assert_eq!(before, c.export());
}

#[test]
fn bad_results_files_are_refused_with_line_and_field() {
    let c = Campaign::full_moon();
    let before = c.bytes();
    let cases = [
        (
            RESULTS.replace("code = \"a1-3\"", "code = \"hvr-4\""),
            "did not fight",
            "stands.code",
        ),
        (
            RESULTS.replace("hits = 2", "hits = 9"),
            "hits on a stand",
            "stands.hits",
        ),
        (
            RESULTS.replace("ammo_spent = 6", "ammo_spent = 60"),
            "turns of fire",
            "stands.ammo_spent",
        ),
        (
            RESULTS.replace("winner = \"attacker\"", "winner = \"nobody\""),
            "attacker",
            "winner",
        ),
        (
            RESULTS.replace("turns = 14", "turns = 0"),
            "at least one turn",
            "turns",
        ),
    ];
    for (text, says, field) in cases {
        let f = c.write("bad.toml", &text);
        let msg = c.fails(
            2,
            &[
                "battle",
                "record",
                "crater-rim",
                "--results",
                f.to_str().unwrap(),
            ],
        );
        assert!(msg.contains(says), "{msg}");
        assert!(msg.contains(&format!("`{field}`")), "{msg}");
        assert!(msg.contains("bad.toml, line "), "{msg}");
    }
    assert_eq!(before, c.bytes());
}
