//! Planning battles: what a plan must satisfy to be made, changed or
//! cancelled, decided once for `battle new`, `battle edit` and `battle cancel`.
//! Each runs inside the caller's transaction, so one journal entry takes it back.

use chrono::NaiveDateTime;

use super::records::{format_time, BattleRecord};
use super::validate::check_battle;
use crate::core::kinds::Status;
use crate::store::battles::{self, ForceRef};
use crate::store::import::{insert_battle, known_codes};
use crate::store::queries;
use crate::store::records::CodeKind;
use crate::store::{forces, StoreError, Tx};

/// A stand in one of these states cannot be sent into a battle.
fn out_of_action(s: Status) -> bool {
    matches!(s, Status::Destroyed | Status::Captured | Status::Retired)
}

fn refused(field: &str, message: String) -> StoreError {
    StoreError::Refused(format!("--{field}: {message}"))
}

/// The checks of a plan against the campaign as it is: the import's rules
/// (`check_battle`), a start no earlier than the clock, and forces that can
/// fight (a stand named must not be destroyed, captured or retired; a unit
/// named must hold at least one stand that is not). `known_plan` is the plan
/// being replaced, whose start and forces were accepted already and are not
/// judged again.
fn check_plan(
    tx: &Tx,
    b: &BattleRecord,
    clock: NaiveDateTime,
    known_plan: Option<&BattleRecord>,
) -> Result<(), StoreError> {
    let mut known = known_codes(tx)?;
    if known_plan.is_some() {
        known.remove(&b.code);
    }
    if let Some(p) = check_battle(b, &known).into_iter().next() {
        return Err(refused(p.field, p.message));
    }
    if known_plan.is_none_or(|old| old.at != b.at) && b.at < clock {
        return Err(refused(
            "at",
            format!(
                "{} is before the campaign clock ({}); a battle is planned at or after it (`bounce status` shows the clock)",
                format_time(&b.at).replace('T', " "),
                format_time(&clock).replace('T', " ")
            ),
        ));
    }
    for (field, codes, old) in [
        ("attacker", &b.attacker, known_plan.map(|p| &p.attacker)),
        ("defender", &b.defender, known_plan.map(|p| &p.defender)),
    ] {
        for code in codes.iter().filter(|c| !old.is_some_and(|o| o.contains(c))) {
            let unit = known.get(code).is_some_and(|k| k.kind == CodeKind::Unit);
            let r = if unit {
                ForceRef::Unit(code.clone())
            } else {
                ForceRef::Stand(code.clone())
            };
            let stands = battles::stands_of(tx, &[r])?;
            if !unit {
                if let Some(s) = stands.first().filter(|s| out_of_action(s.record.status)) {
                    return Err(refused(
                        field,
                        format!(
                            "stand `{code}` is {}; it cannot fight (`bounce roster --all` shows every stand)",
                            s.record.status
                        ),
                    ));
                }
            } else if stands.iter().all(|s| out_of_action(s.record.status)) {
                return Err(refused(
                    field,
                    format!(
                        "unit `{code}` has no stand left that can fight (all destroyed, captured or retired)"
                    ),
                ));
            }
        }
    }
    if let Some(old) = known_plan {
        if !b.after.is_empty() && chain_reaches(tx, &b.after, &old.code)? {
            return Err(refused(
                "after",
                format!(
                    "`{}` follows `{}` itself; a chain cannot loop",
                    b.after, old.code
                ),
            ));
        }
    }
    Ok(())
}

/// Whether following `after` links back from `from` arrives at `target`.
fn chain_reaches(tx: &Tx, from: &str, target: &str) -> Result<bool, StoreError> {
    let mut at = Some(from.to_string());
    let mut steps = 0;
    while let Some(code) = at {
        if code == target {
            return Ok(true);
        }
        steps += 1;
        if steps > 10_000 {
            return Ok(true);
        }
        at = battles::battle(tx, &code)?.after;
    }
    Ok(false)
}

/// Plans a new battle after the checks; returns the journal's summary.
pub fn plan(tx: &Tx, b: &BattleRecord) -> Result<String, StoreError> {
    let known = known_codes(tx)?;
    if let Some(k) = known.get(&b.code) {
        return Err(StoreError::Refused(format!(
            "`{}` is already used by a {}",
            b.code,
            k.kind.as_str()
        )));
    }
    check_plan(tx, b, queries::campaign_info(tx)?.clock, None)?;
    insert_battle(tx, b)?;
    Ok(format!(
        "planned battle {} ({} vs {}, {})",
        b.code,
        b.attacker.join(","),
        b.defender.join(","),
        b.ruleset
    ))
}

/// The plan of a battle not yet fought, or why it cannot be changed.
fn planned(tx: &Tx, code: &str, doing: &str) -> Result<BattleRecord, StoreError> {
    let row = battles::battle(tx, code)?;
    if row.status != "planned" {
        return Err(StoreError::Refused(format!(
            "battle `{code}` has been fought, so it cannot be {doing}; `bounce history` and `bounce undo` take back a fight"
        )));
    }
    crate::store::export::battle_record(tx, code)
}

/// Changes a planned battle; `edit` says how. Returns the journal's summary.
pub fn edit(
    tx: &Tx,
    code: &str,
    edit: impl FnOnce(&mut BattleRecord),
) -> Result<String, StoreError> {
    let before = planned(tx, code, "edited")?;
    let mut b = before.clone();
    edit(&mut b);
    b.code = before.code.clone();
    if b == before {
        return Err(StoreError::Refused(format!(
            "{code}: nothing to change (each value given is what the plan already has); name a field with a new value"
        )));
    }
    check_plan(tx, &b, queries::campaign_info(tx)?.clock, Some(&before))?;
    forces::update_plan(tx, &b)?;
    let mut parts = Vec::new();
    let a = serde_json::to_value(&before).unwrap_or_default();
    let n = serde_json::to_value(&b).unwrap_or_default();
    if let (Some(a), Some(n)) = (a.as_object(), n.as_object()) {
        for (k, v) in n {
            let old = a.get(k).cloned().unwrap_or_default();
            if &old != v {
                parts.push(format!("{k} {old} → {v}"));
            }
        }
    }
    Ok(format!("battle {code}: {}", parts.join(", ")))
}

/// Cancels a planned battle that no other battle follows.
pub fn cancel(tx: &Tx, code: &str) -> Result<String, StoreError> {
    let b = planned(tx, code, "cancelled")?;
    let next = forces::battles_after(tx, code)?;
    if !next.is_empty() {
        return Err(StoreError::Refused(format!(
            "{} follow{} `{code}`; cancel {} first, or give {} another --after with `bounce battle edit`",
            next.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", "),
            if next.len() == 1 { "s" } else { "" },
            if next.len() == 1 { "it" } else { "them" },
            if next.len() == 1 { "it" } else { "them" },
        )));
    }
    forces::delete_plan(tx, code)?;
    Ok(format!(
        "cancelled battle {code} ({} vs {}, planned for {})",
        b.attacker.join(","),
        b.defender.join(","),
        format_time(&b.at).replace('T', " ")
    ))
}
