//! The resolver's behaviour over many seeds, read from its log: reaction and
//! overwatch fire as the text has them (issue 27).

use super::testing::{battle, Spec, RIFLES};
use super::{Prepared, BASE};
use crate::battle::ruleset::PreparedBattle;
use crate::battle::setup::BattleSetup;
use crate::core::kinds::Cover as Campaign;
use serde_json::Value;
use std::collections::{HashMap, HashSet};

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
        // HMA is a fast power suit: 12" a move.
        let most = if att == hma { 12.0 } else { 8.0 };
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
                assert!(moved <= most, "a charge is one move: {d}");
                assert_eq!(d["cover"], "in the open", "chargers take no cover: {d}");
            }
        }
    }
    assert!(
        fights > 30,
        "close combat happens within a charge: {fights}"
    );
}

/// Per side (attacker, defender): actions its figures had on activating and
/// actions left unused. A figure that fails its isolation test has none; one
/// that goes down during its activation used what it had.
pub(super) fn idle_actions(log: &[Value]) -> [(usize, usize); 2] {
    let mut out = [(0, 0); 2];
    let mut down: HashSet<String> = HashSet::new();
    // The figure activating, its side, actions it has and has used.
    let mut now: Option<(String, usize, usize, usize)> = None;
    let close = |now: &mut Option<(String, usize, usize, usize)>,
                 down: &HashSet<String>,
                 out: &mut [(usize, usize); 2]| {
        if let Some((f, side, has, used)) = now.take() {
            let has = if down.contains(&f) {
                used.min(has)
            } else {
                has
            };
            out[side].0 += has;
            out[side].1 += has.saturating_sub(used);
        }
    };
    for d in log {
        let s = |k: &str| d[k].as_str().unwrap_or_default().to_string();
        let kind = d["kind"].as_str().unwrap_or_default();
        match kind {
            "activate" => {
                close(&mut now, &down, &mut out);
                let f = s("figure");
                let side = usize::from(f.starts_with('d'));
                now = Some((f, side, 2, 0));
            }
            "turn_begins" => close(&mut now, &down, &mut out),
            _ => {}
        }
        let downs = |r: &str| ["wound", "kill", "down"].contains(&r);
        match kind {
            "shot" if downs(d["result"].as_str().unwrap_or_default()) => {
                down.insert(s("target"));
            }
            "close_combat" => match d["result"].as_str().unwrap_or_default() {
                "attacker_wounds" | "attacker_kills" => {
                    down.insert(s("defender"));
                }
                "defender_wounds" | "defender_kills" => {
                    down.insert(s("attacker"));
                }
                _ => {}
            },
            "rocket" => {
                for h in d["hits"].as_array().into_iter().flatten() {
                    if downs(h["result"].as_str().unwrap_or_default()) {
                        down.insert(h["figure"].as_str().unwrap_or_default().into());
                    }
                }
            }
            _ => {}
        }
        let Some((f, _, has, used)) = now.as_mut() else {
            continue;
        };
        let by = |k: &str| d[k].as_str() == Some(f.as_str());
        let action = match kind {
            "isolated" if d["passed"] == false => {
                *has = 0;
                false
            }
            "shot" => by("firer") && d["how"] == "fire",
            "aim" | "overwatch" | "prepare" | "rally" => by("figure"),
            "rocket" => by("firer"),
            "transfer" => by("leader"),
            "close_combat" => by("attacker"),
            "move" => {
                by("figure")
                    && ["advances", "advances to cover", "charges", "bounds"]
                        .contains(&d["how"].as_str().unwrap_or_default())
            }
            _ => false,
        };
        if action {
            *used += 1;
        }
    }
    close(&mut now, &down, &mut out);
    out
}

/// Follows every figure's place and whether it is up through a log.
struct Table<'a> {
    x: HashMap<&'a str, f64>,
    y: HashMap<&'a str, f64>,
    up: HashSet<String>,
}

impl<'a> Table<'a> {
    fn new(p: &'a Prepared) -> Self {
        let names = || p.names.iter().map(String::as_str);
        Table {
            x: names().zip(p.places.iter().map(|pl| pl.x)).collect(),
            y: names().zip(p.ys.iter().copied()).collect(),
            up: p.names.iter().cloned().collect(),
        }
    }

