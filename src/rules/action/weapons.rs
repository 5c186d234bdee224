//! Weapon values by range: the text leaves weapons to the game using it, so
//! bounce derives them from the campaign's BiA weapons. The hit numbers,
//! penetration marks and blast flags below are copied from the BiA range
//! table (`rules/bia/range_table.rs`, bands ≤5, ≤10, ≤15, ≤30, ≤60, ≤120 cm);
//! the ACTION value of a cell is 10 × (10 − hit number), one BiA d10 step
//! being 10 ACTION points. Blast weapons make area attacks of the radius
//! given here (bounce's choice: the text's templates are missing).

use super::range::grids_from_cm;
use crate::core::kinds::Weapon;

/// The upper edges of the BiA range bands, in cm.
pub const BANDS_CM: [i64; 6] = [5, 10, 15, 30, 60, 120];

/// One band: the BiA hit number, and whether it has any armour penetration
/// (and how much).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub hit: i64,
    pub pen: Option<i64>,
}

/// One weapon: a cell per band (`None`: out of reach), area radius in grids
/// for blast weapons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub weapon: Weapon,
    pub cells: [Option<Cell>; 6],
    pub area_radius: Option<i64>,
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

/// Copied from the BiA range table; radii are bounce's.
#[rustfmt::skip]
pub const WEAPONS: [Line; 12] = [
    Line { weapon: Weapon::SlaSupport, cells: [c(2, 2), c(4, 2), c(4, 2), n(8), X, X], area_radius: Some(1) },
    Line { weapon: Weapon::VehCannon, cells: [c(2, 4), c(4, 2), c(4, 2), c(4, 2), c(4, 2), X], area_radius: None },
    Line { weapon: Weapon::SlaSquad, cells: [c(2, 2), c(4, 2), c(4, 2), n(4), n(4), X], area_radius: None },
    Line { weapon: Weapon::HeMissile, cells: [n(4), n(4), n(4), n(4), n(4), n(4)], area_radius: Some(2) },
    Line { weapon: Weapon::AtMissile, cells: [c(4, 4), c(4, 4), c(4, 4), c(4, 4), c(4, 4), c(4, 4)], area_radius: None },
    Line { weapon: Weapon::Rifles, cells: [c(4, 0), n(6), n(8), n(8), X, X], area_radius: None },
    Line { weapon: Weapon::VehLmg, cells: [n(6), n(6), n(6), n(6), n(6), X], area_radius: None },
    Line { weapon: Weapon::LightSmallArms, cells: [n(8), n(9), n(9), X, X, X], area_radius: None },
    Line { weapon: Weapon::VehHmg, cells: [n(4), n(6), n(8), n(8), n(9), X], area_radius: None },
    Line { weapon: Weapon::TankGun, cells: [c(2, 4), c(4, 2), c(6, 1), c(8, 0), c(9, -2), X], area_radius: Some(1) },
    Line { weapon: Weapon::HovertankGun, cells: [c(2, 4), c(2, 4), c(4, 2), c(4, 2), c(8, 0), c(9, -2)], area_radius: Some(1) },
    Line { weapon: Weapon::MarineSca, cells: [n(4), X, X, X, X, X], area_radius: Some(1) },
];

/// ACTION points per BiA d10 step.
pub const POINTS_PER_STEP: i64 = 10;

/// A weapon's line; air-defence systems have none (they cannot fire at the ground).
pub fn line(weapon: Weapon) -> Option<&'static Line> {
    WEAPONS.iter().find(|l| l.weapon == weapon)
}

/// The band edges in grids: each cm edge read as grids the way every campaign
/// distance is (`range::grids_from_cm`), so the campaign's 60 cm opening range
/// (24 grids) stays inside the ≤60 cm band.
pub fn band_edges() -> [i64; 6] {
    BANDS_CM.map(grids_from_cm)
}

/// The band a range in grids falls in.
pub fn band(grids: i64) -> Option<usize> {
    if grids < 1 {
        return None;
    }
    band_edges().iter().position(|&b| grids <= b)
}

/// The cell at a range in grids, `None` when out of reach.
pub fn cell(weapon: Weapon, grids: i64) -> Option<Cell> {
    line(weapon)?.cells[band(grids)?]
}

/// The weapon value at a range: 10 × (10 − hit), `None` out of reach.
pub fn value(weapon: Weapon, grids: i64) -> Option<i64> {
    cell(weapon, grids).map(|c| POINTS_PER_STEP * (10 - c.hit))
}

/// The weapon's best value at any range.
pub fn best_value(weapon: Weapon) -> i64 {
    line(weapon)
        .map(|l| {
            l.cells
                .iter()
                .flatten()
                .map(|c| POINTS_PER_STEP * (10 - c.hit))
                .max()
                .unwrap_or(0)
        })
        .unwrap_or(0)
}

