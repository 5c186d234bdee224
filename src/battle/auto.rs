//! The auto driver: fight a planned battle with its ruleset's resolver, work out
//! the post-battle sequence, and (unless it is a dry run) write it all as one
//! journal entry.

use chrono::{Duration, NaiveDateTime};
use rusqlite::Connection;

use super::resolver::{BattleError, Resolver};
use super::result::BattleResult;
use crate::campaign::post_battle::{consequences, Consequences, Settings};
use crate::rules::dice::{derive_seed, Dice};
use crate::rules::kinds::{Medical, Ruleset};
use crate::store::battles::{self, BattleRow};
use crate::store::{queries, Store, StoreError};

/// Turns fought before the defender is deemed to hold: two hours.
pub const TURN_LIMIT: u32 = 24;
/// Minutes in one turn.
pub const TURN_MINUTES: i64 = 5;

/// The resolver of a ruleset.
pub fn resolver_for(ruleset: Ruleset, log: bool) -> Result<Box<dyn Resolver>, BattleError> {
    match ruleset {
        Ruleset::Bia => Ok(Box::new(crate::rules::bia::auto::BiaResolver { log })),
        other => Err(BattleError::Unsupported(other.as_str())),
    }
}

/// Errors of the battle drivers.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Battle(#[from] BattleError),
    #[error(transparent)]
    Campaign(#[from] crate::campaign::CampaignError),
    #[error("{0}")]
    Refused(String),
}

/// A fought battle with its consequences, not yet written.
#[derive(Debug, Clone)]
pub struct Fought {
    pub battle: BattleRow,
    pub result: BattleResult,
    pub consequences: Consequences,
    pub ended_at: NaiveDateTime,
    /// Each stand's side, for reports.
    pub sides: Vec<(String, String)>,
}

/// Refuses battles that cannot be fought now.
pub fn ready(conn: &Connection, code: &str) -> Result<BattleRow, DriverError> {
    let b = battles::battle(conn, code)?;
    if b.status != "planned" {
        return Err(DriverError::Refused(format!(
            "battle `{code}` was already fought; `bounce undo` reverts it if you want to fight it again"
        )));
    }
    if let Some(after) = &b.after {
        let prev = battles::battle(conn, after)?;
        if prev.status == "planned" {
            return Err(DriverError::Refused(format!(
                "battle `{code}` follows `{after}`, which has not been fought yet; fight that first"
            )));
        }
    }
    Ok(b)
}

/// Fights a battle and works out everything it changes, writing nothing.
pub fn fight(conn: &Connection, code: &str, seed: u64) -> Result<Fought, DriverError> {
    let b = ready(conn, code)?;
    let setup = battles::setup(conn, &b, TURN_LIMIT)?;
    let resolver = resolver_for(b.ruleset, true)?;
    let result = resolver.resolve(&setup, seed)?;
    aftermath(conn, b, result)
}

/// Works out the post-battle sequence for a result from any mode; the aid post
/// rolls dice derived from the result's seed.
pub fn aftermath(
    conn: &Connection,
    b: BattleRow,
    result: BattleResult,
) -> Result<Fought, DriverError> {
    let seed = result.seed;
    let ended_at = b.at + Duration::minutes(TURN_MINUTES * i64::from(result.turns));
    let (light, serious): (i64, i64) = conn
        .query_row(
            "SELECT light_wound_days, serious_wound_days FROM campaign",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .map_err(StoreError::from)?;
    let settings = Settings {
        light_wound_days: light,
        serious_wound_days: serious,
        ended_at,
    };
    let mut rows = Vec::new();
    for s in &result.stands {
        rows.push(queries::stand(conn, &s.code)?);
    }
    let medical = |side: &str| -> Medical {
        conn.query_row("SELECT medical FROM sides WHERE code = ?1", [side], |r| {
            r.get::<_, String>(0)
        })
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(Medical::Normal)
    };
    let lookup: Vec<(String, (crate::campaign::records::StandRecord, Medical))> = rows
        .iter()
        .map(|r| (r.record.code.clone(), (r.record.clone(), medical(&r.side))))
        .collect();
    let mut dice = Dice::from_seed(derive_seed(seed, u64::MAX));
    let consequences = consequences(
        &result,
        |code| {
            lookup
                .iter()
                .find(|(c, _)| c == code)
                .map(|(_, v)| v.clone())
        },
        settings,
        &mut dice,
    );
    let sides = rows
        .iter()
        .map(|r| (r.record.code.clone(), r.side.clone()))
        .collect();
    Ok(Fought {
        battle: b,
        result,
        consequences,
        ended_at,
        sides,
    })
}

/// Fights (or takes the result of) a battle and writes it with its consequences
/// as one journal entry. `fight` runs inside the write transaction, so the
/// stands it reads cannot change before their new state is written.
pub fn commit(
    store: &mut Store,
    mode: &str,
    fight: impl FnOnce(&Connection) -> Result<Fought, DriverError>,
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
