//! Per pair of units, the farthest shot one has at the other, kept across
//! looks until either unit changes (see `Memo`); the per-kind reaches it is
//! built from are in `reach`.

use super::super::Battle;
use super::UNKNOWN;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::OnceLock;

/// A number for a newly prepared battle, never given twice in a process.
pub(crate) fn battle_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, Relaxed)
}

/// Per pair of units, the farthest any element of one has a shot at some
/// element of the other, kept until either unit changes. Moves do not change
/// it (the range is compared afresh each time); what does is counted by
/// `unit_changed` (an element lost, damaged or down, a change of post or
/// evasion) and `table_changed` (anything, for all pairs).
#[derive(Clone, Default)]
pub(crate) struct Memo {
    units: usize,
    /// The prepared battle (`Prepared::id`) the cells belong to.
    battle: u64,
    /// Per unit, a number for its state: 0 as the battle opens (the same in
    /// every run), else the number given at its last change, never given
    /// twice, so cells of the opening state hold from run to run and no
    /// other cell outlives its run.
    version: Vec<u32>,
    /// The last number given to a changed unit.
    last_version: u32,
    /// A number for the state of the whole table (an ADS on or off, table
    /// play's commands): the battle's opening number as a run starts, a
    /// number never given before at each change.
    table: u32,
    /// The opening number of `table` for this battle.
    opening_table: u32,
    /// The last number given to `table`.
    last_table: u32,
    /// Per (firer unit, target unit): the versions it was worked out at and
    /// the farthest shot.
    cells: Vec<std::cell::Cell<(u32, u32, u32, i64)>>,
    /// Per unit, whether some living element of it was left behind.
    pub(crate) apart: Vec<bool>,
    /// Per (firer unit, target unit), as `cells`: the ranges below `MASKED`
    /// at which some element of one has a shot other than small arms at
    /// some element of the other.
    direct: Vec<std::cell::Cell<(u32, u32, u32, u128)>>,
    /// Counts every change that can change who has a target in reach (a
    /// unit changed, moved or left the table); never reset, so cells of a
    /// reused memo cannot match.
    epoch: u64,
    /// Per unit, `targets_in_reach` and the epoch it was worked out at: the
    /// pass rule asks every unactivated unit at every alternation, mostly
    /// with nothing changed since it last asked.
    in_reach: Vec<std::cell::Cell<(u64, bool)>>,
    /// Per (firer class, target unit): the version of the target unit and
    /// of the table it was worked out at, and the farthest shot of such a
    /// firer at an element of the unit of the kind it prefers, and at any.
    /// Target choice reads it for units that stand together.
    picks: Vec<std::cell::Cell<(u32, u32, i16, i16)>>,
    /// Per unit, the kinds of firer and target it holds (`kinds.rs`).
    kinds: super::super::kinds::KindsMemo,
    /// Per unit, where its living elements stand (`left_behind.rs`).
    pub(crate) spots: super::super::left_behind::SpotsMemo,
}

impl Memo {
    pub(crate) fn new(units: usize, battle: u64) -> Memo {
        let mut m = Memo {
            battle: u64::MAX,
            ..Memo::default()
        };
        m.restart(units, battle);
        m
    }

    /// A fresh start for battle `battle` of `units` units, keeping the
    /// vectors, and the cells worked out for its opening if it is the
    /// battle the memo last served.
    pub(crate) fn restart(&mut self, units: usize, battle: u64) {
        self.units = units;
        self.version.clear();
        self.version.resize(units, 0);
        if battle != self.battle {
            self.battle = battle;
            self.opening_table = self.new_table();
        }
        self.table = self.opening_table;
        self.cells
            .resize(units * units, std::cell::Cell::new((0, 0, u32::MAX, -1)));
        self.apart.clear();
        self.apart.resize(units, false);
        self.direct
            .resize(units * units, std::cell::Cell::new((0, 0, u32::MAX, 0)));
        self.epoch += 1;
        self.in_reach
            .resize(units, std::cell::Cell::new((u64::MAX, false)));
        self.kinds.restart(units);
        self.spots.restart(units);
    }

    /// A number for the table never given before (cells stamped `u32::MAX`
    /// never match: that number is not given).
    fn new_table(&mut self) -> u32 {
        self.last_table += 1;
        if self.last_table == u32::MAX {
            self.forget();
            self.last_table = 1;
        }
        self.last_table
    }

