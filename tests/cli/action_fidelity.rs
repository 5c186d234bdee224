//! ACTION fought as its text reads, through the real binary on a small
//! campaign of two equal forces: one AP an attack or a grid, speed as
//! movement-only points, elements fighting to LL 0 with group morale tested
//! every phase, so even fights last several turns; sight and terrain.

use crate::common::Campaign;
use serde_json::Value;

/// A campaign of two sides, each one command and one unit `a` / `d`, with
/// `stands` lines (`type`, `training`, `equipment` or `vehicle`, weapon, men)
/// on either side.
pub fn two_sides(att: &[(&str, usize)], def: &[(&str, usize)]) -> Campaign {
    let mut t = String::from(
        "[campaign]\nname = \"T\"\nstart = \"2157-04-12T05:00:00\"\nruleset = \"action\"\n\
         light_wound_days = 7\nserious_wound_days = 28\n",
    );
    for (side, code, stands) in [("ifu", "a", att), ("luna", "d", def)] {
        t += &format!(
            "[[sides]]\ncode = \"{side}\"\nname = \"{side}\"\nmedical = \"normal\"\n\
             treats_pw_well = true\nsupply_points = 10\n\
             [[commands]]\ncode = \"{side}-c\"\nside = \"{side}\"\nname = \"c\"\nplayer = \"p\"\n\
             officers = \"normal\"\nsupply = \"normal\"\ncontact = \"normal\"\n\
             [[units]]\ncode = \"{code}\"\ncommand = \"{side}-c\"\nname = \"u\"\nconfidence = \"co\"\n"
        );
        let mut k = 0;
        for (kind, n) in stands.iter() {
            for _ in 0..*n {
                k += 1;
                t += &format!(
                    "[[stands]]\ncode = \"{code}{k}\"\nunit = \"{code}\"\nname = \"s\"\n{}\nhits = 0\nstatus = \"effective\"\n",
                    kind
                );
            }
        }
    }
    let c = Campaign::empty();
    let f = c.write("t.toml", &t);
    c.ok(&["import", f.to_str().unwrap()]);
    c
}

/// A trained LTA squad of eight with its SLA.
pub const LTA: &str = "type = \"infantry\"\ntraining = \"trained\"\nactions = 3\n\
    equipment = \"lta\"\nweapon = \"sla_squad\"\nmen = 8";
/// A hovertank with its gun and a crew of three.
pub const HOVERTANK: &str = "type = \"vehicle\"\ntraining = \"regular\"\nactions = 3\n\
    vehicle = \"hovertank\"\nweapon = \"hovertank_gun\"\nmen = 3";

/// `battle new CODE` under ACTION between units `a` and `d`, with extra flags.
pub fn plan(c: &Campaign, code: &str, extra: &[&str]) {
    let mut args = vec![
        "battle",
        "new",
        code,
        "--ruleset",
        "action",
        "--attacker",
        "a",
        "--defender",
        "d",
    ];
    args.extend_from_slice(extra);
    c.ok(&args);
}

/// The events of a dry-run fight of `code` with `seed`.
pub fn events(c: &Campaign, code: &str, seed: u64) -> Vec<Value> {
    let doc = c.json(&[
        "battle",
        "auto",
        code,
        "--seed",
        &seed.to_string(),
        "--dry-run",
    ]);
    doc["events"].as_array().unwrap().clone()
}

