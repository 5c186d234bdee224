//! Target choice and a unit's fire plan: which enemy unit and element each
//! firer takes (anti-armour weapons take vehicles, then an enemy that has
//! activated, the nearest, one in the open) and the shots a unit declares.
//! How the shots are resolved is in `fire`.

use super::fire::{Plan, Situation};
use super::seen::Seen;
use super::{Battle, Post};
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::infantry;

/// Target priority, smallest first: wrong kind for an anti-armour weapon,
/// not yet activated, range, in cover, unit; packed into one word from the
/// highest bits down (`target_key`), so that the walk over the enemy
/// roster compares one number per unit instead of a tuple field by field.
/// One `u64`, not a `u128`: the walk builds and compares it for every
/// enemy unit, and the wider shifts and compares cost twice the
/// instructions.
type TargetKey = u64;

/// Bits for the unit index, below the cover bit.
pub(super) const UNIT_BITS: u32 = 29;
/// Bits for the range, between the cover bit and the idle bit.
const RANGE_BITS: u32 = 32;

/// No target found yet: above every key (a unit index would need all its
/// bits set to reach it).
const NO_KEY: TargetKey = u64::MAX;

/// The range as the key holds it: ranges beyond 32 bits read as the
/// largest, which changes no choice, since no weapon reaches so far and
/// only a unit in reach becomes a target.
#[inline]
fn key_range(range: i64) -> u64 {
    debug_assert!(range >= 0);
    (range as u64).min((1 << RANGE_BITS) - 1)
}

/// The key of a target of the wrong kind (`wrong`), in a unit not yet
/// activated (`idle`), `range` away, in cover, of unit `v`.
#[inline]
fn target_key(wrong: bool, idle: bool, range: i64, cover: bool, v: usize) -> TargetKey {
    debug_assert!((v as u64) < (1 << UNIT_BITS) - 1);
    u64::from(wrong) << 63
        | u64::from(idle) << 62
        | key_range(range) << (UNIT_BITS + 1)
        | u64::from(cover) << UNIT_BITS
        | v as u64
}

/// The least key a unit's target could have (of the right kind), from its
/// compact entry, `range` away: `target_key` with the entry's bits.
#[inline]
fn least_key(y: Seen, range: i64) -> TargetKey {
    (u64::from(y.idle) << RANGE_BITS | key_range(range)) << (UNIT_BITS + 1) | y.low
}

/// `least` for a target of the wrong kind, if `wrong`.
#[inline]
fn with_wrong(least: TargetKey, wrong: bool) -> TargetKey {
    least | u64::from(wrong) << 63
}

/// Whether `key` is of a target of the wrong kind.
#[inline]
fn wrong_kind(key: TargetKey) -> bool {
    key >> 63 == 1
}

/// A firer's choice: the enemy unit, the first target found in it, and where
/// in the plan's list of options the elements of it it may aim at lie (start,
/// count).
type Chosen = Option<(usize, usize, usize, usize)>;

/// What of a firer decides its target: its make (by index), damage, systems.
type FirerKind = (usize, bool, bool);

impl Battle<'_, '_> {
    /// The farthest any shot of element `e` could reach, in inches: an upper
    /// bound that lets target picking pass over units out of reach without
    /// planning a shot at each of their elements.
    pub(super) fn max_reach(&self, e: usize) -> i64 {
        make_reach(self.s.elements[e].make)
    }

    fn anti_armour(&self, e: usize) -> bool {
        match self.s.elements[e].make {
            Make::Vehicle { weapon, .. } => !weapon.system.small_arms(),
            Make::Team { launcher, .. } => launcher.is_some(),
        }
    }

