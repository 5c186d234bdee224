//! Behaviour of the resolver over many seeded battles, with hand-built forces:
//! where fire goes, who fires first, what the morale phase tests.

use super::Prepared;
use crate::battle::event::Event;
use crate::battle::ruleset::PreparedBattle;
use crate::battle::setup::{BattleSetup, Force, StandSetup};
use crate::core::kinds::{Cover, Equipment, Medical, StandType, Training, VehicleKind, Weapon};

/// A stand of kind `base` with code `code` in command `command`.
pub(super) fn stand(base: &StandSetup, code: &str, command: &str) -> StandSetup {
    StandSetup {
        code: code.into(),
        command: command.into(),
        ..base.clone()
    }
}

/// `n` stands of kind `base`, coded `prefix1..`, in command `command`.
pub(super) fn stands(base: &StandSetup, prefix: &str, command: &str, n: usize) -> Vec<StandSetup> {
    (1..=n)
        .map(|k| stand(base, &format!("{prefix}{k}"), command))
        .collect()
}

fn force(side: &str, stands: Vec<StandSetup>) -> Force {
    Force {
        side: side.into(),
        medical: Medical::Normal,
        enemy_treats_pw_well: false,
        commands: vec![],
        units: vec![],
        stands,
    }
}

pub(super) fn battle(
    att: Vec<StandSetup>,
    def: Vec<StandSetup>,
    range_cm: i64,
    cover: Cover,
) -> BattleSetup {
    BattleSetup {
        code: "t".into(),
        ruleset: "bia".into(),
        range_cm,
        defender_cover: cover,
        terrain: String::new(),
        turn_limit: 24,
        options: Default::default(),
        attacker: force("a", att),
        defender: force("d", def),
    }
}

/// A trained LTA squad with SLA (morale 5).
pub(super) fn lta() -> StandSetup {
    StandSetup {
        training: Training::Trained,
        ..StandSetup::example("lta")
    }
}

/// A militia section: trained, assault rifles, rifles.
pub(super) fn militia() -> StandSetup {
    StandSetup {
        training: Training::Trained,
        equipment: Some(Equipment::AssaultRifles),
        weapon: Some(Weapon::Rifles),
        ..StandSetup::example("mil")
    }
}

/// A regular HMA fire team of four with SLA.
pub(super) fn hma() -> StandSetup {
    StandSetup {
        equipment: Some(Equipment::Hma),
        men: 4,
        ..StandSetup::example("hma")
    }
}

/// A hovertank with its gun, crew of three.
pub(super) fn hovertank() -> StandSetup {
    StandSetup {
        stand_type: StandType::Vehicle,
        equipment: None,
        vehicle: Some(VehicleKind::Hovertank),
        weapon: Some(Weapon::HovertankGun),
        men: 3,
        ..StandSetup::example("hvr")
    }
}

/// The battle fought with its log on.
pub(super) fn events(setup: &BattleSetup, seed: u64) -> Vec<Event> {
    Prepared::new(setup, true).unwrap().fight(seed).events
}

/// The kind of a logged event, from its data.
pub(super) fn kind(e: &Event) -> &str {
    e.data
        .as_ref()
        .and_then(|d| d["kind"].as_str())
        .unwrap_or("")
}

/// Infantry fights, a raid with armour, militia in cover: the battles the
/// seeded checks below fight.
fn assorted() -> Vec<BattleSetup> {
    let mut att = stands(&lta(), "a", "ac", 8);
    att[0].officer = true;
    vec![
        battle(att.clone(), stands(&lta(), "d", "dc", 4), 60, Cover::Cover),
        battle(att, stands(&lta(), "d", "dc", 4), 10, Cover::Bunker),
        battle(
            stands(&lta(), "a", "ac", 6),
            stands(&militia(), "d", "dc", 6),
            30,
            Cover::Open,
        ),
        battle(
            [
                stands(&hovertank(), "h", "ac", 2),
                stands(&hma(), "a", "ac", 6),
            ]
            .concat(),
            stands(&militia(), "d", "dc", 6),
            10,
            Cover::Cover,
        ),
    ]
}

