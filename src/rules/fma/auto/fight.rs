//! The turn and the doctrine: sides activate figures alternately (the side
//! with fewer figures first); each figure takes two actions by a plain
//! doctrine (rally when suppressed, leaders pass an action to a suppressed
//! friend, charge a suppressed enemy within a move, fire at the nearest enemy
//! in reach, aim when only aimed fire reaches, else attackers advance from
//! cover line to cover line and defenders hold on overwatch). Reaction and
//! overwatch fire come between an activating figure's two actions.

use super::events::{BlastHit, FmaEvent, Rolled};
use super::{cover_at, ri, Battle};
use crate::battle::result::{Role, Winner};
use crate::rules::fma::armour::{can_suppress, Cover};
use crate::rules::fma::close_combat::{clash, multiplier, Clash};
use crate::rules::fma::die::{Die, Rated};
use crate::rules::fma::explosives::{
    deviation, deviation_die, target_number, Explosive, BLAST_INCHES, CLOCK,
};
use crate::rules::fma::fire::{self, Faces, FireOption, Outcome, Shot};
use crate::rules::fma::reaction;
use crate::rules::fma::weapons::{Arm, Weapon};

/// What one activation has done so far.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Activation {
    pub(crate) moved: bool,
    pub(crate) aimed: bool,
    pub(crate) prepared: bool,
    pub(crate) transferred: bool,
    pub(crate) contact: Option<usize>,
}

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
    // ---- geometry ----

    pub(crate) fn dist(&self, a: usize, b: usize) -> f64 {
        self.dist2(a, b).sqrt()
    }

    /// The squared distance: searches compare these, so that odds runs take
    /// one square root per search rather than one per figure.
    fn dist2(&self, a: usize, b: usize) -> f64 {
        let dx = self.s.places[a].x - self.s.places[b].x;
        let dy = self.p.figures[a].y - self.p.figures[b].y;
        dx * dx + dy * dy
    }

    pub(crate) fn up(&self, f: usize) -> bool {
        self.s.places[f].up
    }

    /// The figures of a side: attackers come first, then defenders.
    fn side(&self, role: Role) -> std::ops::Range<usize> {
        let a = self.p.start[0];
        match role {
            Role::Attacker => 0..a,
            Role::Defender => a..self.p.figures.len(),
        }
    }

    fn enemies(&self, f: usize) -> impl Iterator<Item = usize> + '_ {
        self.side(self.p.figures[f].role.other())
            .filter(move |&g| self.s.places[g].up)
    }

    fn friends(&self, f: usize) -> impl Iterator<Item = usize> + '_ {
        self.side(self.p.figures[f].role)
            .filter(move |&g| g != f && self.s.places[g].up)
    }

    /// The nearest up enemy that `pre` and then `keep` accept (the lower
    /// index on a tie), with its distance; distances are only measured for
    /// enemies `pre` accepts, and `keep` is given the squared distance.
    fn nearest_where(
        &self,
        f: usize,
        pre: impl Fn(usize) -> bool,
        keep: impl Fn(usize, f64) -> bool,
    ) -> Option<(usize, f64)> {
        let mut best: Option<(usize, f64)> = None;
        for g in self.enemies(f) {
            if !pre(g) {
                continue;
            }
            let d2 = self.dist2(f, g);
            if keep(g, d2) && best.is_none_or(|(_, bd)| d2 < bd) {
                best = Some((g, d2));
            }
        }
        best.map(|(g, d2)| (g, d2.sqrt()))
    }

    /// The nearest up enemy and its distance.
    pub(crate) fn nearest(&self, f: usize) -> Option<(usize, f64)> {
        self.nearest_where(f, |_| true, |_, _| true)
    }

    /// The enemy a figure fires at within `reach`: one not suppressed before
    /// one already suppressed, one yet to activate before one that has
    /// (so a suppression costs it an activation), then the nearest.
    fn target(&self, f: usize, reach: f64) -> Option<(usize, f64)> {
        let r2 = reach * reach;
        let mut best: Option<((bool, bool, f64), usize)> = None;
        for g in self.enemies(f) {
            let d2 = self.dist2(f, g);
            if d2 > r2 {
                continue;
            }
            let pl = &self.s.places[g];
            let key = (pl.suppressed, pl.activated, d2);
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, g));
            }
        }
        best.map(|((_, _, d2), g)| (g, d2.sqrt()))
    }

    pub(crate) fn gun(&self, f: usize) -> Option<Weapon> {
        match self.p.figures[f].arm {
            Arm::Gun(w) if self.p.stands[self.p.figures[f].stand].ammo > 0 => Some(w),
            _ => None,
        }
    }

    pub(crate) fn isolated(&self, f: usize) -> bool {
        let q = self.p.figures[f].quality;
        // Any friend in reach will do: no need to find the nearest.
        let reach = (q.sides() * q.sides()) as f64;
        let within = self.friends(f).any(|g| self.dist2(f, g) <= reach);
        debug_assert_eq!(!within, {
            let nearest = self
                .friends(f)
                .map(|g| self.dist(f, g))
                .min_by(f64::total_cmp);
            reaction::isolated(q, nearest)
        });
        !within
    }

    fn roll(&mut self, die: Die) -> Rolled {
        Rolled {
            die: die.name(),
            roll: self.s.dice.d(die.sides() as u32),
        }
    }

    // ---- the turn ----

    pub(crate) fn turn(&mut self) {
        self.s.turn += 1;
        for pl in self.s.places.iter_mut() {
            pl.activated = !pl.up;
        }
        let count = |r: Role| {
            self.p
                .figures
                .iter()
                .zip(&self.s.places)
                .filter(|(f, pl)| f.role == r && pl.up)
                .count()
        };
        let first = if count(Role::Defender) <= count(Role::Attacker) {
            Role::Defender
        } else {
            Role::Attacker
        };
        let turn = self.s.turn;
        self.log(
            None,
            FmaEvent::TurnBegins {
                turn,
                first: first.as_str(),
            },
        );
        let mut side = first;
        loop {
            match self.pick(side) {
                Some(f) => self.activate(f),
                None if self.pick(side.other()).is_none() => break,
                None => {}
            }
            side = side.other();
        }
        self.check_end();
    }

    /// The figure a side activates next: a leader with a suppressed friend in
    /// its command radius first, else its first figure not yet activated and
    /// not suppressed, else its first suppressed one.
    pub(crate) fn pick(&self, side: Role) -> Option<usize> {
        let range = self.side(side);
        let places = &self.s.places[range.clone()];
        let ready = |pl: &super::Place| pl.up && !pl.activated;
        // Figures free to fight go before suppressed ones.
        let first = places
            .iter()
            .position(|pl| ready(pl) && !pl.suppressed)
            .or_else(|| places.iter().position(ready))?
            + range.start;
        if places.iter().any(|pl| pl.up && pl.suppressed) {
            if let Some(l) = range.clone().find(|&f| {
                ready(&self.s.places[f])
                    && self.p.figures[f].leader
                    && self.suppressed_friend(f).is_some()
            }) {
                return Some(l);
            }
        }
        Some(first)
    }

    /// The nearest suppressed friend in the leader's command radius whose
    /// transfer the leader's die can pass at all.
    fn suppressed_friend(&self, leader: usize) -> Option<usize> {
        let lf = self.p.figures[leader];
        let r = reaction::command_radius(lf.quality) as f64;
        self.friends(leader)
            .filter(|&g| {
                self.s.places[g].suppressed
                    && self.dist2(leader, g) <= r * r
                    && lf.quality.sides()
                        > reaction::transfer_target(lf.motivation, self.p.figures[g].motivation)
            })
            .min_by(|&a, &b| self.dist(leader, a).total_cmp(&self.dist(leader, b)))
    }

    pub(crate) fn activate(&mut self, f: usize) {
        self.s.places[f].activated = true;
        let fig = self.p.figures[f];
        if self.p.log {
            let inches = self.nearest(f).map_or(0, |(_, d)| d.round() as i64);
            let ev = FmaEvent::Activate {
                figure: self.name(f),
                quality: fig.quality.name(),
                motivation: fig.motivation,
                inches,
                suppressed: self.s.places[f].suppressed,
            };
            self.log(Some(fig.role), ev);
        }
        if !self.isolation_test(f) {
            return;
        }
        let mut act = Activation::default();
        for n in 0..2 {
            if !self.up(f) || self.s.over.is_some() {
                break;
            }
            if n == 1 {
                self.interrupt(f, act.moved);
                if !self.up(f) {
                    break;
                }
            }
            self.action(f, n, &mut act);
        }
    }

    /// An isolated figure's reaction test on activation; `false` when it
    /// failed and may do nothing this turn.
    pub(crate) fn isolation_test(&mut self, f: usize) -> bool {
        if !self.isolated(f) {
            return true;
        }
        let fig = self.p.figures[f];
        let rolled = self.roll(fig.quality);
        let passed = reaction::passes(rolled.roll, fig.motivation);
        if self.p.log {
            let ev = FmaEvent::Isolated {
                figure: self.name(f),
                rolled,
                target: fig.motivation,
                passed,
            };
            self.log(Some(fig.role), ev);
        }
        passed
    }

    /// One action by the doctrine.
    fn action(&mut self, f: usize, n: usize, act: &mut Activation) {
        let fig = self.p.figures[f];
        if self.s.places[f].suppressed {
            self.rally(f);
            return;
        }
        if fig.leader && !act.transferred && n == 0 {
            if let Some(g) = self.suppressed_friend(f) {
                act.transferred = true;
                if self.transfer(f, g) {
                    self.rally(g);
                }
                return;
            }
        }
        if let Some(e) = act.contact.take() {
            if self.up(e) {
                self.close_combat(f, e);
                return;
            }
        }
        let moves = fig.burden.inches() as f64;
        // Every rule below wants the nearest enemy within some reach, so the
        // nearest enemy decides (reach grows with distance).
        let near = self.nearest(f);
        if n == 0 && !fig.mounted && near.is_some_and(|(_, d)| d <= moves) {
            if let Some((e, _)) = self.nearest_where(
                f,
                |g| self.s.places[g].suppressed || fig.powered,
                |_, d2| d2 <= moves * moves,
            ) {
                self.charge(f, e);
                act.moved = true;
                act.contact = Some(e);
                return;
            }
        }
        match (fig.arm, self.gun(f)) {
            (_, Some(w)) => {
                let aimed = act.aimed;
                let reach = w.reach(aimed);
                let target = near
                    .filter(|&(_, d)| d <= reach)
                    .and_then(|_| self.target(f, reach));
                if let Some((t, _)) = target {
                    act.aimed = false;
                    self.shoot(f, t, aimed, How::Fire);
                    return;
                }
                if n == 0 && near.is_some_and(|(_, d)| d <= w.reach(true)) {
                    act.aimed = true;
                    let ev = FmaEvent::Aim {
                        figure: self.name(f),
                    };
                    self.log(Some(fig.role), ev);
                    return;
                }
            }
            (Arm::Rocket, _) => {
                let q = fig.quality;
                let can = |d: f64| {
                    target_number(d, Explosive::Rocket.band())
                        .and_then(|t| deviation_die(q, t))
                        .is_some()
                };
                if let Some((t, _)) = near.filter(|&(_, d)| can(d)) {
                    if act.prepared {
                        act.prepared = false;
                        self.rocket(f, t);
                        return;
                    }
                    if n == 0 {
                        act.prepared = true;
                        let ev = FmaEvent::Prepare {
                            figure: self.name(f),
                            weapon: "rocket launcher",
                        };
                        self.log(Some(fig.role), ev);
                        return;
                    }
                }
            }
            _ => {}
        }
        if fig.mounted {
            return;
        }
        if fig.role == Role::Attacker {
            self.advance(f);
            act.moved = true;
        } else if n == 0 && !self.s.places[f].overwatch && self.gun(f).is_some() {
            self.s.places[f].overwatch = true;
            let ev = FmaEvent::Overwatch {
                figure: self.name(f),
            };
            self.log(Some(fig.role), ev);
        }
    }

    // ---- movement ----

    pub(crate) fn move_to(&mut self, f: usize, x: f64, how: &'static str) {
        let from = self.s.places[f].x;
        let cover = cover_at(x, self.p.defender_cover, self.p.cover_every);
        self.s.places[f].x = x;
        self.s.places[f].cover = cover;
        if self.p.log {
            let ev = FmaEvent::Move {
                figure: self.name(f),
                from: from.round() as i64,
                to: x.round() as i64,
                how,
                cover: match cover {
                    Cover::None => "in the open",
                    Cover::Soft => "soft cover",
                    Cover::Hard => "hard cover",
                },
            };
            self.log(Some(self.p.figures[f].role), ev);
        }
    }

    /// An attacker's MOVE: to the cover line nearest the enemy within one
    /// move, else a full move, never past the nearest enemy's line.
    fn advance(&mut self, f: usize) {
        let x = self.s.places[f].x;
        let moves = self.p.figures[f].burden.inches() as f64;
        let front = self
            .enemies(f)
            .map(|g| self.s.places[g].x)
            .fold(f64::NEG_INFINITY, f64::max);
        let stop = (front + 1.0).max(x - moves);
        if stop >= x {
            return;
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
    }

    fn charge(&mut self, f: usize, e: usize) {
        let x = self.s.places[e].x;
        self.move_to(f, x, "charges");
    }

    // ---- tests ----

    /// A reaction test; a failure suppresses.
    pub(crate) fn reaction_test(&mut self, f: usize, why: &'static str, modifier: i64) -> bool {
        let fig = self.p.figures[f];
        let rolled = self.roll(fig.quality);
        let target = reaction::target(fig.motivation, modifier);
        let passed = reaction::passes(rolled.roll, target);
        if !passed {
            self.s.places[f].suppressed = true;
        }
        if self.p.log {
            let ev = FmaEvent::Reaction {
                figure: self.name(f),
                why,
                rolled,
                target,
                passed,
            };
            self.log(Some(fig.role), ev);
        }
        passed
    }

    /// An attempt to remove suppression; a failure in the open sends the
    /// figure sprinting to the nearest cover within its combat move, or
    /// straight back from the nearest enemy.
    pub(crate) fn rally(&mut self, f: usize) -> bool {
        let fig = self.p.figures[f];
        let rolled = self.roll(fig.quality);
        let passed = reaction::removes_suppression(rolled.roll, fig.motivation);
        if passed {
            self.s.places[f].suppressed = false;
        }
        if self.p.log {
            let ev = FmaEvent::Rally {
                figure: self.name(f),
                rolled,
                target: fig.motivation,
                passed,
            };
            self.log(Some(fig.role), ev);
        }
        if !passed && self.s.places[f].cover == Cover::None && !fig.mounted {
            let rolled = self.roll(fig.burden.combat_die());
            let ev = FmaEvent::Sprint {
                figure: self.name(f),
                rolled,
            };
            self.log(Some(fig.role), ev);
            self.sprint(f, rolled.roll as f64);
        }
        passed
    }

    fn sprint(&mut self, f: usize, reach: f64) {
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

    /// A leader tries to pass one action to `g`: whether it may act now.
    pub(crate) fn transfer(&mut self, leader: usize, g: usize) -> bool {
        let lf = self.p.figures[leader];
        let rolled = self.roll(lf.quality);
        let target = reaction::transfer_target(lf.motivation, self.p.figures[g].motivation);
        let passed = reaction::passes(rolled.roll, target);
        if self.p.log {
            let ev = FmaEvent::Transfer {
                leader: self.name(leader),
                figure: self.name(g),
                rolled,
                target,
                passed,
            };
            self.log(Some(lf.role), ev);
        }
        passed
    }

    /// Reaction tests for the friends within their quality die's inches of a
    /// figure that has just gone down.
    fn friends_react(&mut self, down: usize) {
        let near: Vec<usize> = self
            .friends(down)
            .filter(|&g| {
                !self.s.places[g].suppressed
                    && self.dist(g, down) <= self.p.figures[g].quality.sides() as f64
            })
            .collect();
        for g in near {
            self.reaction_test(g, "a friend went down", 0);
        }
    }

    // ---- fire ----

    /// Overwatch, then reaction fire, at a figure between its two actions.
    fn interrupt(&mut self, f: usize, moved: bool) {
        let watcher = self.nearest_where(
            f,
            |g| self.s.places[g].overwatch && !self.s.places[g].suppressed,
            |g, d2| self.gun(g).is_some_and(|w| d2 <= w.reach(true).powi(2)),
        );
        if let Some((g, _)) = watcher {
            self.s.places[g].overwatch = false;
            self.shoot(g, f, true, How::Overwatch);
        }
        if !self.up(f) || !moved || self.s.places[f].cover != Cover::None {
            return;
        }
        let reactor = self.nearest_where(
            f,
            |g| !self.s.places[g].activated && !self.s.places[g].suppressed,
            // One shot for a whole activation: only worth it at close range.
            |g, d2| {
                self.gun(g)
                    .is_some_and(|w| d2 <= (w.row().bands[0].0 as f64).powi(2))
            },
        );
        if let Some((g, _)) = reactor {
            self.s.places[g].activated = true;
            self.shoot(g, f, false, How::Reaction);
        }
    }

    fn mark_fire(&mut self, firer: usize, target: usize) {
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
        let w = self.gun(f)?;
        let d = self.dist(f, t);
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
        let q = self.roll(fig.quality);
        let p = self.roll(fp);
        let mut faces = Faces {
            quality: q.roll,
            firepower: p.roll,
            ..Faces::default()
        };
        let mut effect = Vec::new();
        let against;
        match self.p.option {
            FireOption::Detailed => {
                against = self.roll(tf.quality);
                faces.target = Some(against.roll);
                if shot.hits(q.roll, p.roll, against.roll) {
                    let i = self.roll_rated(w.impact());
                    faces.impact = Some(i.roll);
                    effect.push(i);
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
        if self.p.log {
            let ev = FmaEvent::Shot {
                firer: self.name(f),
                target: self.name(t),
                how: how.word(),
                weapon: w.name(),
                inches: d.round() as i64,
                band: band.name(),
                aimed,
                option: self.p.option.name(),
                to_hit: vec![q, p],
                against,
                effect,
                result: outcome.word(),
            };
            self.log(Some(fig.role), ev);
        }
        self.mark_fire(f, t);
        self.apply(t, outcome);
        Some(outcome)
    }

    /// The impact die, multiplied (its face is what the event records).
    fn roll_rated(&mut self, r: Rated) -> Rolled {
        match r.die() {
            Some(d) => self.roll(d),
            None => Rolled {
                die: "fixed",
                roll: r.score(0),
            },
        }
    }

    /// Rolls armour (when it is a die) and cover into `faces`.
    fn protection(
        &mut self,
        armour: Rated,
        cover: Cover,
        faces: &mut Faces,
        out: &mut Vec<Rolled>,
    ) {
        if let Some(d) = armour.die() {
            let a = self.roll(d);
            faces.armour = Some(a.roll);
            out.push(a);
        }
        if let Some(d) = cover.die() {
            let c = self.roll(d);
            faces.cover = Some(c.roll);
            out.push(c);
        }
    }

    /// A result lands on a figure, with the reaction tests it calls.
    pub(crate) fn apply(&mut self, t: usize, outcome: Outcome) {
        let first = !self.s.places[t].shot_at;
        self.s.places[t].shot_at = true;
        match outcome {
            Outcome::NoEffect => {}
            Outcome::Suppressed => self.s.places[t].suppressed = true,
            Outcome::Wound | Outcome::Down | Outcome::Kill => {
                let pl = &mut self.s.places[t];
                pl.up = false;
                pl.dead = outcome == Outcome::Kill;
                pl.suppressed = false;
                pl.overwatch = false;
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
        let fig = self.p.figures[f];
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
        let caught: Vec<usize> = (0..self.p.figures.len())
            .filter(|&g| {
                self.up(g)
                    && ((self.s.places[g].x - ix).powi(2) + (self.p.figures[g].y - iy).powi(2))
                        .sqrt()
                        <= BLAST_INCHES + 1e-9
            })
            .collect();
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
        if self.p.log {
            let hits = results
                .iter()
                .map(|(g, dice, o)| BlastHit {
                    figure: self.name(*g),
                    dice: dice.clone(),
                    result: o.word(),
                })
                .collect();
            let ev = FmaEvent::Rocket {
                firer: self.name(f),
                target: self.name(t),
                inches: d.round() as i64,
                target_number: tn,
                rolled: Some(rolled),
                deviation: dev,
                direction,
                hits,
            };
            self.log(Some(fig.role), ev);
        }
        self.mark_fire(f, t);
        for (g, _, o) in results {
            if self.p.figures[g].role != fig.role {
                self.mark_fire(f, g);
            }
            if self.up(g) {
                self.apply(g, o);
            }
        }
    }

    // ---- close combat ----

    pub(crate) fn close_combat(&mut self, a: usize, d: usize) -> Clash {
        let (af, df) = (self.p.figures[a], self.p.figures[d]);
        let (am, dm) = (multiplier(false, af.powered), multiplier(false, df.powered));
        let ar = self.roll(af.quality);
        let dr = self.roll(df.quality);
        let result = clash(ar.roll * am, dr.roll * dm);
        if self.p.log {
            let ev = FmaEvent::CloseCombat {
                attacker: self.name(a),
                defender: self.name(d),
                attacker_roll: ar,
                attacker_times: am,
                defender_roll: dr,
                defender_times: dm,
                result: result.word(),
            };
            self.log(Some(af.role), ev);
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

    // ---- the end ----

    /// At the end of a turn: a side with half its figures down, or with
    /// every figure still up suppressed, is broken.
    pub(crate) fn check_end(&mut self) {
        let mut broken = [false; 2];
        for role in [Role::Attacker, Role::Defender] {
            let (mut down, mut up, mut pinned) = (0, 0, 0);
            for (f, pl) in self.p.figures.iter().zip(&self.s.places) {
                if f.role != role {
                    continue;
                }
                if pl.up {
                    up += 1;
                    if pl.suppressed {
                        pinned += 1;
                    }
                } else {
                    down += 1;
                }
            }
            let start = self.p.start[ri(role)];
            let why = if 2 * down >= start {
                "half its figures are down"
            } else if up > 0 && pinned == up {
                "every figure still up is suppressed"
            } else {
                continue;
            };
            broken[ri(role)] = true;
            self.log(
                None,
                FmaEvent::Broken {
                    side: role.as_str(),
                    down,
                    start,
                    why,
                },
            );
        }
        self.s.over = match broken {
            [true, true] => Some((Winner::Draw, "both sides broke".into())),
            [true, false] => Some((Winner::Defender, "the attacker broke".into())),
            [false, true] => Some((Winner::Attacker, "the defender broke".into())),
            [false, false] => None,
        };
    }
}
