//! Scatter of a missile that misses: a d100 for the direction on the
//! eight-point template (1 faces away from the attacker, then round
//! clockwise), then a d100 for the distance in grids. The direction table
//! stops at 89; bounce reads 90–100 as a dud that does not scatter (a simple
//! miss).

/// Direction table (rules text L275-283): lowest roll, highest roll, direction 1..8.
pub const DIRECTION: [(i64, i64, u8); 8] = [
    (1, 11, 1),
    (12, 22, 2),
    (23, 33, 3),
    (34, 44, 4),
    (45, 56, 5),
    (57, 67, 6),
    (68, 78, 7),
    (79, 89, 8),
];

/// Distance table as printed, not in order of distance (rules text L293-298).
pub const DISTANCE: [(i64, i64, i64); 5] = [
    (1, 20, 4),
    (21, 40, 2),
    (41, 60, 1),
    (61, 80, 3),
    (81, 100, 5),
];

/// The direction for a d100, `None` for the rolls the table leaves out.
pub fn direction(roll: i64) -> Option<u8> {
    DIRECTION
        .iter()
        .find(|(lo, hi, _)| (*lo..=*hi).contains(&roll))
        .map(|(_, _, d)| *d)
}

/// Grids the shot misses by, for a d100.
pub fn distance(roll: i64) -> Option<i64> {
    DISTANCE
        .iter()
        .find(|(lo, hi, _)| (*lo..=*hi).contains(&roll))
        .map(|(_, _, g)| *g)
}

/// One grid step for each template direction, in the attacker's frame:
/// (sideways, onward), onward pointing away from the attacker.
pub fn step(direction: u8) -> (i64, i64) {
    match direction {
        1 => (0, 1),
        2 => (1, 1),
        3 => (1, 0),
        4 => (1, -1),
        5 => (0, -1),
        6 => (-1, -1),
        7 => (-1, 0),
        _ => (-1, 1),
    }
}

/// Where a scattered shot lands, in the attacker's frame relative to the target.
pub fn offset(direction: u8, grids: i64) -> (i64, i64) {
    let (x, y) = step(direction);
    (x * grids, y * grids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_direction_cell() {
        let printed = [
            (1, 11, 1),
            (12, 22, 2),
            (23, 33, 3),
            (34, 44, 4),
            (45, 56, 5),
            (57, 67, 6),
            (68, 78, 7),
            (79, 89, 8),
        ];
        for (lo, hi, d) in printed {
            for r in lo..=hi {
                assert_eq!(direction(r), Some(d), "{r}");
            }
        }
        for r in 90..=100 {
            assert_eq!(direction(r), None, "{r} is missing from the table");
        }
        assert_eq!(direction(0), None);
    }

    #[test]
    fn every_distance_cell() {
        let printed = [
            (1, 20, 4),
            (21, 40, 2),
            (41, 60, 1),
            (61, 80, 3),
            (81, 100, 5),
        ];
        for (lo, hi, g) in printed {
            for r in lo..=hi {
                assert_eq!(distance(r), Some(g), "{r}");
            }
        }
        assert_eq!(distance(101), None);
    }

    #[test]
    fn the_template_goes_round() {
        assert_eq!(offset(1, 4), (0, 4), "1 carries on past the target");
        assert_eq!(offset(5, 2), (0, -2), "5 falls short");
        assert_eq!(offset(3, 1), (1, 0));
        assert_eq!(offset(8, 3), (-3, 3));
    }
}
