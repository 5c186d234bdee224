//! `export [FILE]`: the whole campaign, history included, in the import format.

use std::path::Path;

use crate::campaign::file;
use crate::cli::{outfile, output};
use crate::cli::{CliError, Ctx};
use crate::store::{export as store_export, Store};

pub fn export(ctx: &Ctx, dest: Option<&Path>) -> Result<(), CliError> {
    if let Some(path) = dest {
        outfile::refuse_campaign(&ctx.db, path, "exporting")?;
    }
    let store = Store::open(&ctx.db)?;
    let text = file::to_text(&store_export::export(store.conn())?);
    match dest {
        Some(path) => {
            // Written beside the name and renamed, so a killed export never
            // leaves half a file where a whole one was; never over the campaign.
            outfile::write_whole(path, text.as_bytes())?;
            if ctx.json {
                output::json(&serde_json::json!({"file": path, "bytes": text.len()}));
            } else {
                println!("Exported {} to {}.", ctx.db.display(), path.display());
            }
        }
        None if ctx.json => {
            let file = store_export::export(store.conn())?;
            output::json(&file);
        }
        None => print!("{text}"),
    }
    Ok(())
}
