//! Crew-served weapons (L1038-1088): the gunner sets the weapon up with a
//! whole activation and then fires it once an activation; a loader beside
//! him, neither having moved this turn, dices to pass his actions on as one
//! more shot, still on the gunner's die.

use super::events::FmaEvent;
use super::fight::Activation;
use super::fire::How;
use super::{Battle, Figure};
use crate::rules::fma::weapons::Arm;

/// Names the loader of the stand whose figures start at `first`: the
/// figure after the gunner, or before him in a stand of two.
pub(crate) fn name_loader(figures: &mut [Figure], first: usize) {
    let stand = &figures[first.min(figures.len())..];
    let Some(g) = stand.iter().position(|f| f.crewed) else {
        return;
    };
    let loader = if g + 1 < stand.len() {
        g + 1
    } else if g > 0 {
        g - 1
    } else {
        return;
    };
    figures[first + loader].loads_for = Some(first + g);
}

impl Battle<'_, '_> {
    /// One action of a crew-served weapon's gunner or loader, if the crew
    /// rules decide it: whether they did.
    pub(super) fn crew_action(&mut self, f: usize, n: usize, act: &mut Activation) -> bool {
        let fig = &self.p.figures[f];
        if fig.crewed {
            return self.gunner_action(f, n, act);
        }
        match fig.loads_for {
            Some(g) if n == 0 => self.load(f, g, act),
            _ => false,
        }
    }

    fn gunner_action(&mut self, f: usize, n: usize, act: &mut Activation) -> bool {
        let Arm::Gun(w) = self.p.figures[f].arm else {
            return false;
        };
        if self.p.stands[self.p.figures[f].stand].ammo <= 0 {
            return false;
        }
        let near = self.nearest(f);
        let in_reach = near.is_some_and(|(_, d)| d <= w.reach(true));
        let role = self.role(f);
        if !self.s.places[f].set_up {
            // Set up where the enemy is in reach; out of it, move as a
            // rifleman would (the attack brings the gun forward).
            if !in_reach || act.moved {
                return false;
            }
            if n == 0 {
                act.setting_up = true;
                self.log(Some(role), move |b| FmaEvent::SetUp {
                    figure: b.name(f),
                    weapon: w.name(),
                    done: false,
                });
                return true;
            }
            if act.setting_up {
                self.s.places[f].set_up = true;
                self.log(Some(role), move |b| FmaEvent::SetUp {
                    figure: b.name(f),
                    weapon: w.name(),
                    done: true,
                });
                return true;
            }
            // Half a set-up is no set-up: the action goes unused.
            return true;
        }
        // Set up: aim with the first action, fire with the second, and never
        // more than one shot in the activation.
        if act.fired {
            return true;
        }
        if n == 0 && in_reach {
            act.aimed = true;
            self.log(Some(role), move |b| FmaEvent::Aim { figure: b.name(f) });
            return true;
        }
        let reach = w.reach(act.aimed);
        if let Some((t, _)) = self.sighted(f, reach) {
            let aimed = std::mem::take(&mut act.aimed);
            act.fired = true;
            self.shoot(f, t, aimed, How::Fire);
            return true;
        }
        false
    }

    /// A loader's activation: with his gunner up, free, set up and neither
    /// having moved this turn, and a target in reach, he dices on his
    /// quality over his motivation; a pass is one aimed shot of the gun
    /// (his two actions standing for the gunner's AIM and FIRE), a fumble
    /// loses both actions.
    fn load(&mut self, f: usize, g: usize, act: &mut Activation) -> bool {
        let (gp, fp) = (self.s.places[g], self.s.places[f]);
        if !gp.up || gp.suppressed || !gp.set_up || gp.moved || fp.moved {
            return false;
        }
        let Some(w) = self.gun(g) else {
            return false;
        };
        let Some((t, _)) = self.sighted(g, w.reach(true)) else {
            return false;
        };
        let fig = &self.p.figures[f];
        let rolled = self.roll(fig.quality);
        let passed = rolled.roll > fig.motivation;
        act.loaded = true;
        self.log(Some(fig.role), move |b| FmaEvent::Load {
            loader: b.name(f),
            gunner: b.name(g),
            rolled,
            target: fig.motivation,
            passed,
        });
        if passed {
            self.shoot(g, t, true, How::Fire);
        }
        true
    }
}
