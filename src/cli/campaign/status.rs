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
    /// Stands whose fit people wait at the aid post to regroup.
    aid_post: Vec<AidPost>,
}

#[derive(Serialize)]
pub(super) struct AidPost {
    stand: String,
    side: String,
    unit: String,
    status: String,
    fit: i64,
    hits: i64,
    regroups: bool,
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
        aid_post: crate::campaign::regroup::at_aid_post(queries::load_stands(
            conn,
            &queries::StandFilter::all(),
        )?)
        .into_iter()
        .map(|r| AidPost {
            fit: crate::campaign::recovery::fit(&r.record),
            hits: r.record.hits,
            regroups: crate::campaign::regroup::may_regroup(&r.record),
            status: r.record.status.to_string(),
            unit: r.record.unit,
            stand: r.record.code,
            side: r.side,
        })
        .collect(),
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
    if !doc.aid_post.is_empty() {
        output::titled(
            "At the aid post (fit people wait to regroup: `bounce regroup`)",
            output::table(
                &["stand", "side", "unit", "status", "fit", "hits", "regroups"],
                doc.aid_post.iter().map(|a| {
                    vec![
                        a.stand.clone(),
                        a.side.clone(),
                        a.unit.clone(),
                        a.status.clone(),
                        a.fit.to_string(),
                        a.hits.to_string(),
                        yes_no(a.regroups),
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
