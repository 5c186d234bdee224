//! A set of figures as bits (one per figure index), so that the choice of
//! who activates next reads a few words instead of every figure.

use std::ops::Range;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Bits(Vec<u64>);

/// How far a figure's suppression or move may reach a leader that could
/// pass it an action (in figures, either way).
pub(crate) const WIDE: usize = 7;

impl Bits {
    pub(crate) fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }

    pub(crate) fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    pub(crate) fn set(&mut self, i: usize, on: bool) {
        let bit = 1u64 << (i % 64);
        if on {
            self.0[i / 64] |= bit;
        } else {
            self.0[i / 64] &= !bit;
        }
    }

    pub(crate) fn word(&self, k: usize) -> u64 {
        self.0[k]
    }

    /// Sets the bits `w` sets in word `k`.
    pub(crate) fn or_word(&mut self, k: usize, w: u64) {
        self.0[k] |= w;
    }

    /// Word `k` of the set widened by `by` places each way (`by < 64`): a
    /// bit is set where some bit of `self` within `by` of it is.
    pub(crate) fn near_word(&self, k: usize, by: usize) -> u64 {
        let w = &self.0;
        let (before, after) = (
            if k > 0 { w[k - 1] } else { 0 },
            w.get(k + 1).copied().unwrap_or(0),
        );
        let mut near = w[k];
        for s in 1..=by as u32 {
            near |= w[k] << s | before >> (64 - s);
            near |= w[k] >> s | after << (64 - s);
        }
        near
    }

    /// Sets word `k` to `w`.
    pub(crate) fn set_word(&mut self, k: usize, w: u64) {
        self.0[k] = w;
    }

    /// The words, cut to `n` (`same_length`).
    #[inline]
    pub(crate) fn cut(&self, n: usize) -> &[u64] {
        &self.0[..n]
    }

    /// How many words the set spans.
    pub(crate) fn words(&self) -> usize {
        self.0.len()
    }

    /// One bit per word of `self`: set where the word has any bit set.
    pub(crate) fn summary(&self) -> Bits {
        let mut s = Bits::new(self.0.len());
        for (k, &w) in self.0.iter().enumerate() {
            s.set(k, w != 0);
        }
        s
    }
}

/// The words of sets of the same figures, as slices of one length: a
/// closure that reads word `k` of each then pays one bounds check, not one
/// a set (the compiler knows the lengths are equal).
#[inline]
pub(crate) fn same_length<const N: usize>(sets: [&Bits; N]) -> [&[u64]; N] {
    let n = sets[0].words();
    debug_assert!(sets.iter().all(|s| s.words() == n));
    sets.map(|s| s.cut(n))
}

/// Word `k`'s bits `w` less those outside `range` (which it overlaps).
#[inline]
pub(crate) fn within(k: usize, range: &Range<usize>, mut w: u64) -> u64 {
    if k == range.start / 64 {
        w &= u64::MAX << (range.start % 64);
    }
    if k == (range.end - 1) / 64 && !range.end.is_multiple_of(64) {
        w &= u64::MAX >> (64 - range.end % 64);
    }
    w
}

/// The first index in `range` whose bit is set in the word `word(k)` gives.
#[inline]
pub(crate) fn first_in(range: Range<usize>, word: impl Fn(usize) -> u64) -> Option<usize> {
    if range.start >= range.end {
        return None;
    }
    // The ends masked once each, not tested for at every word (`pick` asks
    // this several times an activation).
    let (mut k, last) = (range.start / 64, (range.end - 1) / 64);
    let mut w = word(k) & (u64::MAX << (range.start % 64));
    while k < last {
        if w != 0 {
            return Some(k * 64 + w.trailing_zeros() as usize);
        }
        k += 1;
        w = word(k);
    }
    if !range.end.is_multiple_of(64) {
        w &= u64::MAX >> (64 - range.end % 64);
    }
    (w != 0).then(|| k * 64 + w.trailing_zeros() as usize)
}

/// How many indices in `range` have their bit set in `word(k)`.
pub(crate) fn count_in(range: Range<usize>, word: impl Fn(usize) -> u64) -> u32 {
    if range.start >= range.end {
        return 0;
    }
    let (first, last) = (range.start / 64, (range.end - 1) / 64);
    (first..=last)
        .map(|k| within(k, &range, word(k)).count_ones())
        .sum()
}

/// A walk over the bits of a range, word by word: the masks for the ends of
/// the range are applied once, where the walk enters the first and the
/// last word (a `flat_map` over the words tested both ends at every word).
pub(crate) struct Walk<F> {
    /// The word being read, and its bits not yet given.
    k: usize,
    w: u64,
    /// The word the walk ends at, and the mask for it.
    last: usize,
    last_mask: u64,
    word: F,
}

/// The masks of a range's first and last words: `(first, last, first
/// word's mask, last word's mask)`; `None` for an empty range.
fn ends(range: &Range<usize>) -> Option<(usize, usize, u64, u64)> {
    if range.start >= range.end {
        return None;
    }
    let low = u64::MAX << (range.start % 64);
    let high = match range.end % 64 {
        0 => u64::MAX,
        n => u64::MAX >> (64 - n),
    };
    Some((range.start / 64, (range.end - 1) / 64, low, high))
}

