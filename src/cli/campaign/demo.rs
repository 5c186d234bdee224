//! `demo`: build the Full Moon campaign, fight its chain of battles, show it.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::*;
use crate::cli::output;
use crate::cli::{CliError, Ctx};
use crate::store::{queries, Store};

pub fn demo(ctx: &Ctx) -> Result<(), CliError> {
    let db = if ctx.db_given {
        ctx.db.clone()
    } else {
        PathBuf::from("bounce-demo.db")
    };
    let report_file = db.with_file_name("bounce-report.html");
    refuse_foreign_report(&report_file)?;
    if db.exists() {
        let ours = Store::open(&db)
            .and_then(|s| queries::made_by_demo(s.conn()))
            .unwrap_or(false);
        if !ours {
            return Err(CliError::Usage(format!(
                "{} exists and was not made by `bounce demo`; name another file with --db",
                db.display()
            )));
        }
        remove_db(&db);
    }
    import_text(ctx, &db, "campaigns/full-moon.toml", FULL_MOON, true)?;
    let demo_ctx = Ctx {
        registry: ctx.registry.clone(),
        db: db.clone(),
        db_given: true,
        json: ctx.json,
        seed: ctx.seed,
    };
    let fought = fight_chain(ctx, &db, ctx.seed.unwrap_or(DEMO_SEED))?;
    crate::cli::report::write_html(&db, &report_file)?;
    if ctx.json {
        let store = Store::open(&db)?;
        output::json(&serde_json::json!({
            "db": db,
            "report": report_file,
            "battles": fought,
            "status": status_doc(&store)?,
            "casualties": queries::casualties(store.conn(), false, None, None)?,
            "roster": crate::cli::roster::roster_doc(&store, &queries::StandFilter::default())?,
        }));
        return Ok(());
    }
    println!(
        "Demo campaign built in {} and its battles fought (seed {}).\n",
        db.display(),
        ctx.seed.unwrap_or(DEMO_SEED)
    );
    for f in &fought {
        println!(
            "{} ({} turns): {} — {}; {} casualties",
            f.battle, f.turns, f.winner, f.end_reason, f.casualties
        );
    }
    println!();
    status(&demo_ctx)?;
    println!();
    let store = Store::open(&db)?;
    let cas = queries::casualties(store.conn(), false, None, None)?;
    let mut by_outcome: std::collections::BTreeMap<&str, usize> = Default::default();
    for c in &cas {
        *by_outcome.entry(c.outcome.as_str()).or_default() += 1;
    }
    println!(
        "Casualty records: {} ({}). `bounce --db {} casualties` lists them; `battle log CODE` tells each battle.",
        cas.len(),
        by_outcome.iter().map(|(k, v)| format!("{v} {k}")).collect::<Vec<_>>().join(", "),
        db.display()
    );
    println!("The campaign report is in {}.", report_file.display());
    Ok(())
}

/// Refuses, before anything is written, when `file` exists and is not a
/// report that bounce wrote: the demo's report must not replace the user's file.
fn refuse_foreign_report(file: &Path) -> Result<(), CliError> {
    if !file.exists() {
        return Ok(());
    }
    let ours = std::fs::read(file)
        .map(|b| crate::report::html::is_report(&String::from_utf8_lossy(&b)))
        .unwrap_or(false);
    if ours {
        Ok(())
    } else {
        Err(CliError::Usage(format!(
            "{} exists and was not written by bounce; the demo writes its report there, so move that file away (or run the demo in another folder)",
            file.display()
        )))
    }
}

/// The seed the demo fights its battles with, so every run tells the same story.
pub const DEMO_SEED: u64 = 2157;

#[derive(Serialize)]
struct ChainResult {
    battle: String,
    winner: String,
    turns: u32,
    end_reason: String,
    casualties: usize,
}

/// Fights every planned battle in date order, each with a seed derived from `seed`.
fn fight_chain(ctx: &Ctx, db: &Path, seed: u64) -> Result<Vec<ChainResult>, CliError> {
    let registry = &ctx.registry;
    let mut store = Store::open(db)?;
    let planned: Vec<String> = queries::battles(store.conn())?
        .into_iter()
        .filter(|b| b.status == "planned")
        .map(|b| b.code)
        .collect();
    let mut out = Vec::new();
    for (i, code) in planned.iter().enumerate() {
        let run_seed = crate::core::dice::derive_seed(seed, i as u64);
        let f = crate::engine::auto::commit(&mut store, "auto", |c| {
            crate::engine::auto::fight(registry, c, code, run_seed)
        })
        .map_err(|e| CliError::Failed(e.to_string()))?;
        out.push(ChainResult {
            battle: code.clone(),
            winner: f.result.winner.as_str().to_string(),
            turns: f.result.turns,
            end_reason: f.result.end_reason.clone(),
            casualties: f.consequences.casualties.len(),
        });
    }
    Ok(out)
}
