//! The farthest shot a firer class has at anything an enemy side can
//! present: any make the side starts with, in any cover. It follows from
//! the kinds alone, so it holds for the whole battle (every run, every
//! thread), and target choice's ordered walk stops past it: beyond it no
//! enemy unit can be shot at all, however the side changes, where the
//! firer's longest weapon (`longest`) often reaches only makes the side
//! does not hold or cover it does not stand in.

use super::Battle;
use crate::battle::result::Role;
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::infantry::Cover;
use std::sync::atomic::{AtomicI16, Ordering::Relaxed};

/// Not worked out yet.
const UNKNOWN: i16 = i16::MIN;

/// Per side, its makes; per firer class and enemy side, the farthest shot.
#[derive(Default)]
pub(crate) struct Farthest {
    /// Per side, each make among its elements as the battle starts, once.
    makes: [Vec<Make>; 2],
    /// Per (firer class, enemy side), the farthest range with a shot at
    /// any of the side's makes in any cover (−1: none), as worked out.
    cells: Vec<AtomicI16>,
}

impl Farthest {
    /// Built once as the battle is prepared.
    pub(super) fn new(p: &super::Prepared) -> Farthest {
        let makes = Role::BOTH.map(|r| {
            let mut side: Vec<Make> = Vec::new();
            for x in p.elements.iter().filter(|x| x.role == r) {
                if !side.contains(&x.make) {
                    side.push(x.make);
                }
            }
            side
        });
        // Built after the kinds table, whose firer classes it is indexed by.
        let cells = (0..p.reaches.classes() * 2)
            .map(|_| AtomicI16::new(UNKNOWN))
            .collect();
        Farthest { makes, cells }
    }
}

impl Battle<'_, '_> {
    /// The farthest shot of firer `e`, of class `class`, at any element side
    /// `side` could present: at least every `shot_reach` of `e` at an
    /// element of that side (checked in debug builds where the walk reads a
    /// unit's).
    #[inline]
    pub(super) fn side_farthest(&self, class: usize, e: usize, side: usize) -> i64 {
        let known = self.p.farthest.cells[class * 2 + side].load(Relaxed);
        let far = if known != UNKNOWN {
            i64::from(known)
        } else {
            self.side_farthest_afresh(class, e, side)
        };
        debug_assert_eq!(far, self.side_farthest_plain(e, side));
        far
    }

    #[inline(never)]
    fn side_farthest_afresh(&self, class: usize, e: usize, side: usize) -> i64 {
        let far = self.side_farthest_plain(e, side);
        self.p.farthest.cells[class * 2 + side].store(far as i16, Relaxed);
        far
    }

    /// The plain way: every make of the side in every cover, each range from
    /// the firer's longest down (as `shot_reach` searches).
    fn side_farthest_plain(&self, e: usize, side: usize) -> i64 {
        let top = self.longest(e);
        let mut far = -1;
        for &make in &self.p.farthest.makes[side] {
            for cover in [Cover::Open, Cover::Soft, Cover::DugIn] {
                let shot = (0..=top)
                    .rev()
                    .find(|&x| self.plan_against(e, make, x, || cover).is_some());
                far = far.max(shot.unwrap_or(-1));
            }
        }
        far
    }
}
