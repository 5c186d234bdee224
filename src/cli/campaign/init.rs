//! `init`: create an empty campaign file.

use crate::campaign::records::{format_time, parse_time, CampaignSettings};
use crate::campaign::CampaignError;
use crate::cli::output;
use crate::cli::{CliError, Ctx};
use crate::store::import::{self as store_import};
use crate::store::Store;

pub fn init(ctx: &Ctx, name: &str, start: &str, ruleset: &str) -> Result<(), CliError> {
    let start = parse_time(start)
        .and_then(|t| crate::core::limits::clock_within(t).map(|_| t))
        .map_err(|m| CampaignError::Invalid {
            field: "--start".into(),
            message: m,
        })?;
    let ruleset = ctx
        .registry
        .get(ruleset)
        .map_err(|e| CampaignError::Invalid {
            field: "--ruleset".into(),
            message: e.to_string(),
        })?
        .name()
        .to_string();
    let settings = CampaignSettings {
        name: name.to_string(),
        start,
        ruleset: ruleset.clone(),
        light_wound_days: 7,
        serious_wound_days: 28,
    };
    // Built in memory and put in place whole: a killed init leaves no file,
    // and of racing inits one wins and the others hear "already holds".
    let mut store = Store::create(&ctx.db)?;
    store.change("init", |tx| {
        store_import::insert_campaign(tx, &settings, false)?;
        Ok(((), format!("created campaign \"{name}\"")))
    })?;
    store.place()?;
    if ctx.json {
        output::json(
            &serde_json::json!({"db": ctx.db, "name": name, "clock": format_time(&start), "ruleset": ruleset}),
        );
    } else {
        println!(
            "Created campaign \"{name}\" in {} (clock {}, ruleset {ruleset}).",
            ctx.db.display(),
            format_time(&start)
        );
    }
    Ok(())
}
