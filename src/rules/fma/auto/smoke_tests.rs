//! Smoke in auto-resolve over many seeds, read from the log: who lays it,
//! what it blocks and when it clears (L1279-1314; issue 27 item 7).

use super::testing::{battle, Spec, RIFLES};
use super::{Battle, Prepared};
use crate::battle::event::Event;
use crate::battle::ruleset::PreparedBattle;
use crate::battle::setup::BattleSetup;
use crate::core::dice::Roller;
use crate::core::kinds::{Cover as Campaign, Equipment};
use serde_json::Value;

/// Three teams a side at 150 cm, the defenders in soft cover, the ground
/// between open but for the lines of cover every 10".
fn attack(att: Spec) -> BattleSetup {
    let named = |s: Spec, code| (code, s.1, s.2, s.3, s.4, s.5);
    battle(
        &[named(att, "a1"), named(att, "a2"), named(att, "a3")],
        &[
            named(RIFLES, "d1"),
            named(RIFLES, "d2"),
            named(RIFLES, "d3"),
        ],
        150,
        Campaign::Cover,
    )
}

/// Militia with civilian weapons: no smoke.
const MILITIA: Spec = (
    "m",
    RIFLES.1,
    Equipment::CivilianWeapons,
    RIFLES.3,
    RIFLES.4,
    RIFLES.5,
);

const SEEDS: u64 = 40;

fn logs(s: &BattleSetup) -> Vec<Vec<Event>> {
    let p = Prepared::new(s, true).unwrap();
    (1..=SEEDS).map(|seed| p.fight(seed).events).collect()
}

fn of_kind<'a>(log: &'a [Event], kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    log.iter()
        .filter_map(|e| e.data.as_ref())
        .filter(move |d| d["kind"] == kind)
}

#[test]
fn attackers_with_smoke_screen_their_bounds_and_it_blocks_enemy_fire() {
    let logs = logs(&attack(RIFLES));
    let laid = logs.iter().filter(|l| of_kind(l, "laid").count() > 0);
    assert!(
        laid.count() * 4 >= logs.len() * 3,
        "smoke in at least three battles in four"
    );
    for l in &logs {
        for d in of_kind(l, "laid") {
            let firer = d["firer"].as_str().unwrap();
            assert!(firer.starts_with('a'), "only attackers lay smoke: {d}");
            assert_eq!(d["agent"], "smoke", "no campaign force carries gas");
            assert_eq!(d["delivery"], "hand_grenade");
        }
        // One round a team: three teams lay at most three clouds.
        assert!(of_kind(l, "laid").count() <= 3);
    }
    let blocked: Vec<&Value> = logs.iter().flat_map(|l| of_kind(l, "blocked")).collect();
    let enemy = blocked
        .iter()
        .filter(|d| d["firer"].as_str().unwrap().starts_with('d'))
        .count();
    assert!(enemy > 0, "some of the defenders' fire is blocked");
    assert!(
        blocked.iter().any(|d| d["how"] != "fire"),
        "overwatch or reaction fire is blocked too"
    );
}

#[test]
fn a_force_without_smoke_lays_none() {
    let mut bounds = 0;
    for l in logs(&attack(MILITIA)) {
        for kind in ["laid", "blocked", "dispersal", "caught"] {
            assert_eq!(of_kind(&l, kind).count(), 0, "{kind}");
        }
        bounds += of_kind(&l, "move")
            .filter(|d| d["how"] == "advances to cover")
            .count();
    }
    assert!(bounds > 0, "the militia bound across the same ground");
}

