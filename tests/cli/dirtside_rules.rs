//! Dirtside rules the resolver lacked (issue #26 item 7): SLAM hits in the
//! danger zone, immobilised vehicles left behind, vehicles in close
//! assaults, transport for foot infantry, air-defence and artillery stands.
//! Each check failed on the resolver before its rule was added.

use crate::common::Campaign;
use crate::dirtside_fidelity::{ds_battle, kind};
use bounce::engine::calibration::{Kind, LTA_TRAINED, TRACK_TANK};
use bounce::engine::Registry;

/// A light track with a SLAM/3 (the campaign's he_missile).
const SLAM_TRACK: Kind = Kind {
    vehicle: Some(bounce::core::kinds::VehicleKind::LightTrack),
    weapon: bounce::core::kinds::Weapon::HeMissile,
    ..TRACK_TANK
};
/// An LTA team of four: one DS2 element.
const TEAM: Kind = Kind {
    men: 4,
    ..LTA_TRAINED
};

/// L782–790, L1081: `rules dirtside slam` gives the d6 and the chits of an
/// element in the zone, exactly: the chance of each result is the d6's
/// times the same chits read at close range.
#[test]
fn the_slam_query_answers_the_zone_exactly() {
    let c = Campaign::full_moon();
    let q = |args: &[&str]| {
        let mut all = vec!["rules", "dirtside"];
        all.extend_from_slice(args);
        c.json(&all)
    };
    let close = q(&[
        "chits",
        "--weapon",
        "slam",
        "--class",
        "4",
        "--band",
        "close",
        "--infantry",
        "line",
        "--cover",
        "soft",
    ]);
    let zone = q(&[
        "slam",
        "--class",
        "4",
        "--band",
        "medium",
        "--infantry",
        "line",
        "--cover",
        "soft",
    ]);
    assert_eq!(zone["d6_needs"], 5);
    assert_eq!(zone["p_hit"].as_f64(), Some(1.0 / 3.0));
    let killed = zone["p"]["killed"].as_f64().unwrap();
    let want = close["p"]["killed"].as_f64().unwrap() / 3.0;
    assert!((killed - want).abs() < 1e-12, "{killed} against {want}");
    let sum: f64 = zone["p"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_f64().unwrap())
        .sum();
    assert!((sum - 1.0).abs() < 1e-12, "{sum}");
    // A vehicle beside the target at long range: hit on a 6 only.
    let direct = q(&[
        "chits", "--weapon", "slam", "--class", "3", "--band", "long", "--armour", "3",
    ]);
    let zone = q(&["slam", "--class", "3", "--band", "long", "--armour", "3"]);
    assert_eq!(zone["p_hit"].as_f64(), Some(1.0 / 6.0));
    let ko = zone["p"]["knocked_out"].as_f64().unwrap();
    let want = direct["p"]["knocked_out"].as_f64().unwrap() / 6.0;
    assert!((ko - want).abs() < 1e-12, "{ko} against {want}");
    // At close range the salvo hits its target only.
    let zone = q(&["slam", "--class", "3", "--band", "close", "--armour", "3"]);
    assert_eq!(zone["p"], serde_json::json!({"undamaged": 1.0}));
    // Rolls: 4 misses at medium, 6 hits at long; the draw is read.
    let r = q(&[
        "slam",
        "--class",
        "4",
        "--band",
        "medium",
        "--infantry",
        "line",
        "--roll",
        "4",
    ]);
    assert_eq!(
        (r["hit"].as_bool(), r["result"].as_str()),
        (Some(false), Some("unharmed"))
    );
    let r = q(&[
        "slam",
        "--class",
        "4",
        "--band",
        "medium",
        "--infantry",
        "line",
        "--roll",
        "5",
        "--draw",
        "R1,R2,Y3,G1",
    ]);
    assert_eq!(
        (r["valid_total"].as_i64(), r["result"].as_str()),
        (Some(6), Some("killed"))
    );
    c.fails(
        2,
        &[
            "rules",
            "dirtside",
            "slam",
            "--class",
            "4",
            "--band",
            "medium",
            "--infantry",
            "line",
            "--draw",
            "R1",
        ],
    );
    let e = c.fails(
        2,
        &[
            "rules",
            "dirtside",
            "slam",
            "--class",
            "4",
            "--band",
            "long",
            "--infantry",
            "line",
            "--roll",
            "7",
        ],
    );
    assert!(e.contains("d6"), "{e}");
}

