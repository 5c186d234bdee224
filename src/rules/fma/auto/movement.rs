//! Movement: a figure's move and the cover it ends in, the attackers' advance
//! from cover line to cover line, and a sprint to cover after a failed rally.

use super::events::FmaEvent;
use super::{cover_at, Battle};
use crate::rules::fma::armour::Cover;

impl Battle<'_, '_> {
    pub(crate) fn move_to(&mut self, f: usize, x: f64, how: &'static str) {
        self.move_into(f, x, how, None);
    }

    /// A move to `x`, ending in `cover` if given, else in the ground's cover
    /// there.
    pub(crate) fn move_into(&mut self, f: usize, x: f64, how: &'static str, cover: Option<Cover>) {
        let from = self.s.places[f].x;
        self.front_moves(f, from, Some(x));
        let cover = cover.unwrap_or_else(|| cover_at(x, self.p.defender_cover, self.p.cover_every));
        self.s.places[f].x = x;
        self.s.places[f].cover = cover;
        if self.s.log.is_on() {
            self.log(Some(self.p.figures[f].role), move |b| FmaEvent::Move {
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
    }

    /// An attacker's MOVE: to the cover line nearest the enemy within one
    /// move, else a full move, never past the nearest enemy's line; whether
    /// it moved.
    pub(super) fn advance(&mut self, f: usize) -> bool {
        let x = self.s.places[f].x;
        let moves = self.p.figures[f].burden.inches() as f64;
        let front = self.front(self.p.figures[f].role.other());
        let stop = (front + 1.0).max(x - moves);
        if stop >= x {
            return false;
        }
        let line = self
            .p
            .cover_every
            .map_or(f64::NAN, |every| (stop / every).ceil() * every);
        if line < x - 1e-6 && line >= stop - 1e-6 && line > 0.0 {
            self.move_to(f, line, "advances to cover");
        } else {
            self.move_to(f, stop, "advances");
        }
        true
    }

    pub(super) fn sprint(&mut self, f: usize, reach: f64) {
        let x = self.s.places[f].x;
        let mut lines = match self.p.cover_every {
            Some(every) => {
                let below = (x / every).floor() * every;
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
