//! `casualties` and `regroup`: the aid post after battles.

use serde::Serialize;

use super::output;
use super::{CliError, Ctx};
use crate::campaign::records::StandRecord;
use crate::core::kinds::Status;
use crate::rules::bia::hit_effects::hit_row;
use crate::rules::bia::regroup::{auto_groups, regroup as merge, AidPostStand};
use crate::store::import::{insert_stand, known_codes, update_stand};
use crate::store::queries::{self, StandFilter, StandRow};
use crate::store::Store;

pub fn casualties(
    ctx: &Ctx,
    pending: bool,
    stand: Option<String>,
    battle: Option<String>,
) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let rows = queries::casualties(store.conn(), pending, stand.as_deref(), battle.as_deref())?;
    if ctx.json {
        output::json(&rows);
    } else if rows.is_empty() {
        println!("No casualty records match.");
    } else {
        println!(
            "{}",
            output::table(
                &["#", "stand", "battle", "d10", "severity", "outcome", "returns"],
                rows.iter().map(|c| vec![
                    c.id.to_string(),
                    c.stand.clone(),
                    c.battle.clone().unwrap_or_default(),
                    c.roll.map(|r| r.to_string()).unwrap_or_else(|| "-".into()),
                    c.severity.clone(),
                    c.outcome.clone(),
                    c.returns_at
                        .clone()
                        .map(|t| t.replace('T', " "))
                        .unwrap_or_else(|| "-".into()),
                ]),
            )
        );
        println!("{} casualties.", rows.len());
    }
    Ok(())
}

#[derive(Serialize)]
struct Regrouped {
    code: String,
    sources: Vec<String>,
    training: String,
    men: i64,
    actions: i64,
}

fn aid_post_view(r: &StandRow) -> AidPostStand {
    let s = &r.record;
    AidPostStand {
        code: s.code.clone(),
        row: hit_row(s.stand_type, s.training, s.equipment),
        training: s.training,
        men: s.men,
        hits: s.hits,
        actions: s.actions,
    }
}

pub fn regroup(
    ctx: &Ctx,
    unit: Option<String>,
    auto: bool,
    stands: Vec<String>,
) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    // The plan is made from the stands as they are under the write lock.
    let plans = store.try_change::<_, CliError>("regroup", |tx| {
        let at_aid_post: Vec<StandRow> = queries::load_stands(
            tx,
            &StandFilter {
                unit,
                ..Default::default()
            },
        )?
        .into_iter()
        .filter(|r| r.record.status == Status::Ineffective)
        .collect();
        let groups: Vec<Vec<StandRow>> = if auto {
            if !stands.is_empty() {
                return Err(CliError::Usage(
                    "name stands or use --auto, not both".into(),
                ));
            }
            let mut out = Vec::new();
            let mut sides: Vec<&str> = at_aid_post.iter().map(|r| r.side.as_str()).collect();
            sides.dedup();
            for side in sides {
                let pool: Vec<AidPostStand> = at_aid_post
                    .iter()
                    .filter(|r| r.side == side)
                    .map(aid_post_view)
                    .collect();
                for g in auto_groups(&pool) {
                    out.push(
                        g.iter()
                            .map(|a| {
                                at_aid_post
                                    .iter()
                                    .find(|r| r.record.code == a.code)
                                    .cloned()
                                    .expect("from the pool")
                            })
                            .collect(),
                    );
                }
            }
            out
        } else {
            let mut group = Vec::new();
            for code in &stands {
                let row = queries::stand(tx, code)?;
                if row.record.status != Status::Ineffective {
                    return Err(CliError::Usage(format!(
                        "stand `{code}` is {}, not ineffective at the aid post",
                        row.record.status
                    )));
                }
                group.push(row);
            }
            if group.iter().any(|r| r.side != group[0].side) {
                return Err(CliError::Usage(
                    "stands of different sides cannot regroup together".into(),
                ));
            }
            vec![group]
        };
        let mut plans = Vec::new();
        let mut known = known_codes(tx)?;
        for g in &groups {
            let views: Vec<AidPostStand> = g.iter().map(aid_post_view).collect();
            let merged = merge(&views)
                .map_err(|e| CliError::Usage(format!("cannot regroup {}: {e}", stands_list(g))))?;
            let first = &g[0].record;
            let mut code = format!("{}-rg", first.code);
            let mut n = 2;
            while known.contains_key(&code) {
                code = format!("{}-rg{n}", first.code);
                n += 1;
            }
            known.insert(code.clone(), known[&first.code].clone());
            let new = StandRecord {
                code: code.clone(),
                name: format!("regrouped from {}", stands_list(g)),
                training: merged.training,
                actions: merged.actions,
                men: merged.men,
                hits: 0,
                status: Status::Effective,
                ammo: Some(
                    g.iter()
                        .map(|r| r.record.ammo.unwrap_or(0))
                        .max()
                        .unwrap_or(0),
                ),
                ammo_max: first.ammo_max,
                ..first.clone()
            };
            // The sources keep only their people still in hospital.
            let sources: Vec<StandRecord> = g
                .iter()
                .map(|r| {
                    let mut s = r.record.clone();
                    s.men = s.hits;
                    if s.men == 0 {
                        s.status = Status::Retired;
                    }
                    s
                })
                .collect();
            plans.push((new, sources, merged.sources));
        }
        if plans.is_empty() {
            return Err(CliError::Usage(
                "no ineffective stands can regroup (name them, or check `bounce roster --all`)"
                    .into(),
            ));
        }
        let summary = plans
            .iter()
            .map(|(n, _, src)| format!("{} from {}", n.code, src.join("+")))
            .collect::<Vec<_>>()
            .join("; ");
        for (new, sources, _) in &plans {
            insert_stand(tx, new)?;
            for s in sources {
                update_stand(tx, s)?;
            }
        }
        Ok((plans, format!("regrouped {summary}")))
    })?;
    let done: Vec<Regrouped> = plans
        .iter()
        .map(|(n, _, src)| Regrouped {
            code: n.code.clone(),
            sources: src.clone(),
            training: n.training.to_string(),
            men: n.men,
            actions: n.actions,
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

fn stands_list(g: &[StandRow]) -> String {
    g.iter()
        .map(|r| r.record.code.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
