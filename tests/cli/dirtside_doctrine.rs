//! How auto-resolved Dirtside units choose what to do (issue #26 item 8):
//! attacking infantry fire to pin the unit they mean to assault before they
//! go in, checked over many seeds of a platoon attack.

use crate::dirtside_fidelity::{ds_battle, kind};
use bounce::engine::Registry;
use std::collections::{HashMap, HashSet};

/// Powered platoons (four 4-person stands, one element each) attack line
/// platoons of 4-person stands in soft cover at 60 cm.
fn platoon_attack() -> bounce::battle::setup::BattleSetup {
    use bounce::core::kinds::Cover;
    use bounce::engine::calibration::{Kind, HMA_REGULARS, LTA_TRAINED};
    let line = Kind {
        men: 4,
        ..LTA_TRAINED
    };
    let mut s = ds_battle(&[(HMA_REGULARS, 8)], &[(line, 8)], 60, Cover::Cover);
    for (i, st) in s.attacker.stands.iter_mut().enumerate() {
        st.unit = format!("a-pl{}", i / 4);
    }
    for (i, st) in s.defender.stands.iter_mut().enumerate() {
        st.unit = format!("d-pl{}", i / 4);
    }
    s
}

/// Most first close assaults of an attacking unit on a defending unit come
/// after the attackers fired at that defending unit (the review found none
/// of 59 did: powered teams double-moved in from 12" without a shot). The
/// pinning fire may be another unit's: a target Under Fire is pinned.
#[test]
fn attacking_infantry_fire_to_pin_before_they_assault() {
    let registry = Registry::standard();
    let ds = registry.get("dirtside").unwrap();
    let s = platoon_attack();
    let unit_of: HashMap<String, String> = s
        .attacker
        .stands
        .iter()
        .chain(s.defender.stands.iter())
        .map(|st| (st.code.clone(), st.unit.clone()))
        .collect();
    let unit = |element: &str| unit_of[element.split('#').next().unwrap()].clone();
    let (mut first, mut pinned) = (0, 0);
    for seed in 0..40 {
        let mut fired: HashSet<String> = HashSet::new();
        let mut assaulted: HashSet<(String, String)> = HashSet::new();
        for e in ds.resolve(&s, seed).unwrap().events {
            let Some(d) = e.data.as_ref() else { continue };
            match kind(&e).as_str() {
                "chits" | "shot" => {
                    let (f, t) = (d["firer"].as_str().unwrap(), d["target"].as_str().unwrap());
                    if unit(f).starts_with("a-") {
                        fired.insert(unit(t));
                    }
                }
                "assault" => {
                    let pair = (
                        d["attacker"].as_str().unwrap().to_string(),
                        d["defender"].as_str().unwrap().to_string(),
                    );
                    if assaulted.insert(pair.clone()) {
                        first += 1;
                        pinned += usize::from(fired.contains(&pair.1));
                    }
                }
                _ => {}
            }
        }
    }
    assert!(first >= 20, "only {first} first assaults in 40 battles");
    assert!(
        2 * pinned > first,
        "{pinned} of {first} first assaults came after the attackers fired at the target"
    );
}
