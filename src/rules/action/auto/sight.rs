//! Line of sight and cover on the auto-resolver's field (rules text
//! L181-206): the whole field is one row of the movement table, so a forest
//! limits sight to the grids its note allows and gives cover to everyone in
//! it; another element on the line between defender and attacker is an
//! obstruction and gives cover; adjacent elements always see each other and
//! never have cover. Aircraft are above the ground and see and are seen.

use super::{Battle, CLOSEST};
use crate::battle::result::Role;
use crate::rules::action::range::{grids, Grid};

impl Battle<'_, '_> {
    /// The farthest range at which one element on this ground sees another.
    pub(crate) fn sight_reach(&self) -> Option<i64> {
        self.p.sight
    }

    /// The closest attackers come: BiA's 5 cm, or nearer where the ground
    /// hides anyone farther.
    pub(crate) fn closest(&self) -> i64 {
        self.sight_reach().map_or(CLOSEST, |r| r.min(CLOSEST))
    }

    /// Whether `i` has line of sight to `j`.
    pub(crate) fn sees(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.s.pieces[i], &self.s.pieces[j]);
        if a.is_aircraft() || b.is_aircraft() {
            return true;
        }
        self.sight_reach()
            .is_none_or(|reach| grids(a.pos, b.pos) <= reach)
    }

    /// Whether `i` may attack `j` for sight: it sees it, or it is artillery
    /// and a friend on the ground sees it (bounce's observed fire; ACTION has
    /// no indirect fire, so nothing fires at what nobody sees).
    pub(crate) fn may_see(&self, i: usize, j: usize) -> bool {
        // Open sight everywhere: nothing to look at.
        if self.p.sight.is_none() || self.sees(i, j) {
            return true;
        }
        let a = &self.s.pieces[i];
        a.artillery
            && self.s.pieces.iter().enumerate().any(|(k, f)| {
                k != i
                    && f.role == a.role
                    && f.fighting()
                    && !f.artillery
                    && !f.is_aircraft()
                    && self.sees(k, j)
            })
    }

    /// Whether an element of `role` still fighting on the ground stands
    /// within `radius` grids of `at` (a look at the grids, not the pieces).
    /// Always inlined: most calls end at the row test, cheaper than a call.
    #[inline(always)]
    pub(crate) fn friend_within(&self, at: Grid, radius: i64, role: Role) -> bool {
        // Nobody of the side has ever stood on a row that near: no look.
        let far = self.s.lines[role.index()].rows_from(at.1) > radius;
        let taken = |k: usize| {
            let f = &self.s.pieces[k];
            f.role == role && f.fighting()
        };
        let slow = || {
            (-radius..=radius).any(|dx| {
                (-radius..=radius).any(|dy| {
                    self.s
                        .occupied
                        .get((at.0 + dx, at.1 + dy))
                        .is_some_and(|k| {
                            let f = &self.s.pieces[k];
                            f.role == role && f.fighting()
                        })
                })
            })
        };
        if far {
            debug_assert!(!slow());
            return false;
        }
        let found = self.s.occupied.any_within(at, radius, taken);
        debug_assert_eq!(found, slow());
        found
    }

    /// Cover the ground or an obstruction gives `j` against `i` (never when
    /// adjacent): the forests cover everyone in them; otherwise another
    /// element on the straight line between them. Always inlined: most
    /// calls end at the quick tests, cheaper than the call's entry.
    #[inline(always)]
    pub(crate) fn field_cover(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.s.pieces[i], &self.s.pieces[j]);
        if a.is_aircraft() || b.is_aircraft() || grids(a.pos, b.pos) <= 1 {
            return false;
        }
        if self.p.forest_cover {
            return true;
        }
        let in_the_way = |k: usize| k != i && k != j && self.s.pieces[k].fighting();
        let slow = || between(b.pos, a.pos).any(|g| self.s.occupied.get(g).is_some_and(in_the_way));
        // The grids between lie in the box of the two, short of both ends
        // along the longer axis (the line steps it every grid): nobody
        // fighting there, no walk.
        let (x0, x1) = (a.pos.0.min(b.pos.0), a.pos.0.max(b.pos.0));
        let (y0, y1) = (a.pos.1.min(b.pos.1), a.pos.1.max(b.pos.1));
        let (cols, rows) = if y1 - y0 >= x1 - x0 {
            ((x0, x1), (y0 + 1, y1 - 1))
        } else {
            ((x0 + 1, x1 - 1), (y0, y1))
        };
        if !self.s.lines.iter().any(|l| l.any_in(cols, rows)) {
            debug_assert!(!slow());
            return false;
        }
        match self.s.occupied.any_between(b.pos, a.pos, in_the_way) {
            Some(found) => {
                debug_assert_eq!(found, slow());
                found
            }
            None => slow(),
        }
    }
}

