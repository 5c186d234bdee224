//! Individual morale modifiers the campaign's stands carry themselves: a key
//! NCO taking his own test, a crew in its APC (BiA L317–318, quick reference
//! L110–111).

use super::tests::{battle, events, kind, lta, stand, stands};
use crate::battle::setup::StandSetup;
use crate::core::kinds::{Cover, StandType, VehicleKind, Weapon};

fn names(e: &crate::battle::event::Event) -> Vec<String> {
    e.data.as_ref().unwrap()["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_key_nco_takes_his_test_at_plus_one_and_an_apc_crew_at_plus_one() {
    // A command figure without a commission (a sergeant-major) is an NCO;
    // a light track is an APC. Neither modifier goes to anyone else.
    let nco = StandSetup {
        stand_type: StandType::Commander,
        men: 1,
        weapon: None,
        officer: false,
        ..lta()
    };
    let apc = StandSetup {
        stand_type: StandType::Vehicle,
        equipment: None,
        vehicle: Some(VehicleKind::LightTrack),
        weapon: Some(Weapon::VehLmg),
        men: 2,
        ..lta()
    };
    let att = [stands(&lta(), "a", "ac", 8), vec![stand(&apc, "apc", "ac")]].concat();
    let def = [stands(&lta(), "d", "dc", 4), vec![stand(&nco, "csm", "dc")]].concat();
    let setup = battle(att, def, 30, Cover::Cover);
    let (mut nco_tests, mut apc_tests) = (0, 0);
    for seed in 0..150 {
        for e in events(&setup, seed)
            .iter()
            .filter(|e| kind(e) == "stand_morale")
        {
            let n = names(e);
            let has = |m: &str| n.iter().any(|x| x == m);
            match e.actor.as_deref() {
                Some("csm") => {
                    assert!(has("nco_taking_morale") && !has("in_apc"), "{}", e.text);
                    nco_tests += 1;
                }
                Some("apc") => {
                    assert!(has("in_apc") && !has("nco_taking_morale"), "{}", e.text);
                    apc_tests += 1;
                }
                _ => assert!(!has("in_apc") && !has("nco_taking_morale"), "{}", e.text),
            }
        }
    }
    assert!(nco_tests > 10 && apc_tests > 5, "{nco_tests} {apc_tests}");
}