    /// The target `e` picks (the `k`-th of its choice's unit, to spread fire):
    /// anti-armour weapons take vehicles; then an enemy that has activated, the
    /// nearest, one in the open. `only` limits it to one enemy unit.
    /// Whether element `e` has any shot (at unit `only`, if given): the
    /// yes-or-no of `pick_target`, stopping at the first shot found.
    pub(crate) fn has_target(&self, e: usize, only: Option<usize>) -> bool {
        let f = self.s.elements[e];
        let reach = self.longest(e);
        let shot = |v| {
            self.nearest_gap(f.unit, v) <= reach && self.reaches_unit(e, v, self.gap(f.unit, v))
        };
        match only {
            None => self.side_iter(f.role.other()).any(shot),
            // One unit (the assault's pinning check) is asked alone, if it
            // is on the table, not found by a walk past the others.
            Some(o) => {
                let on = self.present(o) && self.s.units[o].role != f.role;
                debug_assert_eq!(on, self.side_iter(f.role.other()).any(|v| v == o));
                on && shot(o)
            }
        }
    }

    /// What of firer `e` decides its target: two elements of one unit alike
    /// in these pick alike, so a unit's fire plan searches once per kind.
    fn firer_kind(&self, e: usize) -> FirerKind {
        let f = &self.s.elements[e];
        (self.make_index(e), f.damaged, f.systems_down)
    }

