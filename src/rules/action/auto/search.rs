//! The searches every action makes, walking out from the searcher's column
//! along the enemy's line and stopping once nobody farther out could be
//! chosen: the target an element attacks and the nearest enemy a mover
//! heads for. They choose exactly what a look at every piece would (debug
//! builds check each answer against that look).

use super::chooser::{Chooser, KINDS};
use super::fast::{At, Line};
use super::Battle;
use crate::rules::action::range::{grids, Grid};

/// A target chosen, with what the choice rested on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Kept {
    /// The enemy side's moves so far when it was chosen.
    enemy_moves: u64,
    /// Where the chooser stood.
    from: Grid,
    target: Option<usize>,
}

/// A target's standing in the choice: armour first for anti-armour
/// weapons, then a template that spares friends, then range, then the
/// columns between (straight ahead first), then index.
type Key = (bool, bool, i64, i64, usize);

impl Battle<'_, '_> {
    /// The enemy `i` attacks: anti-armour weapons take armour first, area
    /// weapons a target whose template spares friends, else the nearest.
    pub(super) fn pick_target(&self, i: usize, only: Option<usize>) -> Option<usize> {
        let found = if only.is_some() || self.p.tables.air[i] {
            self.pick_target_scan(i, only)
        } else {
            self.pick_kept(i)
        };
        debug_assert_eq!(found, self.pick_target_scan(i, only));
        found
    }

    /// The last choice again while nothing it rests on has changed: the
    /// element has not moved, no enemy has moved, and the target still
    /// fights (an enemy falling cannot put a better one in reach). Area
    /// weapons (friends near a target count) and artillery firing on what
    /// friends see search every time.
    fn pick_kept(&self, i: usize) -> Option<usize> {
        if !self.armed(i) {
            return None;
        }
        let c = &self.p.choosers[i];
        if !c.plain {
            return self.pick_near(i);
        }
        let a = &self.s.pieces[i];
        let foe = a.role.other().index();
        if let Some(k) = self.s.kept[i].get() {
            if k.enemy_moves == self.s.moves[foe]
                && k.from == a.pos
                && k.target.is_none_or(|j| self.s.pieces[j].fighting())
            {
                return k.target;
            }
        }
        let target = if c.fits && self.s.fliers[foe].is_empty() {
            self.nearest_plain(a.pos, foe, c)
        } else {
            self.pick_near(i)
        };
        self.s.kept[i].set(Some(Kept {
            enemy_moves: self.s.moves[foe],
            from: a.pos,
            target,
        }));
        target
    }

    /// The plain choice (see `pick_near`) of an armed element standing at
    /// `at` whose target rests on its own eyes, with nobody in the air: the
    /// nearest it may attack along the side `foe`'s lines, armour first for
    /// anti-armour weapons.
    fn nearest_plain(&self, at: Grid, foe: usize, c: &Chooser) -> Option<usize> {
        if c.anti_armour {
            let line = &self.s.armour_lines[foe];
            let armour = nearest_target(at, &c.reachable, c.any[0], line);
            if armour.is_some() {
                return armour;
            }
        }
        nearest_target(at, &c.reachable, c.any[1], &self.s.lines[foe])
    }

    fn pick_near(&self, i: usize) -> Option<usize> {
        if !self.armed(i) {
            return None;
        }
        let t = &self.p.tables;
        let a = &self.s.pieces[i];
        let foe = a.role.other().index();
        // Nobody in the air, no template to place, only its own eyes: the
        // choice is the nearest target it may attack, of equals the one
        // nearest its own column, then the lowest index, and a bit table
        // says where it may.
        let c = &self.p.choosers[i];
        if c.fits && c.plain && self.s.fliers[foe].is_empty() {
            return self.nearest_plain(a.pos, foe, c);
        }
        let mut best: Option<Key> = None;
        for &j in &self.s.fliers[foe] {
            self.consider(i, j, self.distance(i, j), 0, a.pos, &mut best);
        }
        // Anti-armour weapons look along the armoured line first: an
        // armoured target found there beats everyone else.
        if t.anti_armour[i] {
            self.walk(i, &self.s.armour_lines[foe], (false, false), &mut best);
            if best.is_some_and(|k| !k.0) {
                return best.map(|k| k.4);
            }
        }
        self.walk(i, &self.s.lines[foe], (true, false), &mut best);
        best.map(|k| k.4)
    }

    /// Every target on `line` as far out as one could beat the best:
    /// `floor` is the least the first two places of the key can be there,
    /// and once the best has them a target `d` columns out, at range `d` or
    /// more, cannot beat one nearer or as near and fewer columns away; nor,
    /// when the best is as near as the line's rows allow (everyone on it is
    /// at least that far), can one more columns away than the best.
    fn walk(&self, i: usize, line: &Line, floor: (bool, bool), best: &mut Option<Key>) {
        let a = self.s.pieces[i].pos;
        let t = &self.p.tables;
        let (reach, anti) = (t.reach[i], t.anti_armour[i]);
        let rows = line.rows_from(a.1);
        line.outward(a.0, |d, b| {
            if d > reach
                || best.is_some_and(|k| {
                    (k.0, k.1) == floor && ((d, d) > (k.2, k.3) || (rows >= k.2 && d > k.3))
                })
            {
                return false;
            }
            let pos = (b.x, b.y);
            let range = grids(a, pos).max(1);
            let armour_first = !(anti && t.armoured[b.i]);
            if best.is_none_or(|k| (armour_first, false, range, d, b.i) < k) {
                self.consider(i, b.i, range, d, pos, best);
            }
            true
        });
    }

