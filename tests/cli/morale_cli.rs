//! `morale` through the binary on a campaign with every kind of stand; each
//! expected number is worked by hand from the base table and the factor table.

use crate::common::Campaign;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/all-kinds.toml");

fn campaign() -> Campaign {
    let c = Campaign::empty();
    c.ok(&["import", FIXTURE]);
    c
}

/// (stand, training, experience, base, [(factor, modifier, source)], unclamped, morale)
type Case = (
    &'static str,
    &'static str,
    &'static str,
    i64,
    &'static [(&'static str, i64, &'static str)],
    i64,
    i64,
);

const SIDE_B_PLAIN: &[(&str, i64, &str)] = &[
    ("no_medical_support", 1, "side"),
    ("enemy_treats_pw_well", 1, "side"),
];

const CASES: &[Case] = &[
    (
        "civ",
        "civilian",
        "raw",
        6,
        &[
            ("no_armour", 1, "equipment"),
            ("scratch_unit", 1, "unit"),
            ("poor_officers", 1, "command"),
            ("poorly_equipped", 1, "command"),
            ("out_of_contact", 1, "command"),
            ("no_medical_support", 1, "side"),
            ("enemy_treats_pw_well", 1, "side"),
        ],
        13,
        9,
    ),
    (
        "civ-exp",
        "civilian",
        "experienced",
        7,
        &[
            ("no_armour", 1, "equipment"),
            ("scratch_unit", 1, "unit"),
            ("poor_officers", 1, "command"),
            ("poorly_equipped", 1, "command"),
            ("out_of_contact", 1, "command"),
            ("no_medical_support", 1, "side"),
            ("enemy_treats_pw_well", 1, "side"),
        ],
        14,
        9,
    ),
    (
        "rec",
        "recruits",
        "seasoned",
        7,
        &[
            ("religious_fanatics", -2, "unit"),
            ("no_medical_support", 1, "side"),
            ("enemy_treats_pw_well", 1, "side"),
        ],
        7,
        7,
    ),
    (
        "rec-vet",
        "recruits",
        "veteran",
        8,
        &[
            ("religious_fanatics", -2, "unit"),
            ("no_medical_support", 1, "side"),
            ("enemy_treats_pw_well", 1, "side"),
        ],
        8,
        8,
    ),
    (
        "trn",
        "trained",
        "novice",
        4,
        &[
            ("elite_unit", -1, "unit"),
            ("excellent_officers", -1, "command"),
            ("well_supplied", -1, "command"),
            ("regular_leave_mail", -1, "command"),
            ("excellent_medical", -1, "side"),
        ],
        -1,
        1,
    ),
    (
        "reg",
        "regular",
        "experienced",
        4,
        &[
            ("in_hma_or_ma", -1, "equipment"),
            ("elite_unit", -1, "unit"),
            ("excellent_officers", -1, "command"),
            ("well_supplied", -1, "command"),
            ("regular_leave_mail", -1, "command"),
            ("excellent_medical", -1, "side"),
        ],
        -2,
        1,
    ),
    (
        "sf",
        "special_forces",
        "veteran",
        5,
        &[
            ("in_hma_or_ma", -1, "equipment"),
            ("elite_unit", -1, "unit"),
            ("excellent_officers", -1, "command"),
            ("well_supplied", -1, "command"),
            ("regular_leave_mail", -1, "command"),
            ("excellent_medical", -1, "side"),
        ],
        -1,
        1,
    ),
    (
        "hvt",
        "regular",
        "veteran",
        5,
        &[
            ("tank_or_hoverbus_crew", -2, "vehicle"),
            ("elite_unit", -1, "unit"),
            ("excellent_officers", -1, "command"),
            ("well_supplied", -1, "command"),
            ("regular_leave_mail", -1, "command"),
            ("excellent_medical", -1, "side"),
        ],
        -2,
        1,
    ),
    (
        "tank",
        "regular",
        "novice",
        3,
        &[
            ("tank_or_hoverbus_crew", -2, "vehicle"),
            ("no_medical_support", 1, "side"),
            ("enemy_treats_pw_well", 1, "side"),
        ],
        3,
        3,
    ),
    (
        "hbus",
        "trained",
        "seasoned",
        6,
        &[
            ("tank_or_hoverbus_crew", -2, "vehicle"),
            ("no_medical_support", 1, "side"),
            ("enemy_treats_pw_well", 1, "side"),
        ],
        6,
        6,
    ),
    ("hcar", "trained", "novice", 4, SIDE_B_PLAIN, 6, 6),
    ("lt", "recruits", "raw", 5, SIDE_B_PLAIN, 7, 7),
    ("truck", "recruits", "experienced", 6, SIDE_B_PLAIN, 8, 8),
    ("air", "regular", "novice", 3, SIDE_B_PLAIN, 5, 5),
    ("art", "trained", "experienced", 5, SIDE_B_PLAIN, 7, 7),
    (
        "low",
        "regular",
        "experienced",
        4,
        &[
            ("in_hma_or_ma", -1, "equipment"),
            ("poorly_equipped", 1, "logistics"),
            ("no_medical_support", 1, "side"),
            ("enemy_treats_pw_well", 1, "side"),
        ],
        6,
        6,
    ),
    ("cmd", "trained", "novice", 4, SIDE_B_PLAIN, 6, 6),
];

