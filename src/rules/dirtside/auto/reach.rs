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

mod memo;
pub(crate) use memo::{battle_id, Memo};

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
