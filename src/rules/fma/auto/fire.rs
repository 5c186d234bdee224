//! Fire: the choice of target, overwatch and reaction fire between a figure's
//! actions, a shot under either fire procedure, where its result lands, and
//! rockets with their deviation and blast.

use super::events::{BlastHit, FmaEvent, Rolled};
use super::{bits, Battle, Near};
use crate::rules::fma::armour::{can_suppress, Cover};
use crate::rules::fma::die::{Die, Rated};
use crate::rules::fma::explosives::{deviation, deviation_die, target_number, Explosive, CLOCK};
use crate::rules::fma::fire::{self, Faces, FireOption, Outcome, Shot};

/// How a shot comes about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum How {
    Fire,
    Reaction,
    Overwatch,
}

impl How {
    fn word(self) -> &'static str {
        match self {
            How::Fire => "fire",
            How::Reaction => "reaction",
            How::Overwatch => "overwatch",
        }
    }
}

impl Battle<'_, '_> {
    /// The enemy a figure fires at within `reach`: one not suppressed before
    /// one already suppressed, one yet to activate before one that has
    /// (so a suppression costs it an activation), then the nearest.
    /// `near` is `f`'s nearest enemy (`near_enemy`), which the caller has.
    pub(super) fn target(&self, f: usize, reach: f64, near: Option<Near>) -> Option<(usize, f64)> {
        // The nearest enemy (kept, and just asked for by the action) is the
        // nearest of its own kind: only the kinds preferred to it need a
        // walk, and none at all when it is out of reach.
        debug_assert_eq!(near, self.near_enemy(f));
        let n = near?;
        let found = if n.d2 > reach * reach {
            None
        } else {
            let (g, kind) = (n.enemy as usize, self.target_kind(n.enemy as usize));
            // (The walks' set-up, masks for both ends of the window, is
            // spared when no kind comes before the nearest's.)
            if kind == 0 {
                Some((g, n.d))
            } else {
                self.target_kinds(f, reach, 0..kind, |_| true)
                    .or(Some((g, n.d)))
            }
        };
        debug_assert_eq!(found, self.target_where(f, reach, 0, |_| true));
        found
    }

    /// The kind of target `g` is (`target_where`'s order of preference).
    pub(super) fn target_kind(&self, g: usize) -> usize {
        match (self.s.ready.get(g), self.s.pinned.get(g)) {
            (true, false) => 0,
            (false, false) => 1,
            (true, true) => 2,
            (false, true) => 3,
        }
    }

    /// `target` among the enemies `sees` lets through (asked only of one
    /// that would be the best so far), of kind `from` or later: the caller
    /// knows no earlier kind has one within reach.
    pub(super) fn target_where(
        &self,
        f: usize,
        reach: f64,
        from: usize,
        sees: impl Fn(usize) -> bool + Copy,
    ) -> Option<(usize, f64)> {
        let found = self.target_kinds(f, reach, from..4, sees);
        debug_assert_eq!(
            found,
            self.target_by_scan(f, reach, from, sees)
                .map(|(g, d2)| (g, d2.sqrt()))
        );
        found
    }

