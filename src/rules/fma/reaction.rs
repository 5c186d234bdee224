//! The one general test and what it decides: the reaction test (quality die
//! must beat motivation plus modifiers), removing suppression, isolation at
//! activation, and a leader's transfer of an action.

use super::die::Die;

/// The number a reaction test must beat.
pub fn target(motivation: i64, modifier: i64) -> i64 {
    motivation + modifier
}

/// A reaction test passes when the quality die is greater than the target.
pub fn passes(roll: i64, target: i64) -> bool {
    roll > target
}

/// Removing a suppression marker is a reaction test with no modifier; a
/// failed first try may be repeated with the second action.
pub fn removes_suppression(roll: i64, motivation: i64) -> bool {
    passes(roll, target(motivation, 0))
}

/// A figure is isolated when no friendly figure it can see is within its
/// quality die's size in inches; an isolated figure tests on activation.
pub fn isolated(quality: Die, nearest_friend: Option<f64>) -> bool {
    nearest_friend.is_none_or(|d| d > quality.sides() as f64)
}

/// A leader's command radius in inches: its quality die's size.
pub fn command_radius(quality: Die) -> i64 {
    quality.sides()
}

/// The number a leader's quality die must beat to transfer an action.
pub fn transfer_target(leader_motivation: i64, figure_motivation: i64) -> i64 {
    leader_motivation + figure_motivation
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_texts_reaction_examples() {
        // A Regular 2 rolls a D8: 1 or 2 fail, 3 or more pass.
        let t = target(2, 0);
        let pass: Vec<bool> = Die::D8.faces().map(|r| passes(r, t)).collect();
        assert_eq!(pass, vec![false, false, true, true, true, true, true, true]);
        // "Reaction Test +1": target 3, a 4 or better passes.
        assert_eq!(target(2, 1), 3);
        assert!(!passes(3, 3) && passes(4, 3));
    }

    #[test]
    fn removal_is_a_plain_test() {
        assert!(!removes_suppression(2, 2));
        assert!(removes_suppression(3, 2));
    }

    #[test]
    fn isolation_by_the_quality_die() {
        // A Green trooper is isolated without a friend within 6", a Veteran 10".
        assert!(!isolated(Die::D6, Some(6.0)));
        assert!(isolated(Die::D6, Some(6.5)));
        assert!(!isolated(Die::D10, Some(10.0)));
        assert!(isolated(Die::D10, Some(11.0)));
        assert!(isolated(Die::D12, None));
    }

    #[test]
    fn the_texts_command_example() {
        // An Elite leader commands 12", a Regular 8".
        assert_eq!(command_radius(Die::D12), 12);
        assert_eq!(command_radius(Die::D8), 8);
        // A Vet 1 leader and a Green 3 trooper 7" away: within 10", beat 4.
        assert!(7 <= command_radius(Die::D10));
        let t = transfer_target(1, 3);
        assert_eq!(t, 4);
        assert!(!passes(4, t) && passes(5, t));
    }
}
