//! Where figures stand and whom they can reach: distances, each side's
//! front, the figures across the table within a reach, and the nearest-enemy
//! search with its kept result. Figures of a side stand in index order
//! across the table, `SPACING` apart, which is what lets a search look only
//! across its reach.

use super::*;

/// Figures (by index) that share a stamp of their last move (`State::stamps`).
pub(crate) const BUCKET: usize = 8;

/// A figure's nearest enemy as found at move `clock` with the figure at
/// `x`: still its nearest while it has not moved, that enemy is up and no
/// enemy within that distance across has moved since (one farther across
/// cannot come nearer; a figure going down that was not the nearest changes
/// nothing).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Near {
    pub(crate) enemy: u32,
    pub(crate) clock: u32,
    /// The stamps (`State::stamps`) of the enemies within its distance
    /// across, first and last.
    pub(crate) stamps: (u32, u32),
    pub(crate) x: f64,
    pub(crate) d2: f64,
    /// The distance (`d2`'s square root, taken once).
    pub(crate) d: f64,
}

impl Near {
    pub(crate) const NONE: Near = Near {
        enemy: u32::MAX,
        clock: 0,
        stamps: (0, 0),
        x: f64::NAN,
        d2: 0.0,
        d: 0.0,
    };
}

/// Where a search starts: the searcher's place along and across the
/// table, and how far (squared) along the table every enemy up stands from
/// it at least (`Battle::short_of_front`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spot {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) dx2: f64,
}

/// `ys.partition_point(below)` for a side's places across the table
/// (`SPACING` apart, in order), started from where `y` would stand, so that
/// it takes a step or two rather than a binary search.
pub(crate) fn split(ys: &[f64], y: f64, below: impl Fn(f64) -> bool) -> usize {
    let Some(&first) = ys.first() else {
        return 0;
    };
    // About where `y` stands (the steps below make it exact); not `ceil`,
    // which is a call into the C library on the baseline x86-64.
    let guess = (y - first) / SPACING;
    let mut i = if guess > 0.0 {
        (guess as usize + 1).min(ys.len())
    } else {
        0
    };
    while i > 0 && !below(ys[i - 1]) {
        i -= 1;
    }
    while i < ys.len() && below(ys[i]) {
        i += 1;
    }
    debug_assert_eq!(i, ys.partition_point(|&gy| below(gy)));
    i
}

/// `v.floor()` without the call into the C library that `floor` is on the
/// baseline x86-64 (every advance and charge asks where lines of cover
/// fall): the same value, the sign of a zero kept, for any finite `v` of
/// magnitude below 2^63 (a place on the table).
#[inline]
pub(crate) fn floor(v: f64) -> f64 {
    let t = v as i64 as f64;
    let down = if t > v { t - 1.0 } else { t.copysign(v) };
    debug_assert_eq!(down.to_bits(), v.floor().to_bits());
    down
}

/// `v.ceil()` likewise (`floor`).
#[inline]
pub(crate) fn ceil(v: f64) -> f64 {
    let up = -floor(-v);
    debug_assert_eq!(up.to_bits(), v.ceil().to_bits());
    up
}

/// `v.round()` (half away from zero) likewise (`floor`).
#[inline]
pub(crate) fn round(v: f64) -> f64 {
    let t = v as i64 as f64;
    let near = if (v - t).abs() >= 0.5 {
        t + 1f64.copysign(v)
    } else {
        t
    };
    let near = near.copysign(v);
    debug_assert_eq!(near.to_bits(), v.round().to_bits());
    near
}

/// The smallest of `xs` and how many times it occurs (`None`: no `x`).
pub(crate) fn least(xs: impl Iterator<Item = f64>) -> Option<(f64, u32)> {
    let mut back = (f64::INFINITY, 0);
    for x in xs {
        if x < back.0 {
            back = (x, 1);
        } else if x == back.0 {
            back.1 += 1;
        }
    }
    (back.1 > 0).then_some(back)
}