#[test]
fn every_kind_of_stand_gets_the_hand_worked_number() {
    let c = campaign();
    for (code, training, experience, base, factors, unclamped, morale) in CASES {
        let doc = c.json(&["morale", code]);
        assert_eq!(doc["stand"], *code);
        assert_eq!(
            (
                doc["training"].as_str().unwrap(),
                doc["experience"].as_str().unwrap()
            ),
            (*training, *experience),
            "{code}"
        );
        assert_eq!(doc["base"].as_i64().unwrap(), *base, "{code} base");
        let got: Vec<(String, i64, String)> = doc["factors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["name"].as_str().unwrap().to_string(),
                    f["modifier"].as_i64().unwrap(),
                    f["source"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let want: Vec<(String, i64, String)> = factors
            .iter()
            .map(|(n, m, s)| (n.to_string(), *m, s.to_string()))
            .collect();
        assert_eq!(got, want, "{code} factors");
        assert_eq!(
            doc["unclamped"].as_i64().unwrap(),
            *unclamped,
            "{code} unclamped"
        );
        assert_eq!(doc["morale"].as_i64().unwrap(), *morale, "{code} morale");
        assert_eq!(
            c.json(&["stand", "show", code])["morale"].as_i64().unwrap(),
            *morale,
            "{code} in stand show"
        );
    }
}

#[test]
fn stand_show_explains_the_number() {
    let c = campaign();
    let doc = c.json(&["stand", "show", "civ"]);
    assert_eq!(doc["morale_breakdown"]["unclamped"], 13);
    let text = c.ok(&["stand", "show", "civ"]);
    assert!(
        text.contains("no armour") && text.contains("held to the 1..9 range"),
        "{text}"
    );
}

#[test]
fn morale_moves_with_ammunition_and_promotion() {
    let c = campaign();
    c.ok(&["stand", "edit", "rec", "--ammo", "2"]);
    let f = c.json(&["morale", "rec"]);
    assert!(f["factors"]
        .as_array()
        .unwrap()
        .iter()
        .any(|x| x["name"] == "poorly_equipped" && x["source"] == "logistics"));
    assert_eq!(f["morale"], 8);
    c.ok(&["stand", "edit", "civ-exp", "--actions", "15"]);
    let doc = c.json(&["morale", "civ-exp"]);
    assert_eq!(
        (
            doc["training"].as_str(),
            doc["experience"].as_str(),
            doc["base"].as_i64()
        ),
        (Some("recruits"), Some("seasoned"), Some(7))
    );
}
