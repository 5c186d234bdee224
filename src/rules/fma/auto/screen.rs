//! The smoke doctrine of auto-resolve (L1279-1314): a team about to bound
//! from cover across open ground under the enemy's aimed fire first puts its
//! smoke round down beyond the cover it is bounding to, between it and the
//! enemy; and fire, overwatch and reaction fire pass over the enemies a cloud
//! hides for those the firer can see, the log saying which line was blocked.
//! Sides with no smoke, and battles with no cloud standing, never get past
//! the first test of each call here. See docs/rules-decisions.md (FMA).

use super::fight::Activation;
use super::fire::How;
use super::smoke::{Cloud, SmokeEvent};
use super::{Battle, Figure, Near};
use crate::battle::setup::StandSetup;
use crate::rules::fma::smoke::{self, Agent, Delivery, CLOUD_DIAMETER, CLOUD_RADIUS};

/// How far beyond the cloud's edge the line of cover it screens lies, so
/// that the team stopping there is not caught in it.
const CLEAR: f64 = 0.5;

/// Who can lay smoke in a battle, worked out once.
pub(crate) struct Kit {
    /// How each figure delivers smoke, if it can.
    pub(crate) by_figure: Vec<Option<Delivery>>,
    /// The smoke rounds each stand starts with.
    pub(crate) rounds: Vec<u8>,
}

impl Kit {
    /// Vehicle crews, crew-served gunners and their loaders keep to their
    /// guns; everyone else carries what `smoke::carried` gives.
    pub(crate) fn new(figures: &[Figure], stands: &[&StandSetup]) -> Kit {
        let by_figure: Vec<Option<Delivery>> = figures
            .iter()
            .map(|f| {
                let s = stands[f.stand];
                let crew = f.mounted || f.crewed || f.loads_for.is_some();
                smoke::carried(s.stand_type, s.equipment, f.arm).filter(|_| !crew)
            })
            .collect();
        let mut rounds = vec![0; stands.len()];
        for (f, d) in figures.iter().zip(&by_figure) {
            if d.is_some() {
                rounds[f.stand] = smoke::ROUNDS_PER_TEAM;
            }
        }
        Kit { by_figure, rounds }
    }
}

impl Battle<'_, '_> {
    /// Before an attacker's bound (its first action, its team bounding, the
    /// nearest enemy beyond its close band): when the enemy's aimed fire
    /// reaches it, the next line of cover is within the bound, and its
    /// team still has its smoke round, it lays the cloud just beyond that
    /// line in front of the team's middle, unless a cloud already stands
    /// there. A grenade is one action (the second is the doctrine's as
    /// usual); a smoke rocket is both. Whether it laid one.
    #[inline]
    pub(crate) fn smoke_before_bound(
        &mut self,
        f: usize,
        near: Option<(usize, f64)>,
        close_band: f64,
        act: &mut Activation,
    ) -> bool {
        match self.p.smoke.by_figure[f] {
            None => false,
            Some(delivery) => self.lay_before_bound(f, delivery, near, close_band, act),
        }
    }

    fn lay_before_bound(
        &mut self,
        f: usize,
        delivery: Delivery,
        near: Option<(usize, f64)>,
        close_band: f64,
        act: &mut Activation,
    ) -> bool {
        let fig = &self.p.figures[f];
        if self.s.smoke_rounds[fig.stand] == 0 {
            return false;
        }
        let other = fig.role.other();
        let Some((_, d)) = near else {
            return false;
        };
        if d <= close_band || d > self.p.side_aimed_reach[other.index()] {
            return false;
        }
        // The bound `advance` would make: to the next line of cover ahead,
        // within two moves and short of the enemy's line.
        let Some(every) = self.p.cover_every else {
            return false;
        };
        let x = self.s.places[f].x;
        let line = super::geometry::floor((x - 1e-6) / every) * every;
        let moves = fig.burden.inches() as f64;
        let front = self.front(other);
        if line <= 0.0 || line < front + 1.0 - 1e-6 || x - line > 2.0 * moves + 1e-6 {
            return false;
        }
        let aim = (line - CLOUD_RADIUS - CLEAR, self.team_y(f));
        let standing = |c: &Cloud| (c.x - aim.0).hypot(c.y - aim.1) < CLOUD_DIAMETER;
        // A cloud a diameter or more away along or across is not measured:
        // `hypot` is never less than either side (and is a call into the C
        // library).
        let near = |c: &&Cloud| {
            (c.x - aim.0).abs() < CLOUD_DIAMETER && (c.y - aim.1).abs() < CLOUD_DIAMETER
        };
        let stands = self.s.clouds.iter().filter(near).any(standing);
        debug_assert_eq!(stands, self.s.clouds.iter().any(standing));
        if stands {
            return false;
        }
        // A point past ten bands or the deviation dice is not tried.
        if self.lay_cloud(f, aim, Agent::Smoke, delivery).is_err() {
            return false;
        }
        self.s.smoke_rounds[fig.stand] -= 1;
        act.smoked = delivery == Delivery::Rocket;
        true
    }