    /// A number for a changed unit never given before.
    fn new_version(&mut self) -> u32 {
        self.last_version += 1;
        if self.last_version == u32::MAX {
            self.forget();
            self.last_version = 1;
        }
        self.last_version
    }

    /// Every cell unknown again (once numbers run out). The current run
    /// goes on with the numbers it holds; the next start is a new battle's.
    fn forget(&mut self) {
        self.battle = u64::MAX;
        for c in &self.cells {
            c.set((0, 0, u32::MAX, -1));
        }
        for c in &self.direct {
            c.set((0, 0, u32::MAX, 0));
        }
        for c in &self.picks {
            c.set((0, u32::MAX, -1, -1));
        }
        self.kinds.forget();
    }

    /// Room for `classes` firer classes' picks (the number of makes is known
    /// only once the battle's kinds are).
    pub(crate) fn make_room(&mut self, classes: usize) {
        let n = classes * self.units;
        if self.picks.len() < n {
            self.picks
                .resize(n, std::cell::Cell::new((0, u32::MAX, -1, -1)));
        }
    }
}

impl Battle<'_, '_> {
    /// Something about unit `u` changed that can change whom it can shoot
    /// or who can shoot it (not its place: ranges are compared afresh).
    pub(crate) fn unit_changed(&mut self, u: usize) {
        let m = &mut self.s.reach_memo;
        m.version[u] = m.new_version();
        m.epoch += 1;
    }

    /// A unit moved or left the table: ranges, and who is there, changed.
    pub(crate) fn moved(&mut self) {
        self.s.reach_memo.epoch += 1;
    }

    /// `targets_in_reach(u)` as kept since nothing changed, if it was.
    pub(in super::super) fn kept_in_reach(&self, u: usize) -> Option<bool> {
        let m = &self.s.reach_memo;
        let (at, found) = m.in_reach[u].get();
        (at == m.epoch).then_some(found)
    }

    pub(in super::super) fn keep_in_reach(&self, u: usize, found: bool) {
        let m = &self.s.reach_memo;
        m.in_reach[u].set((m.epoch, found));
    }

    /// Anything may have changed (table play's commands, an element lost
    /// that an ADS watched for): forget every pair.
    pub(crate) fn table_changed(&mut self) {
        let m = &mut self.s.reach_memo;
        m.table = m.new_table();
        m.epoch += 1;
    }

    /// The farthest range at which some element of `u` has a shot at some
    /// element of `v` (−1: none), kept in the memo. The kept answer is read
    /// inline (the walks ask it for many units, nearly always kept); working
    /// it out is a call.
    #[inline]
    pub(in super::super) fn unit_reach(&self, u: usize, v: usize) -> i64 {
        let m = &self.s.reach_memo;
        let stamp = (m.version[u], m.version[v], m.table);
        let (a, b, c, far) = m.cells[u * m.units + v].get();
        if (a, b, c) == stamp {
            debug_assert_eq!(far, self.unit_reach_now(u, v), "stale reach {u} -> {v}");
            return far;
        }
        self.unit_reach_afresh(u, v, stamp)
    }

    #[inline(never)]
    fn unit_reach_afresh(&self, u: usize, v: usize, stamp: (u32, u32, u32)) -> i64 {
        let m = &self.s.reach_memo;
        let far = self.unit_reach_now(u, v);
        m.cells[u * m.units + v].set((stamp.0, stamp.1, stamp.2, far));
        far
    }

    fn unit_reach_now(&self, u: usize, v: usize) -> i64 {
        // As `unit_direct`: from the units' kept kinds when it can.
        if let Some(far) = self.reach_by_kinds(u, v) {
            debug_assert_eq!(far, self.unit_reach_plain(u, v));
            return far;
        }
        self.unit_reach_plain(u, v)
    }

    fn unit_reach_plain(&self, u: usize, v: usize) -> i64 {
        let mut far = -1;
        self.each_pair_of_kinds(u, v, |e, t| far = far.max(self.shot_reach(e, t)));
        far
    }

    /// The farthest shot per kind of firer and target (as `kinds` numbers
    /// them; `None`: never worked out).
    pub(in super::super) fn reach_of_kinds(&self, i: usize) -> Option<i64> {
        let known = self.reaches().table[i].load(Relaxed);
        (known != UNKNOWN).then_some(i64::from(known))
    }

