//! Odds: many auto-resolves of one battle with derived seeds, in parallel,
//! reduced to win rates, the spread of hits, each stand's fate and the dice
//! rolled. With a precision, the runs go in batches and stop as soon as the
//! attacker's win rate is known closely enough.

use rayon::prelude::*;
use serde::Serialize;

use crate::battle::result::{Role, Winner};
use crate::battle::ruleset::{BattleError, Ruleset};
use crate::battle::setup::BattleSetup;
use crate::core::dice::{derive_seed, rolled_on_this_thread};
use crate::core::kinds::Status;

/// Runs per batch when stopping at a precision: the rate is checked after
/// each whole batch, so a seed and precision always stop at the same count.
pub const BATCH: u64 = 500;

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Mean and percentiles of one number over the runs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Spread {
    pub mean: f64,
    pub p10: i64,
    pub p50: i64,
    pub p90: i64,
}

/// The 95 % (Wilson score) interval of a rate.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
    /// Half the interval's width: the rate is known to within ± this.
    pub half_width: f64,
}

/// One stand's fate over the runs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StandOdds {
    pub code: String,
    pub side: String,
    pub role: Role,
    /// Rate of ending the battle not effective (ineffective, destroyed,
    /// captured or withdrawn).
    pub p_ineffective: f64,
    /// Rate of ending the battle destroyed.
    pub p_destroyed: f64,
}

/// What the runs add up to. Rates are fractions of the runs and sum to 1.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    /// Runs fought (with a precision, those used before stopping).
    pub runs: u64,
    pub attacker_wins: f64,
    pub defender_wins: f64,
    pub draws: f64,
    /// The 95 % interval of `attacker_wins`.
    pub attacker_wins_ci95: Interval,
    /// The half-width asked for (`--precision`); `None` runs them all.
    pub precision: Option<f64>,
    pub mean_turns: f64,
    /// Hits taken by the attacking stands.
    pub attacker_hits: Spread,
    /// Hits taken by the defending stands.
    pub defender_hits: Spread,
    /// Mean dice rolled per run.
    pub dice_rolled: f64,
    /// Each stand's fate, attackers first, in the setup's order.
    pub stands: Vec<StandOdds>,
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

/// The Wilson score 95 % interval of `hits` out of `n`: honest at rates near
/// 0 and 1, where the plain normal interval would claim no width at all.
pub fn wilson95(hits: u64, n: u64) -> Interval {
    if n == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
            half_width: 0.5,
        };
    }
    let (all, n, p) = (hits >= n, n as f64, hits as f64 / n as f64);
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    Interval {
        // Exactly 0 and 1 at the ends, whatever the rounding.
        low: if hits == 0 {
            0.0
        } else {
            (centre - half).max(0.0)
        },
        high: if all { 1.0 } else { (centre + half).min(1.0) },
        half_width: half,
    }
}

/// The stopping rule: `wins` attacker wins in `n` runs pin the rate to within
/// ± `precision` (95 % interval).
pub fn precise_enough(wins: u64, n: u64, precision: f64) -> bool {
    n > 0 && wilson95(wins, n).half_width <= precision
}

/// How many runs, and when to stop early.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stop {
    /// At most this many runs.
    pub runs: u64,
    /// Stop after the first whole batch of [`BATCH`] runs at which the
    /// attacker's win rate is within ± this (95 % interval).
    pub precision: Option<f64>,
}

/// Sums over runs; adding two tallies is order-free, so the parallel result
/// never depends on how the runs were split.
#[derive(Debug, Clone, Default)]
struct Tally {
    runs: u64,
    attacker: u64,
    defender: u64,
    draw: u64,
    turns: u64,
    dice: u64,
    attacker_hits: Vec<i64>,
    defender_hits: Vec<i64>,
    /// Per stand (setup order): runs ended not effective, runs ended destroyed.
    stands: Vec<(u64, u64)>,
}

impl Tally {
    fn new(stands: usize) -> Self {
        Tally {
            stands: vec![(0, 0); stands],
            ..Tally::default()
        }
    }

