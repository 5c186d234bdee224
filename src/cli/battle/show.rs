//! `battle show`: one battle's result, or its plan.

use super::{battle_doc, battles, output, print_result, CliError, Ctx};
use crate::campaign::battle::setup;
use crate::engine::Registry;
use crate::store::Store;

pub fn run(ctx: &Ctx, registry: &Registry, code: &str) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let mut doc = battle_doc(&store, code)?.with_notes(registry);
    if doc.winner.is_none() {
        // Not fought yet: the ruleset's notes on the stands as they stand now.
        let b = battles::battle(store.conn(), code)?;
        if let Ok(r) = registry.get(&b.ruleset) {
            if let Ok(s) = setup(store.conn(), &b, r.turn_limit()) {
                doc.notes = r.setup_notes(&s).into_iter().collect();
            }
        }
    }
    if ctx.json {
        output::json(&doc);
    } else {
        print_result(&doc);
        if doc.winner.is_none() && !doc.notes.is_empty() {
            println!(
                "{}",
                output::table(
                    &["stand", "note"],
                    doc.notes.iter().map(|(c, n)| vec![c.clone(), n.clone()])
                )
            );
        }
    }
    Ok(())
}
