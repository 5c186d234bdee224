//! `battle cancel`: drop a planned battle (journalled, so `undo` restores it).

use super::{output, CliError, Ctx};
use crate::campaign::plan;
use crate::engine::play_journal;
use crate::store::Store;

pub fn run(ctx: &Ctx, code: &str) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    let summary = store.try_change::<_, CliError>("battle cancel", |tx| {
        let s = plan::cancel(tx, code)?;
        Ok((s.clone(), s))
    })?;
    let dropped = play_journal::discard(&ctx.db, code);
    if ctx.json {
        output::json(&serde_json::json!({
            "battle": code,
            "cancelled": true,
            "summary": summary,
            "dropped_session_lines": dropped,
        }));
    } else {
        println!("Cancelled battle {code}; `bounce undo` restores it.");
        if let Some(n) = dropped {
            println!(
                "Dropped its unfinished table session ({n} lines); undo does not bring that back."
            );
        }
    }
    Ok(())
}
