//! `battle odds`: fight a battle many times, writing nothing: win rates, hits
//! and length.

use std::time::Instant;

use serde::Serialize;

use super::{clock_seed, driver, output, CliError, Ctx};
use crate::campaign::battle::{ready, setup};
use crate::engine::odds::{odds, Odds};
use crate::engine::Registry;
use crate::store::Store;

/// The most runs one `battle odds` takes: beyond this the answer no longer
/// changes, and the command would run for minutes.
pub const MAX_RUNS: u64 = 1_000_000;

#[derive(Serialize)]
struct OddsDoc {
    battle: String,
    ruleset: String,
    seed: u64,
    #[serde(flatten)]
    odds: Odds,
    seconds: f64,
}

pub fn run(ctx: &Ctx, registry: &Registry, code: &str, runs: u64) -> Result<(), CliError> {
    if !(1..=MAX_RUNS).contains(&runs) {
        return Err(CliError::Usage(format!(
            "--runs {runs}: give between 1 and {MAX_RUNS} runs"
        )));
    }
    let store = Store::open(&ctx.db)?;
    let b = ready(store.conn(), code).map_err(|e| driver(e.into()))?;
    let ruleset = registry.get(&b.ruleset).map_err(|e| driver(e.into()))?;
    let setup = setup(store.conn(), &b, ruleset.turn_limit())?;
    let seed = ctx.seed.unwrap_or_else(clock_seed);
    let bar = if runs >= 2000 && !ctx.json {
        indicatif::ProgressBar::new(runs)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let started = Instant::now();
    let o = odds(ruleset, &setup, seed, runs, &|| bar.inc(1)).map_err(|e| driver(e.into()))?;
    bar.finish_and_clear();
    let doc = OddsDoc {
        battle: code.to_string(),
        ruleset: b.ruleset.clone(),
        seed,
        odds: o,
        seconds: started.elapsed().as_secs_f64(),
    };
    if ctx.json {
        output::json(&doc);
    } else {
        let o = &doc.odds;
        println!(
            "Odds of {code} over {} runs (seed {seed}, {:.2} s):",
            o.runs, doc.seconds
        );
        println!(
            "{}",
            output::table(
                &["outcome", "rate"],
                [
                    vec![
                        "attacker wins".to_string(),
                        format!("{:.1}%", o.attacker_wins * 100.0)
                    ],
                    vec![
                        "defender wins".to_string(),
                        format!("{:.1}%", o.defender_wins * 100.0)
                    ],
                    vec!["draw".to_string(), format!("{:.1}%", o.draws * 100.0)],
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
            o.mean_turns * f64::from(ruleset.minutes_per_turn())
        );
    }
    Ok(())
}
