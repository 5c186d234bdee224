//! `supply status`: depots, deliveries due, each command's state and the
//! ammunition each stand still wants.

use super::*;

pub fn status(ctx: &Ctx) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let conn = store.conn();
    let doc = StatusDoc {
        sides: queries::sides(conn)?
            .into_iter()
            .map(|s| SideLine {
                code: s.code,
                supply_points: s.supply_points,
                medical: s.medical.to_string(),
            })
            .collect(),
        commands: queries::command_strengths(conn)?
            .into_iter()
            .map(|c| CommandLine {
                code: c.command,
                supply: c.supply,
                contact: c.contact,
            })
            .collect(),
        stands: queries::load_stands(conn, &queries::StandFilter::default())?
            .into_iter()
            .map(|r| AmmoLine {
                code: r.record.code,
                side: r.side,
                ammo: r.record.ammo.unwrap_or(0),
                ammo_max: r.record.ammo_max.unwrap_or(0),
            })
            .collect(),
        pending_deliveries: logistics::pending_deliveries(conn)?,
    };
    if ctx.json {
        output::json(&doc);
        return Ok(());
    }
    output::titled(
        "Depots",
        output::table(
            &["side", "supply points", "medical"],
            doc.sides.iter().map(|s| {
                vec![
                    s.code.clone(),
                    s.supply_points.to_string(),
                    s.medical.clone(),
                ]
            }),
        ),
    );
    for p in &doc.pending_deliveries {
        println!(
            "  on the way: {} SP for {} arriving {}",
            p.points,
            p.side,
            p.arrives_at.replace('T', " ")
        );
    }
    println!();
    output::titled(
        "Commands",
        output::table(
            &["command", "supply", "contact"],
            doc.commands
                .iter()
                .map(|c| vec![c.code.clone(), c.supply.clone(), c.contact.clone()]),
        ),
    );
    println!();
    let low: Vec<&AmmoLine> = doc.stands.iter().filter(|s| s.ammo < s.ammo_max).collect();
    if low.is_empty() {
        println!("Every stand has full ammunition.");
    } else {
        output::titled(
            "Stands short of ammunition",
            output::table(
                &["stand", "side", "ammo", "max", "poorly equipped"],
                low.iter().map(|s| {
                    vec![
                        s.code.clone(),
                        s.side.clone(),
                        s.ammo.to_string(),
                        s.ammo_max.to_string(),
                        crate::cli::campaign::yes_no(s.ammo * 4 < s.ammo_max),
                    ]
                }),
            ),
        );
    }
    Ok(())
}