impl Battle<'_, '_> {
    pub(crate) fn dist(&self, a: usize, b: usize) -> f64 {
        self.dist2(a, b).sqrt()
    }

    /// The squared distance: searches compare these, so that odds runs take
    /// one square root per search rather than one per figure.
    #[inline]
    pub(crate) fn dist2(&self, a: usize, b: usize) -> f64 {
        let (pa, pb) = (&self.s.places[a], &self.s.places[b]);
        debug_assert!(pa.y == self.p.ys[a] && pb.y == self.p.ys[b]);
        let (dx, dy) = (pa.x - pb.x, pa.y - pb.y);
        dx * dx + dy * dy
    }

    /// Marks a figure as having activated this turn.
    pub(crate) fn set_activated(&mut self, f: usize) {
        self.s.places[f].activated = true;
        self.s.ready.set(f, false);
    }

    /// Suppresses a figure or lifts its suppression.
    pub(crate) fn set_suppressed(&mut self, f: usize, on: bool) {
        if on {
            self.leaders_unsure_near(f);
        }
        self.s.places[f].suppressed = on;
        let pinned = on && self.s.places[f].up;
        self.s.pinned.set(f, pinned);
        if !pinned {
            // A ready figure may be free again: `pick` looks from it.
            let side = &mut self.s.first_free[self.role(f).index()];
            *side = (*side).min(f);
        }
    }

    /// Places or takes away a figure's overwatch marker.
    pub(crate) fn set_overwatch(&mut self, f: usize, on: bool) {
        self.s.places[f].overwatch = on;
        self.s.watching.set(f, on && self.s.places[f].up);
    }

    /// A figure was suppressed or moved: a leader within `bits::WIDE` of it
    /// may now pass it (or a friend) an action.
    fn leaders_unsure_near(&mut self, f: usize) {
        let (lo, hi) = (
            f.saturating_sub(bits::WIDE),
            (f + bits::WIDE + 1).min(self.p.figures.len()),
        );
        for k in lo / 64..=(hi - 1) / 64 {
            let w = bits::within(k, &(lo..hi), self.p.leaders.word(k));
            self.s.unsure.or_word(k, w);
            if w != 0 {
                self.s.unsure_words.set(k, true);
            }
        }
    }

    /// The largest `x` of a side's figures up (`-inf` when none is).
    pub(crate) fn front(&mut self, role: Role) -> f64 {
        if let Some((x, _)) = self.s.front[role.index()] {
            return x;
        }
        let mut front = (f64::NEG_INFINITY, 0);
        for g in self.side(role).filter(|&g| self.s.places[g].up) {
            let x = self.s.places[g].x;
            if x > front.0 {
                front = (x, 1);
            } else if x == front.0 {
                front.1 += 1;
            }
        }
        debug_assert_eq!(
            front.0,
            self.side(role)
                .filter(|&g| self.s.places[g].up)
                .map(|g| self.s.places[g].x)
                .fold(f64::NEG_INFINITY, f64::max)
        );
        if front.1 > 0 {
            self.s.front[role.index()] = Some(front);
        }
        front.0
    }

    /// Keeps the side's front (and the count of its moves) as `f` moves
    /// from `old` to `new` (`None`: goes down).
    pub(crate) fn front_moves(&mut self, f: usize, old: f64, new: Option<f64>) {
        let side = self.role(f).index();
        if new.is_some() {
            self.s.clock += 1;
            self.s.stamps[f / BUCKET] = self.s.clock;
            // A move matters to a leader within `WIDE` only through a
            // pinned figure within its command radius (at most `WIDE` from
            // it): with none pinned within twice that of the mover, no
            // leader it could reach can pass an action, and a later
            // suppression marks them itself.
            let (lo, hi) = (
                f.saturating_sub(2 * bits::WIDE),
                (f + 2 * bits::WIDE + 1).min(self.p.figures.len()),
            );
            let pinned = &self.s.pinned;
            if bits::first_in(lo..hi, |k| pinned.word(k)).is_some() {
                self.leaders_unsure_near(f);
            }
        }
        self.back_moves(f, old, new);
        let Some((fx, n)) = self.s.front[side] else {
            return;
        };
        let n = n - u32::from(old == fx);
        self.s.front[side] = match new {
            Some(x) if x > fx => Some((x, 1)),
            Some(x) if x == fx => Some((fx, n + 1)),
            _ if n == 0 => None,
            _ => Some((fx, n)),
        };
    }

