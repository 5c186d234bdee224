//! The one interface every battle ruleset implements.

use super::result::BattleResult;
use super::setup::BattleSetup;
use crate::rules::kinds::Ruleset;

/// Why a battle cannot be fought as set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BattleError {
    #[error("battle `{battle}`: the {role} has no stand able to fight")]
    NoForce { battle: String, role: &'static str },
    #[error("the {0} ruleset cannot auto-resolve battles yet")]
    Unsupported(&'static str),
}

/// A battle system: turns a setup into a fought battle. Pure: no I/O, and the
/// same setup and seed always give the same result and log.
pub trait Resolver: Sync {
    fn ruleset(&self) -> Ruleset;

    /// Fights the whole battle with dice from `seed`.
    fn resolve(&self, setup: &BattleSetup, seed: u64) -> Result<BattleResult, BattleError>;
}
