//! Close combat: the charge into base contact and the clash of quality dice
//! that follows it (powered armour multiplies its roll). Figures keep their
//! place across the table, so a charge goes straight ahead: a figure can
//! reach contact only with an enemy within a base's width across.

use super::events::FmaEvent;
use super::{Battle, BASE};
use crate::battle::result::Role;
use crate::rules::fma::armour::Cover;
use crate::rules::fma::close_combat::{clash, multiplier, Clash};
use crate::rules::fma::fire::Outcome;

impl Battle<'_, '_> {
    /// Where `f` stands in base contact with `e` (on its own side of `e`),
    /// if it can stand there at all: `None` when `e` is more than a base's
    /// width across from it.
    pub(crate) fn contact_x(&self, f: usize, e: usize) -> Option<f64> {
        let dy = self.p.ys[f] - self.p.ys[e];
        if dy.abs() > BASE + 1e-9 {
            return None;
        }
        let ahead = match self.role(f) {
            Role::Attacker => 1.0,
            Role::Defender => -1.0,
        };
        Some(self.s.places[e].x + ahead * (BASE * BASE - dy * dy).max(0.0).sqrt())
    }

    /// Whether two figures are in base contact.
    pub(crate) fn in_contact(&self, a: usize, b: usize) -> bool {
        self.dist2(a, b) <= BASE * BASE + 1e-9
    }

    /// The inches of movement a charge by `f` into contact with `e` takes
    /// (`None`: it cannot reach contact straight ahead); crossing a hedge or
    /// wall on the way takes half a move (L694-695), so it counts double.
    pub(crate) fn charge_length(&self, f: usize, e: usize) -> Option<f64> {
        let from = self.s.places[f].x;
        self.contact_x(f, e).map(|x| {
            let l = (x - from).abs();
            if self.crosses(from, x) {
                2.0 * l
            } else {
                l
            }
        })
    }

    /// `charge_length(f, e) <= limit`, with the hedge or wall on the way
    /// (`crosses`) looked for only when the charge is short enough without
    /// it (doubling cannot bring a longer one within the limit).
    fn charges_within(&self, f: usize, e: usize, limit: f64) -> bool {
        let from = self.s.places[f].x;
        let within = self.contact_x(f, e).is_some_and(|x| {
            let l = (x - from).abs();
            l <= limit && (!self.crosses(from, x) || 2.0 * l <= limit)
        });
        debug_assert_eq!(within, self.charge_length(f, e).is_some_and(|l| l <= limit));
        within
    }

    /// The nearest up enemy that `foe` accepts and that `f` can charge into
    /// contact with in at most `limit` inches (the lower index on a tie):
    /// `nearest_where(f, BASE, foe, ..charge_length <= limit)`, looking only
    /// at the enemies within a base across (`Windows::contact`, one or
    /// none mostly), where contact can be (`contact_x`), instead of every
    /// enemy within the search's band.
    pub(crate) fn charge_target(
        &self,
        f: usize,
        limit: f64,
        foe: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for g in self.win(f).contact.range() {
            if self.s.places[g].up && foe(g) && self.charges_within(f, g, limit) {
                let d2 = self.dist2(f, g);
                if best.is_none_or(|(bg, bd)| d2 < bd || (d2 == bd && g < bg)) {
                    best = Some((g, d2));
                }
            }
        }
        debug_assert!({
            let (r, y) = (self.side(self.role(f).other()), self.p.ys[f]);
            r.filter(|&g| (self.p.ys[g] - y).abs() <= BASE + 1e-9)
                .eq(self.win(f).contact.range())
        });
        let found = best.map(|(g, _)| g);
        debug_assert_eq!(
            found,
            self.nearest_where(f, BASE, foe, |g, _| self
                .charge_length(f, g)
                .is_some_and(|l| l <= limit))
                .map(|(g, _)| g)
        );
        found
    }

    /// A MOVE into base contact (L915-918): the charger stands in the open
    /// in front of the enemy, never in the enemy's own cover.
    pub(crate) fn charge(&mut self, f: usize, e: usize) {
        if let Some(x) = self.contact_x(f, e) {
            self.move_into(f, x, "charges", Some(Cover::None));
        }
    }

    pub(crate) fn close_combat(&mut self, a: usize, d: usize) -> Clash {
        let (af, df) = (self.p.figures[a], self.p.figures[d]);
        let (am, dm) = (multiplier(false, af.powered), multiplier(false, df.powered));
        let ar = self.roll(af.quality);
        let dr = self.roll(df.quality);
        let result = clash(ar.roll * am, dr.roll * dm);
        if self.s.log.is_on() {
            self.log(Some(af.role), move |b| FmaEvent::CloseCombat {
                attacker: b.name(a),
                defender: b.name(d),
                attacker_roll: ar,
                attacker_times: am,
                defender_roll: dr,
                defender_times: dm,
                result: result.word(),
            });
        }
        self.mark_fire(a, d);
        self.mark_fire(d, a);
        match result {
            Clash::AttackerWounds => self.apply(d, Outcome::Wound),
            Clash::AttackerKills => self.apply(d, Outcome::Kill),
            Clash::DefenderWounds => self.apply(a, Outcome::Wound),
            Clash::DefenderKills => self.apply(a, Outcome::Kill),
            Clash::NoEffect => {}
        }
        result
    }
}