    /// The middle of `f`'s team across the table (a stand's figures stand
    /// next to each other).
    fn team_y(&self, f: usize) -> f64 {
        let s = self.p.figures[f].stand;
        let same = |g: &usize| self.p.figures[*g].stand == s;
        let lo = (0..f).rev().take_while(same).last().unwrap_or(f);
        let hi = (f + 1..self.p.figures.len())
            .take_while(same)
            .last()
            .unwrap_or(f);
        (self.p.ys[lo] + self.p.ys[hi]) / 2.0
    }

    /// Whether a cloud blocks `f`'s fire at `t`; the log says so when it does.
    #[inline]
    pub(crate) fn blocked(&mut self, f: usize, t: usize, how: How) -> bool {
        if self.s.clouds.is_empty() {
            return false;
        }
        let (from, to) = (self.spot(f), self.spot(t));
        let Some(c) = self.cloud_between(from, to) else {
            return false;
        };
        self.log_blocked(f, t, how, c);
        true
    }

    fn log_blocked(&mut self, f: usize, t: usize, how: How, c: Cloud) {
        let (from, to) = (self.spot(f), self.spot(t));
        let word = match how {
            How::Fire => "fire",
            How::Overwatch => "overwatch",
            How::Reaction => "reaction",
        };
        self.log(Some(self.role(f)), move |b| {
            SmokeEvent::blocked(b.name(f), b.name(t), word, from, to, c)
        });
    }

    /// The target `target` picks within `reach`, among the enemies `f` can
    /// see: when a cloud hides the one it would pick, the log says so and
    /// the search runs again over those in sight (most picks are in sight,
    /// so one line is measured rather than every candidate's; ranking every
    /// enemy in reach and taking the first in sight was slower).
    #[inline]
    pub(crate) fn sighted(&mut self, f: usize, reach: f64) -> Option<(usize, f64)> {
        let near = self.near_enemy(f);
        self.sighted_from(f, reach, near)
    }

    /// `sighted` given `f`'s nearest enemy (`near_enemy`), which the doctrine
    /// has just asked for.
    #[inline]
    pub(crate) fn sighted_from(
        &mut self,
        f: usize,
        reach: f64,
        near: Option<Near>,
    ) -> Option<(usize, f64)> {
        let first = self.target(f, reach, near);
        if self.s.clouds.is_empty() {
            return first;
        }
        let (t, _) = first?;
        let from = self.spot(f);
        let Some(c) = self.cloud_between(from, self.spot(t)) else {
            return first;
        };
        self.log_blocked(f, t, How::Fire, c);
        // No earlier kind had one within reach, seen or not; `t` is hidden.
        // The enemies next to it are often behind the same cloud: that one
        // is measured first.
        // Every candidate stands within `reach` and a spacing across (the
        // walks look no farther), so the clouds across that far are all
        // that can hide one.
        let clouds = self.clouds_across(from, reach + super::SPACING);
        let found = self.target_where(f, reach, self.target_kind(t), |g| {
            let at = self.spot(g);
            g != t && !smoke::blocks(from, at, (c.x, c.y)) && !self.screens(clouds, from, at)
        });
        debug_assert!(found.is_none_or(|(g, _)| !self.screened(f, g)));
        found
    }

    /// Whether `g` sees `f` past every cloud (the overwatch and reaction
    /// searches ask it last, of a figure that would be the nearest so far);
    /// when it does not, `g` is kept in `hidden` if nearer (squared
    /// distance `d2`) than the one kept there.
    #[inline]
    pub(crate) fn seen(
        &self,
        g: usize,
        f: usize,
        d2: f64,
        hidden: &mut Option<(usize, f64)>,
    ) -> bool {
        if !self.screened(g, f) {
            return true;
        }
        if hidden.is_none_or(|(_, hd)| d2 < hd) {
            *hidden = Some((g, d2));
        }
        false
    }

    /// After a search that passed over `hidden` (`seen`): when it was
    /// nearer than the figure `chosen` to fire (or none was), it is the one
    /// the cloud stopped, and the log says so.
    pub(crate) fn hidden_fire(
        &mut self,
        hidden: Option<(usize, f64)>,
        chosen: Option<(usize, f64)>,
        f: usize,
        how: How,
    ) {
        let Some((g, d2)) = hidden else {
            return;
        };
        if chosen.is_some_and(|(_, cd)| cd <= d2) {
            return;
        }
        if let Some(c) = self.cloud_between(self.spot(g), self.spot(f)) {
            self.log_blocked(g, f, how, c);
        }
    }
}
