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

/// A battle turned into a ruleset's pieces once, ready to be fought many times.
pub trait PreparedBattle: Sync {
    /// Fights the whole battle with dice from `seed`.
    fn fight(&self, seed: u64) -> BattleResult;
}

/// A battle system. Pure: no I/O, and the same setup and seed always give the
/// same result and log.
pub trait Resolver: Sync {
    fn ruleset(&self) -> Ruleset;

    /// Converts the campaign's stands into this ruleset's pieces.
    fn prepare<'a>(
        &self,
        setup: &'a BattleSetup,
    ) -> Result<Box<dyn PreparedBattle + 'a>, BattleError>;

    /// Prepares and fights once.
    fn resolve(&self, setup: &BattleSetup, seed: u64) -> Result<BattleResult, BattleError> {
        Ok(self.prepare(setup)?.fight(seed))
    }
}