    fn see(&mut self, d: &'a Value) {
        let downs = |r: &Value| ["wound", "kill", "down"].contains(&r.as_str().unwrap_or_default());
        match d["kind"].as_str() {
            Some("move") => {
                self.x
                    .insert(d["figure"].as_str().unwrap(), d["to"].as_f64().unwrap());
            }
            Some("shot") if downs(&d["result"]) => {
                self.up.remove(d["target"].as_str().unwrap());
            }
            _ => {}
        }
    }

    /// The distance to the nearest other figure up whose name starts with
    /// `side`.
    fn nearest(&self, f: &str, side: char) -> f64 {
        self.up
            .iter()
            .filter(|g| g.as_str() != f && g.starts_with(side))
            .map(|g| (self.x[f] - self.x[g.as_str()]).hypot(self.y[f] - self.y[g.as_str()]))
            .fold(f64::INFINITY, f64::min)
    }
}

/// Advances that leave a leader who has just passed an action with no
/// friend within his D8 (he should stay with his men), and activations an
/// attacker ends in the open after advancing, under the enemy's aimed fire
/// with no enemy within its own unaimed reach (a bound should end in cover).
fn strays(p: &Prepared, log: &[Value]) -> (usize, usize) {
    let mut t = Table::new(p);
    let (mut alone, mut exposed) = (0, 0);
    // The attacker activating, whether it advanced, whether it transferred.
    let mut now: Option<(&str, bool, bool)> = None;
    let end = |now: &mut Option<(&str, bool, bool)>, t: &Table| {
        if let Some((f, true, _)) = now.take() {
            let open = (t.x[f] / 10.0).fract().abs() > 1e-9;
            let d = t.nearest(f, 'd');
            if t.up.contains(f) && open && d > 36.0 && d <= 72.0 {
                return 1;
            }
        }
        0
    };
    for d in log {
        t.see(d);
        let by = |k: &str| now.is_some_and(|n| d[k].as_str() == Some(n.0));
        match d["kind"].as_str() {
            Some("activate") | Some("turn_begins") => {
                exposed += end(&mut now, &t);
                now = d["figure"]
                    .as_str()
                    .filter(|f| f.starts_with('a'))
                    .map(|f| (f, false, false));
            }
            Some("transfer") if by("leader") => now.as_mut().unwrap().2 = true,
            Some("move") if by("figure") && d["how"].as_str().unwrap().starts_with("advances") => {
                let n = now.as_mut().unwrap();
                n.1 = true;
                if n.2 && t.nearest(n.0, 'a') > 8.0 {
                    alone += 1;
                }
            }
            _ => {}
        }
    }
    exposed += end(&mut now, &t);
    (alone, exposed)
}

#[test]
fn both_sides_use_their_actions_leaders_stay_with_their_men_and_bounds_end_in_cover() {
    let (mut alone, mut exposed, mut advances) = (0, 0, 0);
    for range in [30, 60, 100, 150, 200, 250] {
        let s = teams(RIFLES, RIFLES, range);
        let p = Prepared::new(&s, true).unwrap();
        let mut idle = [(0, 0); 2];
        let mut interrupted = 0;
        let logs = logs(&p, 30);
        for log in &logs {
            for (side, (had, unused)) in idle_actions(log).into_iter().enumerate() {
                idle[side].0 += had;
                idle[side].1 += unused;
            }
            let (a, e) = strays(&p, log);
            alone += a;
            exposed += e;
            advances += log
                .iter()
                .filter(|d| {
                    d["kind"] == "move" && d["how"].as_str().unwrap().starts_with("advances")
                })
                .count();
            interrupted += usize::from(
                shots(log, "reaction")
                    .chain(shots(log, "overwatch"))
                    .next()
                    .is_some(),
            );
        }
        // (Beyond every rifle's aimed reach a defender has nothing to do
        // with the action after placing its marker.)
        for (side, (had, unused)) in idle.into_iter().enumerate().filter(|_| range <= 200) {
            assert!(
                10 * unused < had,
                "{range} cm, side {side}: {unused} of {had} actions idle"
            );
        }
        if range <= 150 {
            assert!(
                2 * interrupted > logs.len(),
                "{range} cm: reaction or overwatch fire in {interrupted} battles"
            );
        }
    }
    assert_eq!(alone, 0, "leaders advancing alone after passing an action");
    assert!(
        20 * exposed < advances,
        "{exposed} activations ended in the open out of reach after {advances} advances"
    );
}

