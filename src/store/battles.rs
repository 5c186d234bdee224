//! Battles in the file: reading a planned battle with its forces, and writing a
//! fought battle with all its consequences.

use chrono::NaiveDateTime;
use rusqlite::{params, Connection, OptionalExtension, Transaction};

use super::error::{Result, StoreError};
use super::import::update_stand;
use super::queries::{enum_col, load_stands, time_col, StandFilter, StandRow};
/// The one sides query, as the battle setup reads it.
pub use super::queries::{sides, SideRow};
use super::records::{format_time, parse_time, Consequences};
use crate::battle::event::Event;
use crate::battle::result::{BattleResult, Role};
use crate::core::kinds::{Confidence, Contact, Cover, Officers, Supply};

/// A battle as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct BattleRow {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub at: NaiveDateTime,
    pub ruleset: String,
    pub mode: Option<String>,
    pub seed: Option<u64>,
    pub status: String,
    pub after: Option<String>,
    pub range_cm: i64,
    pub defender_cover: Cover,
    pub terrain: String,
    pub briefing: String,
    pub winner: Option<String>,
    pub turns: Option<i64>,
    pub end_reason: Option<String>,
    pub ended_at: Option<NaiveDateTime>,
}

pub fn battle(conn: &Connection, code: &str) -> Result<BattleRow> {
    conn.query_row(
        "SELECT b.id, b.code, b.name, b.at, b.ruleset, b.mode, b.seed, b.status, a.code, b.range_cm,
                b.defender_cover, b.terrain, b.winner, b.turns, b.end_reason, b.ended_at, b.briefing
         FROM battles b LEFT JOIN battles a ON a.id = b.after_id WHERE b.code = ?1",
        [code],
        |r| {
            Ok(BattleRow {
                id: r.get(0)?,
                code: r.get(1)?,
                name: r.get(2)?,
                at: time_col(r, 3)?,
                ruleset: r.get(4)?,
                mode: r.get(5)?,
                seed: r.get::<_, Option<i64>>(6)?.map(|s| s as u64),
                status: r.get(7)?,
                after: r.get(8)?,
                range_cm: r.get(9)?,
                defender_cover: enum_col(r, 10)?,
                terrain: r.get(11)?,
                briefing: r.get(16)?,
                winner: r.get(12)?,
                turns: r.get(13)?,
                end_reason: r.get(14)?,
                ended_at: match r.get::<_, Option<String>>(15)? {
                    Some(_) => Some(time_col(r, 15)?),
                    None => None,
                },
            })
        },
    )
    .optional()?
    .ok_or_else(|| StoreError::unknown("battle", code))
}

/// The stands named for one role (units expand to every stand beneath them),
/// whatever their status, in the order named.
/// One entry of a battle's force: a unit (with every unit under it) or one stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForceRef {
    Unit(String),
    Stand(String),
}

impl ForceRef {
    pub fn code(&self) -> &str {
        match self {
            ForceRef::Unit(c) | ForceRef::Stand(c) => c,
        }
    }
}

