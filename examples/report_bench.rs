//! Times the read commands on a campaign of SPEC 6's size — 5,000 stands and
//! 500 fought battles — for docs/performance.md. Run with
//! `cargo run --release --example report_bench`.
//!
//! The campaign is written as a TOML file and loaded with the import functions;
//! the battles are then marked fought with plain SQL (an example may; the
//! program itself keeps SQL in `src/store/`), which is far quicker than
//! fighting 500 battles and gives the report the same rows to read. Each
//! command is then timed as a whole process of the release binary, start-up
//! included, which is what a user waits for.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use bounce::campaign::file::parse_checked;
use bounce::store::{import, Store};

const SIDES: [&str; 2] = ["north", "south"];
const COMMANDS_PER_SIDE: usize = 25;
const UNITS_PER_COMMAND: usize = 5;
const STANDS_PER_UNIT: usize = 20;
const BATTLES: usize = 500;
const CHAIN_LENGTH: usize = 5;
const RUNS: usize = 7;

/// A small fixed generator, so every run builds the same campaign.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn unit_code(side: usize, cmd: usize, unit: usize) -> String {
    format!("{}-c{cmd}-u{unit}", SIDES[side])
}

fn campaign_text() -> String {
    let mut t = String::from(
        "[campaign]\nname = \"Benchmark\"\nstart = \"2157-01-01T06:00:00\"\nruleset = \"bia\"\n\n",
    );
    for s in SIDES {
        let _ = writeln!(
            t,
            "[[sides]]\ncode = \"{s}\"\nname = \"Side {s}\"\nsupply_points = 100\n"
        );
    }
    for (si, s) in SIDES.iter().enumerate() {
        for c in 0..COMMANDS_PER_SIDE {
            let _ = writeln!(
                t,
                "[[commands]]\ncode = \"{s}-c{c}\"\nside = \"{s}\"\nname = \"Command {c}\"\nplayer = \"Player {c}\"\n"
            );
            for u in 0..UNITS_PER_COMMAND {
                let unit = unit_code(si, c, u);
                let _ = writeln!(
                    t,
                    "[[units]]\ncode = \"{unit}\"\ncommand = \"{s}-c{c}\"\nname = \"Unit {u}\"\n"
                );
                for k in 0..STANDS_PER_UNIT {
                    let _ = writeln!(
                        t,
                        "[[stands]]\ncode = \"{unit}-s{k}\"\nunit = \"{unit}\"\ntype = \"infantry\"\ntraining = \"{}\"\nactions = {}\nequipment = \"{}\"\nweapon = \"sla_squad\"\nmen = 4\n",
                        ["recruits", "trained", "regular"][k % 3],
                        (k * 7) % 35,
                        ["assault_rifles", "lta", "hma"][k % 3],
                    );
                }
            }
        }
    }
    // Chains of five battles, each a unit of one side against a unit of the other.
    for b in 0..BATTLES {
        let (c, u) = (
            b % COMMANDS_PER_SIDE,
            (b / COMMANDS_PER_SIDE) % UNITS_PER_COMMAND,
        );
        let after = if b % CHAIN_LENGTH == 0 {
            String::new()
        } else {
            format!("b{}", b - 1)
        };
        let day = 1 + b / 24;
        let hour = b % 24;
        let _ = writeln!(
            t,
            "[[battles]]\ncode = \"b{b}\"\nname = \"Battle {b}\"\nat = \"2157-02-{:02}T{hour:02}:00:00\"\nattacker = [\"{}\"]\ndefender = [\"{}\"]\nafter = \"{after}\"\n",
            day.min(28),
            unit_code(b % 2, c, u),
            unit_code(1 - b % 2, c, u),
        );
    }
    t
}

/// Marks every battle fought: each stand's part, casualty records, and the
/// stands' resulting statuses.
fn fight_all(db: &Path) {
    let mut conn = rusqlite::Connection::open(db).expect("open");
    let tx = conn.transaction().expect("transaction");
    let mut rng = Lcg(2157);
    let battles: Vec<(i64, String)> = tx
        .prepare("SELECT id, at FROM battles ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for (id, at) in battles {
        let stands: Vec<(i64, String)> = tx
            .prepare(
                "SELECT st.id, f.role FROM battle_forces f JOIN stands st ON st.unit_id = f.unit_id
                 WHERE f.battle_id = ?1",
            )
            .unwrap()
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        for (stand, role) in stands {
            let hits = rng.next(4) as i64;
            let status = match hits {
                0 | 1 => "effective",
                2 | 3 => "ineffective",
                _ => "destroyed",
            };
            tx.execute(
                "INSERT INTO battle_stands(battle_id, stand_id, role, hits_taken, fired, under_fire, status_after, actions_gained)
                 VALUES (?1, ?2, ?3, ?4, 1, 1, ?5, 1)",
                rusqlite::params![id, stand, role, hits, status],
            )
            .unwrap();
            tx.execute(
                "UPDATE stands SET status = ?2, hits = ?3 WHERE id = ?1",
                rusqlite::params![stand, status, hits],
            )
            .unwrap();
            for _ in 0..hits {
                let (severity, outcome, returns) = match rng.next(6) {
                    0 => ("scratch", "returned", None),
                    1 | 2 => ("light", "hospital", Some("2157-03-10T00:00:00")),
                    3 => ("serious", "hospital", Some("2157-04-01T00:00:00")),
                    4 => ("dead", "dead", None),
                    _ => ("unharmed", "returned", None),
                };
                tx.execute(
                    "INSERT INTO casualties(stand_id, battle_id, roll, severity, outcome, returns_at)
                     VALUES (?1, ?2, 0, ?3, ?4, ?5)",
                    rusqlite::params![stand, id, severity, outcome, returns],
                )
                .unwrap();
            }
        }
        let winner = ["attacker", "defender", "draw"][rng.next(3) as usize];
        tx.execute(
            "UPDATE battles SET status = 'resolved', mode = 'auto', seed = 1, winner = ?2, turns = ?3,
                    end_reason = 'benchmark', ended_at = substr(?4, 1, 14) || '45:00' WHERE id = ?1",
            rusqlite::params![id, winner, 3 + rng.next(20) as i64, at],
        )
        .unwrap();
    }
    tx.execute("UPDATE campaign SET clock = '2157-03-01T00:00:00'", [])
        .unwrap();
    tx.commit().unwrap();
}