#[test]
fn marines_in_heavy_pa_shrug_off_rifle_fire_unless_read_as_plain_d12() {
    use crate::core::kinds::{Equipment, Training, Weapon};
    let marines = (
        "m",
        Training::Regular,
        Equipment::Ma,
        Weapon::MarineSca,
        4,
        4,
    );
    let shaken = |option: Option<&str>| {
        let mut s = teams(RIFLES, marines, 60);
        if let Some(o) = option {
            s.options.insert(super::HEAVY_PA_OPTION.into(), o.into());
        }
        let p = Prepared::new(&s, true).unwrap();
        let (mut suppressed, mut tests, mut hits) = (0, 0, 0);
        for log in logs(&p, 30) {
            for d in &log {
                let on_marine = |k: &str| d[k].as_str().is_some_and(|n| n.starts_with('d'));
                match d["kind"].as_str() {
                    Some("shot") if on_marine("target") => match d["result"].as_str() {
                        Some("suppressed") => suppressed += 1,
                        Some("wound" | "kill") => hits += 1,
                        _ => {}
                    },
                    Some("reaction") if on_marine("figure") && d["why"] == "first fired on" => {
                        tests += 1
                    }
                    _ => {}
                }
            }
        }
        (suppressed, tests, hits)
    };
    let (suppressed, tests, hits) = shaken(None);
    assert_eq!(
        (suppressed, tests),
        (0, 0),
        "rifles (impact x1) cannot shake D12x2"
    );
    assert!(hits > 0, "but a lucky hit still wounds or kills");
    let (suppressed, tests, _) = shaken(Some("d12"));
    assert!(
        suppressed > 0 && tests > 0,
        "plain D12: {suppressed} {tests}"
    );
}

#[test]
fn high_mobility_armour_moves_as_a_fast_power_suit() {
    use crate::core::kinds::{Equipment, Training, Weapon};
    let hma = (
        "p",
        Training::Regular,
        Equipment::Hma,
        Weapon::SlaSquad,
        4,
        2,
    );
    let longest = |att: Spec| {
        // Open ground: no line of cover cuts a move short.
        let mut s = teams(att, RIFLES, 300);
        s.terrain = super::OPEN_TERRAIN.into();
        let p = Prepared::new(&s, true).unwrap();
        logs(&p, 10)
            .iter()
            .flatten()
            .filter(|d| d["kind"] == "move" && d["how"].as_str().unwrap().starts_with("advances"))
            .map(|d| (d["to"].as_f64().unwrap() - d["from"].as_f64().unwrap()).abs())
            .fold(0.0, f64::max)
    };
    assert_eq!(longest(hma), 12.0, "HMA: 12\" a MOVE (L680-681)");
    assert_eq!(longest(RIFLES), 8.0, "flak vests: 8\" (L676-677)");
}

#[test]
fn a_move_over_a_hedge_or_wall_goes_half_as_far() {
    // Every advance that leaves a line of cover behind it (or passes one)
    // covers at most half a move (L694-695).
    let s = teams(RIFLES, RIFLES, 250);
    let p = Prepared::new(&s, true).unwrap();
    let mut over = 0;
    for d in logs(&p, 10).iter().flatten() {
        if d["kind"] != "move" || !d["how"].as_str().unwrap().starts_with("advances") {
            continue;
        }
        let (from, to) = (d["from"].as_f64().unwrap(), d["to"].as_f64().unwrap());
        let first = (from / 10.0).floor() * 10.0;
        if first > 0.0 && first > to {
            over += 1;
            assert!(from - to <= 4.0, "{d}");
        }
    }
    assert!(over > 0);
}
