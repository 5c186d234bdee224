//! A second ruleset written here, in this file only, fights, gets odds, plays
//! and records through the registry: proof that a new ruleset is one folder
//! plus one registry line. Its rules: each turn every stand still up rolls a
//! d6, and a 5 or 6 hits the first enemy stand still up; three turns.

use crate::common::Campaign;
use bounce::battle::event::{Event, Happening};
use bounce::battle::result::{BattleResult, Damage, DamageKind, Role, StandOutcome, Winner};
use bounce::battle::ruleset::{Answer, BattleError, PreparedBattle, Ruleset, TableBattle};
use bounce::battle::setup::{BattleSetup, StandSetup};
use bounce::battle::table::{Table, TablePlay};
use bounce::campaign::battle::{aftermath, ready, setup};
use bounce::campaign::records::{parse_time, BattleRecord};
use bounce::core::dice::{Roll, Roller};
use bounce::core::kinds::{Cover, Status};
use bounce::engine::auto::{commit, fight};
use bounce::engine::play::{Reply, Session};
use bounce::engine::Registry;
use bounce::store::Store;
use serde::Serialize;

// ---- the toy ruleset -------------------------------------------------------

pub(crate) struct Toy;

#[derive(Clone)]
struct ToyState {
    dice: Roller,
    hits: Vec<i64>,
    turn: u32,
    events: Vec<Event>,
}

struct ToyBattle<'a> {
    setup: &'a BattleSetup,
    stands: Vec<(Role, &'a StandSetup)>,
    s: ToyState,
}

#[derive(Serialize)]
struct Shot {
    stand: String,
    target: Option<String>,
    roll: i64,
}

impl Happening for Shot {
    fn phase(&self) -> &str {
        "shoot"
    }
    fn actor(&self) -> Option<&str> {
        Some(&self.stand)
    }
    fn targets(&self) -> Vec<String> {
        self.target.iter().cloned().collect()
    }
    fn dice(&self) -> Vec<Roll> {
        vec![Roll::number("d6", self.roll)]
    }
    fn text(&self) -> String {
        format!("{} rolls {} at {:?}", self.stand, self.roll, self.target)
    }
}

impl<'a> ToyBattle<'a> {
    fn new(setup: &'a BattleSetup, dice: Roller) -> Result<Self, BattleError> {
        let stands: Vec<(Role, &StandSetup)> = [Role::Attacker, Role::Defender]
            .into_iter()
            .flat_map(|r| setup.force(r).stands.iter().map(move |s| (r, s)))
            .collect();
        let hits = vec![0; stands.len()];
        Ok(ToyBattle {
            setup,
            stands,
            s: ToyState {
                dice,
                hits,
                turn: 1,
                events: vec![],
            },
        })
    }
    fn up(&self, i: usize) -> bool {
        self.s.hits[i] < self.stands[i].1.men - self.stands[i].1.hits
    }
    fn shoot(&mut self, i: usize) {
        let roll = self.s.dice.d(6);
        let role = self.stands[i].0;
        let target = (0..self.stands.len()).find(|&j| self.stands[j].0 != role && self.up(j));
        if let (true, Some(j)) = (roll >= 5, target) {
            self.s.hits[j] += 1;
        }
        let shot = Shot {
            stand: self.stands[i].1.code.clone(),
            target: target.map(|j| self.stands[j].1.code.clone()),
            roll,
        };
        self.s
            .events
            .push(Event::of(self.s.turn, Some(role), &shot));
    }
    fn side_down(&self, r: Role) -> bool {
        !(0..self.stands.len()).any(|i| self.stands[i].0 == r && self.up(i))
    }
    fn result(&self, winner: Winner, reason: String) -> BattleResult {
        let damaged = self.setup.options.get("damage");
        BattleResult {
            ruleset: "toy".into(),
            seed: self.s.dice.seed(),
            winner,
            turns: self.s.turn,
            end_reason: reason,
            stands: self
                .stands
                .iter()
                .enumerate()
                .map(|(i, (role, s))| StandOutcome {
                    code: s.code.clone(),
                    role: *role,
                    hits_taken: self.s.hits[i],
                    status_after: if self.up(i) {
                        Status::Effective
                    } else {
                        Status::Destroyed
                    },
                    fired: true,
                    under_fire: true,
                    ammo_spent: 1,
                    captured: 0,
                    killed: 0,
                    knockout: None,
                    damage: (damaged == Some(&s.code)).then_some(Damage {
                        kind: DamageKind::Damaged,
                        repair_days: 2,
                    }),
                })
                .collect(),
            units: vec![],
            events: self.s.events.clone(),
        }
    }
}

struct Prepared(BattleSetup);

