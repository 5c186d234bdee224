//! `battle show`: one battle's result, or its plan.

use super::{battle_doc, output, print_result, CliError, Ctx};
use crate::engine::Registry;
use crate::store::Store;

pub fn run(ctx: &Ctx, registry: &Registry, code: &str) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let doc = battle_doc(&store, code)?.with_notes(registry);
    if ctx.json {
        output::json(&doc);
    } else {
        print_result(&doc);
    }
    Ok(())
}
