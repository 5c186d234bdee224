//! Logistics and time through the binary: ammunition, resupply, supply states,
//! medical support, hospital returns, deliveries and replacements, all undoable.

use crate::common::Campaign;
use serde_json::Value;

fn stand(c: &Campaign, code: &str) -> Value {
    c.json(&["stand", "show", code])
}

fn sp(c: &Campaign, side: &str) -> i64 {
    let doc = c.json(&["supply", "status"]);
    doc["sides"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["code"] == side)
        .unwrap()["supply_points"]
        .as_i64()
        .unwrap()
}

#[test]
fn ammunition_is_spent_in_battle_and_bought_back_with_supply_points() {
    let c = Campaign::full_moon();
    let doc = c.json(&["battle", "auto", "crater-rim", "--seed", "7"]);
    let ifu_before = sp(&c, "ifu");
    let mut owed = 0;
    for s in doc["stands"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["side"] == "ifu")
    {
        let code = s["code"].as_str().unwrap();
        let now = stand(&c, code);
        let spent = s["ammo_spent"].as_i64().unwrap();
        assert!(spent > 0 || s["fired"] == false, "{code}");
        owed += now["ammo_max"].as_i64().unwrap() - now["ammo"].as_i64().unwrap();
    }
    let status = c.json(&["supply", "status"]);
    let ifu_short: i64 = status["stands"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["side"] == "ifu")
        .map(|s| s["ammo_max"].as_i64().unwrap() - s["ammo"].as_i64().unwrap())
        .sum();
    assert!(ifu_short >= owed);
    let before = c.export();
    c.ok(&["supply", "resupply", "a-1pl"]);
    let pl_short: i64 = c
        .json(&["roster", "--unit", "a-1pl"])
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["ammo_max"].as_i64().unwrap() - s["ammo"].as_i64().unwrap())
        .sum();
    assert_eq!(pl_short, 0);
    let refilled: i64 = doc["stands"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["code"].as_str().unwrap().starts_with("a1-"))
        .map(|s| s["ammo_spent"].as_i64().unwrap())
        .sum();
    assert_eq!(sp(&c, "ifu"), ifu_before - refilled);
    c.ok(&["undo"]);
    assert_eq!(before, c.export());
}

#[test]
fn resupply_stops_when_the_depot_is_empty() {
    let c = Campaign::full_moon();
    for code in ["mil-1a", "mil-1b", "mil-1c"] {
        c.ok(&["stand", "edit", code, "--ammo", "0"]);
    }
    assert_eq!(sp(&c, "luna"), 15);
    let out = c.ok(&["supply", "resupply", "tycho-1"]);
    assert!(out.contains("ran dry"), "{out}");
    assert_eq!(sp(&c, "luna"), 0);
    let ammo: Vec<i64> = ["mil-1a", "mil-1b", "mil-1c"]
        .iter()
        .map(|s| stand(&c, s)["ammo"].as_i64().unwrap())
        .collect();
    assert_eq!(ammo, [12, 3, 0]);
    c.ok(&["check"]);
}

