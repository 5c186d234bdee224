//! Base movement per MOVE action and its bracketed die, which bounce reads as
//! the combat move die a suppressed figure in the open sprints with; and the
//! sprint itself: to the nearest cover within the roll, else straight back.

use serde::Serialize;

use super::die::Die;

/// How burdened a figure is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Burden {
    /// Carrying a wounded comrade.
    HeavilyEncumbered,
    /// A heavy weapon, or heavy unpowered armour.
    Encumbered,
    /// A typical figure, or a "slow" power suit.
    Typical,
    /// Very light or agile, or a "medium" power suit.
    Light,
    /// A "fast" power suit or a combat cyborg.
    Fast,
}

/// Burden → inches per MOVE action, combat move die.
pub const MOVES: [(Burden, i64, Die); 5] = [
    (Burden::HeavilyEncumbered, 4, Die::D4),
    (Burden::Encumbered, 6, Die::D6),
    (Burden::Typical, 8, Die::D8),
    (Burden::Light, 10, Die::D10),
    (Burden::Fast, 12, Die::D12),
];

impl Burden {
    pub fn inches(self) -> i64 {
        MOVES.iter().find(|m| m.0 == self).map_or(8, |m| m.1)
    }
    pub fn combat_die(self) -> Die {
        MOVES.iter().find(|m| m.0 == self).map_or(Die::D8, |m| m.2)
    }
}

/// Difficult terrain costs two inches per inch.
pub const DIFFICULT_COST: i64 = 2;

/// Where a suppressed figure in the open ends its sprint: the nearest cover
/// within `roll` inches (even toward the enemy), else `roll` inches straight
/// away from the nearest enemy. `covers` are the distances to each cover
/// (any direction); `None` means it retreats.
pub fn sprint(roll: i64, covers: &[f64]) -> Option<f64> {
    covers
        .iter()
        .copied()
        .filter(|d| *d <= roll as f64)
        .min_by(|a, b| a.total_cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_the_movement_table() {
        let rows: Vec<(i64, Die)> = MOVES
            .iter()
            .map(|m| (m.0.inches(), m.0.combat_die()))
            .collect();
        assert_eq!(
            rows,
            vec![
                (4, Die::D4),
                (6, Die::D6),
                (8, Die::D8),
                (10, Die::D10),
                (12, Die::D12)
            ]
        );
        assert_eq!(DIFFICULT_COST, 2);
    }

    #[test]
    fn a_sprint_takes_the_nearest_cover_in_reach() {
        assert_eq!(sprint(5, &[7.0, 4.0, 3.5]), Some(3.5));
        assert_eq!(sprint(3, &[7.0, 4.0]), None, "too short: retreat");
        assert_eq!(sprint(4, &[4.0]), Some(4.0), "exactly in reach");
    }
}
