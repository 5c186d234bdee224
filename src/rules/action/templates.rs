//! Cone and area attacks. The text's templates are missing, so bounce sets
//! them: an area template is every grid within its radius of the centre (a
//! square, as the grid counts range); a cone starts at the attacker, points
//! at the target, reaches `length` grids and widens one grid each side for
//! every two grids out. Each element inside takes its own attack roll.

use super::range::{grids, Grid};

/// Whether `at` lies within an area template of `radius` centred on `centre`.
pub fn in_area(centre: Grid, radius: i64, at: Grid) -> bool {
    grids(centre, at) <= radius
}

/// Whether `at` lies in a cone from `from` aimed at `target`, `length` grids long.
pub fn in_cone(from: Grid, target: Grid, length: i64, at: Grid) -> bool {
    if at == from || grids(from, at) > length {
        return false;
    }
    let (ax, ay) = (target.0 - from.0, target.1 - from.1);
    let (px, py) = (at.0 - from.0, at.1 - from.1);
    let along = ax * px + ay * py;
    let across = (ax * py - ay * px).abs();
    // Half-width a half of the distance out: |across| / |a| ≤ (along / |a|) / 2.
    along > 0 && 2 * across <= along
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn areas() {
        assert!(in_area((5, 5), 1, (6, 6)));
        assert!(in_area((5, 5), 2, (3, 7)));
        assert!(!in_area((5, 5), 1, (7, 5)));
        assert!(in_area((5, 5), 0, (5, 5)));
    }

    #[test]
    fn cones() {
        let (a, t) = ((0, 0), (0, 4));
        assert!(in_cone(a, t, 6, (0, 1)));
        assert!(in_cone(a, t, 6, (1, 2)));
        assert!(!in_cone(a, t, 6, (2, 2)), "too wide that close");
        assert!(in_cone(a, t, 6, (2, 4)));
        assert!(!in_cone(a, t, 6, (0, 7)), "past its length");
        assert!(!in_cone(a, t, 6, (0, -2)), "behind the attacker");
        assert!(!in_cone(a, t, 6, a));
    }
}
