//! What only ACTION has, through the real binary and the registry: its log
//! with every d100, LL lost as hits for the aid post, design points in
//! `battle show`; the rule queries
//! (exact odds of the opposed roll, the printed tables cell by cell) and their
//! refusals; the terrain option; table play with typed d100s and undo; a
//! recorded result; the calibration matchups pointing the way BiA's do; and
//! the BiA numbers ACTION copies checked against BiA's own tables. What every
//! ruleset must do is checked in `conformance.rs`.

use crate::common::Campaign;
use bounce::battle::result::Role;
use bounce::campaign::battle::{ready, setup};
use bounce::engine::calibration::matchups;
use bounce::engine::odds::odds;
use bounce::engine::play::{Reply, Session};
use bounce::engine::Registry;
use bounce::store::Store;

fn plan(c: &Campaign, code: &str) {
    c.ok(&[
        "battle",
        "new",
        code,
        "--attacker",
        "a-1pl",
        "--attacker",
        "b-hvr",
        "--defender",
        "tycho-1",
        "--defender",
        "truck-1",
        "--ruleset",
        "action",
        "--range",
        "30",
    ]);
}

#[test]
fn an_action_battle_logs_its_d100s_and_shows_design_points() {
    let c = Campaign::full_moon();
    plan(&c, "x");
    let planned = c.json(&["battle", "show", "x"]);
    assert!(
        planned["notes"]["hvr-1"]
            .as_str()
            .is_some_and(|n| n.contains("DP: CS 20 ES 50 protection 60")),
        "design points before the battle: {planned}"
    );

    let fought = c.json(&["battle", "auto", "x", "--seed", "3"]);
    assert_eq!(fought["ruleset"], "action");
    let log = c.ok(&["battle", "log", "x"]);
    assert!(log.contains("Turn 1 (0–5 min)"), "five-minute turns: {log}");
    assert!(
        log.contains("[initiative]") && log.contains(" attacks "),
        "{log}"
    );

    // Every attack logs its two d100s; every event is typed data.
    let shown = c.json(&["battle", "show", "x"]);
    let events = shown["events"].as_array().unwrap();
    assert!(events.iter().all(|e| e["data"]["kind"].is_string()));
    let attacks: Vec<_> = events
        .iter()
        .filter(|e| e["data"]["kind"] == "attack")
        .collect();
    assert!(!attacks.is_empty());
    for a in &attacks {
        let dice = a["dice"].as_array().unwrap();
        assert_eq!(dice.len(), 2, "{a}");
        assert!(dice.iter().all(|d| d["die"] == "d100"));
        let d = &a["data"];
        let hit = d["attack_roll"].as_i64().unwrap() + d["attack_bonus"].as_i64().unwrap()
            > d["defence_roll"].as_i64().unwrap() + d["defence_bonus"].as_i64().unwrap();
        assert_eq!(d["hit"], hit, "strictly higher hits: {a}");
    }
    assert!(events
        .iter()
        .filter(|e| e["data"]["kind"] == "initiative")
        .all(|e| !e["dice"].as_array().unwrap().is_empty()));

    // Each LL lost by a person is one hit; design points per stand are shown.
    for s in shown["stands"].as_array().unwrap() {
        let code = s["code"].as_str().unwrap();
        let lost = events
            .iter()
            .filter(|e| e["data"]["kind"] == "life_lost" && e["data"]["stand"] == code)
            .count() as i64;
        let knocked = events.iter().any(|e| {
            e["data"]["kind"] == "life_lost"
                && e["data"]["stand"] == code
                && e["data"]["effect"] == "knocked out"
        });
        if !knocked {
            assert_eq!(s["hits_taken"].as_i64().unwrap(), lost, "{code}");
        }
        let note = shown["notes"][code].as_str().unwrap_or_default();
        assert!(note.contains(" DP: CS "), "{code}: {note}");
    }
    assert!(c.ok(&["battle", "show", "x"]).contains("DP: CS"));
}

#[test]
fn the_demo_battles_refight_under_action() {
    let c = Campaign::empty();
    let toml = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/full-moon-classic.toml"
    ))
    .unwrap()
    .replace("ruleset = \"bia\"", "ruleset = \"action\"");
    let f = c.write("full-moon-action.toml", &toml);
    c.ok(&["import", f.to_str().unwrap()]);
    for b in ["crater-rim", "dome-seven", "copernicus-road", "kepler-raid"] {
        let doc = c.json(&["battle", "auto", b, "--seed", "11"]);
        assert_eq!(doc["ruleset"], "action", "{b}");
        let turns = doc["turns"].as_i64().unwrap();
        assert!((1..=24).contains(&turns), "{b}: {turns}");
        assert!(doc["end_reason"].as_str().is_some_and(|r| !r.is_empty()));
    }
}

