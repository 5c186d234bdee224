//! `battle list`: every battle, planned and fought.

use super::{output, CliError, Ctx};
use crate::store::{queries, Store};

pub fn run(ctx: &Ctx) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let list = queries::battles(store.conn())?;
    if ctx.json {
        output::json(&list);
    } else if list.is_empty() {
        println!("No battles. Plan one with `bounce battle new`.");
    } else {
        println!(
            "{}",
            output::table(
                &["battle", "name", "at", "after", "ruleset", "status", "winner"],
                list.iter().map(|b| vec![
                    b.code.clone(),
                    b.name.clone(),
                    b.at.replace('T', " "),
                    b.after.clone().unwrap_or_default(),
                    b.ruleset.clone(),
                    b.status.clone(),
                    b.winner.clone().unwrap_or_default(),
                ])
            )
        );
    }
    Ok(())
}