#[test]
fn no_shot_at_a_stand_out_of_the_fight_while_one_still_fighting_is_in_reach() {
    // The resolver checks every choice of target against every enemy stand
    // (a debug assertion in `pick_target`); these battles must get through
    // it, and must have fired at stands out of the fight when nothing else
    // was left, and made some stands ineffective.
    let mut ineffective = 0;
    for setup in assorted() {
        for seed in 0..60 {
            let ev = events(&setup, seed);
            ineffective += ev
                .iter()
                .filter(|e| kind(e) == "hits" && e.text.contains("ineffective"))
                .count();
        }
    }
    assert!(ineffective > 100, "{ineffective} stands made ineffective");
}

#[test]
fn equally_near_targets_are_chosen_by_the_dice_not_the_roster() {
    // Eight squads side by side at 60 cm, four of them moving: over many
    // battles the defenders' first shot (suppressive fire, at a mover) lands
    // on each mover, not always on the first in the roster.
    let setup = battle(
        stands(&lta(), "a", "ac", 8),
        stands(&lta(), "d", "dc", 4),
        60,
        Cover::Cover,
    );
    let mut first = std::collections::BTreeMap::new();
    for seed in 0..80 {
        let ev = events(&setup, seed);
        let shot = ev.iter().find(|e| kind(e) == "fire").unwrap();
        let target = shot.data.as_ref().unwrap()["target"].as_str().unwrap();
        *first.entry(target.to_string()).or_insert(0) += 1;
    }
    assert!(
        first.len() >= 4 && first.values().all(|&n| n <= 40),
        "first shots by target: {first:?}"
    );
}

/// An AT team: trained, LTA, AT missiles, three men.
pub(super) fn at_team() -> StandSetup {
    StandSetup {
        training: Training::Trained,
        weapon: Some(Weapon::AtMissile),
        men: 3,
        ..StandSetup::example("at")
    }
}

