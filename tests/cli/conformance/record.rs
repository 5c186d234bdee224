//! Conformance: a fought result written as a results file and recorded
//! through the post-battle sequence reads back with the same statuses and hits.

use super::*;

/// A results file (SPEC 12.1) of a fought result: every stand's hits (for a
/// vehicle 1 when it was destroyed), status and what it did.
fn results_file(res: &BattleResult, s: &BattleSetup, with_status: bool) -> String {
    let mut t = format!(
        "winner = \"{}\"\nturns = {}\nend_reason = {:?}\n",
        res.winner.as_str(),
        res.turns,
        res.end_reason
    );
    for o in &res.stands {
        let st = stands(s).find(|(_, x)| x.code == o.code).unwrap().1;
        let hits = if crewed(st) {
            i64::from(o.status_after == Status::Destroyed)
        } else {
            o.hits_taken
        };
        t += &format!(
            "[[stands]]\ncode = \"{}\"\nhits = {hits}\nfired = {}\nunder_fire = {}\nammo_spent = {}\ncaptured = {}\n",
            o.code, o.fired, o.under_fire, o.ammo_spent, o.captured
        );
        if with_status {
            t += &format!("status = \"{}\"\n", o.status_after);
        }
        if let Some(d) = o.damage {
            let kind = serde_json::to_value(d.kind).unwrap();
            t += &format!(
                "damage = \"{}\"\nrepair_days = {}\n",
                kind.as_str().unwrap(),
                d.repair_days
            );
        }
    }
    t
}

pub(super) fn record_round_trip(r: &dyn Ruleset) {
    for s in matchups(r) {
        for seed in SEEDS {
            let auto = r.resolve(&s, seed).unwrap();
            let text = results_file(&auto, &s, true);
            let rec = bounce::engine::record::read("auto.toml", &text, &s, r, seed)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            assert_eq!(
                (rec.ruleset.as_str(), rec.winner, rec.turns, &rec.end_reason),
                (r.name(), auto.winner, auto.turns, &auto.end_reason)
            );
            assert_eq!(rec.stands.len(), auto.stands.len());
            // Without statuses, the ruleset derives them from the hits.
            let bare = results_file(&auto, &s, false);
            let derived = bounce::engine::record::read("auto.toml", &bare, &s, r, seed).unwrap();
            for ((a, b), d) in auto.stands.iter().zip(&rec.stands).zip(&derived.stands) {
                let at = format!("seed {seed}, {}", a.code);
                let st = stands(&s).find(|(_, x)| x.code == a.code).unwrap().1;
                assert_eq!(b.code, a.code, "{at}");
                assert_eq!(b.role, a.role, "{at}");
                assert_eq!(b.status_after, a.status_after, "{at}: status");
                assert_eq!(
                    (b.fired, b.under_fire, b.ammo_spent, b.captured, b.damage),
                    (a.fired, a.under_fire, a.ammo_spent, a.captured, a.damage),
                    "{at}"
                );
                if !crewed(st) {
                    assert_eq!(b.hits_taken, a.hits_taken, "{at}: hits");
                }
                if matches!(
                    a.status_after,
                    Status::Effective | Status::Ineffective | Status::Destroyed
                ) {
                    assert_eq!(d.status_after, a.status_after, "{at}: status from hits");
                }
            }
            outcomes_consistent(r, &s, &rec, &format!("recorded, seed {seed}"));
        }
    }
}