    /// Keeps the side's back (`State::back`) as `f` moves from `old` to
    /// `new` (`None`: goes down); called before its place changes. The side
    /// is read again only when the last figure at the back leaves it.
    fn back_moves(&mut self, f: usize, old: f64, new: Option<f64>) {
        let role = self.role(f);
        let Some((bx, n)) = self.s.back[role.index()] else {
            return;
        };
        let n = n - u32::from(old == bx);
        self.s.back[role.index()] = match new {
            Some(x) if x < bx => Some((x, 1)),
            Some(x) if x == bx => Some((bx, n + 1)),
            _ if n == 0 => least(self.side(role).filter_map(|g| match g == f {
                true => new,
                false => self.s.places[g].up.then_some(self.s.places[g].x),
            })),
            _ => Some((bx, n)),
        };
    }

    /// A new turn: every figure still up is yet to activate.
    pub(crate) fn begin_turn_marks(&mut self) {
        // Only a leader with a figure pinned within `bits::WIDE` of it (by
        // index, as `pinned_near` looks) can pass an action; figures keep
        // their place across, so the others can only come to one by a
        // suppression near them, which marks them then.
        for k in 0..self.s.unsure.words() {
            let w = self.p.leaders.word(k) & self.s.pinned.near_word(k, bits::WIDE);
            self.s.unsure.set_word(k, w);
            self.s.unsure_words.set(k, w != 0);
        }
        self.s.first_ready = [0; 2];
        self.s.first_free = [0; 2];
        for pl in self.s.places.iter_mut() {
            pl.activated = !pl.up;
            pl.moved = false;
        }
        // Ready: every figure up, a word at a time.
        debug_assert!((0..self.s.places.len()).all(|f| self.s.alive.get(f) == self.up(f)));
        self.s.ready.clone_from(&self.s.alive);
    }

    /// `f`'s side, from its index (attackers come first, `side`), not
    /// from its `Figure`: no bounds check, and no read of the record.
    #[inline]
    pub(crate) fn role(&self, f: usize) -> Role {
        let role = if f < self.p.start[0] {
            Role::Attacker
        } else {
            Role::Defender
        };
        debug_assert_eq!(role, self.p.figures[f].role);
        role
    }

    pub(crate) fn up(&self, f: usize) -> bool {
        self.s.places[f].up
    }

    /// The figures of a side: attackers come first, then defenders.
    pub(crate) fn side(&self, role: Role) -> std::ops::Range<usize> {
        let a = self.p.start[0];
        match role {
            Role::Attacker => 0..a,
            Role::Defender => a..self.p.figures.len(),
        }
    }

