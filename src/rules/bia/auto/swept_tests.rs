//! The fire-swept-zone test is taken by a stand attempting to cross the
//! ground the enemy swept with fire (BiA L310): not by a base of fire holding
//! in reach, and by it when it does move across.

use super::tests::{battle, events, kind, lta, stands};
use crate::battle::event::Event;
use crate::battle::result::Role;
use crate::core::kinds::Cover;

const CROSSING: &str = "about to cross a fire-swept zone or enter the enemy position";

fn data<'e>(e: &'e Event, name: &str) -> &'e str {
    e.data.as_ref().unwrap()[name].as_str().unwrap()
}

#[test]
fn a_stand_tests_for_the_fire_swept_zone_when_it_moves_across_it() {
    // 60 cm: foot stands armed with SLA come into reach with bounds to go,
    // so every other stand holds as a base of fire for some turns.
    let setup = battle(
        stands(&lta(), "a", "ac", 8),
        stands(&lta(), "d", "dc", 4),
        60,
        Cover::Cover,
    );
    let (mut crossings, mut swept_advances) = (0, 0);
    for seed in 0..60 {
        let ev = events(&setup, seed);
        let moves = |stand: &str, turn: u32| {
            ev.iter().any(|m| {
                m.turn == turn
                    && matches!(kind(m), "advance" | "assault")
                    && m.actor.as_deref() == Some(stand)
            })
        };
        for e in &ev {
            let stand = e.actor.as_deref().unwrap_or("");
            // A test that held leads to the move it was taken for.
            if kind(e) == "stand_morale"
                && data(e, "trigger") == CROSSING
                && data(e, "result") == "carry on"
            {
                crossings += 1;
                // Unless suppressive fire put it out of the fight first, or
                // its group gave up the attack.
                let hit_out = ev.iter().any(|x| {
                    x.turn == e.turn
                        && (x.text.starts_with(&format!("{stand} is "))
                            || x.text.contains("withdraws"))
                });
                assert!(
                    moves(stand, e.turn) || hit_out,
                    "{} (turn {})",
                    e.text,
                    e.turn
                );
            }
            // A bound over ground the defenders fired on the turn before
            // comes after the stand's test.
            let swept = ev.iter().any(|f| {
                f.turn + 1 == e.turn && kind(f) == "fire" && f.side == Some(Role::Defender)
            });
            if kind(e) == "advance" && swept {
                swept_advances += 1;
                // One roll answers every trigger due, named by the first, so
                // the log shows only that the stand has tested by now.
                let tested = ev.iter().any(|t| {
                    t.turn <= e.turn
                        && kind(t) == "stand_morale"
                        && t.actor.as_deref() == Some(stand)
                });
                assert!(tested, "{} (turn {}) without a test", e.text, e.turn);
            }
        }
    }
    assert!(
        crossings > 50 && swept_advances > 50,
        "{crossings} {swept_advances}"
    );
}
