//! Foot infantry carried by a unit of carriers of their command (issue #26
//! item 7, L1089–1105, L359), on full-moon's Copernicus units: the Vehicle
//! Section (its APC, a second APC added here, and a hovercar) and the LTA
//! Platoon, which DS2 splits into two units of five teams. Checked through
//! the campaign's own setup over many seeds.

use crate::common::{full_moon_text, Campaign};
use crate::dirtside_fidelity::kind;
use bounce::battle::event::Event;
use bounce::battle::setup::BattleSetup;
use bounce::campaign::battle::{ready, setup};
use bounce::engine::Registry;
use bounce::store::Store;

/// A second APC for the Vehicle Section: two carriers hold five teams.
const APC_2: &str = r#"
[[stands]]
code = "apc-2"
unit = "cop-veh"
type = "vehicle"
training = "trained"
actions = 5
vehicle = "light_track"
weapon = "veh_cannon"
men = 3
hits = 0
officer = false
status = "effective"
"#;

/// cop-lta and cop-veh attack a-1pl in cover under Dirtside.
fn copernicus() -> (Campaign, BattleSetup) {
    let c = Campaign::empty();
    let file = c.write("lift.toml", &(full_moon_text() + APC_2));
    c.ok(&["import", file.to_str().unwrap()]);
    c.ok(&[
        "battle",
        "new",
        "lift",
        "--attacker",
        "cop-lta",
        "--attacker",
        "cop-veh",
        "--defender",
        "a-1pl",
        "--ruleset",
        "dirtside",
    ]);
    let store = Store::open(&c.db).unwrap();
    let b = ready(store.conn(), "lift").unwrap();
    let s = setup(store.conn(), &b, 12).unwrap();
    drop(store);
    (c, s)
}

fn data(e: &Event) -> serde_json::Value {
    e.data.clone().unwrap_or_default()
}

/// The first unit of the platoon rides in the section's APCs from the
/// start (the log says so), moves exactly as the carriers do and takes no
/// activation of its own until it unloads at least 6" short of the enemy;
/// from then on it activates on its own, and so do the carriers.
#[test]
fn a_vehicle_section_carries_a_platoon_of_its_command_until_it_unloads() {
    let (_c, s) = copernicus();
    let registry = Registry::standard();
    let ds = registry.get("dirtside").unwrap();
    let (mut unloaded, mut own_activations, mut carried_inches) = (0, 0, 0);
    for seed in 0..30 {
        let events = ds.resolve(&s, seed).unwrap().events;
        let embark: Vec<serde_json::Value> = events
            .iter()
            .filter(|e| kind(e) == "embark")
            .map(data)
            .collect();
        let rides: Vec<(&str, &str, &str, usize)> = embark
            .iter()
            .map(|d| {
                (
                    d["carrier"].as_str().unwrap(),
                    d["carrier_unit"].as_str().unwrap(),
                    d["unit"].as_str().unwrap(),
                    d["teams"].as_array().unwrap().len(),
                )
            })
            .collect();
        assert_eq!(
            rides,
            [
                ("apc-1", "cop-veh", "cop-lta/1", 3),
                ("apc-2", "cop-veh", "cop-lta/1", 2)
            ],
            "seed {seed}"
        );
        let mut carriers_move: Option<(i64, i64)> = None;
        let mut mounted = true;
        for e in &events {
            let d = data(e);
            let unit = d["unit"].as_str().unwrap_or("");
            match (kind(e).as_str(), unit) {
                ("move", "cop-veh") => {
                    carriers_move = Some((d["from"].as_i64().unwrap(), d["to"].as_i64().unwrap()));
                }
                ("move", "cop-lta/1") if mounted => {
                    assert_eq!(d["how"], "carried", "seed {seed}: {}", e.text);
                    let step = (d["from"].as_i64().unwrap(), d["to"].as_i64().unwrap());
                    assert_eq!(Some(step), carriers_move, "seed {seed}: {}", e.text);
                    carried_inches += step.0 - step.1;
                }
                ("activate", "cop-lta/1") => {
                    assert!(!mounted, "seed {seed}: {} while aboard", e.text);
                    own_activations += 1;
                }
                ("dismount", "cop-lta/1") => {
                    assert_eq!(d["carriers"], "cop-veh");
                    // Aboard a wrecked carrier they get out where it stood.
                    if e.text.contains("5 team(s)") {
                        assert!(
                            d["inches"].as_i64().unwrap() >= 6,
                            "seed {seed}: {}",
                            e.text
                        );
                    }
                    mounted = false;
                    unloaded += 1;
                }
                _ => {}
            }
        }
    }
    // Foot teams walk 2" a turn; carried, they cover the 18" to the
    // unloading point in two activations.
    assert!(unloaded >= 25, "unloaded in {unloaded} of 30 battles");
    assert!(
        carried_inches >= 15 * unloaded,
        "{carried_inches}\" carried in {unloaded} battles"
    );
    assert!(own_activations > 0);
}
