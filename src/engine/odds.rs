//! Odds: many auto-resolves of one battle with derived seeds, in parallel,
//! reduced to win rates and the spread of hits.

use rayon::prelude::*;
use serde::Serialize;

use crate::battle::result::{Role, Winner};
use crate::battle::ruleset::{BattleError, Ruleset};
use crate::battle::setup::BattleSetup;
use crate::core::dice::derive_seed;

/// Mean and percentiles of one number over the runs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Spread {
    pub mean: f64,
    pub p10: i64,
    pub p50: i64,
    pub p90: i64,
}

/// What the runs add up to. Rates are fractions of the runs and sum to 1.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    pub runs: u64,
    pub attacker_wins: f64,
    pub defender_wins: f64,
    pub draws: f64,
    pub mean_turns: f64,
    /// Hits taken by the attacking stands.
    pub attacker_hits: Spread,
    /// Hits taken by the defending stands.
    pub defender_hits: Spread,
}

fn spread(mut v: Vec<i64>) -> Spread {
    v.sort_unstable();
    let at = |q: usize| {
        v.get((v.len().saturating_sub(1)) * q / 100)
            .copied()
            .unwrap_or(0)
    };
    Spread {
        mean: if v.is_empty() {
            0.0
        } else {
            v.iter().sum::<i64>() as f64 / v.len() as f64
        },
        p10: at(10),
        p50: at(50),
        p90: at(90),
    }
}

/// Runs `runs` battles; run `i` uses `derive_seed(seed, i)`. `tick` is called
/// after each run (for a progress bar).
pub fn odds(
    ruleset: &dyn Ruleset,
    setup: &BattleSetup,
    seed: u64,
    runs: u64,
    tick: &(dyn Fn() + Sync),
) -> Result<Odds, BattleError> {
    // Prepared once; every run fights from its own copy of the pieces.
    let prepared = ruleset.prepare(setup, false)?;
    let results: Vec<(Winner, u32, i64, i64)> = (0..runs)
        .into_par_iter()
        .map(|i| {
            let r = prepared.fight(derive_seed(seed, i));
            tick();
            (
                r.winner,
                r.turns,
                r.hits_on(Role::Attacker),
                r.hits_on(Role::Defender),
            )
        })
        .collect();
    let n = results.len().max(1) as f64;
    let count = |w: Winner| results.iter().filter(|r| r.0 == w).count() as f64 / n;
    Ok(Odds {
        runs,
        attacker_wins: count(Winner::Attacker),
        defender_wins: count(Winner::Defender),
        draws: count(Winner::Draw),
        mean_turns: results.iter().map(|r| f64::from(r.1)).sum::<f64>() / n,
        attacker_hits: spread(results.iter().map(|r| r.2).collect()),
        defender_hits: spread(results.iter().map(|r| r.3).collect()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles() {
        let s = spread((1..=10).collect());
        assert_eq!((s.p10, s.p50, s.p90), (1, 5, 9));
        assert!((s.mean - 5.5).abs() < 1e-9);
    }
}
