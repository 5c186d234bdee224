//! `supply resupply`: refill ammunition from the depot, as far as it goes.

use super::*;

pub(super) fn resupply(ctx: &Ctx, unit: Option<String>) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    let refills = store.change("supply resupply", |tx| {
        let r = crate::campaign::logistics::resupply(tx, unit.as_deref())?;
        let spent: i64 = r.refills.iter().map(|x| x.after - x.before).sum();
        Ok((
            r,
            format!(
                "resupplied {}: {spent} SP",
                unit.as_deref().unwrap_or("all stands")
            ),
        ))
    })?;
    let crate::campaign::logistics::Resupply { refills, cut_off } = refills;
    if ctx.json {
        output::json(&refills);
        return Ok(());
    }
    if !cut_off.is_empty() {
        println!(
            "Not resupplied, their supply is cut: {}.",
            cut_off.join(", ")
        );
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
