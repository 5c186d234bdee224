//! How far one element can shoot at another, looked up instead of planned.
//!
//! `plan` decides a shot from the firer's make and state (damaged, systems
//! down, an active ADS), the target's make and its cover, and the range; and
//! for each of those it finds a shot at every range up to some farthest one
//! and at none beyond. So "has `e` a shot at `t` at `range`" is `range <=` a
//! number that depends on the two elements' kinds only. That number is worked
//! out by `plan` the first time a pair of kinds meets and kept for the whole
//! battle (every run, every thread): the pass rule, target picking and
//! opportunity fire ask it thousands of times a run.

use super::fire::Plan;
use super::fire::Situation;
use super::Battle;
use crate::battle::result::Role;
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::infantry::Cover;
use std::sync::atomic::{AtomicI16, Ordering::Relaxed};
use std::sync::OnceLock;

/// Ranges below this many inches are kept as bits of a `u128`.
pub(super) const MASKED: i64 = 128;

/// Not worked out yet.
const UNKNOWN: i16 = i16::MIN;

/// Kinds of firer and target in one battle and the farthest shot between
/// each pair, filled in as pairs meet.
#[derive(Default)]
pub(crate) struct Reaches {
    /// Per element, its make's index among the battle's makes.
    make_of: Vec<usize>,
    makes: usize,
    /// Per make, the longest reach of any of its shots (`max_reach`).
    longest: Vec<i64>,
    /// Per firer kind × target kind, the farthest range with a shot (−1:
    /// none at all).
    table: Vec<AtomicI16>,
    /// Per firer kind × target kind, the ranges below `MASKED` inches with a
    /// shot other than small arms (bit `x` for `x` inches): what opportunity
    /// fire may use. Not an interval: a vehicle's APSW takes infantry close
    /// in, its gun beyond.
    direct: Vec<OnceLock<u128>>,
    /// Per side, the units from its first to its last.
    sides: [std::ops::Range<usize>; 2],
    /// The command units, in order (a unit is one from the start or never).
    commands: Vec<usize>,
    /// Per side, whether it has an ADS vehicle at all.
    ads: [bool; 2],
    /// Per unit, what its elements are: all teams, no team, or both.
    holds: Vec<Holds>,
    /// Per unit, the longest reach of any of its elements, dead or alive.
    unit_longest: Vec<i64>,
}

/// What a unit's elements are, from the start.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Holds {
    Teams,
    Vehicles,
    Both,
}

impl Reaches {
    /// How many firer classes there are: make × damaged × ADS active.
    pub(super) fn classes(&self) -> usize {
        self.makes * 4
    }

    /// Built once as the battle is prepared, from its pieces as they start.
    pub(super) fn new(p: &super::Prepared) -> Reaches {
        let mut kinds: Vec<Make> = Vec::new();
        let mut longest = Vec::new();
        let make_of: Vec<usize> = (0..p.elements.len())
            .map(|e| {
                let m = p.elements[e].make;
                match kinds.iter().position(|k| *k == m) {
                    Some(i) => i,
                    None => {
                        kinds.push(m);
                        longest.push(super::target::make_reach(m));
                        kinds.len() - 1
                    }
                }
            })
            .collect();
        let makes = kinds.len();
        let sides = Role::BOTH.map(|r| {
            let of = |u: &usize| p.units[*u].role == r;
            let first = (0..p.units.len()).find(of).unwrap_or(0);
            let last = (0..p.units.len()).rev().find(of).map_or(0, |l| l + 1);
            first..last.max(first)
        });
        // Firer kinds: make × damaged × ADS active; targets: make × cover.
        let table = (0..makes * 4 * makes * 3)
            .map(|_| AtomicI16::new(UNKNOWN))
            .collect();
        let direct = (0..makes * 4 * makes * 3)
            .map(|_| OnceLock::new())
            .collect();
        let commands = (0..p.units.len()).filter(|&u| p.units[u].command).collect();
        let ads = Role::BOTH.map(|r| {
            p.elements
                .iter()
                .any(|x| x.role == r && matches!(x.make, Make::Vehicle { ads: true, .. }))
        });
        let holds = p
            .members
            .iter()
            .map(|m| {
                let vehicles = m.iter().filter(|&&e| p.elements[e].is_vehicle()).count();
                match vehicles {
                    0 => Holds::Teams,
                    n if n == m.len() => Holds::Vehicles,
                    _ => Holds::Both,
                }
            })
            .collect();
        let unit_longest = p
            .members
            .iter()
            .map(|m| m.iter().map(|&e| longest[make_of[e]]).max().unwrap_or(-1))
            .collect();
        Reaches {
            unit_longest,
            holds,
            ads,
            make_of,
            makes,
            longest,
            table,
            direct,
            sides,
            commands,
        }
    }
}

pub(super) fn cover_index(c: Cover) -> usize {
    match c {
        Cover::Open => 0,
        Cover::Soft => 1,
        Cover::DugIn => 2,
    }
}

impl Battle<'_, '_> {
    #[inline]
    fn reaches(&self) -> &Reaches {
        &self.p.reaches
    }

