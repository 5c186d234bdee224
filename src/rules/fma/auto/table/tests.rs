//! The table's commands checked line by line against the rules they enforce.

use super::super::testing::{battle, RIFLES};
use super::*;
use crate::core::kinds::{Cover as Campaign, Equipment, Training, Weapon};

#[test]
fn a_charge_is_within_a_move_reaction_is_at_the_activating_figure_and_aim_is_the_aimers() {
    let p = ("p", RIFLES.1, RIFLES.2, RIFLES.3, RIFLES.4, RIFLES.5);
    let s = battle(&[p], &[RIFLES], 150, Campaign::Open);
    let mut t = FmaTable::new(&s, Roller::for_table(1, true)).unwrap();
    line(&mut t, "activate p#1", &[]).unwrap();
    let far = line(&mut t, "close p#1 at r#1", &["5", "1"]);
    assert!(
        far.is_err_and(|e| e.contains("beyond")),
        "59\" is no charge"
    );
    assert!(
        line(&mut t, "close p#1 at r#2", &["5", "1"]).is_err(),
        "r#2 is 2\" across: no contact straight ahead"
    );
    line(&mut t, "place p#1 9", &[]).unwrap();
    // 8" into contact with the MOVE, then the fight: both actions.
    line(&mut t, "close p#1 at r#1", &["5", "1", "6", "6", "6"]).unwrap();
    assert_eq!(t.s.places[0].x, 1.0, "in base contact, 1\" in front");
    assert_eq!(t.s.places[0].cover, Cover::None);
    assert!(!t.s.places[4].up, "5 against 1: more than double, killed");
    assert!(line(&mut t, "aim p#1", &[]).is_err(), "both actions spent");

    // Reaction fire only at the activating figure, between its actions.
    line(&mut t, "place p#2 30", &[]).unwrap();
    line(&mut t, "activate p#2", &["8"]).unwrap();
    assert!(
        line(&mut t, "react r#2 at p#2", &["6", "6", "1"]).is_err(),
        "before its first action"
    );
    line(&mut t, "aim p#2", &[]).unwrap();
    assert!(
        line(&mut t, "react r#2 at p#3", &["6", "6", "1"]).is_err(),
        "p#3 is not activating"
    );
    line(&mut t, "react r#2 at p#2", &["1", "1", "8", "8"]).unwrap();
    assert!(t.s.places[5].activated, "the reactor's activation is used");

    // A leader's AIM is his own: the friend he passes an action to
    // fires unaimed (30" is the rifle's long band; aimed, medium).
    t.next_turn();
    line(&mut t, "place p#3 30", &[]).unwrap();
    line(&mut t, "place p#1 30", &[]).unwrap();
    line(&mut t, "activate p#1", &[]).unwrap();
    line(&mut t, "aim p#1", &[]).unwrap();
    line(&mut t, "transfer p#1 to p#3", &["8"]).unwrap();
    line(&mut t, "fire p#3 at r#3", &["1", "1", "8", "8"]).unwrap();
    let last = t
        .events()
        .iter()
        .rev()
        .find(|e| e.text.contains(" fires "))
        .unwrap()
        .text
        .clone();
    assert!(last.contains("long") && !last.contains("aimed"), "{last}");
    // The action passed is taken at once, not kept for a later turn.
    line(&mut t, "transfer p#1 to p#4", &["8"]).ok();
    t.next_turn();
    line(&mut t, "activate p#3", &[]).unwrap();
    assert!(
        line(&mut t, "aim p#4", &[]).is_err(),
        "p#4 is not activating"
    );
}

#[test]
fn crossing_a_line_of_cover_takes_half_a_move() {
    let p = ("p", RIFLES.1, RIFLES.2, RIFLES.3, RIFLES.4, RIFLES.5);
    let s = battle(&[p], &[RIFLES], 150, Campaign::Cover);
    let mut t = FmaTable::new(&s, Roller::for_table(1, true)).unwrap();
    // From 59" to 51": no line crossed (the next is at 50").
    line(&mut t, "activate p#1", &[]).unwrap();
    line(&mut t, "move p#1 8", &[]).unwrap();
    line(&mut t, "move p#1 1", &[]).unwrap();
    assert_eq!(t.s.places[0].x, 50.0);
    assert_eq!(t.s.places[0].cover, Cover::Soft, "behind the hedge at 50\"");
    t.next_turn();
    line(&mut t, "activate p#1", &["8"]).unwrap();
    assert!(
        line(&mut t, "move p#1 5", &[]).is_err(),
        "over the hedge: 4\" at most"
    );
    line(&mut t, "move p#1 4", &[]).unwrap();
    assert_eq!(t.s.places[0].x, 46.0);
}

