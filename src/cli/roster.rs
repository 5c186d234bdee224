//! `roster`: stands as a table, or a flat JSON list.

use super::output;
use std::collections::HashMap;

use super::stand::{doc_with, StandDoc};
use super::{CliError, Ctx};
use crate::campaign::derived::{self, MoraleContext};
use crate::store::queries::{self, StandFilter};
use crate::store::Store;

pub fn roster_doc(store: &Store, filter: &StandFilter) -> Result<Vec<StandDoc>, CliError> {
    // Every stand of a unit shares its morale context (flags up the tree,
    // command, side), so it is read once per unit, not once per stand.
    let mut contexts: HashMap<String, MoraleContext> = HashMap::new();
    queries::load_stands(store.conn(), filter)?
        .into_iter()
        .map(|row| {
            let ctx = match contexts.get(&row.record.unit) {
                Some(c) => c.clone(),
                None => {
                    let c = derived::morale_context(store.conn(), &row.record.code)?;
                    contexts.insert(row.record.unit.clone(), c.clone());
                    c
                }
            };
            let morale = derived::morale(&row.record, &ctx)?;
            Ok(doc_with(row, &morale))
        })
        .collect()
}

pub fn roster(
    ctx: &Ctx,
    side: Option<String>,
    command: Option<String>,
    unit: Option<String>,
    all: bool,
) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let filter = StandFilter {
        side,
        command,
        unit,
        code: None,
        all,
    };
    let docs = roster_doc(&store, &filter)?;
    if ctx.json {
        output::json(&docs);
        return Ok(());
    }
    if docs.is_empty() {
        println!("No stands match.");
        return Ok(());
    }
    let table = output::table(
        &[
            "stand",
            "side",
            "unit",
            "type",
            "training",
            "experience",
            "kit",
            "weapon",
            "men",
            "hits",
            "status",
            "morale",
            "ammo",
        ],
        docs.iter().map(|d| {
            vec![
                d.code.clone(),
                d.side.clone(),
                d.unit.clone(),
                d.stand_type.to_string(),
                d.training.to_string(),
                d.experience.to_string(),
                d.kit(),
                d.weapon
                    .map(|w| w.to_string())
                    .unwrap_or_else(|| "-".into()),
                d.men.to_string(),
                d.hits.to_string(),
                d.status.to_string(),
                d.morale.to_string(),
                format!("{}/{}", d.ammo, d.ammo_max),
            ]
        }),
    );
    println!("{table}");
    println!("{} stands.", docs.len());
    Ok(())
}
