//! The ruleset conformance suite (SPEC 4.4): one set of checks, written once
//! and instantiated for every ruleset with `ruleset_conformance!(name, ctor)`,
//! as taskchampion instantiates `storage_tests_base!` for every storage. The
//! registry's four rulesets and the test-only toy (`toy.rs`) each get it; a
//! ruleset added to `Registry::standard()` without a line here fails
//! `every_registered_ruleset_has_the_suite`.
//!
//! Each check runs over the matchups of `matchups` (two battles built from the
//! calibration fixtures) and several seeds:
//! - the same seed gives the same result, and the quiet run of odds
//!   (`prepare(setup, false)`, `summary`) is the logged run's summary;
//! - `battle auto --dry-run` shows what `battle auto` then commits, through
//!   the binary (the library's drivers for a ruleset the binary lacks), and
//!   `check` and export → import → export hold after it;
//! - hits stay within a stand's strength and statuses agree with the hits;
//! - turns stay within the setup's limit, and a battle the limit cut short
//!   is the defender's;
//! - table play with undo comes back to the same state;
//! - a result written as a results file and recorded reads back the same;
//! - odds rates are counts of the runs, with a 95 % interval that holds the
//!   rate and narrows with more runs;
//! - a golden log per ruleset (insta snapshot `snapshots/cli__conformance__golden_log_NAME.snap`).

use std::collections::BTreeSet;

use bounce::battle::result::{BattleResult, Role, Winner};
use bounce::battle::ruleset::{Ruleset, RunSummary};
use bounce::battle::setup::{BattleSetup, StandSetup};
use bounce::campaign::records::{parse_time, BattleRecord};
use bounce::core::dice::derive_seed;
use bounce::core::kinds::{Cover, StandType, Status};
use bounce::engine::auto::{commit, fight};
use bounce::engine::calibration::{
    battle, force, AT_TEAM, GREEN_TEAM, HMA_REGULARS, HOVERTANK, LTA_TRAINED, MILITIA, REGULAR_TEAM,
};
use bounce::engine::odds::{odds, wilson95};
use bounce::engine::play::{Reply, Session};
use bounce::engine::Registry;
use bounce::store::Store;
use serde_json::Value;

use crate::common::Campaign;

mod record;
mod table_play;

use record::record_round_trip;
use table_play::table_undo;

/// Instantiates the suite for one ruleset: `mod_name` names the test module
/// (and must be the ruleset's name), `ctor` makes the ruleset.
macro_rules! ruleset_conformance {
    ($mod_name:ident, $ctor:expr) => {
        mod $mod_name {
            use bounce::battle::ruleset::Ruleset;

            fn ruleset() -> Box<dyn Ruleset> {
                Box::new($ctor)
            }

            #[test]
            fn is_registered_under_its_module_name() {
                assert_eq!(ruleset().name(), stringify!($mod_name));
            }

            #[test]
            fn same_seed_same_result_and_the_quiet_run_is_the_logged_run() {
                super::same_seed_same_result(&*ruleset());
            }

            #[test]
            fn a_dry_run_shows_what_the_commit_writes() {
                super::dry_run_equals_commit(ruleset());
            }

            #[test]
            fn hits_within_strength_and_statuses_consistent_with_hits() {
                super::hits_and_statuses(&*ruleset());
            }

            #[test]
            fn turns_within_the_setups_limit() {
                super::turns_within_the_limit(&*ruleset());
            }

            #[test]
            fn table_play_undo_returns_to_the_same_state() {
                super::table_undo(&*ruleset());
            }

            #[test]
            fn a_recorded_result_round_trips() {
                super::record_round_trip(&*ruleset());
            }

            #[test]
            fn odds_rates_are_counts_with_a_95_interval() {
                super::odds_from_counts(&*ruleset());
            }

            #[test]
            fn rule_queries_are_reached_through_the_binary() {
                super::rule_queries(&*ruleset());
            }

            #[test]
            fn golden_log() {
                super::golden_log(&*ruleset());
            }
        }
    };
}

ruleset_conformance!(bia, bounce::rules::bia::Bia);
ruleset_conformance!(dirtside, bounce::rules::dirtside::Dirtside);
ruleset_conformance!(fma, bounce::rules::fma::Fma);
ruleset_conformance!(action, bounce::rules::action::Action);
ruleset_conformance!(toy, crate::toy::Toy);