fn factors(c: &Campaign, code: &str) -> Vec<(String, i64)> {
    c.json(&["morale", code])["factors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_string(),
                f["modifier"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn has(f: &[(String, i64)], name: &str) -> bool {
    f.iter().any(|(n, _)| n == name)
}

#[test]
fn morale_follows_supply_contact_medical_and_ammunition() {
    let c = Campaign::full_moon();
    let code = "a2-1";
    let base = c.json(&["morale", code]);
    assert!(has(&factors(&c, code), "well_supplied"));
    c.ok(&["supply", "set", "--command", "ifu-inf", "--supply", "cut"]);
    let f = factors(&c, code);
    assert!(
        has(&f, "poorly_equipped") && has(&f, "out_of_contact") && !has(&f, "regular_leave_mail"),
        "{f:?}"
    );
    c.ok(&[
        "supply",
        "set",
        "--command",
        "ifu-inf",
        "--supply",
        "normal",
        "--contact",
        "out_of_contact",
    ]);
    let f = factors(&c, code);
    assert!(
        !has(&f, "poorly_equipped") && has(&f, "out_of_contact"),
        "{f:?}"
    );
    c.ok(&["supply", "set", "--side", "ifu", "--medical", "excellent"]);
    assert!(has(&factors(&c, code), "excellent_medical"));
    c.ok(&["supply", "set", "--side", "ifu", "--medical", "none"]);
    assert!(has(&factors(&c, code), "no_medical_support"));
    c.ok(&["stand", "edit", code, "--ammo", "2"]);
    let f = factors(&c, code);
    assert!(
        f.iter().any(|(n, m)| n == "poorly_equipped" && *m == 1),
        "{f:?}"
    );
    c.ok(&[
        "supply",
        "set",
        "--side",
        "luna",
        "--treats-pw-well",
        "true",
    ]);
    assert!(has(&factors(&c, code), "enemy_treats_pw_well"));
    for _ in 0..6 {
        c.ok(&["undo"]);
    }
    assert_eq!(c.json(&["morale", code]), base);
}

fn mortal_outcomes(medical: &str) -> Vec<String> {
    let mut out = Vec::new();
    for seed in 1..8 {
        let c = Campaign::full_moon();
        c.ok(&["supply", "set", "--side", "luna", "--medical", medical]);
        c.ok(&["battle", "auto", "crater-rim", "--seed", &seed.to_string()]);
        // Only Luna's medical support was set: the IFU's wounded are theirs.
        let luna = c.json(&["roster", "--side", "luna", "--all"]);
        let lunar =
            |code: &serde_json::Value| luna.as_array().unwrap().iter().any(|s| s["code"] == *code);
        for cas in c.json(&["casualties"]).as_array().unwrap() {
            if cas["severity"] == "mortal" && lunar(&cas["stand"]) {
                out.push(cas["outcome"].as_str().unwrap().to_string());
            }
        }
        if out.len() >= 3 {
            break;
        }
    }
    out
}

#[test]
fn mortal_wounds_die_unless_medical_support_is_excellent() {
    let none = mortal_outcomes("none");
    assert!(!none.is_empty());
    assert!(none.iter().all(|o| o == "dead"), "{none:?}");
    let excellent = mortal_outcomes("excellent");
    assert!(!excellent.is_empty());
    assert!(excellent.iter().all(|o| o == "hospital"), "{excellent:?}");
}

#[test]
fn wounded_return_on_their_day_and_only_once() {
    let c = Campaign::full_moon();
    c.ok(&["battle", "auto", "crater-rim", "--seed", "7"]);
    let pending = c.json(&["casualties", "--pending"]);
    let first = &pending.as_array().unwrap()[0];
    let code = first["stand"].as_str().unwrap().to_string();
    let when = first["returns_at"].as_str().unwrap().to_string();
    let same_day = pending
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["stand"] == code.as_str() && p["returns_at"] == when.as_str())
        .count() as i64;
    let hits = stand(&c, &code)["hits"].as_i64().unwrap();
    let before = c.export();

    let just_before = {
        let t = chrono::NaiveDateTime::parse_from_str(&when, "%Y-%m-%dT%H:%M:%S").unwrap()
            - chrono::Duration::minutes(1);
        t.format("%Y-%m-%dT%H:%M:%S").to_string()
    };
    c.ok(&["advance", "--to", &just_before]);
    assert_eq!(stand(&c, &code)["hits"].as_i64().unwrap(), hits);
    c.ok(&["advance", "--to", &when]);
    assert_eq!(stand(&c, &code)["hits"].as_i64().unwrap(), hits - same_day);
    c.ok(&["advance", "--days", "1"]);
    assert_eq!(stand(&c, &code)["hits"].as_i64().unwrap(), hits - same_day);
    let status = c.json(&["status"]);
    assert!(status["campaign"]["clock"].as_str().unwrap() > when.as_str());
    c.ok(&["check"]);
    for _ in 0..3 {
        c.ok(&["undo"]);
    }
    assert_eq!(before, c.export());
    let msg = c.fails(2, &["advance", "--to", "2100-01-01T00:00:00"]);
    assert!(msg.contains("forward"), "{msg}");
}

#[test]
fn deliveries_arrive_on_their_date() {
    let c = Campaign::full_moon();
    c.ok(&["supply", "deliver", "ifu", "10"]);
    assert_eq!(sp(&c, "ifu"), 50);
    c.ok(&[
        "supply",
        "deliver",
        "luna",
        "7",
        "--arrives",
        "2157-04-15T00:00:00",
    ]);
    assert_eq!(sp(&c, "luna"), 15);
    assert_eq!(
        c.json(&["supply", "status"])["pending_deliveries"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    c.ok(&["advance", "--to", "2157-04-14T23:59:00"]);
    assert_eq!(sp(&c, "luna"), 15);
    c.ok(&["advance", "--days", "1"]);
    assert_eq!(sp(&c, "luna"), 22);
    c.ok(&["advance", "--days", "10"]);
    assert_eq!(sp(&c, "luna"), 22);
    c.ok(&["undo", "--steps", "3"]);
    assert_eq!(sp(&c, "luna"), 15);
}

#[test]
fn replacements_dilute_experience() {
    let c = Campaign::full_moon();
    let s = stand(&c, "a1-1");
    let (men, actions) = (s["men"].as_i64().unwrap(), s["actions"].as_i64().unwrap());
    c.ok(&[
        "stand",
        "edit",
        "a1-1",
        "--add-men",
        "4",
        "--actions-of-new",
        "0",
    ]);
    let now = stand(&c, "a1-1");
    assert_eq!(now["men"].as_i64().unwrap(), men + 4);
    assert_eq!(now["actions"].as_i64().unwrap(), men * actions / (men + 4));
    c.fails(2, &["stand", "edit", "a1-1", "--add-men", "0"]);
}
