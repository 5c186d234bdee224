//! `demo`: build the Full Moon campaign, fight its chain of battles, show it.

use std::path::{Path, PathBuf};

use super::*;
use crate::cli::output;
use crate::cli::{CliError, Ctx};
use crate::engine::chain;
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
    let chapters = {
        let mut store = Store::open(&db)?;
        chain::fight_all(&ctx.registry, &mut store, ctx.seed.unwrap_or(DEMO_SEED))
            .map_err(|e| CliError::Failed(e.to_string()))?
    };
    crate::cli::report::write_html(&db, &report_file)?;
    if ctx.json {
        let store = Store::open(&db)?;
        output::json(&serde_json::json!({
            "db": db,
            "report": report_file,
            "battles": chapters,
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
    for (i, c) in chapters.iter().enumerate() {
        print_chapter(i + 1, c, chapters.get(i + 1));
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

/// One battle of the story: the routine that led to it, the briefing, who
/// won and what it cost each side.
fn print_chapter(n: usize, c: &chain::Chapter, next: Option<&chain::Chapter>) {
    println!(
        "{n}. {} ({}), {}: {} attack {}",
        c.name,
        c.battle,
        minute(&c.at),
        c.attacker,
        c.defender
    );
    if !c.briefing.is_empty() {
        println!("   {}", c.briefing);
    }
    println!(
        "   Odds as it began: the attacker wins {:.0} % of {} runs.",
        c.attacker_odds * 100.0,
        chain::ODDS_RUNS
    );
    let verdict = match &c.winner_side {
        Some(side) => format!("{side} win"),
        None => "Neither side wins".to_string(),
    };
    println!("   {verdict} after {} turns: {}.", c.turns, c.end_reason);
    let cost: Vec<String> = c
        .cost
        .iter()
        .map(|(side, k)| {
            let mut parts = Vec::new();
            for (n, what) in [
                (k.dead, "dead"),
                (k.wounded, "wounded"),
                (k.captured, "captured"),
                (k.returned, "back in the ranks"),
            ] {
                if n > 0 {
                    parts.push(format!("{n} {what}"));
                }
            }
            if parts.is_empty() {
                format!("{side} lost no one")
            } else {
                format!("{side} {}", parts.join(", "))
            }
        })
        .collect();
    println!("   Cost: {}.", cost.join("; "));
    match next {
        Some(n) => {
            println!("   Next: {}, {}.", n.name, minute(&n.at));
            if let Some(i) = &n.before {
                print_interlude(i);
            }
            println!();
        }
        None => println!("   That ends the chain.\n"),
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A stored time to the minute, as the umpire reads it.
fn minute(at: &str) -> String {
    at.get(..16).unwrap_or(at).replace('T', " ")
}

/// What the umpire did between two battles.
fn print_interlude(i: &crate::engine::interlude::Interlude) {
    let mut lines = Vec::new();
    if let Some(p) = &i.passage {
        let back: i64 = p.returned.iter().map(|(_, n)| n).sum();
        let mut line = format!("The clock moves to {}", minute(&p.to));
        if back > 0 {
            line.push_str(&format!("; {back} wounded come back from hospital"));
        }
        if !p.rallied.is_empty() {
            let verb = if p.rallied.len() == 1 {
                "rallies"
            } else {
                "rally"
            };
            line.push_str(&format!("; {} {verb}", p.rallied.join(", ")));
        }
        lines.push(line);
    }
    for r in &i.regrouped {
        lines.push(format!(
            "{} re-form as {} ({} men)",
            and_list(&r.sources),
            r.code,
            r.men
        ));
    }
    if !i.refills.is_empty() {
        lines.push(format!(
            "{} stands draw {} supply points of ammunition",
            i.refills.len(),
            i.spent()
        ));
    }
    if !i.cut_off.is_empty() {
        lines.push(format!(
            "{} cannot draw on the depot: supply cut",
            i.cut_off.join(", ")
        ));
    }
    for l in lines {
        println!("     · {l}.");
    }
}