#[test]
fn rule_queries_give_exact_odds_and_the_printed_tables() {
    let c = Campaign::full_moon();
    let q = |args: &[&str]| {
        let mut all = vec!["rules", "action"];
        all.extend_from_slice(args);
        c.json(&all)
    };
    // Equal bonuses hit 99 times in 200.
    let a = q(&["attack", "--ab", "0", "--defence", "0"]);
    assert_eq!(a["p"]["hit"].as_f64().unwrap(), 99.0 / 200.0);
    assert_eq!(a["p"]["no_effect"].as_f64().unwrap(), 101.0 / 200.0);
    let a = q(&["attack", "--ab", "30", "--defence", "30"]);
    assert_eq!(a["p"]["hit"].as_f64().unwrap(), 0.495);
    let a = q(&["attack", "--ab", "10", "--defence", "0"]);
    assert_eq!(a["p"]["hit"].as_f64().unwrap(), 0.5905);
    // Rolled: strictly higher hits, a tie does nothing.
    assert_eq!(
        q(&["attack", "--ab", "5", "--defence", "0", "--roll", "46,50"])["result"],
        "hit"
    );
    assert_eq!(
        q(&["attack", "--ab", "5", "--defence", "0", "--roll", "45,50"])["result"],
        "no_effect"
    );
    assert_eq!(
        q(&[
            "attack",
            "--ab",
            "0",
            "--defence",
            "0",
            "--situation",
            "defender-cover",
            "--roll",
            "52,50"
        ])["result"],
        "no_effect",
        "cover's -2 turns 52 against 50 into a tie"
    );
    // Scatter: direction then distance, as printed (rules text L275-298).
    for (roll, dir, grids) in [
        ("1,1", 1, 4),
        ("11,20", 1, 4),
        ("12,21", 2, 2),
        ("45,41", 5, 1),
        ("56,60", 5, 1),
        ("89,61", 8, 3),
        ("79,100", 8, 5),
    ] {
        let s = q(&["scatter", "--roll", roll]);
        assert_eq!(
            (s["direction"].as_i64(), s["grids"].as_i64()),
            (Some(dir), Some(grids)),
            "{roll}"
        );
    }
    let s = q(&["scatter", "--roll", "95,30"]);
    assert!(
        s["direction"].is_null(),
        "90-100 is off the direction table"
    );
    let s = q(&["scatter"]);
    let total: f64 = s["p"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12, "{s}");
    assert!((s["p"]["miss"].as_f64().unwrap() - 0.11).abs() < 1e-12);
    // Movement costs, every row (rules text L177-188).
    for (t, ap) in [
        ("open", 1),
        ("inside-building", 1),
        ("on-building", 1),
        ("light-forest", 2),
        ("rough", 2),
        ("shallow-water", 2),
        ("hills", 2),
        ("heavy-forest", 3),
        ("swamp", 3),
        ("deep-water", 3),
        ("climb-building", 5),
    ] {
        let m = q(&["move-cost", "--terrain", t]);
        assert_eq!(
            (m["terrain"].as_str(), m["ap"].as_i64()),
            (Some(t), Some(ap))
        );
    }
    for bad in [
        vec!["attack", "--ab", "0", "--defence", "0", "--roll", "0,5"],
        vec!["attack", "--ab", "0", "--defence", "0", "--roll", "5"],
        vec!["attack", "--ab", "0"],
        vec!["scatter", "--roll", "101,5"],
        vec!["move-cost", "--terrain", "lava"],
    ] {
        let mut all = vec!["rules", "action"];
        all.extend_from_slice(&bad);
        c.fails(2, &all);
    }
}