    /// The units from side `r`'s first to its last (others may lie between).
    #[inline]
    pub(super) fn side_range(&self, r: Role) -> std::ops::Range<usize> {
        self.reaches().sides[r.index()].clone()
    }

    /// The longest reach of any element of unit `u` as it began: a bound on
    /// the reach of those left.
    #[inline]
    pub(super) fn unit_longest(&self, u: usize) -> i64 {
        self.reaches().unit_longest[u]
    }

    /// Whether unit `v` still has a vehicle alive.
    #[inline]
    pub(super) fn holds_vehicles(&self, v: usize) -> bool {
        match self.reaches().holds[v] {
            Holds::Teams => false,
            Holds::Vehicles => self.s.alive_n[v] > 0,
            Holds::Both => self.alive(v).any(|e| self.s.elements[e].is_vehicle()),
        }
    }

    /// Whether unit `u` held teams alone from the start.
    #[inline]
    pub(super) fn all_teams(&self, u: usize) -> bool {
        self.reaches().holds[u] == Holds::Teams
    }

    /// Whether unit `v` still has a team alive.
    #[inline]
    pub(super) fn holds_teams(&self, v: usize) -> bool {
        match self.reaches().holds[v] {
            Holds::Teams => self.s.alive_n[v] > 0,
            Holds::Vehicles => false,
            Holds::Both => self.alive(v).any(|e| !self.s.elements[e].is_vehicle()),
        }
    }

    /// Whether side `r` had an ADS vehicle at the start: if not, no missile
    /// lost can switch one off.
    #[inline]
    pub(super) fn has_ads(&self, r: Role) -> bool {
        self.reaches().ads[r.index()]
    }

    /// The command units, in order.
    #[inline]
    pub(super) fn command_units(&self) -> &[usize] {
        &self.reaches().commands
    }

    /// Whether `e` fires missiles (what keeps an enemy ADS active).
    pub(super) fn is_missile_armed(&self, e: usize) -> bool {
        match self.s.elements[e].make {
            Make::Team { launcher, .. } => launcher.is_some(),
            Make::Vehicle { weapon, .. } => weapon.system.missile(),
        }
    }

    /// The index of element `e`'s make among the battle's makes: two
    /// elements of one make have the same index.
    #[inline]
    pub(super) fn make_index(&self, e: usize) -> usize {
        self.reaches().make_of[e]
    }

    /// `max_reach(e)`, looked up.
    #[inline]
    pub(super) fn longest(&self, e: usize) -> i64 {
        let r = self.reaches();
        let v = r.longest[r.make_of[e]];
        debug_assert_eq!(v, self.max_reach(e));
        v
    }

    /// The farthest range at which `e` has a shot at `t` as things stand
    /// (−1: none): `plan(e, t, range)` is a shot exactly when `range` is at
    /// most this.
    /// The cell of the kind tables for firer `e` and target `t` as things
    /// stand; `None` when `e` has no shot at `t` at any range.
    fn kinds(&self, e: usize, t: usize) -> Option<usize> {
        let g = &self.s.elements[t];
        if !g.alive || g.aboard.is_some() {
            return None;
        }
        let firer = self.firer_class(e)?;
        let r = self.reaches();
        let cover = cover_index(self.infantry_cover(t, Situation::default()));
        Some(firer * r.makes * 3 + r.make_of[t] * 3 + cover)
    }

    /// What of firer `e` its shots depend on, as one number below
    /// `firer_classes()`: make, damage, an active ADS. `None`: no shot at all.
    #[inline]
    pub(super) fn firer_class(&self, e: usize) -> Option<usize> {
        let f = &self.s.elements[e];
        if !f.alive || f.systems_down || f.aboard.is_some() {
            return None;
        }
        let r = self.reaches();
        Some((r.make_of[e] * 2 + usize::from(f.damaged)) * 2 + usize::from(self.ads_active(e)))
    }

    /// How many numbers `firer_class` gives.
    pub(super) fn firer_classes(&self) -> usize {
        self.reaches().classes()
    }

    /// The ranges below `MASKED` at which `e` has a shot at `t` other than
    /// small arms (bit `x`: `plan_at(e, t, x)` is such a shot).
    pub(super) fn direct_mask(&self, e: usize, t: usize) -> u128 {
        let Some(i) = self.kinds(e, t) else {
            return 0;
        };
        *self.reaches().direct[i].get_or_init(|| {
            (0..MASKED)
                .filter(|&x| {
                    self.plan_at(e, t, x)
                        .is_some_and(|p| !matches!(p, Plan::Small(_)))
                })
                .fold(0, |m, x| m | 1 << x)
        })
    }

