//! The turn and the doctrine: sides activate figures alternately (the side
//! with fewer figures first); each figure takes two actions by a plain
//! doctrine (rally when suppressed, leaders pass an action to a suppressed
//! friend, charge a suppressed enemy within a move, fire at the nearest enemy
//! in reach, aim when only aimed fire reaches, else attackers advance from
//! cover line to cover line, laying smoke first under aimed fire, and
//! defenders hold on overwatch). Reaction and overwatch fire come between an
//! activating figure's two actions; smoke clears at the end of the turn.
//!
//! This file holds the turn, the choice of who activates and the doctrine of
//! each action; the rules they call live in the files beside it.

use super::events::FmaEvent;
use super::fire::How;
use super::{bits, Battle, BASE, SPACING};
use crate::battle::result::Role;
use crate::battle::shared_events::Shared;
use crate::rules::fma::armour::Cover;
use crate::rules::fma::explosives::{deviation_die, target_number, Explosive};
use crate::rules::fma::reaction;
use crate::rules::fma::weapons::Arm;

/// What one activation has done so far.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Activation {
    pub(crate) moved: bool,
    pub(crate) aimed: bool,
    pub(crate) prepared: bool,
    pub(crate) transferred: bool,
    /// A crew-served weapon's gunner spent the first action setting it up.
    pub(crate) setting_up: bool,
    /// A crew-served weapon has fired in its gunner's activation.
    pub(crate) fired: bool,
    /// A loader has diced: both his actions went into it.
    pub(crate) loaded: bool,
    /// A smoke rocket took both actions.
    pub(crate) smoked: bool,
    /// The figure's nearest enemy (`near_enemy`) as the interrupt between
    /// the actions found it, when nothing has changed since: the second
    /// action takes it rather than ask again.
    pub(crate) near: Option<Option<super::Near>>,
}

impl Battle<'_, '_> {
    pub(crate) fn turn(&mut self) {
        self.s.turn += 1;
        self.begin_turn_marks();
        let count = |r: Role| {
            let n = bits::count_in(self.side(r), |k| self.s.alive.word(k)) as usize;
            debug_assert_eq!(n, self.side(r).filter(|&g| self.up(g)).count());
            n
        };
        // The text names no side to start (L601-609): the smaller side goes
        // first, and on equal numbers a die decides each turn, so neither
        // side gains the first shot of every turn.
        let (d, a) = (count(Role::Defender), count(Role::Attacker));
        let first = if d < a || (d == a && self.s.dice.d(2) == 1) {
            Role::Defender
        } else {
            Role::Attacker
        };
        let turn = self.s.turn;
        self.log(None, move |_| Shared::TurnBegins {
            turn,
            first: Some(first.as_str()),
        });
        let mut side = first;
        loop {
            match self.pick(side) {
                Some(f) => self.activate(f),
                None => {
                    // No figure is readied during a turn, so a side with none
                    // left stays so: the other activates the rest in turn.
                    while let Some(f) = self.pick(side.other()) {
                        self.activate(f);
                    }
                    break;
                }
            }
            side = side.other();
        }
        // The end of a full turn: every smoke or gas marker rolls to clear
        // (L1307-1314).
        self.disperse_clouds();
        self.check_end();
    }

    /// The figure a side activates next: a leader with a suppressed friend in
    /// its command radius first, else its first figure not yet activated and
    /// not suppressed, else its first suppressed one.
    pub(crate) fn pick(&mut self, side: Role) -> Option<usize> {
        let range = self.side(side);
        let ix = side.index();
        let from = self.s.first_ready[ix].max(range.start);
        // The hint still ready is the first (nothing before it is): one bit
        // read instead of a walk.
        let ready_at = if from < range.end && self.s.ready.get(from) {
            from
        } else {
            bits::first_in(from..range.end, |k| self.s.ready.word(k))?
        };
        self.s.first_ready[ix] = ready_at;
        let (ready, pinned) = (&self.s.ready, &self.s.pinned);
        debug_assert!(range.clone().all(|f| {
            let pl = &self.s.places[f];
            ready.get(f) == (pl.up && !pl.activated) && pinned.get(f) == (pl.up && pl.suppressed)
        }));
        debug_assert!(!range.clone().any(|f| f < ready_at && ready.get(f)));
        debug_assert!(!range
            .clone()
            .any(|f| f < self.s.first_free[ix] && ready.get(f) && !pinned.get(f)));
        // Figures free to fight go before suppressed ones.
        let from = self.s.first_free[ix].max(ready_at);
        let free = if from < range.end && ready.get(from) && !pinned.get(from) {
            Some(from)
        } else {
            let [ready, pinned] = bits::same_length([ready, pinned]);
            bits::first_in(from..range.end, |k| ready[k] & !pinned[k])
        };
        self.s.first_free[ix] = free.unwrap_or(range.end);
        let first = free.unwrap_or(ready_at);
        // The lowest ready leader that can pass an action to a suppressed
        // friend, looked for only among those that may have one.
        // Only the words `unsure_words` marks; a word found with no leader
        // both unsure and ready loses its mark (no figure is readied during
        // a turn, and a leader made unsure marks its word again).
        debug_assert!((0..self.p.figures.len().div_ceil(64)).all(|k| {
            self.s.unsure.word(k) & self.s.ready.word(k) == 0 || self.s.unsure_words.get(k)
        }));
        let last = (range.end - 1) / 64;
        // Most picks find no marked word: that one test comes before the
        // walk's set-up (its masks and reloads cost more than the test).
        if bits::first_in(ready_at / 64..last + 1, |j| self.s.unsure_words.word(j)).is_none() {
            debug_assert!(!range.clone().any(|l| self.s.ready.get(l)
                && self.p.leaders.get(l)
                && self.suppressed_friend(l).is_some()));
            return Some(first);
        }
        let mut from = ready_at;
        while let Some(k) = bits::first_in(from / 64..last + 1, |j| self.s.unsure_words.word(j)) {
            let all = self.s.unsure.word(k) & self.s.ready.word(k);
            let w = bits::within(k, &(from..range.end), all);
            if w == 0 {
                if all == 0 {
                    self.s.unsure_words.set(k, false);
                }
                from = (k + 1) * 64;
                if from >= range.end {
                    break;
                }
                continue;
            }
            let l = k * 64 + w.trailing_zeros() as usize;
            if self.can_pass(l) {
                return Some(l);
            }
            self.s.unsure.set(l, false);
            from = l + 1;
        }
        debug_assert!(!range.clone().any(|l| self.s.ready.get(l)
            && self.p.leaders.get(l)
            && self.suppressed_friend(l).is_some()));
        Some(first)
    }