#[test]
fn the_terrain_option_is_checked() {
    let c = Campaign::full_moon();
    c.ok(&["option", "set", "action", "terrain", "rough"]);
    c.fails(2, &["option", "set", "action", "terrain", "lava"]);
    c.fails(2, &["option", "set", "action", "pot", "1"]);
    plan(&c, "r");
    let doc = c.json(&["battle", "auto", "r", "--seed", "2"]);
    let setup = doc["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["data"]["kind"] == "setup")
        .cloned()
        .unwrap();
    assert_eq!(setup["data"]["terrain"], "rough");
}

#[test]
fn table_play_with_typed_dice_and_undo() {
    let c = Campaign::full_moon();
    plan(&c, "p");
    let store = Store::open(&c.db).unwrap();
    let registry = Registry::standard();
    let rs = registry.get("action").unwrap();
    let b = ready(store.conn(), "p").unwrap();
    let s = setup(store.conn(), &b, rs.turn_limit()).unwrap();
    let att = s.attacker.stands[0].code.clone();
    let def = s.defender.stands[0].code.clone();
    let mut session = Session::new(rs, &s, 1, true).unwrap();
    let attack = format!("attack {att} at {def} range 5 cover");
    assert!(
        matches!(
            session.line(&format!("{attack} roll 99,1")),
            Reply::Refused(_)
        ),
        "initiative comes first"
    );
    // The first attacker acts first in every phase.
    let n = s.attacker.stands.len() + s.defender.stands.len();
    let rolls: Vec<String> = (0..n).map(|i| (100 - i).to_string()).collect();
    assert!(matches!(
        session.line(&format!("initiative roll {}", rolls.join(","))),
        Reply::Done(_)
    ));
    assert!(
        matches!(session.line(&attack), Reply::Refused(_)),
        "manual dice need both d100s"
    );
    // A 99 against a 1 hits whatever the bonuses; the log says so.
    let Reply::Done(said) = session.line(&format!("{attack} roll 99,1")) else {
        panic!("an attack with typed dice")
    };
    assert!(
        said.contains("hit, 1 LL") && said.contains("defender_cover \u{2212}2"),
        "{said}"
    );
    let Reply::Done(status) = session.line("status") else {
        panic!()
    };
    assert!(status.contains(&def));
    assert!(matches!(session.line("undo"), Reply::Done(_)));
    // A 1 against a 100 misses.
    let Reply::Done(said) = session.line(&format!("{attack} roll 1,100")) else {
        panic!("a miss")
    };
    assert!(said.contains("no effect"), "{said}");
    // Second attack in the turn, in the next phase: the defender was
    // already attacked (+1).
    assert!(matches!(session.line("phase"), Reply::Done(_)));
    let Reply::Done(said) = session.line(&format!("{attack} roll 80,10")) else {
        panic!("a hit")
    };
    assert!(said.contains("defender_already_attacked +1"), "{said}");
    // Two attacks spent the 2 AP; the HMA team's 3 movement points buy one
    // grid of heavy forest, an AP a phase, and no more.
    for _ in 0..3 {
        assert!(matches!(session.line("phase"), Reply::Done(_)));
        assert!(matches!(
            session.line(&format!("move {att} terrain heavy-forest")),
            Reply::Done(_)
        ));
    }
    assert!(matches!(session.line("phase"), Reply::Done(_)));
    assert!(
        matches!(
            session.line(&format!("move {att} terrain open")),
            Reply::Refused(_)
        ),
        "no points left"
    );
    assert!(matches!(session.line("move nobody"), Reply::Refused(_)));
    // Another element under the same shot costs no action point.
    let other = s.defender.stands[1].code.clone();
    let Reply::Done(said) =
        session.line(&format!("attack {att} at {other} range 6 extra roll 2,99"))
    else {
        panic!("an extra roll")
    };
    assert!(said.contains("no effect"), "{said}");
    let Reply::Done(said) = session.line(&format!("scatter {att} at {other} roll 50,30")) else {
        panic!("scatter")
    };
    assert!(
        said.contains("direction 5") && said.contains("2 grids"),
        "{said}"
    );
    assert!(
        matches!(session.line("morale nowhere roll 7"), Reply::Refused(_)),
        "no such group"
    );
    assert!(matches!(
        session.line(&format!("ready {def} on {att}")),
        Reply::Done(_)
    ));
    let n = s.attacker.stands.len() + s.defender.stands.len();
    let rolls: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    assert!(matches!(
        session.line(&format!("initiative roll {}", rolls.join(","))),
        Reply::Done(_)
    ));
    assert!(matches!(session.line("turn"), Reply::Done(_)));
    let Reply::End(result) = session.line("end attacker") else {
        panic!("end")
    };
    let hit = result.stands.iter().find(|x| x.code == def).unwrap();
    assert_eq!(hit.hits_taken, 1, "one LL lost, one person hit");
    assert_eq!(hit.role, Role::Defender);
}

#[test]
fn a_recorded_action_battle_goes_through_the_post_battle_sequence() {
    let c = Campaign::full_moon();
    plan(&c, "rec");
    let f = c.write(
        "results.toml",
        "winner = \"attacker\"\nturns = 3\nend_reason = \"defender withdrew\"\n\
         [[stands]]\ncode = \"mil-1a\"\nhits = 3\nfired = true\nunder_fire = true\n",
    );
    let doc = c.json(&[
        "battle",
        "record",
        "rec",
        "--results",
        f.to_str().unwrap(),
        "--seed",
        "4",
    ]);
    assert_eq!(doc["ruleset"], "action");
    let s = doc["stands"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["code"] == "mil-1a")
        .cloned()
        .unwrap();
    assert_eq!(
        s["status_after"], "effective",
        "an element fights until its LL are gone: 3 of 8 hit still fights"
    );
}

#[test]
fn calibration_matchups_point_the_way_bia_does() {
    let registry = Registry::standard();
    let (bia_rs, act) = (
        registry.get("bia").unwrap(),
        registry.get("action").unwrap(),
    );
    for (name, setup) in matchups().into_iter().filter(|(n, _)| {
        n.starts_with("6 HMA")
            || n.starts_with("3 civilian")
            || n.starts_with("4 hovertanks with")
            || n.starts_with("8 militia")
    }) {
        let b = odds(bia_rs, &setup, 7, 100, &|| ()).unwrap();
        let mut s = setup.clone();
        s.ruleset = "action".into();
        let a = odds(act, &s, 7, 100, &|| ()).unwrap();
        assert_eq!(
            a.attacker_wins > 0.5,
            b.attacker_wins > 0.5,
            "{name}: ACTION {} against BiA {}",
            a.attacker_wins,
            b.attacker_wins
        );
    }
}

#[test]
fn action_and_bia_test_the_same_group_on_the_same_number() {
    use bounce::core::kinds::Cover;
    use bounce::engine::calibration::{battle, force, LTA_TRAINED};
    let registry = Registry::standard();
    let mut s = battle(
        force("a", &[(LTA_TRAINED, 3)]),
        force("d", &[(LTA_TRAINED, 3)]),
        30,
        Cover::Open,
    );
    // Morale 4, 8 and 8: the mode is 8; a mean would give 7 (or 6.67).
    for (st, m) in s.attacker.stands.iter_mut().zip([4, 8, 8]) {
        st.morale.morale = m;
    }
    for st in s.defender.stands.iter_mut() {
        st.morale.morale = 5;
    }
    let mut seen = Vec::new();
    for name in ["bia", "action"] {
        let rs = registry.get(name).unwrap();
        s.ruleset = name.into();
        let number = (0..200)
            .flat_map(|seed| rs.resolve(&s, seed).unwrap().events)
            .find_map(|e| {
                let d = e.data?;
                (d["kind"] == "group_morale" && d["group"] == "a-c").then(|| d["morale"].clone())
            })
            .unwrap_or_else(|| panic!("{name}: no group test of a-c in 200 battles"));
        seen.push(number);
    }
    assert_eq!(seen, [8, 8], "bia, action");
}

#[test]
fn defenders_wait_readied_and_fire_first_at_closing_attackers() {
    use bounce::core::kinds::Cover;
    use bounce::engine::calibration::{battle, force, MILITIA};
    let registry = Registry::standard();
    let act = registry.get("action").unwrap();
    // Rifles reach 12 grids; the attackers start at 24 and must close.
    let mut s = battle(
        force("a", &[(MILITIA, 3)]),
        force("d", &[(MILITIA, 3)]),
        60,
        Cover::Cover,
    );
    s.ruleset = "action".into();
    let r = act.resolve(&s, 5).unwrap();
    let kind = |e: &&bounce::battle::event::Event| e.data.as_ref().unwrap()["kind"].clone();
    assert!(r.events.iter().any(|e| kind(&e) == "ready"));
    let first = r
        .events
        .iter()
        .find(|e| kind(e) == "attack")
        .expect("someone attacks");
    assert_eq!(
        first.side,
        Some(Role::Defender),
        "the readied defender fires first: {}",
        first.text
    );
    assert!(first.text.contains("readied +1"), "{}", first.text);
    assert!(
        first.text.contains("at 12 grids"),
        "as the attacker comes into reach: {}",
        first.text
    );
}

/// The review's finding 4: four LTA squads against four in heavy forest from
/// 60 cm crawled a grid a turn for 23 turns and stopped on the turn limit.
/// An ACTION game starts within sight (L128), so where the ground limits
/// sight the opening range is capped near it and the fight is fought out.
#[test]
fn a_heavy_forest_fight_does_not_end_on_the_turn_limit_in_most_seeds() {
    use crate::action_fidelity::{events, plan, two_sides, LTA};
    let c = two_sides(&[(LTA, 4)], &[(LTA, 4)]);
    let terrain = ["--terrain", "heavy-forest"];
    plan(
        &c,
        "wood",
        &[&["--range", "60", "--cover", "open"][..], &terrain].concat(),
    );
    let seeds = 10;
    let on_limit = (1..=seeds)
        .filter(|&seed| {
            let ev = events(&c, "wood", seed);
            let end = ev.iter().rfind(|e| e["data"]["kind"] == "end").unwrap();
            end["text"].as_str().unwrap().contains("turn limit")
        })
        .count();
    assert!(
        on_limit * 4 <= seeds as usize,
        "{on_limit} of {seeds} ended on the turn limit"
    );
}