    /// The enemy unit `e` picks and the elements in it it may aim at (empty:
    /// only the first found), with the first found.
    /// `prune`: pass over a unit whose key cannot beat the best so far
    /// before any reach check, and read a unit standing together from the
    /// kept picks (`unit_pick`) instead of element by element (the same
    /// choice, checked in debug builds). Needs `make_room` first.
    fn choose(
        &self,
        e: usize,
        only: Option<usize>,
        prune: bool,
        options: &mut Vec<usize>,
    ) -> Chosen {
        let f = self.s.elements[e];
        let av = self.anti_armour(e);
        let reach = self.longest(e);
        // A firer with no shot at all (down, aboard) picks nothing.
        let class = self.firer_class(e)?;
        let own_apart = self.apart(f.unit);
        // The best key so far, its unit, and (element by element) its pick.
        let mut best: (TargetKey, usize, usize) = (NO_KEY, 0, 0);
        // The firer's spot read once, and the enemy side's compact entries
        // (`seen.rs`) walked: the walk is most of a fire plan's cost.
        let here = self.s.units[f.unit].dist;
        // A plan at one unit (opportunity fire, an assault's pinning fire)
        // weighs that unit alone, if it is on the table.
        let one = only.filter(|&o| self.present(o) && self.s.units[o].role != f.role);
        debug_assert_eq!(
            one,
            only.filter(|&o| self.side_iter(f.role.other()).any(|v| v == o))
        );
        let side = f.role.other().index();
        debug_assert!(self.seen_ok(side));
        // While no element stands apart every unit is weighed by its gap
        // alone, so the side's entries in order of spot are walked from the
        // firer outward: each half stops at the first unit past the reach
        // or too far for its key to beat the best so far.
        let near = only.is_none() && prune && !self.s.left_behind;
        if near {
            debug_assert!(!own_apart);
            let pick = (class, e, av);
            // Past the farthest shot at anything the side could present no
            // unit can be shot (no farther than the firer's longest weapon).
            let stop = self.side_farthest(class, e, side);
            debug_assert!(stop <= reach);
            let (after, before) = self.near_halves(side, here);
            for &y in after {
                if !self.weigh_together(y, y.dist - here, stop, pick, &mut best) {
                    break;
                }
            }
            for &y in before.iter().rev() {
                if !self.weigh_together(y, here - y.dist, stop, pick, &mut best) {
                    break;
                }
            }
        }
        let alone = one.map(|o| Seen::of(o, &self.s.units[o]));
        let walk: &[Seen] = match (near, only, &alone) {
            // Walked above, in order of spot.
            (true, ..) => &[],
            (false, None, _) => &self.s.seen[side],
            (false, Some(_), Some(o)) => std::slice::from_ref(o),
            (false, Some(_), None) => &[],
        };
        for &y in walk {
            let v = y.unit();
            let range = (y.dist - here).abs();
            debug_assert_eq!(range, self.gap(f.unit, v));
            let least = least_key(y, range);
            debug_assert_eq!(
                least,
                target_key(
                    false,
                    !self.s.units[v].activated,
                    range,
                    self.s.units[v].post != Post::Open,
                    v
                )
            );
            if prune && least >= best.0 {
                continue;
            }
            if prune && !own_apart && !self.apart(v) {
                // In roster order a unit past the reach says nothing of the
                // next, so the answer to stop or go on is not wanted here.
                self.weigh_together(y, range, reach, (class, e, av), &mut best);
                continue;
            }
            let nearest = self.nearest_gap(f.unit, v);
            if nearest > reach || self.unit_reach(f.unit, v) < nearest {
                continue;
            }
            let spread = self.apart(v);
            let at = self.aim_at(e, v);
            let mut none = usize::MAX;
            for t in self.alive(v) {
                let m = self.make_index(t);
                if none == m && !spread {
                    // Safe because a unit is never part mounted (see
                    // `carrier_hit`): alike elements are all aboard or none.
                    debug_assert!(self.shot_reach_in(at, e, t) < self.element_range(e, t, range));
                    continue;
                }
                let apart = self.element_range(e, t, range);
                debug_assert_eq!(
                    self.plan(e, t, range).is_none(),
                    self.shot_reach(e, t) < apart
                );
                if self.shot_reach_in(at, e, t) < apart {
                    none = m;
                    continue;
                }
                let tv = self.s.elements[t].is_vehicle();
                let key = with_wrong(least, av && !tv);
                if key < best.0 {
                    best = (key, v, t);
                }
                // Within one unit the key differs only by whether the target
                // is a vehicle; once the better kind is found, the rest of the
                // unit cannot beat it.
                if !wrong_kind(key) {
                    break;
                }
            }
        }
        let (key, v, found) = best;
        if key == NO_KEY {
            return None;
        }
        let wrong = wrong_kind(key);
        let range = self.gap(f.unit, v);
        let from = options.len();
        let at = self.aim_at(e, v);
        let may = |t: usize| {
            self.shot_reach_in(at, e, t) >= self.element_range(e, t, range)
                && (self.s.elements[t].is_vehicle() != wrong || !av)
        };
        // In a unit standing together every element is at the units' gap,
        // so the answer follows from its make and whether it rides aboard:
        // asked once for a run of alike elements (most units are one make).
        let spread = self.apart(v);
        let mut last = (usize::MAX, false, false);
        for &t in self.alive_slice(v) {
            let g = &self.s.elements[t];
            let like = (self.make_index(t), g.aboard.is_some());
            let ok = if !spread && (last.0, last.1) == like {
                debug_assert_eq!(last.2, may(t));
                last.2
            } else {
                let ok = may(t);
                last = (like.0, like.1, ok);
                ok
            };
            if ok {
                options.push(t);
            }
        }
        // The first element of the preferred kind with a shot: the element
        // by element search's pick.
        let first = *options.get(from)?;
        debug_assert!(found == usize::MAX || found == first);
        Some((v, first, from, options.len() - from))
    }