/// Names of a logged shot's modifiers.
pub(super) fn modifier_names(e: &Event) -> Vec<String> {
    e.data.as_ref().unwrap()["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_defenders_fire_sees_attackers_about_to_move_as_moving() {
    // Hovertanks and civilians advance on AT teams and LTA squads in the
    // open from 100 cm. A shot of the defenders' suppressive fire at a stand
    // that then advances in the same turn is a shot at a mover: no
    // "stationary vehicle" for the tanks, "unarmoured moving in open" for
    // the civilians.
    let civilians = StandSetup {
        training: Training::Civilian,
        equipment: Some(Equipment::CivilianWeapons),
        weapon: Some(Weapon::LightSmallArms),
        ..StandSetup::example("civ")
    };
    let setup = battle(
        [
            stands(&hovertank(), "h", "ac", 3),
            stands(&civilians, "c", "ac", 4),
        ]
        .concat(),
        [
            stands(&at_team(), "t", "dc", 3),
            stands(&lta(), "d", "dc", 3),
        ]
        .concat(),
        100,
        Cover::Open,
    );
    let mut at_movers = 0;
    for seed in 0..60 {
        let ev = events(&setup, seed);
        for e in &ev {
            if kind(e) != "fire" || e.side != Some(crate::battle::result::Role::Defender) {
                continue;
            }
            let target = e.data.as_ref().unwrap()["target"].as_str().unwrap();
            // Moves this turn, a retirement to cover in the morale phase too.
            let moves_this_turn = ev.iter().any(|m| {
                m.turn == e.turn
                    && matches!(kind(m), "advance" | "assault" | "fall_back")
                    && m.actor.as_deref() == Some(target)
            });
            let names = modifier_names(e);
            let tank = target.starts_with('h');
            if moves_this_turn {
                at_movers += 1;
                assert!(
                    !names.iter().any(|n| n == "stationary_vehicle"),
                    "{}",
                    e.text
                );
                if !tank {
                    assert!(
                        names.iter().any(|n| n == "unarmoured_moving_in_open"),
                        "{}",
                        e.text
                    );
                }
            }
        }
    }
    assert!(at_movers > 50, "{at_movers} shots at movers");
}

#[test]
fn veterans_fire_first_whichever_side_they_are_on() {
    use crate::battle::result::Role;
    // BiA's own example (L391): neither side moving, veteran trained troops
    // fire before experienced regulars. Attacking missile batteries never
    // move; the defenders' AT teams hold in cover with nobody moving to
    // suppress, so both fire in the firing phase, veterans first.
    let battery = |training, actions| StandSetup {
        stand_type: StandType::Artillery,
        training,
        actions,
        weapon: Some(Weapon::HeMissile),
        ..StandSetup::example("art")
    };
    let team = |training, actions| StandSetup {
        training,
        actions,
        ..at_team()
    };
    let veteran = 40;
    let cases = [
        (
            battery(Training::Trained, veteran),
            team(Training::Regular, 3),
            Role::Attacker,
        ),
        (
            battery(Training::Regular, 3),
            team(Training::Trained, veteran),
            Role::Defender,
        ),
    ];
    for (att, def, first) in cases {
        let setup = battle(
            stands(&att, "a", "ac", 2),
            stands(&def, "d", "dc", 2),
            60,
            Cover::Cover,
        );
        for seed in 0..20 {
            let ev = events(&setup, seed);
            let shots: Vec<Option<Role>> = ev
                .iter()
                .filter(|e| e.turn == 1 && kind(e) == "fire")
                .map(|e| e.side)
                .collect();
            assert_eq!(
                shots[..2],
                [Some(first), Some(first)],
                "seed {seed}: {shots:?}"
            );
        }
    }
}

#[test]
fn only_groups_with_stands_still_fighting_test_their_morale() {
    // A lone hovertank in its own command beside an infantry company: once
    // it is knocked out, its command has nobody left to test.
    let mut att = stands(&hma(), "a", "ac", 6);
    att.push(stand(&hovertank(), "h1", "tanks"));
    let setup = battle(att, stands(&at_team(), "d", "dc", 4), 60, Cover::Cover);
    let mut knocked_out = 0;
    for seed in 0..60 {
        let ev = events(&setup, seed);
        let Some(k) = ev.iter().position(|e| {
            kind(e) == "penetration"
                && e.data.as_ref().unwrap()["target"] == "h1"
                && e.data.as_ref().unwrap()["result"] != "no_effect"
        }) else {
            continue;
        };
        knocked_out += 1;
        assert!(
            !ev[k..]
                .iter()
                .any(|e| kind(e) == "group_morale" && e.text.starts_with("group tanks ")),
            "seed {seed}: the tanks' empty command tested"
        );
    }
    assert!(knocked_out > 10, "{knocked_out}");
}

#[test]
fn a_heavy_machine_gun_fires_at_hma_and_civilian_weapons_do_not() {
    // BiA L235: only troops with civilian weapons cannot hurt HMA.
    let hmg = StandSetup {
        weapon: Some(Weapon::VehHmg),
        men: 3,
        ..militia()
    };
    let civilians = StandSetup {
        training: Training::Civilian,
        equipment: Some(Equipment::CivilianWeapons),
        weapon: Some(Weapon::Rifles),
        ..StandSetup::example("civ")
    };
    let setup = battle(
        stands(&hma(), "a", "ac", 4),
        [stands(&hmg, "g", "dc", 2), stands(&civilians, "c", "dc", 2)].concat(),
        30,
        Cover::Cover,
    );
    let mut hmg_shots = 0;
    for seed in 0..20 {
        for e in events(&setup, seed) {
            if kind(&e) != "fire" || e.side != Some(crate::battle::result::Role::Defender) {
                continue;
            }
            let firer = e.actor.clone().unwrap_or_default();
            assert!(!firer.starts_with('c'), "{}", e.text);
            hmg_shots += usize::from(firer.starts_with('g'));
        }
    }
    assert!(hmg_shots > 20, "{hmg_shots} HMG shots at HMA");
}

#[test]
fn an_emplaced_heavy_machine_gun_sits_with_the_line_and_fires_directly() {
    // A crew-served HMG typed as artillery is not a gun 30 cm behind the line:
    // it fires from the line, as direct fire.
    let hmg = StandSetup {
        stand_type: StandType::Artillery,
        weapon: Some(Weapon::VehHmg),
        men: 3,
        ..militia()
    };
    let setup = battle(
        stands(&lta(), "a", "ac", 4),
        [stands(&militia(), "d", "dc", 2), stands(&hmg, "g", "dc", 1)].concat(),
        30,
        Cover::Cover,
    );
    let mut shots = 0;
    for seed in 0..20 {
        let ev = events(&setup, seed);
        for e in ev.iter().filter(|e| kind(e) == "fire") {
            let d = e.data.as_ref().unwrap();
            if d["firer"] == "g1" || d["target"] == "g1" {
                shots += 1;
                assert!(
                    matches!(e.phase.as_str(), "fire" | "suppressive fire"),
                    "direct fire: {}",
                    e.text
                );
                // Never from 30 cm behind the line (it may retire to cover).
                assert!(d["range_cm"].as_i64().unwrap() < 60, "{}", e.text);
            }
        }
    }
    assert!(shots > 10, "{shots}");
}

#[test]
fn a_one_man_figure_adds_one_to_the_stand_it_is_with_and_rolls_no_die() {
    // BiA L385: the company sergeant-major with his SLA goes with the first
    // squad of his command and gives it +1; he never fires on his own.
    let csm = StandSetup {
        stand_type: StandType::Commander,
        men: 1,
        ..lta()
    };
    let mut att = vec![stand(&csm, "csm", "ac")];
    att.extend(stands(&lta(), "a", "ac", 4));
    let setup = battle(att, stands(&militia(), "d", "dc", 4), 30, Cover::Cover);
    let mut host_shots = 0;
    for seed in 0..20 {
        let ev = events(&setup, seed);
        let mut csm_fighting = true;
        for e in &ev {
            if e.text.starts_with("csm ") && e.text.contains("destroyed") {
                csm_fighting = false;
            }
            if kind(e) != "fire" {
                continue;
            }
            let firer = e.actor.as_deref().unwrap_or("");
            assert_ne!(firer, "csm", "{}", e.text);
            if firer == "a1" && csm_fighting {
                host_shots += 1;
                assert!(
                    modifier_names(e).iter().any(|n| n == "officer"),
                    "{}",
                    e.text
                );
            }
        }
    }
    assert!(host_shots > 10, "{host_shots}");
}

#[test]
fn stands_in_the_same_place_share_one_morale_die() {
    // BiA L314 with its footnote: the same 2d6 for co-located stands. The
    // defenders' line all stands in one place, and so do attackers that
    // advanced together: every test in one morale phase by stands of one
    // side at one place shows the same roll.
    let setup = battle(
        stands(&lta(), "a", "ac", 8),
        stands(&lta(), "d", "dc", 6),
        30,
        Cover::Cover,
    );
    let mut shared = 0;
    for seed in 0..30 {
        let ev = events(&setup, seed);
        let mut seen: std::collections::BTreeMap<(u32, String), i64> = Default::default();
        for e in ev.iter().filter(|e| kind(e) == "stand_morale") {
            let stand = e.actor.clone().unwrap();
            if !stand.starts_with('d') {
                continue;
            }
            // Defenders who never fell back are all on their line.
            let moved = ev.iter().any(|m| {
                m.turn <= e.turn && kind(m) == "fall_back" && m.actor.as_deref() == Some(&stand)
            });
            if moved {
                continue;
            }
            let roll = e.data.as_ref().unwrap()["roll"].as_i64().unwrap();
            match seen.get(&(e.turn, "line".into())) {
                Some(&r) => {
                    shared += 1;
                    assert_eq!(r, roll, "seed {seed}: {}", e.text);
                }
                None => {
                    seen.insert((e.turn, "line".into()), roll);
                }
            }
        }
    }
    assert!(shared > 20, "{shared}");
}

#[test]
fn the_officer_takes_his_own_test_at_plus_two_and_leads_his_group_at_plus_one() {
    // BiA L317: the officer's own stand tests at +2; the stands with him in
    // the same place, doing the same, at +1 for his example.
    let mut def = stands(&lta(), "d", "dc", 4);
    def[0].officer = true;
    let setup = battle(stands(&lta(), "a", "ac", 8), def, 30, Cover::Cover);
    let (mut taking, mut led) = (0, 0);
    for seed in 0..30 {
        for e in events(&setup, seed).iter().filter(|e| {
            kind(e) == "stand_morale" && e.side == Some(crate::battle::result::Role::Defender)
        }) {
            let names: Vec<String> = e.data.as_ref().unwrap()["modifiers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["name"].as_str().unwrap().to_string())
                .collect();
            if e.actor.as_deref() == Some("d1") {
                assert!(
                    names.iter().any(|n| n == "officer_taking_morale"),
                    "{}",
                    e.text
                );
                assert!(!names.iter().any(|n| n == "officer_leading"), "{}", e.text);
                taking += 1;
            } else if names.iter().any(|n| n == "officer_leading") {
                led += 1;
            }
        }
    }
    assert!(taking > 5 && led > 5, "{taking} {led}");
}

#[test]
fn only_stands_attacked_from_the_air_test_under_air_attack() {
    // A slow gunship with a cannon supports an LTA attack; the defenders have
    // nothing that reaches it. "Under air attack" (−3) is for the stands it
    // shot at since their last morale phase, not for the whole line.
    let gunship = StandSetup {
        stand_type: StandType::Aircraft,
        equipment: None,
        speed: Some(crate::core::kinds::AircraftSpeed::Slow),
        weapon: Some(Weapon::VehCannon),
        men: 2,
        ..StandSetup::example("air")
    };
    let mut att = stands(&lta(), "a", "ac", 4);
    att.push(stand(&gunship, "g1", "air"));
    let setup = battle(att, stands(&lta(), "d", "dc", 6), 60, Cover::Cover);
    let (mut under, mut spared) = (0, 0);
    for seed in 0..30 {
        let ev = events(&setup, seed);
        for (k, e) in ev.iter().enumerate() {
            if kind(e) != "stand_morale" || e.side != Some(crate::battle::result::Role::Defender) {
                continue;
            }
            let stand = e.actor.as_deref().unwrap();
            let attacked = ev[..k].iter().any(|f| {
                f.phase == "air to surface"
                    && f.turn + 1 == e.turn
                    && f.data.as_ref().unwrap()["target"] == stand
            });
            let tested_under = e.text.contains("under air attack");
            assert_eq!(attacked, tested_under, "seed {seed}: {}", e.text);
            under += usize::from(tested_under);
            spared += usize::from(!tested_under);
        }
    }
    assert!(under > 5 && spared > 5, "{under} {spared}");
}

#[test]
fn air_defence_takes_the_normal_firing_modifiers() {
    // BiA L463: lock-on and the shot take the normal firing modifiers: a
    // trained MANPAD team fires at −1 on both.
    let gunship = StandSetup {
        stand_type: StandType::Aircraft,
        equipment: None,
        speed: Some(crate::core::kinds::AircraftSpeed::Slow),
        weapon: Some(Weapon::VehCannon),
        men: 2,
        ..StandSetup::example("air")
    };
    let manpad = StandSetup {
        weapon: Some(Weapon::Manpad),
        men: 2,
        ..lta()
    };
    let setup = battle(
        [
            stands(&lta(), "a", "ac", 4),
            stands(&gunship, "g", "air", 2),
        ]
        .concat(),
        [stands(&lta(), "d", "dc", 3), stands(&manpad, "m", "dc", 2)].concat(),
        60,
        Cover::Cover,
    );
    let mut engagements = 0;
    for seed in 0..20 {
        for e in events(&setup, seed)
            .iter()
            .filter(|e| kind(e) == "air_defence")
        {
            let d = e.data.as_ref().unwrap();
            let locked = if d["locked"].as_bool().unwrap() { 3 } else { 0 };
            let net = d["modified_roll"].as_i64().unwrap() - d["roll"].as_i64().unwrap() - locked;
            assert_eq!(net, -1, "{}", e.text);
            assert!(e.text.contains("firer trained −1"), "{}", e.text);
            engagements += 1;
        }
    }
    assert!(engagements > 10, "{engagements}");
}
