//! `supply status | deliver | resupply | set` and `advance`: logistics and time.

use clap::Subcommand;
use serde::Serialize;

use super::output;
use super::{parse_enum, CliError, Ctx};
use crate::campaign::records::{format_time, parse_time};
use crate::campaign::CampaignError;
use crate::core::kinds::{Contact, Medical, Supply};
use crate::store::logistics::{self, Pending};
use crate::store::{queries, Store};

#[derive(Debug, Subcommand)]
pub enum SupplyCommand {
    /// Depots, each command's supply and contact, and every stand's ammunition.
    Status,
    /// Add supply points to a side's depot, now or arriving later.
    #[command(
        after_help = "Examples:\n  bounce supply deliver ifu 20\n  bounce supply deliver luna 10 --arrives 2157-04-20T12:00:00"
    )]
    Deliver {
        side: String,
        /// Supply points, 1 to 1,000,000 a delivery.
        #[arg(value_parser = clap::value_parser!(i64).range(1..=MAX_DELIVERY))]
        points: i64,
        /// When the delivery reaches the depot; it arrives when the clock passes it.
        #[arg(long)]
        arrives: Option<String>,
    },
    /// Refill ammunition from the depot at 1 supply point a turn of fire.
    #[command(after_help = "Examples:\n  bounce supply resupply\n  bounce supply resupply a-1pl")]
    Resupply {
        /// Only this unit and the units under it.
        unit: Option<String>,
    },
    /// Change a command's supply or contact state, or a side's medical support or prisoner treatment.
    #[command(
        after_help = "Examples:\n  bounce supply set --command luna-south --supply cut\n  bounce supply set --side ifu --medical excellent --treats-pw-well true"
    )]
    Set {
        #[arg(long, conflicts_with = "side", required_unless_present = "side")]
        command: Option<String>,
        #[arg(long)]
        side: Option<String>,
        #[arg(long, value_parser = parse_enum::<Supply>, requires = "command")]
        supply: Option<Supply>,
        #[arg(long, value_parser = parse_enum::<Contact>, requires = "command")]
        contact: Option<Contact>,
        #[arg(long, value_parser = parse_enum::<Medical>, requires = "side")]
        medical: Option<Medical>,
        #[arg(long, requires = "side")]
        treats_pw_well: Option<bool>,
    },
}

#[derive(Serialize)]
struct SideLine {
    code: String,
    supply_points: i64,
    medical: String,
}
#[derive(Serialize)]
struct CommandLine {
    code: String,
    supply: String,
    contact: String,
}
#[derive(Serialize)]
struct AmmoLine {
    code: String,
    side: String,
    ammo: i64,
    ammo_max: i64,
}
#[derive(Serialize)]
struct StatusDoc {
    sides: Vec<SideLine>,
    commands: Vec<CommandLine>,
    stands: Vec<AmmoLine>,
    pending_deliveries: Vec<Pending>,
}

/// The most supply points one delivery brings: far above any campaign's need,
/// and far below where sums could overflow.
pub const MAX_DELIVERY: i64 = 1_000_000;

