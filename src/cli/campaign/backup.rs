//! `backup FILE`: a consistent copy while the campaign is in use.

use std::path::Path;

use super::import::remove_db;
use crate::cli::{outfile, output};
use crate::cli::{CliError, Ctx};
use crate::store::Store;

pub fn backup(ctx: &Ctx, dest: &Path) -> Result<(), CliError> {
    outfile::refuse_campaign(&ctx.db, dest, "backing up")?;
    let store = Store::open(&ctx.db)?;
    // Built under a temporary name beside the target and put in place whole,
    // so a kill or a full disk leaves no file rather than a broken one.
    let tmp = outfile::temp_beside(dest)?;
    if dest.exists() {
        return Err(CliError::Usage(format!(
            "{} already exists; back up to a new file",
            dest.display()
        )));
    }
    if let Err(e) = store.backup(&tmp) {
        remove_db(&tmp);
        return Err(if e.is_disk_full() {
            outfile::write_error(dest, std::io::Error::from_raw_os_error(28))
        } else {
            e.into()
        });
    }
    outfile::place_new(&tmp, dest).inspect_err(|_| remove_db(&tmp))?;
    if ctx.json {
        output::json(&serde_json::json!({"db": ctx.db, "backup": dest}));
    } else {
        println!("Backed up {} to {}.", ctx.db.display(), dest.display());
    }
    Ok(())
}