impl PreparedBattle for Prepared {
    fn fight(&self, seed: u64) -> BattleResult {
        let mut b = ToyBattle::new(&self.0, Roller::seeded(seed)).unwrap();
        loop {
            for i in 0..b.stands.len() {
                if b.up(i) {
                    b.shoot(i);
                }
            }
            if b.side_down(Role::Defender) {
                return b.result(Winner::Attacker, "defenders down".into());
            }
            if b.side_down(Role::Attacker) || b.s.turn >= self.0.turn_limit {
                return b.result(Winner::Defender, "the defender holds".into());
            }
            b.s.turn += 1;
        }
    }
}

impl TablePlay for ToyBattle<'_> {
    type State = ToyState;
    fn verbs(&self) -> &'static str {
        "shoot STAND [roll R]   the stand rolls a d6; 5+ hits the first enemy up"
    }
    fn dice(&mut self) -> &mut Roller {
        &mut self.s.dice
    }
    fn turn(&self) -> u32 {
        self.s.turn
    }
    fn next_turn(&mut self) {
        self.s.turn += 1;
    }
    fn act(&mut self, words: &[String]) -> Result<(), String> {
        let [verb, code] = words else {
            return Err("write: shoot STAND".into());
        };
        let i = self
            .stands
            .iter()
            .position(|s| &s.1.code == code)
            .ok_or("no such stand")?;
        if verb != "shoot" || !self.up(i) {
            return Err(format!("cannot {verb} {code}"));
        }
        self.shoot(i);
        Ok(())
    }
    fn status(&self) -> String {
        format!("turn {}, hits {:?}", self.s.turn, self.s.hits)
    }
    fn events(&self) -> &[Event] {
        &self.s.events
    }
    fn events_mut(&mut self) -> &mut Vec<Event> {
        &mut self.s.events
    }
    fn save(&self) -> ToyState {
        self.s.clone()
    }
    fn load(&mut self, state: ToyState) {
        self.s = state;
    }
    fn finish(&self, winner: Winner, reason: String) -> BattleResult {
        self.result(winner, reason)
    }
}

impl Ruleset for Toy {
    fn name(&self) -> &'static str {
        "toy"
    }
    fn title(&self) -> &'static str {
        "Toy dice"
    }
    fn minutes_per_turn(&self) -> u32 {
        7
    }
    fn turn_limit(&self) -> u32 {
        3
    }
    fn prepare<'a>(
        &self,
        setup: &'a BattleSetup,
        _log: bool,
    ) -> Result<Box<dyn PreparedBattle + 'a>, BattleError> {
        Ok(Box::new(Prepared(setup.clone())))
    }
    fn table<'a>(
        &self,
        setup: &'a BattleSetup,
        dice: Roller,
    ) -> Result<Box<dyn TableBattle + 'a>, BattleError> {
        Ok(Box::new(Table::new(ToyBattle::new(setup, dice)?)))
    }
    fn status_after_hits(&self, stand: &StandSetup, hits: i64) -> Status {
        if hits >= stand.men - stand.hits {
            Status::Destroyed
        } else {
            Status::Effective
        }
    }
    fn queries(&self) -> clap::Command {
        clap::Command::new("toy").subcommand(
            clap::Command::new("hit")
                .arg(clap::arg!(--roll <R>).value_parser(clap::value_parser!(i64))),
        )
    }
    fn answer(&self, q: &clap::ArgMatches, _seed: u64) -> Result<Answer, String> {
        let roll = *q
            .subcommand_matches("hit")
            .and_then(|m| m.get_one::<i64>("roll"))
            .ok_or("hit --roll R")?;
        Ok(Answer {
            json: serde_json::json!({"roll": roll, "hit": roll >= 5}),
            text: String::new(),
        })
    }
}

// ---- the test: a campaign fights under it through the registry -------------

fn registry() -> Registry {
    Registry::standard().with(Box::new(Toy))
}

