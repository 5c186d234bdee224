//! The auto driver: fight a planned battle with its ruleset, work out the
//! post-battle sequence, and (unless it is a dry run) write it all as one
//! journal entry.

use crate::battle::ruleset::BattleError;
use crate::campaign::battle::{aftermath, ready, setup, Fought, NotReady};
use crate::store::{battles, Db, Store, StoreError};

use super::registry::{Registry, UnknownRuleset};

/// Errors of the battle drivers.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Battle(#[from] BattleError),
    #[error(transparent)]
    Campaign(#[from] crate::campaign::CampaignError),
    #[error(transparent)]
    Ruleset(#[from] UnknownRuleset),
    #[error("{0}")]
    Refused(String),
}

impl From<NotReady> for DriverError {
    fn from(e: NotReady) -> Self {
        match e {
            NotReady::Store(e) => DriverError::Store(e),
            NotReady::Refused(m) => DriverError::Refused(m),
        }
    }
}

impl DriverError {
    /// True when the user's input (a battle, a file, a name), not the machine,
    /// is at fault.
    pub fn is_input(&self) -> bool {
        match self {
            DriverError::Store(e) => e.is_input(),
            _ => true,
        }
    }
}

/// Fights a battle and works out everything it changes, writing nothing.
pub fn fight(registry: &Registry, conn: &Db, code: &str, seed: u64) -> Result<Fought, DriverError> {
    let b = ready(conn, code)?;
    let ruleset = registry.get(&b.ruleset)?;
    let setup = setup(conn, &b, ruleset.turn_limit())?;
    let result = ruleset.resolve(&setup, seed)?;
    Ok(aftermath(conn, b, result, ruleset.minutes_per_turn())?)
}

/// Fights (or takes the result of) a battle and writes it with its consequences
/// as one journal entry. `fight` runs inside the write transaction, so the
/// stands it reads cannot change before their new state is written.
pub fn commit(
    store: &mut Store,
    mode: &str,
    fight: impl FnOnce(&Db) -> Result<Fought, DriverError>,
) -> Result<Fought, DriverError> {
    store.try_change(&format!("battle {mode}"), |tx| {
        let f = fight(tx)?;
        let summary = format!(
            "battle {} ({mode}, seed {}): {} after {} turns, {} casualties",
            f.battle.code,
            f.result.seed,
            f.result.winner.as_str(),
            f.result.turns,
            f.consequences.casualties.len()
        );
        battles::record_battle(tx, &f.battle, mode, &f.result, &f.consequences, f.ended_at)?;
        Ok((f, summary))
    })
}
