//! What-if variants of a planned battle (`battle odds CODE --compare SPEC…`):
//! a variant names changes to the plan — units or stands added to a side,
//! stands left out, another opening range or defender cover — and becomes a
//! battle setup through the same decisions as the plan itself (who is fit to
//! fight, leadership, morale numbers). Nothing is written.
//!
//! A spec is one or more changes joined by commas, each `KEY=VALUE`:
//! `add-attacker=UNIT|STAND`, `add-defender=UNIT|STAND`, `remove=STAND|UNIT`,
//! `range=CM`, `cover=open|cover|bunker`; e.g. `add-attacker=b-tank,range=40`.
//! Adds are applied before removes; range and cover may each appear once.

use std::fmt;

use super::battle::{fighting_stands, planned_forces, setup_with};
use super::error::CampaignError;
use super::records::BattleRecord;
use super::validate::{check_battle, CodeKind, KnownCodes};
use crate::battle::result::Role;
use crate::battle::setup::BattleSetup;
use crate::core::kinds::Cover;
use crate::store::battles::{BattleRow, ForceRef};
use crate::store::import::known_codes;
use crate::store::{Db, StoreError};

/// What to write, shown with every refused spec.
pub const SPEC_HELP: &str = "write KEY=VALUE changes joined by commas: add-attacker=UNIT|STAND, \
add-defender=UNIT|STAND, remove=STAND|UNIT, range=CM (1 or more), cover=open|cover|bunker; \
e.g. --compare add-attacker=b-tank,range=40";

/// One change to the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A unit (with the units under it) or a stand joins a side.
    Add(Role, String),
    /// A stand (or every stand of a unit) stays out of the battle.
    Remove(String),
    Range(i64),
    Cover(Cover),
}

/// A variant of the plan: the spec as written and its changes in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    pub spec: String,
    pub changes: Vec<Change>,
}

/// A spec that cannot be read, or a change the campaign cannot make.
#[derive(Debug, thiserror::Error)]
pub enum WhatIfError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Invalid(#[from] CampaignError),
}

fn invalid(spec: &str, message: impl fmt::Display) -> CampaignError {
    CampaignError::Invalid {
        field: format!("--compare `{spec}`"),
        message: message.to_string(),
    }
}

impl Variant {
    /// Reads a spec; the error says what is wrong and what to write.
    pub fn parse(spec: &str) -> Result<Variant, CampaignError> {
        let bad = |m: String| invalid(spec, format!("{m}; {SPEC_HELP}"));
        let mut changes = Vec::new();
        if spec.trim().is_empty() {
            return Err(bad("the variant is empty".into()));
        }
        for part in spec.split(',') {
            let part = part.trim();
            let Some((key, value)) = part.split_once('=') else {
                return Err(bad(if part.is_empty() {
                    "an empty change (two commas, or one at an end)".into()
                } else {
                    format!("`{part}` has no `=`")
                }));
            };
            let (key, value) = (key.trim(), value.trim());
            if value.is_empty() {
                return Err(bad(format!("`{key}=` has no value")));
            }
            let change = match key {
                "add-attacker" => Change::Add(Role::Attacker, value.to_string()),
                "add-defender" => Change::Add(Role::Defender, value.to_string()),
                "remove" => Change::Remove(value.to_string()),
                "range" => match value.parse::<i64>() {
                    Ok(cm) if cm >= 1 => Change::Range(cm),
                    Ok(cm) => {
                        return Err(bad(format!(
                            "range={cm}: the opening range is at least 1 cm"
                        )))
                    }
                    Err(_) => {
                        return Err(bad(format!(
                            "range={value}: give whole table centimetres, e.g. range=40"
                        )))
                    }
                },
                "cover" => match value.parse::<Cover>() {
                    Ok(c) => Change::Cover(c),
                    Err(e) => return Err(bad(e.to_string())),
                },
                other => return Err(bad(format!("unknown change `{other}`"))),
            };
            let twice = |c: &Change| {
                matches!(
                    (c, &change),
                    (Change::Range(_), Change::Range(_)) | (Change::Cover(_), Change::Cover(_))
                )
            };
            if changes.iter().any(twice) {
                return Err(bad(format!("`{key}` is given twice in one variant")));
            }
            changes.push(change);
        }
        Ok(Variant {
            spec: spec.to_string(),
            changes,
        })
    }
}