    /// Whether leader `l` has a suppressed friend in its command radius
    /// whose transfer its die can pass at all: `suppressed_friend`, asked
    /// only when a figure within the radius across is suppressed (read from
    /// the bits, where the search measures distances).
    pub(super) fn can_pass(&self, l: usize) -> bool {
        self.pinned_near(l) && self.suppressed_friend(l).is_some()
    }

    /// Whether a figure within leader `l`'s command radius across (by
    /// index: a side's figures stand `SPACING` apart) is suppressed.
    fn pinned_near(&self, l: usize) -> bool {
        const _: () = assert!(bits::WIDE as f64 * SPACING >= 12.0, "a D12's radius");
        let pinned = &self.s.pinned;
        let w = (reaction::command_radius(self.p.figures[l].quality) as f64 / SPACING) as usize;
        let (lo, hi) = (l.saturating_sub(w), (l + w + 1).min(self.p.figures.len()));
        bits::first_in(lo..l, |k| pinned.word(k)).is_some()
            || bits::first_in(l + 1..hi, |k| pinned.word(k)).is_some()
    }

    /// The nearest suppressed friend in the leader's command radius whose
    /// transfer the leader's die can pass at all.
    pub(super) fn suppressed_friend(&self, leader: usize) -> Option<usize> {
        let lf = self.p.figures[leader];
        let r = reaction::command_radius(lf.quality) as f64;
        let pinned = &self.s.pinned;
        let window = self.win(leader).command.range();
        debug_assert_eq!(window, self.across(leader, lf.role, r));
        bits::each_in(window, |k| pinned.word(k))
            .filter(|&g| {
                g != leader
                    && self.dist2(leader, g) <= r * r
                    && lf.quality.sides()
                        > reaction::transfer_target(lf.motivation, self.p.figures[g].motivation)
            })
            .min_by(|&a, &b| self.dist(leader, a).total_cmp(&self.dist(leader, b)))
    }

    pub(crate) fn activate(&mut self, f: usize) {
        self.set_activated(f);
        if self.settled(f) {
            self.settled_activation(f);
            return;
        }
        self.full_activation(f);
    }

    /// An activation by the doctrine (its short form included), after
    /// `set_activated`.
    pub(super) fn full_activation(&mut self, f: usize) {
        // A marker counts only until the figure's next activation (L949-956):
        // it may place a fresh one now, never fire the old one.
        self.set_overwatch(f, false);
        let fig = &self.p.figures[f];
        if self.s.log.is_on() {
            let inches = self.nearest(f).map_or(0, |(_, d)| d.round() as i64);
            self.log(Some(fig.role), move |b| FmaEvent::Activate {
                figure: b.name(f),
                quality: fig.quality.name(),
                motivation: fig.motivation,
                inches,
                suppressed: b.s.places[f].suppressed,
            });
        }
        if !self.isolation_test(f) || self.idle_activation(f) {
            return;
        }
        let mut act = Activation::default();
        for n in 0..2 {
            if !self.up(f) || self.s.over.is_some() {
                break;
            }
            if n == 1 {
                act.near = self.interrupt(f);
                if !self.up(f) {
                    break;
                }
            }
            self.action(f, n, &mut act);
        }
    }

