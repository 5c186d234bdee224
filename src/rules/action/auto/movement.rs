//! Movement: an attacker's step toward the enemy by action points, never
//! past the closest distance, and a move the umpire makes at the table.

use super::events::ActEvent;
use super::{Battle, CLOSEST as CLOSEST_GRIDS};
use crate::battle::result::Role;
use crate::rules::action::range::{grids, Grid};

impl Battle<'_, '_> {
    /// Grids from an element to its nearest fighting ground enemy.
    pub(super) fn nearest_enemy(&self, i: usize) -> Option<i64> {
        let a = &self.s.pieces[i];
        self.s
            .pieces
            .iter()
            .filter(|b| b.role != a.role && b.fighting() && !b.is_aircraft())
            .map(|b| grids(a.pos, b.pos))
            .min()
    }

    /// Whether an attacker may step onto `probe`: not past the closest
    /// distance to the defenders' line or to any defender.
    pub(super) fn may_enter(&self, probe: Grid) -> bool {
        probe.1 >= CLOSEST_GRIDS
            && self
                .s
                .pieces
                .iter()
                .filter(|b| b.role != Role::Attacker && b.fighting() && !b.is_aircraft())
                .all(|b| grids(probe, b.pos) >= CLOSEST_GRIDS)
    }

    /// One action point of movement toward the enemy (a movement-only point
    /// first): a grid is crossed when the points put into it reach the
    /// ground's cost (rules text L157, L177-188), one grid at a time.
    pub(super) fn move_step(&mut self, i: usize) {
        let cost = self.p.terrain.ap();
        let from = self.nearest_enemy(i).unwrap_or(0);
        let x = &mut self.s.pieces[i];
        if x.move_ap > 0 {
            x.move_ap -= 1;
        } else {
            x.ap -= 1;
        }
        x.moved = true;
        x.progress += 1;
        if x.progress < cost {
            return;
        }
        x.progress = 0;
        let (col, y) = x.pos;
        // Attackers move toward row 0, stopping short of the closest distance.
        if !self.may_enter((col, y - 1)) {
            return;
        }
        let to_y = y - 1;
        self.s.pieces[i].pos.1 = to_y;
        let to = self.nearest_enemy(i).unwrap_or(0);
        self.log(Some(Role::Attacker), move |b| ActEvent::Move {
            stand: b.code(i),
            grids: y - to_y,
            ap: cost,
            from: Some(from),
            to: Some(to),
        });
        self.ready_fire(i);
    }

    /// A move at the table: the umpire says how far; the tool spends the points.
    pub(crate) fn table_move(&mut self, i: usize, grids: i64, ap: i64) {
        let x = &mut self.s.pieces[i];
        let from_moving = ap.min(x.move_ap);
        x.move_ap -= from_moving;
        x.ap -= ap - from_moving;
        x.moved = true;
        self.log(Some(self.s.pieces[i].role), move |b| ActEvent::Move {
            stand: b.code(i),
            grids,
            ap,
            from: None,
            to: None,
        });
    }
}