fn force_ref(known: &KnownCodes, code: &str) -> Option<ForceRef> {
    match known.get(code)?.kind {
        CodeKind::Unit => Some(ForceRef::Unit(code.to_string())),
        CodeKind::Stand => Some(ForceRef::Stand(code.to_string())),
        _ => None,
    }
}

/// The setup of battle `b` changed as `v` says, through the same builder as
/// the plan. Refuses a change that names nothing known, adds no stand that can
/// fight, puts a side's unit on the other side, or removes a stand that is not
/// in the battle.
pub fn variant_setup(
    conn: &Db,
    b: &BattleRow,
    turn_limit: u32,
    v: &Variant,
) -> Result<BattleSetup, WhatIfError> {
    let spec = v.spec.as_str();
    let known = known_codes(conn)?;
    let mut battle = b.clone();
    let mut forces = planned_forces(conn, b)?;
    let in_battle = |forces: &super::battle::Forces| -> Result<Vec<String>, StoreError> {
        let mut codes = Vec::new();
        for role in [Role::Attacker, Role::Defender] {
            codes.extend(
                fighting_stands(conn, forces.of(role), b.at)?
                    .into_iter()
                    .map(|r| r.record.code),
            );
        }
        Ok(codes)
    };
    for change in &v.changes {
        let Change::Add(role, code) = change else {
            continue;
        };
        let Some(r) = force_ref(&known, code) else {
            let what = match known.get(code) {
                Some(k) => format!("`{code}` is a {}", k.kind.as_str()),
                None => format!("no unit or stand `{code}`"),
            };
            return Err(invalid(
                spec,
                format!(
                    "{what}; add-{}= takes a unit or stand code (`bounce roster` lists them)",
                    role.as_str()
                ),
            )
            .into());
        };
        let already = in_battle(&forces)?;
        let new: Vec<String> = fighting_stands(conn, std::slice::from_ref(&r), b.at)?
            .into_iter()
            .map(|s| s.record.code)
            .filter(|c| !already.contains(c))
            .collect();
        if new.is_empty() {
            return Err(invalid(
                spec,
                format!(
                    "`{code}` adds no stand: each of its stands already fights in `{}` or is not fit to fight (not effective, or under repair) at its time; name a unit or stand that takes no part yet",
                    b.code
                ),
            )
            .into());
        }
        match role {
            Role::Attacker => forces.attacker.push(r),
            Role::Defender => forces.defender.push(r),
        }
    }
    // The sides must still be one against the other, as for a planned battle.
    let record = BattleRecord {
        code: b.code.clone(),
        name: b.name.clone(),
        at: b.at,
        attacker: forces
            .attacker
            .iter()
            .map(|r| r.code().to_string())
            .collect(),
        defender: forces
            .defender
            .iter()
            .map(|r| r.code().to_string())
            .collect(),
        after: b.after.clone().unwrap_or_default(),
        ruleset: b.ruleset.clone(),
        range: b.range_cm,
        defender_cover: b.defender_cover,
        terrain: b.terrain.clone(),
        briefing: b.briefing.clone(),
        result: None,
    };
    if let Some(p) = check_battle(&record, &known)
        .into_iter()
        .find(|p| p.field == "attacker" || p.field == "defender")
    {
        return Err(invalid(
            spec,
            format!(
                "{} side: {}; add-{0}= takes units and stands of the {0}'s own side",
                p.field, p.message
            ),
        )
        .into());
    }
    let fighting = in_battle(&forces)?;
    for change in &v.changes {
        match change {
            Change::Add(..) => {}
            Change::Range(cm) => battle.range_cm = *cm,
            Change::Cover(c) => battle.defender_cover = *c,
            Change::Remove(code) => {
                let out: Vec<String> = match force_ref(&known, code) {
                    Some(r) => fighting_stands(conn, &[r], b.at)?
                        .into_iter()
                        .map(|s| s.record.code)
                        .filter(|c| fighting.contains(c))
                        .collect(),
                    None => Vec::new(),
                };
                if out.is_empty() {
                    let mut listed: Vec<&str> =
                        fighting.iter().map(String::as_str).take(12).collect();
                    if fighting.len() > listed.len() {
                        listed.push("…");
                    }
                    return Err(invalid(
                        spec,
                        format!(
                            "`{code}` is not a stand (or unit) fighting in `{}`; remove= takes one of its stands: {}",
                            b.code,
                            listed.join(", ")
                        ),
                    )
                    .into());
                }
                forces.left_out.extend(out);
            }
        }
    }
    for role in [Role::Attacker, Role::Defender] {
        let left = fighting_stands(conn, forces.of(role), b.at)?
            .into_iter()
            .filter(|s| !forces.left_out.contains(&s.record.code))
            .count();
        if left == 0 {
            return Err(invalid(
                spec,
                format!(
                    "leaves the {} no stand that can fight; remove fewer stands",
                    role.as_str()
                ),
            )
            .into());
        }
    }
    Ok(setup_with(conn, &battle, turn_limit, &forces)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changes(spec: &str) -> Vec<Change> {
        Variant::parse(spec).expect(spec).changes
    }

    fn refused(spec: &str) -> String {
        Variant::parse(spec).expect_err(spec).to_string()
    }

    #[test]
    fn each_key_reads_its_value() {
        assert_eq!(
            changes("add-attacker=b-tank"),
            vec![Change::Add(Role::Attacker, "b-tank".into())]
        );
        assert_eq!(
            changes("add-defender=mil-2"),
            vec![Change::Add(Role::Defender, "mil-2".into())]
        );
        assert_eq!(changes("remove=a1-1"), vec![Change::Remove("a1-1".into())]);
        assert_eq!(changes("range=40"), vec![Change::Range(40)]);
        assert_eq!(changes("cover=bunker"), vec![Change::Cover(Cover::Bunker)]);
        assert_eq!(changes("cover=open"), vec![Change::Cover(Cover::Open)]);
    }

    #[test]
    fn changes_join_with_commas_and_keep_the_spec() {
        let v = Variant::parse("add-attacker=b-tank, range=40,remove=a1-1").unwrap();
        assert_eq!(v.spec, "add-attacker=b-tank, range=40,remove=a1-1");
        assert_eq!(
            v.changes,
            vec![
                Change::Add(Role::Attacker, "b-tank".into()),
                Change::Range(40),
                Change::Remove("a1-1".into())
            ]
        );
        assert_eq!(
            changes("add-attacker=a,add-attacker=b").len(),
            2,
            "several units may join"
        );
    }

    #[test]
    fn bad_specs_say_what_to_write() {
        for (spec, says) in [
            ("", "empty"),
            ("range=40,", "empty change"),
            ("range", "has no `=`"),
            ("range=", "has no value"),
            ("range=0", "at least 1 cm"),
            ("range=-5", "at least 1 cm"),
            ("range=4.5", "whole table centimetres"),
            ("range=far", "whole table centimetres"),
            ("cover=trench", "unknown defender cover `trench`"),
            ("speed=3", "unknown change `speed`"),
            ("range=40,range=50", "twice"),
            ("cover=open,cover=bunker", "twice"),
        ] {
            let m = refused(spec);
            assert!(m.contains(says), "{spec:?}: {m}");
            assert!(m.contains("add-attacker=UNIT|STAND"), "{spec:?}: {m}");
        }
    }
}
