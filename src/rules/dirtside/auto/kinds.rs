//! The kinds of firer and of target a unit holds, kept per unit: working
//! out a pair of units' direct-fire ranges afresh (`unit_direct`, after
//! either changed) otherwise walks both units' elements and classifies each
//! pair, and a unit that moved into or out of cover is asked about by every
//! enemy unit in turn, each time with the same elements.

use super::fire::Situation;
use super::reach::cover_index;
use super::Battle;
use std::cell::Cell;

/// The most kinds a unit's list keeps; a unit with more is worked out the
/// plain way.
const MAX_KINDS: usize = 8;

/// One unit's kinds: the unit's version and the table's it was worked out
/// at, how many, and the kinds (a firer class, or a target's make and cover
/// as `reach::kinds` numbers them).
pub(crate) type Kinds = (u32, u32, u8, [u16; MAX_KINDS]);

/// Stamped with a table number never given, so it never matches.
pub(crate) const UNKNOWN: Kinds = (0, u32::MAX, 0, [0; MAX_KINDS]);

/// Per unit, its kinds as a firer and as a target.
#[derive(Clone, Default)]
pub(crate) struct KindsMemo {
    firers: Vec<Cell<Kinds>>,
    targets: Vec<Cell<Kinds>>,
}

impl KindsMemo {
    pub(crate) fn restart(&mut self, units: usize) {
        self.firers.resize(units, Cell::new(UNKNOWN));
        self.targets.resize(units, Cell::new(UNKNOWN));
    }

    pub(crate) fn forget(&mut self) {
        for c in self.firers.iter().chain(&self.targets) {
            c.set(UNKNOWN);
        }
    }
}

impl Battle<'_, '_> {
    /// `unit_direct(u, v)` worked out from the units' kept kinds: the same
    /// pairs `each_pair_of_kinds` visits, each one table look-up. `None`
    /// when a unit holds too many kinds or a pair's ranges were never worked
    /// out (the plain way fills them in).
    pub(super) fn direct_by_kinds(&self, u: usize, v: usize) -> Option<u128> {
        let firers = self.kinds_of(u, true)?;
        let targets = self.kinds_of(v, false)?;
        let (direct, makes) = self.direct_table();
        let mut mask = 0;
        for &c in &firers.3[..usize::from(firers.2)] {
            for &p in &targets.3[..usize::from(targets.2)] {
                mask |= direct[usize::from(c) * makes * 3 + usize::from(p)].get()?;
            }
        }
        Some(mask)
    }

    /// `unit_reach_now(u, v)` worked out from the units' kept kinds, as
    /// `direct_by_kinds` is.
    pub(super) fn reach_by_kinds(&self, u: usize, v: usize) -> Option<i64> {
        let firers = self.kinds_of(u, true)?;
        let targets = self.kinds_of(v, false)?;
        let (_, makes) = self.direct_table();
        let mut far = -1;
        for &c in &firers.3[..usize::from(firers.2)] {
            for &p in &targets.3[..usize::from(targets.2)] {
                far = far.max(self.reach_of_kinds(usize::from(c) * makes * 3 + usize::from(p))?);
            }
        }
        Some(far)
    }

    /// Unit `u`'s kinds as a firer (`firer`) or as a target, kept until it
    /// or the table changes: an element lost without a change of version
    /// leaves an alike one, so the kinds stay.
    /// The kept answer is read inline (nearly every call); working it out
    /// afresh is a call.
    #[inline]
    fn kinds_of(&self, u: usize, firer: bool) -> Option<Kinds> {
        let (version, table) = self.memo_stamp(u);
        let memo = self.kinds_memo();
        let cell = if firer {
            &memo.firers[u]
        } else {
            &memo.targets[u]
        };
        let kept = cell.get();
        if (kept.0, kept.1) == (version, table) {
            return (kept.2 as usize <= MAX_KINDS).then_some(kept);
        }
        self.kinds_afresh(u, firer, (version, table))
    }

    #[inline(never)]
    fn kinds_afresh(&self, u: usize, firer: bool, (version, table): (u32, u32)) -> Option<Kinds> {
        let memo = self.kinds_memo();
        let cell = if firer {
            &memo.firers[u]
        } else {
            &memo.targets[u]
        };
        let mut kinds: Kinds = (version, table, 0, [0; MAX_KINDS]);
        let push = |k: usize, kinds: &mut Kinds| {
            let n = usize::from(kinds.2);
            if n < MAX_KINDS {
                kinds.3[n] = k as u16;
            }
            kinds.2 = kinds.2.saturating_add(1);
        };
        // The elements `each_pair_of_kinds` visits, in its order; those
        // `kinds` answers `None` for add nothing to a mask.
        let mut asked: Option<usize> = None;
        let mut tried = usize::MAX;
        for e in self.alive(u) {
            if firer {
                if asked.is_some_and(|a| self.same_firer(a, e)) {
                    continue;
                }
                asked = Some(e);
                if let Some(c) = self.firer_class(e) {
                    push(c, &mut kinds);
                }
            } else {
                let m = self.make_index(e);
                if m == tried {
                    continue;
                }
                tried = m;
                if self.s.elements[e].aboard.is_none() {
                    let cover = cover_index(self.infantry_cover(e, Situation::default()));
                    push(m * 3 + cover, &mut kinds);
                }
            }
        }
        if usize::from(kinds.2) > MAX_KINDS {
            kinds.2 = u8::MAX;
        }
        cell.set(kinds);
        (usize::from(kinds.2) <= MAX_KINDS).then_some(kinds)
    }
}
