//! Each figure's windows across the table for the reaches its searches ask
//! for most, found once for the battle: figures keep their place across,
//! so a window by index never changes, and a search reads it rather than
//! finding its ends again (`Battle::across`) every time it is asked.

use super::{Battle, Prepared, SPACING};
use crate::battle::result::Role;
use crate::rules::fma::die::Die;
use crate::rules::fma::reaction;
use std::ops::Range;

/// A window as two indices (`Range` is not `Copy`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Span(u32, u32);

impl Span {
    fn of(r: Range<usize>) -> Span {
        Span(r.start as u32, r.end as u32)
    }

    pub(crate) fn range(self) -> Range<usize> {
        self.0 as usize..self.1 as usize
    }
}

/// One figure's windows.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Windows {
    /// The first enemy at or beyond the figure across (where every
    /// outward search of the enemies starts).
    pub(crate) mid: u32,
    /// The enemies within its gun's reach and a spacing, unaimed and aimed
    /// (the target search); empty without a gun.
    pub(crate) fire: [Span; 2],
    /// The enemies within the longest aimed reach (overwatch at it).
    pub(crate) watch: Span,
    /// The enemies within the longest unaimed reach and a spacing (a
    /// reactor to it).
    pub(crate) react: Span,
    /// The enemies within every reach (`idle`'s remoteness test).
    pub(crate) remote: Span,
    /// Friends within its quality die's inches (isolation, staying with
    /// friends on an advance).
    pub(crate) friends: Span,
    /// Friends within its command radius (a leader's suppressed friend).
    pub(crate) command: Span,
    /// Friends within a D12's inches (a friend going down tests them).
    pub(crate) down: Span,
    /// The enemies within a base across, where a charge can reach contact
    /// (`Battle::contact_x`'s test, exactly); mostly one or none.
    pub(crate) contact: Span,
}

impl Prepared<'_> {
    /// The figures of `role` that may stand within `reach` inches of `f`
    /// (`Battle::across`).
    pub(crate) fn across(&self, f: usize, role: Role, reach: f64) -> Range<usize> {
        let a = self.start[0];
        let r = match role {
            Role::Attacker => 0..a,
            Role::Defender => a..self.figures.len(),
        };
        let y = self.ys[f];
        let band = reach + SPACING;
        let ys = &self.ys[r.clone()];
        let lo = super::geometry::split(ys, y - band, |gy| gy < y - band);
        let hi = super::geometry::split(ys, y + band, |gy| gy <= y + band);
        r.start + lo..r.start + hi.max(lo)
    }

    /// Every figure's windows (after the figures, their guns and the
    /// longest reaches are set).
    pub(crate) fn find_windows(&self) -> Vec<Windows> {
        (0..self.figures.len())
            .map(|f| {
                let fig = &self.figures[f];
                let (own, other) = (fig.role, fig.role.other());
                let a = self.start[0];
                let side = match other {
                    Role::Attacker => 0..a,
                    Role::Defender => a..self.figures.len(),
                };
                let y = self.ys[f];
                let mid =
                    side.start + super::geometry::split(&self.ys[side.clone()], y, |gy| gy < y);
                let fire = self.guns[f].gun.map_or([Span::default(); 2], |w| {
                    [false, true]
                        .map(|aimed| Span::of(self.across(f, other, w.reach(aimed) + SPACING)))
                });
                let moves = fig.burden.inches() as f64;
                let remote = self.max_aimed_reach.max(2.0 * moves + super::BASE);
                let command = reaction::command_radius(fig.quality) as f64;
                let touches = |g: usize| (self.ys[g] - y).abs() <= super::BASE + 1e-9;
                let hi = (mid..side.end).find(|&g| !touches(g)).unwrap_or(side.end);
                let lo = (side.start..mid)
                    .rev()
                    .find(|&g| !touches(g))
                    .map_or(side.start, |g| g + 1);
                Windows {
                    mid: mid as u32,
                    fire,
                    watch: Span::of(self.across(f, other, self.max_aimed_reach)),
                    react: Span::of(self.across(f, other, self.max_reach + SPACING)),
                    remote: Span::of(self.across(f, other, remote)),
                    friends: Span::of(self.across(f, own, fig.quality.sides() as f64)),
                    command: Span::of(self.across(f, own, command)),
                    down: Span::of(self.across(f, own, Die::D12.sides() as f64)),
                    contact: Span::of(lo..hi),
                }
            })
            .collect()
    }
}

impl Battle<'_, '_> {
    /// `f`'s windows.
    #[inline]
    pub(crate) fn win(&self, f: usize) -> &Windows {
        &self.p.windows[f]
    }
}
