//! What only Dirtside II has, through the real binary and the registry: its
//! log (activations, chits as dice), confidence carried into a linked battle,
//! the rule queries answering the text's worked examples and refusing bad
//! input, and table play reproducing the text's damage examples. What every
//! ruleset must do is checked in `conformance.rs`.

use crate::common::Campaign;
use bounce::battle::result::DamageKind;
use bounce::campaign::battle::{ready, setup};
use bounce::engine::play::{Reply, Session};
use bounce::engine::Registry;
use bounce::store::Store;

fn plan(c: &Campaign, code: &str, after: Option<&str>) {
    let mut args = vec![
        "battle",
        "new",
        code,
        "--attacker",
        "a-1pl",
        "--attacker",
        "b-hvr",
        "--defender",
        "tycho-1",
        "--ruleset",
        "dirtside",
    ];
    // The truck fights the first battle only: a stand destroyed there
    // cannot be planned into the next.
    if after.is_none() {
        args.extend(["--defender", "truck-1"]);
    }
    if let Some(a) = after {
        args.extend(["--after", a]);
    }
    c.ok(&args);
}

#[test]
fn a_dirtside_battle_logs_activations_and_chits_and_carries_confidence() {
    let c = Campaign::full_moon();
    plan(&c, "x", None);

    let fought = c.json(&["battle", "auto", "x", "--seed", "3"]);
    let log = c.ok(&["battle", "log", "x"]);
    assert!(log.contains("activates"), "{log}");
    assert!(
        log.contains("Turn 1 (0–10 min)"),
        "Dirtside turns are ten minutes: {log}"
    );
    let shown = c.json(&["battle", "show", "x"]);
    assert_eq!(shown["ruleset"], "dirtside");
    let events = shown["events"].as_array().expect("events");
    assert!(events.iter().any(|e| e["phase"] == "activation"));
    assert!(
        events.iter().any(|e| e["dice"]
            .as_array()
            .is_some_and(|d| d.iter().any(|r| r["die"] == "chit"))),
        "chit draws are logged as dice"
    );
    assert!(events.iter().all(|e| e["data"]["kind"].is_string()));
    assert_eq!(fought["ruleset"], "dirtside");

    // Confidence after x is confidence at the start of the linked battle y.
    plan(&c, "y", Some("x"));
    let store = Store::open(&c.db).unwrap();
    let y = ready(store.conn(), "y").unwrap();
    let s = setup(store.conn(), &y, 12).unwrap();
    let carried = unit_levels(&c);
    assert!(!carried.is_empty());
    for (unit, level) in carried {
        let in_y = s
            .attacker
            .units
            .iter()
            .chain(&s.defender.units)
            .find(|u| u.code == unit);
        if let Some(u) = in_y {
            assert_eq!(u.confidence.as_str(), level, "{unit}");
        }
    }
}

