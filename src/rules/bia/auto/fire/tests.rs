//! The choice among equally near targets, over many seeds.

use super::super::tests::{battle, lta, militia, stands};
use super::super::{Battle, Prepared};
use super::*;

#[test]
fn a_stand_put_out_of_the_fight_lends_no_weight_to_its_neighbour_in_the_choice() {
    // Four militia sections side by side; the second goes ineffective
    // after the phase's lists were made. The other three, equally near,
    // are each shot a third of the time (not the third section half).
    let setup = battle(
        stands(&lta(), "a", "ac", 1),
        stands(&militia(), "d", "dc", 4),
        10,
        Cover::Open,
    );
    let prep = Prepared::new(&setup, false).unwrap();
    let mut picks = [0usize; 4];
    let runs = 3000;
    for seed in 0..runs {
        let mut b = Battle {
            p: &prep,
            s: prep.start(seed),
        };
        b.target_lists(Role::Defender);
        b.set_state(2, State::Ineffective);
        let j = b.pick_target(0).unwrap();
        picks[j - 1] += 1;
    }
    assert_eq!(picks[1], 0);
    for (k, &n) in picks.iter().enumerate().filter(|&(k, _)| k != 1) {
        let share = n as f64 / runs as f64;
        assert!(
            (0.29..0.38).contains(&share),
            "d{}: {share} {picks:?}",
            k + 1
        );
    }
}
