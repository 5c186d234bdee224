//! `battle record`: the result of a battle fought on the table, from a results
//! file, through the post-battle sequence.

use std::path::Path;

use super::{clock_seed, driver, fought_doc, output, print_result, CliError, Ctx};
use crate::campaign::battle::{aftermath, ready, setup};
use crate::engine::auto::commit;
use crate::engine::Registry;
use crate::store::Store;

pub fn run(ctx: &Ctx, registry: &Registry, code: &str, results: &Path) -> Result<(), CliError> {
    let name = results.display().to_string();
    let text = crate::campaign::file::read_file(results)?;
    let mut store = Store::open(&ctx.db)?;
    let seed = ctx.seed.unwrap_or_else(clock_seed);
    let fought = commit(&mut store, "recorded", |c| {
        let b = ready(c, code)?;
        let ruleset = registry.get(&b.ruleset)?;
        let setup = setup(c, &b, ruleset.turn_limit())?;
        let result = crate::engine::record::read(&name, &text, &setup, ruleset, seed)?;
        Ok(aftermath(c, b, result, ruleset.minutes_per_turn())?)
    })
    .map_err(driver)?;
    let doc = fought_doc(&fought, false).with_notes(registry);
    if ctx.json {
        output::json(&doc);
    } else {
        print_result(&doc);
    }
    Ok(())
}
