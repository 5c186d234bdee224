//! Behaviour of the resolver in the air over many seeded battles: infantry
//! firing at aircraft, air-to-air combat, strafing and evasive action.

use super::tests::{battle, events, hma, kind, lta, stand, stands};
use crate::battle::event::Event;
use crate::battle::setup::StandSetup;
use crate::core::kinds::{AircraftSpeed, Cover, StandType, Weapon};

fn aircraft(speed: AircraftSpeed, weapon: Weapon) -> StandSetup {
    StandSetup {
        stand_type: StandType::Aircraft,
        equipment: None,
        speed: Some(speed),
        weapon: Some(weapon),
        men: 2,
        ..StandSetup::example("air")
    }
}

fn data(e: &Event) -> &serde_json::Value {
    e.data.as_ref().unwrap()
}

fn by(e: &Event, firer: &str) -> bool {
    e.actor.as_deref() == Some(firer)
}

#[test]
fn infantry_fire_at_an_aircraft_with_their_own_weapons_on_the_table_s_infantry_line() {
    // BiA L455: HMA infantry engage aircraft within 2 km, locking on at −4
    // and firing at −1 on the "other AD" line. A slow gunship alone attacks
    // two HMA teams: they shoot back, and sometimes bring it down.
    let gunship = aircraft(AircraftSpeed::Slow, Weapon::VehCannon);
    let setup = battle(
        vec![stand(&gunship, "g1", "air")],
        stands(&hma(), "d", "dc", 2),
        60,
        Cover::Cover,
    );
    let (mut shots, mut hits) = (0, 0);
    for seed in 0..30 {
        for e in events(&setup, seed)
            .iter()
            .filter(|e| kind(e) == "air_defence")
        {
            assert!(by(e, "d1") || by(e, "d2"), "{}", e.text);
            let d = data(e);
            assert_eq!(d["system_firing"], -1, "{}", e.text);
            assert_eq!(d["hit_number"], 8, "{}", e.text);
            assert!(
                !d["locked"].as_bool().unwrap(),
                "−4 never locks: {}",
                e.text
            );
            shots += 1;
            hits += usize::from(d["hit"].as_bool().unwrap());
        }
    }
    assert!(shots > 20 && hits > 2, "{shots} {hits}");
}

#[test]
fn a_flyer_fights_enemy_aircraft_air_to_air_not_through_the_sam_table() {
    // BiA L472: an opposed roll decides lock-on, not the lock-on table.
    let flyer = aircraft(AircraftSpeed::Fast, Weapon::MultiCannon);
    let pacifier = aircraft(AircraftSpeed::Slow, Weapon::VehCannon);
    let setup = battle(
        [
            vec![stand(&flyer, "f1", "air")],
            stands(&lta(), "a", "ac", 4),
        ]
        .concat(),
        [
            vec![stand(&pacifier, "p1", "dair")],
            stands(&lta(), "d", "dc", 4),
        ]
        .concat(),
        60,
        Cover::Cover,
    );
    let mut combats = 0;
    for seed in 0..20 {
        for e in events(&setup, seed).iter().filter(|e| by(e, "f1")) {
            if data(e)["target"] != "p1" {
                continue;
            }
            assert_eq!(e.phase, "air to air", "{}", e.text);
            assert!(data(e)["opposed"].is_array(), "{}", e.text);
            assert!(e.text.contains("air combat"), "{}", e.text);
            combats += 1;
        }
    }
    assert!(combats > 10, "{combats}");
}

#[test]
fn a_multi_cannon_flyer_strafes_a_line_until_its_first_miss() {
    // BiA L480: each target in turn, up to six; a miss ends the run.
    let flyer = aircraft(AircraftSpeed::Slow, Weapon::MultiCannon);
    let setup = battle(
        [
            vec![stand(&flyer, "f1", "air")],
            stands(&lta(), "a", "ac", 4),
        ]
        .concat(),
        stands(&lta(), "d", "dc", 8),
        60,
        Cover::Cover,
    );
    let (mut runs, mut long_runs) = (0, 0);
    for seed in 0..30 {
        let ev = events(&setup, seed);
        let turns = ev.iter().map(|e| e.turn).max().unwrap_or(0);
        for turn in 1..=turns {
            let run: Vec<&Event> = ev
                .iter()
                .filter(|e| e.turn == turn && e.phase == "strafing" && by(e, "f1"))
                .collect();
            if run.is_empty() {
                continue;
            }
            assert!(run.len() <= 6, "seed {seed} turn {turn}");
            for e in &run[..run.len() - 1] {
                assert!(data(e)["hits"].as_i64().unwrap() > 0, "{}", e.text);
            }
            let targets: std::collections::BTreeSet<_> =
                run.iter().map(|e| data(e)["target"].to_string()).collect();
            assert_eq!(targets.len(), run.len(), "each stand once a run");
            runs += 1;
            long_runs += usize::from(run.len() > 1);
        }
    }
    assert!(runs > 20 && long_runs > 5, "{runs} {long_runs}");
}

