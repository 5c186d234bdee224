//! Group morale after every action phase, tested as under BiA at the
//! casualty thresholds of each command's group (ACTION has no morale; the
//! campaign's is borrowed, SPEC 4.7).

use super::events::AfterPhase;
use super::{Battle, State};
use crate::battle::group_morale::test_order;
use crate::battle::shared_events::Shared;

impl Battle<'_, '_> {
    /// Casualties of a group: people hit (each element's life levels lost;
    /// an element's strength is its people, so nothing counts twice).
    fn casualties_of(&self, g: usize) -> i64 {
        let kept = self.s.group_hits[g];
        debug_assert_eq!(
            kept,
            self.s
                .pieces
                .iter()
                .filter(|x| x.group == g)
                .map(|x| x.hits)
                .sum::<i64>()
        );
        kept
    }

    /// A group's test if it has reached a threshold it has not tested; returns
    /// whether a test was taken.
    pub(crate) fn test_group(&mut self, g: usize) -> bool {
        debug_assert_eq!(
            self.s.group_fighting[g],
            self.s
                .pieces
                .iter()
                .filter(|x| x.group == g && x.fighting())
                .count()
        );
        if self.s.group_fighting[g] == 0 {
            return false;
        }
        let cas = self.casualties_of(g);
        // Whether a test is due rests on the casualties and on the tests
        // taken; none taken since the last look found none due, so the same
        // casualties find none again (every phase asks every group).
        if self.s.no_test_at[g] == cas {
            debug_assert!(self.s.groups[g].due(cas).is_none());
            return false;
        }
        let Some(t) = self.s.groups[g].test(cas, &mut self.s.dice) else {
            self.s.no_test_at[g] = cas;
            return false;
        };
        let role = self.s.groups[g].role;
        self.log(Some(role), move |b| AfterPhase {
            phase: b.s.phase,
            what: Shared::group_morale(b.p.group_codes[g], &t),
        });
        if !t.passed {
            for k in 0..self.p.members[g].len() {
                let j = self.p.members[g][k];
                let x = &self.s.pieces[j];
                if x.fighting() {
                    self.stop_fighting(j, State::Left);
                }
            }
        }
        true
    }

    /// Group tests at the end of a phase, in BiA's order.
    pub(crate) fn morale_phase(&mut self) {
        debug_assert_eq!(self.p.morale_order, test_order(&self.s.groups));
        for k in 0..self.p.morale_order.len() {
            self.test_group(self.p.morale_order[k]);
        }
    }
}
