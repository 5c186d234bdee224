//! Conformance: table play with the verbs a ruleset's `help` lists; every
//! line undone must come back to the same state, and replayed, to the same reply.

use super::*;

/// Lines to try for one verb line of the ruleset's help (`fire STAND at TARGET
/// range CM [cover]…  what it does`): optional parts left out, the first stand,
/// unit, figure or command placeholder filled from the attackers, later ones
/// from the defenders, numbers with small values.
fn candidates(syntax: &str, s: &BattleSetup) -> Vec<String> {
    let mut plain = String::new();
    let mut depth = 0;
    for ch in syntax.chars() {
        match ch {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => plain.push(ch),
            _ => {}
        }
    }
    let ids = |r: Role| -> Vec<String> {
        let f = s.force(r);
        let mut v: Vec<String> = Vec::new();
        for x in &f.stands {
            v.push(x.code.clone());
            v.push(format!("{}#1", x.code));
        }
        v.extend(f.units.iter().map(|u| u.code.clone()));
        v.extend(f.commands.iter().map(|c| c.code.clone()));
        v
    };
    let mut lines = vec![String::new()];
    let mut ids_seen = 0;
    for word in plain.split_whitespace() {
        let word = word.trim_end_matches('.');
        let options: Vec<String> = if word.chars().any(|c| c.is_ascii_lowercase()) {
            // A literal; of `a|b` the first.
            vec![word.split('|').next().unwrap().to_string()]
        } else if ["CM", "INCHES", "GRIDS", "G", "N", "R"].contains(&word) {
            vec!["1".into(), "10".into()]
        } else if word.is_empty() {
            continue;
        } else {
            ids_seen += 1;
            ids(if ids_seen == 1 {
                Role::Attacker
            } else {
                Role::Defender
            })
        };
        lines = lines
            .iter()
            .flat_map(|l| options.iter().map(move |o| format!("{l} {o}")))
            .take(400)
            .collect();
    }
    lines.into_iter().map(|l| l.trim().to_string()).collect()
}

/// The ruleset's own verb lines of `help` (the shared ones left out).
fn verb_syntaxes(help: &str) -> Vec<String> {
    const SHARED: [&str; 6] = ["turn", "status", "undo", "end", "abort", "help"];
    help.lines()
        .filter(|l| !l.starts_with(char::is_whitespace))
        .filter_map(|l| {
            let syntax = l.split("  ").next()?.trim();
            let verb = syntax.split_whitespace().next()?;
            (verb.chars().all(|c| c.is_ascii_lowercase()) && !SHARED.contains(&verb))
                .then(|| syntax.to_string())
        })
        .collect()
}

fn status(p: &mut Session) -> String {
    match p.line("status") {
        Reply::Done(s) => s,
        other => panic!("status: {other:?}"),
    }
}

fn end(p: &mut Session) -> BattleResult {
    match p.line("end attacker") {
        Reply::End(r) => *r,
        other => panic!("end: {other:?}"),
    }
}

/// A line taken at the table: what it said, and the state before and after.
struct Taken {
    line: String,
    said: String,
    before: String,
    after: String,
}

/// Takes the first candidate line of each help verb that the table accepts,
/// up to `want` lines.
fn take_verbs(p: &mut Session, s: &BattleSetup, want: usize, taken: &mut Vec<Taken>) {
    let syntaxes = verb_syntaxes(&p.help());
    assert!(!syntaxes.is_empty(), "help lists no verbs:\n{}", p.help());
    let mut got = 0;
    'verbs: for syntax in syntaxes {
        for line in candidates(&syntax, s) {
            let before = status(p);
            if let Reply::Done(said) = p.line(&line) {
                let after = status(p);
                taken.push(Taken {
                    line,
                    said,
                    before,
                    after,
                });
                got += 1;
                if got == want {
                    return;
                }
                continue 'verbs;
            }
        }
    }
}

pub(super) fn table_undo(r: &dyn Ruleset) {
    for s in matchups(r) {
        for seed in [1, 7] {
            let fresh_end = end(&mut Session::new(r, &s, seed, false).unwrap());
            let mut p = Session::new(r, &s, seed, false).unwrap();
            let mut taken = Vec::new();
            take_verbs(&mut p, &s, 2, &mut taken);
            let before = status(&mut p);
            let Reply::Done(said) = p.line("turn") else {
                panic!("turn refused")
            };
            taken.push(Taken {
                line: "turn".into(),
                said,
                before,
                after: status(&mut p),
            });
            take_verbs(&mut p, &s, 2, &mut taken);
            assert!(
                taken.iter().any(|t| t.line != "turn"),
                "seed {seed}: no verb of help could be played:\n{}",
                p.help()
            );
            // Undo each line: the state before it, line by line.
            for t in taken.iter().rev() {
                assert!(matches!(p.line("undo"), Reply::Done(_)), "undo {}", t.line);
                assert_eq!(
                    status(&mut p),
                    t.before,
                    "seed {seed}: undo of `{}`",
                    t.line
                );
            }
            assert!(
                matches!(p.line("undo"), Reply::Refused(_)),
                "nothing left to undo"
            );
            // The same lines again: the same dice, the same replies.
            for t in &taken {
                let Reply::Done(said) = p.line(&t.line) else {
                    panic!("seed {seed}: `{}` refused the second time", t.line)
                };
                assert_eq!(said, t.said, "seed {seed}: `{}` again", t.line);
                assert_eq!(status(&mut p), t.after, "seed {seed}: after `{}`", t.line);
            }
            for _ in &taken {
                p.line("undo");
            }
            assert_eq!(
                end(&mut p),
                fresh_end,
                "seed {seed}: every line taken back, the battle is a fresh one's"
            );
        }
    }
}
