//! Toughness of obstacles: objects are sized, and the size gives the
//! toughness (like life levels; at 0 the object is destroyed). Immovable
//! features have it per grid, each grid falling on its own into rubble.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Size {
    Small,
    Medium,
    Large,
    XLarge,
    Huge,
    Immovable,
}

/// Size, its heaviest weight in pounds (`None`: no upper limit given), toughness
/// (rules text L320-336; 1 ton read as 2,000 lb).
pub const TOUGHNESS: [(Size, Option<i64>, i64); 6] = [
    (Size::Small, Some(400), 5),
    (Size::Medium, Some(2_000), 10),
    (Size::Large, Some(10_000), 20),
    (Size::XLarge, Some(100_000), 40),
    (Size::Huge, None, 80),
    (Size::Immovable, None, 20),
];

impl Size {
    /// Toughness: of the object, or of each grid of an immovable feature.
    pub fn toughness(self) -> i64 {
        TOUGHNESS
            .iter()
            .find(|(s, _, _)| *s == self)
            .expect("row")
            .2
    }
    pub fn per_grid(self) -> bool {
        self == Size::Immovable
    }
}

/// The size of a movable object by weight in pounds (1 ton = 2,000 lb).
pub fn size_by_weight(pounds: i64) -> Size {
    TOUGHNESS
        .iter()
        .find(|(s, max, _)| *s != Size::Immovable && max.is_none_or(|m| pounds <= m))
        .map(|(s, _, _)| *s)
        .unwrap_or(Size::Huge)
}

/// Toughness points that make one life level of a bounce element: a person
/// is one LL and stands for the text's warrior of about ten, so the table's
/// ratings are read on a scale ten times coarser (a small tank, 40, is four
/// people's worth).
pub const TOUGHNESS_PER_LIFE_LEVEL: i64 = 10;

/// Life levels of a vehicle or aircraft of this size, at least 1.
pub fn life_levels(size: Size) -> i64 {
    (size.toughness() / TOUGHNESS_PER_LIFE_LEVEL).max(1)
}

/// Toughness of an obstacle occupying `grids` grids.
pub fn total_toughness(size: Size, grids: i64) -> i64 {
    if size.per_grid() {
        size.toughness() * grids.max(1)
    } else {
        size.toughness()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_as_printed() {
        for (s, t) in [
            (Size::Small, 5),
            (Size::Medium, 10),
            (Size::Large, 20),
            (Size::XLarge, 40),
            (Size::Huge, 80),
            (Size::Immovable, 20),
        ] {
            assert_eq!(s.toughness(), t, "{s:?}");
        }
    }

    #[test]
    fn sizes_by_weight_and_examples() {
        assert_eq!(size_by_weight(400), Size::Small, "a bag of cement");
        assert_eq!(size_by_weight(401), Size::Medium);
        assert_eq!(
            size_by_weight(2_000),
            Size::Medium,
            "a compact car, max 1 ton"
        );
        assert_eq!(size_by_weight(10_000), Size::Large, "a truck, max 5 tons");
        assert_eq!(
            size_by_weight(100_000),
            Size::XLarge,
            "a small tank, max 50 tons"
        );
        assert_eq!(size_by_weight(100_001), Size::Huge, "a large tank");
    }

    #[test]
    fn vehicles_life_levels_by_size() {
        assert_eq!(
            [
                Size::Small,
                Size::Medium,
                Size::Large,
                Size::XLarge,
                Size::Huge
            ]
            .map(life_levels),
            [1, 1, 2, 4, 8]
        );
    }

    #[test]
    fn immovable_features_per_grid() {
        assert_eq!(
            total_toughness(Size::Immovable, 3),
            60,
            "a wall three grids long"
        );
        assert_eq!(total_toughness(Size::Huge, 3), 80);
    }
}