#[test]
fn an_overwatch_marker_lapses_when_its_figure_activates_again() {
    let p = ("p", RIFLES.1, RIFLES.2, RIFLES.3, RIFLES.4, RIFLES.5);
    let s = battle(&[p], &[RIFLES], 150, Campaign::Cover);
    let mut t = FmaTable::new(&s, Roller::for_table(1, true)).unwrap();
    line(&mut t, "activate p#1", &[]).unwrap();
    line(&mut t, "overwatch p#1", &[]).unwrap();
    t.next_turn();
    line(&mut t, "activate p#1", &[]).unwrap();
    assert!(!t.s.places[0].overwatch, "lapsed at its next activation");
    assert!(line(&mut t, "watch p#1 at r#1", &["6", "6", "1", "9", "1", "1"]).is_err());
    line(&mut t, "overwatch p#1", &[]).unwrap();
    assert!(t.s.places[0].overwatch, "a fresh one may be placed");
}

/// One line as the engine plays it: refused lines change nothing.
fn line(t: &mut FmaTable, text: &str, dice: &[&str]) -> Result<(), String> {
    let before = t.save();
    t.dice().give(dice.iter().map(|d| d.to_string()).collect());
    let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let out = t.act(&words).and_then(|_| match t.dice().short() {
        Some(d) => Err(format!("short of {d}")),
        None => Ok(()),
    });
    if out.is_err() {
        t.load(before);
    }
    out
}

#[test]
fn power_armour_doubles_in_close_combat_and_a_leader_passes_an_action() {
    let hma = (
        "p",
        Training::Regular,
        Equipment::Hma,
        Weapon::SlaSquad,
        4,
        2,
    );
    let s = battle(&[hma], &[RIFLES], 60, Campaign::Open);
    let mut t = FmaTable::new(&s, Roller::for_table(1, true)).unwrap();
    line(&mut t, "place p#1 1", &[]).unwrap();
    line(&mut t, "activate p#1", &["8"]).unwrap();
    // In base contact (1" ahead): D8 3 doubled to 6 against the rifleman's 5: a wound (not more than
    // double); he goes down and his friends within 8" test.
    line(&mut t, "close p#1 at r#1", &["3", "5", "6", "6", "6"]).unwrap();
    assert!(!t.s.places[4].up && !t.s.places[4].dead);
    assert!(t.status().contains("r#1 (defender)"));
    line(&mut t, "aim p#1", &[]).unwrap();
    assert!(line(&mut t, "aim p#1", &[]).is_err(), "two actions only");
    // r#2 fails a test and is suppressed; it may only rally.
    line(&mut t, "test r#2", &["2"]).unwrap();
    assert!(t.s.places[5].suppressed);
    line(&mut t, "activate r#3", &[]).unwrap();
    assert!(
        line(&mut t, "transfer r#3 to r#2", &[]).is_err(),
        "r#3 is no leader"
    );
    assert!(line(&mut t, "activate r#2", &[]).is_ok());
    assert!(
        line(&mut t, "fire r#2 at p#2", &["1", "1", "1"]).is_err(),
        "suppressed"
    );
    line(&mut t, "rally r#2", &["3"]).unwrap();
    assert!(!t.s.places[5].suppressed, "3 beats motivation 2");

    // Next turn: p#2 is suppressed; its leader p#1 passes it an action
    // (D8 5 beats 2 + 2) and p#2 spends it on a rally without activating.
    t.next_turn();
    line(&mut t, "test p#2", &["1"]).unwrap();
    assert!(t.s.places[1].suppressed);
    assert!(
        line(&mut t, "activate p#1", &[]).is_err(),
        "alone at 0\": a test"
    );
    line(&mut t, "place p#1 24", &[]).unwrap();
    line(&mut t, "activate p#1", &[]).unwrap();
    line(&mut t, "transfer p#1 to p#2", &["5"]).unwrap();
    line(&mut t, "rally p#2", &["5"]).unwrap();
    assert!(!t.s.places[1].suppressed);
    assert!(
        line(&mut t, "rally p#2", &["5"]).is_err(),
        "one action passed"
    );
}

