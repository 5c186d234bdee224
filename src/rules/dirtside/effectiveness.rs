//! Fire effectiveness of an infantry unit: the quality die (a step smaller
//! under fire) against the unit's leadership decides whether none, half
//! (rounded up) or all of its eligible elements draw chits.

use serde::Serialize;

use super::quality::Quality;
use crate::core::ladder::Die;

/// How much of a unit's fire tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Effectiveness {
    Ineffective,
    Partial,
    Full,
}

impl Effectiveness {
    pub fn word(self) -> &'static str {
        match self {
            Effectiveness::Ineffective => "ineffective",
            Effectiveness::Partial => "partial",
            Effectiveness::Full => "full",
        }
    }
}

/// The die a unit rolls for effectiveness; `None` would mean it cannot fire,
/// which no quality reaches (the smallest is a green unit's d6 stepped to d4).
pub fn effectiveness_die(quality: Quality, under_fire: bool) -> Option<Die> {
    let d = quality.die();
    if under_fire {
        d.down()
    } else {
        Some(d)
    }
}

/// Below leadership: ineffective; from leadership to under double: partial;
/// double or more: full.
pub fn effectiveness(roll: i64, leadership: i64) -> Effectiveness {
    if roll < leadership {
        Effectiveness::Ineffective
    } else if roll < 2 * leadership {
        Effectiveness::Partial
    } else {
        Effectiveness::Full
    }
}

/// How many of `eligible` elements fire for effect.
pub fn firing_elements(e: Effectiveness, eligible: usize) -> usize {
    match e {
        Effectiveness::Ineffective => 0,
        Effectiveness::Partial => eligible.div_ceil(2),
        Effectiveness::Full => eligible,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_regulars_leadership_2() {
        assert_eq!(effectiveness_die(Quality::Regular, false), Some(Die::D8));
        assert_eq!(effectiveness(1, 2), Effectiveness::Ineffective);
        assert_eq!(effectiveness(2, 2), Effectiveness::Partial);
        assert_eq!(effectiveness(3, 2), Effectiveness::Partial);
        for roll in 4..=8 {
            assert_eq!(effectiveness(roll, 2), Effectiveness::Full);
        }
    }

    #[test]
    fn under_fire_steps_the_die_down_and_leadership_1_never_misses() {
        assert_eq!(effectiveness_die(Quality::Regular, true), Some(Die::D6));
        assert_eq!(effectiveness_die(Quality::Green, true), Some(Die::D4));
        assert_eq!(effectiveness_die(Quality::Veteran, true), Some(Die::D8));
        assert_eq!(effectiveness(1, 1), Effectiveness::Partial);
        assert_eq!(effectiveness(2, 1), Effectiveness::Full);
        assert_eq!(effectiveness(5, 3), Effectiveness::Partial);
        assert_eq!(effectiveness(6, 3), Effectiveness::Full);
    }

    #[test]
    fn partial_fire_is_half_rounded_up() {
        assert_eq!(firing_elements(Effectiveness::Partial, 5), 3);
        assert_eq!(firing_elements(Effectiveness::Partial, 4), 2);
        assert_eq!(firing_elements(Effectiveness::Full, 4), 4);
        assert_eq!(firing_elements(Effectiveness::Ineffective, 4), 0);
    }
}