    /// Weighs unit `y`, standing together `range` away, as a target of `e`
    /// (of class `class`, `av` whether it takes vehicles first), its reach
    /// `reach`: the unit's key follows from the farthest shots at the kind
    /// preferred and at any. `false`: past the reach, or so far that its
    /// key cannot beat `best` (nor any unit's farther on).
    #[inline(always)]
    fn weigh_together(
        &self,
        y: Seen,
        range: i64,
        reach: i64,
        (class, e, av): (usize, usize, bool),
        best: &mut (TargetKey, usize, usize),
    ) -> bool {
        let v = y.unit();
        debug_assert!(!self.apart(v) && !self.apart(self.s.elements[e].unit));
        debug_assert_eq!(range, self.gap(self.s.elements[e].unit, v));
        // The least key at this range, whatever the unit: the idle, cover
        // and unit bits only add to it.
        if range > reach || key_range(range) << (UNIT_BITS + 1) >= best.0 {
            return false;
        }
        let least = least_key(y, range);
        if least < best.0 {
            let (pref, any) = self.unit_pick(class, e, av, v);
            debug_assert!(any <= reach, "a shot of {e} at {v} past the walk's stop");
            if any >= range {
                let key = with_wrong(least, pref < range);
                if key < best.0 {
                    *best = (key, v, usize::MAX);
                }
            }
        }
        true
    }

    /// The target of the `k`-th shot of a unit's fire at the target `choose`
    /// found, among `options` (empty: only the first found).
    fn aim(&self, e: usize, k: usize, (v, first): (usize, usize), options: &[usize]) -> usize {
        let f = self.s.elements[e];
        // The leader's identity is secret (L337–339): a firer cannot aim at
        // it, so shots spread over the unit from a start that varies with the
        // turn and the two units, not from its first element (the leader).
        if options.is_empty() {
            first
        } else {
            let start = (self.s.turn as usize)
                .wrapping_mul(31)
                .wrapping_add(f.unit.wrapping_mul(17))
                .wrapping_add(v.wrapping_mul(7));
            options[k.wrapping_add(start) % options.len()]
        }
    }

    /// `plan(e, t, gap)` for the firer kind searched `i`-th in this fire
    /// plan, whose choice is unit `v`: read from `kept` when an element of
    /// that kind already planned against the same make at the same range.
    /// Within one fire plan nothing `plan` reads changes, the firer's kind
    /// (make, damage, systems; its ADS mode follows from the make) fixes
    /// its side, and `t`'s unit fixes its cover (`aim_at`), so the plan
    /// follows from the kind, `t`'s make and the range (checked in debug
    /// builds).
    fn plan_kept(
        &self,
        e: usize,
        t: usize,
        (i, v): (usize, usize),
        kept: &mut Vec<PlanKept>,
    ) -> Option<Plan> {
        let gap = self.gap(self.s.elements[e].unit, v);
        if self.s.elements[e].aboard.is_some() || self.s.elements[t].aboard.is_some() {
            return None;
        }
        let range = self.element_range(e, t, gap);
        let key = (i, self.make_index(t), range);
        // Alike elements fire one after another: the last plan asked nearly
        // always answers, and one compare mispredicts far less than a
        // search whose length follows the unit's makes.
        let plan = match kept.last() {
            Some(&(k, p)) if k == key => p,
            _ => match kept.iter().position(|(k, _)| *k == key) {
                Some(j) => {
                    let hit = kept[j];
                    kept.push(hit);
                    hit.1
                }
                None => {
                    let p = self.plan_at(e, t, range);
                    kept.push((key, p));
                    p
                }
            },
        };
        debug_assert_eq!(plan, self.plan(e, t, gap));
        plan
    }

