//! Performance figures for docs/performance.md (run with `cargo run --release --example bench`):
//! odds of a company-sized battle, one auto-resolve with its writes, and how the
//! cost of a battle grows with the number of stands.

use std::time::{Duration, Instant};

use bounce::battle::setup::{
    BattleSetup, CommandSetup, Force, MoraleNumber, StandSetup, UnitSetup,
};
use bounce::core::kinds::{
    Confidence, Contact, Cover, Equipment, Medical, Officers, StandType, Supply, Training,
    VehicleKind, Weapon,
};
use bounce::engine::auto::{commit, fight};
use bounce::engine::odds::odds;
use bounce::engine::Registry;

fn stand(
    code: String,
    t: StandType,
    tr: Training,
    eq: Option<Equipment>,
    veh: Option<VehicleKind>,
    w: Weapon,
    men: i64,
) -> StandSetup {
    let mut s = StandSetup {
        code,
        unit: "u".into(),
        command: "c".into(),
        stand_type: t,
        training: tr,
        actions: 3,
        equipment: eq,
        vehicle: veh,
        speed: None,
        weapon: Some(w),
        men,
        hits: 0,
        officer: false,
        ammo: 12,
        ammo_max: 12,
        flags: vec![],
        morale: MoraleNumber {
            base: 0,
            factors: vec![],
            unclamped: 0,
            morale: 0,
        },
        bia: Default::default(),
    };
    s.bia = bounce::campaign::bia_profile::of(&s);
    s
}

/// A force of `n` stands: 8 tanks and the rest infantry.
fn force(side: &str, n: usize, ifu: bool) -> Force {
    let mut stands = Vec::new();
    for i in 0..n {
        let code = format!("{side}-{i}");
        stands.push(if i < 8.min(n / 4) {
            if ifu {
                stand(
                    code,
                    StandType::Vehicle,
                    Training::Regular,
                    None,
                    Some(VehicleKind::Hovertank),
                    Weapon::HovertankGun,
                    3,
                )
            } else {
                stand(
                    code,
                    StandType::Vehicle,
                    Training::Trained,
                    None,
                    Some(VehicleKind::TrackTank),
                    Weapon::TankGun,
                    3,
                )
            }
        } else if ifu {
            stand(
                code,
                StandType::Infantry,
                Training::Regular,
                Some(Equipment::Hma),
                None,
                Weapon::SlaSquad,
                4,
            )
        } else {
            stand(
                code,
                StandType::Infantry,
                Training::Trained,
                Some(Equipment::Lta),
                None,
                Weapon::SlaSquad,
                8,
            )
        });
    }
    Force {
        side: side.into(),
        medical: Medical::Normal,
        enemy_treats_pw_well: false,
        commands: vec![CommandSetup {
            code: "c".into(),
            officers: Officers::Normal,
            supply: Supply::Normal,
            contact: Contact::Normal,
        }],
        units: vec![UnitSetup {
            code: "u".into(),
            command: "c".into(),
            leadership: 2,
            confidence: Confidence::Confident,
        }],
        stands,
    }
}

fn setup(n: usize) -> BattleSetup {
    let mut s = BattleSetup {
        code: "bench".into(),
        ruleset: "bia".into(),
        range_cm: 60,
        defender_cover: Cover::Cover,
        terrain: String::new(),
        turn_limit: 24,
        options: Default::default(),
        attacker: force("ifu", n, true),
        defender: force("luna", n, false),
    };
    bounce::campaign::morale::set_battle_morale(&mut s);
    s
}

fn main() {
    let registry = Registry::standard();
    let bia = registry.get("bia").expect("bia is registered");
    let company = setup(100);
    let runs = 10_000;
    let t = Instant::now();
    let o = odds(bia, &company, 1, runs, &|| ()).expect("odds");
    let secs = t.elapsed().as_secs_f64();
    println!("odds: {runs} runs of 100 v 100 stands (8 tanks a side) in {secs:.3} s on {} threads; attacker wins {:.1}%, mean {:.1} turns",
        rayon::current_num_threads(), o.attacker_wins * 100.0, o.mean_turns);

    // The raw dice those runs rolled, on one thread, for scale.
    let dice = (o.dice_rolled * runs as f64).round() as u64;
    let t = Instant::now();
    let mut roller = bounce::core::dice::Roller::seeded(1);
    let mut sum = 0i64;
    for _ in 0..dice {
        sum += roller.d10();
    }
    std::hint::black_box(sum);
    println!(
        "raw dice: {dice} d10 ({:.0} a run) in {:.3} s on one thread",
        o.dice_rolled,
        t.elapsed().as_secs_f64()
    );

    println!("scaling (one thread, 500 runs each, prepared once as odds do):");
    for n in [25, 50, 100, 200, 400] {
        let s = setup(n);
        let order: Vec<&str> = s
            .attacker
            .stands
            .iter()
            .chain(&s.defender.stands)
            .map(|st| st.code.as_str())
            .collect();
        let prepared = bia.prepare(&s, false).expect("prepare");
        let t = Instant::now();
        let mut turns = 0u64;
        for i in 0..500 {
            turns += u64::from(prepared.summary(i, &order).turns);
        }
        let per = t.elapsed().as_secs_f64() / 500.0;
        println!(
            "  {n:>4} stands a side: {:>8.1} µs per battle, {:.2} µs per stand-turn ({:.1} turns)",
            per * 1e6,
            per * 1e6 / (2.0 * n as f64 * turns as f64 / 500.0),
            turns as f64 / 500.0
        );
    }

    // One auto-resolve with its writes, on real campaign files.
    for (file, battle) in [
        ("full-moon.toml", "crater-rim"),
        ("company-clash.toml", "clash"),
    ] {
        let dir = std::env::temp_dir().join(format!("bounce-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let db = dir.join("bench.db");
        let _ = std::fs::remove_file(&db);
        let path = format!("{}/campaigns/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("campaign");
        let parsed =
            bounce::campaign::file::parse_checked(file, &text, &Default::default()).expect("valid");
        let mut store = bounce::store::Store::create(&db).expect("create");
        store
            .change("import", |tx| {
                Ok((
                    bounce::store::import::import(tx, &parsed, false)?,
                    String::from("bench import"),
                ))
            })
            .expect("import");
        let mut store = store.place().expect("written");
        let t = Instant::now();
        let fight_time = std::cell::Cell::new(Duration::ZERO);
        let f = commit(&mut store, "auto", |c| {
            let f = fight(&registry, c, battle, 7);
            fight_time.set(t.elapsed());
            f
        })
        .expect("commit");
        println!(
            "auto-resolve of {battle} ({} stands) with the post-battle sequence: {:.1} ms (of which writing {:.1} ms)",
            f.result.stands.len(),
            t.elapsed().as_secs_f64() * 1e3,
            (t.elapsed() - fight_time.get()).as_secs_f64() * 1e3
        );
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
