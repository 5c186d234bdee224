//! What only FMA has, through the real binary and the registry: a squad-sized
//! battle fought figure by figure, its log, its casualties at the aid post (a
//! KILL is dead), the fire option set and stored, the rule queries answering
//! the text's worked examples and refusing bad input, table play spending
//! actions with typed dice, and a result recorded figure by figure. What every
//! ruleset must do is checked in `conformance.rs`.

use crate::common::Campaign;
use bounce::campaign::battle::{ready, setup};
use bounce::engine::play::{Reply, Session};
use bounce::engine::Registry;
use bounce::store::Store;

/// Three HMA gauss-rifle teams (12 figures) against a militia team in soft
/// cover and an LTA support team (8 + 4 figures), 150 cm apart.
fn plan(c: &Campaign, code: &str) {
    c.ok(&[
        "battle",
        "new",
        code,
        "--attacker",
        "a1-1",
        "--attacker",
        "a1-2",
        "--attacker",
        "a1-3",
        "--defender",
        "mil-1a",
        "--defender",
        "lta-sup",
        "--range",
        "150",
        "--ruleset",
        "fma",
    ]);
}

fn kills(events: &[serde_json::Value]) -> usize {
    events
        .iter()
        .map(|e| {
            let d = &e["data"];
            match d["kind"].as_str() {
                Some("shot") => usize::from(d["result"] == "kill"),
                Some("close_combat") => {
                    usize::from(d["result"] == "attacker_kills" || d["result"] == "defender_kills")
                }
                Some("rocket") => d["hits"]
                    .as_array()
                    .map_or(0, |h| h.iter().filter(|x| x["result"] == "kill").count()),
                _ => 0,
            }
        })
        .sum()
}

