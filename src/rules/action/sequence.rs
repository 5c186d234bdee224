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
    let mut out = Vec::new();
    order_into(entries, &mut Vec::new(), &mut out);
    out
}

/// `order` written into `out`, with `keys` as room to sort in, so that a
/// resolver ordering every turn reuses its vectors (the auto-resolver
/// orders by counting, `order_counted`, and comes here only when that
/// cannot serve).
pub fn order_into(entries: &[Entry], keys: &mut Vec<u64>, out: &mut Vec<usize>) {
    out.clear();
    // One number a place, sorted as numbers: the roll and evasion turned
    // so that higher comes first. Rolls and evasions as the battles have
    // them fit a byte each, and the place in a u64 (sorting half the
    // bytes); anything wider is sorted by comparison.
    let byte = |v: i64| (-128..=127).contains(&v);
    if entries
        .iter()
        .all(|e| byte(e.roll) && byte(e.evasion) && u32::try_from(e.index).is_ok())
    {
        let down = |v: i64| (127 - v) as u64;
        keys.clear();
        keys.extend(entries.iter().map(|e| {
            down(e.roll) << 41
                | down(e.evasion) << 33
                | u64::from(!e.defender) << 32
                | e.index as u64
        }));
        keys.sort_unstable();
        out.extend(keys.iter().map(|&k| k as u32 as usize));
        return;
    }
    out.extend(order_by_comparison(entries));
}

/// Each (evasion, defender) pair's place among equal rolls, per entry of
/// `pairs`, and how many places there are: ordering by roll, then place,
/// then index is `order`'s order. `None` past 256 places.
pub fn tie_ranks(pairs: &[(i64, bool)]) -> Option<(Vec<u8>, usize)> {
    let mut places = pairs.to_vec();
    places.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    places.dedup();
    let rank = pairs
        .iter()
        .map(|p| u8::try_from(places.iter().position(|q| q == p)?).ok())
        .collect::<Option<Vec<u8>>>()?;
    Some((rank, places.len()))
}

/// `order` by counting, for entries listed in index order whose rolls are
/// a d100's: `rank[index]` is the entry's place among equal rolls and
/// `ranks` how many places (see `tie_ranks`). One pass counts each (roll,
/// place), one lays the entries out; no comparison at all. `false`, with
/// `out` not to be read, when a roll is not a d100's.
pub fn order_counted(
    entries: &[Entry],
    rank: &[u8],
    ranks: usize,
    count: &mut Vec<u32>,
    out: &mut Vec<usize>,
) -> bool {
    if entries.iter().any(|e| !(1..=100).contains(&e.roll)) {
        return false;
    }
    let keyed = entries
        .iter()
        .map(|e| (bucket_of(e.roll, rank[e.index], ranks), e.index));
    lay_out_by_bucket(keyed, 100 * ranks, count, out);
    true
}

/// The counting sort's bucket of a d100 roll at place `place` among equal
/// rolls: higher rolls first, then the place.
#[inline]
pub fn bucket_of(roll: i64, place: u8, ranks: usize) -> usize {
    (100 - roll) as usize * ranks + usize::from(place)
}

/// Lays the indices of `keyed` (bucket, index) out into `out` by bucket,
/// keeping their order within a bucket: one pass counts, one places.
pub fn lay_out_by_bucket(
    keyed: impl Iterator<Item = (usize, usize)> + Clone,
    buckets: usize,
    count: &mut Vec<u32>,
    out: &mut Vec<usize>,
) {
    count.clear();
    count.resize(buckets + 1, 0);
    let mut n = 0;
    for (b, _) in keyed.clone() {
        count[b + 1] += 1;
        n += 1;
    }
    for b in 0..buckets {
        count[b + 1] += count[b];
    }
    out.clear();
    out.resize(n, 0);
    for (b, index) in keyed {
        out[count[b] as usize] = index;
        count[b] += 1;
    }
}

/// A d100 roll's initiative key for `lay_out_by_roll`: the bucket of
/// `bucket_of` on top, so keys sort as `order` orders, then the roll again
/// (turned, 0..100; equal buckets have equal rolls, so it never decides)
/// for the counting pass to read without a division, then the index.
#[inline]
pub fn roll_key(roll: i64, place: u8, ranks: usize, index: usize) -> u64 {
    debug_assert!((1..=100).contains(&roll) && u32::try_from(index).is_ok());
    (bucket_of(roll, place, ranks) as u64) << 40 | ((100 - roll) as u64) << 32 | index as u64
}

/// The indices of `keys` (`roll_key`s, in index order) laid out into
/// `out` in key order. Counting by roll alone scans 100 counts where
/// `lay_out_by_bucket` scans 100 times the places; the keys then stand in
/// roll order, index order within a roll, and an insertion sort puts each
/// roll's few keys in place order, meeting only the pairs out of order
/// within a roll.
pub fn lay_out_by_roll(
    keys: &[u64],
    count: &mut Vec<u32>,
    room: &mut Vec<u64>,
    out: &mut Vec<usize>,
) {
    let roll_of = |k: u64| ((k >> 32) & 0xff) as usize;
    count.clear();
    count.resize(101, 0);
    for &k in keys {
        count[roll_of(k) + 1] += 1;
    }
    for r in 0..100 {
        count[r + 1] += count[r];
    }
    room.clear();
    room.resize(keys.len(), 0);
    for &k in keys {
        let r = roll_of(k);
        room[count[r] as usize] = k;
        count[r] += 1;
    }
    for n in 1..room.len() {
        let k = room[n];
        let mut m = n;
        while m > 0 && room[m - 1] > k {
            room[m] = room[m - 1];
            m -= 1;
        }
        room[m] = k;
    }
    out.clear();
    out.extend(room.iter().map(|&k| k as u32 as usize));
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

    proptest::proptest! {
        #[test]
        fn the_order_by_counting_is_the_order_by_comparison(
            rolls in proptest::collection::vec(
                (1i64..=100, -3i64..=3, proptest::bool::ANY), 0..60)
        ) {
            let entries: Vec<Entry> = rolls
                .iter()
                .enumerate()
                .map(|(index, &(roll, evasion, defender))| e(index, roll, evasion, defender))
                .collect();
            let pairs: Vec<(i64, bool)> = rolls.iter().map(|&(_, ev, d)| (ev, d)).collect();
            let (rank, ranks) = tie_ranks(&pairs).unwrap();
            let mut out = Vec::new();
            proptest::prop_assert!(order_counted(&entries, &rank, ranks, &mut Vec::new(), &mut out));
            proptest::prop_assert_eq!(&out, &order_by_comparison(&entries));
            let keys: Vec<u64> = entries
                .iter()
                .map(|e| roll_key(e.roll, rank[e.index], ranks, e.index))
                .collect();
            let mut by_roll = Vec::new();
            lay_out_by_roll(&keys, &mut Vec::new(), &mut Vec::new(), &mut by_roll);
            proptest::prop_assert_eq!(by_roll, out);
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
