//! Weapon values by range: the text leaves weapons to the game using it, so
//! bounce derives them from the campaign's BiA weapons, which the campaign
//! hands over in each stand's `BiaProfile` (hit number and penetration per
//! band). The ACTION value of a band is 10 × (10 − hit number), one BiA d10
//! step being 10 ACTION points. Blast weapons make area attacks of the radius
//! given here (bounce's choice: the text's templates are missing).

use super::range::grids_from_cm;
use crate::battle::setup::{BandFire, BiaProfile};
use crate::core::kinds::Weapon;

/// ACTION points per BiA d10 step.
pub const POINTS_PER_STEP: i64 = 10;

/// Area radius in grids of a blast weapon (bounce's): the HE missile's
/// warhead covers two grids, every other blast one.
pub const AREA_RADIUS: [(Weapon, i64); 1] = [(Weapon::HeMissile, 2)];

/// Guided missiles without blast: the text's missiles (L269) that scatter
/// when they miss, landing on one grid.
pub const MISSILES: [Weapon; 2] = [Weapon::AtMissile, Weapon::OtherGuided];

/// The grids a missed shot can hurt where it lands: the area of a blast
/// weapon, the one grid of a missile; `None` for direct fire, which simply
/// misses.
pub fn scatter_radius(p: &BiaProfile, weapon: Weapon) -> Option<i64> {
    area_radius(p, weapon).or(MISSILES.contains(&weapon).then_some(0))
}

/// The area radius of a stand's weapon if BiA gives it blast, `None` otherwise.
pub fn area_radius(p: &BiaProfile, weapon: Weapon) -> Option<i64> {
    p.blast.then(|| {
        AREA_RADIUS
            .iter()
            .find(|(w, _)| *w == weapon)
            .map_or(1, |(_, r)| *r)
    })
}

/// The band edges in grids: each cm edge read as grids the way every campaign
/// distance is (`range::grids_from_cm`), so the campaign's 60 cm opening range
/// (24 grids) stays inside the ≤60 cm band.
pub fn band_edges() -> [i64; 6] {
    BiaProfile::BANDS_CM.map(grids_from_cm)
}

/// The band a range in grids falls in.
pub fn band(grids: i64) -> Option<usize> {
    if grids < 1 {
        return None;
    }
    band_edges().iter().position(|&b| grids <= b)
}

/// The stand's weapon at a range in grids, `None` when out of reach.
pub fn cell(p: &BiaProfile, grids: i64) -> Option<BandFire> {
    p.bands[band(grids)?]
}

fn points(c: BandFire) -> i64 {
    POINTS_PER_STEP * (10 - c.hit)
}

/// The weapon value at a range: 10 × (10 − hit), `None` out of reach.
pub fn value(p: &BiaProfile, grids: i64) -> Option<i64> {
    cell(p, grids).map(points)
}

/// The weapon's best value at any range.
pub fn best_value(p: &BiaProfile) -> i64 {
    p.bands
        .iter()
        .flatten()
        .map(|c| points(*c))
        .max()
        .unwrap_or(0)
}

/// The longest range in grids.
pub fn max_grids(p: &BiaProfile) -> i64 {
    p.bands
        .iter()
        .zip(band_edges())
        .filter(|(c, _)| c.is_some())
        .map(|(_, edge)| edge)
        .max()
        .unwrap_or(0)
}

/// Whether this shot can hurt the target at all: BiA's rule
/// (`BiaProfile::harms`) with the band's penetration; `civilian` for a
/// firer with civilian weapons.
pub fn can_harm(cell: BandFire, civilian: bool, armour: i64, hard_infantry: bool) -> bool {
    BiaProfile::harms(cell.pen, civilian, armour, hard_infantry)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn c(hit: i64, pen: Option<i64>) -> Option<BandFire> {
        Some(BandFire { hit, pen })
    }

    /// BiA's rifles and tank gun as the campaign hands them over.
    pub(crate) fn rifles() -> BiaProfile {
        BiaProfile {
            bands: [
                c(4, Some(0)),
                c(6, None),
                c(8, None),
                c(8, None),
                None,
                None,
            ],
            ..BiaProfile::default()
        }
    }

    pub(crate) fn tank_gun() -> BiaProfile {
        BiaProfile {
            bands: [
                c(2, Some(4)),
                c(4, Some(2)),
                c(6, Some(1)),
                c(8, Some(0)),
                c(9, Some(-2)),
                None,
            ],
            blast: true,
            ..BiaProfile::default()
        }
    }

    #[test]
    fn values_by_grid_range() {
        assert_eq!(band_edges(), [2, 4, 6, 12, 24, 47]);
        assert_eq!(band(0), None);
        assert_eq!(band(24), Some(4), "60 cm is 24 grids, inside the ≤60 band");
        assert_eq!(band(25), Some(5));
        let r = rifles();
        assert_eq!(value(&r, 1), Some(60));
        assert_eq!(value(&r, 3), Some(40));
        assert_eq!(value(&r, 5), Some(20));
        assert_eq!(value(&r, 13), None, "past the ≤30 cm band");
        assert_eq!(max_grids(&r), 12);
        assert_eq!(best_value(&r), 60);
        let t = tank_gun();
        assert_eq!(value(&t, 1), Some(80));
        assert_eq!(value(&t, 20), Some(10));
        assert_eq!(max_grids(&t), 24);
        assert_eq!(best_value(&BiaProfile::default()), 0);
        let blast = BiaProfile {
            blast: true,
            ..BiaProfile::default()
        };
        assert_eq!(area_radius(&blast, Weapon::HeMissile), Some(2));
        assert_eq!(area_radius(&blast, Weapon::TankGun), Some(1));
        assert_eq!(area_radius(&rifles(), Weapon::Rifles), None);
    }

    #[test]
    fn armour_gate() {
        let rifle_close = cell(&rifles(), 1).unwrap();
        assert!(can_harm(rifle_close, false, 6, false), "10 + 0 > 6");
        let lmg = BandFire { hit: 6, pen: None };
        assert!(!can_harm(lmg, false, 1, false));
        assert!(can_harm(lmg, false, 0, false));
        assert!(can_harm(lmg, false, 0, true), "HMA is hurt by machine guns");
        assert!(
            !can_harm(lmg, true, 0, true),
            "HMA shrugs off civilian weapons"
        );
        let far = cell(&tank_gun(), 20).unwrap();
        assert!(!can_harm(far, false, 8, false), "10 - 2 is not above 8");
    }
}
