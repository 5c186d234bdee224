//! What the auto-resolver looks up on every action, worked out once per
//! battle so that ten thousand odds runs do not redo it: weapon values by
//! band against each kind of target, a band for every range, and the ground
//! as a dense grid of who stands where (a hash of grids cost more than the
//! rest of a look). Nothing here decides anything the rules say; each table
//! answers as the plain function it replaces, and debug builds check that.

use super::Piece;
use crate::rules::action::range::Grid;
use crate::rules::action::weapons;

/// A target as the weapon tables see it: armour and hard infantry.
type Kind = (i64, bool);

/// Per-element numbers that never change during a battle.
pub(crate) struct Tables {
    /// The band of each range in grids (`NO_BAND` for none), index = range.
    band_at: Vec<u8>,
    /// Each element's kind of target.
    kind: Vec<u8>,
    kinds: usize,
    /// Weapon value of element `i` against kind `k` in each band, at
    /// `i * kinds + k`; `None` where it cannot reach or harm.
    value: Vec<[Option<i64>; 6]>,
    pub(crate) air: Vec<bool>,
    pub(crate) anti_armour: Vec<bool>,
    pub(crate) area: Vec<Option<i64>>,
    pub(crate) armoured: Vec<bool>,
    /// The longest range at which each element's weapon does anything to
    /// some ground target (0: none).
    pub(crate) reach: Vec<i64>,
    /// Bit `r` of `i * kinds + k` set where `i` may attack a ground target
    /// of kind `k` at range `r`: its weapon does something there and it
    /// sees that far (its own eyes; artillery firing on what friends see
    /// is not in it). Empty when a band reaches past the bits.
    reachable: Vec<u64>,
    /// Per element, the bits of `reachable` over its armoured kinds of
    /// target and over all kinds: the ranges at which anyone on an armour
    /// line or on a whole line could be attacked.
    reachable_any: Vec<[u64; 2]>,
    /// Whether an element's choice of target rests on its own place and the
    /// enemies' alone: no template to place (friends near a target count)
    /// and not artillery firing on what friends see. Such a choice may be
    /// kept while nothing it rests on moves. (Never with more pieces than
    /// 32 bits count: the target walk packs indices in 32 bits.)
    pub(crate) plain: Vec<bool>,
}

const NO_BAND: u8 = u8::MAX;

/// The weapon value of `a` against a ground target of this armour at
/// `range`, `None` when it cannot attack it at all: the rule itself.
pub(crate) fn ground_value(a: &Piece, armour: i64, hard: bool, range: i64) -> Option<i64> {
    a.weapon?;
    let cell = weapons::cell(&a.bia, range)?;
    weapons::can_harm(cell, a.bia.civilian_weapons, armour, hard)
        .then(|| weapons::value(&a.bia, range))
        .flatten()
}

