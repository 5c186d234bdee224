//! `stand show`: one stand in detail, its morale explained, its service and
//! casualties.

use super::*;

pub(super) fn show(ctx: &Ctx, code: &str) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let row = queries::stand(store.conn(), code)?;
    let morale = morale_of(&store, &row)?;
    let doc = doc_with(row, &morale);
    let service = queries::service(store.conn(), code)?;
    let casualties = queries::casualties(store.conn(), false, Some(code), None)?;
    if ctx.json {
        output::json(&ShowDoc {
            stand: doc,
            morale_breakdown: morale,
            service,
            casualties,
        });
        return Ok(());
    }
    let title = if doc.name.is_empty() {
        format!("Stand {}", doc.code)
    } else {
        format!("Stand {} — {}", doc.code, doc.name)
    };
    let rows: Vec<[String; 2]> = vec![
        [
            "side / command / unit".into(),
            format!("{} / {} / {}", doc.side, doc.command, doc.unit),
        ],
        ["type".into(), doc.stand_type.to_string()],
        ["training".into(), doc.training.to_string()],
        [
            "experience".into(),
            format!("{} ({} actions)", doc.experience, doc.actions),
        ],
        ["equipment / vehicle".into(), doc.kit()],
        [
            "weapon".into(),
            doc.weapon
                .map(|w| w.to_string())
                .unwrap_or_else(|| "-".into()),
        ],
        ["men / hits".into(), format!("{} / {}", doc.men, doc.hits)],
        [
            "officer with stand".into(),
            crate::cli::campaign::yes_no(doc.officer),
        ],
        ["status".into(), doc.status.to_string()],
        [
            "ammunition".into(),
            format!("{} of {} turns", doc.ammo, doc.ammo_max),
        ],
    ];
    output::titled(&title, output::pairs(rows));
    println!();
    crate::cli::morale::print_breakdown(&doc.code, &morale);
    if !service.is_empty() {
        println!();
        output::titled(
            "Battles fought",
            output::table(
                &["battle", "at", "role", "hits", "status after", "actions +"],
                service.iter().map(|b| {
                    vec![
                        b.battle.clone(),
                        b.at.replace('T', " "),
                        b.role.clone(),
                        b.hits_taken.to_string(),
                        b.status_after.clone(),
                        b.actions_gained.to_string(),
                    ]
                }),
            ),
        );
    }
    if !casualties.is_empty() {
        println!();
        output::titled(
            "Casualties",
            output::table(
                &["#", "battle", "severity", "outcome", "returns"],
                casualties.iter().map(|c| {
                    vec![
                        c.id.to_string(),
                        c.battle.clone().unwrap_or_default(),
                        c.severity.clone(),
                        c.outcome.clone(),
                        c.returns_at
                            .clone()
                            .map(|t| t.replace('T', " "))
                            .unwrap_or_else(|| "-".into()),
                    ]
                }),
            ),
        );
    }
    Ok(())
}
