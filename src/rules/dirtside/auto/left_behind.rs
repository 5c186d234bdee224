//! Immobilised vehicles stay behind (L361): when their unit moves on they
//! keep their spot, still part of the unit (they activate and fire with it
//! and it is not disorganised), and every shot to or from them is measured
//! from where they stand.

use super::events::DsEvent;
use super::Battle;
use std::cell::Cell;

/// The most spots a unit's elements are kept at (a spread unit stands at
/// two as a rule: its own and where its immobilised vehicle stays).
const SPOTS: usize = 4;

/// A unit's living elements' spots, one of each: (the reach epoch and the
/// unit's spot they were read at, the spots, how many; `u8::MAX`: more
/// than `SPOTS`).
type Spots = (u64, i64, [i64; SPOTS], u8);

/// Per unit, the distinct spots of its living elements, kept until
/// anything moves or is lost: a spread unit's nearest gap is asked by every
/// enemy fire plan and reach check, each reading every element's spot.
#[derive(Clone, Default)]
pub(crate) struct SpotsMemo {
    cells: Vec<Cell<Spots>>,
}

impl SpotsMemo {
    pub(crate) fn restart(&mut self, units: usize) {
        // The epoch moves on at each restart, so no cell left matches.
        self.cells
            .resize(units, Cell::new((u64::MAX, 0, [0; SPOTS], 0)));
    }
}

impl Battle<'_, '_> {
    /// Before unit `u` leaves its spot, its immobilised vehicles that still
    /// stand with it stay there.
    pub(super) fn leave_behind(&mut self, u: usize) {
        let here = self.s.units[u].dist;
        let p = self.p;
        for &e in &p.members[u] {
            let x = &mut self.s.elements[e];
            // Immobilised first: nearly always false, so the test the
            // predictor misses (alive) is seldom reached.
            if x.immobilised && x.alive && x.left_at.is_none() {
                x.left_at = Some(here);
                self.s.left_behind = true;
                self.s.reach_memo.apart[u] = true;
                let role = x.role;
                // Its unit's spots are kept per epoch (`spots`).
                self.moved();
                self.log(Some(role), move |b| DsEvent::LeftBehind {
                    element: b.code(e),
                    inches: here,
                });
            }
        }
    }

    /// The shortest range between any element of unit `u` and any of unit
    /// `v`: their gap, unless an element was left behind. No shot between
    /// the two is at a shorter range, so reach checks may prune on it.
    #[inline(always)]
    pub(crate) fn nearest_gap(&self, u: usize, v: usize) -> i64 {
        if !self.apart(u) && !self.apart(v) {
            return self.gap(u, v);
        }
        self.nearest_gap_apart(u, v)
    }

    /// `nearest_gap` when an element of either unit was left behind: when
    /// only one unit is spread, its elements are measured from the other's
    /// spot, one loop instead of every pair.
    #[inline(never)]
    fn nearest_gap_apart(&self, u: usize, v: usize) -> i64 {
        let from = |together: usize, spread: usize| {
            let d = self.s.units[together].dist;
            match self.spots(spread) {
                Some((at, n)) => at[..n].iter().map(|s| (s - d).abs()).min(),
                None => self.alive(spread).map(|t| (self.spot(t) - d).abs()).min(),
            }
        };
        let near = if self.s.alive_n[u] == 0 || self.s.alive_n[v] == 0 {
            None
        } else if !self.apart(u) {
            from(u, v)
        } else if !self.apart(v) {
            from(v, u)
        } else {
            self.alive(u)
                .flat_map(|e| self.alive(v).map(move |t| (e, t)))
                .map(|(e, t)| (self.spot(e) - self.spot(t)).abs())
                .min()
        };
        debug_assert_eq!(
            near,
            self.alive(u)
                .flat_map(|e| self.alive(v).map(move |t| (e, t)))
                .map(|(e, t)| (self.spot(e) - self.spot(t)).abs())
                .min()
        );
        near.unwrap_or_else(|| self.gap(u, v))
    }

    /// The distinct spots of unit `u`'s living elements and how many, kept
    /// in the memo while nothing moves or is lost (`None`: more than
    /// `SPOTS`).
    fn spots(&self, u: usize) -> Option<([i64; SPOTS], usize)> {
        let (epoch, here) = (self.reach_epoch(), self.s.units[u].dist);
        let cell = &self.s.reach_memo.spots.cells[u];
        let (at, was, spots, n) = cell.get();
        let kept = if (at, was) == (epoch, here) {
            (spots, n)
        } else {
            let mut spots = [0; SPOTS];
            let mut n = 0;
            for t in self.alive(u) {
                let s = self.spot(t);
                if spots[..n].contains(&s) {
                    continue;
                }
                if n == SPOTS {
                    n = usize::from(u8::MAX);
                    break;
                }
                spots[n] = s;
                n += 1;
            }
            let kept = (spots, n as u8);
            cell.set((epoch, here, spots, kept.1));
            kept
        };
        (kept.1 != u8::MAX).then_some((kept.0, usize::from(kept.1)))
    }

