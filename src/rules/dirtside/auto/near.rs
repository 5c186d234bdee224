//! Each side's compact entries (`seen.rs`) once more, in order of spot
//! along the one-line table: the walks that look for enemy units in reach
//! (target choice, the reach checks, the nearest enemy) start beside the
//! walker's spot and go outward, so they stop at the first unit past the
//! reach instead of weighing every unit on the table. Kept beside `seen`
//! (whose roster order opportunity fire needs) by the same updates, and
//! checked against it in debug builds.

use super::seen::Seen;
use super::Battle;
use crate::battle::result::Role;

impl Battle<'_, '_> {
    /// Side `r`'s entries from `here` outward: those at or beyond `here`
    /// (nearest first) and those before it (nearest first, read backward).
    #[inline]
    pub(crate) fn near_halves(&self, r: usize, here: i64) -> (&[Seen], &[Seen]) {
        debug_assert!(self.near_ok(r));
        let near = &self.s.near[r];
        // Found by a step from the end the enemy lies beyond, not a binary
        // search: the defenders stand nearer their line than the attackers
        // nearly always, so the split lies at the end of their list (the
        // attackers' start) and the first test ends the search.
        let mut i;
        if r == Role::Defender.index() {
            i = near.len();
            while i > 0 && near[i - 1].dist >= here {
                i -= 1;
            }
        } else {
            i = 0;
            while i < near.len() && near[i].dist < here {
                i += 1;
            }
        }
        debug_assert_eq!(i, near.partition_point(|y| y.dist < here));
        let (before, after) = near.split_at(i);
        (after, before)
    }

    /// The range from `here` to side `r`'s nearest unit on the table.
    #[inline]
    pub(crate) fn nearest_range(&self, r: usize, here: i64) -> Option<i64> {
        let (after, before) = self.near_halves(r, here);
        let a = after.first().map(|y| y.dist - here);
        let b = before.last().map(|y| here - y.dist);
        match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Unit `u`'s entry (in `seen`) changed: its copy here follows, moved
    /// to its place if its spot changed (one swap for each unit of its side
    /// it passes, which a move of a few inches rarely does).
    pub(crate) fn near_sync(&mut self, u: usize, now: Seen) {
        let r = self.s.units[u].role.index();
        let Some(&i) = self.s.near_at.get(u).filter(|&&i| i != usize::MAX) else {
            return;
        };
        let (near, at) = (&mut self.s.near[r], &mut self.s.near_at);
        near[i] = now;
        let mut i = i;
        while i > 0 && near[i - 1].dist > now.dist {
            near.swap(i - 1, i);
            at[near[i].unit()] = i;
            i -= 1;
        }
        while i + 1 < near.len() && near[i + 1].dist < now.dist {
            near.swap(i, i + 1);
            at[near[i].unit()] = i;
            i += 1;
        }
        at[u] = i;
    }

    /// Every entry afresh, as `seen_refill` does; put back in order should
    /// a spot have been set without `seen_sync` (the tests set some).
    pub(crate) fn near_refill(&mut self) {
        let units = &self.s.units;
        let mut sorted = true;
        for side in self.s.near.iter_mut() {
            for y in side.iter_mut() {
                let u = y.unit();
                *y = Seen::of(u, &units[u]);
            }
            sorted &= side.windows(2).all(|w| w[0].dist <= w[1].dist);
        }
        if !sorted {
            fill_near(
                &self.s.seen,
                &mut self.s.near,
                &mut self.s.near_at,
                self.s.units.len(),
            );
        }
        debug_assert!(self.near_ok(0) && self.near_ok(1));
    }

    /// Unit `u`'s activation alone changed: its copy's idle bit follows.
    #[inline]
    pub(crate) fn near_idle(&mut self, u: usize, idle: bool) {
        let r = self.s.units[u].role.index();
        if let Some(y) = self.s.near[r].get_mut(self.s.near_at[u]) {
            y.idle = idle;
        }
    }

    /// Unit `u` has left the table: off side `r`'s list.
    pub(crate) fn near_remove(&mut self, r: usize, u: usize) {
        let i = self.s.near_at[u];
        self.s.near[r].remove(i);
        self.s.near_at[u] = usize::MAX;
        for (k, y) in self.s.near[r].iter().enumerate().skip(i) {
            self.s.near_at[y.unit()] = k;
        }
    }

    /// Whether side `r`'s list holds exactly its entries in `seen`, in
    /// order of spot, each unit's place kept in `near_at`.
    pub(crate) fn near_ok(&self, r: usize) -> bool {
        let near = &self.s.near[r];
        let mut sorted = near.clone();
        sorted.sort_by_key(|y| y.unit());
        near.windows(2).all(|w| w[0].dist <= w[1].dist)
            && sorted == self.s.seen[r]
            && near
                .iter()
                .enumerate()
                .all(|(i, y)| self.s.near_at[y.unit()] == i)
    }
}

/// Both sides' entries in order of spot and each unit's place among them
/// (`State::near`, `near_at`), from their entries in roster order.
pub(crate) fn fill_near(
    seen: &[Vec<Seen>; 2],
    near: &mut [Vec<Seen>; 2],
    at: &mut Vec<usize>,
    units: usize,
) {
    at.clear();
    at.resize(units, usize::MAX);
    for (n, s) in near.iter_mut().zip(seen) {
        n.clear();
        n.extend_from_slice(s);
        // Stable: units at one spot stay in roster order.
        n.sort_by_key(|y| y.dist);
        for (i, y) in n.iter().enumerate() {
            at[y.unit()] = i;
        }
    }
}