#[test]
fn even_infantry_fights_last_several_turns_and_end_on_life_levels_or_morale() {
    let c = two_sides(&[(LTA, 6)], &[(LTA, 6)]);
    for cover in ["open", "cover"] {
        let code = format!("even-{cover}");
        plan(&c, &code, &["--range", "60", "--cover", cover]);
        let odds = c.json(&["battle", "odds", &code, "--runs", "400", "--seed", "3"]);
        let turns = odds["mean_turns"].as_f64().unwrap();
        assert!(
            turns >= 3.0,
            "six LTA squads against six in {cover}: {turns} turns on average"
        );
        assert!(turns < 12.0, "{cover}: {turns}");
    }
    // How they end: a group's morale fails, or one side's LL are all gone;
    // no stand leaves with LL left unless its group withdrew.
    for seed in 1..=12 {
        let ev = events(&c, "even-open", seed);
        let end = ev.iter().rfind(|e| e["data"]["kind"] == "end").unwrap();
        let reason = end["text"].as_str().unwrap().to_string();
        let failed_morale = ev
            .iter()
            .any(|e| e["data"]["kind"] == "group_morale" && e["data"]["passed"] == false);
        assert!(
            failed_morale || reason.contains("destroyed") || reason.contains("turn limit"),
            "seed {seed}: {reason}"
        );
        for e in ev.iter().filter(|e| e["data"]["kind"] == "life_lost") {
            let d = &e["data"];
            assert_eq!(
                d["effect"] == "fights on",
                d["life_levels"].as_i64().unwrap() > 0,
                "seed {seed}: an element fights until its LL reach 0: {}",
                e["text"]
            );
        }
    }
}

#[test]
fn group_morale_is_tested_in_the_phase_the_losses_come() {
    let c = two_sides(&[(LTA, 6)], &[(LTA, 6)]);
    plan(&c, "m", &["--range", "20", "--cover", "open"]);
    let mut tests = 0;
    for seed in 1..=10 {
        let ev = events(&c, "m", seed);
        for (k, e) in ev.iter().enumerate() {
            if e["data"]["kind"] != "group_morale" {
                continue;
            }
            tests += 1;
            // The last attack before the test is in the same turn: the test
            // follows the phase whose hits called for it.
            let last = ev[..k]
                .iter()
                .rfind(|x| x["data"]["kind"] == "attack" || x["data"]["kind"] == "turn_begins")
                .unwrap();
            assert_eq!(
                last["data"]["kind"], "attack",
                "seed {seed}: a test before anyone fired this turn: {}",
                e["text"]
            );
        }
    }
    assert!(tests > 0);
}

#[test]
fn a_hovertank_moves_as_far_as_its_points_buy_and_no_farther() {
    // Nothing in reach of anyone at 200 cm (79 grids): the hovertanks close
    // the whole turn.
    let c = two_sides(&[(HOVERTANK, 1)], &[(LTA, 1)]);
    plan(&c, "h", &["--range", "200", "--cover", "open"]);
    let ev = events(&c, "h", 1);
    let moves: Vec<&Value> = ev
        .iter()
        .filter(|e| e["data"]["kind"] == "move" && e["turn"] == 1)
        .collect();
    let grids: i64 = moves
        .iter()
        .map(|e| e["data"]["grids"].as_i64().unwrap())
        .sum();
    assert_eq!(
        grids, 14,
        "2 AP and 12 movement points over open ground: 14 grids, BiA's 35 cm"
    );
    assert!(
        moves
            .iter()
            .all(|e| e["data"]["grids"] == 1 && e["data"]["ap"] == 1),
        "one AP a grid of open ground: {moves:?}"
    );
    let element = ev
        .iter()
        .find(|e| e["data"]["kind"] == "element" && e["data"]["stand"] == "a1")
        .unwrap();
    assert_eq!(
        element["data"]["life_levels"], 8,
        "Toughness 80, a large tank"
    );
}

/// The direct attacks (not the extra rolls of an area or scatter) in `ev`.
fn attacks(ev: &[Value]) -> impl Iterator<Item = &Value> {
    ev.iter()
        .filter(|e| e["data"]["kind"] == "attack" && e["data"]["via"].is_null())
}

