//! A rated die on the GZG ladder (`core::ladder`): a die whose score is
//! multiplied (the `D12x2` of heavy weapons and armour) or a fixed value (the
//! armour 1 of non-combatants).

use serde::Serialize;

pub use crate::core::ladder::{Die, LADDER};

/// A die with a multiplier (`d12x2`), or a fixed value that is never rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Rated {
    Die { die: Die, times: i64 },
    Fixed(i64),
}

impl Rated {
    pub const fn plain(die: Die) -> Rated {
        Rated::Die { die, times: 1 }
    }

    /// The multiplier (1 for a plain die or a fixed value).
    pub fn multiplier(self) -> i64 {
        match self {
            Rated::Die { times, .. } => times,
            Rated::Fixed(_) => 1,
        }
    }

    /// The die to roll, if any.
    pub fn die(self) -> Option<Die> {
        match self {
            Rated::Die { die, .. } => Some(die),
            Rated::Fixed(_) => None,
        }
    }

    /// The score a face gives (a fixed value ignores the face).
    pub fn score(self, face: i64) -> i64 {
        match self {
            Rated::Die { times, .. } => face * times,
            Rated::Fixed(v) => v,
        }
    }

    /// Every score, equally likely (one for a fixed value).
    pub fn scores(self) -> Vec<i64> {
        match self {
            Rated::Die { die, times } => die.faces().map(|f| f * times).collect(),
            Rated::Fixed(v) => vec![v],
        }
    }

    /// `d12`, `d12x2` or a whole number (fixed).
    pub fn parse(s: &str) -> Result<Rated, String> {
        let t = s.trim().to_ascii_lowercase();
        if let Ok(v) = t.parse::<i64>() {
            return if (1..=100).contains(&v) {
                Ok(Rated::Fixed(v))
            } else {
                Err(format!("a fixed value is 1..100, not `{s}`"))
            };
        }
        let (d, times) = match t.split_once('x') {
            Some((d, m)) => (
                d,
                m.parse::<i64>()
                    .ok()
                    .filter(|m| (1..=4).contains(m))
                    .ok_or_else(|| format!("a multiplier is x1..x4, not `{s}`"))?,
            ),
            None => (t.as_str(), 1),
        };
        Ok(Rated::Die {
            die: Die::parse(d)?,
            times,
        })
    }
}

impl std::fmt::Display for Rated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rated::Die { die, times: 1 } => write!(f, "{die}"),
            Rated::Die { die, times } => write!(f, "{die}x{times}"),
            Rated::Fixed(v) => write!(f, "{v}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rated_dice_parse_and_score() {
        assert_eq!(
            Rated::parse("D12x2").unwrap(),
            Rated::Die {
                die: Die::D12,
                times: 2
            }
        );
        assert_eq!(Rated::parse("1").unwrap(), Rated::Fixed(1));
        assert_eq!(Rated::parse("d8").unwrap().to_string(), "d8");
        assert!(Rated::parse("d7").is_err());
        assert!(Rated::parse("d12x9").is_err());
        assert_eq!(Rated::parse("d4x2").unwrap().scores(), vec![2, 4, 6, 8]);
        assert_eq!(Rated::Fixed(1).scores(), vec![1]);
        assert_eq!(Rated::Fixed(1).score(6), 1);
    }
}
