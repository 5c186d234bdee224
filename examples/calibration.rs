//! Prints the odds of the standard matchups for docs/calibration.md:
//! `cargo run --release --example calibration`.

use bounce::engine::calibration::matchups;
use bounce::engine::odds::odds;
use bounce::engine::Registry;

fn main() {
    let registry = Registry::standard();
    let bia = registry.get("bia").expect("bia");
    println!("| matchup | attacker wins | defender wins | draw | mean turns | attacker hits p50 | defender hits p50 |");
    println!("|---|---|---|---|---|---|---|");
    for (name, setup) in matchups() {
        let o = odds(bia, &setup, 2157, 4000, &|| ()).expect("odds");
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
