//! The activation of a figure that no enemy can reach and that cannot reach
//! one: most of a large battle's activations once the fight has moved to one
//! part of the line (figures stand in a line across the table and keep their
//! place across it, so a figure with no enemy up within every reach across
//! stays so for the rest of the battle). For such a figure the doctrine comes
//! down to a few steps; they are taken here without its searches, and test
//! builds check every such activation against the doctrine itself.

use super::events::FmaEvent;
use super::{bits, Battle, Figure, BASE};
use crate::battle::result::Role;
use crate::rules::fma::armour::Cover;
use crate::rules::fma::weapons::Arm;

impl Figure {
    /// Whether the doctrine moves the figure forward: attackers on foot.
    pub(super) fn advances(&self) -> bool {
        self.role == Role::Attacker && !self.mounted
    }

    /// Whether the short form can stand for its activation at all: crews,
    /// loaders and rocket gunners have steps of their own even out of reach.
    pub(super) fn may_idle(&self) -> bool {
        !self.crewed && self.loads_for.is_none() && self.arm != Arm::Rocket
    }
}

impl Battle<'_, '_> {
    /// Takes `f`'s two actions by the doctrine's short form if it applies
    /// (a free figure out of every reach, with no suppressed friend to pass
    /// an action to): whether it did. Called after the isolation test.
    pub(super) fn idle_activation(&mut self, f: usize) -> bool {
        let fig = &self.p.figures[f];
        let advances = fig.advances();
        if self.s.over.is_some()
            || self.s.places[f].suppressed
            || !fig.may_idle()
            || !self.remote(f)
        {
            return false;
        }
        // The doctrine's bound goes only toward an enemy up somewhere.
        if advances && self.front(fig.role.other()) == f64::NEG_INFINITY {
            return false;
        }
        if fig.leader && self.can_pass(f) {
            return false;
        }
        #[cfg(debug_assertions)]
        let before = (self.s.clone(), crate::core::dice::rolled_on_this_thread());
        self.short_form(f, advances);
        #[cfg(debug_assertions)]
        self.check_idle(f, before);
        true
    }

    /// Whether `f` is settled: one of `Prepared::only_watch`, out of every
    /// reach for good, with no suppressed friend to pass an action to (not
    /// `unsure`: only leaders ever are), free, with the log off (the
    /// doctrine logs the marker it places again) and the battle not over.
    #[inline]
    pub(super) fn settled(&self, f: usize) -> bool {
        self.p.only_watch.get(f)
            && self.s.remote.get(f)
            && !self.s.unsure.get(f)
            && !self.s.log.is_on()
            && self.s.over.is_none()
            && !self.s.places[f].suppressed
    }

    /// A settled figure's activation: by the doctrine, its isolation test,
    /// and its overwatch marker ends up as the test's result (the doctrine
    /// takes any marker away and the short form places one when the test
    /// passed), so neither the removal nor the short form's tests are made.
    /// Test builds check it against the doctrine. Out of line: the
    /// activation keeps one isolation test inlined, its own.
    #[inline(never)]
    pub(super) fn settled_activation(&mut self, f: usize) {
        debug_assert!(self.settled(f));
        #[cfg(debug_assertions)]
        let before = (self.s.clone(), crate::core::dice::rolled_on_this_thread());
        #[cfg(test)]
        SETTLED.with(|n| n.set(n.get() + 1));
        let passed = self.isolation_test(f);
        // `set_overwatch`'s two writes, for a figure that is up: as a call
        // they cost some 36K instructions a run (performance/fma.md).
        debug_assert!(self.up(f));
        self.s.places[f].overwatch = passed;
        self.s.watching.set(f, passed);
        #[cfg(debug_assertions)]
        self.check_settled(f, before);
    }

    /// Test builds: a settled activation left the battle as the doctrine
    /// would have, from the same state.
    #[cfg(debug_assertions)]
    fn check_settled(&mut self, f: usize, before: (super::State, u64)) {
        use crate::core::dice::rolled_on_this_thread;
        let (start, fast_end) = (before.1, rolled_on_this_thread());
        let fast = std::mem::replace(&mut self.s, before.0);
        self.full_activation(f);
        assert_eq!(rolled_on_this_thread() - fast_end, fast_end - start, "dice");
        assert_same_outcome(&fast, &self.s);
        assert!(fast.remote == self.s.remote);
        self.s = fast;
    }

