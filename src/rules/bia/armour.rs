//! Vehicle armour and penetration: whether a hit on a vehicle kills it.

use serde::Serialize;

use super::error::{check_roll, RuleError};
use super::range_table::cell;
use crate::core::kinds::{VehicleKind, Weapon};

/// Armour values by vehicle kind (aircraft and flyers count as unarmoured).
pub const ARMOUR: [(VehicleKind, i64); 6] = [
    (VehicleKind::Unarmoured, 0),
    (VehicleKind::LightTrack, 1),
    (VehicleKind::TrackTank, 3),
    (VehicleKind::Hoverbus, 4),
    (VehicleKind::Hovercar, 4),
    (VehicleKind::Hovertank, 6),
];

/// A penetration total this far above the armour blows the vehicle up.
pub const EXPLODES_OVER: i64 = 6;

pub fn armour_value(v: VehicleKind) -> i64 {
    ARMOUR
        .iter()
        .find(|(k, _)| *k == v)
        .map(|(_, a)| *a)
        .expect("every vehicle kind has an armour value")
}

/// What a hit did to a vehicle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PenetrationResult {
    NoEffect,
    Killed,
    Exploded,
}

impl PenetrationResult {
    pub fn as_str(self) -> &'static str {
        match self {
            PenetrationResult::NoEffect => "no_effect",
            PenetrationResult::Killed => "killed",
            PenetrationResult::Exploded => "exploded",
        }
    }
}

/// One penetration roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Penetration {
    /// The weapon's penetration at the band; `None` for no anti-armour value.
    pub penetration: Option<i64>,
    pub armour: i64,
    pub roll: i64,
    pub total: i64,
    pub result: PenetrationResult,
}

/// The result of a total against an armour value; a weapon without penetration
/// counts as 0 against unarmoured targets and cannot harm anything armoured.
pub fn penetration_result(pen: Option<i64>, roll: i64, armour: i64) -> (i64, PenetrationResult) {
    let total = roll + pen.unwrap_or(0);
    let result = match pen {
        None if armour > 0 => PenetrationResult::NoEffect,
        _ if total > armour + EXPLODES_OVER => PenetrationResult::Exploded,
        _ if total > armour => PenetrationResult::Killed,
        _ => PenetrationResult::NoEffect,
    };
    (total, result)
}

/// Rolls penetration for a hit by `weapon` at `range_cm` on a vehicle.
pub fn penetrate(
    weapon: Weapon,
    range_cm: i64,
    vehicle: VehicleKind,
    roll: i64,
) -> Result<Penetration, RuleError> {
    check_roll("1d10", roll, 1, 10)?;
    let (_, c) = cell(weapon, range_cm)?;
    let armour = armour_value(vehicle);
    let (total, result) = penetration_result(c.pen, roll, armour);
    Ok(Penetration {
        penetration: c.pen,
        armour,
        roll,
        total,
        result,
    })
}

/// Troops equipped with civilian weapons (BiA L235).
pub fn civilian(equipment: Option<crate::core::kinds::Equipment>) -> bool {
    equipment == Some(crate::core::kinds::Equipment::CivilianWeapons)
}

/// Whether a weapon can ever hurt a target: armoured vehicles shrug off
/// weapons without penetration, and people in HMA/MA and armoured vehicles
/// the fire of troops with civilian weapons (`civilian`).
pub fn can_harm(weapon: Weapon, civilian: bool, armour: i64, hard_infantry: bool) -> bool {
    let Ok(line) = super::range_table::line(weapon) else {
        return false;
    };
    let best = line.cells.iter().flatten().filter_map(|c| c.pen).max();
    crate::battle::setup::BiaProfile::harms(best, civilian, armour, hard_infantry)
}

/// What a stand is to the question "can that weapon ever hurt it".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    pub aircraft: bool,
    pub armour: i64,
    /// People in HMA or MA.
    pub hard: bool,
}

/// The profile of a stand as it enters a battle.
pub fn profile(s: &crate::battle::setup::StandSetup) -> Profile {
    use crate::core::kinds::{Equipment, StandType};
    let on_foot = !matches!(s.stand_type, StandType::Vehicle | StandType::Aircraft);
    Profile {
        aircraft: s.stand_type == StandType::Aircraft,
        armour: s.vehicle.map(armour_value).unwrap_or(0),
        hard: on_foot && matches!(s.equipment, Some(Equipment::Hma | Equipment::Ma)),
    }
}

/// Whether a stand's weapon can ever hurt a target: only air defence reaches
/// aircraft, and air defence reaches nothing else; `civilian` for a stand
/// with civilian weapons.
pub fn can_hurt(weapon: Option<Weapon>, civilian: bool, target: Profile) -> bool {
    let Some(w) = weapon else { return false };
    let air_defence = super::air_defence::system_of(w).is_some();
    if target.aircraft || air_defence {
        return target.aircraft && air_defence;
    }
    can_harm(w, civilian, target.armour, target.hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armour_values_match_the_document() {
        let printed = [
            ("unarmoured", 0),
            ("light_track", 1),
            ("track_tank", 3),
            ("hoverbus", 4),
            ("hovercar", 4),
            ("hovertank", 6),
        ];
        for (name, a) in printed {
            assert_eq!(armour_value(name.parse().unwrap()), a, "{name}");
        }
    }

    #[test]
    fn beat_the_armour_to_kill_beat_it_by_more_than_six_to_explode() {
        // Tank gun at 12 cm: penetration 1, against a track tank (3).
        let p = |roll| {
            penetrate(Weapon::TankGun, 12, VehicleKind::TrackTank, roll)
                .unwrap()
                .result
        };
        assert_eq!(p(2), PenetrationResult::NoEffect); // 3 is not above 3
        assert_eq!(p(3), PenetrationResult::Killed); // 4
        assert_eq!(p(8), PenetrationResult::Killed); // 9 is not above 3 + 6
        assert_eq!(p(9), PenetrationResult::Exploded); // 10 is
        assert_eq!(
            penetration_result(Some(4), 9, 6),
            (13, PenetrationResult::Exploded)
        );
        assert_eq!(
            penetration_result(Some(4), 8, 6),
            (12, PenetrationResult::Killed)
        );
    }

    #[test]
    fn no_penetration_cannot_harm_armour() {
        assert_eq!(
            penetration_result(None, 10, 1).1,
            PenetrationResult::NoEffect
        );
        assert_eq!(penetration_result(None, 5, 0).1, PenetrationResult::Killed);
        assert!(!can_harm(Weapon::LightSmallArms, false, 1, false));
        assert!(can_harm(Weapon::Rifles, false, 0, true));
        assert!(can_harm(Weapon::AtMissile, false, 6, false));
        assert!(can_harm(Weapon::LightSmallArms, false, 0, false));
    }

    #[test]
    fn hma_is_immune_to_civilian_weapons_only() {
        // BiA L235: troops with civilian weapons cannot hurt HMA or armour;
        // machine guns and rifles in other hands can hurt HMA (at −3).
        assert!(can_harm(Weapon::VehHmg, false, 0, true));
        assert!(can_harm(Weapon::VehLmg, false, 0, true));
        assert!(can_harm(Weapon::LightSmallArms, false, 0, true));
        assert!(!can_harm(Weapon::LightSmallArms, true, 0, true));
        assert!(!can_harm(Weapon::Rifles, true, 0, true));
        assert!(!can_harm(Weapon::Rifles, true, 1, false));
        assert!(can_harm(Weapon::Rifles, true, 0, false));
    }
}