/// The fought units' confidence as the campaign holds it after the battle.
fn unit_levels(c: &Campaign) -> Vec<(String, String)> {
    let store = Store::open(&c.db).unwrap();
    let mut stmt = store
        .conn()
        .prepare("SELECT code, confidence FROM units WHERE code IN ('a-1pl','b-hvr','tycho-1','tycho-mt')")
        .unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn rule_queries_answer_the_worked_examples_and_refuse_bad_input() {
    let c = Campaign::full_moon();
    let q = |args: &[&str]| {
        let mut all = vec!["rules", "dirtside"];
        all.extend_from_slice(args);
        c.json(&all)
    };
    // Confidence: regular 2 at steady, threat +1; a 1 drops two levels.
    let a = q(&[
        "confidence",
        "--quality",
        "regular",
        "--leadership",
        "2",
        "--level",
        "steady",
        "--threat",
        "1",
        "--roll",
        "1",
    ]);
    assert_eq!(
        (
            a["die"].as_str(),
            a["target"].as_i64(),
            a["result"].as_str()
        ),
        (Some("d8"), Some(3), Some("broken"))
    );
    let a = q(&[
        "confidence",
        "--quality",
        "regular",
        "--leadership",
        "2",
        "--level",
        "steady",
        "--threat",
        "1",
    ]);
    assert_eq!(a["p"]["steady"], 0.625);
    // Rally: regular 2 at broken with a veteran 1 command; 4 or more.
    let a = q(&[
        "rally",
        "--quality",
        "regular",
        "--leadership",
        "2",
        "--level",
        "broken",
        "--command-leadership",
        "1",
        "--roll",
        "4",
    ]);
    assert_eq!(a["result"], "shaken");
    // Effectiveness: regulars, leadership 2.
    let a = q(&[
        "effectiveness",
        "--quality",
        "regular",
        "--leadership",
        "2",
        "--roll",
        "3",
    ]);
    assert_eq!(a["result"], "partial");
    // Direct fire: HKP/3 enhanced at medium, signature 4 in soft cover, 7 against 2 and 6.
    let a = q(&[
        "fire",
        "--fire-control",
        "enhanced",
        "--band",
        "medium",
        "--signature",
        "4",
        "--cover",
        "soft",
        "--roll",
        "7,2,6",
    ]);
    assert_eq!(a["result"], "hit");
    let a = q(&[
        "fire",
        "--fire-control",
        "enhanced",
        "--band",
        "medium",
        "--signature",
        "4",
        "--cover",
        "soft",
    ]);
    let s: f64 = a["p"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_f64().unwrap())
        .sum();
    assert!((s - 1.0).abs() < 1e-12);
    // Damage: R3 G1 Y2 knocks out armour 4; Y3 R1 M damages and immobilises.
    let a = q(&[
        "chits", "--weapon", "hkp", "--class", "3", "--band", "medium", "--armour", "4", "--draw",
        "R3,G1,Y2",
    ]);
    assert_eq!(a["result"], "knocked_out");
    let a = q(&[
        "chits", "--weapon", "hkp", "--class", "3", "--band", "medium", "--armour", "4", "--draw",
        "Y3,R1,M",
    ]);
    assert_eq!(
        (a["result"].as_str(), a["effects"][0].as_str()),
        (Some("damaged"), Some("immobilised"))
    );
    // Firefight: the APSW's Y2 Y3 R1 kills a powered team in the open.
    let a = q(&[
        "chits",
        "--weapon",
        "apsw",
        "--infantry",
        "powered",
        "--cover",
        "open",
        "--draw",
        "Y2,Y3,R1",
    ]);
    assert_eq!(a["result"], "killed");
    // Regroup: veteran 2 broken ×2 with regular 3 steady ×3.
    let a = q(&[
        "regroup",
        "--unit",
        "veteran:2:broken:2",
        "--unit",
        "regular:3:steady:3",
    ]);
    assert_eq!(a["confidence"], "shaken");
    assert_eq!(a["quality"], "regular");
    assert_eq!(a["leadership"], 2);

    for bad in [
        vec![
            "chits", "--weapon", "laser", "--class", "3", "--armour", "4", "--draw", "R1",
        ],
        vec![
            "chits", "--weapon", "hel", "--class", "2", "--band", "long", "--armour", "4",
            "--draw", "R1,R2",
        ],
        vec![
            "chits", "--weapon", "mdc", "--class", "1", "--band", "close", "--armour", "4",
            "--draw", "R4",
        ],
        vec![
            "chits",
            "--weapon",
            "hkp",
            "--class",
            "3",
            "--band",
            "close",
            "--armour",
            "4",
            "--draw",
            "BOOM,BOOM,BOOM,BOOM",
        ],
        vec![
            "confidence",
            "--quality",
            "regular",
            "--leadership",
            "2",
            "--level",
            "steady",
            "--roll",
            "9",
        ],
    ] {
        let mut all = vec!["rules", "dirtside"];
        all.extend_from_slice(&bad);
        c.fails(2, &all);
    }
}

#[test]
fn table_play_reproduces_the_texts_damage_examples() {
    let c = Campaign::full_moon();
    c.ok(&[
        "battle",
        "new",
        "p",
        "--attacker",
        "b-hvr",
        "--defender",
        "cop-veh",
        "--ruleset",
        "dirtside",
    ]);
    // The text's firer: an HKP/3 with enhanced fire control; its target a
    // signature-4 tank with armour 4. Set as an umpire would.
    c.ok(&[
        "option",
        "set",
        "dirtside",
        "stand.hvr-1",
        "weapon=hkp/3,fire_control=enhanced",
    ]);
    c.ok(&[
        "option",
        "set",
        "dirtside",
        "stand.apc-1",
        "armour=4,signature=4",
    ]);
    let listed = c.json(&["option", "list"]);
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["key"] == "stand.apc-1" && r["value"] == "armour=4,signature=4"),
        "{listed}"
    );
    c.fails(
        2,
        &["option", "set", "dirtside", "stand.apc-1", "armour=thick"],
    );
    c.fails(2, &["option", "set", "dirtside", "chit_pot", "R1=2"]);
    // A stand the campaign does not have is refused, not stored unused.
    let err = c.fails(2, &["option", "set", "dirtside", "stand.apc-9", "armour=4"]);
    assert!(err.contains("no stand `apc-9`"), "{err}");
    let store = Store::open(&c.db).unwrap();
    let registry = Registry::standard();
    let ds = registry.get("dirtside").unwrap();
    let b = ready(store.conn(), "p").unwrap();
    let s = setup(store.conn(), &b, ds.turn_limit()).unwrap();
    let mut session = Session::new(ds, &s, 1, true).unwrap();
    assert!(matches!(session.line("activate b-hvr"), Reply::Done(_)));
    assert!(
        matches!(
            session.line("fire hvr-1 at apc-1 band medium"),
            Reply::Refused(_)
        ),
        "manual dice need rolls"
    );
    // The direct fire example: d8 7 against d6 2 and soft cover's d6 6, then G2 Y3
    // R1; the last die is the target unit's confidence test (first loss).
    let reply = session.line("fire hvr-1 at apc-1 band medium roll 7,2,6 roll G2,Y3,R1 roll 8");
    let Reply::Done(said) = reply else {
        panic!("the direct fire example: {reply:?}")
    };
    assert!(
        said.contains("hit") && said.contains("= 4: damaged"),
        "{said}"
    );
    assert!(matches!(session.line("undo"), Reply::Done(_)));
    // The damage example: Y3 R1 M damages and immobilises.
    let Reply::Done(said) =
        session.line("fire hvr-1 at apc-1 band medium roll 7,2,6 roll Y3,R1,M roll 8")
    else {
        panic!("the damage example")
    };
    assert!(said.contains("damaged, immobilised"), "{said}");
    assert!(matches!(
        session.line("fire hvr-1 at apc-1 band medium roll 7,2,6 roll R4,R1,M"),
        Reply::Refused(_)
    ));
    assert!(matches!(
        session.line("test cop-veh threat 1 roll 8"),
        Reply::Done(_)
    ));
    assert!(matches!(session.line("turn"), Reply::Done(_)));
    let Reply::End(result) = session.line("end attacker") else {
        panic!("end")
    };
    let apc = result.stands.iter().find(|x| x.code == "apc-1").unwrap();
    assert_eq!(
        apc.damage.map(|d| (d.kind, d.repair_days)),
        Some((DamageKind::Damaged, 2))
    );
    assert!(result.units.iter().any(|u| u.unit == "cop-veh"));
}
