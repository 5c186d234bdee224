//! Aircraft and air defence on the ACTION scale (ACTION has neither): an
//! aircraft attacks from the BiA attack range of its speed, counted as
//! elevation levels (each adds a grid of range); only air-defence weapons can
//! attack it, with a weapon value of 10 × (10 − the BiA lock-on number for the
//! aircraft's speed). The campaign hands both numbers over in the stand's
//! `BiaProfile`.

use crate::battle::setup::BiaProfile;
use crate::core::kinds::AircraftSpeed;

/// An air-defence weapon's value against an aircraft of `speed`; `None` when
/// it cannot engage it (or is no air-defence weapon).
pub fn ad_value(p: &BiaProfile, speed: AircraftSpeed) -> Option<i64> {
    let k = AircraftSpeed::ALL.iter().position(|s| *s == speed)?;
    p.lock_on[k].map(|n| 10 * (10 - n))
}

/// An air-defence weapon's best value (against its easiest aircraft), 0 for
/// ground weapons: what it is worth in design points.
pub fn best_ad_value(p: &BiaProfile) -> i64 {
    AircraftSpeed::ALL
        .iter()
        .filter_map(|s| ad_value(p, *s))
        .max()
        .unwrap_or(0)
}

/// Grids above the battlefield an aircraft attacks from: its BiA attack range.
pub fn attack_grids(attack_range_cm: i64) -> i64 {
    super::range::grids_from_cm(attack_range_cm)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_from_the_lock_on_numbers() {
        use AircraftSpeed::*;
        // A heavy SAM: cannot lock on to a landing aircraft; 2, 4, 6 above.
        let sam = BiaProfile {
            lock_on: [None, Some(2), Some(4), Some(6)],
            ..BiaProfile::default()
        };
        assert_eq!(ad_value(&sam, Landing), None);
        assert_eq!(ad_value(&sam, VerySlow), Some(80));
        assert_eq!(ad_value(&sam, Fast), Some(40));
        assert_eq!(best_ad_value(&sam), 80);
        assert_eq!(ad_value(&BiaProfile::default(), Slow), None);
        assert_eq!(best_ad_value(&BiaProfile::default()), 0);
        assert_eq!([30, 10, 5].map(attack_grids), [12, 4, 2]);
    }
}
