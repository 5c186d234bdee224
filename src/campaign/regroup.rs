//! Regrouping at the aid post, as the campaign decides it: who is at the aid
//! post (ineffective stands, and the fit survivors of destroyed ones), which
//! stands merge (by hand or automatically, each stand at most once), what the
//! new stand is called, and what is left of the stands it came from.

use super::records::StandRecord;
use crate::core::kinds::Status;
use crate::rules::bia::hit_effects::hit_row;
use crate::rules::bia::regroup::{auto_groups, regroup as merge, AidPostStand};
use crate::store::import::{insert_stand, known_codes, update_stand};
use crate::store::queries::{self, StandFilter, StandRow};
use crate::store::{Db, StoreError, Tx};

/// One regrouping: the new stand and the stands it leaves behind.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub new: StandRecord,
    /// The sources, each keeping only its people still in hospital.
    pub sources: Vec<StandRecord>,
}

fn view(r: &StandRow) -> AidPostStand {
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

fn list(g: &[StandRow]) -> String {
    g.iter()
        .map(|r| r.record.code.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether a stand's people wait at the aid post: an ineffective stand, or a
/// destroyed one with fit survivors (its wounded back from hospital, its
/// unhurt). The survivors of a destroyed stand stay on its books, so they keep
/// their unit, training and experience, until a regroup takes them.
pub fn waits_at_aid_post(s: &StandRecord) -> bool {
    match s.status {
        Status::Ineffective => true,
        Status::Destroyed => s.men > s.hits,
        _ => false,
    }
}

/// Whether a stand's kind may regroup at all (BiA L492–500: not civilians,
/// recruits or vehicle crews).
pub fn may_regroup(s: &StandRecord) -> bool {
    hit_row(s.stand_type, s.training, s.equipment)
        .effects()
        .regroups
}

/// The stands at the aid post among `rows`, in their order.
pub fn at_aid_post(rows: Vec<StandRow>) -> Vec<StandRow> {
    rows.into_iter()
        .filter(|r| waits_at_aid_post(&r.record))
        .collect()
}

/// Groups for `regroup --auto`: per side, the rules' greedy grouping. Each side
/// is visited once, so no stand lands in two groups.
pub fn auto(at_aid_post: &[StandRow]) -> Vec<Vec<StandRow>> {
    let mut sides: Vec<&str> = at_aid_post.iter().map(|r| r.side.as_str()).collect();
    sides.sort_unstable();
    sides.dedup();
    let mut out = Vec::new();
    for side in sides {
        let pool: Vec<&StandRow> = at_aid_post.iter().filter(|r| r.side == side).collect();
        let views: Vec<AidPostStand> = pool.iter().map(|r| view(r)).collect();
        for g in auto_groups(&views) {
            out.push(
                g.iter()
                    .filter_map(|a| pool.iter().find(|r| r.record.code == a.code))
                    .map(|r| (*r).clone())
                    .collect(),
            );
        }
    }
    out
}

/// The group the umpire named: each stand once, all at the aid post, one side.
pub fn named(rows: Vec<StandRow>) -> Result<Vec<Vec<StandRow>>, String> {
    for (i, r) in rows.iter().enumerate() {
        if rows[..i].iter().any(|o| o.record.code == r.record.code) {
            return Err(format!("stand `{}` is named twice", r.record.code));
        }
        if !waits_at_aid_post(&r.record) {
            return Err(format!(
                "stand `{}` is {} with {} fit, not at the aid post (ineffective, or destroyed with survivors)",
                r.record.code,
                r.record.status,
                super::recovery::fit(&r.record)
            ));
        }
    }
    if rows.iter().any(|r| r.side != rows[0].side) {
        return Err("stands of different sides cannot regroup together".into());
    }
    Ok(vec![rows])
}

/// A free code for a stand regrouped from `base`: `BASE-rg`, then `BASE-rg2`,
/// … where BASE drops an earlier `-rg` suffix, so a second regroup does not
/// grow `-rg-rg`.
pub fn code_for(base: &str, taken: impl Fn(&str) -> bool) -> String {
    let stem = match base.rfind("-rg") {
        Some(i) if base[i + 3..].chars().all(|c| c.is_ascii_digit()) => &base[..i],
        _ => base,
    };
    let mut code = format!("{stem}-rg");
    let mut n = 2;
    while taken(&code) {
        code = format!("{stem}-rg{n}");
        n += 1;
    }
    code
}

/// Turns groups into plans; `taken` says which codes are in use.
pub fn plans(groups: &[Vec<StandRow>], taken: impl Fn(&str) -> bool) -> Result<Vec<Plan>, String> {
    let mut out: Vec<Plan> = Vec::new();
    for g in groups {
        let views: Vec<AidPostStand> = g.iter().map(view).collect();
        let merged = merge(&views).map_err(|e| format!("cannot regroup {}: {e}", list(g)))?;
        let first = &g[0].record;
        let code = code_for(&first.code, |c| {
            taken(c) || out.iter().any(|p: &Plan| p.new.code == c)
        });
        let new = StandRecord {
            code,
            name: format!("regrouped from {}", list(g)),
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
            repair_until: None,
            ..first.clone()
        };
        let sources = g
            .iter()
            .zip(&merged.taken)
            .map(|(r, taken)| {
                let mut s = r.record.clone();
                s.men -= taken;
                if s.men == 0 {
                    s.status = Status::Retired;
                }
                s
            })
            .collect();
        out.push(Plan { new, sources });
    }
    Ok(out)
}

/// The plans of `regroup --auto` for `unit` (or every unit), made from the
/// stands as they are inside the transaction; the inner error says why a
/// group cannot regroup.
pub fn plan_auto(tx: &Db, unit: Option<&str>) -> Result<Result<Vec<Plan>, String>, StoreError> {
    let waiting = at_aid_post(queries::load_stands(
        tx,
        &StandFilter {
            unit: unit.map(String::from),
            all: true,
            ..Default::default()
        },
    )?);
    plan_groups(tx, &auto(&waiting))
}

/// Plans for the given groups, with codes free in the campaign.
pub fn plan_groups(
    tx: &Db,
    groups: &[Vec<StandRow>],
) -> Result<Result<Vec<Plan>, String>, StoreError> {
    let known = known_codes(tx)?;
    Ok(plans(groups, |c| known.contains_key(c)))
}

/// Writes the plans: each new stand, and what is left of its sources.
pub fn write(tx: &Tx, plans: &[Plan]) -> Result<(), StoreError> {
    for p in plans {
        insert_stand(tx, &p.new)?;
        for s in &p.sources {
            update_stand(tx, s)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_do_not_grow_on_a_second_regroup() {
        let none = |_: &str| false;
        assert_eq!(code_for("a1-1", none), "a1-1-rg");
        assert_eq!(code_for("a1-1-rg", none), "a1-1-rg");
        assert_eq!(code_for("a1-1-rg", |c| c == "a1-1-rg"), "a1-1-rg2");
        assert_eq!(code_for("a1-1-rg2", |c| c == "a1-1-rg"), "a1-1-rg2");
        assert_eq!(code_for("org", none), "org-rg");
        assert_eq!(code_for("x-rgb", none), "x-rgb-rg");
    }
}
