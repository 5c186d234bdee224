//! Group morale as BiA has it, the one copy every ruleset that tests groups
//! calls (BiA itself, and ACTION, which borrows the campaign's morale): the
//! casualty thresholds, the number a group tests on, the order groups test
//! in, and the test. Thresholds are read against the group's strength, not
//! its people, and each stand's casualties count only up to its share of
//! that strength (docs/rules-decisions.md, "Group thresholds").

use serde::Serialize;

use super::result::Role;
use crate::core::dice::Roller;

/// A group test is due at these casualty levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Threshold {
    First,
    Half,
    ThreeQuarters,
}

impl Threshold {
    /// How the log names it.
    pub fn name(self) -> &'static str {
        match self {
            Threshold::First => "first",
            Threshold::Half => "half",
            Threshold::ThreeQuarters => "three-quarters",
        }
    }
}

/// Each threshold with its modifier to the 2d6.
pub const THRESHOLDS: [(Threshold, i64); 3] = [
    (Threshold::First, 0),
    (Threshold::Half, -4),
    (Threshold::ThreeQuarters, -8),
];

/// Casualties that reach a threshold for a group of size `members` (the
/// resolvers pass its strength): the first test comes at two casualties, or a
/// quarter of a group of more than eight; then a half, then three quarters,
/// rounded up.
pub fn threshold_casualties(threshold: Threshold, members: i64) -> i64 {
    let ceil_frac = |num: i64, den: i64| (members * num + den - 1) / den;
    match threshold {
        Threshold::First if members > 8 => ceil_frac(1, 4).max(2),
        Threshold::First => 2,
        Threshold::Half => ceil_frac(1, 2).max(1),
        Threshold::ThreeQuarters => ceil_frac(3, 4).max(1),
    }
}

/// The most severe threshold reached and not yet tested, with its modifier.
pub fn due_threshold(
    members: i64,
    casualties: i64,
    tested: &[Threshold],
) -> Option<(Threshold, i64)> {
    THRESHOLDS
        .iter()
        .rev()
        .find(|(t, _)| casualties >= threshold_casualties(*t, members) && !tested.contains(t))
        .copied()
}

/// Whether a test passes: 2d6 plus the modifier at least the morale number
/// (lower numbers are better).
pub fn passes(morale: i64, roll: i64, modifier: i64) -> bool {
    roll + modifier >= morale
}

/// A stand's share of its group's strength: the hits it can still take
/// before it is ineffective (less hits it carries in), at most its people.
pub fn strength_share(ineffective_at: i64, hits_before: i64, people: i64) -> i64 {
    (ineffective_at - hits_before).clamp(0, people)
}

/// What a stand's casualties (people hit or taken) count toward its group's
/// thresholds: no more than its share of the strength. Once a stand is out of
/// the fight its whole share is lost; more hits on it are no fresh loss.
pub fn counted_losses(casualties: i64, share: i64) -> i64 {
    casualties.clamp(0, share)
}

/// One stand as its group counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member {
    /// The stand's morale number (1..9).
    pub morale: i64,
    /// People fit to fight when the battle starts.
    pub people: i64,
    /// Hits it can take before it is ineffective: its share of the base of
    /// the thresholds.
    pub strength: i64,
}

/// The number a group tests on: the morale number most of its people share,
/// a tie going to the worse (higher) number. Not an average: an average of
/// morale numbers is nobody's number.
pub fn group_number(members: &[Member]) -> i64 {
    let mut people = [0i64; 10];
    for m in members {
        people[m.morale.clamp(1, 9) as usize] += m.people.max(1);
    }
    // `max_by_key` keeps the last of equals: the worse number (so a group
    // with no members on the table reads 9; it never reaches a threshold).
    (1..=9).max_by_key(|&m| people[m as usize]).unwrap_or(9)
}

/// One player's group (a command in the battle), tested as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    pub role: Role,
    /// People on the table: the group's size for the order of tests.
    pub people: i64,
    /// Hits that would make every stand ineffective: the base of the thresholds.
    pub strength: i64,
    /// The number the group tests on.
    pub morale: i64,
    /// Thresholds already tested, in `THRESHOLDS` order.
    pub tested: [bool; 3],
    pub withdrawn: bool,
}

/// A group test as it was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupTest {
    pub casualties: i64,
    pub strength: i64,
    pub threshold: Threshold,
    pub modifier: i64,
    pub roll: i64,
    pub modified: i64,
    pub morale: i64,
    pub passed: bool,
}

impl Group {
    /// A group of these stands fighting as `role`.
    pub fn of(role: Role, members: &[Member]) -> Group {
        Group {
            role,
            people: members.iter().map(|m| m.people).sum(),
            strength: members.iter().map(|m| m.strength).sum(),
            morale: group_number(members),
            tested: [false; 3],
            withdrawn: false,
        }
    }

    fn tested_thresholds(&self) -> Vec<Threshold> {
        THRESHOLDS
            .iter()
            .zip(self.tested)
            .filter(|(_, t)| *t)
            .map(|((th, _), _)| *th)
            .collect()
    }