    /// `target_where` over the kinds `kinds` only.
    fn target_kinds(
        &self,
        f: usize,
        reach: f64,
        kinds: std::ops::Range<usize>,
        sees: impl Fn(usize) -> bool + Copy,
    ) -> Option<(usize, f64)> {
        let r2 = reach * reach;
        let other = self.role(f).other();
        let [alive, ready, pinned] =
            bits::same_length([&self.s.alive, &self.s.ready, &self.s.pinned]);
        // In order of preference: neither suppressed nor activated, then
        // activated, then suppressed, then both; the nearest within a kind
        // (the lower index on a tie): a kind's nearest out of reach means
        // none of that kind is within it.
        // The walks stop past `reach` across, but a kind with no figure
        // beyond would read every word to the end of the side: they go over
        // the window across (a spacing wider than the walk looks) instead.
        let win = self.win(f);
        let r = match self.p.guns[f].gun {
            Some(w) if w.reach(false) == reach => win.fire[0].range(),
            Some(w) if w.reach(true) == reach => win.fire[1].range(),
            _ => self.across(f, other, reach + super::SPACING),
        };
        debug_assert_eq!(r, self.across(f, other, reach + super::SPACING));
        let mid = win.mid as usize;
        let at = self.spot_of(f);
        // Each kind's words read by a closure of its own, so that the walks
        // inline it rather than call one that matches on the kind per word.
        let found = kinds.into_iter().find_map(|kind| {
            // `sees` by value, so that each walk may inline it.
            let r = r.clone();
            match kind {
                0 => self.nearest_of(at, r, mid, reach, |k| ready[k] & !pinned[k], sees),
                1 => self.nearest_of(
                    at,
                    r,
                    mid,
                    reach,
                    |k| alive[k] & !ready[k] & !pinned[k],
                    sees,
                ),
                2 => self.nearest_of(at, r, mid, reach, |k| ready[k] & pinned[k], sees),
                _ => self.nearest_of(at, r, mid, reach, |k| pinned[k] & !ready[k], sees),
            }
            .inspect(|&(_, d2)| debug_assert!(d2 <= r2))
        });
        found.map(|(g, d2)| (g, d2.sqrt()))
    }

    /// `target` by a scan of every figure within reach across, kind by kind
    /// (test builds check the search against it).
    fn target_by_scan(
        &self,
        f: usize,
        reach: f64,
        from: usize,
        sees: impl Fn(usize) -> bool,
    ) -> Option<(usize, f64)> {
        let r2 = reach * reach;
        let window = self.across(f, self.role(f).other(), reach);
        // (activated, suppressed) in order of preference.
        let kinds = [(false, false), (true, false), (false, true), (true, true)];
        kinds[from..].iter().find_map(|&kind| {
            window
                .clone()
                .map(|g| (g, self.s.places[g]))
                .filter(|(_, pl)| pl.up && (pl.activated, pl.suppressed) == kind)
                .map(|(g, _)| (g, self.dist2(f, g)))
                .filter(|&(g, d2)| d2 <= r2 && sees(g))
                .fold(None, |b: Option<(usize, f64)>, (g, d2)| match b {
                    Some((_, bd)) if bd <= d2 => b,
                    _ => Some((g, d2)),
                })
        })
    }

