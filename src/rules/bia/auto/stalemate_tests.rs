//! A battle ends when one side can do no more to the other: attackers with
//! nothing in reach close or give up, and stands going back leave the table
//! once out of reach (the Raid on Site Kepler of the Full Moon campaign).

use super::tests::{battle, events, kind, lta, stand};
use crate::battle::event::Event;
use crate::battle::setup::{BattleSetup, StandSetup};
use crate::core::kinds::{
    AircraftSpeed, Cover, Equipment, StandType, Training, VehicleKind, Weapon,
};

/// The longest reach of any ground weapon in `kepler()` (the SLA squad's
/// 60 cm band) and the longest tactical move of its foot stands.
const REACH_CM: i64 = 60;
const MOVE_CM: i64 = 12;

fn with_morale(mut s: StandSetup, morale: i32) -> StandSetup {
    s.morale.base = morale;
    s.morale.unclamped = morale;
    s.morale.morale = morale;
    s
}

/// Two special forces pairs and a strike jet against a SAM battery (an
/// emplaced launcher behind its line, a SAM track, a MANPAD team) and two
/// guard squads in bunkers, at 60 cm.
fn kepler() -> BattleSetup {
    let sf = StandSetup {
        training: Training::SpecialForces,
        men: 2,
        ..StandSetup::example("sf")
    };
    let sf_hma = StandSetup {
        equipment: Some(Equipment::Hma),
        ..sf.clone()
    };
    let jet = StandSetup {
        stand_type: StandType::Aircraft,
        equipment: None,
        speed: Some(AircraftSpeed::Fast),
        weapon: Some(Weapon::AtMissile),
        men: 1,
        ..StandSetup::example("jet")
    };
    let trained = |s: StandSetup| StandSetup {
        training: Training::Trained,
        ..s
    };
    let sam = trained(StandSetup {
        stand_type: StandType::Artillery,
        equipment: None,
        weapon: Some(Weapon::HeavySam),
        men: 4,
        ..StandSetup::example("sam")
    });
    let track = trained(StandSetup {
        stand_type: StandType::Vehicle,
        equipment: None,
        vehicle: Some(VehicleKind::LightTrack),
        weapon: Some(Weapon::VehicleSam),
        men: 3,
        ..StandSetup::example("trk")
    });
    let manpad = trained(StandSetup {
        weapon: Some(Weapon::Manpad),
        men: 2,
        ..StandSetup::example("mp")
    });
    let guard = StandSetup { men: 9, ..lta() };
    battle(
        vec![
            with_morale(stand(&sf_hma, "sf1", "inf"), 3),
            with_morale(stand(&sf, "sf2", "inf"), 4),
            with_morale(stand(&jet, "jet", "air"), 5),
        ],
        vec![
            with_morale(stand(&sam, "sam", "ad"), 6),
            with_morale(stand(&track, "trk", "ad"), 6),
            with_morale(stand(&manpad, "mp", "ad"), 6),
            with_morale(stand(&guard, "g1", "guard"), 7),
            with_morale(stand(&guard, "g2", "guard"), 7),
        ],
        60,
        Cover::Bunker,
    )
}

/// Shots, advances or assaults: what one side does to the other.
fn action(e: &Event) -> bool {
    matches!(kind(e), "fire" | "air_defence" | "advance" | "assault")
}

#[test]
fn no_raid_sits_out_the_turn_limit_and_no_stand_falls_back_beyond_reach() {
    let setup = kepler();
    let (mut idle_to_the_limit, mut beyond_reach) = (Vec::new(), Vec::new());
    let mut left = 0;
    for seed in 0..120 {
        let ev = events(&setup, seed);
        let last = ev.iter().map(|e| e.turn).max().unwrap_or(0);
        // The turn limit reached with nobody doing anything for the last
        // three turns: both sides idle.
        if last >= setup.turn_limit && !ev.iter().any(|e| e.turn + 3 > last && action(e)) {
            idle_to_the_limit.push(seed);
        }
        for e in &ev {
            let d = e.data.as_ref().unwrap();
            if kind(e) == "fall_back" && d["from"].as_i64().unwrap() > REACH_CM + MOVE_CM {
                beyond_reach.push(format!("seed {seed}: {}", e.text));
            }
            left += usize::from(kind(e) == "leaves_table");
        }
    }
    assert!(
        idle_to_the_limit.is_empty(),
        "idle to the limit: {idle_to_the_limit:?}"
    );
    assert!(
        beyond_reach.is_empty(),
        "{} lines: {:?}",
        beyond_reach.len(),
        &beyond_reach[..beyond_reach.len().min(4)]
    );
    assert!(left > 20, "{left}");
}
