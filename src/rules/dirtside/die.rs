//! The die ladder Dirtside climbs and descends: D4, D6, D8, D10, D12. A step
//! below the D4 means the roll cannot be made at all.

use serde::Serialize;

/// One die type of the ladder, smallest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Die {
    D4,
    D6,
    D8,
    D10,
    D12,
}

/// The ladder in order, smallest first.
pub const LADDER: [Die; 5] = [Die::D4, Die::D6, Die::D8, Die::D10, Die::D12];

impl Die {
    pub fn sides(self) -> u32 {
        match self {
            Die::D4 => 4,
            Die::D6 => 6,
            Die::D8 => 8,
            Die::D10 => 10,
            Die::D12 => 12,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Die::D4 => "d4",
            Die::D6 => "d6",
            Die::D8 => "d8",
            Die::D10 => "d10",
            Die::D12 => "d12",
        }
    }

    fn index(self) -> usize {
        LADDER.iter().position(|d| *d == self).unwrap_or(0)
    }

    /// One rung down; `None` below the D4.
    pub fn down(self) -> Option<Die> {
        self.index().checked_sub(1).map(|i| LADDER[i])
    }

    /// One rung up; the D12 stays a D12.
    pub fn up(self) -> Die {
        LADDER[(self.index() + 1).min(LADDER.len() - 1)]
    }

    /// `steps` rungs down; `None` once it falls off the ladder.
    pub fn down_by(self, steps: usize) -> Option<Die> {
        self.index().checked_sub(steps).map(|i| LADDER[i])
    }

    /// Every face, 1..=sides.
    pub fn faces(self) -> std::ops::RangeInclusive<i64> {
        1..=i64::from(self.sides())
    }
}

impl std::fmt::Display for Die {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Die {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_steps_and_falls_off_below_d4() {
        assert_eq!(Die::D8.down(), Some(Die::D6));
        assert_eq!(Die::D4.down(), None);
        assert_eq!(Die::D10.up(), Die::D12);
        assert_eq!(Die::D12.up(), Die::D12);
        assert_eq!(Die::D8.down_by(2), Some(Die::D4));
        assert_eq!(Die::D8.down_by(3), None);
        assert_eq!(
            LADDER.map(Die::sides),
            [4, 6, 8, 10, 12],
            "the ladder's faces"
        );
        assert_eq!(Die::D6.faces().count(), 6);
    }
}