#[test]
fn smoke_blocks_fire_catches_those_who_enter_and_clears_on_a_five_or_six() {
    let p = ("p", RIFLES.1, RIFLES.2, RIFLES.3, RIFLES.4, RIFLES.5);
    let s = battle(&[p], &[RIFLES], 150, Campaign::Open);
    let mut t = FmaTable::new(&s, Roller::for_table(1, true)).unwrap();
    line(&mut t, "place p#1 20", &[]).unwrap();
    line(&mut t, "place p#2 20", &[]).unwrap();
    line(&mut t, "activate p#1", &[]).unwrap();
    // 10" with a 2" band: target number 5; the D8 shows 6, on target.
    line(&mut t, "smoke p#1 at 10", &["6"]).unwrap();
    assert_eq!(t.s.clouds.len(), 1);
    assert_eq!((t.s.clouds[0].x, t.s.clouds[0].y), (10.0, t.p.ys[0]));
    let blocked = line(&mut t, "fire p#1 at r#1", &["8", "8", "1", "8"]);
    assert!(
        blocked.is_err_and(|e| e.contains("cloud")),
        "through the cloud"
    );
    // A cloud stays on 4 or less and clears on 5 or 6 (L1307-1314).
    t.dice().give(vec!["4".into()]);
    t.next_turn();
    assert_eq!(t.s.clouds.len(), 1, "a 4 leaves it");
    // Walking into it: a reaction test, a failure suppresses (L1297-1303).
    line(&mut t, "place p#2 16", &[]).unwrap();
    line(&mut t, "activate p#2", &[]).unwrap();
    line(&mut t, "move p#2 4", &["2"]).unwrap();
    assert!(t.s.places[1].suppressed, "2 does not beat its motivation");
    t.dice().give(vec!["5".into()]);
    t.next_turn();
    assert!(t.s.clouds.is_empty(), "a 5 clears it");
    line(&mut t, "activate p#1", &["8"]).unwrap();
    line(
        &mut t,
        "fire p#1 at r#1",
        &["8", "8", "1", "8", "1", "8", "8", "8"],
    )
    .unwrap();
}

#[test]
fn gas_gets_into_a_sealed_suit_only_on_a_one_and_nerve_gas_downs_the_unsealed() {
    let hma = (
        "p",
        Training::Regular,
        Equipment::Hma,
        Weapon::SlaSquad,
        4,
        2,
    );
    let s = battle(&[hma], &[RIFLES], 60, Campaign::Open);
    let mut t = FmaTable::new(&s, Roller::for_table(1, true)).unwrap();
    for p in ["p#1", "p#2", "p#3", "p#4"] {
        line(&mut t, &format!("place {p} 10"), &[]).unwrap();
    }
    line(&mut t, "activate r#1", &["8"]).unwrap();
    assert!(
        line(&mut t, "smoke r#1 at p#1 pepper", &["8"]).is_err(),
        "smoke, gas or nerve"
    );
    // On target (8 beats 5); p#1 and p#2, 2" apart, are caught; their suits
    // let the gas in only on a 1.
    line(&mut t, "smoke r#1 at p#1 nerve", &["8", "1", "5"]).unwrap();
    assert!(
        t.s.places[0].suppressed && t.s.places[0].up,
        "a 1: suppressed"
    );
    assert!(!t.s.places[1].suppressed, "a 5: nothing");
    // Smoke asks no roll of a sealed suit (L1304-1306): the line needs
    // only the deviation die.
    line(&mut t, "activate r#2", &["8"]).unwrap();
    line(&mut t, "smoke r#2 at p#4", &["8"]).unwrap();
    assert!(!t.s.places[3].suppressed && !t.s.places[2].suppressed);
    // Unsealed riflemen under nerve gas: failing to beat the motivation
    // takes a figure down.
    line(&mut t, "activate p#2", &["8"]).unwrap();
    let caught = (4..8)
        .filter(|&g| {
            let (x, y) = (t.s.places[g].x, t.p.ys[g]);
            crate::rules::fma::smoke::caught((x, y), (0.0, t.p.ys[4]))
        })
        .count();
    let mut dice = vec!["8"];
    dice.extend(std::iter::repeat_n("1", caught));
    // Friends seeing one go down test (and pass).
    dice.extend(["8"; 8]);
    line(&mut t, "smoke p#2 at r#1 nerve", &dice).unwrap();
    assert!(!t.s.places[4].up, "r#1 is down");
}

#[test]
fn a_charge_through_smoke_is_caught_in_it() {
    let p = ("p", RIFLES.1, RIFLES.2, RIFLES.3, RIFLES.4, RIFLES.5);
    let s = battle(&[p], &[RIFLES], 150, Campaign::Open);
    let mut t = FmaTable::new(&s, Roller::for_table(1, true)).unwrap();
    line(&mut t, "place p#1 9", &[]).unwrap();
    line(&mut t, "activate r#1", &[]).unwrap();
    // 5" ahead of r#1, on target: 4" short of p#1, 5" from r#1.
    line(&mut t, "smoke r#1 at 5", &["8"]).unwrap();
    let caught = |t: &FmaTable| {
        t.events()
            .iter()
            .filter(|e| e.text.contains("caught in the smoke"))
            .count()
    };
    assert_eq!(caught(&t), 0, "nobody within 3\"");
    line(&mut t, "activate p#1", &["8"]).unwrap();
    // The charge's 8" pass through the cloud: a test (1, failed) before
    // the fight.
    line(&mut t, "close p#1 at r#1", &["1", "5", "1", "6", "6", "6"]).unwrap();
    assert_eq!(caught(&t), 1);
    assert!(t.s.places[0].suppressed);
}
