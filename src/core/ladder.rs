//! The die ladder the GZG rules climb and descend: D4, D6, D8, D10, D12.
//! Dirtside and FMA both rate troops and weapons by a rung of it, so it lives
//! here once; a ruleset decides what falling off the bottom means.

use serde::Serialize;

/// One die type of the ladder, smallest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
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
    pub fn sides(self) -> i64 {
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

    fn rung(self) -> usize {
        self as usize
    }

    /// `steps` rungs up; the D12 stays a D12.
    pub fn up(self, steps: usize) -> Die {
        LADDER[(self.rung() + steps).min(LADDER.len() - 1)]
    }

    /// One rung down; `None` below the D4.
    pub fn down(self) -> Option<Die> {
        self.down_by(1)
    }

    /// `steps` rungs down; `None` once it falls off the ladder.
    pub fn down_by(self, steps: usize) -> Option<Die> {
        self.rung().checked_sub(steps).map(|i| LADDER[i])
    }

    /// `d4`, `D8`, …
    pub fn parse(s: &str) -> Result<Die, String> {
        LADDER
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("a die is d4, d6, d8, d10 or d12, not `{s}`"))
    }

    /// Every face, equally likely.
    pub fn faces(self) -> std::ops::RangeInclusive<i64> {
        1..=self.sides()
    }
}

impl std::fmt::Display for Die {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_steps_saturates_at_the_top_and_falls_off_below_d4() {
        assert_eq!(LADDER.map(Die::sides), [4, 6, 8, 10, 12]);
        assert_eq!(Die::D8.down(), Some(Die::D6));
        assert_eq!(Die::D4.down(), None);
        assert_eq!(Die::D8.down_by(2), Some(Die::D4));
        assert_eq!(Die::D8.down_by(3), None);
        assert_eq!(Die::D10.up(1), Die::D12);
        assert_eq!(Die::D12.up(3), Die::D12);
        assert_eq!(Die::D6.up(2), Die::D10);
        assert_eq!(Die::D6.faces().count(), 6);
        assert_eq!(Die::parse(" D10 "), Ok(Die::D10));
        assert!(Die::parse("d20").is_err());
        assert_eq!(serde_json::to_value(Die::D12).unwrap(), "d12");
        assert_eq!(Die::D4.to_string(), "d4");
    }
}