    /// `j` at `range` and `gap` columns (see `column_gap`), standing at
    /// `pos`, as a target for `i`.
    fn consider(
        &self,
        i: usize,
        j: usize,
        range: i64,
        gap: i64,
        pos: Grid,
        best: &mut Option<Key>,
    ) {
        let t = &self.p.tables;
        let armour_first = !(t.anti_armour[i] && t.armoured[j]);
        // A target that cannot beat the best so far needs no other look.
        if best.is_some_and(|k| (armour_first, false, range, gap, j) > k) {
            return;
        }
        let value = if t.air[j] {
            self.weapon_value(i, j, range)
        } else {
            t.ground(i, j, range)
        };
        if value.is_none() || !self.may_see(i, j) {
            return;
        }
        let spares = match t.area[i] {
            Some(r) if !t.air[j] => self.friend_within(pos, r, self.s.pieces[i].role),
            _ => false,
        };
        let key = (armour_first, spares, range, gap, j);
        if best.is_none_or(|k| key < k) {
            *best = Some(key);
        }
    }

    /// Columns between `i` and the target `j`, the tie-break among equally
    /// near targets: the one straight ahead first. Aircraft are above
    /// everyone, so none between.
    pub(super) fn column_gap(&self, i: usize, j: usize) -> i64 {
        let (a, b) = (&self.s.pieces[i], &self.s.pieces[j]);
        if a.is_aircraft() || b.is_aircraft() {
            0
        } else {
            (a.pos.0 - b.pos.0).abs()
        }
    }

    /// The nearest fighting ground enemy of `i` and how far it is; of
    /// equals, the one most nearly straight ahead, then the lowest grid.
    pub(super) fn nearest_on_line(&self, i: usize) -> Option<(i64, Grid)> {
        let a = &self.s.pieces[i];
        let mut best: Option<(i64, i64, Grid)> = None;
        let line = &self.s.lines[a.role.other().index()];
        // Nobody on the line is nearer than its rows allow.
        let rows = line.rows_from(a.pos.1);
        // Out along each side of the column in turn: farther out than the
        // best is away is farther in grids too; and once the best is as
        // near as the rows allow, one farther out in columns loses the tie.
        let mut look = |d: i64, b: &At| {
            if best.is_some_and(|k| d > k.0 || (k.0 == rows && d > k.1)) {
                return false;
            }
            let pos = (b.x, b.y);
            let key = (grids(a.pos, pos), d, pos);
            if best.is_none_or(|k| key < k) {
                best = Some(key);
            }
            true
        };
        let (items, split) = (line.items(), line.first_at(a.pos.0));
        for b in &items[split..] {
            if !look(b.x - a.pos.0, b) {
                break;
            }
        }
        for b in items[..split].iter().rev() {
            if !look(a.pos.0 - b.x, b) {
                break;
            }
        }
        best.map(|(d, _, at)| (d, at))
    }
}

/// The element on `line` at the least range from `at` at which `reachable`
/// (bits by range, per kind of target; `anywhere` those of every kind that
/// may stand on the line) lets the searcher attack it, of
/// equals the one fewest columns away, then the lowest index: a walk out to
/// each side of `at`'s column that stops once an element that many columns
/// away could not beat the best (its range is at least the columns and at
/// least the rows between `at` and the line).
///
/// The checks that end most looks at once are inlined into the caller: an
/// anti-armour weapon's look along the armoured line mostly ends there, and
/// the call cost more than the checks.
#[inline(always)]
fn nearest_target(at: Grid, reachable: &[u64; KINDS], anywhere: u64, line: &Line) -> Option<usize> {
    if anywhere == 0 {
        return None;
    }
    let farthest = i64::from(63 - anywhere.leading_zeros());
    // Everyone on the line is farther in rows alone than any reach.
    let rows = line.rows_from(at.1);
    if rows > farthest {
        return None;
    }
    walk_line(at, reachable, farthest, rows, line)
}