/// The indices in `range`, in order, whose bits are set in `word(k)`.
#[inline]
pub(crate) fn each_in<F: Fn(usize) -> u64>(range: Range<usize>, word: F) -> Walk<F> {
    walk_from(
        word,
        ends(&range).map(|(first, last, low, high)| (first, low, last, high)),
    )
}

/// A walk that starts at word `k` under `mask` and stops after word `last`
/// under `last_mask` (both masks on a one-word range); empty on `None`.
#[inline]
fn walk_from<F: Fn(usize) -> u64>(word: F, ends: Option<(usize, u64, usize, u64)>) -> Walk<F> {
    let Some((k, mask, last, last_mask)) = ends else {
        return Walk {
            k: 0,
            w: 0,
            last: 0,
            last_mask: 0,
            word,
        };
    };
    let mut w = word(k) & mask;
    if k == last {
        w &= last_mask;
    }
    Walk {
        k,
        w,
        last,
        last_mask,
        word,
    }
}

impl<F: Fn(usize) -> u64> Iterator for Walk<F> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.w == 0 {
            if self.k >= self.last {
                return None;
            }
            self.k += 1;
            self.w = (self.word)(self.k);
            if self.k == self.last {
                self.w &= self.last_mask;
            }
        }
        let b = self.w.trailing_zeros() as usize;
        self.w &= self.w - 1;
        Some(self.k * 64 + b)
    }
}

/// `Walk` backwards: `last` is the first word of the range, where it ends.
pub(crate) struct WalkBack<F>(Walk<F>);

/// The indices in `range`, last first, whose bits are set in `word(k)`.
#[inline]
pub(crate) fn each_in_rev<F: Fn(usize) -> u64>(range: Range<usize>, word: F) -> WalkBack<F> {
    WalkBack(walk_from(
        word,
        ends(&range).map(|(first, last, low, high)| (last, high, first, low)),
    ))
}

impl<F: Fn(usize) -> u64> Iterator for WalkBack<F> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let s = &mut self.0;
        while s.w == 0 {
            if s.k <= s.last {
                return None;
            }
            s.k -= 1;
            s.w = (s.word)(s.k);
            if s.k == s.last {
                s.w &= s.last_mask;
            }
        }
        let b = 63 - s.w.leading_zeros() as usize;
        s.w &= !(1u64 << b);
        Some(s.k * 64 + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_in_a_range_and_in_order() {
        let mut b = Bits::new(200);
        for i in [3, 63, 64, 130, 199] {
            b.set(i, true);
        }
        b.set(3, false);
        let all: Vec<usize> = each_in(0..200, |k| b.word(k)).collect();
        assert_eq!(all, vec![63, 64, 130, 199]);
        assert_eq!(
            each_in(64..199, |k| b.word(k)).collect::<Vec<_>>(),
            vec![64, 130]
        );
        assert_eq!(first_in(65..200, |k| b.word(k)), Some(130));
        assert_eq!(first_in(5..5, |k| b.word(k)), None);
        assert_eq!(count_in(0..200, |k| b.word(k)), 4);
        assert_eq!(count_in(64..199, |k| b.word(k)), 2);
        assert_eq!(count_in(7..7, |k| b.word(k)), 0);
        let mut back: Vec<usize> = each_in_rev(1..199, |k| b.word(k)).collect();
        back.reverse();
        assert_eq!(back, each_in(1..199, |k| b.word(k)).collect::<Vec<_>>());
        assert_eq!(each_in_rev(0..200, |k| b.word(k)).next(), Some(199));
        assert_eq!(each_in_rev(64..64, |k| b.word(k)).next(), None);
        assert_eq!(each_in_rev(0..64, |k| b.word(k)).next(), Some(63));
        assert_eq!(each_in_rev(0..63, |k| b.word(k)).next(), None);
    }

    /// 200 bits set at and around the word edges, for the range walks.
    fn edges() -> Bits {
        let mut b = Bits::new(200);
        for i in [0, 3, 63, 64, 127, 128, 130, 191, 192, 199] {
            b.set(i, true);
        }
        b
    }

    #[test]
    fn the_walks_give_every_bit_set_in_a_range_each_way() {
        let b = edges();
        for start in 0..200 {
            for end in start..=200 {
                let plain: Vec<usize> = (start..end).filter(|&i| b.get(i)).collect();
                assert_eq!(
                    each_in(start..end, |k| b.word(k)).collect::<Vec<_>>(),
                    plain
                );
                let mut back: Vec<usize> = each_in_rev(start..end, |k| b.word(k)).collect();
                back.reverse();
                assert_eq!(back, plain, "{start}..{end}");
            }
        }
    }

    #[test]
    fn a_set_widened_has_every_place_within_reach_of_a_bit() {
        let b = edges();
        for by in [0, 1, 7, 63] {
            for i in 0..200usize {
                let plain = (i.saturating_sub(by)..=(i + by).min(199)).any(|j| b.get(j));
                assert_eq!(
                    b.near_word(i / 64, by) >> (i % 64) & 1 == 1,
                    plain,
                    "{i} by {by}"
                );
            }
        }
    }

    #[test]
    fn the_first_in_a_range_is_the_first_bit_set_in_it() {
        let b = edges();
        for start in 0..200 {
            for end in start..=200 {
                let plain = (start..end).find(|&i| b.get(i));
                assert_eq!(first_in(start..end, |k| b.word(k)), plain, "{start}..{end}");
            }
        }
    }
}
