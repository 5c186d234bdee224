//! Logistics decisions: how a resupply shares out a depot, and how
//! replacements change a stand. The store only reads and writes the numbers.

use std::collections::BTreeMap;

use serde::Serialize;

use super::records::StandRecord;
use crate::store::queries::{load_stands, StandFilter};
use crate::store::{logistics, StoreError, Tx};

/// One stand's refill.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refill {
    pub stand: String,
    pub side: String,
    pub before: i64,
    pub after: i64,
    pub wanted: i64,
}

/// The refills a resupply gives: stands in roster order, one supply point per
/// turn of fire, until their side's depot is empty (never below zero).
pub fn plan_resupply(
    stands: &[(StandRecord, String)],
    depots: &mut BTreeMap<String, i64>,
) -> Vec<Refill> {
    let mut out = Vec::new();
    for (s, side) in stands {
        let (ammo, max) = (s.ammo.unwrap_or(0), s.resolved_ammo_max());
        let wanted = max - ammo;
        if wanted <= 0 {
            continue;
        }
        let stock = depots.entry(side.clone()).or_insert(0);
        let given = wanted.min(*stock).max(0);
        *stock -= given;
        out.push(Refill {
            stand: s.code.clone(),
            side: side.clone(),
            before: ammo,
            after: ammo + given,
            wanted,
        });
    }
    out
}

/// Refills the stands of `unit` (or all) from their depots, and writes it.
pub fn resupply(tx: &Tx, unit: Option<&str>) -> Result<Vec<Refill>, StoreError> {
    let rows = load_stands(
        tx,
        &StandFilter {
            unit: unit.map(String::from),
            ..Default::default()
        },
    )?;
    let stands: Vec<(StandRecord, String)> = rows.into_iter().map(|r| (r.record, r.side)).collect();
    let mut depots = logistics::depots(tx)?;
    let refills = plan_resupply(&stands, &mut depots);
    for r in refills.iter().filter(|r| r.after != r.before) {
        logistics::set_ammo(tx, &r.stand, r.after)?;
    }
    for (side, points) in &depots {
        logistics::set_depot(tx, side, *points)?;
    }
    Ok(refills)
}

/// Replacements join a stand: its actions become the head-count weighted
/// average (rounded down), so fresh troops dilute experience (SPEC 5).
pub fn add_replacements(s: &mut StandRecord, men: i64, actions_of_new: i64) {
    let total = s.men + men;
    if total > 0 {
        s.actions = (s.men * s.actions + men * actions_of_new) / total;
    }
    s.men = total;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::kinds::{StandType, Status, Training};

    fn stand(code: &str, ammo: i64) -> StandRecord {
        StandRecord {
            code: code.into(),
            unit: "u".into(),
            name: String::new(),
            stand_type: StandType::Infantry,
            training: Training::Regular,
            actions: 10,
            equipment: None,
            vehicle: None,
            speed: None,
            weapon: None,
            men: 4,
            hits: 0,
            officer: false,
            status: Status::Effective,
            ammo: Some(ammo),
            ammo_max: Some(12),
            repair_until: None,
        }
    }

    #[test]
    fn a_depot_runs_dry_in_roster_order_and_never_below_zero() {
        let stands = vec![
            (stand("a", 2), "x".to_string()),
            (stand("b", 6), "x".to_string()),
            (stand("c", 12), "x".to_string()),
        ];
        let mut depots = BTreeMap::from([("x".to_string(), 13)]);
        let r = plan_resupply(&stands, &mut depots);
        assert_eq!(r.len(), 2, "a full stand wants nothing");
        assert_eq!((r[0].after, r[1].after), (12, 9));
        assert_eq!(depots["x"], 0);
    }

    #[test]
    fn replacements_dilute_experience() {
        let mut s = stand("a", 12);
        add_replacements(&mut s, 4, 0);
        assert_eq!((s.men, s.actions), (8, 5));
    }
}
