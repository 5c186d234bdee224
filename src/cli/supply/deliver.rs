//! `supply deliver`: supply points to a side's depot, now or on a date.

use super::*;

pub(super) fn deliver(
    ctx: &Ctx,
    side: String,
    points: i64,
    arrives: Option<String>,
) -> Result<(), CliError> {
    if points < 1 {
        return Err(CliError::Usage(format!(
            "deliver at least 1 supply point, not {points}"
        )));
    }
    let arrives = arrives
        .map(|t| {
            parse_time(&t)
                .and_then(|t| crate::core::limits::clock_within(t).map(|_| t))
                .map_err(|m| CampaignError::Invalid {
                    field: "--arrives".into(),
                    message: m,
                })
        })
        .transpose()?;
    let mut store = Store::open(&ctx.db)?;
    let now = store.change("supply deliver", |tx| {
        let now = crate::campaign::logistics::deliver(tx, &side, points, arrives)?;
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