    /// One action by the doctrine.
    pub(super) fn action(&mut self, f: usize, n: usize, act: &mut Activation) {
        let fig = &self.p.figures[f];
        if act.loaded || act.smoked {
            // A loader's two actions went into his dice; a smoke rocket's
            // into preparing and firing it.
            return;
        }
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
        let moves = fig.burden.inches() as f64;
        // Every rule below wants the nearest enemy within some reach, so the
        // nearest enemy decides (reach grows with distance).
        let near_enemy = match act.near.take() {
            Some(near) => {
                debug_assert_eq!(near, self.near_enemy(f));
                near
            }
            None => self.near_enemy(f),
        };
        let near = near_enemy.map(|n| (n.enemy as usize, n.d));
        // An enemy in base contact is fought hand to hand (L623-625): the
        // nearest enemy's squared distance is `in_contact`'s.
        if let Some(n) = near_enemy.filter(|n| n.d2 <= BASE * BASE + 1e-9) {
            debug_assert!(self.in_contact(f, n.enemy as usize));
            self.close_combat(f, n.enemy as usize);
            return;
        }
        debug_assert!(near.is_none_or(|(e, _)| !self.in_contact(f, e)));
        let attacker = fig.role == Role::Attacker && !fig.mounted;
        if !fig.mounted && near.is_some_and(|(_, d)| d <= 2.0 * moves + BASE) {
            // A charge: one MOVE into contact, the fight with the next
            // action (this activation's second, or its next activation).
            let foe = |g: usize| self.s.places[g].suppressed || fig.powered;
            if let Some(e) = self.charge_target(f, moves, foe) {
                self.charge(f, e);
                act.moved = true;
                return;
            }
            // An attacker's first action brings such an enemy within a
            // charge when it is two moves off.
            if attacker && n == 0 && self.charge_target(f, 2.0 * moves, foe).is_some() {
                let x = self.s.places[f].x - moves;
                self.move_to(f, x, "advances");
                act.moved = true;
                return;
            }
        }
        if self.crew_action(f, n, act) {
            return;
        }
        // Attackers move in bounds from cover to cover: a bound begun goes
        // on to the cover it was for; half the teams (by turn) bound toward
        // an enemy beyond their close band while the others fire.
        if attacker
            && n == 1
            && act.moved
            && self.s.places[f].cover == Cover::None
            && self.advance(f, 1, true)
        {
            return;
        }
        // Nothing below sets up, moves or lays down the figure's gun before
        // the action is taken (each way that does returns): read once.
        let gun = self.gun(f);
        let close_band = gun.map_or(0.0, |w| w.row().bands[0].0 as f64);
        // A set-up gun holds its place rather than bound.
        let bounding = (fig.stand as u32 + self.s.turn).is_multiple_of(2)
            && !(fig.crewed && self.s.places[f].set_up);
        if attacker && n == 0 && bounding && self.smoke_before_bound(f, near, close_band, act) {
            return;
        }
        if attacker
            && n == 0
            && bounding
            && near.is_some_and(|(_, d)| d > close_band)
            && self.advance(f, 2, true)
        {
            act.moved = true;
            return;
        }
        debug_assert_eq!(gun, self.gun(f));
        match (fig.arm, gun) {
            (_, Some(w)) => {
                let aimed = act.aimed;
                let reach = w.reach(aimed);
                let target = near
                    .filter(|&(_, d)| d <= reach)
                    .and_then(|_| self.sighted_from(f, reach, near_enemy));
                if let Some((t, d)) = target {
                    act.aimed = false;
                    self.shoot_at(f, t, d, aimed, How::Fire);
                    return;
                }
                if n == 0 && near.is_some_and(|(_, d)| d <= w.reach(true)) {
                    act.aimed = true;
                    self.log(Some(fig.role), move |b| FmaEvent::Aim { figure: b.name(f) });
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
                // A rocket needs its line of fire as a gun does (L1294-1296).
                let clear = |b: &mut Self, t| !b.blocked(f, t, How::Fire);
                if let Some((t, _)) = near.filter(|&(t, d)| can(d) && clear(self, t)) {
                    if act.prepared {
                        act.prepared = false;
                        self.rocket(f, t);
                        return;
                    }
                    if n == 0 {
                        act.prepared = true;
                        self.log(Some(fig.role), move |b| FmaEvent::Prepare {
                            figure: b.name(f),
                            weapon: "rocket launcher",
                        });
                        return;
                    }
                }
            }
            _ => {}
        }
        // Attackers close until aimed fire reaches; within it a spare action
        // watches rather than walking into the open.
        debug_assert_eq!(gun, self.gun(f));
        let out_of_reach = gun.is_none_or(|w| near.is_none_or(|(_, d)| d > w.reach(true)));
        if attacker && out_of_reach && self.advance(f, 2 - n as u32, false) {
            act.moved = true;
            return;
        }
        // Nothing better to do with this action: watch, unless the figure
        // moved in this activation (L957-960).
        debug_assert_eq!(gun, self.gun(f));
        if !act.moved && !self.s.places[f].overwatch && gun.is_some() {
            self.set_overwatch(f, true);
            self.log(Some(fig.role), move |b| FmaEvent::Overwatch {
                figure: b.name(f),
            });
        }
    }
}