    fn add(mut self, o: Tally) -> Tally {
        self.runs += o.runs;
        self.attacker += o.attacker;
        self.defender += o.defender;
        self.draw += o.draw;
        self.turns += o.turns;
        self.dice += o.dice;
        self.attacker_hits.extend(o.attacker_hits);
        self.defender_hits.extend(o.defender_hits);
        for (a, b) in self.stands.iter_mut().zip(o.stands) {
            a.0 += b.0;
            a.1 += b.1;
        }
        self
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
    odds_until(
        ruleset,
        setup,
        seed,
        Stop {
            runs,
            precision: None,
        },
        tick,
    )
}

/// Runs battles as `stop` says; run `i` uses `derive_seed(seed, i)` whether
/// or not it stops early, so stopping at `n` runs gives what `odds` gives for
/// `n` runs.
pub fn odds_until(
    ruleset: &dyn Ruleset,
    setup: &BattleSetup,
    seed: u64,
    stop: Stop,
    tick: &(dyn Fn() + Sync),
) -> Result<Odds, BattleError> {
    // Prepared once; every run fights from its own copy of the pieces.
    let prepared = ruleset.prepare(setup, false)?;
    let who: Vec<(&str, &str, Role)> = [
        (&setup.attacker, Role::Attacker),
        (&setup.defender, Role::Defender),
    ]
    .into_iter()
    .flat_map(|(f, role)| {
        f.stands
            .iter()
            .map(move |s| (s.code.as_str(), f.side.as_str(), role))
    })
    .collect();
    let order: Vec<&str> = who.iter().map(|w| w.0).collect();
    let fight = |i: u64, mut t: Tally| {
        let before = rolled_on_this_thread();
        let r = prepared.summary(derive_seed(seed, i), &order);
        t.dice += rolled_on_this_thread() - before;
        t.runs += 1;
        match r.winner {
            Winner::Attacker => t.attacker += 1,
            Winner::Defender => t.defender += 1,
            Winner::Draw => t.draw += 1,
        }
        t.turns += u64::from(r.turns);
        t.attacker_hits.push(r.hits[0]);
        t.defender_hits.push(r.hits[1]);
        for (c, status) in t.stands.iter_mut().zip(&r.status) {
            c.0 += u64::from(*status != Status::Effective);
            c.1 += u64::from(*status == Status::Destroyed);
        }
        tick();
        t
    };
    let step = match stop.precision {
        Some(_) => BATCH,
        None => stop.runs.max(1),
    };
    let mut t = Tally::new(who.len());
    let mut from = 0;
    while from < stop.runs {
        let to = (from + step).min(stop.runs);
        let batch = (from..to)
            .into_par_iter()
            .fold(|| Tally::new(who.len()), |t, i| fight(i, t))
            .reduce(|| Tally::new(who.len()), Tally::add);
        t = t.add(batch);
        from = to;
        if stop
            .precision
            .is_some_and(|p| precise_enough(t.attacker, t.runs, p))
        {
            break;
        }
    }
    let n = t.runs.max(1) as f64;
    Ok(Odds {
        runs: t.runs,
        attacker_wins: t.attacker as f64 / n,
        defender_wins: t.defender as f64 / n,
        draws: t.draw as f64 / n,
        attacker_wins_ci95: wilson95(t.attacker, t.runs),
        precision: stop.precision,
        mean_turns: t.turns as f64 / n,
        dice_rolled: t.dice as f64 / n,
        stands: who
            .iter()
            .zip(&t.stands)
            .map(|(w, c)| StandOdds {
                code: w.0.to_string(),
                side: w.1.to_string(),
                role: w.2,
                p_ineffective: c.0 as f64 / n,
                p_destroyed: c.1 as f64 / n,
            })
            .collect(),
        attacker_hits: spread(t.attacker_hits),
        defender_hits: spread(t.defender_hits),
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

    #[test]
    fn the_wilson_interval_matches_known_values() {
        // 50 of 100: 0.4038 .. 0.5962.
        let i = wilson95(50, 100);
        assert!((i.low - 0.4038).abs() < 1e-4, "{i:?}");
        assert!((i.high - 0.5962).abs() < 1e-4, "{i:?}");
        assert!((i.half_width - 0.0962).abs() < 1e-4, "{i:?}");
        // No wins still leaves width: 0 .. 0.0370 for 0 of 100.
        let i = wilson95(0, 100);
        assert_eq!(i.low, 0.0);
        assert!((i.high - 0.0370).abs() < 1e-4, "{i:?}");
        assert!(i.half_width > 0.0);
    }

    #[test]
    fn the_stopping_rule_needs_enough_runs() {
        // At an even rate ±0.01 needs about 9,600 runs.
        assert!(!precise_enough(2500, 5000, 0.01));
        assert!(!precise_enough(4750, 9500, 0.01));
        assert!(precise_enough(4850, 9700, 0.01));
        // Lopsided rates are pinned sooner.
        assert!(precise_enough(25, 500, 0.03));
        assert!(!precise_enough(250, 500, 0.03));
        assert!(!precise_enough(0, 0, 0.5));
        // Never more precise than the runs allow, never less than asked.
        for n in (500..20_000).step_by(500) {
            for wins in [0, n / 10, n / 3, n / 2, n] {
                let i = wilson95(wins, n);
                assert_eq!(precise_enough(wins, n, 0.02), i.half_width <= 0.02);
                assert!(i.low <= wins as f64 / n as f64 && wins as f64 / n as f64 <= i.high);
            }
        }
    }
}