/// The longest range in grids.
pub fn max_grids(weapon: Weapon) -> i64 {
    (1..=60)
        .rev()
        .find(|&g| cell(weapon, g).is_some())
        .unwrap_or(0)
}

/// Whether this shot can hurt the target at all (BiA's rule, copied): armour
/// above 0 needs penetration with 10 + pen above the armour; people in
/// HMA/MA need penetration or blast.
pub fn can_harm(cell: Cell, blast: bool, armour: i64, hard_infantry: bool) -> bool {
    if hard_infantry {
        return cell.pen.is_some() || blast;
    }
    match cell.pen {
        _ if armour == 0 => true,
        Some(p) => 10 + p > armour,
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The BiA table as printed, "hit(pen)" per band.
    const PRINTED: [(&str, &str); 12] = [
        ("sla_support", "2(2) 4(2) 4(2) 8(-) - -"),
        ("veh_cannon", "2(4) 4(2) 4(2) 4(2) 4(2) -"),
        ("sla_squad", "2(2) 4(2) 4(2) 4(-) 4(-) -"),
        ("he_missile", "4(-) 4(-) 4(-) 4(-) 4(-) 4(-)"),
        ("at_missile", "4(4) 4(4) 4(4) 4(4) 4(4) 4(4)"),
        ("rifles", "4(0) 6(-) 8(-) 8(-) - -"),
        ("veh_lmg", "6(-) 6(-) 6(-) 6(-) 6(-) -"),
        ("light_small_arms", "8(-) 9(-) 9(-) - - -"),
        ("veh_hmg", "4(-) 6(-) 8(-) 8(-) 9(-) -"),
        ("tank_gun", "2(4) 4(2) 6(1) 8(0) 9(-2) -"),
        ("hovertank_gun", "2(4) 2(4) 4(2) 4(2) 8(0) 9(-2)"),
        ("marine_sca", "4(-) - - - - -"),
    ];

    #[test]
    fn every_cell_is_the_bia_tables() {
        for (name, cells) in PRINTED {
            let w: Weapon = name.parse().unwrap();
            let l = line(w).unwrap();
            for (i, text) in cells.split(' ').enumerate() {
                let want = (text != "-").then(|| {
                    let (h, p) = text.trim_end_matches(')').split_once('(').unwrap();
                    Cell {
                        hit: h.parse().unwrap(),
                        pen: p.parse().ok(),
                    }
                });
                assert_eq!(l.cells[i], want, "{name} band {i}");
            }
        }
        let blast: Vec<&str> = WEAPONS
            .iter()
            .filter(|l| l.area_radius.is_some())
            .map(|l| l.weapon.as_str())
            .collect();
        assert_eq!(
            blast,
            [
                "sla_support",
                "he_missile",
                "tank_gun",
                "hovertank_gun",
                "marine_sca"
            ]
        );
    }

    #[test]
    fn values_by_grid_range() {
        assert_eq!(band_edges(), [2, 4, 6, 12, 24, 47]);
        // 60 cm is 24 grids and stays in the ≤60 cm band; 25 grids is past it.
        assert_eq!(value(Weapon::SlaSquad, 24), Some(60));
        assert_eq!(value(Weapon::SlaSquad, 25), None);
        assert_eq!(band(0), None);
        assert_eq!(value(Weapon::Rifles, 1), Some(60));
        assert_eq!(value(Weapon::Rifles, 3), Some(40));
        assert_eq!(value(Weapon::Rifles, 5), Some(20));
        assert_eq!(value(Weapon::LightSmallArms, 2), Some(20));
        assert_eq!(value(Weapon::LightSmallArms, 3), Some(10));
        assert_eq!(value(Weapon::TankGun, 1), Some(80));
        assert_eq!(value(Weapon::TankGun, 20), Some(10));
        assert_eq!(best_value(Weapon::HovertankGun), 80);
        assert_eq!(max_grids(Weapon::Rifles), 12);
        assert_eq!(max_grids(Weapon::HovertankGun), 47);
        assert!(line(Weapon::Manpad).is_none());
    }

    #[test]
    fn armour_gate() {
        let rifle_close = cell(Weapon::Rifles, 1).unwrap();
        assert!(can_harm(rifle_close, false, 6, false), "10 + 0 > 6");
        let lmg = cell(Weapon::VehLmg, 1).unwrap();
        assert!(!can_harm(lmg, false, 1, false));
        assert!(can_harm(lmg, false, 0, false));
        assert!(!can_harm(lmg, false, 0, true), "HMA shrugs off small arms");
        assert!(can_harm(cell(Weapon::HeMissile, 3).unwrap(), true, 0, true));
        let far = cell(Weapon::TankGun, 20).unwrap();
        assert!(!can_harm(far, true, 8, false), "10 - 2 is not above 8");
    }
}
