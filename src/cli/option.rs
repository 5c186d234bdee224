//! `option …`: the campaign's settings for each battle ruleset (e.g. a
//! Dirtside chit pot, the FMA fire mode), checked by the ruleset and stored
//! with the campaign; every battle under that ruleset reads them.

use clap::Subcommand;

use super::output;
use super::{CliError, Ctx};
use crate::store::battles::{ruleset_options, set_ruleset_option};
use crate::store::Store;

#[derive(Debug, Subcommand)]
pub enum OptionCommand {
    /// The options each ruleset takes, and the values this campaign has set.
    List,
    /// Set one option of a ruleset.
    #[command(after_help = "Example:\n  bounce option set fma fire quick")]
    Set {
        ruleset: String,
        key: String,
        value: String,
    },
    /// Go back to a ruleset's default for one option.
    Unset { ruleset: String, key: String },
}

pub fn run(ctx: &Ctx, cmd: OptionCommand) -> Result<(), CliError> {
    let registry = &ctx.registry;
    match cmd {
        OptionCommand::List => {
            let store = Store::open(&ctx.db)?;
            let mut rows = Vec::new();
            for r in registry.all() {
                let set = ruleset_options(store.conn(), r.name())?;
                for (key, about) in r.options() {
                    rows.push(serde_json::json!({
                        "ruleset": r.name(),
                        "key": key,
                        "value": set.get(*key),
                        "about": about,
                    }));
                }
                // Keys made per stand or per unit (`stand.tank-1`) are not in
                // the ruleset's fixed list; show each one set.
                for (key, value) in &set {
                    if !r.options().iter().any(|(k, _)| k == key) {
                        rows.push(serde_json::json!({
                            "ruleset": r.name(),
                            "key": key,
                            "value": value,
                            "about": "",
                        }));
                    }
                }
            }
            if ctx.json {
                output::json(&rows);
            } else if rows.is_empty() {
                println!(
                    "No ruleset of this build ({}) takes options.",
                    registry.names().join(", ")
                );
            } else {
                println!(
                    "{}",
                    output::table(
                        &["ruleset", "option", "value", "what it does"],
                        rows.iter().map(|r| vec![
                            r["ruleset"].as_str().unwrap_or_default().to_string(),
                            r["key"].as_str().unwrap_or_default().to_string(),
                            r["value"].as_str().unwrap_or("(default)").to_string(),
                            r["about"].as_str().unwrap_or_default().to_string(),
                        ])
                    )
                );
            }
            Ok(())
        }
        OptionCommand::Set {
            ruleset,
            key,
            value,
        } => {
            let r = registry
                .get(&ruleset)
                .map_err(|e| CliError::Usage(e.to_string()))?;
            r.check_option(&key, &value).map_err(CliError::Usage)?;
            let mut store = Store::open(&ctx.db)?;
            store.try_change("option set", |tx| {
                if let Some(code) = r.option_stand(&key) {
                    // A mistyped stand would otherwise be stored and never used.
                    crate::store::queries::stand(tx, code).map_err(|_| {
                        CliError::Usage(format!(
                            "{key}: no stand `{code}` in this campaign; `bounce roster` lists them"
                        ))
                    })?;
                }
                set_ruleset_option(tx, &ruleset, &key, Some(&value))?;
                Ok::<_, CliError>(((), format!("{ruleset} option {key} = {value}")))
            })?;
            println!("Set {ruleset} option {key} to {value}.");
            Ok(())
        }
        OptionCommand::Unset { ruleset, key } => {
            let r = registry
                .get(&ruleset)
                .map_err(|e| CliError::Usage(e.to_string()))?;
            let mut store = Store::open(&ctx.db)?;
            let fixed = r.options().iter().any(|(k, _)| *k == key);
            store.try_change("option unset", |tx| {
                let set = ruleset_options(tx, &ruleset)?;
                if !fixed && !set.contains_key(&key) {
                    let names: Vec<&str> = r
                        .options()
                        .iter()
                        .map(|(k, _)| *k)
                        .chain(set.keys().map(String::as_str))
                        .collect::<std::collections::BTreeSet<_>>()
                        .into_iter()
                        .collect();
                    return Err(CliError::Usage(format!(
                        "{ruleset} has no option `{key}` set; `bounce option list` shows them ({})",
                        if names.is_empty() {
                            "none".to_string()
                        } else {
                            names.join(", ")
                        }
                    )));
                }
                set_ruleset_option(tx, &ruleset, &key, None)?;
                Ok(((), format!("{ruleset} option {key} back to its default")))
            })?;
            println!("{ruleset} option {key} is back to its default.");
            Ok(())
        }
    }
}
