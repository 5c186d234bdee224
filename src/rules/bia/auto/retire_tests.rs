//! A retirement to cover in the morale phase is movement made this turn: the
//! stand fires as a moving one, after every stationary firer, and is shot at
//! as a moving target (BiA L389, L396, L399–401).

use super::tests::{battle, events, hovertank, kind, lta, modifier_names, stands};
use crate::battle::event::Event;
use crate::core::kinds::Cover;

/// Whether `stand` made a move of `why`'s kind (or any, with `None`) in `turn`.
fn moved_in(ev: &[Event], stand: &str, turn: u32, retire_only: bool) -> bool {
    ev.iter().any(|m| {
        m.turn == turn
            && matches!(kind(m), "advance" | "assault" | "fall_back")
            && m.actor.as_deref() == Some(stand)
            && (!retire_only || m.data.as_ref().unwrap()["why"] == "retires to cover")
    })
}

fn field<'e>(e: &'e Event, name: &str) -> &'e str {
    e.data.as_ref().unwrap()[name].as_str().unwrap()
}

#[test]
fn a_stand_that_retired_to_cover_fires_and_is_shot_at_as_a_moving_one() {
    let att = [
        stands(&lta(), "a", "ac", 6),
        stands(&hovertank(), "h", "ac", 4),
    ]
    .concat();
    let def = [
        stands(&lta(), "d", "dc", 4),
        stands(&hovertank(), "v", "dc", 4),
    ]
    .concat();
    let setups = [
        battle(att.clone(), def.clone(), 30, Cover::Cover),
        battle(att, def, 15, Cover::Open),
    ];
    let (mut as_firer, mut as_vehicle_target, mut ordered) = (0, 0, 0);
    for setup in &setups {
        for seed in 0..150 {
            let ev = events(setup, seed);
            for (n, e) in ev.iter().enumerate() {
                if kind(e) != "fire" || field(e, "phase") != "fire" {
                    continue;
                }
                let (firer, target) = (field(e, "firer"), field(e, "target"));
                let names = modifier_names(e);
                let has = |m: &str| names.iter().any(|x| x == m);
                if moved_in(&ev, target, e.turn, true) && target.starts_with(['h', 'v']) {
                    as_vehicle_target += 1;
                    assert!(!has("stationary_vehicle"), "{}", e.text);
                }
                if !moved_in(&ev, firer, e.turn, true) {
                    continue;
                }
                if firer.starts_with(['a', 'd']) {
                    as_firer += 1;
                    assert!(has("moving_infantry"), "{}", e.text);
                }
                // Every stationary stand has fired before it this turn.
                for later in ev[n + 1..].iter().filter(|l| l.turn == e.turn) {
                    if kind(later) == "fire" && field(later, "phase") == "fire" {
                        ordered += 1;
                        let f = field(later, "firer");
                        assert!(
                            moved_in(&ev, f, e.turn, false),
                            "{} then {}",
                            e.text,
                            later.text
                        );
                    }
                }
            }
        }
    }
    assert!(
        as_firer > 10 && as_vehicle_target > 3 && ordered > 10,
        "{as_firer} {as_vehicle_target} {ordered}"
    );
}
