//! Guided missiles against area defence, ECM and point defence: the die each
//! side rolls, the ADS die shrinking for each extra missile it engages.

use serde::Serialize;

use crate::core::ladder::Die;

/// A system's grade (ADS, guidance, ECM, PDS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Grade {
    Basic,
    Enhanced,
    Superior,
}

pub const GRADE_DICE: [(Grade, Die); 3] = [
    (Grade::Basic, Die::D6),
    (Grade::Enhanced, Die::D8),
    (Grade::Superior, Die::D10),
];

fn grade_die(g: Grade) -> Die {
    GRADE_DICE
        .iter()
        .find(|(k, _)| *k == g)
        .map(|(_, d)| *d)
        .unwrap_or(Die::D6)
}

/// An ADS's die against each of `missiles` missiles; `None` if it cannot
/// engage that many.
pub fn ads_die(ads: Grade, missiles: usize) -> Option<Die> {
    grade_die(ads).down_by(missiles.saturating_sub(1))
}

/// The most missiles one ADS can engage in one attack.
pub fn ads_capacity(ads: Grade) -> usize {
    (1..=5)
        .take_while(|n| ads_die(ads, *n).is_some())
        .last()
        .unwrap_or(0)
}

pub fn guidance_die(g: Grade) -> Die {
    grade_die(g)
}

/// The target's primary die from its ECM (none: d4).
pub fn ecm_die(ecm: Option<Grade>) -> Die {
    ecm.map(grade_die).unwrap_or(Die::D4)
}

/// The target's point defence, a secondary die.
pub fn pds_die(pds: Grade) -> Die {
    grade_die(pds)
}

/// ADS distance: it covers friends within this many inches.
pub const ADS_COVER_INCHES: i64 = 12;

/// The ADS downs a missile by beating its guidance roll.
pub fn intercepted(ads_roll: i64, guidance_roll: i64) -> bool {
    ads_roll > guidance_roll
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missile_dice_match_the_text() {
        assert_eq!(GRADE_DICE.map(|(_, d)| d.name()), ["d6", "d8", "d10"]);
        assert_eq!(ecm_die(None), Die::D4);
        assert_eq!(ecm_die(Some(Grade::Superior)), Die::D10);
        assert_eq!(pds_die(Grade::Enhanced), Die::D8);
        assert_eq!(guidance_die(Grade::Basic), Die::D6);
    }

    #[test]
    fn the_enhanced_ads_engages_up_to_three() {
        assert_eq!(ads_die(Grade::Enhanced, 1), Some(Die::D8));
        assert_eq!(ads_die(Grade::Enhanced, 2), Some(Die::D6));
        assert_eq!(ads_die(Grade::Enhanced, 3), Some(Die::D4));
        assert_eq!(ads_die(Grade::Enhanced, 4), None);
        assert_eq!(ads_capacity(Grade::Enhanced), 3);
        assert_eq!(ads_capacity(Grade::Basic), 2);
        assert_eq!(ads_capacity(Grade::Superior), 4);
        assert!(intercepted(5, 4));
        assert!(!intercepted(4, 4));
    }
}
