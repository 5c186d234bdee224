//! `undo`: reverse the newest changes exactly, or show what would be undone.

use super::output;
use super::{CliError, Ctx};
use crate::store::Store;

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
