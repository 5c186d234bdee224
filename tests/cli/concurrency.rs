//! Several processes changing one campaign file at once: every change lands,
//! none is lost, and a refusal is a clear message, never a raw SQL error.

use std::collections::BTreeMap;
use std::process::Output;

use crate::common::Campaign;

/// Runs `per_writer` commands from each of `writers` threads at once, each
/// command a separate process; returns every process's output.
fn hammer(
    c: &Campaign,
    writers: usize,
    make: impl Fn(usize, usize) -> Vec<String> + Sync,
) -> Vec<Output> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..writers)
            .map(|w| {
                let make = &make;
                scope.spawn(move || {
                    let mut outs = Vec::new();
                    for i in 0.. {
                        let args = make(w, i);
                        if args.is_empty() {
                            break;
                        }
                        let args: Vec<&str> = args.iter().map(String::as_str).collect();
                        outs.push(c.cmd(&args).output().expect("run"));
                    }
                    outs
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("writer thread"))
            .collect()
    })
}

fn assert_all_ok(outs: &[Output]) {
    for o in outs {
        assert!(
            o.status.success(),
            "a concurrent command failed ({:?}): {}",
            o.status.code(),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn two_writers_adding_men_lose_no_edit() {
    let c = Campaign::full_moon();
    let before = c.json(&["stand", "show", "a1-4"])["men"].as_i64().unwrap();
    let outs = hammer(&c, 2, |_, i| {
        if i < 50 {
            vec![
                "stand".into(),
                "edit".into(),
                "a1-4".into(),
                "--add-men".into(),
                "1".into(),
            ]
        } else {
            vec![]
        }
    });
    assert_all_ok(&outs);
    let after = c.json(&["stand", "show", "a1-4"])["men"].as_i64().unwrap();
    assert_eq!(after, before + 100, "every one of the 100 edits must land");
    // The journal names each step once: no two edits read the same old value.
    let history = c.json(&["history"]);
    let mut seen = BTreeMap::new();
    for e in history.as_array().unwrap() {
        let summary = e["summary"].as_str().unwrap();
        if e["command"] == "stand edit" {
            *seen.entry(summary.to_string()).or_insert(0) += 1;
        }
    }
    assert_eq!(seen.len(), 100, "journal: {seen:?}");
    assert!(
        seen.values().all(|&n| n == 1),
        "repeated journal lines: {seen:?}"
    );
    // And undo of all of them gives the men back exactly.
    c.ok(&["undo", "--steps", "100"]);
    assert_eq!(
        c.json(&["stand", "show", "a1-4"])["men"].as_i64().unwrap(),
        before
    );
}

#[test]
fn concurrent_advances_all_move_the_clock() {
    let c = Campaign::full_moon();
    let clock = |c: &Campaign| {
        c.json(&["status"])["campaign"]["clock"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(clock(&c), "2157-04-12T05:00:00");
    let outs = hammer(&c, 4, |_, i| {
        if i < 5 {
            vec!["advance".into(), "--days".into(), "1".into()]
        } else {
            vec![]
        }
    });
    assert_all_ok(&outs);
    assert_eq!(clock(&c), "2157-05-02T05:00:00", "20 days in all");
}

#[test]
fn concurrent_battles_sharing_stands_lose_nothing() {
    let c = Campaign::full_moon();
    let defenders = ["mil-1a", "mil-1b", "mil-1c", "mil-1d", "rec-1"];
    for i in 0..10 {
        let attacker = format!("a1-{}", i % 7 + 1);
        let code = format!("b{i}");
        // Every battle shares the attacker a2-1 and one defender with others.
        c.ok(&[
            "battle",
            "new",
            &code,
            "--attacker",
            &attacker,
            "--attacker",
            "a2-1",
            "--defender",
            defenders[i % defenders.len()],
            "--range",
            "20",
        ]);
    }
    let roster = c.json(&["roster", "--all"]);
    let start: BTreeMap<String, (i64, i64)> = roster
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["code"].as_str().unwrap().to_string(),
                (s["ammo"].as_i64().unwrap(), s["actions"].as_i64().unwrap()),
            )
        })
        .collect();
    let outs = hammer(&c, 10, |w, i| {
        if i == 0 {
            vec![
                "--json".into(),
                "battle".into(),
                "auto".into(),
                format!("b{w}"),
                "--seed".into(),
                w.to_string(),
            ]
        } else {
            vec![]
        }
    });
    let mut spent: BTreeMap<String, (i64, i64)> = BTreeMap::new();
    let mut fought = 0;
    for o in &outs {
        let err = String::from_utf8_lossy(&o.stderr);
        match o.status.code() {
            Some(0) => {
                fought += 1;
                let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
                for s in doc["stands"].as_array().unwrap() {
                    let e = spent
                        .entry(s["code"].as_str().unwrap().to_string())
                        .or_default();
                    e.0 += s["ammo_spent"].as_i64().unwrap();
                    e.1 += s["actions_gained"].as_i64().unwrap();
                }
            }
            // A battle whose side was put out of action by another one first.
            Some(2) => assert!(
                err.contains("no stand able to fight"),
                "unclear refusal: {err}"
            ),
            code => panic!("battle auto exited {code:?}: {err}"),
        }
        assert!(
            !err.contains("database:") && !err.contains("UNIQUE"),
            "raw SQL error: {err}"
        );
    }
    assert!(fought >= 2, "at least two battles must have been fought");
    let roster = c.json(&["roster", "--all"]);
    for s in roster.as_array().unwrap() {
        let code = s["code"].as_str().unwrap();
        let (ammo0, actions0) = start[code];
        let (ammo_spent, gained) = spent.get(code).copied().unwrap_or_default();
        assert_eq!(
            s["ammo"].as_i64().unwrap(),
            (ammo0 - ammo_spent).max(0),
            "{code}: ammunition"
        );
        assert_eq!(
            s["actions"].as_i64().unwrap(),
            actions0 + gained,
            "{code}: actions"
        );
    }
    c.ok(&["check"]);
}

#[test]
fn concurrent_undos_revert_distinct_entries() {
    let c = Campaign::full_moon();
    let base = c.export();
    for _ in 0..6 {
        c.ok(&["stand", "edit", "a1-4", "--add-men", "1"]);
    }
    let outs = hammer(
        &c,
        3,
        |_, i| if i < 2 { vec!["undo".into()] } else { vec![] },
    );
    assert_all_ok(&outs);
    assert_eq!(c.export(), base, "six undos revert all six edits");
}