#[test]
fn in_heavy_forest_long_range_attacks_stop_and_the_log_names_the_ground() {
    let c = two_sides(&[(LTA, 3)], &[(LTA, 3)]);
    plan(&c, "open", &["--range", "30", "--cover", "open"]);
    plan(
        &c,
        "wood",
        &[
            "--range",
            "30",
            "--cover",
            "open",
            "--terrain",
            "heavy-forest",
        ],
    );
    plan(
        &c,
        "thin",
        &[
            "--range",
            "30",
            "--cover",
            "open",
            "--terrain",
            "Light forest by the dome",
        ],
    );
    let (mut far_open, mut wood, mut thin) = (0, 0, 0);
    for seed in 1..=6 {
        far_open += attacks(&events(&c, "open", seed))
            .filter(|e| e["data"]["range"].as_i64().unwrap() > 1)
            .count();
        let ev = events(&c, "wood", seed);
        let setup = ev.iter().find(|e| e["data"]["kind"] == "setup").unwrap();
        assert_eq!(setup["data"]["terrain"], "heavy-forest");
        for a in attacks(&ev) {
            wood += 1;
            assert_eq!(
                a["data"]["range"], 1,
                "heavy forest blocks sight after one grid (L185): {}",
                a["text"]
            );
        }
        let ev = events(&c, "thin", seed);
        let setup = ev.iter().find(|e| e["data"]["kind"] == "setup").unwrap();
        assert_eq!(
            setup["data"]["terrain"],
            "Light forest by the dome (light-forest)"
        );
        for a in attacks(&ev) {
            thin += 1;
            let range = a["data"]["range"].as_i64().unwrap();
            assert!(
                range <= 2,
                "light forest: two grids block (L181): {}",
                a["text"]
            );
            if range == 2 {
                assert!(
                    a["text"].as_str().unwrap().contains("defender_cover"),
                    "cover to all in the forest: {}",
                    a["text"]
                );
            }
        }
    }
    assert!(far_open > 0, "in the open they fire from afar");
    assert!(wood > 0 && thin > 0, "they close and fight in the woods");
}

#[test]
fn the_mortar_fires_only_at_what_someone_sees() {
    let mortar = "type = \"artillery\"\ntraining = \"regular\"\nactions = 3\n\
        equipment = \"hma\"\nweapon = \"he_missile\"\nmen = 3";
    let c = two_sides(&[(LTA, 3), (mortar, 1)], &[(LTA, 3)]);
    plan(
        &c,
        "w",
        &[
            "--range",
            "30",
            "--cover",
            "cover",
            "--terrain",
            "heavy-forest",
        ],
    );
    let mut fired = 0;
    for seed in 1..=8 {
        let ev = events(&c, "w", seed);
        for a in attacks(&ev).filter(|a| a["data"]["attacker"] == "a4") {
            fired += 1;
            // Someone of its side stands next to the target when it fires.
            let turn = &a["turn"];
            let target = a["data"]["target"].as_str().unwrap();
            let seen = ev.iter().any(|e| {
                e["turn"] == *turn
                    && e["data"]["kind"] == "attack"
                    && e["data"]["range"] == 1
                    && (e["data"]["target"] == target || e["data"]["attacker"] == target)
            });
            assert!(seen, "seed {seed}: the mortar fired unseen: {}", a["text"]);
        }
    }
    assert!(fired > 0, "it fires when a friend is at the target");
}

