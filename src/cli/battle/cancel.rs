//! `battle cancel`: drop a planned battle (journalled, so `undo` restores it).

use super::{output, CliError, Ctx};
use crate::campaign::plan;
use crate::store::Store;

pub fn run(ctx: &Ctx, code: &str) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    let summary = store.try_change::<_, CliError>("battle cancel", |tx| {
        let s = plan::cancel(tx, code)?;
        Ok((s.clone(), s))
    })?;
    if ctx.json {
        output::json(&serde_json::json!({ "battle": code, "cancelled": true, "summary": summary }));
    } else {
        println!("Cancelled battle {code}; `bounce undo` restores it.");
    }
    Ok(())
}