    /// The threshold a test is due at with `casualties`, if any.
    pub fn due(&self, casualties: i64) -> Option<(Threshold, i64)> {
        if self.withdrawn {
            return None;
        }
        due_threshold(self.strength, casualties, &self.tested_thresholds())
    }

    /// Takes the test due at `casualties`, if one is: one test covers every
    /// threshold reached so far; a failed test withdraws the group in good
    /// order. `None` when no test is due.
    pub fn test(&mut self, casualties: i64, dice: &mut Roller) -> Option<GroupTest> {
        let (threshold, modifier) = self.due(casualties)?;
        for (k, (t, _)) in THRESHOLDS.iter().enumerate() {
            if threshold_casualties(*t, self.strength) <= casualties {
                self.tested[k] = true;
            }
        }
        let roll = dice.two_d6();
        let passed = passes(self.morale, roll, modifier);
        if !passed {
            self.withdrawn = true;
        }
        Some(GroupTest {
            casualties,
            strength: self.strength,
            threshold,
            modifier,
            roll,
            modified: roll + modifier,
            morale: self.morale,
            passed,
        })
    }
}

/// The order groups test in: attacking groups biggest first (by people),
/// then defending ones, biggest first; equal groups in setup order.
pub fn test_order(groups: &[Group]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.sort_by_key(|&g| {
        (
            groups[g].role == Role::Defender,
            std::cmp::Reverse(groups[g].people),
        )
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(morale: i64, people: i64, strength: i64) -> Member {
        Member {
            morale,
            people,
            strength,
        }
    }

    #[test]
    fn thresholds_match_the_document() {
        assert_eq!(
            THRESHOLDS,
            [
                (Threshold::First, 0),
                (Threshold::Half, -4),
                (Threshold::ThreeQuarters, -8)
            ]
        );
        assert_eq!(threshold_casualties(Threshold::First, 8), 2);
        assert_eq!(threshold_casualties(Threshold::First, 40), 10);
        assert_eq!(threshold_casualties(Threshold::Half, 40), 20);
        assert_eq!(threshold_casualties(Threshold::ThreeQuarters, 40), 30);
        assert_eq!(threshold_casualties(Threshold::Half, 3), 2);
        assert_eq!(due_threshold(40, 1, &[]), None);
        assert_eq!(due_threshold(40, 21, &[]), Some((Threshold::Half, -4)));
        assert_eq!(
            due_threshold(40, 21, &[Threshold::Half]),
            Some((Threshold::First, 0))
        );
    }

    #[test]
    fn the_group_number_is_the_one_most_people_share_ties_to_the_worse() {
        assert_eq!(group_number(&[m(4, 8, 2), m(7, 6, 2), m(7, 6, 2)]), 7);
        assert_eq!(group_number(&[m(4, 8, 2), m(7, 8, 2)]), 7, "tie: worse");
        assert_eq!(group_number(&[m(3, 10, 2), m(9, 2, 2)]), 3);
        // Not the mean: a mean of 4, 4 and 9 would be 6, which nobody has.
        assert_eq!(group_number(&[m(4, 5, 2), m(4, 5, 2), m(9, 5, 2)]), 4);
        assert_eq!(group_number(&[m(12, 1, 0)]), 9, "clamped to 1..9");
    }

    #[test]
    fn one_test_covers_every_threshold_reached_and_a_failure_withdraws() {
        let mut g = Group::of(Role::Attacker, &[m(7, 8, 2), m(7, 8, 2)]);
        assert_eq!((g.people, g.strength, g.morale), (16, 4, 7));
        let mut dice = Roller::for_table(1, true);
        assert!(g.test(1, &mut dice).is_none(), "below the first threshold");
        dice.give(vec!["9".into()]);
        let t = g.test(2, &mut dice).unwrap();
        assert_eq!(
            (t.threshold, t.modifier, t.passed),
            (Threshold::Half, -4, false)
        );
        assert_eq!(t.modified, 5);
        assert_eq!(g.tested, [true, true, false]);
        assert!(g.withdrawn);
        assert!(
            g.test(4, &mut dice).is_none(),
            "a withdrawn group tests no more"
        );
    }

    #[test]
    fn a_passed_test_is_not_taken_again_until_the_next_threshold() {
        let mut g = Group::of(Role::Defender, &[m(4, 12, 10)]);
        let mut dice = Roller::for_table(1, true);
        dice.give(vec!["8".into()]);
        assert!(g.test(2, &mut dice).is_none(), "a quarter of ten is three");
        let t = g.test(3, &mut dice).unwrap();
        assert_eq!((t.threshold, t.passed), (Threshold::First, true));
        assert!(g.test(4, &mut dice).is_none(), "half is at 5");
        dice.give(vec!["12".into()]);
        let t = g.test(8, &mut dice).unwrap();
        assert_eq!(t.threshold, Threshold::ThreeQuarters);
        assert!(t.passed);
    }

    #[test]
    fn attackers_test_first_biggest_first() {
        let g = |role, people| Group {
            people,
            ..Group::of(role, &[m(5, people, 2)])
        };
        let groups = [
            g(Role::Defender, 30),
            g(Role::Attacker, 10),
            g(Role::Attacker, 20),
            g(Role::Defender, 5),
        ];
        assert_eq!(test_order(&groups), vec![2, 1, 0, 3]);
    }
}
