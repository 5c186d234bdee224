//! Non-combatants: no marker and never activated; they avoid hits with a D4
//! and have armour 1; any wound or kill takes them out; suppressed in cover
//! they cower, in the open they panic D8" in a D12 clock direction.

use super::die::{Die, Rated};

/// The die a non-combatant rolls against the firer's to-hit dice.
pub const AVOID_DIE: Die = Die::D4;
/// A non-combatant's armour.
pub const ARMOUR: Rated = Rated::Fixed(1);
/// The panic run: inches die and direction die.
pub const PANIC_DIE: Die = Die::D8;
pub const PANIC_DIRECTION_DIE: Die = Die::D12;

/// Where a suppressed non-combatant goes: nowhere in cover, else the
/// panic roll in inches.
pub fn panic_inches(in_cover: bool, roll: i64) -> i64 {
    if in_cover {
        0
    } else {
        roll
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fma::fire::{impact, Outcome};

    #[test]
    fn the_non_combatant_values() {
        assert_eq!(AVOID_DIE, Die::D4);
        assert_eq!(ARMOUR.to_string(), "1");
        assert_eq!((PANIC_DIE, PANIC_DIRECTION_DIE), (Die::D8, Die::D12));
        // Any impact of 2 or better succeeds against armour 1.
        assert!(!impact(1, ARMOUR.score(0)).downs());
        assert!(impact(2, ARMOUR.score(0)).downs());
        assert_eq!(impact(1, 1), Outcome::Suppressed);
        assert_eq!(panic_inches(true, 7), 0);
        assert_eq!(panic_inches(false, 7), 7);
    }
}