/// The distance from `m` to the segment from `a` to `b`, worked out here
/// apart from `smoke::blocks`.
fn off_line(a: [f64; 2], b: [f64; 2], m: [f64; 2]) -> f64 {
    let (ab, am) = ([b[0] - a[0], b[1] - a[1]], [m[0] - a[0], m[1] - a[1]]);
    let len2 = ab[0] * ab[0] + ab[1] * ab[1];
    let t = if len2 > 0.0 {
        ((am[0] * ab[0] + am[1] * ab[1]) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((am[0] - t * ab[0]).powi(2) + (am[1] - t * ab[1]).powi(2)).sqrt()
}

#[test]
fn a_cloud_blocks_only_fire_whose_line_passes_within_three_inches() {
    let xy = |v: &Value| [v[0].as_f64().unwrap(), v[1].as_f64().unwrap()];
    let mut seen = 0;
    for l in logs(&attack(RIFLES)) {
        for d in of_kind(&l, "blocked") {
            let gap = off_line(xy(&d["from"]), xy(&d["to"]), xy(&d["cloud"]));
            // The log gives tenths of an inch.
            assert!(gap <= 3.0 + 0.15, "{gap:.2}\" off the line: {d}");
            seen += 1;
        }
    }
    assert!(seen > 0);

    // By hand: a#1 and d#1 face each other 20" apart along the same line.
    let d = ("d", RIFLES.1, RIFLES.2, RIFLES.3, RIFLES.4, RIFLES.5);
    let s = battle(&[RIFLES], &[d], 51, Campaign::Open);
    let p = Prepared::new(&s, true).unwrap();
    let mut b = Battle {
        p: &p,
        s: p.start(Roller::seeded(1)),
    };
    let (a1, d1) = (0, 4);
    assert_eq!((b.spot(a1), b.spot(d1)), ((20.0, -3.0), (0.0, -3.0)));
    let cloud = |y| super::smoke::Cloud {
        x: 10.0,
        y,
        agent: crate::rules::fma::smoke::Agent::Smoke,
        seq: 0,
    };
    // 3.5" beside the line, on the side away from the other defenders.
    b.s.clouds = vec![cloud(-6.5)];
    assert_eq!(b.sighted(a1, 36.0).map(|t| t.0), Some(d1));
    assert!(!b.screened(a1, d1) && !b.screened(d1, a1));
    // 2.9" beside it: blocked both ways, and the fire goes elsewhere.
    b.s.clouds = vec![cloud(-5.9)];
    assert!(b.screened(a1, d1) && b.screened(d1, a1));
    let other = b.sighted(a1, 36.0).map(|t| t.0);
    assert!(other.is_some_and(|t| t != d1 && !b.screened(a1, t)));
    let said: Vec<String> = b.s.log.events().iter().map(|e| e.text.clone()).collect();
    assert_eq!(
        said,
        ["the smoke at 10\" across -6\" blocks r#1's fire at d#1"]
    );
}

#[test]
fn every_cloud_rolls_at_each_turn_end_and_clears_on_a_five_or_six() {
    let mut rolled = 0;
    for l in logs(&attack(RIFLES)) {
        let mut standing = 0usize;
        let mut turn = 0;
        let mut rolls_this_end = 0;
        let mut clears_this_end = 0;
        let close = |standing: &mut usize, rolls: &mut usize, clears: &mut usize| {
            // Every marker, even one laid this turn, rolls once.
            assert_eq!(*rolls, *standing);
            *standing -= *clears;
            (*rolls, *clears) = (0, 0);
        };
        for e in &l {
            if e.turn != turn {
                if turn > 0 {
                    close(&mut standing, &mut rolls_this_end, &mut clears_this_end);
                }
                turn = e.turn;
            }
            let Some(d) = &e.data else { continue };
            match d["kind"].as_str() {
                Some("laid") => standing += 1,
                Some("dispersal") => {
                    let roll = d["rolled"]["roll"].as_i64().unwrap();
                    assert_eq!(d["rolled"]["die"], "d6");
                    assert_eq!(d["clears"], roll >= 5, "{d}");
                    rolls_this_end += 1;
                    clears_this_end += usize::from(roll >= 5);
                    rolled += 1;
                }
                _ => {}
            }
        }
    }
    assert!(rolled > 0);
}

#[test]
fn the_same_seed_lays_the_same_smoke() {
    let s = attack(RIFLES);
    let p = Prepared::new(&s, true).unwrap();
    let quiet = Prepared::new(&s, false).unwrap();
    for seed in 1..=10 {
        let (a, b) = (p.fight(seed), p.fight(seed));
        assert!(of_kind(&a.events, "laid").count() > 0, "seed {seed}");
        assert_eq!(a.events, b.events);
        assert_eq!(
            quiet.fight(seed).winner,
            a.winner,
            "the log changes nothing"
        );
    }
}