    /// Overwatch, then reaction fire, at a figure between its two actions:
    /// `f`'s nearest enemy (`near_enemy`) when no one fired (nothing moved
    /// or went down since it was asked), for the second action to take.
    pub(super) fn interrupt(&mut self, f: usize) -> Option<Option<Near>> {
        // Watchers are few: look only at those, in order, nearest first
        // (the lower index on a tie).
        let mut watcher: Option<(usize, f64)> = None;
        // The nearest a cloud hid from `f`, for the log (`screen.rs`).
        let (mut hidden_w, mut hidden_r) = (None, None);
        let near = self.near_enemy(f);
        if near.is_none_or(|n| n.d > self.p.max_aimed_reach) {
            return Some(near);
        }
        let watching = &self.s.watching;
        let window = self.win(f).watch.range();
        debug_assert_eq!(
            window,
            self.across(f, self.role(f).other(), self.p.max_aimed_reach)
        );
        for g in bits::each_in(window, |k| watching.word(k)) {
            if self.s.places[g].suppressed {
                continue;
            }
            let d2 = self.dist2(f, g);
            if self.gun(g).is_some_and(|w| d2 <= w.reach(true).powi(2))
                && watcher.is_none_or(|(_, bd)| d2 < bd)
                && self.seen(g, f, d2, &mut hidden_w)
            {
                watcher = Some((g, d2));
            }
        }
        self.hidden_fire(hidden_w, watcher, f, How::Overwatch);
        if let Some((g, _)) = watcher {
            self.set_overwatch(g, false);
            self.shoot(g, f, true, How::Overwatch);
        }
        // One shot for a whole activation: worth it at an enemy standing in
        // the open, at any range the reactor's weapon reaches (L931-943).
        // Nothing has moved or gone down unless a watcher fired.
        let near = match watcher {
            Some(_) if !self.up(f) => return None,
            Some(_) => self.near_enemy(f),
            None => {
                debug_assert_eq!(near, self.near_enemy(f));
                near
            }
        };
        if self.s.places[f].cover != Cover::None {
            return Some(near);
        }
        if near.is_none_or(|n| n.d > self.p.max_reach) {
            return Some(near);
        }
        // The nearest enemy yet to activate and not suppressed whose gun
        // reaches (the lower index on a tie), read from the bit sets.
        // Outward across the table from `f`, each way until nothing farther
        // across can be nearer or within any gun's reach.
        let [ready, pinned] = bits::same_length([&self.s.ready, &self.s.pinned]);
        let free = |k: usize| ready[k] & !pinned[k];
        // Over the window across only, as `target_where` does.
        let (r, mid) = (self.win(f).react.range(), self.win(f).mid as usize);
        debug_assert_eq!(
            r,
            self.across(f, self.role(f).other(), self.p.max_reach + super::SPACING)
        );
        let y = self.s.places[f].y;
        let far = (self.p.max_reach + super::SPACING).powi(2);
        let mut reactor: Option<(usize, f64)> = None;
        // (Each enemy stands at least `dx2` away along the table too.)
        let dx2 = self.short_of_front(f);
        let mut look = |g: usize| {
            let dy = y - self.s.places[g].y;
            if dy * dy > far || reactor.is_some_and(|(_, bd)| dy * dy + dx2 > bd) {
                return false;
            }
            let d2 = self.dist2(f, g);
            if reactor.is_none_or(|(bg, bd)| d2 < bd || (d2 == bd && g < bg))
                && self.gun(g).is_some_and(|w| d2 <= w.reach(false).powi(2))
                && self.seen(g, f, d2, &mut hidden_r)
            {
                reactor = Some((g, d2));
            }
            true
        };
        for g in bits::each_in(mid..r.end, free) {
            if !look(g) {
                break;
            }
        }
        for g in bits::each_in_rev(r.start..mid, free) {
            if !look(g) {
                break;
            }
        }
        debug_assert_eq!(
            reactor.map(|r| r.0),
            self.nearest_where(
                f,
                self.p.max_reach,
                |g| !self.s.places[g].activated && !self.s.places[g].suppressed,
                |g, d2| self.gun(g).is_some_and(|w| d2 <= w.reach(false).powi(2))
                    && !self.screened(g, f),
            )
            .map(|r| r.0)
        );
        self.hidden_fire(hidden_r, reactor, f, How::Reaction);
        if let Some((g, _)) = reactor {
            self.set_activated(g);
            self.shoot(g, f, false, How::Reaction);
            return None;
        }
        Some(near)
    }

    pub(super) fn mark_fire(&mut self, firer: usize, target: usize) {
        let turn = self.s.turn;
        let st = &mut self.s.stands[self.p.figures[firer].stand];
        st.fired = true;
        if st.last_fired != turn {
            st.last_fired = turn;
            st.fired_turns += 1;
        }
        self.s.stands[self.p.figures[target].stand].under_fire = true;
    }

    /// One FIRE action with a gun; `None` when the target is out of reach.
    pub(crate) fn shoot(&mut self, f: usize, t: usize, aimed: bool, how: How) -> Option<Outcome> {
        self.shoot_at(f, t, self.dist(f, t), aimed, how)
    }

