//! Crew-served weapons over many seeds, read from the log (issue 27 item 4).

use super::testing::{battle, RIFLES};
use super::Prepared;
use crate::battle::ruleset::PreparedBattle;
use crate::core::kinds::{Cover as Campaign, Weapon};
use serde_json::Value;

#[test]
fn a_crew_served_gun_is_set_up_fires_once_an_activation_and_its_loader_adds_a_shot() {
    // Three-man support teams with an SLA support weapon (the 20mm) attack
    // and defend; rifle teams beside them.
    let support = ("s", RIFLES.1, RIFLES.2, Weapon::SlaSupport, 3, RIFLES.5);
    let s = battle(
        &[
            (("as"), support.1, support.2, support.3, 3, support.5),
            RIFLES,
        ],
        &[
            (("ds"), support.1, support.2, support.3, 3, support.5),
            RIFLES,
        ],
        120,
        Campaign::Cover,
    );
    let p = Prepared::new(&s, true).unwrap();
    let (mut set_ups, mut loads, mut fumbles, mut loaded_shots) = (0, 0, 0, 0);
    let mut shown_doubled = 0;
    for seed in 1..=40 {
        let r = p.fight(seed);
        let mut activating = String::new();
        let mut fired_in_activation = 0;
        let mut attacker_gun_set_up = false;
        let mut after_load = false;
        for e in &r.events {
            let Some(d) = &e.data else { continue };
            let name = |k: &str| d[k].as_str().unwrap_or_default().to_string();
            match d["kind"].as_str() {
                Some("activate") => {
                    activating = name("figure");
                    fired_in_activation = 0;
                }
                Some("set_up") => {
                    set_ups += 1;
                    if name("figure") == "as#2" && d["done"] == Value::Bool(true) {
                        attacker_gun_set_up = true;
                    }
                }
                Some("load") => {
                    if d["passed"] == Value::Bool(true) {
                        loads += 1;
                        after_load = true;
                        continue;
                    }
                    fumbles += 1;
                }
                Some("shot") if d["weapon"] == "20mm auto cannon" => {
                    if after_load {
                        loaded_shots += 1;
                        assert_ne!(name("firer"), activating, "the gunner fires for his loader");
                    } else if d["how"] == "fire" {
                        assert_eq!(name("firer"), activating, "seed {seed}");
                        fired_in_activation += 1;
                        assert!(
                            fired_in_activation <= 1,
                            "seed {seed}: {activating} fired its gun twice in one activation"
                        );
                        if name("firer") == "as#2" {
                            assert!(
                                attacker_gun_set_up,
                                "seed {seed}: fired before set-up: {}",
                                r.events
                                    .iter()
                                    .map(|e| e.text.clone())
                                    .collect::<Vec<_>>()
                                    .join("\n")
                            );
                        }
                    }
                    if e.text.contains("d12x2") {
                        assert!(e.text.contains("(x2 = "), "{}", e.text);
                        shown_doubled += 1;
                    }
                }
                _ => {}
            }
            after_load = false;
        }
    }
    assert!(
        set_ups >= 40,
        "the attackers' gun is set up in most battles: {set_ups}"
    );
    assert!(loads > 20, "loaders pass their actions as shots: {loads}");
    assert!(fumbles > 0, "and sometimes fumble: {fumbles}");
    assert_eq!(loaded_shots, loads, "one shot for each load passed");
    assert!(shown_doubled > 0, "the impact's x2 shows in the log");
}
