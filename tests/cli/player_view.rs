//! Each player's view (issue #29 item 5): `report --side S` lists the side's
//! own stands, and `report --command C` is one player's page: their stands
//! in full, their side's shared picture, and of the enemy only what their own
//! stands met.

use crate::common::Campaign;

/// Full Moon with the first two battles fought: luna-north's militia met the
/// IFU; luna-south has not fought yet.
fn fought() -> Campaign {
    let c = Campaign::full_moon();
    c.ok(&["battle", "auto", "crater-rim", "--seed", "7"]);
    c.ok(&["battle", "auto", "dome-seven", "--seed", "7"]);
    c
}

fn codes(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s["code"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_side_report_lists_the_sides_own_stands() {
    let c = fought();
    let report = c.json(&["report", "--side", "luna"]);
    let mut listed = codes(&report["stands"]);
    let mut roster = codes(&c.json(&["roster", "--side", "luna", "--all"]));
    listed.sort();
    roster.sort();
    assert_eq!(listed, roster, "every luna stand, whatever its status");
    assert!(report["stands"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["status"] != "effective"));
    let text = c.ok(&["report", "--side", "luna"]);
    assert!(
        text.contains("Our stands") && text.contains("mil-1a"),
        "{text}"
    );
    assert!(c.json(&["report"])["stands"].as_array().unwrap().is_empty());
}

#[test]
fn a_players_page_has_their_stands_their_sides_picture_and_only_the_enemy_they_met() {
    let c = fought();
    let side = c.json(&["report", "--side", "luna"]);
    let north = c.json(&["report", "--command", "luna-north"]);
    let south = c.json(&["report", "--command", "luna-south"]);
    assert_eq!(south["side"], "luna");
    assert_eq!(south["command"], "luna-south");
    assert!(south["stands"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["command"] == "luna-south"));
    assert!(codes(&south["stands"]).contains(&"lta-1".to_string()));
    // The side's shared picture: its commands, its battles.
    assert_eq!(south["sides"], side["sides"]);
    assert_eq!(south["battles"], side["battles"]);
    // The enemy: only what the command's own stands met.
    assert!(!codes(&side["enemy_seen"]).is_empty());
    assert_eq!(north["enemy_seen"], side["enemy_seen"], "north fought both");
    assert!(
        south["enemy_seen"].as_array().unwrap().is_empty(),
        "south met no one: {}",
        south["enemy_seen"]
    );
    let page = c.path("south.html");
    c.ok(&[
        "report",
        "--command",
        "luna-south",
        "--html",
        page.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(page).unwrap();
    assert!(html.contains("The page of command luna-south (side luna)"));
    assert!(
        html.contains("lta-1") && !html.contains("a1-1"),
        "no IFU stand on the page"
    );

    let err = c.fails(2, &["report", "--command", "nobody"]);
    assert!(err.contains("no command `nobody`"), "{err}");
}
