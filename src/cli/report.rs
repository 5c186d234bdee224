//! `report`: the campaign's story for the umpire, or one side's view of it, as
//! tables, JSON or a self-contained HTML page.

use std::path::Path;

use super::{outfile, output};
use super::{CliError, Ctx};
use crate::report;
use crate::store::Store;

pub fn report(
    ctx: &Ctx,
    side: Option<&str>,
    command: Option<&str>,
    html: Option<&Path>,
) -> Result<(), CliError> {
    let view = match command {
        Some(c) => report::View::Command(c),
        None => report::View::of_side(side),
    };
    if let Some(path) = html {
        outfile::refuse_campaign(&ctx.db, path, "writing the report")?;
    }
    let store = Store::open(&ctx.db)?;
    let doc = report::build(&store, view)?;
    match html {
        Some(path) => {
            let page = report::html::render(&doc);
            outfile::write_whole(path, page.as_bytes())?;
            if ctx.json {
                output::json(
                    &serde_json::json!({"file": path, "bytes": page.len(), "side": doc.side, "command": command}),
                );
            } else {
                println!("Report written to {}.", path.display());
            }
        }
        None if ctx.json => output::json(&doc),
        None => print!("{}", report::text::render(&doc)),
    }
    Ok(())
}

/// Writes the umpire's HTML report of the campaign in `db` to `dest`.
pub fn write_html(db: &Path, dest: &Path) -> Result<(), CliError> {
    outfile::refuse_campaign(db, dest, "writing the report")?;
    let store = Store::open(db)?;
    let page = report::html::render(&report::build(&store, report::View::Umpire)?);
    outfile::write_whole(dest, page.as_bytes())
}
