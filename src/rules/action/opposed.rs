//! The opposed roll: the attacker's d100 + attack bonus against the
//! defender's d100 + defence bonus. Strictly higher takes one life level from
//! the defender; equal or lower does nothing. Also how two d10 read as a d100.

use serde::Serialize;

/// Faces of the d100.
pub const D100: i64 = 100;
/// Life levels one successful attack takes.
pub const LL_PER_HIT: i64 = 1;

/// What one attack does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Hit,
    NoEffect,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Hit => "hit",
            Outcome::NoEffect => "no_effect",
        }
    }
}

/// One attack: `a` and `d` are the two d100s (1..=100).
pub fn attack(ab: i64, db: i64, a: i64, d: i64) -> Outcome {
    if a + ab > d + db {
        Outcome::Hit
    } else {
        Outcome::NoEffect
    }
}

/// The exact chance that an attack hits, counted over all 10,000 pairs of faces.
pub fn p_hit(ab: i64, db: i64) -> f64 {
    hits(ab, db) as f64 / (D100 * D100) as f64
}

/// How many of the 10,000 ordered pairs of faces hit.
pub fn hits(ab: i64, db: i64) -> i64 {
    let diff = ab - db;
    // For each attacker face a, the defender faces d with d < a + diff.
    (1..=D100).map(|a| (a + diff - 1).clamp(0, D100)).sum()
}

/// Two d10 read as a d100: the tens die and the units die, 0 read as 0 except
/// that a double 0 is 100.
pub fn d100_from_d10s(tens: i64, units: i64) -> Option<i64> {
    if !(0..=9).contains(&tens) || !(0..=9).contains(&units) {
        return None;
    }
    Some(match tens * 10 + units {
        0 => 100,
        v => v,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strictly_higher_hits() {
        assert_eq!(attack(0, 0, 51, 50), Outcome::Hit);
        assert_eq!(
            attack(0, 0, 50, 50),
            Outcome::NoEffect,
            "a tie is no effect"
        );
        assert_eq!(attack(0, 0, 49, 50), Outcome::NoEffect);
        assert_eq!(attack(5, 0, 45, 50), Outcome::NoEffect);
        assert_eq!(attack(6, 0, 45, 50), Outcome::Hit);
        assert_eq!(attack(0, 3, 53, 50), Outcome::NoEffect);
    }

    #[test]
    fn equal_bonuses_hit_99_in_200() {
        assert_eq!(hits(0, 0), 4950);
        assert!((p_hit(0, 0) - 0.495).abs() < 1e-12);
        assert!((p_hit(20, 20) - 0.495).abs() < 1e-12);
    }

    #[test]
    fn enumeration_matches_brute_force_and_saturates() {
        for (ab, db) in [
            (0, 0),
            (10, 0),
            (0, 10),
            (60, 20),
            (200, 0),
            (0, 200),
            (-5, 3),
        ] {
            let mut n = 0;
            for a in 1..=100 {
                for d in 1..=100 {
                    if attack(ab, db, a, d) == Outcome::Hit {
                        n += 1;
                    }
                }
            }
            assert_eq!(hits(ab, db), n, "{ab} {db}");
        }
        assert_eq!(p_hit(100, 0), 1.0);
        assert_eq!(p_hit(0, 99), 0.0);
        // Ten points near the middle are worth about ten per cent.
        assert!((p_hit(10, 0) - 0.5905).abs() < 1e-9);
    }

    #[test]
    fn two_d10_read_as_a_d100() {
        // The text: blue (tens) 8 and red (units) 2 read 82.
        assert_eq!(d100_from_d10s(8, 2), Some(82));
        assert_eq!(d100_from_d10s(0, 0), Some(100));
        assert_eq!(d100_from_d10s(0, 7), Some(7));
        assert_eq!(d100_from_d10s(10, 0), None);
    }
}