/// The walk of `nearest_target` once the line may hold a target: `farthest`
/// is the searcher's longest reach, `rows` the fewest rows to the line.
#[inline(never)]
fn walk_line(
    at: Grid,
    reachable: &[u64; KINDS],
    farthest: i64,
    rows: i64,
    line: &Line,
) -> Option<usize> {
    // The best so far as (range, columns, index) packed high to low into
    // one `u64`, so that one compare orders two as the tuples would; and the
    // most columns out at which anyone could still beat it: a range is at
    // least the columns and the rows, and of equal ranges the fewer columns
    // win. Columns never pass `farthest` (under 64) and ranges and indices
    // fit their fields by far; the debug build checks each key.
    const I_BITS: u32 = 24;
    const D_BITS: u32 = 16;
    const I_MASK: u64 = (1 << I_BITS) - 1;
    const D_MASK: u64 = (1 << D_BITS) - 1;
    let pack = |r: i64, d: i64, i: usize| {
        debug_assert!((0..1 << 20).contains(&r) && (0..D_MASK as i64).contains(&d));
        debug_assert!((i as u64) < I_MASK);
        (r as u64) << (I_BITS + D_BITS) | (d as u64) << I_BITS | i as u64
    };
    let mut best = (farthest as u64) << (I_BITS + D_BITS) | D_MASK << I_BITS | I_MASK;
    let cap_of = |k: u64| {
        let (r, g) = (
            (k >> (I_BITS + D_BITS)) as i64,
            (k >> I_BITS & D_MASK) as i64,
        );
        match rows.cmp(&r) {
            std::cmp::Ordering::Greater => -1,
            std::cmp::Ordering::Equal => g.min(r),
            std::cmp::Ordering::Less if g >= r => r,
            std::cmp::Ordering::Less => r - 1,
        }
    };
    let look = |d: i64, b: &At, best: &mut u64| {
        // No `max(1)` a look: a range of 0 would be an enemy on the
        // searcher's own grid, which one element a grid (L171) rules out.
        // The answers equal those with `max(1)` only under that rule (a
        // range of 0 now reads bit 0, never set, where 1 read bit 1), so
        // the debug build checks it.
        let range = d.max((b.y - at.1).abs());
        debug_assert!(range > 0);
        let k = pack(range, d, b.i);
        // Kinds past the bits kept inline never get here (`Chooser::fits`).
        debug_assert!(usize::from(b.kind) < KINDS);
        // `&`, not `&&`: no branch on the compare (ties in range are common
        // and fall as the dice fall), one rarely taken branch on both. The
        // shift wraps past 63, but a range that far never beats `best`
        // (at most `farthest`, under 64).
        let reach = reachable[usize::from(b.kind) % KINDS].wrapping_shr(range as u32) & 1 == 1;
        if (k < *best) & reach {
            *best = k;
            true
        } else {
            false
        }
    };
    let mut cap = cap_of(best);
    let items = line.items();
    let split = line.first_at(at.0);
    for b in &items[split..] {
        let d = b.x - at.0;
        if d > cap {
            break;
        }
        if look(d, b, &mut best) {
            cap = cap_of(best);
        }
    }
    for b in items[..split].iter().rev() {
        let d = at.0 - b.x;
        if d > cap {
            break;
        }
        if look(d, b, &mut best) {
            cap = cap_of(best);
        }
    }
    let i = best & I_MASK;
    (i != I_MASK).then_some(i as usize)
}

#[cfg(test)]
mod tests {
    use super::super::{Battle, Prepared};
    use crate::battle::setup::{BattleSetup, StandSetup};
    use crate::core::dice::Roller;

    fn setup(attackers: usize, defenders: usize) -> BattleSetup {
        super::super::small_battle(attackers, defenders, "", |s| StandSetup {
            bia: crate::rules::action::weapons::tests::rifles(),
            ..s
        })
    }

    #[test]
    fn of_equally_near_targets_the_one_straight_ahead_is_attacked() {
        // One attacker facing three defenders two grids apart, all at the
        // opening range (range counts the larger of columns and rows): it
        // attacks the one in its own column, not the first on the roster.
        let s = setup(1, 3);
        let p = Prepared::new(&s, false).unwrap();
        let b = Battle {
            p: &p,
            s: p.start(Roller::seeded(1)),
        };
        let (a, d) = (b.s.pieces[0].pos, [1, 2, 3].map(|j| b.s.pieces[j].pos));
        assert_eq!(d.map(|g| g.0), [a.0 - 2, a.0, a.0 + 2]);
        assert!(d.iter().all(|&g| b.distance(0, 1) == super::grids(a, g)));
        assert_eq!(b.pick_target(0, None), Some(2));
        // Three attackers, one defender: each defender's choice likewise.
        let s = setup(3, 1);
        let p = Prepared::new(&s, false).unwrap();
        let b = Battle {
            p: &p,
            s: p.start(Roller::seeded(1)),
        };
        assert_eq!(b.pick_target(3, None), Some(1));
        // Every run of a fought battle opens that way: the attacker's
        // first attack is at the defender straight ahead.
        let s = setup(1, 3);
        let prepared = Prepared::new(&s, true).unwrap();
        let mut seen = 0;
        for seed in 1..=20 {
            let r = crate::battle::ruleset::PreparedBattle::fight(&prepared, seed);
            let first = r.events.iter().find(|e| e.text.contains("a0 attacks"));
            if let Some(e) = first {
                seen += 1;
                assert!(e.text.contains("a0 attacks d1 "), "seed {seed}: {}", e.text);
            }
        }
        assert!(seen >= 15, "the attacker attacked in {seen} of 20 battles");
    }
}