    /// Whether some living element of unit `u` was left behind, so that its
    /// elements may stand apart. Answers per unit (by make, by unit gap)
    /// hold for every other unit even once some element somewhere was left
    /// behind; only the units it belongs to need the element by element way.
    #[inline]
    pub(crate) fn apart(&self, u: usize) -> bool {
        // Until the first element is left behind (most of a battle, often
        // all of it) no unit stands apart: one flag, not a unit's entry,
        // answers the many walks that ask for every enemy unit.
        let kept = self.s.left_behind && self.s.reach_memo.apart[u];
        debug_assert_eq!(
            kept,
            self.alive(u).any(|e| self.s.elements[e].left_at.is_some())
        );
        kept
    }

    /// Element `e` of unit `u`, left behind, is lost: the unit stands
    /// together again unless another of its elements is left behind too.
    pub(crate) fn rejoined(&mut self, u: usize) {
        let still = self.alive(u).any(|e| self.s.elements[e].left_at.is_some());
        self.s.reach_memo.apart[u] = still;
    }

    /// Where element `e` stands, in inches from the defenders' line.
    #[inline]
    pub(crate) fn spot(&self, e: usize) -> i64 {
        let x = &self.s.elements[e];
        x.left_at.unwrap_or(self.s.units[x.unit].dist)
    }

    /// The range from `e` to `t`: `units_apart` (their units' gap) unless
    /// either was left behind.
    #[inline(always)]
    pub(crate) fn element_range(&self, e: usize, t: usize, units_apart: i64) -> i64 {
        if self.s.elements[e].left_at.is_none() && self.s.elements[t].left_at.is_none() {
            units_apart
        } else {
            (self.spot(e) - self.spot(t)).abs()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Battle, Prepared};
    use crate::battle::result::Role;
    use crate::battle::setup::{BattleSetup, Force, StandSetup};
    use crate::core::dice::Roller;
    use crate::core::kinds::{Cover, Medical, StandType, VehicleKind, Weapon};

    fn tanks(side: &str) -> Force {
        let stands = (0..2)
            .map(|i| StandSetup {
                unit: format!("{side}-troop"),
                stand_type: StandType::Vehicle,
                equipment: None,
                vehicle: Some(VehicleKind::TrackTank),
                weapon: Some(Weapon::TankGun),
                men: 3,
                ..StandSetup::example(&format!("{side}-{i}"))
            })
            .collect();
        Force {
            side: side.into(),
            medical: Medical::Normal,
            enemy_treats_pw_well: false,
            commands: vec![],
            units: vec![],
            stands,
        }
    }

    /// Two tank troops 50" apart (HKP/3 reaches 42"): one attacking tank is
    /// immobilised, its troop advances 12"; the mobile tank can now fire,
    /// the immobilised one, still 50" away, cannot.
    #[test]
    fn an_immobilised_tank_stays_where_it_was_hit() {
        let s = BattleSetup {
            code: "t".into(),
            ruleset: "dirtside".into(),
            range_cm: 127,
            defender_cover: Cover::Open,
            terrain: String::new(),
            turn_limit: 12,
            options: Default::default(),
            attacker: tanks("a"),
            defender: tanks("d"),
        };
        let p = Prepared::new(&s, false).unwrap();
        let mut b = Battle {
            p: &p,
            s: p.start(Roller::seeded(1)),
        };
        let unit = |r| {
            (0..b.s.units.len())
                .find(|&u| b.s.units[u].role == r)
                .unwrap()
        };
        let (u, v) = (unit(Role::Attacker), unit(Role::Defender));
        assert_eq!(b.gap(u, v), 50);
        let (e0, e1) = (p.members[u][0], p.members[u][1]);
        let t = p.members[v][0];
        b.s.elements[e0].immobilised = true;
        b.refresh_mf(e0);
        b.shift(u, 12, "advance");
        let gap = b.gap(u, v);
        assert_eq!(gap, 38);
        assert!(
            b.plan(e1, t, gap).is_some(),
            "the mobile tank fires at 38\""
        );
        assert!(
            b.plan(e0, t, gap).is_none(),
            "the immobilised tank is still 50\" away"
        );
        assert!(b.plan(t, e0, gap).is_none(), "and out of the enemy's reach");
    }
}