fn binary() -> PathBuf {
    let exe = std::env::current_exe().expect("own path");
    let dir = exe
        .parent()
        .and_then(|p| p.parent())
        .expect("target dir")
        .to_path_buf();
    let bin = dir.join(format!("bounce{}", std::env::consts::EXE_SUFFIX));
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--bin", "bounce"])
        .status()
        .expect("cargo build");
    assert!(status.success(), "building the release binary failed");
    bin
}

/// Median and fastest wall time of a command, and its output size.
fn time(bin: &Path, db: &Path, args: &[&str]) -> (Duration, Duration, usize) {
    let mut times = Vec::new();
    let mut bytes = 0;
    for _ in 0..RUNS {
        let start = Instant::now();
        let out = Command::new(bin)
            .arg("--db")
            .arg(db)
            .args(args)
            .output()
            .expect("run");
        times.push(start.elapsed());
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        bytes = out.stdout.len();
    }
    times.sort();
    (times[RUNS / 2], times[0], bytes)
}

fn ms(d: Duration) -> String {
    format!("{:.0}", d.as_secs_f64() * 1000.0)
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("bench.db");
    let bin = binary();

    let t0 = Instant::now();
    let text = campaign_text();
    let file = parse_checked("bench.toml", &text, &Default::default()).expect("valid campaign");
    let mut store = Store::create(&db).expect("create");
    let counts = store
        .change("import", |tx| {
            Ok((import::import(tx, &file, false)?, "benchmark".to_string()))
        })
        .expect("import");
    drop(store.place().expect("written"));
    let imported = t0.elapsed();
    let t1 = Instant::now();
    fight_all(&db);
    let fought = t1.elapsed();
    println!(
        "Built {} stands, {} battles: import {:.1} s, battles marked fought {:.1} s.",
        counts.stands,
        counts.battles,
        imported.as_secs_f64(),
        fought.as_secs_f64()
    );

    let html = dir.path().join("report.html");
    let html_side = dir.path().join("report-north.html");
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("status", vec!["status"]),
        ("roster", vec!["roster"]),
        ("report", vec!["report"]),
        ("report --json", vec!["--json", "report"]),
        (
            "report --html",
            vec!["report", "--html", html.to_str().unwrap()],
        ),
        ("report --side north", vec!["report", "--side", "north"]),
        (
            "report --side north --html",
            vec![
                "report",
                "--side",
                "north",
                "--html",
                html_side.to_str().unwrap(),
            ],
        ),
    ];
    println!("\n| command | median ms | fastest ms | output |");
    println!("|---|---|---|---|");
    for (name, args) in cases {
        let (median, fastest, bytes) = time(&bin, &db, &args);
        let size = if name.contains("--html") {
            let f = if name.contains("side") {
                &html_side
            } else {
                &html
            };
            std::fs::metadata(f).map(|m| m.len() as usize).unwrap_or(0)
        } else {
            bytes
        };
        println!(
            "| `{name}` | {} | {} | {} KiB |",
            ms(median),
            ms(fastest),
            size / 1024
        );
    }
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    let size = std::fs::metadata(&db).map(|m| m.len()).unwrap_or(0)
        + std::fs::metadata(PathBuf::from(wal))
            .map(|m| m.len())
            .unwrap_or(0);
    println!(
        "\nCampaign file: {:.1} MB; {RUNS} runs of each command, whole process.",
        size as f64 / 1e6
    );
    // Keep the campaign for a closer look: REPORT_BENCH_KEEP=path/to/copy.db
    if let Some(keep) = std::env::var_os("REPORT_BENCH_KEEP") {
        std::fs::copy(&db, &keep).expect("copy the campaign");
        println!(
            "Kept the campaign as {}.",
            std::path::Path::new(&keep).display()
        );
    }
}
