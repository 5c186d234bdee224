//! `backup FILE`: a consistent copy while the campaign is in use.

use std::path::Path;

use crate::cli::output;
use crate::cli::{CliError, Ctx};
use crate::store::Store;

pub fn backup(ctx: &Ctx, dest: &Path) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    if dest.exists() {
        return Err(CliError::Usage(format!(
            "{} already exists; back up to a new file",
            dest.display()
        )));
    }
    store.backup(dest)?;
    if ctx.json {
        output::json(&serde_json::json!({"db": ctx.db, "backup": dest}));
    } else {
        println!("Backed up {} to {}.", ctx.db.display(), dest.display());
    }
    Ok(())
}