    /// `shoot` with the distance from `f` to `t` (`dist`), which the
    /// doctrine's target search has just measured.
    pub(crate) fn shoot_at(
        &mut self,
        f: usize,
        t: usize,
        d: f64,
        aimed: bool,
        how: How,
    ) -> Option<Outcome> {
        debug_assert_eq!(d.to_bits(), self.dist(f, t).to_bits());
        let w = self.gun(f)?;
        // Every caller has looked along the line already.
        debug_assert!(!self.screened(f, t));
        let (band, fp) = w.band(d, aimed)?;
        let (fig, tf) = (self.p.figures[f], self.p.figures[t]);
        let cover = self.s.places[t].cover;
        let shot = Shot {
            option: self.p.option,
            quality: fig.quality,
            firepower: fp,
            target_quality: tf.quality,
            impact: w.impact(),
            armour: tf.armour,
            cover,
        };
        let detailed = self.p.option == FireOption::Detailed;
        let (q, p, mut against) = if detailed {
            let [q, p, a] = self.roll_three(fig.quality, fp, tf.quality);
            (q, p, a)
        } else {
            let q = self.roll(fig.quality);
            (q, self.roll(fp), q)
        };
        let mut faces = Faces {
            quality: q.roll,
            firepower: p.roll,
            ..Faces::default()
        };
        let mut effect = Vec::new();
        match self.p.option {
            FireOption::Detailed => {
                faces.target = Some(against.roll);
                if shot.hits(q.roll, p.roll, against.roll) {
                    let i = self.roll_rated(w.impact());
                    faces.impact = Some(i.roll);
                    if self.s.log.is_on() {
                        effect.push(i);
                    }
                    self.protection(tf.armour, cover, &mut faces, &mut effect);
                }
            }
            FireOption::Quick => {
                let mut rolls = Vec::new();
                self.protection(tf.armour, cover, &mut faces, &mut rolls);
                let mut it = rolls.into_iter();
                against = it.next().unwrap_or(Rolled {
                    die: "fixed",
                    roll: faces.armour.unwrap_or(1),
                });
                effect.extend(it);
            }
        }
        let outcome = shot.resolve(&faces);
        if self.s.log.is_on() {
            self.log(Some(fig.role), move |b| FmaEvent::Shot {
                firer: b.name(f),
                target: b.name(t),
                how: how.word(),
                weapon: w.name(),
                inches: d.round() as i64,
                band: band.name(),
                aimed,
                option: b.p.option.name(),
                to_hit: vec![q, p],
                against,
                effect,
                result: outcome.word(),
            });
        }
        self.mark_fire(f, t);
        if !can_suppress(tf.armour, w.impact()) {
            // Too well protected to feel threatened (L762-764): no test for
            // being fired on either.
            self.s.places[t].shot_at = true;
        }
        self.apply(t, outcome);
        Some(outcome)
    }

    /// The impact die, multiplied (its face is what the event records).
    fn roll_rated(&mut self, r: Rated) -> Rolled {
        match r.die() {
            Some(d) => self.roll_times(d, r),
            None => Rolled {
                die: "fixed",
                roll: r.score(0),
            },
        }
    }

    /// A roll of `d`, named with `r`'s multiplier so the log shows it.
    fn roll_times(&mut self, d: Die, r: Rated) -> Rolled {
        let mut rolled = self.roll(d);
        if let Rated::Die { times, .. } = r {
            rolled.die = super::events::multiplied(d, times);
        }
        rolled
    }

    /// Rolls armour (when it is a die) and cover into `faces`, and into
    /// `out` for the log (left empty when the log is off, as in odds runs:
    /// no allocation for a list no one reads).
    fn protection(
        &mut self,
        armour: Rated,
        cover: Cover,
        faces: &mut Faces,
        out: &mut Vec<Rolled>,
    ) {
        if let Some(d) = armour.die() {
            let a = self.roll_times(d, armour);
            faces.armour = Some(a.roll);
            if self.s.log.is_on() {
                out.push(a);
            }
        }
        if let Some(d) = cover.die() {
            let c = self.roll(d);
            faces.cover = Some(c.roll);
            if self.s.log.is_on() {
                out.push(c);
            }
        }
    }