    /// No enemy within reach: no fight, charge, aim or fire, and no watcher
    /// or reactor can shoot between the actions. What is left is the
    /// attackers' advance and the overwatch marker; a move through a cloud
    /// may catch the figure (down: its activation ends; suppressed: its
    /// second action rallies, as the doctrine has it).
    fn short_form(&mut self, f: usize, advances: bool) {
        let mut moved = false;
        // An attacker at the enemy's line cannot advance (`advance` returns
        // at once there): its tries are skipped, not made and refused.
        let advances = advances && !self.at_enemy_line(f);
        if advances {
            let stand = self.p.figures[f].stand as u32;
            let bounding = (stand + self.s.turn).is_multiple_of(2);
            moved = (bounding && self.advance(f, 2, true)) || self.advance(f, 2, false);
        }
        if !moved {
            self.watch(f);
        }
        if advances {
            if !self.up(f) {
                return;
            }
            if self.s.places[f].suppressed {
                self.rally(f);
                return;
            }
            let bound = moved && self.s.places[f].cover == Cover::None && self.advance(f, 1, true);
            if !bound && self.advance(f, 1, false) {
                moved = true;
            }
            if !moved {
                self.watch(f);
            }
        }
    }

    /// Whether `f` stands where `advance` cannot take it forward (its
    /// `hopeless` test): its place and the enemy's front do not change in
    /// its short form unless it moves, so every try would be refused.
    fn at_enemy_line(&mut self, f: usize) -> bool {
        let stop = self.front(self.role(f).other()) + 1.0;
        self.s.places[f].x - 0.5 < stop - 1e-6
    }

    /// The doctrine's last resort: an overwatch marker, if the figure has a
    /// gun and none yet.
    fn watch(&mut self, f: usize) {
        if !self.s.places[f].overwatch && self.gun(f).is_some() {
            self.set_overwatch(f, true);
            self.log(Some(self.role(f)), move |b| FmaEvent::Overwatch {
                figure: b.name(f),
            });
        }
    }

    /// Whether no enemy up stands within every reach across from `f` (the
    /// longest gun's aimed reach, a charge): once so, always so, since
    /// figures keep their place across and none comes back up.
    fn remote(&mut self, f: usize) -> bool {
        if self.s.remote.get(f) {
            return true;
        }
        let moves = self.p.figures[f].burden.inches() as f64;
        let reach = self.p.max_aimed_reach.max(2.0 * moves + BASE);
        let window = self.win(f).remote.range();
        debug_assert_eq!(window, self.across(f, self.role(f).other(), reach));
        let alive = &self.s.alive;
        if bits::first_in(window, |k| alive.word(k)).is_some() {
            return false;
        }
        self.s.remote.set(f, true);
        true
    }

    /// Test builds: the short form left the battle as the doctrine would
    /// have, from the same state.
    #[cfg(debug_assertions)]
    fn check_idle(&mut self, f: usize, before: (super::State, u64)) {
        use crate::core::dice::rolled_on_this_thread;
        // Only a cloud met on the way rolls dice; the doctrine, from the
        // same state (dice included), rolls the same ones.
        let (start, fast_end) = (before.1, rolled_on_this_thread());
        let fast = std::mem::replace(&mut self.s, before.0);
        let mut act = super::fight::Activation::default();
        self.action(f, 0, &mut act);
        if self.up(f) {
            self.interrupt(f);
            if self.up(f) {
                self.action(f, 1, &mut act);
            }
        }
        assert_eq!(rolled_on_this_thread() - fast_end, fast_end - start, "dice");
        assert!(!fast.clouds.is_empty() || fast_end == start, "no dice");
        assert_same_outcome(&fast, &self.s);
        assert_eq!(fast.log, self.s.log);
        self.s = fast;
    }
}