#[test]
fn a_squad_battle_fights_figure_by_figure_and_feeds_the_aid_post() {
    let c = Campaign::full_moon();
    plan(&c, "x");

    let fought = c.json(&["battle", "auto", "x", "--seed", "3"]);
    let log = c.ok(&["battle", "log", "x"]);
    assert!(
        log.contains("Turn 1 (0–1 min)"),
        "FMA turns are a minute: {log}"
    );
    assert!(log.contains("a1-2#1 (d8/1) activates"), "{log}");
    assert!(
        log.contains("12 attacking figures against 12 defending"),
        "{log}"
    );
    assert_eq!(fought["ruleset"], "fma");
    let ours = c.ok(&["battle", "log", "x", "--side", "ifu"]);
    assert!(
        ours.contains("a1-2#1 (d8/1) activates"),
        "a side sees its figures: {ours}"
    );

    let events = fought["events"].as_array().expect("events");
    assert!(events.iter().all(|e| e["data"]["kind"].is_string()));
    let shots: Vec<_> = events
        .iter()
        .filter(|e| e["data"]["kind"] == "shot")
        .collect();
    assert!(!shots.is_empty());
    for s in &shots {
        let actor = s["actor"].as_str().unwrap();
        assert!(actor.contains('#'), "figures are named STAND#N: {actor}");
        assert!(s["dice"].as_array().unwrap().len() >= 3, "{s}");
    }

    // Every figure down is a hit at the aid post; a KILL is recorded dead.
    let hits: i64 = fought["stands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["hits_taken"].as_i64().unwrap())
        .sum();
    assert!(hits > 0, "{fought}");
    let cas = &fought["casualties"];
    let rolled: i64 = [
        "captured", "dead", "light", "mortal", "scratch", "serious", "unharmed",
    ]
    .iter()
    .map(|k| cas[k].as_i64().unwrap())
    .sum();
    assert_eq!(rolled, hits, "one aid-post casualty per figure down: {cas}");
    let k = kills(events) as i64;
    assert!(cas["dead"].as_i64().unwrap() >= k, "{k} kills: {cas}");
    assert!(
        [
            "the attackers broke",
            "the defenders broke",
            "both sides are out of the fight"
        ]
        .iter()
        .any(|r| fought["end_reason"].as_str().unwrap().starts_with(r))
            || fought["end_reason"]
                .as_str()
                .unwrap()
                .contains("turn limit"),
        "{}",
        fought["end_reason"]
    );
}

#[test]
fn the_fire_option_is_set_stored_and_used() {
    let c = Campaign::full_moon();
    c.fails(2, &["option", "set", "fma", "fire", "slow"]);
    c.fails(2, &["option", "set", "fma", "pot", "quick"]);
    c.ok(&["option", "set", "fma", "fire", "quick"]);
    let list = c.ok(&["option", "list"]);
    assert!(list.contains("fma") && list.contains("quick"), "{list}");
    plan(&c, "q");
    let fought = c.json(&["battle", "auto", "q", "--seed", "4"]);
    let events = fought["events"].as_array().unwrap();
    assert!(events[0]["text"].as_str().unwrap().contains("quick fire"));
    let results: Vec<&str> = events
        .iter()
        .filter(|e| e["data"]["kind"] == "shot")
        .map(|e| e["data"]["result"].as_str().unwrap())
        .collect();
    assert!(results.contains(&"down"), "{results:?}");
    assert!(!results.contains(&"wound") && !results.contains(&"kill"));
    // Heavy PA's reading: d12x2 by default, d12 on request, nothing else.
    c.fails(2, &["option", "set", "fma", "heavy_pa", "d10"]);
    c.ok(&["option", "set", "fma", "heavy_pa", "d12"]);
    let list = c.ok(&["option", "list"]);
    assert!(list.contains("heavy_pa") && list.contains("d12"), "{list}");
}

#[test]
fn rule_queries_reproduce_the_worked_examples_and_refuse_bad_input() {
    let c = Campaign::full_moon();
    let q = |args: &[&str]| {
        let mut all = vec!["rules", "fma"];
        all.extend_from_slice(args);
        c.json(&all)
    };
    // A Regular 2 on a D8: 1-2 fail, 3+ pass; at +1, 3 fails and 4 passes.
    let r = |roll: &str, m: &str| {
        q(&[
            "reaction",
            "--quality",
            "d8",
            "--motivation",
            "2",
            "--modifier",
            m,
            "--roll",
            roll,
        ])["result"]
            .clone()
    };
    assert_eq!(r("2", "0"), "fail");
    assert_eq!(r("3", "0"), "pass");
    assert_eq!(r("3", "1"), "fail");
    assert_eq!(r("4", "1"), "pass");
    let p = q(&["reaction", "--quality", "d8", "--motivation", "2"]);
    assert_eq!(p["target"], 2);
    assert_eq!(p["p"]["pass"], 0.75);
    // Chances are rounded clear of summing noise (9 faces of 10 pass).
    let p = q(&["reaction", "--quality", "d10", "--motivation", "1"]);
    assert_eq!(p["p"]["pass"].to_string(), "0.9");
    // The task roll (L521-562): the jammed rifle, competent (D8) against an
    // average (D8) jam: higher clears it, equal fails, a 1 is critical.
    let task = |roll: &str| {
        q(&[
            "task",
            "--skill",
            "competent",
            "--difficulty",
            "average",
            "--criticals",
            "--roll",
            roll,
        ])["result"]
            .clone()
    };
    assert_eq!(task("6,5"), "success");
    assert_eq!(task("5,5"), "failure");
    assert_eq!(task("1,1"), "critical_failure");
    let p = q(&["task", "--skill", "d10", "--difficulty", "very-easy"]);
    // A D10 beats a D4 strictly in 9 + 8 + 7 + 6 = 30 of 40 pairs.
    assert_eq!(p["p"]["success"].to_string(), "0.75");
    assert_eq!(p["p"]["critical_failure"], 0.0);
    c.fails(
        2,
        &[
            "rules",
            "fma",
            "task",
            "--skill",
            "grand",
            "--difficulty",
            "easy",
        ],
    );
    // The weapon table at a range (L826-848), aimed fire doubling the bands.
    let w = |args: &[&str]| {
        let mut all = vec!["weapon", "--weapon", "combat-rifle", "--inches"];
        all.extend_from_slice(args);
        q(&all)
    };
    let plain = w(&["30"]);
    assert_eq!(
        (plain["band"].as_str(), plain["firepower"].as_str()),
        (Some("long"), Some("d6"))
    );
    let aimed = w(&["30", "--aimed"]);
    assert_eq!(
        (aimed["band"].as_str(), aimed["firepower"].as_str()),
        (Some("medium"), Some("d8"))
    );
    assert_eq!(w(&["73", "--aimed"])["band"], serde_json::Value::Null);
    let cannon = q(&["weapon", "--weapon", "20mm-auto-cannon", "--inches", "10"]);
    assert_eq!(cannon["impact"], "d12x2");
    c.fails(
        2,
        &["rules", "fma", "weapon", "--weapon", "bow", "--inches", "3"],
    );
    // The command example: a Vet 1 leader and a Green 3 trooper: beat 4 on a D10.
    let t = q(&[
        "reaction",
        "--quality",
        "d10",
        "--motivation",
        "1",
        "--modifier",
        "3",
        "--roll",
        "5",
    ]);
    assert_eq!(
        (t["target"].as_i64(), t["result"].as_str()),
        (Some(4), Some("pass"))
    );
    // The power blade: D10 x4 rolls 3 (12) against a D8's 5: a kill.
    let cc = q(&[
        "close-combat",
        "--attacker",
        "d10",
        "--attacker-weapon",
        "--attacker-power-armour",
        "--defender",
        "d8",
        "--roll",
        "3,5",
    ]);
    assert_eq!(cc["result"], "attacker_kills");
    assert_eq!(cc["scores"], serde_json::json!([12, 5]));
    let p = q(&["close-combat", "--attacker", "d4", "--defender", "d4"]);
    assert_eq!(p["p"]["no_effect"], 0.25);
    // Heavy PA at d12x2: a gauss rifle (d12) cannot suppress it; a 20mm
    // cannon (d12x2) can.
    let shot = |impact: &str| {
        q(&[
            "shoot",
            "--quality",
            "d8",
            "--firepower",
            "d10",
            "--target-quality",
            "d8",
            "--impact",
            impact,
            "--armour",
            "d12x2",
            "--roll",
            "6,1,5",
        ])["result"]
            .clone()
    };
    assert_eq!(shot("d12"), "no_effect");
    assert_eq!(shot("d12x2"), "suppressed");
    // A non-combatant's armour 1: any impact of 2 or more wounds (3+ kills).
    let nc = q(&[
        "shoot",
        "--quality",
        "d8",
        "--firepower",
        "d8",
        "--target-quality",
        "d4",
        "--impact",
        "d6",
        "--armour",
        "1",
        "--roll",
        "5,6,2,2",
    ]);
    assert_eq!(nc["result"], "wound");
    // Quick & dirty: both dice beat the best of armour and cover: down.
    let quick = q(&[
        "shoot",
        "--quality",
        "d8",
        "--firepower",
        "d10",
        "--armour",
        "d6",
        "--cover",
        "hard",
        "--option",
        "quick",
        "--roll",
        "7,8,3,6",
    ]);
    assert_eq!(quick["result"], "down");
    let p = q(&[
        "shoot",
        "--quality",
        "d8",
        "--firepower",
        "d10",
        "--target-quality",
        "d8",
        "--impact",
        "d10",
        "--armour",
        "d6",
        "--cover",
        "soft",
    ]);
    let sum: f64 = p["p"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_f64().unwrap())
        .sum();
    assert!((sum - 1.0).abs() < 1e-9, "rounded chances sum to one: {p}");

    // The grenade launcher: an Expert (D10) at 26" is in the fifth 6" band;
    // a 6 hits the aim point, a 2 deviates 2", a 5 deviates 5".
    let gl = |roll: &str| {
        q(&[
            "explosive",
            "--skill",
            "d10",
            "--weapon",
            "launched",
            "--inches",
            "26",
            "--roll",
            roll,
        ])
    };
    assert_eq!(gl("6")["target_number"], 5);
    assert_eq!(gl("6")["deviation"], 0);
    assert_eq!(gl("2")["deviation"], 2);
    assert_eq!(gl("5")["deviation"], 5);
    // A Green (D6) always deviates from six bands, on a D8 at seven.
    let green = q(&[
        "explosive",
        "--skill",
        "d6",
        "--weapon",
        "launched",
        "--inches",
        "40",
    ]);
    assert_eq!(
        (green["die"].as_str(), green["always_deviates"].as_bool()),
        (Some("d8"), Some(true))
    );
    assert_eq!(green["p"]["0"], serde_json::Value::Null, "never on target");
    // A strength-D10 'borg throws with a 4" band.
    let borg = q(&[
        "explosive",
        "--skill",
        "d10",
        "--weapon",
        "thrown",
        "--strength",
        "d10",
        "--inches",
        "8",
    ]);
    assert_eq!(borg["band"], 4);

    for bad in [
        vec![
            "explosive",
            "--skill",
            "d6",
            "--weapon",
            "launched",
            "--inches",
            "56",
        ],
        vec!["reaction", "--quality", "d7", "--motivation", "2"],
        vec!["reaction", "--quality", "d8", "--motivation", "4"],
        vec![
            "reaction",
            "--quality",
            "d8",
            "--motivation",
            "2",
            "--roll",
            "9",
        ],
        vec![
            "close-combat",
            "--attacker",
            "d8",
            "--defender",
            "d8",
            "--roll",
            "3",
        ],
        vec![
            "shoot",
            "--quality",
            "d8",
            "--firepower",
            "d10",
            "--armour",
            "d6",
            "--roll",
            "1,1,1",
        ],
        vec![
            "shoot",
            "--quality",
            "d8",
            "--firepower",
            "d10",
            "--target-quality",
            "d8",
            "--impact",
            "d10",
            "--armour",
            "d6",
            "--roll",
            "8,9,1",
        ],
    ] {
        let mut all = vec!["rules", "fma"];
        all.extend_from_slice(&bad);
        c.fails(2, &all);
    }
}

#[test]
fn isolation_and_command_queries_answer_from_the_text() {
    let c = Campaign::full_moon();
    let q = |args: &[&str]| {
        let mut all = vec!["rules", "fma"];
        all.extend_from_slice(args);
        c.json(&all)
    };
    // L992-1004: a Veteran 1 leader and a Green 3 friend 7" away.
    let cmd = |roll: &str| {
        let args = [
            "command",
            "--leader",
            "d10",
            "--leader-motivation",
            "1",
            "--figure-motivation",
            "3",
            "--inches",
            "7",
            "--roll",
            roll,
        ];
        q(&args)["transferred"].clone()
    };
    assert_eq!(cmd("5"), true);
    assert_eq!(cmd("4"), false);
    let far = q(&[
        "command",
        "--leader",
        "d8",
        "--leader-motivation",
        "1",
        "--figure-motivation",
        "1",
        "--inches",
        "9",
    ]);
    assert_eq!(far["in_radius"], false, "a D8 leader commands 8\"");
    // L962-978: a Green figure 7" from its nearest friend is isolated.
    let iso = q(&[
        "isolation",
        "--quality",
        "d6",
        "--motivation",
        "2",
        "--nearest-friend",
        "7",
    ]);
    assert_eq!(iso["isolated"], true);
    assert_eq!(iso["p"]["acts"].to_string(), "0.666666666667");
    let near = q(&[
        "isolation",
        "--quality",
        "d6",
        "--motivation",
        "2",
        "--nearest-friend",
        "6",
    ]);
    assert_eq!(near["isolated"], false);
    let text = c.ok(&[
        "rules",
        "fma",
        "isolation",
        "--quality",
        "d8",
        "--motivation",
        "2",
    ]);
    assert!(text.contains("no friend in sight"), "{text}");
    c.fails(
        2,
        &[
            "rules",
            "fma",
            "isolation",
            "--quality",
            "d8",
            "--motivation",
            "4",
        ],
    );
}

#[test]
fn table_play_spends_two_actions_with_typed_dice_and_undo() {
    let c = Campaign::full_moon();
    c.ok(&[
        "battle",
        "new",
        "p",
        "--attacker",
        "a1-1",
        "--defender",
        "mil-1a",
        "--range",
        "60",
        "--ruleset",
        "fma",
    ]);
    let store = Store::open(&c.db).unwrap();
    let registry = Registry::standard();
    let fma = registry.get("fma").unwrap();
    let b = ready(store.conn(), "p").unwrap();
    let s = setup(store.conn(), &b, fma.turn_limit()).unwrap();
    let mut session = Session::new(fma, &s, 1, true).unwrap();
    let done = |r: Reply| match r {
        Reply::Done(said) => said,
        other => panic!("{other:?}"),
    };
    assert!(matches!(
        session.line("fire a1-1#1 at mil-1a#2"),
        Reply::Refused(_)
    ));
    done(session.line("activate a1-1#1"));
    assert!(
        matches!(session.line("fire a1-1#1 at mil-1a#2"), Reply::Refused(_)),
        "manual dice need rolls"
    );
    // 24": the gauss rifle's medium band (d8). Quality d8 6 and d8 7 beat
    // the militiaman's d6 5: a hit; impact d12 11 against armour d6 2 and
    // soft cover d6 3: more than double, a kill; then the four friends
    // within 6" of him test.
    let said = done(session.line("fire a1-1#1 at mil-1a#2 roll 6,7,5,11,2,3 roll 4,4,4,4"));
    assert!(
        said.contains("24\" medium") && said.contains(": kill"),
        "{said}"
    );
    done(session.line("undo"));
    let said = done(session.line("fire a1-1#1 at mil-1a#2 roll 6,1,5"));
    assert!(said.contains("suppressed"), "{said}");
    done(session.line("aim a1-1#1"));
    assert!(
        matches!(session.line("aim a1-1#1"), Reply::Refused(_)),
        "two actions only"
    );
    done(session.line("activate mil-1a#2"));
    assert!(
        matches!(
            session.line("fire mil-1a#2 at a1-1#1 roll 1,1,1"),
            Reply::Refused(_)
        ),
        "suppressed"
    );
    let said = done(session.line("rally mil-1a#2 roll 6"));
    assert!(said.contains("removed"), "{said}");
    let said = done(session.line("fire mil-1a#2 at a1-1#1 roll 1,1,8 roll 5"));
    assert!(said.contains("no effect"), "{said}");
    done(session.line("turn"));
    done(session.line("status"));
    let Reply::End(result) = session.line("end defender") else {
        panic!("end")
    };
    assert_eq!(result.ruleset, "fma");
    assert!(result.stands.iter().all(|s| s.hits_taken == 0));
}

#[test]
fn calibration_points_the_obvious_way() {
    use bounce::engine::calibration::fma_matchups;
    use bounce::engine::odds::odds;
    let registry = Registry::standard();
    let fma = registry.get("fma").unwrap();
    let all = fma_matchups();
    let rate = |prefix: &str| {
        let (_, setup) = all
            .iter()
            .find(|(n, _)| n.starts_with(prefix))
            .unwrap_or_else(|| panic!("no matchup {prefix}"));
        odds(fma, setup, 42, 400, &|| ()).unwrap()
    };
    let vets = rate("detailed: 3 veteran teams (12) attack 3 regular teams (12) in the open");
    let regs = rate("detailed: 3 regular teams (12) attack 3 veteran teams (12) in the open");
    assert!(vets.attacker_wins > 0.6, "{vets:?}");
    assert!(regs.defender_wins > 0.6, "{regs:?}");
    let open = rate("quick: 3 regular teams (12) attack 3 regular teams (12) in the open");
    let cover = rate("quick: 3 regular teams (12) attack 3 regular teams (12) in soft cover");
    assert!(
        cover.defender_wins > open.defender_wins + 0.15,
        "cover helps the defender under quick fire: {cover:?} {open:?}"
    );
}

#[test]
fn a_recorded_fma_battle_takes_figures_and_the_dead_are_dead() {
    let c = Campaign::full_moon();
    plan(&c, "r");
    let file = c.path("r.toml");
    std::fs::write(
        &file,
        "winner = \"attacker\"\nturns = 7\nend_reason = \"the defender broke\"\n\
         [[stands]]\ncode = \"mil-1a\"\nfired = true\nunder_fire = true\n\
         figures = [\"dead\", \"dead\", \"down\", \"suppressed\", \"up\", \"up\", \"up\", \"dead\"]\n\
         [[stands]]\ncode = \"a1-1\"\nfired = true\nunder_fire = true\n\
         figures = [\"up\", \"down\", \"up\", \"up\"]\n",
    )
    .unwrap();
    let rec = c.json(&["battle", "record", "r", "--results", file.to_str().unwrap()]);
    let cas = &rec["casualties"];
    let total: i64 = [
        "captured", "dead", "light", "mortal", "scratch", "serious", "unharmed",
    ]
    .iter()
    .map(|k| cas[k].as_i64().unwrap())
    .sum();
    assert_eq!(total, 5, "four militiamen and one trooper down: {rec}");
    assert!(
        cas["dead"].as_i64().unwrap() >= 3,
        "three KILLs are dead: {cas}"
    );
    let bad = c.path("bad.toml");
    std::fs::write(
        &bad,
        "winner = \"attacker\"\nturns = 7\n[[stands]]\ncode = \"a1-1\"\nfigures = [\"up\"]\n",
    )
    .unwrap();
    c.fails(
        2,
        &["battle", "record", "r", "--results", bad.to_str().unwrap()],
    );
}
