//! Air defence: each system's reach, its lock-on and firing adjustments, and
//! the lock-on numbers by aircraft speed; and where aircraft attack from.

use serde::Serialize;

use crate::core::kinds::{AircraftSpeed, Equipment, Weapon};

/// The firing-chart lines of the lock-on table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AdLine {
    HeavySam,
    LightSam,
    OtherAd,
}

/// Whether and how a system can lock on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lock {
    /// Locks on with no adjustment.
    Yes,
    /// Locks on with this adjustment to the die.
    At(i64),
    /// Cannot lock on.
    No,
}

/// The air-defence systems.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AdSystem {
    HeavySam,
    VehicleSam,
    Manpad,
    MultiCannon,
    OtherGuided,
    HmaInfantry,
    LtaInfantry,
    OtherInfantry,
}

/// One system's line: reach in metres, lock-on, firing adjustment, chart line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdEntry {
    pub range_m: i64,
    pub lock: Lock,
    pub firing: i64,
    pub line: AdLine,
}

const fn e(range_m: i64, lock: Lock, firing: i64, line: AdLine) -> AdEntry {
    AdEntry {
        range_m,
        lock,
        firing,
        line,
    }
}

#[rustfmt::skip]
pub const AD_SYSTEMS: [(AdSystem, AdEntry); 8] = [
    (AdSystem::HeavySam, e(50_000, Lock::Yes, 0, AdLine::HeavySam)),
    (AdSystem::VehicleSam, e(20_000, Lock::Yes, 0, AdLine::HeavySam)),
    (AdSystem::Manpad, e(10_000, Lock::Yes, 0, AdLine::LightSam)),
    (AdSystem::MultiCannon, e(2_000, Lock::At(-2), 0, AdLine::LightSam)),
    (AdSystem::OtherGuided, e(2_000, Lock::At(-4), 0, AdLine::OtherAd)),
    (AdSystem::HmaInfantry, e(2_000, Lock::At(-4), -1, AdLine::OtherAd)),
    (AdSystem::LtaInfantry, e(2_000, Lock::No, -2, AdLine::OtherAd)),
    (AdSystem::OtherInfantry, e(300, Lock::No, -4, AdLine::OtherAd)),
];

/// Lock-on numbers by line and speed (landing, very slow, slow, fast); `None` = cannot.
#[rustfmt::skip]
pub const LOCK_ON: [(AdLine, [Option<i64>; 4]); 3] = [
    (AdLine::HeavySam, [None, Some(2), Some(4), Some(6)]),
    (AdLine::LightSam, [Some(2), Some(4), Some(6), Some(8)]),
    (AdLine::OtherAd, [Some(4), Some(6), Some(8), Some(9)]),
];

pub fn ad_entry(system: AdSystem) -> AdEntry {
    AD_SYSTEMS
        .iter()
        .find(|(s, _)| *s == system)
        .map(|(_, e)| *e)
        .expect("every system is in the table")
}

/// The number to roll for lock-on (and, as decided, to hit) against a speed.
pub fn lock_on_number(line: AdLine, speed: AircraftSpeed) -> Option<i64> {
    let row = LOCK_ON
        .iter()
        .find(|(l, _)| *l == line)
        .map(|(_, r)| r)
        .expect("every line is in the table");
    row[speed as usize]
}

/// The air-defence system a weapon id stands for, if any.
pub fn system_of(weapon: Weapon) -> Option<AdSystem> {
    match weapon {
        Weapon::HeavySam => Some(AdSystem::HeavySam),
        Weapon::VehicleSam => Some(AdSystem::VehicleSam),
        Weapon::Manpad => Some(AdSystem::Manpad),
        Weapon::MultiCannon => Some(AdSystem::MultiCannon),
        Weapon::OtherGuided => Some(AdSystem::OtherGuided),
        _ => None,
    }
}