/// The units and stands a battle names for one role, in the order given.
pub fn force_refs(conn: &Connection, battle_id: i64, role: Role) -> Result<Vec<ForceRef>> {
    let refs: Vec<(Option<String>, Option<String>)> = conn
        .prepare(
            "SELECT u.code, s.code FROM battle_forces f LEFT JOIN units u ON u.id = f.unit_id
             LEFT JOIN stands s ON s.id = f.stand_id WHERE f.battle_id = ?1 AND f.role = ?2 ORDER BY f.id",
        )?
        .query_map(params![battle_id, role.as_str()], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(refs
        .into_iter()
        .filter_map(|(unit, stand)| match (unit, stand) {
            (Some(u), _) => Some(ForceRef::Unit(u)),
            (None, Some(s)) => Some(ForceRef::Stand(s)),
            (None, None) => None,
        })
        .collect())
}

/// Every stand the entries name (whatever its status), each once, in order.
pub fn stands_of(conn: &Connection, refs: &[ForceRef]) -> Result<Vec<StandRow>> {
    let mut out: Vec<StandRow> = Vec::new();
    for r in refs {
        let filter = match r {
            ForceRef::Unit(u) => StandFilter {
                unit: Some(u.clone()),
                all: true,
                ..Default::default()
            },
            ForceRef::Stand(s) => StandFilter {
                code: Some(s.clone()),
                all: true,
                ..Default::default()
            },
        };
        for row in load_stands(conn, &filter)? {
            if !out.iter().any(|r| r.id == row.id) {
                out.push(row);
            }
        }
    }
    Ok(out)
}

/// Every stand a battle names for one role (whatever its status).
pub fn force_stands(conn: &Connection, battle_id: i64, role: Role) -> Result<Vec<StandRow>> {
    stands_of(conn, &force_refs(conn, battle_id, role)?)
}

/// Writes a fought battle: its result, each stand's part, the log, the casualty
/// records and the stands' new state, and moves the clock past its end.
pub fn record_battle(
    tx: &Transaction,
    battle: &BattleRow,
    mode: &str,
    result: &BattleResult,
    consequences: &Consequences,
    ended_at: NaiveDateTime,
) -> Result<()> {
    tx.execute(
        "UPDATE battles SET status = 'resolved', mode = ?2, seed = ?3, ruleset = ?4, winner = ?5, turns = ?6,
                end_reason = ?7, ended_at = ?8 WHERE id = ?1",
        params![
            battle.id,
            mode,
            result.seed as i64,
            result.ruleset,
            result.winner.as_str(),
            result.turns,
            result.end_reason,
            format_time(&ended_at)
        ],
    )?;
    for s in &result.stands {
        let gained = consequences
            .stands
            .iter()
            .find(|a| a.record.code == s.code)
            .map(|a| a.actions_gained)
            .unwrap_or(0);
        tx.prepare_cached(
            "INSERT INTO battle_stands(battle_id, stand_id, role, hits_taken, fired, under_fire, status_after,
                                       actions_gained, ammo_spent, captured, damage, repair_days)
             VALUES (?1, (SELECT id FROM stands WHERE code = ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        )?
        .execute(params![
                battle.id,
                s.code,
                s.role.as_str(),
                s.hits_taken,
                s.fired,
                s.under_fire,
                s.status_after.as_str(),
                gained,
                s.ammo_spent,
                s.captured,
                s.damage.map(|d| match d.kind {
                    crate::battle::result::DamageKind::Damaged => "damaged",
                    crate::battle::result::DamageKind::Immobilised => "immobilised",
                }),
                s.damage.map(|d| d.repair_days)
            ],
        )?;
    }
    insert_events(tx, battle.id, &result.events)?;
    for c in &consequences.casualties {
        tx.prepare_cached(
            "INSERT INTO casualties(stand_id, battle_id, roll, severity, outcome, returns_at, returned)
             VALUES ((SELECT id FROM stands WHERE code = ?1), ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
                c.stand,
                battle.id,
                c.roll,
                c.severity.as_str(),
                c.outcome.as_str(),
                c.returns_at.as_ref().map(format_time),
                c.outcome == crate::core::kinds::Outcome::Returned
            ],
        )?;
    }
    for s in &consequences.stands {
        update_stand(tx, &s.record)?;
    }
    for u in &result.units {
        tx.execute(
            "UPDATE units SET confidence = ?2 WHERE code = ?1",
            params![u.unit, u.confidence.as_str()],
        )?;
    }
    tx.execute(
        "UPDATE campaign SET clock = max(clock, ?1)",
        [format_time(&ended_at)],
    )?;
    Ok(())
}

fn insert_events(tx: &Transaction, battle_id: i64, events: &[Event]) -> Result<()> {
    let mut stmt = tx.prepare(
        "INSERT INTO battle_events(battle_id, seq, turn, phase, text, data, side, actor, targets, dice)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    for (i, e) in events.iter().enumerate() {
        stmt.execute(params![
            battle_id,
            i as i64,
            e.turn,
            e.phase,
            e.text,
            e.data.as_ref().map(|d| d.to_string()),
            e.side.map(|s| s.as_str()),
            e.actor,
            serde_json::to_string(&e.targets).unwrap_or_else(|_| "[]".into()),
            serde_json::to_string(&e.dice).unwrap_or_else(|_| "[]".into()),
        ])?;
    }
    Ok(())
}

/// A battle's log, in order.
pub fn events(conn: &Connection, battle_id: i64) -> Result<Vec<Event>> {
    Ok(conn
        .prepare(
            "SELECT turn, phase, text, data, side, actor, targets, dice FROM battle_events
             WHERE battle_id = ?1 ORDER BY seq",
        )?
        .query_map([battle_id], |r| {
            let data: Option<String> = r.get(3)?;
            let side: Option<String> = r.get(4)?;
            let targets: String = r.get(6)?;
            let dice: String = r.get(7)?;
            Ok(Event {
                turn: r.get(0)?,
                phase: r.get(1)?,
                text: r.get(2)?,
                data: data.and_then(|d| serde_json::from_str(&d).ok()),
                side: match side.as_deref() {
                    Some("attacker") => Some(Role::Attacker),
                    Some("defender") => Some(Role::Defender),
                    _ => None,
                },
                actor: r.get(5)?,
                targets: serde_json::from_str(&targets).unwrap_or_default(),
                dice: serde_json::from_str(&dice).unwrap_or_default(),
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// A command as a battle needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRow {
    pub code: String,
    pub officers: Officers,
    pub supply: Supply,
    pub contact: Contact,
}

pub fn command(conn: &Connection, code: &str) -> Result<CommandRow> {
    conn.query_row(
        "SELECT code, officers, supply, contact FROM commands WHERE code = ?1",
        [code],
        |x| {
            Ok(CommandRow {
                code: x.get(0)?,
                officers: enum_col(x, 1)?,
                supply: enum_col(x, 2)?,
                contact: enum_col(x, 3)?,
            })
        },
    )
    .optional()?
    .ok_or_else(|| StoreError::unknown("command", code))
}

/// A unit as a battle needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitRow {
    pub code: String,
    pub command: String,
    pub leadership: Option<i64>,
    pub confidence: Confidence,
}

pub fn unit(conn: &Connection, code: &str) -> Result<UnitRow> {
    conn.query_row(
        "SELECT u.code, c.code, u.leadership, coalesce(u.confidence, 'co') FROM units u
         JOIN commands c ON c.id = u.command_id WHERE u.code = ?1",
        [code],
        |x| {
            Ok(UnitRow {
                code: x.get(0)?,
                command: x.get(1)?,
                leadership: x.get(2)?,
                confidence: enum_col(x, 3)?,
            })
        },
    )
    .optional()?
    .ok_or_else(|| StoreError::unknown("unit", code))
}

/// When a unit's stands last finished a fought battle, if ever.
pub fn unit_last_battle_end(conn: &Connection, unit: &str) -> Result<Option<NaiveDateTime>> {
    let t: Option<String> = conn.query_row(
        "SELECT max(b.ended_at) FROM battles b JOIN battle_stands bs ON bs.battle_id = b.id
         JOIN stands st ON st.id = bs.stand_id JOIN units u ON u.id = st.unit_id
         WHERE u.code = ?1 AND b.status = 'resolved'",
        [unit],
        |r| r.get(0),
    )?;
    Ok(t.and_then(|t| parse_time(&t).ok()))
}

/// The campaign's options for one ruleset.
pub fn ruleset_options(
    conn: &Connection,
    ruleset: &str,
) -> Result<std::collections::BTreeMap<String, String>> {
    Ok(conn
        .prepare("SELECT key, value FROM ruleset_options WHERE ruleset = ?1 ORDER BY key")?
        .query_map([ruleset], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?)
}

/// Sets (or with `None` removes) one option of a ruleset.
pub fn set_ruleset_option(
    tx: &Transaction,
    ruleset: &str,
    key: &str,
    value: Option<&str>,
) -> Result<()> {
    match value {
        Some(v) => tx.execute(
            "INSERT INTO ruleset_options(ruleset, key, value) VALUES (?1, ?2, ?3)
             ON CONFLICT(ruleset, key) DO UPDATE SET value = excluded.value",
            params![ruleset, key, v],
        )?,
        None => tx.execute(
            "DELETE FROM ruleset_options WHERE ruleset = ?1 AND key = ?2",
            params![ruleset, key],
        )?,
    };
    Ok(())
}

/// Casualty records of a battle counted by severity.
pub fn casualty_counts(conn: &Connection, battle_id: i64) -> Result<Vec<(String, i64)>> {
    Ok(conn
        .prepare(
            "SELECT severity, count(*) FROM casualties WHERE battle_id = ?1 GROUP BY severity",
        )?
        .query_map([battle_id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?)
}

/// One stand's part in a fought battle.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StandPart {
    pub code: String,
    pub side: String,
    pub role: String,
    pub hits_taken: i64,
    pub status_after: String,
    pub fired: bool,
    pub under_fire: bool,
    pub ammo_spent: i64,
    pub actions_gained: i64,
}

pub fn stand_lines(conn: &Connection, battle_id: i64) -> Result<Vec<StandPart>> {
    Ok(conn
        .prepare(
            "SELECT st.code, s.code, bs.role, bs.hits_taken, bs.status_after, bs.fired, bs.under_fire, bs.ammo_spent, bs.actions_gained
             FROM battle_stands bs JOIN stands st ON st.id = bs.stand_id JOIN units u ON u.id = st.unit_id
             JOIN commands c ON c.id = u.command_id JOIN sides s ON s.id = c.side_id
             WHERE bs.battle_id = ?1 ORDER BY bs.id",
        )?
        .query_map([battle_id], |r| {
            Ok(StandPart {
                code: r.get(0)?,
                side: r.get(1)?,
                role: r.get(2)?,
                hits_taken: r.get(3)?,
                status_after: r.get(4)?,
                fired: r.get(5)?,
                under_fire: r.get(6)?,
                ammo_spent: r.get(7)?,
                actions_gained: r.get(8)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}
