//! `battle odds`: fight a battle many times, writing nothing: win rates, hits,
//! length, each stand's fate; with `--compare`, variants of the plan beside it.

use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use super::{clock_seed, driver, output, CliError, Ctx};
use crate::battle::setup::BattleSetup;
use crate::campaign::battle::{ready, setup};
use crate::campaign::whatif::{variant_setup, Variant, WhatIfError};
use crate::engine::odds::{odds_until, Odds, Stop};
use crate::engine::Registry;
use crate::store::Store;

/// The most runs one `battle odds` takes: beyond this the answer no longer
/// changes, and the command would run for minutes.
pub const MAX_RUNS: u64 = 1_000_000;

/// Runs without `--runs`: plainly, and as the cap of `--precision`.
const DEFAULT_RUNS: u64 = 1000;
const DEFAULT_CAP: u64 = 100_000;

/// Runs from which `battle odds` shows a progress bar.
const BAR_FROM: u64 = 2000;
/// The bar: runs done of all and the time left.
const BAR_TEMPLATE: &str = "{wide_bar} {pos}/{len} runs, {eta} left";

/// The progress bar of a long odds run, drawn to `target` (on standard
/// error indicatif draws only to a terminal); none with `--json`, whose
/// output is for programs.
fn progress(total: u64, json: bool, target: ProgressDrawTarget) -> ProgressBar {
    if total < BAR_FROM || json {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template(BAR_TEMPLATE).expect("a valid bar template");
    ProgressBar::with_draw_target(Some(total), target).with_style(style)
}

/// What the first row of `--compare` is called.
const PLAN: &str = "plan";

pub const AFTER_HELP: &str = "Examples:
  bounce battle odds crater-rim --runs 10000
  bounce battle odds crater-rim --precision 0.01          stop once the attacker's rate is known ±1 point
  bounce battle odds crater-rim --compare add-attacker=b-tank range=30 cover=open
  bounce battle odds crater-rim --compare add-attacker=b-tank,range=40 remove=hvr-2 --seed 7

Each --compare SPEC is one variant of the plan, fought beside it with the same
seeds; nothing is written. A SPEC is KEY=VALUE changes joined by commas:
  add-attacker=UNIT|STAND   the unit (with the units under it) or stand joins the attack
  add-defender=UNIT|STAND   … or the defence
  remove=STAND|UNIT         leave out a stand (or every stand of a unit) of the battle
  range=CM                  another opening range in table cm
  cover=open|cover|bunker   another defender cover
Added stands go through the same decisions as planned ones: only stands fit to
fight at the battle's time join, with their leadership and morale worked out
for the whole variant. Give the battle CODE before --compare.

--precision P fights in batches of 500 and stops after the first batch at
which the 95 % interval of the attacker's win rate is within ± P; --runs caps
the runs. The same seed and precision always stop at the same count.
With --json: `stands` gives each stand's rate of ending not effective and
destroyed, `dice_rolled` the mean dice rolled per run; with --compare the
document has `variants`, each a whole odds document with its `spec`.";

/// What the command line asks.
pub struct Ask {
    pub runs: Option<u64>,
    pub precision: Option<f64>,
    pub compare: Vec<String>,
}

#[derive(Serialize)]
struct OddsDoc {
    battle: String,
    ruleset: String,
    seed: u64,
    #[serde(flatten)]
    odds: Odds,
    seconds: f64,
}

#[derive(Serialize)]
struct VariantDoc {
    spec: String,
    #[serde(flatten)]
    doc: OddsDoc,
}

#[derive(Serialize)]
struct CompareDoc {
    battle: String,
    ruleset: String,
    seed: u64,
    variants: Vec<VariantDoc>,
    seconds: f64,
}

fn stop(ask: &Ask) -> Result<Stop, CliError> {
    if let Some(p) = ask.precision {
        if !(p > 0.0 && p <= 0.5) {
            return Err(CliError::Usage(format!(
                "--precision {p}: give the half-width of the attacker's win rate to reach, above 0 and at most 0.5, e.g. --precision 0.01 for ±1 point"
            )));
        }
    }
    let runs = ask.runs.unwrap_or(match ask.precision {
        Some(_) => DEFAULT_CAP,
        None => DEFAULT_RUNS,
    });
    if !(1..=MAX_RUNS).contains(&runs) {
        return Err(CliError::Usage(format!(
            "--runs {runs}: give between 1 and {MAX_RUNS} runs"
        )));
    }
    Ok(Stop {
        runs,
        precision: ask.precision,
    })
}

fn whatif(e: WhatIfError) -> CliError {
    match e {
        WhatIfError::Store(e) => e.into(),
        WhatIfError::Invalid(e) => e.into(),
    }
}

pub fn run(ctx: &Ctx, registry: &Registry, code: &str, ask: Ask) -> Result<(), CliError> {
    let stop = stop(&ask)?;
    let variants = ask
        .compare
        .iter()
        .map(|s| Variant::parse(s))
        .collect::<Result<Vec<_>, _>>()?;
    let store = Store::open(&ctx.db)?;
    let b = ready(store.conn(), code).map_err(|e| driver(e.into()))?;
    let ruleset = registry.get(&b.ruleset).map_err(|e| driver(e.into()))?;
    // Every setup is built (and every spec checked) before the first run.
    let mut setups: Vec<(String, BattleSetup)> =
        vec![(PLAN.into(), setup(store.conn(), &b, ruleset.turn_limit())?)];
    for v in &variants {
        let s = variant_setup(store.conn(), &b, ruleset.turn_limit(), v).map_err(whatif)?;
        setups.push((v.spec.clone(), s));
    }
    drop(store);
    let seed = ctx.seed.unwrap_or_else(clock_seed);
    let total = stop.runs.saturating_mul(setups.len() as u64);
    let bar = progress(total, ctx.json, ProgressDrawTarget::stderr());
    let started = Instant::now();
    let mut docs = Vec::new();
    for (spec, s) in &setups {
        let one = Instant::now();
        // The same seeds for every variant: differences come from the change.
        let o = odds_until(ruleset, s, seed, stop, &|| bar.inc(1)).map_err(|e| {
            let e = driver(e.into());
            match (&e, spec.as_str()) {
                (CliError::Usage(m), s) if s != PLAN => {
                    CliError::Usage(format!("--compare `{s}`: {m}"))
                }
                _ => e,
            }
        })?;
        docs.push(VariantDoc {
            spec: spec.clone(),
            doc: OddsDoc {
                battle: code.to_string(),
                ruleset: b.ruleset.clone(),
                seed,
                odds: o,
                seconds: one.elapsed().as_secs_f64(),
            },
        });
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let minutes = f64::from(ruleset.minutes_per_turn());
    if variants.is_empty() {
        let mut doc = docs.pop().expect("the plan").doc;
        doc.seconds = seconds;
        if ctx.json {
            output::json(&doc);
        } else {
            print_one(&doc, minutes);
        }
    } else if ctx.json {
        output::json(&CompareDoc {
            battle: code.to_string(),
            ruleset: b.ruleset.clone(),
            seed,
            variants: docs,
            seconds,
        });
    } else {
        print_compare(code, seed, seconds, &docs, minutes);
    }
    Ok(())
}

fn pct(rate: f64) -> String {
    format!("{:.1}%", rate * 100.0)
}

fn print_one(doc: &OddsDoc, minutes: f64) {
    let o = &doc.odds;
    println!(
        "Odds of {} over {} runs (seed {}, {:.2} s):",
        doc.battle, o.runs, doc.seed, doc.seconds
    );
    println!(
        "{}",
        output::table(
            &["outcome", "rate"],
            [
                vec!["attacker wins".to_string(), pct(o.attacker_wins)],
                vec!["defender wins".to_string(), pct(o.defender_wins)],
                vec!["draw".to_string(), pct(o.draws)],
            ]
        )
    );
    println!(
        "{}",
        output::table(
            &["hits taken by", "mean", "p10", "p50", "p90"],
            [("attacker", o.attacker_hits), ("defender", o.defender_hits)].map(|(w, s)| vec![
                w.to_string(),
                format!("{:.1}", s.mean),
                s.p10.to_string(),
                s.p50.to_string(),
                s.p90.to_string()
            ])
        )
    );
    println!(
        "Mean length: {:.1} turns ({:.0} minutes).",
        o.mean_turns,
        o.mean_turns * minutes
    );
    let ci = o.attacker_wins_ci95;
    println!(
        "Attacker wins {}–{} (95 % interval, ±{:.1} points){}; {:.0} dice rolled per run.",
        pct(ci.low),
        pct(ci.high),
        ci.half_width * 100.0,
        match o.precision {
            Some(p) if ci.half_width <= p => format!(", within the ±{:.1} asked", p * 100.0),
            Some(p) => format!(", not yet within the ±{:.1} asked: raise --runs", p * 100.0),
            None => String::new(),
        },
        o.dice_rolled
    );
}

fn print_compare(code: &str, seed: u64, seconds: f64, docs: &[VariantDoc], minutes: f64) {
    println!("What-if odds of {code} (seed {seed}, {seconds:.2} s; the same seeds for every row):");
    let hits = |s: crate::engine::odds::Spread| format!("{}/{}/{}", s.p10, s.p50, s.p90);
    println!(
        "{}",
        output::table(
            &[
                "variant",
                "runs",
                "attacker wins",
                "draw",
                "defender wins",
                "attacker hits p10/50/90",
                "defender hits p10/50/90",
                "mean turns",
            ],
            docs.iter().map(|d| {
                let o = &d.doc.odds;
                vec![
                    d.spec.clone(),
                    o.runs.to_string(),
                    format!(
                        "{} ±{:.1}",
                        pct(o.attacker_wins),
                        o.attacker_wins_ci95.half_width * 100.0
                    ),
                    pct(o.draws),
                    pct(o.defender_wins),
                    hits(o.attacker_hits),
                    hits(o.defender_hits),
                    format!("{:.1} ({:.0} min)", o.mean_turns, o.mean_turns * minutes),
                ]
            })
        )
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::TermLike;
    use std::io;
    use std::sync::{Arc, Mutex};

    /// A terminal that keeps what is drawn on it.
    #[derive(Debug, Clone, Default)]
    struct Screen(Arc<Mutex<String>>);

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            100
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(&format!("{s}\n"))
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    fn drawn(total: u64, json: bool) -> String {
        let screen = Screen::default();
        let bar = progress(
            total,
            json,
            ProgressDrawTarget::term_like(Box::new(screen.clone())),
        );
        for _ in 0..total / 4 {
            bar.inc(1);
        }
        bar.tick();
        let out = screen.0.lock().unwrap().clone();
        out
    }

    #[test]
    fn a_long_odds_run_shows_the_runs_done_and_the_time_left_but_not_with_json() {
        let shown = drawn(10_000, false);
        assert!(shown.contains("2500/10000 runs"), "{shown}");
        assert!(shown.contains(" left"), "the time left: {shown}");
        assert_eq!(drawn(10_000, true), "", "--json output is for programs");
        assert_eq!(drawn(100, false), "", "a short run needs no bar");
    }
}