    /// A result lands on a figure, with the reaction tests it calls.
    pub(crate) fn apply(&mut self, t: usize, outcome: Outcome) {
        let first = !self.s.places[t].shot_at;
        self.s.places[t].shot_at = true;
        match outcome {
            Outcome::NoEffect => {}
            Outcome::Suppressed => self.set_suppressed(t, true),
            Outcome::Wound | Outcome::Down | Outcome::Kill => {
                self.set_suppressed(t, false);
                self.set_overwatch(t, false);
                self.s.ready.set(t, false);
                self.s.alive.set(t, false);
                self.front_moves(t, self.s.places[t].x, None);
                let pl = &mut self.s.places[t];
                pl.up = false;
                pl.dead = outcome == Outcome::Kill;
                self.friends_react(t);
                return;
            }
        }
        if first && !self.s.places[t].suppressed {
            self.reaction_test(t, "first fired on", 0);
        }
    }

    /// A rocket at `t`'s position: deviation by the quality die, then an
    /// impact roll for everyone within 2" of where it lands.
    pub(crate) fn rocket(&mut self, f: usize, t: usize) {
        let fig = &self.p.figures[f];
        let d = self.dist(f, t);
        let Some(tn) = target_number(d, Explosive::Rocket.band()) else {
            return;
        };
        let Some((die, always)) = deviation_die(fig.quality, tn) else {
            return;
        };
        let rolled = self.roll(die);
        let dev = deviation(rolled.roll, tn, always);
        let (fx, fy) = (self.s.places[f].x, fig.y);
        let (tx, ty) = (self.s.places[t].x, self.p.figures[t].y);
        let (mut ix, mut iy) = (tx, ty);
        let mut direction = None;
        if dev > 0 {
            let dir = self.roll(Die::D12);
            let (along, across) = CLOCK[(dir.roll - 1) as usize];
            let len = ((tx - fx).powi(2) + (ty - fy).powi(2)).sqrt().max(1e-9);
            let (ux, uy) = ((tx - fx) / len, (ty - fy) / len);
            ix += dev as f64 * (along * ux - across * uy);
            iy += dev as f64 * (along * uy + across * ux);
            direction = Some(dir);
        }
        let caught = self.in_blast(ix, iy);
        let impact = Rated::plain(Explosive::Rocket.impact());
        let mut results = Vec::new();
        for &g in &caught {
            let gf = self.p.figures[g];
            let cover = self.s.places[g].cover;
            let i = self.roll(Explosive::Rocket.impact());
            let mut faces = Faces::default();
            let mut dice = vec![i];
            self.protection(gf.armour, cover, &mut faces, &mut dice);
            let prot = gf
                .armour
                .score(faces.armour.unwrap_or(1))
                .max(faces.cover.unwrap_or(0));
            let mut o = fire::impact(i.roll, prot);
            if o == Outcome::Suppressed && !can_suppress(gf.armour, impact) {
                o = Outcome::NoEffect;
            }
            if self.p.option == FireOption::Quick && o.downs() {
                o = Outcome::Down;
            }
            results.push((g, dice, o));
        }
        if self.s.log.is_on() {
            let hits = results
                .iter()
                .map(|(g, dice, o)| BlastHit {
                    figure: self.name(*g),
                    dice: dice.clone(),
                    result: o.word(),
                })
                .collect();
            self.log(Some(fig.role), move |b| FmaEvent::Rocket {
                firer: b.name(f),
                target: b.name(t),
                inches: d.round() as i64,
                target_number: tn,
                rolled: Some(rolled),
                deviation: dev,
                direction,
                hits,
            });
        }
        self.mark_fire(f, t);
        for (g, _, o) in results {
            if self.role(g) != fig.role {
                self.mark_fire(f, g);
            }
            if self.up(g) {
                self.apply(g, o);
            }
        }
    }
}