    // Kept out of line so that `shot_reach_in`, whose kept answer the walks
    // read, inlines without it.
    #[inline(never)]
    pub(super) fn shot_reach(&self, e: usize, t: usize) -> i64 {
        let Some(i) = self.kinds(e, t) else {
            return -1;
        };
        let r = self.reaches();
        let cell = &r.table[i];
        let known = cell.load(Relaxed);
        if known != UNKNOWN {
            return i64::from(known);
        }
        let top = r.longest[r.make_of[e]];
        let far = (0..=top)
            .rev()
            .find(|&x| self.plan_at(e, t, x).is_some())
            .unwrap_or(-1);
        debug_assert!(
            (0..=far).all(|x| self.plan_at(e, t, x).is_some())
                && (far + 1..top + 24).all(|x| self.plan_at(e, t, x).is_none()),
            "shots of {e} at {t} are not every range up to {far}"
        );
        cell.store(far as i16, Relaxed);
        far
    }

    /// What `shot_reach(e, t)` reads for every element `t` of unit `v`, worked
    /// out once for a walk over the unit: the table cell less the target's
    /// make (its cover is its unit's). `None`: `e` has no shot at all.
    #[inline(always)]
    pub(super) fn aim_at(&self, e: usize, v: usize) -> Option<usize> {
        let firer = self.firer_class(e)?;
        let r = self.reaches();
        let t = self.p.members[v][0];
        debug_assert!(self.p.members[v]
            .iter()
            .all(|&x| self.infantry_cover(x, Situation::default())
                == self.infantry_cover(t, Situation::default())));
        let cover = cover_index(self.infantry_cover(t, Situation::default()));
        Some(firer * r.makes * 3 + cover)
    }

    /// `shot_reach(e, t)` for a living element `t` of the unit `aim_at`
    /// was asked about: one look-up once the pair of kinds is known.
    #[inline]
    pub(super) fn shot_reach_in(&self, at: Option<usize>, e: usize, t: usize) -> i64 {
        let Some(base) = at else {
            return -1;
        };
        if self.s.elements[t].aboard.is_some() {
            return -1;
        }
        let r = self.reaches();
        let known = r.table[base + r.make_of[t] * 3].load(Relaxed);
        let far = if known != UNKNOWN {
            i64::from(known)
        } else {
            self.shot_reach(e, t)
        };
        debug_assert_eq!(far, self.shot_reach(e, t));
        far
    }

    /// Whether `e` has any shot at some element of unit `v` at `range`:
    /// `any_plan(e, v, range, |_| true)` by lookup.
    pub(super) fn reaches_unit(&self, e: usize, v: usize, range: i64) -> bool {
        let mut tried = usize::MAX;
        let r = self.reaches();
        let apart = self.apart(v);
        let at = self.aim_at(e, v);
        let hit = self.alive(v).any(|t| {
            let m = r.make_of[t];
            if m == tried && !apart {
                return false;
            }
            tried = m;
            self.shot_reach_in(at, e, t) >= self.element_range(e, t, range)
        });
        debug_assert_eq!(hit, self.any_plan(e, v, range, |_| true));
        hit
    }

    /// Two elements with the same answer: same make, damage and systems.
    #[inline]
    pub(super) fn same_firer(&self, e: usize, f: usize) -> bool {
        let r = self.reaches();
        let (a, b) = (&self.s.elements[e], &self.s.elements[f]);
        r.make_of[e] == r.make_of[f] && a.damaged == b.damaged && a.systems_down == b.systems_down
    }
}

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
    kinds: super::kinds::KindsMemo,
    /// Per unit, where its living elements stand (`left_behind.rs`).
    pub(crate) spots: super::left_behind::SpotsMemo,
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
    pub(super) fn kept_in_reach(&self, u: usize) -> Option<bool> {
        let m = &self.s.reach_memo;
        let (at, found) = m.in_reach[u].get();
        (at == m.epoch).then_some(found)
    }

    pub(super) fn keep_in_reach(&self, u: usize, found: bool) {
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
    pub(super) fn unit_reach(&self, u: usize, v: usize) -> i64 {
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
    pub(super) fn reach_of_kinds(&self, i: usize) -> Option<i64> {
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
    pub(super) fn unit_direct(&self, u: usize, v: usize) -> u128 {
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
    pub(super) fn memo_stamp(&self, u: usize) -> (u32, u32) {
        let m = &self.s.reach_memo;
        (m.version[u], m.table)
    }

    /// The count of changes that can change who has a target in reach.
    pub(super) fn reach_epoch(&self) -> u64 {
        self.s.reach_memo.epoch
    }

    pub(super) fn kinds_memo(&self) -> &super::kinds::KindsMemo {
        &self.s.reach_memo.kinds
    }

    /// The direct-fire ranges per kind of firer and target (as `kinds`
    /// numbers them), and the number of makes.
    pub(super) fn direct_table(&self) -> (&[OnceLock<u128>], usize) {
        let r = self.reaches();
        (&r.direct, r.makes)
    }

    /// For a firer of class `class` (that of `e`, `av` whether it takes
    /// vehicles first): the farthest shot at an element of unit `v` of the
    /// kind it prefers (any, if `av` is false) and at any element (−1:
    /// none), kept per class and unit until `v` or the table changes.
    /// Needs `make_room` first.
    #[inline(always)]
    pub(super) fn unit_pick(&self, class: usize, e: usize, av: bool, v: usize) -> (i64, i64) {
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
