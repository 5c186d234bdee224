//! Aircraft and air defence on the ACTION scale (ACTION has neither): an
//! aircraft attacks from the BiA attack range of its speed, counted as
//! elevation levels (each adds a grid of range); only air-defence weapons can
//! attack it, with a weapon value of 10 × (10 − the BiA lock-on number for its
//! line and the aircraft's speed). The numbers are copied from
//! `rules/bia/air_defence.rs`.

use crate::core::kinds::{AircraftSpeed, Weapon};

/// The lock-on lines of BiA's air-defence chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdLine {
    HeavySam,
    LightSam,
    OtherAd,
}

/// Lock-on numbers by line and speed (landing, very slow, slow, fast); `None`: cannot.
#[rustfmt::skip]
pub const LOCK_ON: [(AdLine, [Option<i64>; 4]); 3] = [
    (AdLine::HeavySam, [None, Some(2), Some(4), Some(6)]),
    (AdLine::LightSam, [Some(2), Some(4), Some(6), Some(8)]),
    (AdLine::OtherAd, [Some(4), Some(6), Some(8), Some(9)]),
];

/// The line an air-defence weapon fires on; `None` for ground weapons.
pub fn ad_line(weapon: Weapon) -> Option<AdLine> {
    match weapon {
        Weapon::HeavySam | Weapon::VehicleSam => Some(AdLine::HeavySam),
        Weapon::Manpad | Weapon::MultiCannon => Some(AdLine::LightSam),
        Weapon::OtherGuided => Some(AdLine::OtherAd),
        _ => None,
    }
}

/// An air-defence weapon's value against an aircraft of `speed`; `None` when
/// it cannot engage it.
pub fn ad_value(weapon: Weapon, speed: AircraftSpeed) -> Option<i64> {
    let line = ad_line(weapon)?;
    let row = LOCK_ON.iter().find(|(l, _)| *l == line)?.1;
    row[speed as usize].map(|n| 10 * (10 - n))
}

/// An air-defence weapon's best value (against its easiest aircraft), 0 for
/// ground weapons: what it is worth in design points.
pub fn best_ad_value(weapon: Weapon) -> i64 {
    [
        AircraftSpeed::Landing,
        AircraftSpeed::VerySlow,
        AircraftSpeed::Slow,
        AircraftSpeed::Fast,
    ]
    .into_iter()
    .filter_map(|s| ad_value(weapon, s))
    .max()
    .unwrap_or(0)
}

/// Grids above the battlefield an aircraft attacks from: the BiA attack range
/// of its speed (fast 30 cm, slow 10, very slow or landing 5) in grids.
pub fn attack_grids(speed: AircraftSpeed) -> i64 {
    super::range::grids_from_cm(match speed {
        AircraftSpeed::Fast => 30,
        AircraftSpeed::Slow => 10,
        AircraftSpeed::VerySlow | AircraftSpeed::Landing => 5,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_from_the_lock_on_table() {
        use AircraftSpeed::*;
        assert_eq!(ad_value(Weapon::HeavySam, Landing), None);
        assert_eq!(ad_value(Weapon::HeavySam, VerySlow), Some(80));
        assert_eq!(ad_value(Weapon::Manpad, Slow), Some(40));
        assert_eq!(ad_value(Weapon::MultiCannon, Fast), Some(20));
        assert_eq!(ad_value(Weapon::OtherGuided, Fast), Some(10));
        assert_eq!(ad_value(Weapon::OtherGuided, Landing), Some(60));
        assert_eq!(ad_value(Weapon::Rifles, Slow), None);
        assert_eq!(best_ad_value(Weapon::HeavySam), 80);
        assert_eq!(best_ad_value(Weapon::Manpad), 80);
        assert_eq!(best_ad_value(Weapon::OtherGuided), 60);
        assert_eq!(best_ad_value(Weapon::TankGun), 0);
        assert_eq!(
            [Fast, Slow, VerySlow, Landing].map(attack_grids),
            [12, 4, 2, 2]
        );
    }
}
