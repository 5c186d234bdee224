//! When an ineffective stand is whole again (BiA L486–490): the one test that
//! the post-battle sequence, `advance` and `check` share, so a stand the
//! clock would bring back is never left ineffective by one of them.

use super::records::StandRecord;
use crate::core::kinds::{StandType, Status};
use crate::rules::bia::hit_effects::hit_row;

/// People of the stand fit to fight: on its books and not in hospital.
pub fn fit(s: &StandRecord) -> i64 {
    (s.men - s.hits).max(0)
}

/// Whether an ineffective stand on foot is effective again with the hits it
/// has now: its fit people reach its hit-effects row's destroyed threshold
/// (the test L490 puts on survivors who re-form), and the people still in
/// hospital are fewer than the row's ineffective threshold (so the table
/// itself would call it effective). Vehicles and aircraft are out: their
/// crews do not re-form (L492–500), and their state is the machine's.
pub fn recovers(s: &StandRecord) -> bool {
    if s.status != Status::Ineffective
        || matches!(s.stand_type, StandType::Vehicle | StandType::Aircraft)
    {
        return false;
    }
    let row = hit_row(s.stand_type, s.training, s.equipment).effects();
    fit(s) >= row.destroyed && s.hits < row.ineffective
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::kinds::{Equipment, Training, Weapon};

    fn hma(men: i64, hits: i64, status: Status) -> StandRecord {
        StandRecord {
            code: "a2-2".into(),
            unit: "u".into(),
            name: String::new(),
            stand_type: StandType::Infantry,
            training: Training::Regular,
            actions: 0,
            equipment: Some(Equipment::Hma),
            vehicle: None,
            speed: None,
            weapon: Some(Weapon::SlaSquad),
            men,
            hits,
            officer: false,
            status,
            ammo: Some(12),
            ammo_max: Some(12),
            repair_until: None,
        }
    }

    #[test]
    fn a_whole_team_recovers_and_a_short_one_does_not() {
        // HMA: ineffective at 2 hits, destroyed at 4 (L498).
        assert!(recovers(&hma(4, 0, Status::Ineffective)), "review case B");
        assert!(!recovers(&hma(4, 1, Status::Ineffective)), "3 fit of 4");
        assert!(!recovers(&hma(3, 0, Status::Ineffective)), "one dead");
        assert!(!recovers(&hma(4, 0, Status::Destroyed)), "destroyed stays");
        assert!(
            !recovers(&hma(4, 0, Status::Effective)),
            "already effective"
        );
        // A militia section of ten with two in hospital: eight fit, two hits.
        let mut mil = hma(10, 2, Status::Ineffective);
        mil.training = Training::Trained;
        mil.equipment = Some(Equipment::AssaultRifles);
        assert!(recovers(&mil));
        mil.hits = 3;
        mil.men = 11;
        assert!(
            !recovers(&mil),
            "three in hospital: ineffective by the table"
        );
        let mut tank = hma(4, 0, Status::Ineffective);
        tank.stand_type = StandType::Vehicle;
        tank.equipment = None;
        assert!(!recovers(&tank));
    }
}