/// The rulesets this file instantiates the suite for, read from its own text.
fn instantiated() -> BTreeSet<String> {
    include_str!("conformance.rs")
        .lines()
        .filter_map(|l| l.strip_prefix("ruleset_conformance!("))
        .filter_map(|l| l.split(',').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn every_registered_ruleset_has_the_suite() {
    let have = instantiated();
    for name in Registry::standard().names() {
        assert!(
            have.contains(name),
            "`{name}` is registered but has no `ruleset_conformance!({name}, …)` line"
        );
    }
    assert!(have.contains("toy"), "the test-only ruleset too: {have:?}");
}

const SEEDS: [u64; 6] = [1, 2, 3, 7, 42, 2157];

/// The battles every check fights: infantry teams against a militia stand
/// and green recruits in cover, and a hovertank with HMA teams against LTA
/// and an anti-tank team in the open. One stand on each carries a hit in.
fn matchups(r: &dyn Ruleset) -> Vec<BattleSetup> {
    let mut teams = force("a", &[(REGULAR_TEAM, 2)]);
    teams.stands[0].hits = 1;
    let infantry = battle(
        teams,
        force("d", &[(MILITIA, 1), (GREEN_TEAM, 1)]),
        60,
        Cover::Cover,
    );
    let mut line = force("d", &[(LTA_TRAINED, 1), (AT_TEAM, 1)]);
    line.stands[0].hits = 1;
    let armour = battle(
        force("a", &[(HOVERTANK, 1), (HMA_REGULARS, 2)]),
        line,
        60,
        Cover::Open,
    );
    [infantry, armour]
        .into_iter()
        .map(|mut s| {
            s.ruleset = r.name().into();
            s.turn_limit = r.turn_limit();
            s
        })
        .collect()
}

/// The setup's stand codes, attackers then defenders (the odds' order).
fn order(s: &BattleSetup) -> Vec<&str> {
    stands(s).map(|(_, x)| x.code.as_str()).collect()
}

fn stands(s: &BattleSetup) -> impl Iterator<Item = (Role, &StandSetup)> {
    [Role::Attacker, Role::Defender]
        .into_iter()
        .flat_map(move |r| s.force(r).stands.iter().map(move |x| (r, x)))
}

fn crewed(s: &StandSetup) -> bool {
    matches!(s.stand_type, StandType::Vehicle | StandType::Aircraft)
}

// ---- same seed, same battle; quiet = logged ---------------------------------

fn same_seed_same_result(r: &dyn Ruleset) {
    for s in matchups(r) {
        let order = order(&s);
        let logged = r.prepare(&s, true).unwrap();
        let quiet = r.prepare(&s, false).unwrap();
        let mut seen = BTreeSet::new();
        for seed in SEEDS {
            let a = logged.fight(seed);
            assert_eq!(a, logged.fight(seed), "seed {seed}: fought twice");
            assert_eq!(
                a,
                r.prepare(&s, true).unwrap().fight(seed),
                "seed {seed}: prepared afresh"
            );
            assert_eq!((a.ruleset.as_str(), a.seed), (r.name(), seed));
            assert!(
                !a.events.is_empty(),
                "seed {seed}: a logged run keeps a log"
            );
            assert_eq!(
                quiet.summary(seed, &order),
                RunSummary::of(&a, &order),
                "seed {seed}: the odds run is not the logged run"
            );
            let q = quiet.fight(seed);
            assert_eq!(
                (q.winner, q.turns, &q.stands, &q.units),
                (a.winner, a.turns, &a.stands, &a.units),
                "seed {seed}: fought without a log"
            );
            seen.insert(format!("{:?}", a.events));
        }
        assert!(seen.len() > 1, "every seed fought the same battle");
    }
}

// ---- dry run == commit ------------------------------------------------------

/// Campaign battles for the CLI checks: (code, `battle new` arguments).
const PLANS: [(&str, &[&str]); 2] = [
    (
        "raid",
        &[
            "--attacker",
            "a-1pl",
            "--attacker",
            "b-hvr",
            "--defender",
            "tycho-1",
            "--defender",
            "truck-1",
            "--range",
            "30",
        ],
    ),
    (
        "bunkers",
        &[
            "--attacker",
            "a1-1",
            "--attacker",
            "a1-2",
            "--attacker",
            "a1-3",
            "--defender",
            "mil-1a",
            "--defender",
            "lta-sup",
            "--range",
            "60",
            "--cover",
            "bunker",
        ],
    ),
];

const CLI_SEEDS: [u64; 2] = [3, 11];

fn strip(mut doc: Value) -> Value {
    let o = doc.as_object_mut().unwrap();
    o.remove("dry_run");
    o.remove("status");
    doc
}

fn dry_run_equals_commit(r: Box<dyn Ruleset>) {
    if Registry::standard().get(r.name()).is_err() {
        // The shipped binary does not know a test-only ruleset: the same
        // check through the library drivers the binary calls.
        return dry_run_equals_commit_in_the_library(r);
    }
    for (code, args) in PLANS {
        let c = Campaign::full_moon();
        let mut new = vec!["battle", "new", code, "--ruleset", r.name()];
        new.extend_from_slice(args);
        c.ok(&new);
        for seed in CLI_SEEDS {
            let seed = seed.to_string();
            let before = c.bytes();
            let dry = c.json(&["battle", "auto", code, "--seed", &seed, "--dry-run"]);
            assert_eq!(dry["dry_run"], true);
            assert_eq!(before, c.bytes(), "{code} seed {seed}: the dry run wrote");
            let committed = c.json(&["battle", "auto", code, "--seed", &seed]);
            assert_eq!(committed["ruleset"], r.name());
            assert_eq!(
                strip(dry),
                strip(committed.clone()),
                "{code} seed {seed}: the dry run is not what was committed"
            );
            let shown = c.json(&["battle", "show", code]);
            for field in ["winner", "turns", "end_reason", "seed", "stands", "events"] {
                assert_eq!(shown[field], committed[field], "{code}: {field}");
            }
            c.ok(&["check"]);
            c.ok(&["undo"]);
        }
        // After a battle, export → import → export is byte for byte the same.
        c.ok(&["battle", "auto", code, "--seed", "5"]);
        let text = c.export();
        let other = Campaign::empty();
        let file = other.write("moved.toml", &text);
        other.ok(&["import", file.to_str().unwrap()]);
        assert_eq!(other.export(), text, "{code}: export → import → export");
        other.ok(&["check"]);
    }
}

fn dry_run_equals_commit_in_the_library(r: Box<dyn Ruleset>) {
    let name = r.name();
    let registry = Registry::standard().with(r);
    let c = Campaign::full_moon();
    let mut store = Store::open(&c.db).unwrap();
    for (i, (attacker, defender)) in [
        (["a-1pl", "b-hvr"], ["tycho-1", "truck-1"]),
        (["a1-1", "a1-2"], ["mil-1a", "lta-sup"]),
    ]
    .into_iter()
    .enumerate()
    {
        let code = format!("lib-{i}");
        let record = BattleRecord {
            code: code.clone(),
            name: code.clone(),
            at: parse_time("2157-04-12T06:00:00").unwrap(),
            attacker: attacker.map(String::from).to_vec(),
            defender: defender.map(String::from).to_vec(),
            after: String::new(),
            ruleset: name.into(),
            range: 30,
            defender_cover: Cover::Cover,
            terrain: String::new(),
            briefing: String::new(),
            result: None,
        };
        store
            .change("battle new", |tx| {
                bounce::store::import::insert_battle(tx, &record)?;
                Ok(((), format!("planned {code}")))
            })
            .unwrap();
        for seed in CLI_SEEDS {
            let before = c.export();
            let dry = fight(&registry, store.conn(), &code, seed).unwrap();
            assert_eq!(before, c.export(), "{code} seed {seed}: the dry run wrote");
            let done = commit(&mut store, "auto", |conn| {
                fight(&registry, conn, &code, seed)
            })
            .unwrap();
            assert_eq!(dry.result, done.result, "{code} seed {seed}");
            assert_eq!(dry.consequences, done.consequences, "{code} seed {seed}");
            assert_eq!(dry.ended_at, done.ended_at, "{code} seed {seed}");
            let (violations, _) =
                bounce::store::check::check(store.conn(), &registry.names()).unwrap();
            assert!(violations.is_empty(), "{violations:?}");
            store.undo(1, false).unwrap();
        }
    }
}

// ---- hits and statuses --------------------------------------------------------

fn hits_and_statuses(r: &dyn Ruleset) {
    for s in matchups(r) {
        for seed in SEEDS {
            let res = r.resolve(&s, seed).unwrap();
            outcomes_consistent(r, &s, &res, &format!("seed {seed}"));
        }
    }
}

/// Every stand outcome of `res` against the setup it was fought from.
fn outcomes_consistent(r: &dyn Ruleset, s: &BattleSetup, res: &BattleResult, at: &str) {
    let mut named = BTreeSet::new();
    for o in &res.stands {
        let at = format!("{at}, {}", o.code);
        assert!(named.insert(&o.code), "{at}: reported twice");
        let (role, st) = stands(s)
            .find(|(_, x)| x.code == o.code)
            .unwrap_or_else(|| panic!("{at}: not a stand of the battle"));
        assert_eq!(o.role, role, "{at}: fought on the other side");
        let fit = st.men - st.hits;
        assert!(
            (0..=fit).contains(&o.hits_taken),
            "{at}: {} hits on a stand of {} with {} carried in",
            o.hits_taken,
            st.men,
            st.hits
        );
        assert!((0..=o.hits_taken).contains(&o.killed), "{at}: killed");
        assert!((0..=fit).contains(&o.captured), "{at}: captured");
        assert!((0..=st.ammo).contains(&o.ammo_spent), "{at}: ammunition");
        let by_hits = r.status_after_hits(st, o.hits_taken);
        match o.status_after {
            Status::Retired => panic!("{at}: retired is not a battle outcome"),
            // A vehicle knocked out through its armour (checked below).
            Status::Destroyed if o.knockout.is_some() => {}
            Status::Effective | Status::Ineffective | Status::Destroyed => assert_eq!(
                o.status_after, by_hits,
                "{at}: {} after {} hits, which the ruleset reads as {by_hits}",
                o.status_after, o.hits_taken
            ),
            // Morale outcomes: only a stand its hits left standing.
            Status::Withdrawn | Status::Captured => assert_ne!(
                by_hits,
                Status::Destroyed,
                "{at}: {} after hits that destroy it",
                o.status_after
            ),
        }
        if o.hits_taken == 0 && o.knockout.is_none() {
            assert_ne!(o.status_after, Status::Destroyed, "{at}: destroyed unhurt");
        }
        if o.knockout.is_some() {
            assert!(crewed(st), "{at}: a knockout on a stand on foot");
            assert_eq!(o.status_after, Status::Destroyed, "{at}: knocked out");
        }
        if let Some(d) = o.damage {
            assert_ne!(
                o.status_after,
                Status::Destroyed,
                "{at}: damaged and destroyed"
            );
            assert!(d.repair_days >= 0, "{at}: {d:?}");
        }
    }
    assert_eq!(res.hits_on(Role::Attacker) + res.hits_on(Role::Defender), {
        res.stands.iter().map(|o| o.hits_taken).sum::<i64>()
    });
}

// ---- turns --------------------------------------------------------------------

fn turns_within_the_limit(r: &dyn Ruleset) {
    for s in matchups(r) {
        for seed in SEEDS {
            let full = r.resolve(&s, seed).unwrap();
            assert!(
                (1..=s.turn_limit).contains(&full.turns),
                "seed {seed}: {} turns of {}",
                full.turns,
                s.turn_limit
            );
            for limit in [1, 2] {
                let mut short = s.clone();
                short.turn_limit = limit;
                let res = r.resolve(&short, seed).unwrap();
                assert!(
                    (1..=limit).contains(&res.turns),
                    "seed {seed}: {} turns with a limit of {limit}",
                    res.turns
                );
                // The same dice fight the same turns; where the longer battle
                // went on, the limit ended this one, and the defender holds.
                if full.turns > limit {
                    assert_eq!(
                        (res.turns, res.winner),
                        (limit, Winner::Defender),
                        "seed {seed}, limit {limit}: {}",
                        res.end_reason
                    );
                }
            }
        }
    }
}

// ---- odds ---------------------------------------------------------------------

fn odds_from_counts(r: &dyn Ruleset) {
    for s in matchups(r) {
        let seed = 9;
        let few = odds(r, &s, seed, 20, &|| ()).unwrap();
        let many = odds(r, &s, seed, 320, &|| ()).unwrap();
        // Fight the twenty runs one by one, as run i of odds: derive_seed(seed, i).
        let order = order(&s);
        let prepared = r.prepare(&s, false).unwrap();
        let runs: Vec<RunSummary> = (0..20)
            .map(|i| prepared.summary(derive_seed(seed, i), &order))
            .collect();
        let n = runs.len() as f64;
        let count = |w: Winner| runs.iter().filter(|x| x.winner == w).count() as u64;
        assert_eq!(few.runs, 20);
        assert_eq!(few.attacker_wins, count(Winner::Attacker) as f64 / n);
        assert_eq!(few.defender_wins, count(Winner::Defender) as f64 / n);
        assert_eq!(few.draws, count(Winner::Draw) as f64 / n);
        assert_eq!(
            few.mean_turns,
            runs.iter().map(|x| u64::from(x.turns)).sum::<u64>() as f64 / n
        );
        assert_eq!(
            few.defender_hits.mean,
            runs.iter().map(|x| x.hits[1]).sum::<i64>() as f64 / n
        );
        for (k, st) in few.stands.iter().enumerate() {
            assert_eq!(st.code, order[k]);
            let destroyed = runs
                .iter()
                .filter(|x| x.status[k] == Status::Destroyed)
                .count();
            let out = runs
                .iter()
                .filter(|x| x.status[k] != Status::Effective)
                .count();
            assert_eq!(st.p_destroyed, destroyed as f64 / n, "{}", st.code);
            assert_eq!(st.p_ineffective, out as f64 / n, "{}", st.code);
        }
        // The 95 % interval: the Wilson interval of the count, holding the
        // rate, and narrower after 320 runs than after 20 whatever the rates.
        for o in [&few, &many] {
            let wins = (o.attacker_wins * o.runs as f64).round() as u64;
            assert_eq!(o.attacker_wins_ci95, wilson95(wins, o.runs));
            let ci = o.attacker_wins_ci95;
            assert!(
                ci.low <= o.attacker_wins && o.attacker_wins <= ci.high,
                "{ci:?} {}",
                o.attacker_wins
            );
        }
        assert!(
            many.attacker_wins_ci95.half_width < few.attacker_wins_ci95.half_width,
            "{:?} after 320 runs, {:?} after 20",
            many.attacker_wins_ci95,
            few.attacker_wins_ci95
        );
    }
}

// ---- rule queries through the binary --------------------------------------

fn rule_queries(r: &dyn Ruleset) {
    if Registry::standard().get(r.name()).is_err() {
        // Not in the shipped binary; toy.rs asks its query through the
        // registry's command instead.
        return;
    }
    let c = Campaign::empty();
    let help = c.ok(&["rules", r.name(), "--help"]);
    for q in r.queries().get_subcommands() {
        let name = q.get_name();
        if name != "help" {
            assert!(
                help.contains(name),
                "`rules {} --help` lacks {name}",
                r.name()
            );
        }
    }
    c.fails(2, &["rules", r.name(), "no-such-query"]);
    c.fails(2, &["rules", r.name()]);
}

// ---- golden log ---------------------------------------------------------------

/// The first matchup fought with seed 7, as text: the outcome, each stand's,
/// then every line of the log. Bless a change with `cargo insta review`.
fn golden_log(r: &dyn Ruleset) {
    let s = &matchups(r)[0];
    let res = r.resolve(s, 7).unwrap();
    let mut t = format!(
        "{} won after {} turns: {}\n",
        res.winner.as_str(),
        res.turns,
        res.end_reason
    );
    for o in &res.stands {
        t += &format!(
            "{} ({}): {} hits, {}\n",
            o.code,
            o.role.as_str(),
            o.hits_taken,
            o.status_after
        );
    }
    for e in &res.events {
        t += &format!("T{} [{}] {}\n", e.turn, e.phase, e.text);
    }
    insta::assert_snapshot!(format!("golden_log_{}", r.name()), t);
}
