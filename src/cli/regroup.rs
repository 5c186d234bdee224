//! `regroup`: merge what is left of shattered stands into new ones.

use serde::Serialize;

use super::output;
use super::{CliError, Ctx};
use crate::campaign::regroup;
use crate::store::import::{insert_stand, known_codes, update_stand};
use crate::store::queries::{self, StandFilter, StandRow};
use crate::store::Store;

#[derive(Serialize)]
struct Regrouped {
    code: String,
    sources: Vec<String>,
    training: String,
    men: i64,
    actions: i64,
}

pub fn regroup(
    ctx: &Ctx,
    unit: Option<String>,
    auto: bool,
    stands: Vec<String>,
) -> Result<(), CliError> {
    if auto && !stands.is_empty() {
        return Err(CliError::Usage(
            "name stands or use --auto, not both".into(),
        ));
    }
    let mut store = Store::open(&ctx.db)?;
    // The plan is made from the stands as they are under the write lock.
    let plans = store.try_change::<_, CliError>("regroup", |tx| {
        let groups = if auto {
            let at_aid_post: Vec<StandRow> = regroup::at_aid_post(queries::load_stands(
                tx,
                &StandFilter {
                    unit: unit.clone(),
                    all: true,
                    ..Default::default()
                },
            )?);
            regroup::auto(&at_aid_post)
        } else {
            let rows = stands
                .iter()
                .map(|code| queries::stand(tx, code))
                .collect::<Result<Vec<_>, _>>()?;
            regroup::named(rows).map_err(CliError::Usage)?
        };
        let known = known_codes(tx)?;
        let plans = regroup::plans(&groups, |c| known.contains_key(c)).map_err(CliError::Usage)?;
        if plans.is_empty() {
            return Err(CliError::Usage(
                "no ineffective stands can regroup (name them, or check `bounce roster --all`)"
                    .into(),
            ));
        }
        for p in &plans {
            insert_stand(tx, &p.new)?;
            for s in &p.sources {
                update_stand(tx, s)?;
            }
        }
        let summary = plans
            .iter()
            .map(|p| format!("{} from {}", p.new.code, source_codes(p).join("+")))
            .collect::<Vec<_>>()
            .join("; ");
        Ok((plans, format!("regrouped {summary}")))
    })?;
    let done: Vec<Regrouped> = plans
        .iter()
        .map(|p| Regrouped {
            code: p.new.code.clone(),
            sources: source_codes(p),
            training: p.new.training.to_string(),
            men: p.new.men,
            actions: p.new.actions,
        })
        .collect();
    if ctx.json {
        output::json(&done);
    } else {
        for r in &done {
            println!(
                "Regrouped {} into {}: {} {} men, {} actions.",
                r.sources.join(" + "),
                r.code,
                r.men,
                r.training,
                r.actions
            );
        }
    }
    Ok(())
}

fn source_codes(p: &regroup::Plan) -> Vec<String> {
    p.sources.iter().map(|s| s.code.clone()).collect()
}
