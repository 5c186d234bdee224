//! A compact copy, per side, of what the roster walks read of each unit on
//! the table (its spot, whether it has activated, whether it is in cover),
//! in the roster's order: target choice walks it reading a few packed words
//! a unit instead of three fields spread over the wide `Unit`. Kept up to
//! date wherever a unit moves, activates, leaves its post or leaves the
//! table, and checked against `Unit` in debug builds.

use super::target::UNIT_BITS;
use super::{Battle, Post, Unit};

/// What a roster walk reads of one unit on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seen {
    /// Its spot, in inches from the defenders' line.
    pub(crate) dist: i64,
    /// The target key's lowest bits (`target::target_key`): whether it is
    /// in cover (bit `UNIT_BITS`), then its index.
    pub(crate) low: u64,
    /// Not yet activated this turn.
    pub(crate) idle: bool,
}

impl Seen {
    pub(crate) fn of(u: usize, x: &Unit) -> Seen {
        debug_assert!((u as u64) < (1 << UNIT_BITS) - 1);
        Seen {
            dist: x.dist,
            low: u64::from(x.post != Post::Open) << UNIT_BITS | u as u64,
            idle: !x.activated,
        }
    }

    /// The unit's index.
    #[inline]
    pub(crate) fn unit(self) -> usize {
        (self.low & ((1 << UNIT_BITS) - 1)) as usize
    }
}

impl Battle<'_, '_> {
    /// Unit `u`'s spot, activation or post changed: its entry follows (a
    /// unit off the table has none).
    pub(crate) fn seen_sync(&mut self, u: usize) {
        let x = &self.s.units[u];
        let now = Seen::of(u, x);
        let side = &mut self.s.seen[x.role.index()];
        if let Some(y) = side.get_mut(self.s.seen_at[u]) {
            *y = now;
        }
        self.near_sync(u, now);
        debug_assert!(self.seen_at_ok(u));
        debug_assert!(self.near_ok(self.s.units[u].role.index()));
    }

    /// Whether `seen_at[u]` is where the binary search (the entries are in
    /// the roster's order, by unit index) finds `u`'s entry.
    fn seen_at_ok(&self, u: usize) -> bool {
        let side = &self.s.seen[self.s.units[u].role.index()];
        side.windows(2).all(|w| w[0].unit() < w[1].unit())
            && side.binary_search_by_key(&u, |y| y.unit()).ok()
                == Some(self.s.seen_at[u]).filter(|&i| i != usize::MAX)
    }

    /// Unit `u`'s activation alone changed: only its entry's idle bit
    /// follows (every activation comes here; nothing else need be read).
    pub(crate) fn seen_idle(&mut self, u: usize, idle: bool) {
        debug_assert!(self.seen_at_ok(u));
        let side = &mut self.s.seen[self.s.units[u].role.index()];
        if let Some(y) = side.get_mut(self.s.seen_at[u]) {
            y.idle = idle;
            debug_assert_eq!(*y, Seen::of(u, &self.s.units[u]));
        }
        self.near_idle(u, idle);
    }

    /// Every unit's entry afresh (a new turn clears the activations).
    pub(crate) fn seen_refill(&mut self) {
        let units = &self.s.units;
        for side in self.s.seen.iter_mut() {
            for y in side.iter_mut() {
                let u = y.unit();
                *y = Seen::of(u, &units[u]);
            }
        }
        self.near_refill();
    }

    /// Whether side `r`'s entries match its roster and units (debug
    /// builds' check of every reader).
    pub(crate) fn seen_ok(&self, r: usize) -> bool {
        self.s.seen[r].iter().copied().eq(self.s.roster[r]
            .iter()
            .map(|&u| Seen::of(u, &self.s.units[u])))
    }
}
