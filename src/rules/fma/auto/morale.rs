//! Reaction tests, FMA's morale: isolation on activation, a test when fired
//! on or when a friend goes down, rallies from suppression and a leader
//! passing an action to a suppressed friend.

use super::events::FmaEvent;
use super::{bits, Battle};
use crate::rules::fma::armour::Cover;
use crate::rules::fma::die::Die;
use crate::rules::fma::reaction;

impl Battle<'_, '_> {
    pub(crate) fn isolated(&self, f: usize) -> bool {
        let q = self.p.figures[f].quality;
        // Any friend in reach will do: no need to find the nearest.
        let reach = (q.sides() * q.sides()) as f64;
        let near = |g: usize| g != f && self.s.places[g].up && self.dist2(f, g) <= reach;
        // The neighbours across the table first: mostly one of them is near.
        let side = self.side(self.role(f));
        let within = (f > side.start && near(f - 1))
            || (f + 1 < side.end && near(f + 1))
            || self.win(f).friends.range().any(near);
        debug_assert_eq!(
            self.win(f).friends.range(),
            self.across(f, self.role(f), q.sides() as f64)
        );
        debug_assert_eq!(!within, {
            let nearest = self
                .friends(f)
                .map(|g| self.dist(f, g))
                .min_by(f64::total_cmp);
            reaction::isolated(q, nearest)
        });
        !within
    }

    /// An isolated figure's reaction test on activation; `false` when it
    /// failed and may do nothing this turn.
    #[inline(always)]
    pub(crate) fn isolation_test(&mut self, f: usize) -> bool {
        // Mostly a neighbour across the table is near: that is answered
        // here, in the activation, and only the rest goes out of line.
        if self.neighbour_near(f) {
            debug_assert!(!self.isolated(f));
            return true;
        }
        self.isolation_roll(f)
    }

    /// Whether the friend next to `f` across the table, either side, is up
    /// within its quality die (`isolated`'s first look).
    #[inline(always)]
    fn neighbour_near(&self, f: usize) -> bool {
        let q = self.p.figures[f].quality.sides();
        let reach = (q * q) as f64;
        let side = self.side(self.role(f));
        let near = |g: usize| self.s.places[g].up && self.dist2(f, g) <= reach;
        (f > side.start && near(f - 1)) || (f + 1 < side.end && near(f + 1))
    }

    /// `isolation_test` past a neighbour near.
    #[inline(never)]
    fn isolation_roll(&mut self, f: usize) -> bool {
        if !self.isolated(f) {
            return true;
        }
        let fig = &self.p.figures[f];
        let rolled = self.roll(fig.quality);
        let passed = reaction::passes(rolled.roll, fig.motivation);
        if self.s.log.is_on() {
            self.log(Some(fig.role), move |b| FmaEvent::Isolated {
                figure: b.name(f),
                rolled,
                target: fig.motivation,
                passed,
            });
        }
        passed
    }

    /// A reaction test; a failure suppresses.
    pub(crate) fn reaction_test(&mut self, f: usize, why: &'static str, modifier: i64) -> bool {
        let fig = &self.p.figures[f];
        let rolled = self.roll(fig.quality);
        let target = reaction::target(fig.motivation, modifier);
        let passed = reaction::passes(rolled.roll, target);
        if !passed {
            self.set_suppressed(f, true);
        }
        if self.s.log.is_on() {
            self.log(Some(fig.role), move |b| FmaEvent::Reaction {
                figure: b.name(f),
                why,
                rolled,
                target,
                passed,
            });
        }
        passed
    }

    /// An attempt to remove suppression; a failure in the open sends the
    /// figure sprinting to the nearest cover within its combat move, or
    /// straight back from the nearest enemy.
    pub(crate) fn rally(&mut self, f: usize) -> bool {
        let fig = &self.p.figures[f];
        let rolled = self.roll(fig.quality);
        let passed = reaction::removes_suppression(rolled.roll, fig.motivation);
        if passed {
            self.set_suppressed(f, false);
        }
        if self.s.log.is_on() {
            self.log(Some(fig.role), move |b| FmaEvent::Rally {
                figure: b.name(f),
                rolled,
                target: fig.motivation,
                passed,
            });
        }
        if !passed && self.s.places[f].cover == Cover::None && !fig.mounted {
            let rolled = self.roll(fig.burden.combat_die());
            self.log(Some(fig.role), move |b| FmaEvent::Sprint {
                figure: b.name(f),
                rolled,
            });
            self.sprint(f, rolled.roll as f64);
        }
        passed
    }

    /// A leader tries to pass one action to `g`: whether it may act now.
    pub(crate) fn transfer(&mut self, leader: usize, g: usize) -> bool {
        let lf = self.p.figures[leader];
        let rolled = self.roll(lf.quality);
        let target = reaction::transfer_target(lf.motivation, self.p.figures[g].motivation);
        let passed = reaction::passes(rolled.roll, target);
        if self.s.log.is_on() {
            self.log(Some(lf.role), move |b| FmaEvent::Transfer {
                leader: b.name(leader),
                figure: b.name(g),
                rolled,
                target,
                passed,
            });
        }
        passed
    }

    /// Reaction tests for the friends within their quality die's inches of a
    /// figure that has just gone down.
    pub(super) fn friends_react(&mut self, down: usize) {
        // A test changes only its own figure, so each friend is judged
        // just before its test as it would be before all of them (no list).
        let window = self.win(down).down.range();
        debug_assert_eq!(
            window,
            self.across(down, self.role(down), Die::D12.sides() as f64)
        );
        // The friends up and free, a word at a time from the bit sets (a
        // word read before its tests is still right for the rest of it).
        if window.is_empty() {
            return;
        }
        for k in window.start / 64..=(window.end - 1) / 64 {
            let mut w = bits::within(k, &window, self.s.alive.word(k) & !self.s.pinned.word(k));
            while w != 0 {
                let g = k * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                debug_assert!(g != down && self.up(g) && !self.s.places[g].suppressed);
                if self.dist(g, down) <= self.p.figures[g].quality.sides() as f64 {
                    self.reaction_test(g, "a friend went down", 0);
                }
            }
        }
    }
}
