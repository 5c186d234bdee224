//! `status`: clock, sides, each command's strength, supply, last battles.

use serde::Serialize;

use super::*;
use crate::campaign::records::format_time;
use crate::cli::output;
use crate::cli::{CliError, Ctx};
use crate::store::{queries, Store};

#[derive(Serialize)]
pub(super) struct StatusDoc {
    campaign: queries::CampaignInfo,
    sides: Vec<queries::SideRow>,
    commands: Vec<queries::CommandStrength>,
    battles: Vec<queries::BattleSummary>,
    hospital: Vec<crate::store::logistics::InHospital>,
    pending_deliveries: Vec<crate::store::logistics::Pending>,
}

pub(super) fn status_doc(store: &Store) -> Result<StatusDoc, CliError> {
    let conn = store.conn();
    Ok(StatusDoc {
        campaign: queries::campaign_info(conn)?,
        sides: queries::sides(conn)?,
        commands: queries::command_strengths(conn)?,
        battles: queries::battles(conn)?,
        hospital: crate::store::logistics::in_hospital(conn)?,
        pending_deliveries: crate::store::logistics::pending_deliveries(conn)?,
    })
}

pub fn status(ctx: &Ctx) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let doc = status_doc(&store)?;
    if ctx.json {
        output::json(&doc);
        return Ok(());
    }
    println!(
        "{} — {} (default ruleset {})\n",
        doc.campaign.name,
        format_time(&doc.campaign.clock).replace('T', " "),
        doc.campaign.ruleset
    );
    output::titled(
        "Sides",
        output::table(
            &["side", "name", "medical", "treats PW well", "supply points"],
            doc.sides.iter().map(|s| {
                vec![
                    s.code.clone(),
                    s.name.clone(),
                    s.medical.to_string(),
                    yes_no(s.treats_pw_well),
                    s.supply_points.to_string(),
                ]
            }),
        ),
    );
    println!();
    output::titled(
        "Commands",
        output::table(
            &[
                "side",
                "command",
                "player",
                "supply",
                "contact",
                "effective",
                "ineffective",
                "destroyed",
                "other",
                "men",
                "hits",
                "in hospital",
            ],
            doc.commands.iter().map(|c| {
                vec![
                    c.side.clone(),
                    c.command.clone(),
                    c.player.clone(),
                    c.supply.clone(),
                    c.contact.clone(),
                    c.effective.to_string(),
                    c.ineffective.to_string(),
                    c.destroyed.to_string(),
                    c.other.to_string(),
                    c.men.to_string(),
                    c.hits.to_string(),
                    c.in_hospital.to_string(),
                ]
            }),
        ),
    );
    for p in &doc.pending_deliveries {
        println!(
            "On the way: {} supply points for {}, arriving {}.",
            p.points,
            p.side,
            p.arrives_at.replace('T', " ")
        );
    }
    println!();
    if !doc.hospital.is_empty() {
        output::titled(
            "In hospital",
            output::table(
                &["stand", "people", "return to duty"],
                doc.hospital.iter().map(|h| {
                    vec![
                        h.stand.clone(),
                        h.people.to_string(),
                        h.returns_at.replace('T', " "),
                    ]
                }),
            ),
        );
        println!();
    }
    if doc.battles.is_empty() {
        println!("No battles yet.");
    } else {
        output::titled(
            "Battles",
            output::table(
                &["battle", "name", "at", "after", "status", "winner"],
                doc.battles.iter().rev().take(8).rev().map(|b| {
                    vec![
                        b.code.clone(),
                        b.name.clone(),
                        b.at.replace('T', " "),
                        b.after.clone().unwrap_or_default(),
                        b.status.clone(),
                        b.winner.clone().unwrap_or_default(),
                    ]
                }),
            ),
        );
    }
    Ok(())
}