    pub(crate) fn friends(&self, f: usize) -> impl Iterator<Item = usize> + '_ {
        self.side(self.role(f))
            .filter(move |&g| g != f && self.s.places[g].up)
    }

    /// The figures of `role` that may stand within `reach` inches of `f`:
    /// a side's figures stand in order across the table, `SPACING` apart,
    /// so only those within `reach` across can be (one more each way, so
    /// that rounding never leaves one out). Every search for a figure within
    /// some reach scans this window in the order of a scan of the whole
    /// side, and so finds what that scan finds.
    pub(crate) fn across(&self, f: usize, role: Role, reach: f64) -> Range<usize> {
        self.p.across(f, role, reach)
    }

    /// Visits the figures of `role` outward across the table from `f`:
    /// first those at or beyond `f`'s place across, nearest first, then
    /// those short of it, nearest first. `visit` is given each figure and
    /// its squared distance across (as `dist2` reckons it, so never more
    /// than the squared distance) and says whether to go on that way.
    pub(crate) fn outward(&self, f: usize, role: Role, mut visit: impl FnMut(usize, f64) -> bool) {
        let r = self.side(role);
        let y = self.p.ys[f];
        let mid = if role == self.role(f) {
            r.start + split(&self.p.ys[r.clone()], y, |gy| gy < y)
        } else {
            self.win(f).mid as usize
        };
        debug_assert_eq!(mid, r.start + split(&self.p.ys[r.clone()], y, |gy| gy < y));
        let dy2 = |g: usize| {
            let dy = y - self.p.ys[g];
            dy * dy
        };
        for g in mid..r.end {
            if !visit(g, dy2(g)) {
                break;
            }
        }
        for g in (r.start..mid).rev() {
            if !visit(g, dy2(g)) {
                break;
            }
        }
    }

    /// The nearest up enemy that `pre` and then `keep` accept (the lower
    /// index on a tie), with its distance; distances are only measured for
    /// enemies `pre` accepts, and `keep` is given the squared distance. No
    /// enemy farther than `reach` across is looked at: `keep` must refuse
    /// those.
    pub(crate) fn nearest_where(
        &self,
        f: usize,
        reach: f64,
        pre: impl Fn(usize) -> bool,
        keep: impl Fn(usize, f64) -> bool,
    ) -> Option<(usize, f64)> {
        let mut best: Option<(usize, f64)> = None;
        let band = reach + SPACING;
        let band2 = band * band;
        let dx2 = self.short_of_front(f);
        self.outward(f, self.role(f).other(), |g, dy2| {
            // Nothing farther across can be nearer than the best so far, or
            // within reach.
            if best.is_some_and(|(_, bd)| dy2 + dx2 > bd) || dy2 > band2 {
                return false;
            }
            if self.s.places[g].up && pre(g) {
                let d2 = self.dist2(f, g);
                if keep(g, d2) && best.is_none_or(|(bg, bd)| d2 < bd || (d2 == bd && g < bg)) {
                    best = Some((g, d2));
                }
            }
            true
        });
        best.map(|(g, d2)| (g, d2.sqrt()))
    }

    /// The nearest figure whose bit `word` sets (the lower index on a tie)
    /// that `sees` lets through (asked only of one that would be the best
    /// so far) within `reach` of the searcher standing at `at`, with its
    /// squared distance; none farther than `reach` across is looked at.
    /// Outward across the table from the searcher over those bits, each way
    /// until nothing farther across can be nearer (or within reach).
    /// `r` is the part of the side to look over (a window across at
    /// least `reach` wide), `mid` the first of it at or beyond the searcher
    /// across; `at` is its place and `short_of_front`, which the caller
    /// reads once for all the kinds it walks.
    pub(crate) fn nearest_of(
        &self,
        at: Spot,
        r: Range<usize>,
        mid: usize,
        reach: f64,
        word: impl Fn(usize) -> u64 + Copy,
        sees: impl Fn(usize) -> bool,
    ) -> Option<(usize, f64)> {
        let places = &self.s.places;
        let Spot { x, y, dx2 } = at;
        // The best so far; none yet while it is `usize::MAX` at `reach`
        // squared (a figure at that distance or nearer takes its place),
        // which spares the walk an `Option` per look, and bounds the walk
        // by the reach before any figure is found: a kind with none within
        // reach is given up at the first figure beyond it across, not read
        // to the end of the window.
        let (mut bg, mut bd) = (usize::MAX, reach * reach);
        let mut look = |g: usize| {
            let pg = &places[g];
            let dy = y - pg.y;
            let dy2 = dy * dy;
            // Farther across, no figure can be nearer than the best so far
            // (or within reach): each stands at least `dx2` away along the
            // table too.
            if dy2 + dx2 > bd {
                return false;
            }
            let dx = x - pg.x;
            let d2 = dx * dx + dy2;
            if (d2 < bd || (d2 == bd && g < bg)) && sees(g) {
                (bg, bd) = (g, d2);
            }
            true
        };
        for g in bits::each_in(mid..r.end, word) {
            if !look(g) {
                break;
            }
        }
        for g in bits::each_in_rev(r.start..mid, word) {
            if !look(g) {
                break;
            }
        }
        (bg != usize::MAX).then_some((bg, bd))
    }

    /// At least how far (squared) along the table `f` stands from every
    /// enemy up: past the enemy's front (its largest `x`, when known) by
    /// that much. An attacker closing on the defenders' line searches for a
    /// target over the few enemies across from it rather than over every
    /// one within its distance across.
    /// Short of the enemy's back (its smallest `x`) likewise: a defender
    /// whose enemies all stand at a line of cover ahead looks at the few
    /// across from it.
    #[inline]
    pub(crate) fn short_of_front(&self, f: usize) -> f64 {
        let other = self.role(f).other().index();
        let x = self.s.places[f].x;
        debug_assert!(self.s.back[other].is_none_or(|(b, _)| self
            .side(self.role(f).other())
            .all(|g| !self.up(g) || self.s.places[g].x >= b)));
        // Past the front, or short of the back (never both: the back is
        // never past the front), else 0; without a branch on where `f`
        // stands, which the searches' callers cannot predict.
        let past = self.s.front[other].map_or(f64::NEG_INFINITY, |(front, _)| x - front);
        let short = self.s.back[other].map_or(f64::NEG_INFINITY, |(back, _)| back - x);
        let dx = past.max(short).max(0.0);
        dx * dx
    }

    /// `f`'s place and `short_of_front`, for the walks of one search.
    #[inline]
    pub(crate) fn spot_of(&self, f: usize) -> Spot {
        Spot {
            x: self.s.places[f].x,
            y: self.s.places[f].y,
            dx2: self.short_of_front(f),
        }
    }

    /// The nearest up enemy and its distance.
    /// (The search every action makes, so written out: outward across the
    /// table from `f` over the enemies up, each way until nothing farther
    /// across can be nearer; the same as `nearest_where` with no condition.
    /// The result is kept until an enemy within its distance across moves.)
    pub(crate) fn nearest(&self, f: usize) -> Option<(usize, f64)> {
        self.near_enemy(f).map(|n| (n.enemy as usize, n.d))
    }

    /// `nearest` with its squared distance (as the searches reckon it).
    pub(crate) fn near_enemy(&self, f: usize) -> Option<Near> {
        let found = self.kept_nearest(f).or_else(|| self.search_nearest(f));
        debug_assert_eq!(
            found.map(|n| (n.enemy as usize, n.d2.to_bits())),
            self.side(self.role(f).other())
                .filter(|&g| self.s.places[g].up)
                .map(|g| (g, self.dist2(f, g)))
                .fold(None, |b: Option<(usize, f64)>, (g, d2)| match b {
                    Some((_, bd)) if bd <= d2 => b,
                    _ => Some((g, d2)),
                })
                .map(|(g, d2)| (g, d2.to_bits()))
        );
        found
    }

    /// The nearest enemy kept from an earlier search, with its squared
    /// distance, if it still holds.
    fn kept_nearest(&self, f: usize) -> Option<Near> {
        let c = self.s.near[f].get();
        if c.x != self.s.places[f].x || !self.s.places[c.enemy as usize].up {
            return None;
        }
        if c.clock == self.s.clock {
            // No figure has moved since it was found.
            return Some(c);
        }
        let moved = self.s.stamps[c.stamps.0 as usize..=c.stamps.1 as usize]
            .iter()
            .any(|&t| t > c.clock);
        (!moved).then_some(c)
    }

    fn search_nearest(&self, f: usize) -> Option<Near> {
        let r = self.side(self.role(f).other());
        let (alive, ys, places) = (&self.s.alive, &self.p.ys, &self.s.places);
        let (x, y) = (self.s.places[f].x, self.s.places[f].y);
        let mid = self.win(f).mid as usize;
        debug_assert_eq!(mid, r.start + split(&ys[r.clone()], y, |gy| gy < y));
        let dx2 = self.short_of_front(f);
        // The best so far, none while infinitely far (as in `nearest_of`).
        let (mut bg, mut bd) = (usize::MAX, f64::INFINITY);
        // Whether to look on past `g` (an enemy up). Farther across, no
        // enemy can be nearer: each stands at least `dx2` away along the
        // table too (an attacker at the defenders' line looks at the one or
        // two across from it).
        let mut look = |g: usize| {
            let pg = &places[g];
            let dy = y - pg.y;
            let dy2 = dy * dy;
            if dy2 + dx2 > bd {
                return false;
            }
            let dx = x - pg.x;
            let d2 = dx * dx + dy2;
            if d2 < bd || (d2 == bd && g < bg) {
                (bg, bd) = (g, d2);
            }
            true
        };
        for g in bits::each_in(mid..r.end, |k| alive.word(k)) {
            if !look(g) {
                break;
            }
        }
        for g in bits::each_in_rev(r.start..mid, |k| alive.word(k)) {
            if !look(g) {
                break;
            }
        }
        let (g, d2) = (bd < f64::INFINITY).then_some((bg, bd))?;
        let d = d2.sqrt();
        // The answer holds until an enemy within its distance across moves.
        // The walk above may stop short of them (by the front), so they are
        // found apart from it, across the table, by index from `mid`: a
        // side's figures stand exactly `SPACING` apart (`setup`), so those
        // within `d` across are within `d / SPACING` places of it, and one
        // more each way covers the rounding (a wider window only asks
        // again sooner).
        let k = (d / SPACING) as usize + 1;
        let (lo, hi) = (mid.saturating_sub(k).max(r.start), (mid + k).min(r.end));
        debug_assert!({
            let w = self.across(f, self.role(f).other(), d);
            w.filter(|&e| self.up(e) && (ys[e] - y).powi(2) <= d2)
                .all(|e| (lo..hi).contains(&e))
        });
        // Not empty: the nearest enemy is in it.
        let near = Near {
            enemy: g as u32,
            clock: self.s.clock,
            stamps: ((lo / BUCKET) as u32, ((hi - 1) / BUCKET) as u32),
            x,
            d2,
            d,
        };
        self.s.near[f].set(near);
        Some(near)
    }
}

#[cfg(test)]
mod tests {
    use super::{ceil, floor, round};

    #[test]
    fn floor_ceil_and_round_without_the_c_library_give_the_same_bits() {
        let half = 0.5 - f64::EPSILON / 4.0;
        let mut vs = vec![0.0, -0.0, 1e-300, -1e-300, 2f64.powi(53), -(2f64.powi(62))];
        vs.extend([
            half,
            -half,
            2f64.powi(52) + 1.0,
            2f64.powi(52) - 0.5,
            -(2f64.powi(52) - 0.5),
        ]);
        for i in -2000..=2000 {
            let v = i as f64 / 16.0;
            vs.extend([v, v + 1e-6, v - 1e-6, (v - 1e-6) / 10.0, (v + 1e-6) / 3.0]);
        }
        for v in vs {
            assert_eq!(floor(v).to_bits(), v.floor().to_bits(), "floor {v}");
            assert_eq!(ceil(v).to_bits(), v.ceil().to_bits(), "ceil {v}");
            assert_eq!(round(v).to_bits(), v.round().to_bits(), "round {v}");
        }
    }
}
