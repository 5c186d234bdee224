//! `history`: the journal of changes, newest first.

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
