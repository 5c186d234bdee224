//! Dirtside odds take shortcuts (issue 26 item 10): a summary instead of the
//! full result, reused vectors, cached answers about who has a target. Each
//! must give what the full fight gives; the caches also check themselves
//! against the full search with `debug_assert!` in these (debug) builds.

use bounce::battle::ruleset::RunSummary;
use bounce::engine::Registry;

/// A combined-arms fight in platoons: hovertanks and squads attack track
/// tanks, squads and anti-tank teams, so every kind of shot is planned.
fn mixed(cover: bounce::core::kinds::Cover, range_cm: i64) -> bounce::battle::setup::BattleSetup {
    use bounce::engine::calibration::{
        battle, force, AT_TEAM, HOVERTANK, LTA_REGULARS, LTA_TRAINED, TRACK_TANK,
    };
    let mut s = battle(
        force("a", &[(HOVERTANK, 4), (LTA_REGULARS, 16)]),
        force("d", &[(TRACK_TANK, 2), (LTA_TRAINED, 12), (AT_TEAM, 3)]),
        range_cm,
        cover,
    );
    s.ruleset = "dirtside".into();
    s.turn_limit = 12;
    for (i, st) in s.attacker.stands.iter_mut().enumerate() {
        st.unit = format!("a-pl{}", i / 4);
    }
    for (i, st) in s.defender.stands.iter_mut().enumerate() {
        st.unit = format!("d-pl{}", i / 4);
    }
    s
}

/// A tank fight at long range: damaged guns lose their long band, so the
/// kept answers about who can shoot whom must follow the damage.
fn armour(range_cm: i64) -> bounce::battle::setup::BattleSetup {
    use bounce::engine::calibration::{battle, force, HOVERTANK, TRACK_TANK};
    let mut s = battle(
        force("a", &[(TRACK_TANK, 6), (HOVERTANK, 2)]),
        force("d", &[(HOVERTANK, 3), (TRACK_TANK, 3)]),
        range_cm,
        bounce::core::kinds::Cover::Open,
    );
    s.ruleset = "dirtside".into();
    s.turn_limit = 12;
    for (i, st) in s.attacker.stands.iter_mut().enumerate() {
        st.unit = format!("a-pl{}", i / 2);
    }
    for (i, st) in s.defender.stands.iter_mut().enumerate() {
        st.unit = format!("d-pl{}", i / 3);
    }
    s
}

/// Odds runs, one after another on one thread (each reusing the last
/// run's vectors), give what the full fight gives for every seed.
#[test]
fn odds_runs_sum_up_the_full_fight() {
    use bounce::core::kinds::Cover;
    let registry = Registry::standard();
    let ds = registry.get("dirtside").unwrap();
    let fights = [
        mixed(Cover::Cover, 60),
        mixed(Cover::Open, 120),
        mixed(Cover::Bunker, 30),
        armour(150),
        armour(250),
    ];
    for s in fights {
        let (cover, range) = (s.defender_cover, s.range_cm);
        let order: Vec<&str> = s
            .attacker
            .stands
            .iter()
            .chain(&s.defender.stands)
            .map(|st| st.code.as_str())
            .collect();
        let odds = ds.prepare(&s, false).unwrap();
        let full = ds.prepare(&s, true).unwrap();
        let mut endings = std::collections::BTreeSet::new();
        for seed in 0..40 {
            let quick = odds.summary(seed, &order);
            let whole = RunSummary::of(&full.fight(seed), &order);
            assert_eq!(quick, whole, "{cover:?} at {range} cm, seed {seed}");
            endings.insert((format!("{:?}", whole.winner), whole.turns, whole.hits));
        }
        // Fights that went differently, so the shortcuts met many situations.
        assert!(endings.len() > 10, "too few kinds of ending: {endings:?}");
    }
}
