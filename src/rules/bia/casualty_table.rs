//! The infantry casualty table: what one hit person turns out to have suffered.

use super::error::{check_roll, RuleError};
use crate::core::kinds::{Armour, Severity};

use Severity::{Dead as D, Light as L, Mortal as M, Scratch as S, Serious as Se, Unharmed as U};

/// Severity by armour (rows) and the d10 read 0..9 (columns).
#[rustfmt::skip]
pub const CASUALTIES: [(Armour, [Severity; 10]); 4] = [
    (Armour::Unarmoured, [S, L, L, Se, M, M, D, D, D, D]),
    (Armour::Flak,       [S, L, L, L, Se, M, M, D, D, D]),
    (Armour::Lta,        [U, S, S, L, L, L, Se, M, D, D]),
    (Armour::Hma,        [U, U, S, S, S, L, L, Se, M, D]),
];

/// The severity for one casualty; `roll` is the d10 read 0..9.
pub fn casualty(armour: Armour, roll: u32) -> Severity {
    let row = CASUALTIES
        .iter()
        .find(|(a, _)| *a == armour)
        .map(|(_, r)| r)
        .expect("every armour class has a row");
    row[(roll as usize).min(9)]
}

/// The same lookup for a roll given by a person, refusing faces the die lacks.
pub fn casualty_checked(armour: Armour, roll: i64) -> Result<Severity, RuleError> {
    check_roll("casualty d10 (0..9)", roll, 0, 9)?;
    Ok(casualty(armour, roll as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_matches_the_document() {
        let printed = [
            (
                "unarmoured",
                "scratch light light serious mortal mortal dead dead dead dead",
            ),
            (
                "flak",
                "scratch light light light serious mortal mortal dead dead dead",
            ),
            (
                "lta",
                "unharmed scratch scratch light light light serious mortal dead dead",
            ),
            (
                "hma",
                "unharmed unharmed scratch scratch scratch light light serious mortal dead",
            ),
        ];
        for (armour, row) in printed {
            let a: Armour = armour.parse().unwrap();
            for (roll, want) in row.split(' ').enumerate() {
                assert_eq!(
                    casualty(a, roll as u32).as_str(),
                    want,
                    "{armour} roll {roll}"
                );
            }
        }
        assert!(casualty_checked(Armour::Lta, 10).is_err());
        assert!(casualty_checked(Armour::Lta, -1).is_err());
    }
}
