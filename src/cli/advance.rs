//! `advance`: move the campaign clock; deliveries land and the wounded return.

use crate::campaign::records::parse_time;
use crate::campaign::CampaignError;
use crate::cli::output;
use crate::cli::{CliError, Ctx};
use crate::store::{logistics, Store};

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
        let p = crate::campaign::logistics::advance(tx, target)?;
        let back: i64 = p.returned.iter().map(|(_, n)| n).sum();
        let sp: i64 = p.arrived.iter().map(|(_, n)| n).sum();
        Ok((
            p.clone(),
            format!(
                "clock {} → {}: {back} wounded back, {sp} SP arrived, {} stand(s) effective again",
                p.from,
                p.to,
                p.recovered.len()
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
        if passage.to_aid_post.contains(stand) {
            println!(
                "  {n} back from hospital to {stand} (destroyed: they wait at the aid post to regroup)"
            );
        } else {
            println!("  {n} back from hospital to {stand}");
        }
    }
    for (side, n) in &passage.arrived {
        println!("  {n} supply points arrive at the {side} depot");
    }
    for stand in &passage.rallied {
        println!("  {stand} has rallied after fleeing and can fight again");
    }
    for stand in &passage.recovered {
        println!("  {stand} has its people back and is effective again");
    }
    for stand in &passage.repaired {
        println!("  {stand} is repaired and can fight again");
    }
    Ok(())
}
