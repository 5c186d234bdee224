//! Movement: a figure's move and the cover it ends in, the attackers' advance
//! from cover line to cover line, and a sprint to cover after a failed rally.

use super::events::FmaEvent;
use super::geometry::{ceil, floor};
use super::{cover_at, Battle};
use crate::rules::fma::armour::Cover;

/// How far outside the enemy's aimed reach an approaching figure stops.
const APPROACH: f64 = 0.1;

impl Battle<'_, '_> {
    pub(crate) fn move_to(&mut self, f: usize, x: f64, how: &'static str) {
        self.move_into(f, x, how, None);
    }

    /// A move to `x`, ending in `cover` if given, else in the ground's cover
    /// there.
    pub(crate) fn move_into(&mut self, f: usize, x: f64, how: &'static str, cover: Option<Cover>) {
        let from = self.s.places[f].x;
        let was = (from, self.p.ys[f]);
        self.front_moves(f, from, Some(x));
        let cover = cover.unwrap_or_else(|| cover_at(x, self.p.defender_cover, self.p.cover_every));
        self.s.places[f].x = x;
        self.s.places[f].cover = cover;
        self.s.places[f].moved = true;
        self.s.places[f].set_up = false;
        if self.s.log.is_on() {
            self.log(Some(self.role(f)), move |b| FmaEvent::Move {
                figure: b.name(f),
                from: from.round() as i64,
                to: x.round() as i64,
                how,
                cover: match cover {
                    Cover::None => "in the open",
                    Cover::Soft => "soft cover",
                    Cover::Hard => "hard cover",
                },
            });
        }
        // Every move, a charge or sprint too, may pass through smoke or gas.
        if !self.s.clouds.is_empty() {
            self.through_clouds(f, was);
        }
    }

    /// An attacker's MOVE, in bounds from cover to cover: one move toward
    /// the next line of cover ahead when it can be reached with the
    /// `moves_left` MOVEs of this activation, else a full move (but not out
    /// of cover on the last action within the enemy's aimed reach: it would
    /// stop in the open under fire); never past the
    /// nearest enemy's line, nor so far that no friend is left within the
    /// figure's quality die (L962-971: it stays with its men); `to_cover`:
    /// only on a bound to cover. Whether it moved.
    pub(super) fn advance(&mut self, f: usize, moves_left: u32, to_cover: bool) -> bool {
        let x = self.s.places[f].x;
        let moves = self.p.figures[f].burden.inches() as f64;
        let front = self.front(self.role(f).other());
        let stop = front + 1.0;
        // Every step below only raises the goal, and none goes below a hair
        // short of `stop`: a figure already at the enemy's line cannot move
        // on (test builds take the steps and check that they do not move).
        let hopeless = x - 0.5 < stop - 1e-6;
        if hopeless && !cfg!(debug_assertions) {
            return false;
        }
        let mut goal = (x - moves).max(stop);
        let mut covered = false;
        if let Some(every) = self.p.cover_every {
            let line = floor((x - 1e-6) / every) * every;
            if line > 0.0 && line >= stop - 1e-6 && x - line <= moves * moves_left as f64 + 1e-6 {
                goal = line.max(x - moves);
                covered = true;
            } else if moves_left < 2
                && self.s.places[f].cover != Cover::None
                && goal - front <= self.p.max_aimed_reach
            {
                // Out of cover only where no enemy's aimed fire reaches.
                return false;
            }
        }
        if to_cover && !covered {
            return false;
        }
        if !covered && moves_left >= 2 {
            // Into the enemy's aimed reach only with the activation's last
            // MOVE: watchers fire between a figure's two actions (L935-943,
            // L945-953), so a first MOVE that stops inside their reach with
            // a useless action to follow hands them a free shot.
            let edge = front + self.p.side_aimed_reach[self.role(f).other().index()];
            if x > edge + APPROACH && goal <= edge && x - (edge + APPROACH) >= 0.5 {
                goal = edge + APPROACH;
            }
        }
        if self.crosses(x, goal) {
            // Over a hedge or wall: half the action's move (L694-695).
            goal = goal.max(x - moves / 2.0);
        }
        // Staying with friends only shortens the move: no need to ask when
        // it is already too short to make.
        if goal > x - 0.5 {
            return false;
        }
        goal = goal.max(self.with_friends(f, x - goal));
        if goal > x - 0.5 {
            return false;
        }
        debug_assert!(!hopeless, "a move from the enemy's line");
        let how = if cover_at(goal, self.p.defender_cover, self.p.cover_every) == Cover::None {
            "advances"
        } else {
            "advances to cover"
        };
        self.move_to(f, goal, how);
        true
    }

    /// Whether a move from `from` to `to` crosses a line of cover (a hedge
    /// or wall): one at or past where the figure stands and short of where
    /// it stops. Stopping at a line is taking cover behind it.
    pub(crate) fn crosses(&self, from: f64, to: f64) -> bool {
        let Some(every) = self.p.cover_every else {
            return false;
        };
        // The first line the move meets: the one the figure stands at, or
        // the next one on its way.
        let (first, beyond) = if to < from {
            let l = floor((from + 1e-6) / every) * every;
            (l, l > to + 1e-6)
        } else {
            let l = ceil((from - 1e-6) / every) * every;
            (l, l < to - 1e-6)
        };
        first > 0.0 && beyond
    }

    /// The nearest the enemy's line `f` may come on an advance of `step`
    /// inches and keep a friend up within its quality die: friends still to
    /// activate this turn and free to move are taken to come along the same
    /// distance. `-inf` when it has no friend near enough either
    /// way (an isolated figure tests anyway).
    fn with_friends(&self, f: usize, step: f64) -> f64 {
        let fig = &self.p.figures[f];
        let q = fig.quality.sides() as f64;
        let mut least = f64::INFINITY;
        let mut any = false;
        debug_assert_eq!(self.win(f).friends.range(), self.across(f, fig.role, q));
        for g in self.win(f).friends.range() {
            let pg = &self.s.places[g];
            if g == f || !pg.up {
                continue;
            }
            let dy = pg.y - self.s.places[f].y;
            if dy.abs() > q {
                continue;
            }
            any = true;
            let comes = self.s.ready.get(g) && !self.s.pinned.get(g);
            let xg = self.s.places[g].x - if comes { step } else { 0.0 };
            least = least.min(xg - (q * q - dy * dy).sqrt());
        }
        if any {
            least
        } else {
            f64::NEG_INFINITY
        }
    }

    pub(super) fn sprint(&mut self, f: usize, reach: f64) {
        let x = self.s.places[f].x;
        let mut lines = match self.p.cover_every {
            Some(every) => {
                let below = floor(x / every) * every;
                vec![below, below + every]
            }
            None => vec![0.0],
        };
        lines.retain(|&c| c > 0.0 || (c == 0.0 && self.p.defender_cover != Cover::None));
        let best = lines
            .into_iter()
            .filter(|c| (c - x).abs() <= reach + 1e-9)
            .min_by(|a, b| (a - x).abs().total_cmp(&(b - x).abs()));
        match best {
            Some(c) => self.move_to(f, c, "sprints to cover"),
            None => {
                let away = match self.nearest(f).map(|n| n.0) {
                    Some(e) if self.s.places[e].x > x => -1.0,
                    Some(_) => 1.0,
                    None => 0.0,
                };
                if away != 0.0 {
                    self.move_to(f, x + away * reach, "retreats");
                }
            }
        }
    }
}