/// The grids strictly between two, on the straight line from one centre to
/// the other (Bresenham's walk).
pub fn between(from: Grid, to: Grid) -> impl Iterator<Item = Grid> {
    let (dx, dy) = ((to.0 - from.0).abs(), -(to.1 - from.1).abs());
    let (sx, sy) = ((to.0 - from.0).signum(), (to.1 - from.1).signum());
    let mut err = dx + dy;
    let mut at = from;
    std::iter::from_fn(move || {
        if at == to {
            return None;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            at.0 += sx;
        }
        if e2 <= dx {
            err += dx;
            at.1 += sy;
        }
        (at != to).then_some(at)
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Battle, Prepared};
    use super::between;
    use crate::battle::setup::BattleSetup;
    use crate::core::dice::Roller;
    use crate::core::kinds::Cover;

    fn setup(terrain: &str) -> BattleSetup {
        super::super::small_battle(3, 1, terrain, |s| s)
    }

    #[test]
    fn an_element_on_the_line_gives_cover_and_the_forest_hides() {
        let s = setup("");
        let p = Prepared::new(&s, false).unwrap();
        let mut b = Battle {
            p: &p,
            s: p.start(Roller::seeded(1)),
        };
        // Attackers 0, 1, 2; the defender is 3. Put attacker 1 straight
        // between the defender and attacker 0.
        let d = b.s.pieces[3].pos;
        b.s.pieces[0].pos = (d.0, d.1 + 6);
        b.s.pieces[1].pos = (d.0, d.1 + 3);
        b.place_anew();
        assert!(b.field_cover(3, 0), "attacker 1 is in the way (L206)");
        assert!(!b.field_cover(3, 1), "nothing between");
        assert!(b.sees(3, 0), "elements give cover, they do not block sight");
        b.s.pieces[1].state = super::super::State::Out;
        assert!(!b.field_cover(3, 0), "only elements still fighting");

        let s = setup("heavy-forest");
        let p = Prepared::new(&s, false).unwrap();
        let mut b = Battle {
            p: &p,
            s: p.start(Roller::seeded(1)),
        };
        let d = b.s.pieces[3].pos;
        b.s.pieces[0].pos = (d.0, d.1 + 2);
        b.s.pieces[1].pos = (d.0 + 1, d.1 + 1);
        assert!(!b.sees(3, 0), "one grid of heavy forest blocks (L185)");
        assert!(b.sees(3, 1), "adjacent elements always see each other");
        assert!(!b.field_cover(3, 1), "never cover when adjacent");
        assert_eq!(b.closest(), 1);
    }

    #[test]
    fn friends_under_a_template_keep_the_cover_of_their_ground() {
        for (terrain, range) in [("heavy-forest", 3), ("light-forest", 4), ("", 5)] {
            let mut s = setup(terrain);
            s.defender_cover = Cover::Cover;
            let p = Prepared::new(&s, false).unwrap();
            let mut b = Battle {
                p: &p,
                s: p.start(Roller::seeded(1)),
            };
            // Attacker 0 fires; attacker 1 is a friend caught under the
            // template, attacker 2 stands between them (L206).
            let a = b.s.pieces[0].pos;
            b.s.pieces[1].pos = (a.0, a.1 + range);
            b.s.pieces[2].pos = (a.0, a.1 + 1);
            b.place_anew();
            let shot = b.template_shot(0, 1);
            assert!(shot.cover, "{terrain:?}: a friend keeps field cover");
            assert!(!shot.bunker);
            // The defender's own dug-in cover is not the friend's.
            b.s.pieces[2].pos = (a.0 + 5, a.1);
            b.place_anew();
            assert_eq!(b.template_shot(0, 1).cover, !terrain.is_empty());
        }
    }

    #[test]
    fn the_line_between_two_grids() {
        let v: Vec<_> = between((0, 0), (0, 4)).collect();
        assert_eq!(v, [(0, 1), (0, 2), (0, 3)]);
        let v: Vec<_> = between((0, 0), (3, 3)).collect();
        assert_eq!(v, [(1, 1), (2, 2)]);
        assert_eq!(
            between((0, 0), (1, 1)).count(),
            0,
            "adjacent: nothing between"
        );
        let v: Vec<_> = between((0, 0), (4, 2)).collect();
        assert_eq!(v.len(), 3);
        assert!(v.iter().all(|g| g.0 > 0 && g.0 < 4));
    }
}
