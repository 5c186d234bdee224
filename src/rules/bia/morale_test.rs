//! Morale tests in battle: the individual stand test with its four results, the
//! group test, the casualty thresholds that call for group tests, and the
//! situation modifiers of the individual test.

use serde::Serialize;

use super::error::{check_roll, RuleError};

/// What a stand does after an individual test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StandResult {
    CarryOn,
    NoCloser,
    Retire,
    Surrender,
}

/// What a group does after a group test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupResult {
    CarryOn,
    Withdraw,
}

/// Result bands by how far short of the morale number the roll fell:
/// (least shortfall, result).
pub const STAND_BANDS: [(i64, StandResult); 4] = [
    (i64::MIN, StandResult::CarryOn),
    (1, StandResult::NoCloser),
    (4, StandResult::Retire),
    (7, StandResult::Surrender),
];

// The casualty thresholds that call for group tests are the battle kernel's
// (`battle::group_morale`), shared with every ruleset that tests groups.
pub use crate::battle::group_morale::{due_threshold, threshold_casualties, Threshold, THRESHOLDS};

/// Situation modifiers to an individual test (name, modifier).
pub const SITUATION_MODIFIERS: [(&str, i64); 11] = [
    ("officer_leading", 1),
    ("officer_taking_morale", 2),
    ("nco_taking_morale", 1),
    ("each_enemy_casualty_in_sight", 1),
    ("in_apc", 1),
    ("under_close_or_indirect_fire", -1),
    ("enemy_in_hma_or_apc", -1),
    ("each_10pct_friendly_casualties", -1),
    ("visibly_outnumbered", -1),
    ("enemy_tanks", -2),
    ("under_air_attack", -3),
];

pub fn situation_modifier(name: &str) -> Option<i64> {
    SITUATION_MODIFIERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, m)| *m)
}

/// One test: the roll, the modified roll, and the shortfall (`margin`, how far
/// below the morale number; zero or less passes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoraleTest<R> {
    pub morale: i64,
    pub roll: i64,
    pub modified: i64,
    pub margin: i64,
    pub result: R,
}

fn test_parts(morale: i64, roll: i64, modifiers: &[i64]) -> Result<(i64, i64), RuleError> {
    if !(1..=9).contains(&morale) {
        return Err(RuleError::MoraleOutOfRange(morale));
    }
    check_roll("2d6", roll, 2, 12)?;
    let modified = roll + modifiers.iter().sum::<i64>();
    Ok((modified, morale - modified))
}

/// The band a shortfall falls in.
pub fn stand_result(margin: i64) -> StandResult {
    STAND_BANDS
        .iter()
        .rev()
        .find(|(least, _)| margin >= *least)
        .map(|(_, r)| *r)
        .unwrap_or(StandResult::CarryOn)
}

/// An individual stand's test: 2d6 plus modifiers against its morale number.
pub fn stand_test(
    morale: i64,
    roll: i64,
    modifiers: &[i64],
) -> Result<MoraleTest<StandResult>, RuleError> {
    let (modified, margin) = test_parts(morale, roll, modifiers)?;
    Ok(MoraleTest {
        morale,
        roll,
        modified,
        margin,
        result: stand_result(margin),
    })
}

/// A group test: pass and carry on, or withdraw in good order.
pub fn group_test(
    morale: i64,
    roll: i64,
    modifiers: &[i64],
) -> Result<MoraleTest<GroupResult>, RuleError> {
    let (modified, margin) = test_parts(morale, roll, modifiers)?;
    let result = if margin <= 0 {
        GroupResult::CarryOn
    } else {
        GroupResult::Withdraw
    };
    Ok(MoraleTest {
        morale,
        roll,
        modified,
        margin,
        result,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_match_the_document() {
        assert_eq!(stand_result(-3), StandResult::CarryOn);
        assert_eq!(stand_result(0), StandResult::CarryOn);
        for m in 1..=3 {
            assert_eq!(stand_result(m), StandResult::NoCloser);
        }
        for m in 4..=6 {
            assert_eq!(stand_result(m), StandResult::Retire);
        }
        assert_eq!(stand_result(7), StandResult::Surrender);
        assert_eq!(stand_result(12), StandResult::Surrender);
    }

    #[test]
    fn tests_read_the_dice() {
        let t = stand_test(7, 5, &[-1]).unwrap();
        assert_eq!(
            (t.modified, t.margin, t.result),
            (4, 3, StandResult::NoCloser)
        );
        assert_eq!(group_test(6, 6, &[]).unwrap().result, GroupResult::CarryOn);
        assert_eq!(
            group_test(6, 9, &[-4]).unwrap().result,
            GroupResult::Withdraw
        );
        assert!(stand_test(7, 13, &[]).is_err());
        assert!(stand_test(10, 7, &[]).is_err());
    }

    #[test]
    fn situation_modifiers_match_the_document() {
        let printed = [1, 2, 1, 1, 1, -1, -1, -1, -1, -2, -3];
        for ((_, m), want) in SITUATION_MODIFIERS.iter().zip(printed) {
            assert_eq!(*m, want);
        }
    }
}
