//! Lock-on (BiA L463–468) as a question on its own: 1d10 with the normal
//! firing modifiers and the system's adjustment, against the lock-on number
//! of the system's chart line and the aircraft's speed. The `rules lock-on`
//! query asks it with a roll or for the exact odds.

use serde::Serialize;

use super::air_defence::{ad_entry, lock_on_number, AdLine, AdSystem, Lock, AD_SYSTEMS};
use super::error::{check_roll, RuleError};
use crate::core::kinds::AircraftSpeed;

/// One lock-on question answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LockOn {
    pub system: AdSystem,
    pub line: AdLine,
    pub speed: AircraftSpeed,
    /// The system's own adjustment to the die (0 for "Yes").
    pub adjustment: i64,
    /// The number to roll, or `None` when this system cannot lock on to
    /// this aircraft (no targeting system, or a heavy SAM at a landing craft).
    pub needs: Option<i64>,
}

/// The system named as the table's rows are in JSON (`heavy_sam`, …,
/// `other_infantry`).
pub fn system_named(name: &str) -> Result<AdSystem, String> {
    let word = |s: &AdSystem| {
        serde_json::to_value(s)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default()
    };
    AD_SYSTEMS
        .iter()
        .map(|(s, _)| *s)
        .find(|s| word(s) == name)
        .ok_or_else(|| {
            let names: Vec<String> = AD_SYSTEMS.iter().map(|(s, _)| word(s)).collect();
            format!(
                "--system `{name}` is not an air-defence system ({})",
                names.join(", ")
            )
        })
}

/// What a system needs to lock on to an aircraft of this speed.
pub fn lock_on(system: AdSystem, speed: AircraftSpeed) -> LockOn {
    let entry = ad_entry(system);
    let (adjustment, can) = match entry.lock {
        Lock::Yes => (0, true),
        Lock::At(m) => (m, true),
        Lock::No => (0, false),
    };
    LockOn {
        system,
        line: entry.line,
        speed,
        adjustment,
        needs: lock_on_number(entry.line, speed).filter(|_| can),
    }
}

/// Whether a d10 of `roll` with firing `modifier` locks on.
pub fn locks(l: &LockOn, roll: i64, modifier: i64) -> Result<bool, RuleError> {
    check_roll("1d10", roll, 1, 10)?;
    Ok(l.needs.is_some_and(|n| roll + l.adjustment + modifier >= n))
}

/// The chance of a lock and of none, counted over the ten faces.
pub fn lock_odds(l: &LockOn, modifier: i64) -> (f64, f64) {
    let locked = (1..=10)
        .filter(|r| locks(l, *r, modifier).unwrap_or(false))
        .count();
    (locked as f64 / 10.0, (10 - locked) as f64 / 10.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lock_on_reads_the_line_and_the_adjustment() {
        // A MANPAD (light SAM line) at a fast aircraft needs 8: 8, 9, 10.
        let l = lock_on(AdSystem::Manpad, AircraftSpeed::Fast);
        assert_eq!((l.needs, l.adjustment), (Some(8), 0));
        assert_eq!(lock_odds(&l, 0), (0.3, 0.7));
        // With a firer's -1 (say trained), only 9 and 10.
        assert_eq!(lock_odds(&l, -1), (0.2, 0.8));
        // A multi-cannon locks at -2 on the same line: slow needs 6, so 8+.
        let l = lock_on(AdSystem::MultiCannon, AircraftSpeed::Slow);
        assert_eq!(lock_odds(&l, 0), (0.3, 0.7));
        assert!(locks(&l, 8, 0).unwrap() && !locks(&l, 7, 0).unwrap());
        // HMA infantry (-4, other AD line) at a fast aircraft needs 9: never.
        let l = lock_on(AdSystem::HmaInfantry, AircraftSpeed::Fast);
        assert_eq!(lock_odds(&l, 0), (0.0, 1.0));
        // LTA infantry has no lock; a heavy SAM cannot lock on a landing craft.
        assert_eq!(
            lock_on(AdSystem::LtaInfantry, AircraftSpeed::Slow).needs,
            None
        );
        assert_eq!(
            lock_on(AdSystem::HeavySam, AircraftSpeed::Landing).needs,
            None
        );
        // A heavy SAM at a very slow aircraft needs 2: 90%.
        assert_eq!(
            lock_odds(&lock_on(AdSystem::HeavySam, AircraftSpeed::VerySlow), 0),
            (0.9, 0.1)
        );
        assert!(locks(&l, 11, 0).is_err());
        assert_eq!(system_named("manpad"), Ok(AdSystem::Manpad));
        assert!(system_named("flak").is_err());
    }
}
