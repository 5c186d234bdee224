//! Group morale between turns (SPEC 4.7): ACTION has no morale of its own, so
//! each command tests as under BiA when its casualties reach a threshold. The
//! thresholds and the test are copied from `rules/bia/morale_test.rs` (a ruleset
//! reads no other ruleset); `tests/action.rs` checks the copy against BiA.

use serde::Serialize;

/// A group test is due at these casualty levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Threshold {
    First,
    Half,
    ThreeQuarters,
}

impl Threshold {
    pub fn name(self) -> &'static str {
        match self {
            Threshold::First => "first casualties",
            Threshold::Half => "half",
            Threshold::ThreeQuarters => "three quarters",
        }
    }
}

/// Each threshold with its modifier to the 2d6.
pub const THRESHOLDS: [(Threshold, i64); 3] = [
    (Threshold::First, 0),
    (Threshold::Half, -4),
    (Threshold::ThreeQuarters, -8),
];

/// Casualties that reach a threshold for a group of size `members` (its
/// strength, as in BiA): the first at two (or a quarter of a group above
/// eight), then a half, then three quarters, rounded up.
pub fn threshold_casualties(threshold: Threshold, members: i64) -> i64 {
    let ceil_frac = |num: i64, den: i64| (members * num + den - 1) / den;
    match threshold {
        Threshold::First if members > 8 => ceil_frac(1, 4).max(2),
        Threshold::First => 2,
        Threshold::Half => ceil_frac(1, 2).max(1),
        Threshold::ThreeQuarters => ceil_frac(3, 4).max(1),
    }
}

/// The most severe threshold reached and not tested yet, with its modifier.
pub fn due(members: i64, casualties: i64, tested: &[Threshold]) -> Option<(Threshold, i64)> {
    THRESHOLDS
        .iter()
        .rev()
        .find(|(t, _)| casualties >= threshold_casualties(*t, members) && !tested.contains(t))
        .copied()
}

/// A group test passes when 2d6 + modifier reaches the morale number.
pub fn passes(morale: i64, roll: i64, modifier: i64) -> bool {
    roll + modifier >= morale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_as_bia_has_them() {
        assert_eq!(threshold_casualties(Threshold::First, 8), 2);
        assert_eq!(threshold_casualties(Threshold::First, 40), 10);
        assert_eq!(threshold_casualties(Threshold::Half, 40), 20);
        assert_eq!(threshold_casualties(Threshold::ThreeQuarters, 40), 30);
        assert_eq!(threshold_casualties(Threshold::Half, 7), 4);
        assert_eq!(due(40, 1, &[]), None);
        assert_eq!(due(40, 21, &[]), Some((Threshold::Half, -4)));
        assert_eq!(due(40, 21, &[Threshold::Half]), Some((Threshold::First, 0)));
    }

    #[test]
    fn a_test_reaches_the_number() {
        assert!(passes(6, 6, 0));
        assert!(!passes(6, 9, -4));
        assert!(passes(5, 9, -4));
    }
}