/// Test builds: a shortcut's state `a` is the doctrine's `b` in all that
/// an activation changes.
#[cfg(debug_assertions)]
fn assert_same_outcome(a: &super::State, b: &super::State) {
    assert!(a.places == b.places && a.stands == b.stands);
    assert!(a.alive == b.alive && a.ready == b.ready && a.pinned == b.pinned);
    assert!(a.watching == b.watching && a.front == b.front && a.clock == b.clock);
    assert!(a.stamps == b.stamps && a.unsure == b.unsure);
}

#[cfg(test)]
thread_local! {
    /// Settled activations taken on this thread (tests count them).
    static SETTLED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[cfg(test)]
mod tests {
    use super::super::testing::{battle, RIFLES};
    use super::super::{Battle, Prepared};
    use crate::battle::drive::play_out;
    use crate::battle::result::Role;
    use crate::core::dice::Roller;
    use crate::core::kinds::Cover as Campaign;

    /// A line far wider than the other: its flanks stand out of every reach.
    fn fight(att: usize, def: usize, seed: u64) -> Vec<(Role, bool)> {
        let s = battle(&vec![RIFLES; att], &vec![RIFLES; def], 60, Campaign::Cover);
        let p = Prepared::new(&s, seed.is_multiple_of(2)).unwrap();
        let mut b = Battle {
            p: &p,
            s: p.start(Roller::seeded(seed)),
        };
        play_out(&mut b, s.turn_limit);
        (0..p.figures.len())
            .map(|f| (p.figures[f].role, b.s.remote.get(f)))
            .collect()
    }

    #[test]
    fn settled_figures_activate_as_the_doctrine_would() {
        // Test builds check every settled activation against the doctrine
        // (`check_settled`); here: that a wide defence takes some, turn
        // after turn, with the log off.
        let before = super::SETTLED.with(|n| n.get());
        for seed in 1..=3 {
            let s = battle(&vec![RIFLES; 8], &vec![RIFLES; 40], 60, Campaign::Cover);
            let p = Prepared::new(&s, false).unwrap();
            let mut b = Battle {
                p: &p,
                s: p.start(Roller::seeded(seed)),
            };
            while b.s.over.is_none() && b.s.turn < 4 {
                b.turn();
            }
        }
        let settled = super::SETTLED.with(|n| n.get()) - before;
        assert!(settled > 10, "{settled} settled activations");
    }

    #[test]
    fn the_flanks_of_a_wide_line_take_the_short_form_as_the_doctrine_would() {
        // Test builds check every short activation against the doctrine
        // (`check_idle`), log on and off; here: that there are some, on
        // both sides, and only out of reach.
        for seed in 1..=4 {
            let wide_defence = fight(2, 40, seed);
            assert!(wide_defence.iter().any(|&(r, x)| r == Role::Defender && x));
            let wide_attack = fight(40, 2, seed);
            assert!(wide_attack.iter().any(|&(r, x)| r == Role::Attacker && x));
            assert!(
                !wide_attack[78..82].iter().any(|&(_, x)| x),
                "the flanks only"
            );
        }
    }

    #[test]
    fn a_flank_attacker_walking_into_smoke_takes_the_short_form_as_the_doctrine_would() {
        use super::super::smoke::Cloud;
        use crate::rules::fma::smoke::Agent;
        // Test builds compare each short activation with the doctrine
        // (`check_idle`), dice included; here a cloud stands in the path of
        // the far flank's bound, so the short form meets it.
        let s = battle(&vec![RIFLES; 60], &[RIFLES; 2], 60, Campaign::Cover);
        let mut caught = 0;
        for seed in 1..=20 {
            let p = Prepared::new(&s, true).unwrap();
            let mut b = Battle {
                p: &p,
                s: p.start(Roller::seeded(seed)),
            };
            b.s.turn = 2;
            b.begin_turn_marks();
            let (f, (x, y)) = (0, b.spot(0));
            b.s.clouds.push(Cloud {
                x: x - 3.0,
                y,
                agent: Agent::Smoke,
                seq: 0,
            });
            b.activate(f);
            assert!(b.s.remote.get(f), "the short form, with a cloud standing");
            let log = serde_json::to_string(b.s.log.events()).unwrap();
            caught += usize::from(log.contains("\"caught\""));
        }
        assert!(caught > 0, "the cloud caught the figure in some battles");
    }
}