/// L788, L1081: SLAM tracks firing at a unit of tanks and teams hit the
/// elements beside a tank they hit — teams too, beyond close range — and
/// at the text's rate (a third at medium, a sixth at long).
#[test]
fn slam_hits_reach_the_elements_beside_the_target() {
    use bounce::core::kinds::Cover;
    let registry = Registry::standard();
    let ds = registry.get("dirtside").unwrap();
    let s = ds_battle(
        &[(SLAM_TRACK, 4)],
        &[(TRACK_TANK, 1), (TEAM, 1), (TRACK_TANK, 1), (TEAM, 1)],
        60,
        Cover::Open,
    );
    let teams: Vec<String> = s
        .defender
        .stands
        .iter()
        .filter(|st| st.vehicle.is_none())
        .map(|st| st.code.clone())
        .collect();
    let (mut rolls, mut hits, mut need5, mut teams_hit) = (0, 0, 0, 0);
    for seed in 0..60 {
        let events = ds.resolve(&s, seed).unwrap().events;
        for (i, e) in events.iter().enumerate() {
            if kind(e) != "slam_zone" {
                continue;
            }
            let d = e.data.as_ref().unwrap();
            rolls += 1;
            need5 += usize::from(d["need"] == 5);
            if d["hit"] == true {
                hits += 1;
                let t = d["target"].as_str().unwrap();
                if teams.iter().any(|c| c == t) {
                    // The team's own chits follow its d6.
                    assert_eq!(kind(&events[i + 1]), "chits", "{}", events[i + 1].text);
                    assert_eq!(events[i + 1].targets, vec![t.to_string()]);
                    teams_hit += 1;
                }
            }
        }
    }
    assert!(
        rolls >= 30 && teams_hit > 0,
        "{rolls} rolls, {teams_hit} teams hit"
    );
    let want = (need5 as f64 / 3.0 + (rolls - need5) as f64 / 6.0) / rolls as f64;
    let rate = hits as f64 / rolls as f64;
    assert!(
        (rate - want).abs() < 0.12,
        "{hits} of {rolls} against {want}"
    );
}

/// An APC: a light track with a vehicle cannon (RFAC/2) and an APSW.
const APC: Kind = Kind {
    vehicle: Some(bounce::core::kinds::VehicleKind::LightTrack),
    weapon: bounce::core::kinds::Weapon::VehCannon,
    ..TRACK_TANK
};

/// Chits drawn inside close assaults (between an assault round and the
/// next test), by firer.
fn assault_firers(events: &[bounce::battle::event::Event]) -> Vec<String> {
    let mut inside = false;
    let mut out = Vec::new();
    for e in events {
        match kind(e).as_str() {
            "assault" => inside = true,
            "chits" if inside => out.extend(e.actor.clone()),
            "chits" => {}
            _ => inside = false,
        }
    }
    out
}

/// L1013: vehicles in a unit fight in its close assaults, on either side —
/// a mixed unit of teams and APCs assaults, and the APCs fire in the
/// rounds, as do the defending unit's APCs.
#[test]
fn vehicles_in_a_unit_join_its_close_assault() {
    use bounce::core::kinds::Cover;
    use bounce::engine::calibration::HMA_REGULARS;
    let registry = Registry::standard();
    let ds = registry.get("dirtside").unwrap();
    let s = ds_battle(
        &[(HMA_REGULARS, 3), (APC, 1)],
        &[(APC, 2), (TEAM, 2)],
        60,
        Cover::Cover,
    );
    let vehicles = |f: &bounce::battle::setup::Force| -> Vec<String> {
        f.stands
            .iter()
            .filter(|st| st.vehicle.is_some())
            .map(|st| st.code.clone())
            .collect()
    };
    let (ours, theirs) = (vehicles(&s.attacker), vehicles(&s.defender));
    let (mut attacking, mut defending, mut assaults) = (0, 0, 0);
    for seed in 0..40 {
        let events = ds.resolve(&s, seed).unwrap().events;
        assaults += events.iter().filter(|e| kind(e) == "assault").count();
        for f in assault_firers(&events) {
            attacking += usize::from(ours.contains(&f));
            defending += usize::from(theirs.contains(&f));
        }
    }
    assert!(
        assaults > 0 && attacking > 0 && defending > 0,
        "{assaults} assault rounds; vehicle shots: attackers {attacking}, defenders {defending}"
    );
}

