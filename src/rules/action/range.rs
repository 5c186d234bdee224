//! Range and sight on the grid: the grid in front of the attacker is 1,
//! adjacent grids (edge or corner) are range 1, each level of elevation
//! between the two adds a grid, and cover never counts between adjacent
//! elements.

/// A grid square: column and row.
pub type Grid = (i64, i64);

/// Grids from one square to another along the board (edge or corner steps).
pub fn grids(from: Grid, to: Grid) -> i64 {
    (from.0 - to.0).abs().max((from.1 - to.1).abs())
}

/// The range of an attack: grid count plus one per level of elevation
/// difference; never below 1 (one element per grid).
pub fn range(from: Grid, to: Grid, elevation_levels: i64) -> i64 {
    (grids(from, to) + elevation_levels.abs()).max(1)
}

/// Adjacent elements: touching by an edge or a corner.
pub fn adjacent(from: Grid, to: Grid) -> bool {
    grids(from, to) == 1
}

/// Whether the defender's cover counts at this range.
pub fn cover_counts(range: i64, defender_has_cover: bool) -> bool {
    defender_has_cover && range > 1
}

/// Whether an attack reaches: at or inside its maximum range.
pub fn in_range(range: i64, max_range: i64) -> bool {
    range >= 1 && range <= max_range
}

/// Centimetres at the campaign's scale (1 grid = 1 inch) read as whole grids:
/// rounded to the nearest grid, at least 1.
pub fn grids_from_cm(cm: i64) -> i64 {
    ((cm as f64) / 2.54).round().max(1.0) as i64
}

/// Whole centimetres a range in grids covers (for the BiA-derived range bands).
pub fn cm_from_grids(grids: i64) -> f64 {
    grids as f64 * 2.54
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_in_front_is_one_and_corners_touch() {
        assert_eq!(range((0, 0), (0, 1), 0), 1);
        assert_eq!(range((0, 0), (1, 1), 0), 1, "a corner is adjacent");
        assert!(adjacent((3, 3), (4, 2)));
        assert_eq!(range((0, 0), (0, 5), 0), 5);
        assert_eq!(range((0, 0), (3, 5), 0), 5);
        assert!(!adjacent((0, 0), (0, 2)));
    }

    #[test]
    fn elevation_adds_a_grid_a_level() {
        assert_eq!(range((0, 0), (0, 4), 2), 6);
        assert_eq!(range((0, 0), (0, 4), -1), 5);
        assert_eq!(range((0, 0), (0, 0), 1), 1);
    }

    #[test]
    fn cover_and_reach() {
        assert!(!cover_counts(1, true), "never between adjacent elements");
        assert!(cover_counts(2, true));
        assert!(!cover_counts(5, false));
        assert!(in_range(12, 12));
        assert!(!in_range(13, 12), "beyond the maximum the attack fails");
    }

    #[test]
    fn campaign_centimetres_to_grids() {
        assert_eq!(grids_from_cm(60), 24);
        assert_eq!(grids_from_cm(30), 12);
        assert_eq!(grids_from_cm(1), 1);
        assert!((cm_from_grids(10) - 25.4).abs() < 1e-9);
    }
}