/// The air-defence system a foot stand fires at aircraft with (BiA
/// L453–457): an air-defence weapon as itself; the infantry's own squad and
/// personal weapons on the HMA, LTA or other-infantry line by the armour the
/// stand wears; an AT missile as one of the "other guided weapons". Anything
/// else (crew-served machine guns, HE missiles) the table does not name.
pub fn foot_system(equipment: Option<Equipment>, weapon: Weapon) -> Option<AdSystem> {
    match weapon {
        Weapon::SlaSquad
        | Weapon::SlaSupport
        | Weapon::Rifles
        | Weapon::LightSmallArms
        | Weapon::MarineSca => Some(match equipment {
            Some(Equipment::Hma | Equipment::Ma) => AdSystem::HmaInfantry,
            Some(Equipment::Lta) => AdSystem::LtaInfantry,
            _ => AdSystem::OtherInfantry,
        }),
        Weapon::AtMissile => Some(AdSystem::OtherGuided),
        _ => system_of(weapon),
    }
}

/// Table centimetres to metres (1 cm = 50 m, BiA L118–120).
pub const METRES_PER_CM: i64 = 50;

/// The table range an aircraft attacks ground targets from: fast aircraft at
/// medium range, slow at close range, very slow at very close range.
pub fn attack_range_cm(speed: AircraftSpeed) -> i64 {
    match speed {
        AircraftSpeed::Fast => 30,
        AircraftSpeed::Slow => 10,
        AircraftSpeed::VerySlow | AircraftSpeed::Landing => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn systems_match_the_document() {
        let printed = [
            (AdSystem::HeavySam, 50_000, Lock::Yes, 0, AdLine::HeavySam),
            (AdSystem::VehicleSam, 20_000, Lock::Yes, 0, AdLine::HeavySam),
            (AdSystem::Manpad, 10_000, Lock::Yes, 0, AdLine::LightSam),
            (
                AdSystem::MultiCannon,
                2_000,
                Lock::At(-2),
                0,
                AdLine::LightSam,
            ),
            (
                AdSystem::OtherGuided,
                2_000,
                Lock::At(-4),
                0,
                AdLine::OtherAd,
            ),
            (
                AdSystem::HmaInfantry,
                2_000,
                Lock::At(-4),
                -1,
                AdLine::OtherAd,
            ),
            (AdSystem::LtaInfantry, 2_000, Lock::No, -2, AdLine::OtherAd),
            (AdSystem::OtherInfantry, 300, Lock::No, -4, AdLine::OtherAd),
        ];
        for (s, r, l, f, line) in printed {
            assert_eq!(ad_entry(s), e(r, l, f, line), "{s:?}");
        }
    }

    #[test]
    fn lock_on_matches_the_document() {
        use AircraftSpeed::*;
        let printed = [
            (AdLine::HeavySam, "- 2 4 6"),
            (AdLine::LightSam, "2 4 6 8"),
            (AdLine::OtherAd, "4 6 8 9"),
        ];
        for (line, row) in printed {
            for (speed, cell) in [Landing, VerySlow, Slow, Fast]
                .into_iter()
                .zip(row.split(' '))
            {
                assert_eq!(
                    lock_on_number(line, speed),
                    cell.parse().ok(),
                    "{line:?} {speed}"
                );
            }
        }
    }

    #[test]
    fn infantry_fire_at_aircraft_on_the_line_of_their_armour() {
        use Equipment::*;
        let sys = |e, w| foot_system(Some(e), w);
        assert_eq!(sys(Hma, Weapon::SlaSquad), Some(AdSystem::HmaInfantry));
        assert_eq!(sys(Ma, Weapon::MarineSca), Some(AdSystem::HmaInfantry));
        assert_eq!(sys(Lta, Weapon::SlaSupport), Some(AdSystem::LtaInfantry));
        assert_eq!(
            sys(AssaultRifles, Weapon::Rifles),
            Some(AdSystem::OtherInfantry)
        );
        assert_eq!(
            sys(CivilianWeapons, Weapon::LightSmallArms),
            Some(AdSystem::OtherInfantry)
        );
        assert_eq!(sys(Lta, Weapon::AtMissile), Some(AdSystem::OtherGuided));
        assert_eq!(sys(Lta, Weapon::Manpad), Some(AdSystem::Manpad));
        assert_eq!(sys(Hma, Weapon::VehHmg), None);
        assert_eq!(sys(Lta, Weapon::HeMissile), None);
    }

    #[test]
    fn attack_ranges() {
        assert_eq!(attack_range_cm(AircraftSpeed::Fast), 30);
        assert_eq!(attack_range_cm(AircraftSpeed::Slow), 10);
        assert_eq!(attack_range_cm(AircraftSpeed::VerySlow), 5);
    }
}