#[test]
fn an_aircraft_with_nothing_to_engage_takes_evasive_action_and_holds_its_fire() {
    // A shuttle carrying only a MANPAD meets no enemy aircraft: it evades
    // (BiA L402: −3 to fire at it) and, evading, cannot fire (L476).
    let shuttle = aircraft(AircraftSpeed::Slow, Weapon::Manpad);
    let manpad = StandSetup {
        weapon: Some(Weapon::Manpad),
        men: 2,
        ..lta()
    };
    let setup = battle(
        [
            vec![stand(&shuttle, "s1", "air")],
            stands(&lta(), "a", "ac", 4),
        ]
        .concat(),
        [stands(&lta(), "d", "dc", 3), stands(&manpad, "m", "dc", 2)].concat(),
        60,
        Cover::Cover,
    );
    let mut shots = 0;
    for seed in 0..20 {
        let ev = events(&setup, seed);
        assert!(ev.iter().any(|e| kind(e) == "evasive" && by(e, "s1")));
        assert!(!ev.iter().any(|e| kind(e) == "air_defence" && by(e, "s1")));
        for e in ev.iter().filter(|e| kind(e) == "air_defence") {
            assert!(e.text.contains("air evasive −3"), "{}", e.text);
            shots += 1;
        }
    }
    assert!(shots > 10, "{shots}");
}

#[test]
fn air_defence_meets_attacking_aircraft_in_suppressive_fire_before_they_attack() {
    // BiA sequence of play: suppressive fire by stationary defenders,
    // "including AD systems", comes before aircraft move and attack. A
    // regular gunship would otherwise fire first (better trained).
    let gunship = aircraft(AircraftSpeed::Slow, Weapon::VehCannon);
    let manpad = StandSetup {
        weapon: Some(Weapon::Manpad),
        men: 2,
        ..lta()
    };
    let setup = battle(
        [
            vec![stand(&gunship, "g1", "air")],
            stands(&lta(), "a", "ac", 4),
        ]
        .concat(),
        [stands(&lta(), "d", "dc", 3), stands(&manpad, "m", "dc", 1)].concat(),
        60,
        Cover::Cover,
    );
    let mut turns = 0;
    for seed in 0..20 {
        let ev = events(&setup, seed);
        let last = ev.iter().map(|e| e.turn).max().unwrap_or(0);
        for turn in 1..=last {
            let of_turn: Vec<&Event> = ev.iter().filter(|e| e.turn == turn).collect();
            let ad = of_turn.iter().position(|e| kind(e) == "air_defence");
            let attack = of_turn.iter().position(|e| e.phase == "air to surface");
            if let (Some(ad), Some(attack)) = (ad, attack) {
                assert!(ad < attack, "seed {seed} turn {turn}");
                turns += 1;
            }
        }
    }
    assert!(turns > 5, "{turns}");
}

#[test]
fn infantry_hold_their_fire_at_an_aircraft_they_cannot_hit() {
    // Moving Marine Armour (−4 on the move, MA is not HMA) on the HMA line
    // (−1, lock at −4) cannot reach a slow aircraft's 8, nor lock on: they
    // do not waste a turn of fire on it. Standing, they can (10 − 1 = 9).
    let gunship = aircraft(AircraftSpeed::Slow, Weapon::VehCannon);
    let marines = StandSetup {
        equipment: Some(crate::core::kinds::Equipment::Ma),
        weapon: Some(Weapon::MarineSca),
        men: 4,
        ..StandSetup::example("ma")
    };
    let setup = battle(
        [
            vec![stand(&gunship, "g1", "air")],
            stands(&marines, "m", "ac", 4),
        ]
        .concat(),
        [
            stands(&lta(), "d", "dc", 2),
            vec![stand(&gunship, "p1", "dair")],
        ]
        .concat(),
        30,
        Cover::Cover,
    );
    let mut standing = 0;
    for seed in 0..30 {
        for e in events(&setup, seed).iter().filter(|e| {
            kind(e) == "air_defence" && e.actor.as_deref().is_some_and(|a| a.starts_with('m'))
        }) {
            assert!(!e.text.contains("moving infantry"), "{}", e.text);
            standing += 1;
        }
    }
    assert!(standing > 0, "{standing}");
}

#[test]
fn a_defending_aircraft_attacks_the_ground_in_the_firing_phase_not_in_suppressive_fire() {
    // BiA L145–151: suppressive fire is for stationary defenders; aircraft
    // move (L148) and then attack the ground (air to surface, L151). A
    // defending gunship's ground attack comes after the attackers' moves.
    let gunship = aircraft(AircraftSpeed::Slow, Weapon::VehCannon);
    let setup = battle(
        stands(&lta(), "a", "ac", 8),
        [
            stands(&lta(), "d", "dc", 3),
            vec![stand(&gunship, "p1", "dair")],
        ]
        .concat(),
        30,
        Cover::Cover,
    );
    let (mut early, mut attacks) = (Vec::new(), 0);
    for seed in 0..40 {
        let ev = events(&setup, seed);
        for e in ev.iter().filter(|e| by(e, "p1") && kind(e) == "fire") {
            attacks += 1;
            let moves_after = ev
                .iter()
                .skip_while(|x| !std::ptr::eq(*x, e))
                .any(|x| x.turn == e.turn && matches!(kind(x), "advance" | "assault"));
            if moves_after {
                early.push(format!("seed {seed} turn {}: {}", e.turn, e.text));
            }
        }
    }
    assert!(
        early.is_empty(),
        "{} early: {:?}",
        early.len(),
        &early[..early.len().min(3)]
    );
    assert!(attacks > 20, "{attacks}");
}
