//! The turn: every active element rolls an unmodified d100 for initiative
//! once a turn and that order holds for the whole action sequence; action
//! phases 1, 2, 3… follow, each element in order attacking once or moving
//! once per phase, one action point an action, until every point is spent or
//! every element is done. A readied element acts first when its trigger
//! comes (+1 to that attack), then falls back into initiative order.
//! Ties (the text is silent): the higher evasion goes first, then the
//! defender, then the order the elements were set up in.

/// One element's place in the initiative.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub index: usize,
    pub roll: i64,
    pub evasion: i64,
    pub defender: bool,
}

/// The order for the turn, first to act first.
pub fn order(entries: &[Entry]) -> Vec<usize> {
    // One number a place, sorted as numbers (every turn sorts every
    // element): the roll and evasion turned so that higher comes first.
    // Rolls and evasions as the battles have them fit a byte each, and
    // the place in a u64 (sorting half the bytes); anything wider is sorted
    // by comparison.
    let byte = |v: i64| (-128..=127).contains(&v);
    if entries
        .iter()
        .all(|e| byte(e.roll) && byte(e.evasion) && u32::try_from(e.index).is_ok())
    {
        let down = |v: i64| (127 - v) as u64;
        let mut keys: Vec<u64> = entries
            .iter()
            .map(|e| {
                down(e.roll) << 41
                    | down(e.evasion) << 33
                    | u64::from(!e.defender) << 32
                    | e.index as u64
            })
            .collect();
        keys.sort_unstable();
        return keys.into_iter().map(|k| k as u32 as usize).collect();
    }
    order_by_comparison(entries)
}

/// The same order by comparing the entries field by field.
fn order_by_comparison(entries: &[Entry]) -> Vec<usize> {
    let mut e = entries.to_vec();
    e.sort_by(|a, b| {
        b.roll
            .cmp(&a.roll)
            .then(b.evasion.cmp(&a.evasion))
            .then(b.defender.cmp(&a.defender))
            .then(a.index.cmp(&b.index))
    });
    e.into_iter().map(|x| x.index).collect()
}

/// What a Ready order waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ready {
    /// Any enemy that comes into range (bounce's "closing attackers").
    AnyInRange,
    /// One element.
    On(usize),
}

/// Whether a readied element's order is triggered by `target` being in range.
pub fn triggered(ready: Ready, target: usize, in_range: bool) -> bool {
    in_range
        && match ready {
            Ready::AnyInRange => true,
            Ready::On(t) => t == target,
        }
}

/// Action points an action costs: an attack 1, a move the terrain's cost.
pub const ATTACK_AP: i64 = 1;

/// Whether the action sequence goes on: someone has points and is not done.
pub fn sequence_goes_on(points_left: &[i64], done: &[bool]) -> bool {
    points_left.iter().zip(done).any(|(p, d)| *p > 0 && !d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(index: usize, roll: i64, evasion: i64, defender: bool) -> Entry {
        Entry {
            index,
            roll,
            evasion,
            defender,
        }
    }

    #[test]
    fn highest_first_then_ties() {
        let o = order(&[
            e(0, 40, 10, false),
            e(1, 90, 0, false),
            e(2, 40, 20, false),
            e(3, 40, 10, true),
            e(4, 5, 0, true),
        ]);
        assert_eq!(o, vec![1, 2, 3, 0, 4]);
        assert_eq!(order(&[e(0, 7, 0, false), e(1, 7, 0, false)]), vec![0, 1]);
    }

    proptest::proptest! {
        #[test]
        fn the_order_by_numbers_is_the_order_by_comparison(
            // Battle-sized values, and values at and past the edge of a
            // byte (where the packed order must give way to comparison).
            rolls in proptest::collection::vec(proptest::prop_oneof![
                (1i64..=100, -3i64..=3, proptest::bool::ANY),
                (-130i64..=130, -130i64..=130, proptest::bool::ANY),
            ], 0..40)
        ) {
            let entries: Vec<Entry> = rolls
                .iter()
                .enumerate()
                .map(|(index, &(roll, evasion, defender))| e(index, roll, evasion, defender))
                .collect();
            proptest::prop_assert_eq!(order(&entries), order_by_comparison(&entries));
        }
    }

    #[test]
    fn ready_triggers() {
        assert!(triggered(Ready::AnyInRange, 4, true));
        assert!(!triggered(Ready::AnyInRange, 4, false));
        assert!(triggered(Ready::On(4), 4, true));
        assert!(!triggered(Ready::On(3), 4, true));
    }

    #[test]
    fn the_sequence_ends_when_points_or_will_run_out() {
        assert!(sequence_goes_on(&[0, 3], &[false, false]));
        assert!(!sequence_goes_on(&[0, 3], &[false, true]));
        assert!(!sequence_goes_on(&[0, 0], &[false, false]));
    }
}