pub fn run(ctx: &Ctx, cmd: SupplyCommand) -> Result<(), CliError> {
    match cmd {
        SupplyCommand::Status => status(ctx),
        SupplyCommand::Deliver {
            side,
            points,
            arrives,
        } => {
            if points < 1 {
                return Err(CliError::Usage(format!(
                    "deliver at least 1 supply point, not {points}"
                )));
            }
            let arrives = arrives
                .map(|t| {
                    parse_time(&t).map_err(|m| CampaignError::Invalid {
                        field: "--arrives".into(),
                        message: m,
                    })
                })
                .transpose()?;
            let mut store = Store::open(&ctx.db)?;
            let now = store.change("supply deliver", |tx| {
                let now = logistics::deliver(tx, &side, points, arrives)?;
                let when = if now {
                    "now".to_string()
                } else {
                    format!(
                        "arriving {}",
                        format_time(&arrives.expect("a later delivery has a date"))
                    )
                };
                Ok((now, format!("{points} SP to {side}, {when}")))
            })?;
            if ctx.json {
                output::json(
                    &serde_json::json!({"side": side, "points": points, "arrived": now, "arrives_at": arrives.map(|t| format_time(&t))}),
                );
            } else if now {
                println!("Delivered {points} supply points to {side}.");
            } else {
                println!(
                    "{points} supply points for {side} will arrive at {}.",
                    format_time(&arrives.expect("dated")).replace('T', " ")
                );
            }
            Ok(())
        }
        SupplyCommand::Resupply { unit } => {
            let mut store = Store::open(&ctx.db)?;
            let refills = store.change("supply resupply", |tx| {
                let r = crate::campaign::logistics::resupply(tx, unit.as_deref())?;
                let spent: i64 = r.iter().map(|x| x.after - x.before).sum();
                Ok((
                    r,
                    format!(
                        "resupplied {}: {spent} SP",
                        unit.as_deref().unwrap_or("all stands")
                    ),
                ))
            })?;
            if ctx.json {
                output::json(&refills);
                return Ok(());
            }
            if refills.is_empty() {
                println!("Every stand is full.");
                return Ok(());
            }
            println!(
                "{}",
                output::table(
                    &["stand", "side", "ammo before", "after", "wanted"],
                    refills.iter().map(|r| vec![
                        r.stand.clone(),
                        r.side.clone(),
                        r.before.to_string(),
                        r.after.to_string(),
                        r.wanted.to_string(),
                    ])
                )
            );
            let short: Vec<&str> = refills
                .iter()
                .filter(|r| r.after - r.before < r.wanted)
                .map(|r| r.stand.as_str())
                .collect();
            let spent: i64 = refills.iter().map(|r| r.after - r.before).sum();
            println!("Spent {spent} supply points.");
            if !short.is_empty() {
                println!("The depot ran dry: {} only partly refilled or not at all; deliver more with `bounce supply deliver`.", short.join(", "));
            }
            Ok(())
        }
        SupplyCommand::Set {
            command,
            side,
            supply,
            contact,
            medical,
            treats_pw_well,
        } => {
            let mut store = Store::open(&ctx.db)?;
            if let Some(code) = &command {
                if supply.is_none() && contact.is_none() {
                    return Err(CliError::Usage(
                        "give --supply or --contact for a command".into(),
                    ));
                }
                store.change("supply set", |tx| {
                    logistics::set_command(
                        tx,
                        code,
                        supply.map(|s| s.as_str()),
                        contact.map(|c| c.as_str()),
                    )?;
                    Ok((
                        (),
                        format!(
                            "command {code}: supply {:?}, contact {:?}",
                            supply.map(|s| s.as_str()),
                            contact.map(|c| c.as_str())
                        ),
                    ))
                })?;
            } else if let Some(code) = &side {
                if medical.is_none() && treats_pw_well.is_none() {
                    return Err(CliError::Usage(
                        "give --medical or --treats-pw-well for a side".into(),
                    ));
                }
                store.change("supply set", |tx| {
                    logistics::set_side(tx, code, medical.map(|m| m.as_str()), treats_pw_well)?;
                    Ok((
                        (),
                        format!(
                            "side {code}: medical {:?}, treats PW well {:?}",
                            medical.map(|m| m.as_str()),
                            treats_pw_well
                        ),
                    ))
                })?;
            }
            if ctx.json {
                status(ctx)
            } else {
                println!("Saved. Morale numbers follow from the new state (`bounce morale CODE`).");
                Ok(())
            }
        }
    }
}

fn status(ctx: &Ctx) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let conn = store.conn();
    let doc = StatusDoc {
        sides: queries::sides(conn)?
            .into_iter()
            .map(|s| SideLine {
                code: s.code,
                supply_points: s.supply_points,
                medical: s.medical,
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
                        super::campaign::yes_no(s.ammo * 4 < s.ammo_max),
                    ]
                }),
            ),
        );
    }
    Ok(())
}

pub fn advance(ctx: &Ctx, days: Option<i64>, to: Option<String>) -> Result<(), CliError> {
    enum Target {
        Days(i64),
        At(chrono::NaiveDateTime),
    }
    let target = match (days, to) {
        (Some(d), None) if d >= 0 => Target::Days(d),
        (Some(d), None) => {
            return Err(CliError::Usage(format!(
                "--days must not be negative, not {d}"
            )))
        }
        (None, Some(t)) => Target::At(parse_time(&t).map_err(|m| CampaignError::Invalid {
            field: "--to".into(),
            message: m,
        })?),
        _ => return Err(CliError::Usage("give --days N or --to DATETIME".into())),
    };
    let mut store = Store::open(&ctx.db)?;
    // The clock is read under the write lock: two advances of a day each move
    // it two days.
    let passage = store.try_change::<_, CliError>("advance", |tx| {
        let target = match target {
            Target::Days(d) => {
                let now = logistics::clock(tx)?;
                chrono::Duration::try_days(d)
                    .and_then(|d| now.checked_add_signed(d))
                    .ok_or_else(|| {
                        CliError::Usage(format!(
                            "--days {d} goes past the last date bounce can hold"
                        ))
                    })?
            }
            Target::At(t) => t,
        };
        let p = logistics::advance(tx, target)?;
        let back: i64 = p.returned.iter().map(|(_, n)| n).sum();
        let sp: i64 = p.arrived.iter().map(|(_, n)| n).sum();
        Ok((
            p.clone(),
            format!(
                "clock {} → {}: {back} wounded back, {sp} SP arrived",
                p.from, p.to
            ),
        ))
    })?;
    if ctx.json {
        output::json(&passage);
        return Ok(());
    }
    println!(
        "The clock moves from {} to {}.",
        passage.from.replace('T', " "),
        passage.to.replace('T', " ")
    );
    for (stand, n) in &passage.returned {
        println!("  {n} back from hospital to {stand}");
    }
    for (side, n) in &passage.arrived {
        println!("  {n} supply points arrive at the {side} depot");
    }
    for stand in &passage.repaired {
        println!("  {stand} is repaired and can fight again");
    }
    Ok(())
}
