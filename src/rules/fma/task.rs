//! Task rolls (an optional skill system): the character's skill die must beat
//! a difficulty die set by the umpire; a natural 1 may be read as a critical
//! failure. The auto-resolver does not use them; they are here for the table.

use super::die::Die;

/// Skill grade → skill die.
pub const SKILL: [(&str, Die); 5] = [
    ("master", Die::D12),
    ("expert", Die::D10),
    ("competent", Die::D8),
    ("poor", Die::D6),
    ("hopeless", Die::D4),
];

/// Task difficulty → difficulty die.
pub const DIFFICULTY: [(&str, Die); 5] = [
    ("very difficult", Die::D12),
    ("difficult", Die::D10),
    ("average", Die::D8),
    ("easy", Die::D6),
    ("very easy", Die::D4),
];

/// What a task roll did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    Success,
    Failure,
    /// A natural 1, with the critical-failure option.
    Critical,
}

/// The skill roll against the difficulty roll: strictly higher succeeds.
pub fn task(skill: i64, difficulty: i64, criticals: bool) -> Task {
    if criticals && skill == 1 {
        Task::Critical
    } else if skill > difficulty {
        Task::Success
    } else {
        Task::Failure
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_of_the_skill_and_difficulty_tables() {
        // fma-playtest.txt L550-562.
        assert_eq!(
            SKILL.map(|s| s.1),
            [Die::D12, Die::D10, Die::D8, Die::D6, Die::D4]
        );
        assert_eq!(
            DIFFICULTY.map(|s| s.1),
            [Die::D12, Die::D10, Die::D8, Die::D6, Die::D4]
        );
        assert_eq!(SKILL.map(|s| s.0)[2], "competent");
        assert_eq!(DIFFICULTY.map(|s| s.0)[2], "average");
    }

    #[test]
    fn the_texts_jammed_rifle() {
        // A competent (D8) character clears an average (D8) jam: higher
        // clears it, equal or lower does not, a 1 makes it worse (L536-548).
        assert_eq!(task(6, 5, true), Task::Success);
        assert_eq!(task(5, 5, true), Task::Failure);
        assert_eq!(task(1, 1, true), Task::Critical);
        assert_eq!(task(1, 1, false), Task::Failure);
    }
}