#[test]
fn the_log_shows_the_phase_the_points_left_part_moves_and_where_shots_land() {
    let support = "type = \"infantry\"\ntraining = \"trained\"\nactions = 3\n\
        equipment = \"lta\"\nweapon = \"sla_support\"\nmen = 4";
    let c = two_sides(&[(LTA, 2), (support, 2)], &[(LTA, 2), (support, 1)]);
    plan(&c, "o", &["--range", "30", "--cover", "cover"]);
    plan(
        &c,
        "w",
        &["--range", "10", "--cover", "open", "--terrain", "swamp"],
    );
    let (mut part, mut scatters) = (0, 0);
    for seed in 1..=6 {
        for code in ["o", "w"] {
            let ev = events(&c, code, seed);
            let mut last: std::collections::HashMap<(i64, String), i64> = Default::default();
            let mut acted = std::collections::HashSet::new();
            for e in &ev {
                let d = &e["data"];
                let kind = d["kind"].as_str().unwrap();
                if !["move", "part_move", "attack", "scatter", "life_lost"].contains(&kind) {
                    continue;
                }
                let phase = d["phase"].as_i64().unwrap();
                assert!(phase >= 1, "{}", e["text"]);
                let text = e["text"].as_str().unwrap();
                assert!(text.starts_with(&format!("phase {phase}: ")), "{text}");
                if kind == "part_move" {
                    part += 1;
                }
                if kind == "scatter" {
                    scatters += 1;
                    assert!(
                        text.contains("landing") || text.contains("simple miss"),
                        "where it landed (L300-302): {text}"
                    );
                }
                let left = match kind {
                    "move" | "part_move" => d["ap_left"].as_i64(),
                    "attack" if d["via"].is_null() => Some(d["ap_left"].as_i64().unwrap()),
                    _ => None,
                };
                if let Some(left) = left {
                    let who = d["stand"]
                        .as_str()
                        .or(d["attacker"].as_str())
                        .unwrap()
                        .to_string();
                    assert!(
                        acted.insert((e["turn"].as_i64().unwrap(), phase, who.clone())),
                        "one action a phase (L155), readied fire included: {text}"
                    );
                    let key = (e["turn"].as_i64().unwrap(), who);
                    if let Some(before) = last.insert(key, left) {
                        assert_eq!(left, before - 1, "one AP an action: {text}");
                    }
                    // Movement-only points are shown apart: they buy no attack.
                    let shown = match d["move_left"].as_i64().unwrap_or(0) {
                        0 => left.to_string(),
                        m => format!("{} AP + {m} move", left - m),
                    };
                    assert!(
                        text.contains(&format!("{shown} left"))
                            || text.contains(&format!("{shown} AP left")),
                        "{text}"
                    );
                }
            }
        }
    }
    assert!(
        part > 0,
        "a grid of swamp takes 3 AP over several phases (L157)"
    );
    assert!(scatters > 0);
}

/// A 3-man mortar team in LTA (artillery: it does not move).
const MORTAR: &str = "type = \"artillery\"\ntraining = \"regular\"\nactions = 3\n\
    equipment = \"lta\"\nweapon = \"he_missile\"\nmen = 3";
/// A two-man anti-tank missile team.
const AT: &str = "type = \"infantry\"\ntraining = \"trained\"\nactions = 3\n\
    equipment = \"lta\"\nweapon = \"at_missile\"\nmen = 2";

#[test]
fn smaller_rules_unable_to_move_ready_on_one_target_missiles_scatter_deep_water() {
    // +5 against a defender unable to move (L244).
    let m = two_sides(&[(LTA, 2)], &[(MORTAR, 1)]);
    plan(&m, "m", &["--range", "40", "--cover", "cover"]);
    let mut on_mortar = 0;
    for seed in 1..=4 {
        for a in attacks(&events(&m, "m", seed)) {
            let text = a["text"].as_str().unwrap();
            if a["data"]["target"] == "d1" {
                on_mortar += 1;
                assert!(text.contains("defender_stunned +5"), "{text}");
            } else {
                assert!(!text.contains("defender_stunned"), "{text}");
            }
        }
    }
    let c = two_sides(&[(LTA, 4), (AT, 2)], &[(LTA, 2)]);
    plan(&c, "s", &["--range", "40", "--cover", "cover"]);
    let mut at_scatters = 0;
    for seed in 1..=8 {
        let ev = events(&c, "s", seed);
        // The Ready's +1 goes with one target a turn (L243).
        let mut readied: std::collections::HashMap<(i64, String), String> = Default::default();
        for a in attacks(&ev).filter(|a| a["text"].as_str().unwrap().contains("readied +1")) {
            let key = (
                a["turn"].as_i64().unwrap(),
                a["data"]["attacker"].as_str().unwrap().to_string(),
            );
            let target = a["data"]["target"].as_str().unwrap().to_string();
            let first = readied.entry(key).or_insert_with(|| target.clone());
            assert_eq!(*first, target, "readied +1 against another: {}", a["text"]);
        }
        // The anti-tank missile is a missile: it scatters when it misses (L269).
        at_scatters += ev
            .iter()
            .filter(|e| {
                e["data"]["kind"] == "scatter"
                    && ["a5", "a6"].contains(&e["data"]["attacker"].as_str().unwrap())
            })
            .count();
    }
    assert!(
        on_mortar > 0 && at_scatters > 0,
        "{on_mortar} {at_scatters}"
    );

    // Nobody can attack out of deep water (L187): the attackers give up at
    // once instead of waiting out the turn limit.
    plan(
        &c,
        "river",
        &[
            "--range",
            "40",
            "--cover",
            "open",
            "--terrain",
            "deep-water",
        ],
    );
    let doc = c.json(&["battle", "auto", "river", "--seed", "1", "--dry-run"]);
    assert_eq!(doc["turns"], 1, "{}", doc["end_reason"]);
    assert!(doc["end_reason"]
        .as_str()
        .unwrap()
        .contains("neither side can hurt the other"));
}

