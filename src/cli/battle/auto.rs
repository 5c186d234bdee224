//! `battle auto`: fight a planned battle with its ruleset and apply the
//! post-battle sequence (or, with `--dry-run`, only show it).

use super::{clock_seed, driver, fought_doc, output, print_result, CliError, Ctx};
use crate::engine::auto::{commit, fight};
use crate::engine::Registry;
use crate::store::Store;

pub fn run(ctx: &Ctx, registry: &Registry, code: &str, dry_run: bool) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    let seed = ctx.seed.unwrap_or_else(clock_seed);
    let fought = if dry_run {
        fight(registry, store.conn(), code, seed)
    } else {
        commit(&mut store, "auto", |c| fight(registry, c, code, seed))
    }
    .map_err(driver)?;
    let doc = fought_doc(&fought, dry_run).with_notes(registry);
    if ctx.json {
        output::json(&doc);
    } else {
        print_result(&doc);
        if dry_run {
            println!("\nDry run: nothing was written. The same --seed {seed} without --dry-run commits exactly this.");
        } else {
            println!("\n`bounce battle log {code}` tells the battle turn by turn; `bounce undo` reverts it.");
        }
    }
    Ok(())
}
