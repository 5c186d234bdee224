//! FMA battles between equal forces in the open: neither side has an edge
//! while both start within aimed reach, and the odds change smoothly with the
//! opening range beyond it (issue 27 item 8).

use bounce::engine::calibration::fma_equal_in_the_open;
use bounce::engine::odds::odds;
use bounce::engine::Registry;

/// The attacker's share of the battles with a winner, by opening range.
fn shares(ranges: impl Iterator<Item = i64>, runs: u64) -> Vec<(i64, f64)> {
    let registry = Registry::standard();
    let fma = registry.get("fma").unwrap();
    ranges
        .map(|r| {
            let o = odds(fma, &fma_equal_in_the_open(r), 11, runs, &|| ()).unwrap();
            (r, o.attacker_wins / (o.attacker_wins + o.defender_wins))
        })
        .collect()
}

#[test]
fn equal_forces_in_the_open_have_no_edge_and_no_cliff_between_ranges() {
    // Within the rifle's aimed reach (72", 183 cm) both sides fire from the
    // start. Before, the defender always activated first on equal numbers
    // and won 50-58 % at 30-90 cm (an attacker share of 0.38-0.45; 0.45
    // over the whole span).
    let within = shares((30..=180).step_by(10), 300);
    let pooled = within.iter().map(|s| s.1).sum::<f64>() / within.len() as f64;
    assert!((0.47..=0.53).contains(&pooled), "{pooled:.3} {within:?}");
    for (r, s) in &within {
        assert!((0.38..=0.62).contains(s), "{r} cm: {s:.2} ({within:?})");
    }
    // Beyond it the attackers must walk into the defenders' reach, which
    // costs them the same at every range. Before, a figure often stepped
    // into reach with its first MOVE (and gave the watchers a free shot)
    // or its second, by the phase of the range against its 8" moves: the
    // attacker won 10-29 % by turns, 15-17 points apart 10 cm apart.
    let beyond = shares((190..=300).step_by(10), 300);
    for w in beyond.windows(2) {
        let step = (w[1].1 - w[0].1).abs();
        assert!(
            step <= 0.12,
            "{} cm to {} cm: {:.0} points ({beyond:?})",
            w[0].0,
            w[1].0,
            step * 100.0
        );
    }
}