    /// A unit fires: every element declares a target, infantry roll fire
    /// effectiveness once, then each shot is resolved and tests follow. The
    /// lists it builds are the battle's, reused from the last fire plan.
    pub(crate) fn fire_unit(&mut self, u: usize, only: Option<usize>, sit: Situation) {
        let mut buf = std::mem::take(&mut self.s.fire_buf);
        let mut shots = std::mem::take(&mut self.s.spare_shots);
        buf.searched.clear();
        buf.options.clear();
        buf.plans.clear();
        let classes = self.firer_classes();
        self.s.reach_memo.make_room(classes);
        shots.clear();
        // No enemy within the longest reach the unit began with: no element
        // has a shot, so none searches (the many fire plans of the opening
        // turns, and of broken units falling back).
        let reach = self.unit_longest(u);
        let role = self.s.units[u].role.other();
        let (here, own_apart) = (self.s.units[u].dist, self.apart(u));
        debug_assert!(self.seen_ok(role.index()));
        let far = only.is_none()
            && if !self.s.left_behind {
                // No element apart: the nearest unit alone tells.
                self.nearest_range(role.index(), here)
                    .is_none_or(|n| n > reach)
            } else {
                self.s.seen[role.index()].iter().all(|y| {
                    let v = y.unit();
                    if own_apart || self.apart(v) {
                        self.nearest_gap(u, v) > reach
                    } else {
                        (y.dist - here).abs() > reach
                    }
                })
            };
        debug_assert!(!far || !self.alive(u).any(|e| self.has_target(e, None)));
        let alive = if far { &[][..] } else { self.alive_slice(u) };
        // Alike elements come one after another (most units are one make):
        // the last kind's search nearly always answers.
        let mut last: Option<(FirerKind, usize)> = None;
        for (k, &e) in alive.iter().enumerate() {
            let kind = self.firer_kind(e);
            let i = match last.filter(|l| l.0 == kind) {
                Some((_, i)) => i,
                None => match buf.searched.iter().position(|(c, _)| *c == kind) {
                    Some(i) => i,
                    None => {
                        let chosen = self.choose(e, only, true, &mut buf.options);
                        #[cfg(debug_assertions)]
                        {
                            let mut all = Vec::new();
                            let plain = self.choose(e, only, false, &mut all);
                            let view = |c: Chosen, o: &[usize]| {
                                c.map(|(v, t, a, n)| (v, t, o[a..a + n].to_vec()))
                            };
                            debug_assert_eq!(view(chosen, &buf.options), view(plain, &all));
                        }
                        buf.searched.push((kind, chosen));
                        buf.searched.len() - 1
                    }
                },
            };
            debug_assert_eq!(Some(i), buf.searched.iter().position(|(c, _)| *c == kind));
            last = Some((kind, i));
            let picked = buf.searched[i].1.and_then(|(v, t, a, n)| {
                let t = self.aim(e, k, (v, t), &buf.options[a..a + n]);
                self.plan_kept(e, t, (i, v), &mut buf.plans).map(|p| (t, p))
            });
            if let Some((t, plan)) = picked {
                if !(sit.direct_only && matches!(plan, Plan::Small(_))) {
                    shots.push((e, t, plan));
                }
            }
        }
        self.s.fire_buf = buf;
        self.resolve_shots(u, shots, sit);
    }
}

/// The lists a fire plan builds, kept in the battle's state so that each
/// plan reuses the last one's (an odds run makes thousands).
#[derive(Clone, Default)]
pub(crate) struct FireBuffers {
    /// Per kind of firer searched so far, its choice.
    searched: Vec<(FirerKind, Chosen)>,
    /// The elements each choice may aim at, one after another.
    options: Vec<usize>,
    /// The plans worked out so far (`plan_kept`); a plan found further
    /// back is pushed again, so that the next alike firer finds it last.
    plans: Vec<PlanKept>,
}

/// A plan kept for one fire plan: (firer kind searched, target make,
/// range between the elements), and the plan.
type PlanKept = ((usize, usize, i64), Option<Plan>);

/// The farthest any shot of an element of make `make` could reach, in
/// inches (`Battle::max_reach`).
pub(super) fn make_reach(make: Make) -> i64 {
    match make {
        Make::Team {
            class, launcher, ..
        } => launcher
            .map(|w| w.max_range())
            .unwrap_or(0)
            .max(infantry::rifle_range(class))
            .max(infantry::APSW_RANGE)
            .max(4),
        Make::Vehicle { weapon, .. } => weapon
            .max_range()
            .max(infantry::APSW_RANGE)
            .max(weapon.against_infantry().map(|(_, r)| r).unwrap_or(0)),
    }
}
