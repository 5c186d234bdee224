//! The weapon range table: per weapon and range band, the hit number, the
//! armour penetration (if any) and whether the weapon has blast.

use super::error::RuleError;
use crate::core::kinds::Weapon;

/// The upper edges of the range bands, in table cm (the contract holds them,
/// since every stand's `BiaProfile` is laid out by band).
pub const BANDS: [i64; 6] = crate::battle::setup::BiaProfile::BANDS_CM;

/// One cell: the hit number, and the penetration (`None` = no anti-armour value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub hit: i64,
    pub pen: Option<i64>,
}

/// One weapon's line: a cell per band (`None` = cannot fire at that band), and blast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub cells: [Option<Cell>; 6],
    pub blast: bool,
}

const fn c(hit: i64, pen: i64) -> Option<Cell> {
    Some(Cell {
        hit,
        pen: Some(pen),
    })
}
const fn n(hit: i64) -> Option<Cell> {
    Some(Cell { hit, pen: None })
}
const X: Option<Cell> = None;

/// The range table, in the document's order.
#[rustfmt::skip]
pub const RANGE_TABLE: [(Weapon, Line); 12] = [
    (Weapon::SlaSupport, Line { cells: [c(2, 2), c(4, 2), c(4, 2), n(8), X, X], blast: true }),
    (Weapon::VehCannon, Line { cells: [c(2, 4), c(4, 2), c(4, 2), c(4, 2), c(4, 2), X], blast: false }),
    (Weapon::SlaSquad, Line { cells: [c(2, 2), c(4, 2), c(4, 2), n(4), n(4), X], blast: false }),
    (Weapon::HeMissile, Line { cells: [n(4), n(4), n(4), n(4), n(4), n(4)], blast: true }),
    (Weapon::AtMissile, Line { cells: [c(4, 4), c(4, 4), c(4, 4), c(4, 4), c(4, 4), c(4, 4)], blast: false }),
    (Weapon::Rifles, Line { cells: [c(4, 0), n(6), n(8), n(8), X, X], blast: false }),
    (Weapon::VehLmg, Line { cells: [n(6), n(6), n(6), n(6), n(6), X], blast: false }),
    (Weapon::LightSmallArms, Line { cells: [n(8), n(9), n(9), X, X, X], blast: false }),
    (Weapon::VehHmg, Line { cells: [n(4), n(6), n(8), n(8), n(9), X], blast: false }),
    (Weapon::TankGun, Line { cells: [c(2, 4), c(4, 2), c(6, 1), c(8, 0), c(9, -2), X], blast: true }),
    (Weapon::HovertankGun, Line { cells: [c(2, 4), c(2, 4), c(4, 2), c(4, 2), c(8, 0), c(9, -2)], blast: true }),
    (Weapon::MarineSca, Line { cells: [n(4), X, X, X, X, X], blast: true }),
];

/// A weapon's line, or an error for the air-defence systems, which have none.
pub fn line(weapon: Weapon) -> Result<&'static Line, RuleError> {
    RANGE_TABLE
        .iter()
        .find(|(w, _)| *w == weapon)
        .map(|(_, l)| l)
        .ok_or(RuleError::NotARangeWeapon {
            weapon: weapon.as_str(),
        })
}

/// The band a range falls in: the smallest band edge at or above it.
pub fn band_index(range_cm: i64) -> Option<usize> {
    if range_cm < 1 {
        return None;
    }
    BANDS.iter().position(|&b| range_cm <= b)
}

/// The longest range a weapon can fire at, in cm.
pub fn max_range(weapon: Weapon) -> Result<i64, RuleError> {
    let l = line(weapon)?;
    Ok(l.cells
        .iter()
        .zip(BANDS)
        .filter(|(c, _)| c.is_some())
        .map(|(_, b)| b)
        .max()
        .unwrap_or(0))
}

/// The cell for a weapon at a range, refusing ranges it cannot reach.
pub fn cell(weapon: Weapon, range_cm: i64) -> Result<(i64, Cell), RuleError> {
    if range_cm < 1 {
        return Err(RuleError::RangeTooShort { range: range_cm });
    }
    let l = line(weapon)?;
    let last = max_range(weapon)?;
    let Some(i) = band_index(range_cm).filter(|_| range_cm <= last) else {
        return Err(RuleError::OutOfRange {
            weapon: weapon.as_str(),
            range: range_cm,
            last,
        });
    };
    l.cells[i]
        .map(|c| (BANDS[i], c))
        .ok_or(RuleError::NoBandEntry {
            weapon: weapon.as_str(),
            band: BANDS[i],
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table as printed: "hit(pen)" per band, "-" for no entry; then blast.
    const PRINTED: [(&str, &str, bool); 12] = [
        ("sla_support", "2(2) 4(2) 4(2) 8(-) - -", true),
        ("veh_cannon", "2(4) 4(2) 4(2) 4(2) 4(2) -", false),
        ("sla_squad", "2(2) 4(2) 4(2) 4(-) 4(-) -", false),
        ("he_missile", "4(-) 4(-) 4(-) 4(-) 4(-) 4(-)", true),
        ("at_missile", "4(4) 4(4) 4(4) 4(4) 4(4) 4(4)", false),
        ("rifles", "4(0) 6(-) 8(-) 8(-) - -", false),
        ("veh_lmg", "6(-) 6(-) 6(-) 6(-) 6(-) -", false),
        ("light_small_arms", "8(-) 9(-) 9(-) - - -", false),
        ("veh_hmg", "4(-) 6(-) 8(-) 8(-) 9(-) -", false),
        ("tank_gun", "2(4) 4(2) 6(1) 8(0) 9(-2) -", true),
        ("hovertank_gun", "2(4) 2(4) 4(2) 4(2) 8(0) 9(-2)", true),
        ("marine_sca", "4(-) - - - - -", true),
    ];

    fn parse(cell: &str) -> Option<Cell> {
        if cell == "-" {
            return None;
        }
        let (hit, pen) = cell.trim_end_matches(')').split_once('(').unwrap();
        Some(Cell {
            hit: hit.parse().unwrap(),
            pen: pen.parse().ok(),
        })
    }

    #[test]
    fn every_cell_matches_the_document() {
        for (name, cells, blast) in PRINTED {
            let weapon: Weapon = name.parse().unwrap();
            let l = line(weapon).unwrap();
            assert_eq!(l.blast, blast, "{name} blast");
            for (i, text) in cells.split(' ').enumerate() {
                assert_eq!(l.cells[i], parse(text), "{name} at {} cm", BANDS[i]);
            }
        }
    }

    #[test]
    fn bands_and_refusals() {
        assert_eq!(cell(Weapon::TankGun, 12).unwrap().0, 15);
        assert_eq!(cell(Weapon::TankGun, 5).unwrap().0, 5);
        assert_eq!(cell(Weapon::TankGun, 6).unwrap().0, 10);
        assert!(matches!(
            cell(Weapon::TankGun, 61),
            Err(RuleError::OutOfRange { last: 60, .. })
        ));
        assert!(matches!(
            cell(Weapon::MarineSca, 6),
            Err(RuleError::OutOfRange { .. })
        ));
        assert!(matches!(
            cell(Weapon::Rifles, 0),
            Err(RuleError::RangeTooShort { .. })
        ));
        assert!(matches!(
            cell(Weapon::Manpad, 5),
            Err(RuleError::NotARangeWeapon { .. })
        ));
        assert_eq!(max_range(Weapon::HovertankGun).unwrap(), 120);
    }
}
