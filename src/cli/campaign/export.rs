//! `export [FILE]`: the whole campaign, history included, in the import format.

use std::path::{Path, PathBuf};

use crate::campaign::file;
use crate::cli::output;
use crate::cli::{CliError, Ctx};
use crate::store::{export as store_export, Store};

pub fn export(ctx: &Ctx, dest: Option<&Path>) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let text = file::to_text(&store_export::export(store.conn())?);
    match dest {
        Some(path) => {
            // Written beside the name and renamed, so a killed export never
            // leaves half a file where a whole one was.
            let mut part = path.as_os_str().to_owned();
            part.push(".part");
            let part = PathBuf::from(part);
            std::fs::write(&part, &text)
                .and_then(|_| std::fs::rename(&part, path))
                .map_err(|e| {
                    let _ = std::fs::remove_file(&part);
                    CliError::Io {
                        path: path.display().to_string(),
                        source: e,
                    }
                })?;
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
