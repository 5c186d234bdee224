//! The resolver's behaviour over many seeds, read from its log: reaction and
//! overwatch fire as the text has them (issue 27).

use super::testing::{battle, Spec, RIFLES};
use super::{Prepared, BASE};
use crate::battle::ruleset::PreparedBattle;
use crate::battle::setup::BattleSetup;
use crate::core::kinds::Cover as Campaign;
use serde_json::Value;
use std::collections::HashMap;

/// Three teams a side, named a1..a3 and d1..d3, of the given stands.
fn teams(att: Spec, def: Spec, range_cm: i64) -> BattleSetup {
    let named = |s: Spec, code| (code, s.1, s.2, s.3, s.4, s.5);
    battle(
        &[named(att, "a1"), named(att, "a2"), named(att, "a3")],
        &[named(def, "d1"), named(def, "d2"), named(def, "d3")],
        range_cm,
        Campaign::Cover,
    )
}

/// The logs (each event's record) of equal regular teams, three a side, at
/// `range_cm` with the defenders in soft cover, one per seed.
pub(super) fn equal_logs(range_cm: i64, seeds: u64) -> Vec<Vec<Value>> {
    logs(
        &Prepared::new(&teams(RIFLES, RIFLES, range_cm), true).unwrap(),
        seeds,
    )
}

fn logs(p: &Prepared, seeds: u64) -> Vec<Vec<Value>> {
    (1..=seeds)
        .map(|seed| {
            p.fight(seed)
                .events
                .into_iter()
                .filter_map(|e| e.data)
                .collect()
        })
        .collect()
}

fn shots<'a>(log: &'a [Value], how: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    log.iter()
        .filter(move |d| d["kind"] == "shot" && d["how"] == how)
}

/// Overwatch shots fired on a marker the figure placed before its latest
/// activation (the marker should have lapsed, L949-956).
pub(super) fn stale_overwatch(log: &[Value]) -> usize {
    let mut live: HashMap<&str, bool> = HashMap::new();
    let mut stale = 0;
    for d in log {
        let name = |k: &str| d[k].as_str().unwrap_or_default();
        match d["kind"].as_str() {
            Some("activate") => {
                live.insert(name("figure"), false);
            }
            Some("overwatch") => {
                live.insert(name("figure"), true);
            }
            Some("shot") if d["how"] == "overwatch" => {
                if !live.get(name("firer")).copied().unwrap_or(false) {
                    stale += 1;
                }
                live.insert(name("firer"), false);
            }
            _ => {}
        }
    }
    stale
}

#[test]
fn reaction_fire_comes_at_every_range_the_rifle_reaches_and_overwatch_never_goes_stale() {
    // Out of reach the markers are placed and kept only until the figure
    // acts again.
    for log in equal_logs(300, 30) {
        assert_eq!(stale_overwatch(&log), 0, "300 cm");
    }
    let mut with_reaction = 0;
    let mut battles = 0;
    let mut overwatch_shots = 0;
    for range in [30, 40, 60, 80, 100, 150] {
        for log in equal_logs(range, 30) {
            battles += 1;
            // Beyond the close band (12"), where the old doctrine never reacted.
            if shots(&log, "reaction").any(|d| d["inches"].as_i64().unwrap() > 12) {
                with_reaction += 1;
            }
            overwatch_shots += shots(&log, "overwatch").count();
            assert_eq!(stale_overwatch(&log), 0, "{range} cm");
        }
    }
    assert!(
        2 * with_reaction > battles,
        "reaction fire beyond 12\" in {with_reaction} of {battles} battles"
    );
    assert!(overwatch_shots > 0, "overwatch fire at 30-150 cm");
}

/// Close combats in a log, and those between figures not in base contact:
/// places are followed from the set-up through every move.
fn fights_out_of_contact(p: &Prepared, log: &[Value]) -> (usize, Vec<String>) {
    let mut x: HashMap<&str, f64> = p
        .names
        .iter()
        .map(String::as_str)
        .zip(p.places.iter().map(|pl| pl.x))
        .collect();
    let y: HashMap<&str, f64> = p
        .names
        .iter()
        .map(String::as_str)
        .zip(p.ys.iter().copied())
        .collect();
    let (mut fights, mut apart) = (0, Vec::new());
    for d in log {
        match d["kind"].as_str() {
            Some("move") => {
                x.insert(d["figure"].as_str().unwrap(), d["to"].as_f64().unwrap());
            }
            Some("close_combat") => {
                fights += 1;
                let (a, b) = (
                    d["attacker"].as_str().unwrap(),
                    d["defender"].as_str().unwrap(),
                );
                let gap = (x[a] - x[b]).hypot(y[a] - y[b]);
                if gap > BASE + 1e-6 {
                    apart.push(format!("{a} and {b} {gap:.1}\" apart"));
                }
            }
            _ => {}
        }
    }
    (fights, apart)
}

#[test]
fn close_combat_only_in_base_contact_after_a_charge_within_a_move() {
    use crate::core::kinds::{Equipment, Training, Weapon};
    let hma = (
        "p",
        Training::Regular,
        Equipment::Hma,
        Weapon::SlaSquad,
        4,
        2,
    );
    let mut fights = 0;
    for (att, range) in [(RIFLES, 20), (hma, 20), (hma, 30), (RIFLES, 60)] {
        let s = teams(att, RIFLES, range);
        let p = Prepared::new(&s, true).unwrap();
        for log in logs(&p, 30) {
            let (n, apart) = fights_out_of_contact(&p, &log);
            fights += n;
            assert!(apart.is_empty(), "{range} cm: {apart:?}");
            for d in log
                .iter()
                .filter(|d| d["kind"] == "move" && d["how"] == "charges")
            {
                let moved = (d["to"].as_f64().unwrap() - d["from"].as_f64().unwrap()).abs();
                assert!(moved <= 8.0, "a charge is one move: {d}");
                assert_eq!(d["cover"], "in the open", "chargers take no cover: {d}");
            }
        }
    }
    assert!(
        fights > 30,
        "close combat happens within a charge: {fights}"
    );
}
