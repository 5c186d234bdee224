//! `battle edit`: change a planned battle's plan; fields not named stay.

use super::{output, CliError, Ctx};
use crate::campaign::plan;
use crate::campaign::records::{format_time, parse_time};
use crate::campaign::CampaignError;
use crate::core::kinds::Cover;
use crate::engine::Registry;
use crate::store::Store;

/// What the command line changes; `None` keeps the plan's value.
pub struct Changes {
    pub attacker: Vec<String>,
    pub defender: Vec<String>,
    pub name: Option<String>,
    pub after: Option<String>,
    pub ruleset: Option<String>,
    pub range: Option<i64>,
    pub cover: Option<Cover>,
    pub terrain: Option<String>,
    pub briefing: Option<String>,
    pub at: Option<String>,
}

pub fn run(ctx: &Ctx, registry: &Registry, code: &str, c: Changes) -> Result<(), CliError> {
    let at =
        c.at.as_deref()
            .map(|t| {
                parse_time(t).map_err(|m| CampaignError::Invalid {
                    field: "--at".into(),
                    message: m,
                })
            })
            .transpose()?;
    if let Some(r) = &c.ruleset {
        registry.get(r).map_err(|e| CampaignError::Invalid {
            field: "--ruleset".into(),
            message: e.to_string(),
        })?;
    }
    let mut store = Store::open(&ctx.db)?;
    store.try_change::<_, CliError>("battle edit", |tx| {
        let summary = plan::edit(tx, code, |b| {
            if !c.attacker.is_empty() {
                b.attacker = c.attacker;
            }
            if !c.defender.is_empty() {
                b.defender = c.defender;
            }
            if let Some(v) = c.name {
                b.name = v;
            }
            if let Some(v) = c.after {
                b.after = v;
            }
            if let Some(v) = c.ruleset {
                b.ruleset = v;
            }
            if let Some(v) = c.range {
                b.range = v;
            }
            if let Some(v) = c.cover {
                b.defender_cover = v;
            }
            if let Some(v) = c.terrain {
                b.terrain = v;
            }
            if let Some(v) = c.briefing {
                b.briefing = v;
            }
            if let Some(v) = at {
                b.at = v;
            }
        })?;
        Ok(((), summary))
    })?;
    if ctx.json {
        let doc = super::show::shown(&store, registry, code)?;
        output::json(&doc);
    } else {
        let b = crate::store::export::battle_record(store.conn(), code)?;
        println!(
            "Saved battle {code}: {} against {}, at {} under {}, {} cm, defender in {}.",
            b.attacker.join(", "),
            b.defender.join(", "),
            format_time(&b.at).replace('T', " "),
            b.ruleset,
            b.range,
            b.defender_cover
        );
    }
    Ok(())
}