    /// Calls `f` for an element of `u` and one of `v` of each pair of kinds
    /// the two units hold (alike firers and targets of one make answer
    /// alike, so one of each is asked).
    #[inline]
    fn each_pair_of_kinds(&self, u: usize, v: usize, mut f: impl FnMut(usize, usize)) {
        let r = self.reaches();
        let mut asked: Option<usize> = None;
        for e in self.alive(u) {
            if asked.is_some_and(|a| self.same_firer(a, e)) {
                continue;
            }
            asked = Some(e);
            let mut tried = usize::MAX;
            for t in self.alive(v) {
                if r.make_of[t] == tried {
                    continue;
                }
                tried = r.make_of[t];
                f(e, t);
            }
        }
    }

    /// The ranges below `MASKED` at which some element of `u` has a shot
    /// other than small arms at some element of `v`, kept in the memo as
    /// `unit_reach` is. Only for units whose elements stand together.
    pub(in super::super) fn unit_direct(&self, u: usize, v: usize) -> u128 {
        let m = &self.s.reach_memo;
        let stamp = (m.version[u], m.version[v], m.table);
        let cell = &m.direct[u * m.units + v];
        let (a, b, c, mask) = cell.get();
        if (a, b, c) == stamp {
            debug_assert_eq!(mask, {
                let mut m = 0;
                self.each_pair_of_kinds(u, v, |e, t| m |= self.direct_mask(e, t));
                m
            });
            return mask;
        }
        // A unit that changed is asked about by every enemy unit in turn:
        // its kinds are kept, so each pair is a few table look-ups.
        let mask = self.direct_by_kinds(u, v).unwrap_or_else(|| {
            let mut mask = 0;
            self.each_pair_of_kinds(u, v, |e, t| mask |= self.direct_mask(e, t));
            mask
        });
        debug_assert_eq!(mask, {
            let mut m = 0;
            self.each_pair_of_kinds(u, v, |e, t| m |= self.direct_mask(e, t));
            m
        });
        cell.set((stamp.0, stamp.1, stamp.2, mask));
        mask
    }

    /// Unit `u`'s version and the table's, as the memo stamps its cells.
    pub(in super::super) fn memo_stamp(&self, u: usize) -> (u32, u32) {
        let m = &self.s.reach_memo;
        (m.version[u], m.table)
    }

    /// The count of changes that can change who has a target in reach.
    pub(in super::super) fn reach_epoch(&self) -> u64 {
        self.s.reach_memo.epoch
    }

    pub(in super::super) fn kinds_memo(&self) -> &super::super::kinds::KindsMemo {
        &self.s.reach_memo.kinds
    }

    /// The direct-fire ranges per kind of firer and target (as `kinds`
    /// numbers them), and the number of makes.
    pub(in super::super) fn direct_table(&self) -> (&[OnceLock<u128>], usize) {
        let r = self.reaches();
        (&r.direct, r.makes)
    }

    /// For a firer of class `class` (that of `e`, `av` whether it takes
    /// vehicles first): the farthest shot at an element of unit `v` of the
    /// kind it prefers (any, if `av` is false) and at any element (−1:
    /// none), kept per class and unit until `v` or the table changes.
    /// Needs `make_room` first.
    #[inline(always)]
    pub(in super::super) fn unit_pick(
        &self,
        class: usize,
        e: usize,
        av: bool,
        v: usize,
    ) -> (i64, i64) {
        let m = &self.s.reach_memo;
        let stamp = (m.version[v], m.table);
        let cell = &m.picks[class * m.units + v];
        let (a, b, pref, any) = cell.get();
        if (a, b) == stamp {
            let kept = (i64::from(pref), i64::from(any));
            debug_assert_eq!(kept, self.unit_pick_now(e, av, v), "stale pick {e} -> {v}");
            return kept;
        }
        let (pref, any) = self.unit_pick_now(e, av, v);
        cell.set((stamp.0, stamp.1, pref as i16, any as i16));
        (pref, any)
    }

    fn unit_pick_now(&self, e: usize, av: bool, v: usize) -> (i64, i64) {
        let (mut pref, mut any) = (-1, -1);
        let at = self.aim_at(e, v);
        for t in self.alive(v) {
            let r = self.shot_reach_in(at, e, t);
            any = any.max(r);
            if !av || self.s.elements[t].is_vehicle() {
                pref = pref.max(r);
            }
        }
        (pref, any)
    }
}
