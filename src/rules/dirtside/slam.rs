//! SLAM salvoes (L780–790, L1081): a salvo that hits its target may also hit
//! the elements close around it, the farther the shot the wider the zone
//! and the rarer the extra hit. Each extra hit draws the pack's class in
//! chits, read as any hit on that kind of element.

use super::fire_control::Band;

/// Per band: the radius in inches around the target where other elements
/// are in danger, and the d6 score (or more) that hits each of them.
/// `None`: at close range the salvo hits only its target.
pub const DANGER_ZONE: [(Band, i64, Option<i64>); 3] = [
    (Band::Close, 0, None),
    (Band::Medium, 1, Some(5)),
    (Band::Long, 2, Some(6)),
];

/// The danger radius and the d6 score needed at `band`.
pub fn zone(band: Band) -> (i64, Option<i64>) {
    DANGER_ZONE
        .iter()
        .find(|(b, _, _)| *b == band)
        .map(|(_, r, n)| (*r, *n))
        .unwrap_or((0, None))
}

/// Whether a d6 of `roll` hits another element in the zone at `band`.
pub fn secondary_hit(band: Band, roll: i64) -> bool {
    zone(band).1.is_some_and(|need| roll >= need)
}

/// How many elements to each side of the target, in a unit's line, are in
/// the danger zone at `band`: the resolver stands a unit's elements in a
/// row an inch apart (docs/rules-decisions.md).
pub fn neighbours(band: Band) -> usize {
    zone(band).0 as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_danger_zone_is_the_texts() {
        // L782: close, the target only; L784/L788: medium, within 1", 5–6;
        // L786/L788: long, within 2", 6 only.
        assert_eq!(zone(Band::Close), (0, None));
        assert_eq!(zone(Band::Medium), (1, Some(5)));
        assert_eq!(zone(Band::Long), (2, Some(6)));
        let hits = |b| (1..=6).filter(|r| secondary_hit(b, *r)).count();
        assert_eq!(
            (hits(Band::Close), hits(Band::Medium), hits(Band::Long)),
            (0, 2, 1)
        );
    }
}
