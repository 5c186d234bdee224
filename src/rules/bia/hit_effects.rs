//! Hit effects on stands: how many hits make a stand ineffective or destroyed,
//! and which kinds of stand may regroup.

use serde::Serialize;

use crate::core::kinds::{Equipment, StandType, Status, Training};

/// The rows of the hit-effects table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HitRow {
    Civilians,
    Recruits,
    Militia,
    Lta,
    Hma,
    Marines,
    SpecialForces,
    VehicleCrews,
}

/// One row: hits to become ineffective, hits to be destroyed, may regroup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HitEffects {
    pub ineffective: i64,
    pub destroyed: i64,
    pub regroups: bool,
}

const fn h(ineffective: i64, destroyed: i64, regroups: bool) -> HitEffects {
    HitEffects {
        ineffective,
        destroyed,
        regroups,
    }
}

pub const HIT_EFFECTS: [(HitRow, HitEffects); 8] = [
    (HitRow::Civilians, h(10, 50, false)),
    (HitRow::Recruits, h(10, 30, false)),
    (HitRow::Militia, h(3, 8, true)),
    (HitRow::Lta, h(2, 4, true)),
    (HitRow::Hma, h(2, 4, true)),
    (HitRow::Marines, h(4, 4, true)),
    (HitRow::SpecialForces, h(2, 2, true)),
    (HitRow::VehicleCrews, h(2, 4, false)),
];

impl HitRow {
    pub fn effects(self) -> HitEffects {
        HIT_EFFECTS
            .iter()
            .find(|(r, _)| *r == self)
            .map(|(_, e)| *e)
            .expect("every row is in the table")
    }
}

/// The row a stand uses: by training for civilians, recruits and special
/// forces, else by equipment; vehicles and aircraft use the crew row.
pub fn hit_row(stand_type: StandType, training: Training, equipment: Option<Equipment>) -> HitRow {
    if matches!(stand_type, StandType::Vehicle | StandType::Aircraft) {
        return HitRow::VehicleCrews;
    }
    match training {
        Training::Civilian => HitRow::Civilians,
        Training::Recruits => HitRow::Recruits,
        Training::SpecialForces => HitRow::SpecialForces,
        _ => match equipment {
            Some(Equipment::Ma) => HitRow::Marines,
            Some(Equipment::Hma) => HitRow::Hma,
            Some(Equipment::Lta) => HitRow::Lta,
            Some(Equipment::CivilianWeapons | Equipment::AssaultRifles) | None => HitRow::Militia,
        },
    }
}

/// Effective, ineffective or destroyed by hits alone. A small stand goes out
/// when all its people are hit even below the row's thresholds.
pub fn status_for_hits(row: HitRow, hits: i64, men: i64) -> Status {
    let e = row.effects();
    if hits >= e.destroyed || (men > 0 && hits >= men) {
        Status::Destroyed
    } else if hits >= e.ineffective {
        Status::Ineffective
    } else {
        Status::Effective
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_the_document() {
        let printed = [
            (HitRow::Civilians, 10, 50, false),
            (HitRow::Recruits, 10, 30, false),
            (HitRow::Militia, 3, 8, true),
            (HitRow::Lta, 2, 4, true),
            (HitRow::Hma, 2, 4, true),
            (HitRow::Marines, 4, 4, true),
            (HitRow::SpecialForces, 2, 2, true),
            (HitRow::VehicleCrews, 2, 4, false),
        ];
        for (row, i, d, r) in printed {
            assert_eq!(row.effects(), h(i, d, r), "{row:?}");
        }
    }

    #[test]
    fn rows_follow_training_then_equipment() {
        use Equipment::*;
        let inf = StandType::Infantry;
        assert_eq!(
            hit_row(inf, Training::Civilian, Some(CivilianWeapons)),
            HitRow::Civilians
        );
        assert_eq!(
            hit_row(inf, Training::Recruits, Some(AssaultRifles)),
            HitRow::Recruits
        );
        assert_eq!(
            hit_row(inf, Training::SpecialForces, Some(Hma)),
            HitRow::SpecialForces
        );
        assert_eq!(hit_row(inf, Training::Regular, Some(Ma)), HitRow::Marines);
        assert_eq!(hit_row(inf, Training::Regular, Some(Hma)), HitRow::Hma);
        assert_eq!(hit_row(inf, Training::Trained, Some(Lta)), HitRow::Lta);
        assert_eq!(
            hit_row(inf, Training::Trained, Some(AssaultRifles)),
            HitRow::Militia
        );
        assert_eq!(
            hit_row(StandType::Vehicle, Training::Regular, None),
            HitRow::VehicleCrews
        );
    }

    #[test]
    fn status_by_hits() {
        assert_eq!(status_for_hits(HitRow::Hma, 1, 4), Status::Effective);
        assert_eq!(status_for_hits(HitRow::Hma, 2, 4), Status::Ineffective);
        assert_eq!(status_for_hits(HitRow::Hma, 4, 4), Status::Destroyed);
        assert_eq!(status_for_hits(HitRow::Lta, 1, 1), Status::Destroyed);
        assert_eq!(status_for_hits(HitRow::Militia, 3, 8), Status::Ineffective);
    }
}