fn plan(store: &mut Store, code: &str, after: &str) {
    let record = BattleRecord {
        code: code.into(),
        name: code.into(),
        at: parse_time("2157-04-12T06:00:00").unwrap(),
        attacker: vec!["a1-1".into(), "a1-2".into()],
        defender: vec!["mil-1a".into(), "mil-1b".into()],
        after: after.into(),
        ruleset: "toy".into(),
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
}

#[test]
fn a_toy_ruleset_fights_plays_and_records_a_campaigns_battles_through_the_registry() {
    let c = Campaign::full_moon();
    let registry = registry();
    let toy = registry.get("toy").unwrap();
    let mut store = Store::open(&c.db).unwrap();
    store
        .change("option", |tx| {
            bounce::store::battles::set_ruleset_option(tx, "toy", "damage", Some("a1-1"))?;
            Ok(((), "toy option".into()))
        })
        .unwrap();

    // The campaign's option reaches the toy through the setup.
    plan(&mut store, "t-auto", "");
    let b = ready(store.conn(), "t-auto").unwrap();
    let s = setup(store.conn(), &b, toy.turn_limit()).unwrap();
    assert_eq!(s.options.get("damage").map(String::as_str), Some("a1-1"));

    // Auto: fought, written, the clock moved by the toy's 7-minute turns. (Seed
    // 3 leaves a1-1 effective; under seed 5 its two people in hospital now make
    // it ineffective by the hit-effects table, and it would not come back
    // from repair into the last battle.)
    let f = commit(&mut store, "auto", |conn| {
        fight(&registry, conn, "t-auto", 3)
    })
    .unwrap();
    assert_eq!(f.result.ruleset, "toy");
    assert_eq!(
        f.ended_at,
        b.at + chrono::Duration::minutes(7 * i64::from(f.result.turns))
    );
    let shots = f
        .result
        .events
        .iter()
        .filter(|e| e.phase == "shoot")
        .count();
    assert!(shots >= 4, "every stand shoots each turn");
    drop(store);
    let shown = c.json(&["battle", "show", "t-auto"]);
    assert_eq!(shown["ruleset"], "toy");
    assert_eq!(shown["events"][0]["dice"][0]["die"], "d6");

    // The damaged stand is out until its repair time has passed.
    let mut store = Store::open(&c.db).unwrap();
    plan(&mut store, "t-play", "t-auto");
    let b = ready(store.conn(), "t-play").unwrap();
    let s = setup(store.conn(), &b, 3).unwrap();
    assert!(
        !s.attacker.stands.iter().any(|x| x.code == "a1-1"),
        "a1-1 is under repair"
    );

    // Play: the engine's shared lines and typed dice around the toy's verb.
    let mut session = Session::new(toy, &s, 9, true).unwrap();
    assert!(
        matches!(session.line("shoot a1-2"), Reply::Refused(_)),
        "manual dice need a roll"
    );
    assert!(matches!(session.line("shoot a1-2 roll 6"), Reply::Done(_)));
    assert!(
        matches!(session.line("shoot a1-2 roll 7"), Reply::Refused(_)),
        "7 is not on a d6"
    );
    assert!(matches!(session.line("undo"), Reply::Done(_)));
    assert!(matches!(
        session.line("shoot mil-1a roll 5"),
        Reply::Done(_)
    ));
    assert!(matches!(session.line("turn"), Reply::Done(_)));
    let Reply::End(result) = session.line("end attacker") else {
        panic!("end")
    };
    assert_eq!(result.turns, 2);
    assert_eq!(
        result.stands.iter().map(|s| s.hits_taken).sum::<i64>(),
        1,
        "the undone shot left no hit"
    );
    let played = commit(&mut store, "played", |conn| {
        Ok(aftermath(
            conn,
            ready(conn, "t-play")?,
            *result,
            toy.minutes_per_turn(),
        )?)
    })
    .unwrap();
    assert_eq!(played.result.events[0].text, "> shoot mil-1a roll 5");

    // Record: a results file read against the toy's stands.
    plan(&mut store, "t-rec", "t-play");
    let text =
        "winner = \"defender\"\nturns = 2\n[[stands]]\ncode = \"a1-2\"\nhits = 1\nfired = true\n";
    let recorded = commit(&mut store, "recorded", |conn| {
        let b = ready(conn, "t-rec")?;
        let s = setup(conn, &b, 3)?;
        let r = bounce::engine::record::read("t-rec.toml", text, &s, toy, 3)?;
        Ok(aftermath(conn, b, r, toy.minutes_per_turn())?)
    })
    .unwrap();
    assert_eq!(recorded.result.ruleset, "toy");

    // Queries: `rules toy hit --roll 5` through the registry's command.
    let m = toy
        .queries()
        .try_get_matches_from(["toy", "hit", "--roll", "5"])
        .unwrap();
    assert_eq!(toy.answer(&m, 0).unwrap().json["hit"], true);

    // Advancing past the repair brings a1-1 back.
    drop(store);
    c.ok(&["advance", "--days", "3"]);
    let store = Store::open(&c.db).unwrap();
    let mut store = store;
    plan(&mut store, "t-after", "t-rec");
    let b = ready(store.conn(), "t-after").unwrap();
    let s = setup(store.conn(), &b, 3).unwrap();
    assert!(
        s.attacker.stands.iter().any(|x| x.code == "a1-1"),
        "a1-1 is repaired"
    );
    let (violations, _) = bounce::store::check::check(store.conn(), &registry.names()).unwrap();
    assert!(violations.is_empty(), "{violations:?}");
    drop(store);
    // The shipped build does not know `toy`, and says so rather than guess.
    let out = c.cmd(&["check"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("ruleset is `toy`"));
}
