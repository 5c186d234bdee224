//! Prints the odds of the FMA matchups for docs/calibration.md (FMA section):
//! `cargo run --release --example fma_calibration`.

use bounce::engine::calibration::fma_matchups;
use bounce::engine::odds::odds;
use bounce::engine::Registry;

fn main() {
    let registry = Registry::standard();
    let fma = registry.get("fma").expect("fma");
    println!("| matchup | attacker wins | defender wins | draw | mean turns | attacker figures down p50 | defender figures down p50 |");
    println!("|---|---|---|---|---|---|---|");
    for (name, setup) in fma_matchups() {
        let o = odds(fma, &setup, 2157, 4000, &|| ()).expect("odds");
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
