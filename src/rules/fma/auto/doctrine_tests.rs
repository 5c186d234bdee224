//! The resolver's behaviour over many seeds, read from its log: reaction and
//! overwatch fire as the text has them (issue 27).

use super::testing::{battle, RIFLES};
use super::Prepared;
use crate::battle::ruleset::PreparedBattle;
use crate::core::kinds::Cover as Campaign;
use serde_json::Value;
use std::collections::HashMap;

/// The logs (each event's record) of equal regular teams, three a side, at
/// `range_cm` with the defenders in soft cover, one per seed.
pub(super) fn equal_logs(range_cm: i64, seeds: u64) -> Vec<Vec<Value>> {
    let team = |code| (code, RIFLES.1, RIFLES.2, RIFLES.3, RIFLES.4, RIFLES.5);
    let s = battle(
        &[team("a1"), team("a2"), team("a3")],
        &[team("d1"), team("d2"), team("d3")],
        range_cm,
        Campaign::Cover,
    );
    let p = Prepared::new(&s, true).unwrap();
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
