//! `casualties`: the aid post's records, filtered by stand, battle or pending.

use super::output;
use super::{CliError, Ctx};
use crate::store::queries::{self};
use crate::store::Store;

pub fn casualties(
    ctx: &Ctx,
    pending: bool,
    stand: Option<String>,
    battle: Option<String>,
) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let rows = queries::casualties(store.conn(), pending, stand.as_deref(), battle.as_deref())?;
    if ctx.json {
        output::json(&rows);
    } else if rows.is_empty() {
        println!("No casualty records match.");
    } else {
        println!(
            "{}",
            output::table(
                &["#", "stand", "battle", "d10", "severity", "outcome", "returns"],
                rows.iter().map(|c| vec![
                    c.id.to_string(),
                    c.stand.clone(),
                    c.battle.clone().unwrap_or_default(),
                    c.roll.map(|r| r.to_string()).unwrap_or_else(|| "-".into()),
                    c.severity.clone(),
                    c.outcome.clone(),
                    c.returns_at
                        .clone()
                        .map(|t| t.replace('T', " "))
                        .unwrap_or_else(|| "-".into()),
                ]),
            )
        );
        println!("{} casualties.", rows.len());
    }
    Ok(())
}
