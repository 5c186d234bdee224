//! Odds runs: the same fight as `fight`, kept as a summary, on a state whose
//! vectors are reused from the thread's previous run. Odds fight thousands of
//! runs, so nothing of the full result (codes, outcomes, carry-over) is built.

use super::{Battle, Prepared, State};
use crate::battle::drive::play_out;
use crate::battle::result::Winner;
use crate::battle::ruleset::RunSummary;
use crate::core::dice::Roller;
use crate::core::kinds::Status;

thread_local! {
    /// The last battle fought for odds on this thread, kept for its vectors.
    static SPARE: std::cell::RefCell<Option<State>> = const { std::cell::RefCell::new(None) };
}

impl Prepared<'_> {
    /// Sets `s` to the start of the battle with `dice`, keeping the
    /// vectors it has.
    fn restart(&self, s: &mut State, dice: Roller) {
        s.dice = dice;
        self.reset(s);
    }

    /// One odds run from `seed`.
    pub(super) fn odds_run(&self, seed: u64, order: &[&str]) -> RunSummary {
        SPARE.with(|spare| {
            let s = match spare.take() {
                Some(mut s) => {
                    self.restart(&mut s, Roller::seeded(seed));
                    s
                }
                None => self.start(Roller::seeded(seed)),
            };
            let mut b = Battle { p: self, s };
            play_out(&mut b, self.setup.turn_limit);
            let out = b.summary();
            debug_assert!(self
                .stands
                .iter()
                .map(|s| s.code.as_str())
                .eq(order.iter().copied()));
            spare.replace(Some(b.s));
            out
        })
    }
}

impl Battle<'_, '_> {
    /// What odds keep of the battle: the same as `RunSummary::of(finish)`.
    fn summary(&self) -> RunSummary {
        let n = self.p.stands.len();
        let mut status = vec![Status::Destroyed; n];
        let mut hits = [0i64; 2];
        for (e, el) in self.s.elements.iter().enumerate() {
            if el.alive {
                status[self.p.stand_of[e]] = Status::Effective;
            } else {
                hits[el.role.index()] += el.people;
            }
        }
        RunSummary {
            winner: self.s.over.as_ref().map_or(Winner::Defender, |(w, _)| *w),
            turns: self.s.turn,
            hits,
            status,
        }
    }
}
