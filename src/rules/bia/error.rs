//! Impossible questions put to the rules, refused with the reason.

/// A rule query that has no answer in the tables.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("a {die} roll must be {min}..{max}, got {roll}")]
    RollOutOfRange {
        die: &'static str,
        roll: i64,
        min: i64,
        max: i64,
    },
    #[error("range {range} cm: ranges start at 1 cm")]
    RangeTooShort { range: i64 },
    #[error("{weapon} cannot reach {range} cm; its last band is {last} cm")]
    OutOfRange {
        weapon: &'static str,
        range: i64,
        last: i64,
    },
    #[error("{weapon} has no entry for the {band} cm band")]
    NoBandEntry { weapon: &'static str, band: i64 },
    #[error("{weapon} is an air-defence system and has no line on the ground range table")]
    NotARangeWeapon { weapon: &'static str },
    #[error("the base morale table has no entry for {training} troops who are {experience}")]
    NoMoraleEntry {
        training: &'static str,
        experience: &'static str,
    },
    #[error("morale numbers run 1..9, got {0}")]
    MoraleOutOfRange(i64),
}

/// Checks a die roll against its faces.
pub fn check_roll(die: &'static str, roll: i64, min: i64, max: i64) -> Result<(), RuleError> {
    if (min..=max).contains(&roll) {
        Ok(())
    } else {
        Err(RuleError::RollOutOfRange {
            die,
            roll,
            min,
            max,
        })
    }
}
