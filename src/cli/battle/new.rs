//! `battle new`: plan a battle between units or stands of two sides.

use super::{battle_doc, output, CliError, Ctx};
use crate::campaign::plan;
use crate::campaign::records::{format_time, parse_time, BattleRecord};
use crate::campaign::validate::check_code;
use crate::campaign::CampaignError;
use crate::core::kinds::Cover;
use crate::engine::Registry;
use crate::store::{queries, Store};

/// What the command line says of the battle.
pub struct Plan {
    pub code: String,
    pub attacker: Vec<String>,
    pub defender: Vec<String>,
    pub name: Option<String>,
    pub after: Option<String>,
    pub ruleset: Option<String>,
    pub range: i64,
    pub cover: Cover,
    pub terrain: String,
    pub briefing: String,
    pub at: Option<String>,
}

pub fn run(ctx: &Ctx, registry: &Registry, p: Plan) -> Result<(), CliError> {
    let at =
        p.at.map(|t| {
            parse_time(&t).map_err(|m| CampaignError::Invalid {
                field: "--at".into(),
                message: m,
            })
        })
        .transpose()?;
    check_code(&p.code).map_err(|e| CampaignError::Invalid {
        field: "CODE".into(),
        message: e.message,
    })?;
    if p.range < 1 {
        return Err(CampaignError::Invalid {
            field: "--range".into(),
            message: format!("{} cm; the opening range is at least 1 cm", p.range),
        }
        .into());
    }
    let mut store = Store::open(&ctx.db)?;
    let record = store.try_change::<_, CliError>("battle new", |tx| {
        let info = queries::campaign_info(tx)?;
        let ruleset = p.ruleset.clone().unwrap_or(info.ruleset);
        registry.get(&ruleset).map_err(|e| CampaignError::Invalid {
            field: "--ruleset".into(),
            message: e.to_string(),
        })?;
        let record = BattleRecord {
            name: p.name.clone().unwrap_or_else(|| p.code.clone()),
            code: p.code.clone(),
            at: at.unwrap_or(info.clock),
            attacker: p.attacker.clone(),
            defender: p.defender.clone(),
            after: p.after.clone().unwrap_or_default(),
            ruleset,
            range: p.range,
            defender_cover: p.cover,
            terrain: p.terrain.clone(),
            briefing: p.briefing.clone(),
            result: None,
        };
        let summary = plan::plan(tx, &record)?;
        Ok((record, summary))
    })?;
    let doc = battle_doc(&store, &record.code)?;
    if ctx.json {
        output::json(&doc);
    } else {
        println!(
            "Planned battle {} at {} under {}.",
            record.code,
            format_time(&record.at).replace('T', " "),
            record.ruleset
        );
    }
    Ok(())
}
