//! `history` and `undo`.

use super::output;
use super::{CliError, Ctx};
use crate::store::Store;

pub fn history(ctx: &Ctx, limit: Option<usize>) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let entries = store.history(limit)?;
    if ctx.json {
        output::json(&entries);
        return Ok(());
    }
    if entries.is_empty() {
        println!("The journal is empty.");
        return Ok(());
    }
    println!(
        "{}",
        output::table(
            &["#", "when (UTC)", "command", "changes", "summary"],
            entries.iter().map(|e| {
                vec![
                    e.id.to_string(),
                    e.at.clone(),
                    e.command.clone(),
                    e.changes.to_string(),
                    e.summary.clone(),
                ]
            }),
        )
    );
    Ok(())
}

pub fn undo(ctx: &Ctx, steps: usize, dry_run: bool) -> Result<(), CliError> {
    if steps == 0 {
        return Err(CliError::Usage("--steps must be at least 1".into()));
    }
    let mut store = Store::open(&ctx.db)?;
    let entries = store.undo(steps, dry_run)?;
    if ctx.json {
        output::json(&serde_json::json!({"dry_run": dry_run, "reverted": entries}));
        return Ok(());
    }
    let verb = if dry_run { "Would revert" } else { "Reverted" };
    for e in &entries {
        println!(
            "{verb} #{} {} ({} row changes): {}",
            e.id, e.command, e.changes, e.summary
        );
    }
    Ok(())
}