impl Tables {
    pub(crate) fn of(pieces: &[Piece], sight: Option<i64>) -> Tables {
        let edges = weapons::band_edges();
        let band_at = (0..=edges[5] + 1)
            .map(|r| weapons::band(r).map_or(NO_BAND, |b| b as u8))
            .collect();
        let mut kinds: Vec<Kind> = Vec::new();
        let kind = pieces
            .iter()
            .map(|x| {
                let k = (x.m.armour, x.m.hard_infantry);
                match kinds.iter().position(|&c| c == k) {
                    Some(n) => n as u8,
                    None => {
                        kinds.push(k);
                        (kinds.len() - 1) as u8
                    }
                }
            })
            .collect();
        let value = pieces
            .iter()
            .flat_map(|a| {
                kinds
                    .iter()
                    .map(move |&(armour, hard)| {
                        edges.map(|edge| ground_value(a, armour, hard, edge))
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        let reachable = if edges[5] < 64 {
            pieces
                .iter()
                .flat_map(|a| {
                    kinds
                        .iter()
                        .map(move |&(armour, hard)| {
                            (1..=edges[5])
                                .filter(|&r| sight.is_none_or(|s| r <= s))
                                .filter(|&r| ground_value(a, armour, hard, r).is_some())
                                .fold(0u64, |m, r| m | 1 << r)
                        })
                        .collect::<Vec<_>>()
                })
                .collect()
        } else {
            Vec::new()
        };
        let reachable_any = if reachable.is_empty() {
            Vec::new()
        } else {
            (0..pieces.len())
                .map(|i| {
                    let of = |armoured: bool| {
                        (0..kinds.len())
                            .filter(|&k| !armoured || kinds[k].0 > 0)
                            .fold(0, |m, k| m | reachable[i * kinds.len() + k])
                    };
                    [of(true), of(false)]
                })
                .collect()
        };
        Tables {
            plain: pieces
                .iter()
                .map(|x| {
                    pieces.len() < u32::MAX as usize
                        && x.area_radius().is_none()
                        && !(x.artillery && sight.is_some())
                })
                .collect(),
            reachable_any,
            band_at,
            kind,
            reachable,
            kinds: kinds.len(),
            value,
            air: pieces.iter().map(|x| x.is_aircraft()).collect(),
            anti_armour: pieces.iter().map(|x| x.anti_armour()).collect(),
            area: pieces.iter().map(|x| x.area_radius()).collect(),
            armoured: pieces.iter().map(|x| x.m.armour > 0).collect(),
            reach: pieces
                .iter()
                .map(|a| {
                    (1..=edges[5])
                        .filter(|&r| {
                            kinds
                                .iter()
                                .any(|&(k, h)| ground_value(a, k, h, r).is_some())
                        })
                        .max()
                        .unwrap_or(0)
                })
                .collect(),
        }
    }

    /// The band a range in grids falls in.
    #[inline]
    pub(crate) fn band(&self, range: i64) -> Option<usize> {
        let b = *self.band_at.get(usize::try_from(range).ok()?)?;
        (b != NO_BAND).then_some(b as usize)
    }

    /// Weapon value of `i` against the ground element `j` at `range`.
    #[inline]
    pub(crate) fn ground(&self, i: usize, j: usize, range: i64) -> Option<i64> {
        let band = self.band(range)?;
        self.value[i * self.kinds + self.kind[j] as usize][band]
    }

    /// The ranges at which `i` may attack each kind of ground target, as
    /// bits (see `reachable`), `None` when they do not fit.
    #[inline]
    pub(crate) fn reachable(&self, i: usize) -> Option<&[u64]> {
        self.reachable.get(i * self.kinds..(i + 1) * self.kinds)
    }

    /// The ranges at which `i` may attack someone on an armour line
    /// (`armoured`) or on a whole line, as bits (see `reachable`).
    #[inline]
    pub(crate) fn reachable_any(&self, i: usize, armoured: bool) -> u64 {
        self.reachable_any[i][usize::from(!armoured)]
    }

    /// The kind of ground target `j` is, an index into `reachable`.
    #[inline]
    pub(crate) fn kind_of(&self, j: usize) -> usize {
        self.kind[j] as usize
    }

    /// Whether `i` can hurt the ground element `j` at some range.
    pub(crate) fn can_ever_hurt(&self, i: usize, j: usize) -> bool {
        self.value[i * self.kinds + self.kind[j] as usize]
            .iter()
            .any(Option::is_some)
    }
}

const EMPTY: u32 = u32::MAX;

/// Which element stands on each grid (one a grid, L171): a dense box of
/// the field that grows when someone steps out of it.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Occupancy {
    x0: i64,
    y0: i64,
    w: i64,
    h: i64,
    cells: Vec<u32>,
}

// By hand, so that `clone_from` (each odds run's fresh start) reuses the
// grid it has.
impl Clone for Occupancy {
    fn clone(&self) -> Self {
        Occupancy {
            cells: self.cells.clone(),
            ..*self
        }
    }
    fn clone_from(&mut self, from: &Self) {
        (self.x0, self.y0, self.w, self.h) = (from.x0, from.y0, from.w, from.h);
        self.cells.clone_from(&from.cells);
    }
}

/// Grids kept free round the box so that most steps stay inside.
const MARGIN: i64 = 16;

impl Occupancy {
    #[inline]
    fn slot(&self, g: Grid) -> Option<usize> {
        let (dx, dy) = (g.0 - self.x0, g.1 - self.y0);
        (dx >= 0 && dy >= 0 && dx < self.w && dy < self.h).then(|| (dy * self.w + dx) as usize)
    }

    /// Whether both cover the same box of the field.
    pub(crate) fn same_box(&self, other: &Occupancy) -> bool {
        (self.x0, self.y0, self.w, self.h) == (other.x0, other.y0, other.w, other.h)
    }

    #[inline]
    pub(crate) fn get(&self, g: Grid) -> Option<usize> {
        let k = self.cells[self.slot(g)?];
        (k != EMPTY).then_some(k as usize)
    }

    /// Inlined, with the growth out of line: every step inserts.
    #[inline]
    pub(crate) fn insert(&mut self, g: Grid, i: usize) {
        let s = match self.slot(g) {
            Some(s) => s,
            None => self.grow_to(g),
        };
        self.cells[s] = i as u32;
    }

    /// Grows the box to hold `g`; its slot.
    #[inline(never)]
    fn grow_to(&mut self, g: Grid) -> usize {
        self.grow(g);
        self.slot(g).expect("the box holds the grid")
    }

    #[inline]
    pub(crate) fn remove(&mut self, g: Grid) {
        if let Some(s) = self.slot(g) {
            self.cells[s] = EMPTY;
        }
    }

    /// Whether an element that `hit` takes stands within `r` grids of `at`
    /// (the square round it), read a row of the grid at a time where the
    /// square lies inside the box: no slot worked out per grid.
    #[inline]
    pub(crate) fn any_within(&self, at: Grid, r: i64, mut hit: impl FnMut(usize) -> bool) -> bool {
        let (x, y, n) = (at.0 - r - self.x0, at.1 - r - self.y0, 2 * r + 1);
        if r < 0 || x < 0 || y < 0 || x + n > self.w || y + n > self.h {
            return (-r..=r).any(|dx| {
                (-r..=r).any(|dy| self.get((at.0 + dx, at.1 + dy)).is_some_and(&mut hit))
            });
        }
        (y..y + n).any(|row| {
            let from = (row * self.w + x) as usize;
            self.cells[from..from + n as usize]
                .iter()
                .any(|&k| k != EMPTY && hit(k as usize))
        })
    }

    /// Hands `each` every element standing within `r` grids of `at` (the
    /// square round it), a row of the grid at a time where the square lies
    /// inside the box.
    #[inline]
    pub(crate) fn each_within(&self, at: Grid, r: i64, mut each: impl FnMut(usize)) {
        let (x, y, n) = (at.0 - r - self.x0, at.1 - r - self.y0, 2 * r + 1);
        if r < 0 || x < 0 || y < 0 || x + n > self.w || y + n > self.h {
            for dx in -r..=r {
                for dy in -r..=r {
                    if let Some(k) = self.get((at.0 + dx, at.1 + dy)) {
                        each(k);
                    }
                }
            }
            return;
        }
        for row in y..y + n {
            let from = (row * self.w + x) as usize;
            for &k in &self.cells[from..from + n as usize] {
                if k != EMPTY {
                    each(k as usize);
                }
            }
        }
    }

    /// Whether an element that `hit` takes stands on a grid strictly
    /// between `from` and `to` on the straight line (the walk of
    /// `sight::between`), stepping through the dense grid itself: with both
    /// ends in the box every grid between is in it too.
    pub(crate) fn any_between(
        &self,
        from: Grid,
        to: Grid,
        mut hit: impl FnMut(usize) -> bool,
    ) -> Option<bool> {
        let (start, end) = (self.slot(from)?, self.slot(to)?);
        let (dx, dy) = ((to.0 - from.0).abs(), -(to.1 - from.1).abs());
        let (sx, sy) = ((to.0 - from.0).signum(), (to.1 - from.1).signum() * self.w);
        let mut err = dx + dy;
        let (mut at, end) = (start as i64, end as i64);
        while at != end {
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                at += sx;
            }
            if e2 <= dx {
                err += dx;
                at += sy;
            }
            if at == end {
                break;
            }
            let k = self.cells[at as usize];
            if k != EMPTY && hit(k as usize) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// A bigger box holding the old one and `g`, with a margin round both.
    fn grow(&mut self, g: Grid) {
        let (lo_x, lo_y, hi_x, hi_y) = if self.cells.is_empty() {
            (g.0, g.1, g.0, g.1)
        } else {
            (
                self.x0.min(g.0),
                self.y0.min(g.1),
                (self.x0 + self.w - 1).max(g.0),
                (self.y0 + self.h - 1).max(g.1),
            )
        };
        let mut bigger = Occupancy {
            x0: lo_x - MARGIN,
            y0: lo_y - MARGIN,
            w: hi_x - lo_x + 1 + 2 * MARGIN,
            h: hi_y - lo_y + 1 + 2 * MARGIN,
            cells: Vec::new(),
        };
        bigger.cells = vec![EMPTY; (bigger.w * bigger.h) as usize];
        for y in 0..self.h {
            for x in 0..self.w {
                let k = self.cells[(y * self.w + x) as usize];
                if k != EMPTY {
                    let s = bigger
                        .slot((self.x0 + x, self.y0 + y))
                        .expect("the bigger box holds the old");
                    bigger.cells[s] = k;
                }
            }
        }
        *self = bigger;
    }
}

impl FromIterator<(Grid, usize)> for Occupancy {
    fn from_iter<T: IntoIterator<Item = (Grid, usize)>>(iter: T) -> Self {
        let all: Vec<(Grid, usize)> = iter.into_iter().collect();
        let mut o = Occupancy::default();
        if let (Some(lo_x), Some(lo_y), Some(hi_x), Some(hi_y)) = (
            all.iter().map(|(g, _)| g.0).min(),
            all.iter().map(|(g, _)| g.1).min(),
            all.iter().map(|(g, _)| g.0).max(),
            all.iter().map(|(g, _)| g.1).max(),
        ) {
            o.grow((lo_x, lo_y));
            o.grow((hi_x, hi_y));
        }
        for (g, i) in all {
            o.insert(g, i);
        }
        o
    }
}

/// A side's elements on the ground still fighting, kept sorted by column:
/// a search for the nearest walks out from a column and stops as soon as
/// every element farther out is farther than the best found.
#[derive(Debug, Default)]
pub(crate) struct Line {
    items: Vec<At>,
    /// Every row an element of the line has stood on lies between these
    /// (they only widen, so they bound the rows of those still on it).
    rows: (i64, i64),
    /// Where each column starts in `items`: `start[c]` elements stand left
    /// of column `x0 + c`, for every column the elements stand in and one
    /// past (a look-up instead of a search on every walk).
    x0: i64,
    start: Vec<u32>,
}

/// Columns kept in `Line::start` beyond the elements' own.
const COLUMN_MARGIN: i64 = 8;

impl Clone for Line {
    fn clone(&self) -> Self {
        Line {
            items: self.items.clone(),
            rows: self.rows,
            x0: self.x0,
            start: self.start.clone(),
        }
    }
    fn clone_from(&mut self, from: &Self) {
        self.items.clone_from(&from.items);
        self.rows = from.rows;
        self.x0 = from.x0;
        self.start.clone_from(&from.start);
    }
}

/// One element on a `Line`: its column, index and row, and its kind of
/// target (`Tables::kind_of`, here so that the target walk reads it with
/// the place).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct At {
    pub(crate) x: i64,
    pub(crate) i: usize,
    pub(crate) y: i64,
    pub(crate) kind: u8,
}

impl Line {
    pub(crate) fn of(mut items: Vec<At>) -> Line {
        items.sort_by_key(|a| (a.x, a.i));
        let rows = (
            items.iter().map(|a| a.y).min().unwrap_or(0),
            items.iter().map(|a| a.y).max().unwrap_or(0),
        );
        let mut line = Line {
            items,
            rows,
            x0: 0,
            start: Vec::new(),
        };
        line.index_columns();
        line
    }

    /// Builds `start` anew round the columns the elements stand in.
    fn index_columns(&mut self) {
        let (lo, hi) = match (self.items.first(), self.items.last()) {
            (Some(a), Some(b)) => (a.x - COLUMN_MARGIN, b.x + COLUMN_MARGIN),
            _ => (0, 0),
        };
        self.x0 = lo;
        let mut k = 0;
        self.start.clear();
        for x in lo..=hi + 1 {
            while k < self.items.len() && self.items[k].x < x {
                k += 1;
            }
            self.start.push(k as u32);
        }
    }

    /// The fewest rows between `y` and any element on the line.
    pub(crate) fn rows_from(&self, y: i64) -> i64 {
        (self.rows.0 - y).max(y - self.rows.1).max(0)
    }

    pub(crate) fn items(&self) -> &[At] {
        &self.items
    }

    /// The first place whose column is `x` or more (`partition_point`),
    /// read from the column index.
    pub(crate) fn first_at(&self, x: i64) -> usize {
        let c = x - self.x0;
        let found = if c <= 0 {
            0
        } else {
            match self.start.get(c as usize) {
                Some(&k) => k as usize,
                None => self.items.len(),
            }
        };
        debug_assert_eq!(found, self.items.partition_point(|a| a.x < x));
        found
    }

    fn find(&self, x: i64, i: usize) -> Option<usize> {
        let k = self.first_at(x);
        let found = self.items[k..]
            .iter()
            .take_while(|a| a.x == x)
            .position(|a| a.i == i)
            .map(|p| k + p);
        debug_assert_eq!(
            found,
            self.items
                .binary_search_by_key(&(x, i), |a| (a.x, a.i))
                .ok()
        );
        found
    }

    pub(crate) fn remove(&mut self, from: Grid, i: usize) {
        if let Some(k) = self.find(from.0, i) {
            self.items.remove(k);
            let c = (from.0 - self.x0 + 1).max(0) as usize;
            for n in self.start.iter_mut().skip(c) {
                *n -= 1;
            }
        }
    }

    /// `i` steps from one grid to another: its entry moves with it.
    pub(crate) fn shift(&mut self, from: Grid, to: Grid, i: usize) {
        let Some(mut k) = self.find(from.0, i) else {
            return;
        };
        // A step along the column (the usual one, toward the enemy) keeps
        // the order and the column index: only the row changes.
        if to.0 == from.0 {
            self.items[k].y = to.1;
            self.rows = (self.rows.0.min(to.1), self.rows.1.max(to.1));
            return;
        }
        self.items[k] = At {
            x: to.0,
            y: to.1,
            ..self.items[k]
        };
        self.rows = (self.rows.0.min(to.1), self.rows.1.max(to.1));
        // Columns between the two lose or gain it among those to their left.
        let last = self.x0 + self.start.len() as i64 - 2;
        if to.0 < self.x0 || to.0 > last {
            // Stepped out of the columns indexed: sort and index anew below.
        } else if to.0 > from.0 {
            for c in from.0 + 1..=to.0 {
                self.start[(c - self.x0) as usize] -= 1;
            }
        } else {
            for c in to.0 + 1..=from.0 {
                self.start[(c - self.x0) as usize] += 1;
            }
        }
        let key = |a: &At| (a.x, a.i);
        while k > 0 && key(&self.items[k - 1]) > key(&self.items[k]) {
            self.items.swap(k - 1, k);
            k -= 1;
        }
        while k + 1 < self.items.len() && key(&self.items[k + 1]) < key(&self.items[k]) {
            self.items.swap(k + 1, k);
            k += 1;
        }
        if to.0 < self.x0 || to.0 > last {
            self.index_columns();
        }
    }

    /// Whether an element of the line stands in columns `cols` and rows
    /// `rows` (both inclusive).
    pub(crate) fn any_in(&self, cols: (i64, i64), rows: (i64, i64)) -> bool {
        if rows.0 > self.rows.1 || rows.1 < self.rows.0 {
            return false;
        }
        let from = self.first_at(cols.0);
        self.items[from..]
            .iter()
            .take_while(|a| a.x <= cols.1)
            .any(|a| a.y >= rows.0 && a.y <= rows.1)
    }

    /// The elements in order of column distance from `x`, nearest first,
    /// as long as `go(column distance)` says the search goes on.
    pub(crate) fn outward(&self, x: i64, mut go: impl FnMut(i64, At) -> bool) {
        let items = &self.items;
        let p = self.first_at(x);
        let (mut l, mut r) = (p, p);
        loop {
            let left = (l > 0).then(|| x - items[l - 1].x);
            let right = (r < items.len()).then(|| items[r].x - x);
            let (d, a) = match (left, right) {
                (Some(dl), Some(dr)) if dl < dr => {
                    l -= 1;
                    (dl, items[l])
                }
                (_, Some(dr)) => {
                    r += 1;
                    (dr, items[r - 1])
                }
                (Some(dl), None) => {
                    l -= 1;
                    (dl, items[l])
                }
                (None, None) => return,
            };
            if !go(d, a) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dense_grid_answers_as_a_map() {
        let mut o: Occupancy = [((0, 0), 1), ((5, -3), 2), ((0, 0), 3)]
            .into_iter()
            .collect();
        assert_eq!(o.get((0, 0)), Some(3), "the later one stands there");
        assert_eq!(o.get((5, -3)), Some(2));
        assert_eq!(o.get((1, 1)), None);
        assert_eq!(o.get((1000, 1000)), None);
        o.insert((200, -90), 7);
        assert_eq!(o.get((200, -90)), Some(7));
        assert_eq!(o.get((5, -3)), Some(2), "growing keeps what was there");
        o.remove((5, -3));
        o.remove((-500, 0));
        assert_eq!(o.get((5, -3)), None);
    }

    #[test]
    fn a_line_walks_out_from_a_column_and_keeps_its_order() {
        let at = |x, i| At {
            x,
            i,
            y: 0,
            kind: 0,
        };
        let mut line = Line::of(vec![at(4, 0), at(-2, 1), at(0, 2), at(1, 3), at(-5, 4)]);
        let mut seen = Vec::new();
        line.outward(0, |d, a| {
            seen.push((d, a.i));
            d < 4
        });
        assert_eq!(seen, [(0, 2), (1, 3), (2, 1), (4, 0)]);
        line.shift((1, 0), (-3, 7), 3);
        line.remove((0, 0), 2);
        let xs: Vec<_> = line.items().iter().map(|a| (a.x, a.i, a.y)).collect();
        assert_eq!(xs, [(-5, 4, 0), (-3, 3, 7), (-2, 1, 0), (4, 0, 0)]);
        assert_eq!(
            [line.rows_from(-2), line.rows_from(3), line.rows_from(10)],
            [2, 0, 3]
        );
        // Out of the columns indexed and back: the index follows.
        line.shift((4, 0), (60, 1), 0);
        line.shift((-5, 0), (-40, 0), 4);
        line.remove((-2, 0), 1);
        for x in -50..70 {
            assert_eq!(line.first_at(x), line.items().partition_point(|a| a.x < x));
        }
    }
}
