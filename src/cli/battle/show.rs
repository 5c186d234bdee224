//! `battle show`: one battle's result, or its plan.

use super::{battle_doc, output, print_result, CliError, Ctx};
use crate::store::Store;

pub fn run(ctx: &Ctx, code: &str) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let doc = battle_doc(&store, code)?;
    if ctx.json {
        output::json(&doc);
    } else {
        print_result(&doc);
    }
    Ok(())
}
