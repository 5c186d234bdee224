//! A chain of planned battles fought in date order, with the umpire's routine
//! between them (see `interlude`): what `demo` runs, chapter by chapter.

use std::collections::BTreeMap;

use serde::Serialize;

use super::auto::{commit, fight, DriverError};
use super::interlude::{self, Interlude};
use super::odds::odds;
use super::Registry;
use crate::battle::result::{Role, Winner};
use crate::campaign::battle::{ready, setup};
use crate::store::{battles, queries, Store};

/// What one battle cost one side, in people.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Cost {
    pub dead: usize,
    /// In hospital, back later.
    pub wounded: usize,
    pub captured: usize,
    /// Scratches: back in the ranks at once.
    pub returned: usize,
}

impl Cost {
    pub fn total(&self) -> usize {
        self.dead + self.wounded + self.captured + self.returned
    }
}

/// One battle of the chain and what led up to it.
#[derive(Debug, Clone, Serialize)]
pub struct Chapter {
    pub battle: String,
    pub name: String,
    pub at: String,
    pub ruleset: String,
    pub briefing: String,
    /// Side names, attacker first.
    pub attacker: String,
    pub defender: String,
    /// The winning side's name, or none for a draw.
    pub winner_side: Option<String>,
    pub winner: String,
    pub turns: u32,
    pub end_reason: String,
    pub casualties: usize,
    /// The attacker's chance as the battle was due, from [`ODDS_RUNS`] runs
    /// of the same setup (the umpire's `battle odds`).
    pub attacker_odds: f64,
    /// Per side name.
    pub cost: BTreeMap<String, Cost>,
    /// The routine run before this battle (none before the first).
    pub before: Option<Interlude>,
}

/// Runs behind each chapter's odds: enough for a whole percent.
pub const ODDS_RUNS: u64 = 1000;

/// Fights every planned battle in date order, each with a seed derived from
/// `seed`, running the between-battles routine before all but the first.
pub fn fight_all(
    registry: &Registry,
    store: &mut Store,
    seed: u64,
) -> Result<Vec<Chapter>, DriverError> {
    let planned: Vec<String> = queries::battles(store.conn())?
        .into_iter()
        .filter(|b| b.status == "planned")
        .map(|b| b.code)
        .collect();
    let side_names: BTreeMap<String, String> = queries::sides(store.conn())?
        .into_iter()
        .map(|s| (s.code, s.name))
        .collect();
    let name_of = |code: &str| side_names.get(code).cloned().unwrap_or(code.to_string());
    let mut out = Vec::new();
    for (i, code) in planned.iter().enumerate() {
        let plan = battles::battle(store.conn(), code)?;
        let before = if i == 0 {
            None
        } else {
            Some(interlude::before(store, plan.at)?)
        };
        let run_seed = crate::core::dice::derive_seed(seed, i as u64);
        let attacker_odds = {
            let conn = store.conn();
            let b = ready(conn, code)?;
            let ruleset = registry.get(&b.ruleset)?;
            let s = setup(conn, &b, ruleset.turn_limit())?;
            odds(ruleset, &s, run_seed, ODDS_RUNS, &|| {})?.attacker_wins
        };
        let f = commit(store, "auto", |c| fight(registry, c, code, run_seed))?;
        let side_of: BTreeMap<&str, &str> = f
            .sides
            .iter()
            .map(|(s, side)| (s.as_str(), side.as_str()))
            .collect();
        let role_side = |role: Role| {
            f.result
                .stands
                .iter()
                .find(|s| s.role == role)
                .and_then(|s| side_of.get(s.code.as_str()))
                .map(|s| name_of(s))
                .unwrap_or_default()
        };
        let (attacker, defender) = (role_side(Role::Attacker), role_side(Role::Defender));
        let mut cost: BTreeMap<String, Cost> = [
            (attacker.clone(), Cost::default()),
            (defender.clone(), Cost::default()),
        ]
        .into_iter()
        .collect();
        for c in &f.consequences.casualties {
            let side = side_of
                .get(c.stand.as_str())
                .map(|s| name_of(s))
                .unwrap_or_default();
            let e = cost.entry(side).or_default();
            match c.outcome.as_str() {
                "dead" => e.dead += 1,
                "hospital" => e.wounded += 1,
                "captured" => e.captured += 1,
                _ => e.returned += 1,
            }
        }
        out.push(Chapter {
            battle: code.clone(),
            name: plan.name.clone(),
            at: crate::campaign::records::format_time(&plan.at),
            ruleset: plan.ruleset.clone(),
            briefing: plan.briefing.clone(),
            winner_side: match f.result.winner {
                Winner::Attacker => Some(attacker.clone()),
                Winner::Defender => Some(defender.clone()),
                Winner::Draw => None,
            },
            attacker,
            defender,
            winner: f.result.winner.as_str().to_string(),
            turns: f.result.turns,
            end_reason: f.result.end_reason.clone(),
            casualties: f.consequences.casualties.len(),
            attacker_odds,
            cost,
            before,
        });
    }
    Ok(out)
}
