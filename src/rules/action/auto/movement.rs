//! Movement: an attacker's step toward the enemy by action points, never
//! past the closest distance, and a move the umpire makes at the table.

use super::events::ActEvent;
use super::Battle;
use crate::battle::result::Role;
use crate::rules::action::movement::Terrain;
use crate::rules::action::range::{grids, Grid};

impl Battle<'_, '_> {
    /// Grids from an element to its nearest fighting ground enemy.
    pub(super) fn nearest_enemy(&self, i: usize) -> Option<i64> {
        self.nearest_enemy_at(i).map(|(d, _)| d)
    }

    /// The nearest fighting ground enemy and how far it is; of equals, the
    /// one most nearly straight ahead, so neighbours do not cross lanes.
    fn nearest_enemy_at(&self, i: usize) -> Option<(i64, Grid)> {
        let found = self.nearest_on_line(i);
        debug_assert_eq!(found, self.nearest_enemy_scan(i));
        found
    }

    /// The same search over every piece: what the lists must agree with.
    fn nearest_enemy_scan(&self, i: usize) -> Option<(i64, Grid)> {
        let a = &self.s.pieces[i];
        self.s
            .pieces
            .iter()
            .filter(|b| b.role != a.role && b.fighting() && !b.is_aircraft())
            .map(|b| (grids(a.pos, b.pos), (b.pos.0 - a.pos.0).abs(), b.pos))
            .min()
            .map(|(d, _, at)| (d, at))
    }

    /// Whether an attacker may step onto `probe`: a free grid (one element a
    /// grid, L171), not past the closest distance to the defenders' line or
    /// to any defender.
    pub(super) fn may_enter(&self, probe: Grid) -> bool {
        let closest = self.closest();
        probe.1 >= closest
            && self
                .s
                .occupied
                .get(probe)
                .is_none_or(|k| !self.s.pieces[k].fighting())
            && !self.friend_within(probe, closest - 1, Role::Defender)
    }

    /// The grid an attacker steps to next: toward its nearest enemy,
    /// straight or diagonally, round what is in the way (L175); `None` when
    /// no step brings it nearer.
    pub(super) fn next_grid(&self, i: usize) -> Option<Grid> {
        let (d, e) = self.nearest_enemy_at(i)?;
        if d <= self.closest() {
            return None;
        }
        let (x, y) = self.s.pieces[i].pos;
        let (sx, sy) = ((e.0 - x).signum(), (e.1 - y).signum());
        [(sx, sy), (0, sy), (sx, 0), (1, sy), (-1, sy)]
            .into_iter()
            .filter(|&(dx, dy)| (dx, dy) != (0, 0))
            .map(|(dx, dy)| (x + dx, y + dy))
            .find(|&g| grids(g, e) < d && self.may_enter(g))
    }

    /// One action point of movement toward the enemy (a movement-only point
    /// first): a grid is crossed when the points put into it reach the
    /// ground's cost (rules text L157, L177-188), one grid at a time.
    pub(super) fn move_step(&mut self, i: usize, next: Grid) {
        let cost = self.p.move_cost;
        // Distances for the log only: odds runs skip the search.
        let from = if self.s.log.is_on() {
            self.nearest_enemy(i).unwrap_or(0)
        } else {
            0
        };
        let x = &mut self.s.pieces[i];
        if x.move_ap > 0 {
            x.move_ap -= 1;
        } else {
            x.ap -= 1;
        }
        x.moved = true;
        x.acted_in = self.s.phase;
        x.progress += 1;
        if x.progress < cost {
            let (put, left, move_left) = (x.progress, x.ap + x.move_ap, x.move_ap);
            self.log(Some(Role::Attacker), move |b| ActEvent::PartMove {
                phase: b.s.phase,
                stand: b.code(i),
                terrain: b.p.terrain.name(),
                put,
                cost,
                ap_left: left,
                move_left,
            });
            return;
        }
        x.progress = 0;
        // Nothing has moved since `next` was found: the step is that grid.
        debug_assert_eq!(Some(next), self.next_grid(i));
        let to_grid = next;
        let old = self.s.pieces[i].pos;
        self.s.occupied.remove(old);
        self.s.occupied.insert(to_grid, i);
        self.s.pieces[i].pos = to_grid;
        let role = self.s.pieces[i].role.index();
        self.s.moves[role] += 1;
        self.s.lines[role].shift(old, to_grid, i);
        if self.p.tables.armoured[i] {
            self.s.armour_lines[role].shift(old, to_grid, i);
        }
        let to = if self.s.log.is_on() {
            self.nearest_enemy(i).unwrap_or(0)
        } else {
            0
        };
        self.log(Some(Role::Attacker), move |b| ActEvent::Move {
            phase: b.s.phase,
            stand: b.code(i),
            grids: 1,
            ap: cost,
            ap_left: b.s.pieces[i].ap + b.s.pieces[i].move_ap,
            move_left: b.s.pieces[i].move_ap,
            from: Some(from),
            to: Some(to),
        });
        self.ready_fire(i);
    }

    /// A move at the table: one action point into a grid of `terrain`
    /// (movement-only points first); the grid is crossed when the points in
    /// it reach the ground's cost, and the element's phase is over.
    pub(crate) fn table_move(&mut self, i: usize, terrain: Terrain) {
        let cost = terrain.ap();
        let phase = self.s.phase;
        let x = &mut self.s.pieces[i];
        if x.move_ap > 0 {
            x.move_ap -= 1;
        } else {
            x.ap -= 1;
        }
        x.moved = true;
        x.acted_in = phase;
        x.progress += 1;
        let (put, left, move_left, role) = (x.progress, x.ap + x.move_ap, x.move_ap, x.role);
        if put < cost {
            self.log(Some(role), move |b| ActEvent::PartMove {
                phase,
                stand: b.code(i),
                terrain: terrain.name(),
                put,
                cost,
                ap_left: left,
                move_left,
            });
            return;
        }
        self.s.pieces[i].progress = 0;
        self.log(Some(role), move |b| ActEvent::Move {
            phase,
            stand: b.code(i),
            grids: 1,
            ap: cost,
            ap_left: left,
            move_left,
            from: None,
            to: None,
        });
    }
}
