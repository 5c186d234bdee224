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

use super::fire::Situation;
use super::Battle;
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::infantry::Cover;
use std::sync::atomic::{AtomicI16, Ordering::Relaxed};

/// Not worked out yet.
const UNKNOWN: i16 = i16::MIN;

/// Kinds of firer and target in one battle and the farthest shot between
/// each pair, filled in as pairs meet.
pub(crate) struct Reaches {
    /// Per element, its make's index among the battle's makes.
    make_of: Vec<usize>,
    makes: usize,
    /// Per make, the longest reach of any of its shots (`max_reach`).
    longest: Vec<i64>,
    /// Per firer kind × target kind, the farthest range with a shot (−1:
    /// none at all).
    table: Vec<AtomicI16>,
}

impl Reaches {
    fn new(b: &Battle) -> Reaches {
        let mut kinds: Vec<Make> = Vec::new();
        let mut longest = Vec::new();
        let make_of = (0..b.p.elements.len())
            .map(|e| {
                let m = b.p.elements[e].make;
                match kinds.iter().position(|k| *k == m) {
                    Some(i) => i,
                    None => {
                        kinds.push(m);
                        longest.push(b.max_reach(e));
                        kinds.len() - 1
                    }
                }
            })
            .collect();
        let makes = kinds.len();
        // Firer kinds: make × damaged × ADS active; targets: make × cover.
        let table = (0..makes * 4 * makes * 3)
            .map(|_| AtomicI16::new(UNKNOWN))
            .collect();
        Reaches {
            make_of,
            makes,
            longest,
            table,
        }
    }
}

fn cover_index(c: Cover) -> usize {
    match c {
        Cover::Open => 0,
        Cover::Soft => 1,
        Cover::DugIn => 2,
    }
}

impl Battle<'_, '_> {
    fn reaches(&self) -> &Reaches {
        self.p.reaches.get_or_init(|| Reaches::new(self))
    }

    /// `max_reach(e)`, looked up.
    pub(super) fn longest(&self, e: usize) -> i64 {
        let r = self.reaches();
        let v = r.longest[r.make_of[e]];
        debug_assert_eq!(v, self.max_reach(e));
        v
    }

    /// The farthest range at which `e` has a shot at `t` as things stand
    /// (−1: none): `plan(e, t, range)` is a shot exactly when `range` is at
    /// most this.
    pub(super) fn shot_reach(&self, e: usize, t: usize) -> i64 {
        let (f, g) = (&self.s.elements[e], &self.s.elements[t]);
        if !f.alive || !g.alive || f.systems_down {
            return -1;
        }
        let r = self.reaches();
        let firer =
            (r.make_of[e] * 2 + usize::from(f.damaged)) * 2 + usize::from(self.ads_active(e));
        let cover = cover_index(self.infantry_cover(t, Situation::default()));
        let cell = &r.table[firer * r.makes * 3 + r.make_of[t] * 3 + cover];
        let known = cell.load(Relaxed);
        if known != UNKNOWN {
            return i64::from(known);
        }
        let top = r.longest[r.make_of[e]];
        let far = (0..=top)
            .rev()
            .find(|&x| self.plan(e, t, x).is_some())
            .unwrap_or(-1);
        debug_assert!(
            (0..=far).all(|x| self.plan(e, t, x).is_some())
                && (far + 1..top + 24).all(|x| self.plan(e, t, x).is_none()),
            "shots of {e} at {t} are not every range up to {far}"
        );
        cell.store(far as i16, Relaxed);
        far
    }

    /// Whether `e` has any shot at some element of unit `v` at `range`:
    /// `any_plan(e, v, range, |_| true)` by lookup.
    pub(super) fn reaches_unit(&self, e: usize, v: usize, range: i64) -> bool {
        let mut tried = usize::MAX;
        let r = self.reaches();
        let hit = self.alive(v).any(|t| {
            let m = r.make_of[t];
            if m == tried {
                return false;
            }
            tried = m;
            self.shot_reach(e, t) >= range
        });
        debug_assert_eq!(hit, self.any_plan(e, v, range, |_| true));
        hit
    }

    /// Two elements with the same answer: same make, damage and systems.
    pub(super) fn same_firer(&self, e: usize, f: usize) -> bool {
        let r = self.reaches();
        let (a, b) = (&self.s.elements[e], &self.s.elements[f]);
        r.make_of[e] == r.make_of[f] && a.damaged == b.damaged && a.systems_down == b.systems_down
    }
}
