//! An air-supported attack read as a BiA umpire reads its log (issue 25,
//! item 5): HMA infantry, SAMs and the IFU's aircraft against an LTA company,
//! its air-defence battery and a multi-cannon flyer.

use crate::common::Campaign;
use serde_json::Value;

/// The battle's log as JSON events, fought with `seed`.
fn fought(seed: u64) -> Vec<Value> {
    let c = Campaign::full_moon();
    c.ok(&[
        "battle",
        "new",
        "airsup",
        "--attacker",
        "a-2pl",
        "--attacker",
        "s-air",
        "--defender",
        "cop-lta",
        "--defender",
        "ad-sam",
        "--defender",
        "ad-air",
        "--range",
        "30",
        "--cover",
        "cover",
        "--at",
        "2157-04-12T05:00:00",
    ]);
    c.ok(&["battle", "auto", "airsup", "--seed", &seed.to_string()]);
    c.json(&["battle", "log", "airsup", "--json"])
        .as_array()
        .unwrap()
        .clone()
}

const AIRCRAFT: [&str; 4] = ["pac-1", "jet-1", "shuttle-1", "flyer-1"];

#[test]
fn an_air_supported_attack_fights_in_the_air_as_the_rules_have_it() {
    let (mut air_to_air, mut strafing, mut infantry_ad) = (0, 0, 0);
    for seed in 1..=6 {
        let ev = fought(seed);
        for (k, e) in ev.iter().enumerate() {
            let phase = e["phase"].as_str().unwrap_or("");
            let actor = e["actor"].as_str().unwrap_or("");
            let d = &e["data"];
            let text = e["text"].as_str().unwrap_or("");
            match phase {
                // Aircraft fight aircraft air to air (L472), never through
                // the ground lock-on table.
                "air defence" => {
                    assert!(!AIRCRAFT.contains(&actor), "seed {seed}: {text}");
                    if actor.starts_with("a2-") {
                        // HMA infantry: the table's HMA line, fire at −1.
                        assert_eq!(d["system_firing"], -1, "seed {seed}: {text}");
                        infantry_ad += 1;
                    }
                }
                "air to air" => {
                    assert!(AIRCRAFT.contains(&actor), "seed {seed}: {text}");
                    assert!(d["opposed"].is_array(), "seed {seed}: {text}");
                    air_to_air += 1;
                }
                // A strafing run: each stand once, on until the first miss.
                "strafing" => {
                    let next = ev
                        .get(k + 1..)
                        .unwrap_or(&[])
                        .iter()
                        .find(|n| n["phase"] != "penetration" && n["phase"] != "hits");
                    if d["hits"] == 0 {
                        assert!(
                            next.is_none_or(|n| n["phase"] != "strafing"
                                || n["turn"] != e["turn"]
                                || n["actor"] != e["actor"]),
                            "seed {seed}: the run went on after a miss: {text}"
                        );
                    }
                    strafing += 1;
                }
                "morale" if text.contains("under air attack") => {
                    // Only a stand an aircraft attacked since its last test.
                    let turn = e["turn"].as_i64().unwrap();
                    let attacked = ev[..k].iter().any(|f| {
                        matches!(f["phase"].as_str(), Some("air to surface" | "strafing"))
                            && f["turn"].as_i64().unwrap() + 1 >= turn
                            && f["data"]["target"] == e["actor"]
                    });
                    assert!(attacked, "seed {seed}: {text}");
                }
                _ => {}
            }
        }
    }
    assert!(
        air_to_air > 0 && strafing > 0 && infantry_ad > 0,
        "air to air {air_to_air}, strafing {strafing}, infantry {infantry_ad}"
    );
}
