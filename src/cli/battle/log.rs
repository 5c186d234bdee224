//! `battle log`: one battle's events turn by turn; with `--side`, only what
//! that side took part in (SPEC 4.4).

use super::{battles, output, print_log, CliError, Ctx};
use crate::engine::Registry;
use crate::store::queries::{load_stands, StandFilter};
use crate::store::{Store, StoreError};

pub fn run(ctx: &Ctx, registry: &Registry, code: &str, side: Option<&str>) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let b = battles::battle(store.conn(), code)?;
    let mut events = battles::events(store.conn(), b.id)?;
    if let Some(side) = side {
        let own: std::collections::HashSet<String> = load_stands(
            store.conn(),
            &StandFilter {
                side: Some(side.to_string()),
                all: true,
                ..Default::default()
            },
        )
        .map_err(|e| match e {
            StoreError::UnknownCode { .. } => StoreError::unknown("side", side),
            e => e,
        })?
        .into_iter()
        .map(|r| r.record.code)
        .collect();
        let role = battles::stand_lines(store.conn(), b.id)?
            .into_iter()
            .find(|p| own.contains(&p.code))
            .map(|p| {
                if p.role == "attacker" {
                    crate::battle::result::Role::Attacker
                } else {
                    crate::battle::result::Role::Defender
                }
            });
        events.retain(|e| e.seen_by(&|c| own.contains(c), role));
    }
    if ctx.json {
        output::json(&events);
    } else if events.is_empty() {
        println!("Battle {code} has not been fought yet.");
    } else {
        // A battle fought under a ruleset this build lacks still reads, in
        // turns without minutes.
        let minutes = registry
            .get(&b.ruleset)
            .map(|r| r.minutes_per_turn())
            .unwrap_or(0);
        print_log(&b.name, &events, minutes);
    }
    Ok(())
}