#[test]
fn the_queries_count_a_situation_once_price_rubble_and_answer_range_and_toughness() {
    let c = two_sides(&[(LTA, 1)], &[(LTA, 1)]);
    let twice = c.json(&[
        "rules",
        "action",
        "attack",
        "--ab",
        "0",
        "--defence",
        "0",
        "--situation",
        "readied",
        "--situation",
        "readied",
    ]);
    assert_eq!(twice["modifier"], 1);
    c.fails(
        2,
        &[
            "rules",
            "action",
            "attack",
            "--ab",
            "0",
            "--defence",
            "0",
            "--situation",
            "attacker-higher",
            "--situation",
            "attacker-lower",
        ],
    );
    let rubble = c.json(&["rules", "action", "move-cost", "--terrain", "rubble"]);
    assert_eq!(rubble["ap"], 2);
    let r = c.json(&[
        "rules",
        "action",
        "range",
        "--grids",
        "5",
        "--elevation",
        "1",
    ]);
    assert_eq!(r["range"], 6);
    let t = c.json(&["rules", "action", "toughness", "--size", "huge"]);
    assert_eq!(
        (t["toughness"].as_i64(), t["vehicle_life_levels"].as_i64()),
        (Some(80), Some(8))
    );
}

#[test]
fn table_play_keeps_the_action_phase() {
    use bounce::campaign::battle::{ready, setup};
    use bounce::engine::play::{Reply, Session};
    use bounce::engine::Registry;
    use bounce::store::Store;
    let c = two_sides(&[(LTA, 2)], &[(LTA, 1)]);
    plan(&c, "t", &["--range", "20", "--cover", "open"]);
    let store = Store::open(&c.db).unwrap();
    let registry = Registry::standard();
    let rs = registry.get("action").unwrap();
    let b = ready(store.conn(), "t").unwrap();
    let s = setup(store.conn(), &b, rs.turn_limit()).unwrap();
    let mut p = Session::new(rs, &s, 1, true).unwrap();
    let ok = |p: &mut Session, l: &str| matches!(p.line(l), Reply::Done(_));
    // Order a2 > d1 > a1.
    assert!(ok(&mut p, "initiative roll 10,90,50"));
    assert!(
        !ok(&mut p, "attack a1 at d1 range 8 roll 50,50"),
        "a1 acts last in the phase (L159)"
    );
    assert!(ok(&mut p, "attack a2 at d1 range 8 roll 50,50"));
    assert!(
        !ok(&mut p, "attack a2 at d1 range 8 roll 50,50"),
        "one action a phase (L155)"
    );
    assert!(ok(&mut p, "done d1"));
    assert!(ok(&mut p, "move a1 terrain swamp"));
    assert!(
        !ok(&mut p, "attack a1 at d1 range 8 roll 50,50"),
        "the move was its action this phase"
    );
    assert!(ok(&mut p, "phase"));
    assert!(ok(&mut p, "attack a2 at d1 range 8 roll 50,50"));
    let Reply::Done(said) = p.line("move a1 terrain swamp") else {
        panic!("a second AP into the swamp")
    };
    assert!(said.contains("2 of the grid's 3 AP"), "{said}");
    // A Ready against a location (L139).
    assert!(ok(&mut p, "turn"));
    assert!(
        !ok(&mut p, "move a1"),
        "initiative is rolled anew each turn"
    );
    let Reply::Done(said) = p.line("ready d1 at 0,3") else {
        panic!("ready at a grid")
    };
    assert!(said.contains("whatever enters grid 0,3"), "{said}");
}