/// L141–163: an air-defence artillery site is an ADS and a mortar fires its
/// missiles; before, both were "specialist teams" that never did anything.
#[test]
fn air_defence_and_artillery_stands_fight() {
    use bounce::core::kinds::{Cover, StandType, Weapon};
    const SAM_SITE: Kind = Kind {
        stand_type: StandType::Artillery,
        vehicle: None,
        equipment: None,
        weapon: Weapon::HeavySam,
        men: 4,
        ..TRACK_TANK
    };
    const MORTAR: Kind = Kind {
        weapon: Weapon::HeMissile,
        men: 3,
        ..SAM_SITE
    };
    const GMS_TRACK: Kind = Kind {
        weapon: Weapon::AtMissile,
        ..APC
    };
    let registry = Registry::standard();
    let ds = registry.get("dirtside").unwrap();
    let s = ds_battle(
        &[(GMS_TRACK, 4)],
        &[(TRACK_TANK, 2), (SAM_SITE, 1), (MORTAR, 1)],
        60,
        Cover::Open,
    );
    let code = |w: Weapon| {
        let st = s
            .defender
            .stands
            .iter()
            .find(|st| st.weapon == Some(w))
            .unwrap();
        st.code.clone()
    };
    let (site, mortar) = (code(Weapon::HeavySam), code(Weapon::HeMissile));
    let (mut intercepts, mut mortar_shots) = (0, 0);
    for seed in 0..30 {
        for e in ds.resolve(&s, seed).unwrap().events {
            let d = e.data.clone().unwrap_or_default();
            if kind(&e) == "missile" && d["ads"] == site.as_str() {
                intercepts += 1;
            }
            if kind(&e) == "shot" && d["firer"] == mortar.as_str() {
                mortar_shots += 1;
            }
        }
    }
    assert!(
        intercepts > 0 && mortar_shots > 0,
        "{site} intercepts {intercepts} missiles, {mortar} fires {mortar_shots} shots"
    );
}

/// L1089–1105: foot teams of an attacking unit with an APC ride in it and
/// unload half a move short of the enemy, so they reach the enemy's
/// position in a few turns instead of walking 2" a turn; and a hit carrier
/// hurts those aboard. Since the teams fire to pin before they assault
/// (`dirtside_doctrine.rs`), about half the battles end by fire first.
#[test]
fn foot_infantry_ride_in_their_units_apcs() {
    use bounce::core::kinds::Cover;
    let registry = Registry::standard();
    let ds = registry.get("dirtside").unwrap();
    let s = ds_battle(&[(APC, 1), (TEAM, 3)], &[(TEAM, 4)], 60, Cover::Cover);
    let (mut first_assaults, mut dismounts, mut battles) = (0u32, 0, 0);
    for seed in 0..40 {
        let events = ds.resolve(&s, seed).unwrap().events;
        dismounts += events.iter().filter(|e| kind(e) == "dismount").count();
        if let Some(e) = events.iter().find(|e| kind(e) == "assault") {
            first_assaults += e.turn;
            battles += 1;
        }
    }
    let mean = f64::from(first_assaults) / f64::from(battles.max(1));
    eprintln!("{dismounts} dismounts; first assault in turn {mean} over {battles} battles");
    assert!(
        dismounts > 0 && battles >= 12 && mean < 6.0,
        "{dismounts} dismounts; first assault in turn {mean} over {battles} battles"
    );
}
