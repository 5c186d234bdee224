//! Prints the odds of the standard matchups for docs/calibration.md:
//! `cargo run --release --example calibration` (BiA), or
//! `cargo run --release --example calibration -- action` for the same
//! matchups under ACTION beside BiA's. An optional second argument sets the
//! runs (default 4000).

use bounce::engine::calibration::matchups;
use bounce::engine::odds::odds;
use bounce::engine::Registry;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs: u64 = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(4000);
    let registry = Registry::standard();
    let bia = registry.get("bia").expect("bia");
    match args.first().map(String::as_str) {
        Some(other) if other != "bia" => {
            let rs = registry.get(other).expect("a registered ruleset");
            println!("| matchup | BiA attacker / defender wins | {other} attacker / defender / draw | {other} mean turns | {other} attacker hits p50 | {other} defender hits p50 |");
            println!("|---|---|---|---|---|---|");
            for (name, setup) in matchups() {
                let b = odds(bia, &setup, 2157, runs, &|| ()).expect("odds");
                let mut s = setup.clone();
                s.ruleset = other.to_string();
                s.turn_limit = rs.turn_limit();
                let o = odds(rs, &s, 2157, runs, &|| ()).expect("odds");
                println!(
                    "| {name} | {:.1}% / {:.1}% | {:.1}% / {:.1}% / {:.1}% | {:.1} | {} | {} |",
                    b.attacker_wins * 100.0,
                    b.defender_wins * 100.0,
                    o.attacker_wins * 100.0,
                    o.defender_wins * 100.0,
                    o.draws * 100.0,
                    o.mean_turns,
                    o.attacker_hits.p50,
                    o.defender_hits.p50
                );
            }
        }
        _ => {
            println!("| matchup | attacker wins | defender wins | draw | mean turns | attacker hits p50 | defender hits p50 |");
            println!("|---|---|---|---|---|---|---|");
            for (name, setup) in matchups() {
                let o = odds(bia, &setup, 2157, runs, &|| ()).expect("odds");
                println!(
                    "| {name} | {:.1}% | {:.1}% | {:.1}% | {:.1} | {} | {} |",
                    o.attacker_wins * 100.0,
                    o.defender_wins * 100.0,
                    o.draws * 100.0,
                    o.mean_turns,
                    o.attacker_hits.p50,
                    o.defender_hits.p50
                );
            }
        }
    }
}
