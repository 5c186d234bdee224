//! Read queries: stands with where they belong, the campaign clock, per-command
//! strength, and the morale context of a stand.

use std::str::FromStr;

use chrono::NaiveDateTime;
use rusqlite::{Connection, Row};

use super::error::{Result, StoreError};
use super::records::{parse_time, StandRecord};
use crate::core::kinds::{Contact, Medical, Officers, Supply, UnitFlag};

/// Reads a text column holding one of an enum's spellings.
pub fn enum_col<T>(r: &Row, i: usize) -> rusqlite::Result<T>
where
    T: FromStr,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    let s: String = r.get(i)?;
    s.parse().map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e))
    })
}

/// Reads a nullable text column holding an enum spelling.
pub fn opt_enum_col<T>(r: &Row, i: usize) -> rusqlite::Result<Option<T>>
where
    T: FromStr,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    match r.get::<_, Option<String>>(i)? {
        None => Ok(None),
        Some(s) if s.is_empty() => Ok(None),
        Some(s) => s.parse().map(Some).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e))
        }),
    }
}

/// Reads an in-game time column.
pub fn time_col(r: &Row, i: usize) -> rusqlite::Result<NaiveDateTime> {
    let s: String = r.get(i)?;
    parse_time(&s).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, e.into())
    })
}

/// A stand with the unit, command and side it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct StandRow {
    pub id: i64,
    pub record: StandRecord,
    pub command: String,
    pub side: String,
}

/// Which stands a listing shows.
#[derive(Debug, Clone, Default)]
pub struct StandFilter {
    pub side: Option<String>,
    pub command: Option<String>,
    /// A unit and every unit below it.
    pub unit: Option<String>,
    pub code: Option<String>,
    /// Include stands out of the campaign (destroyed, captured, retired).
    pub all: bool,
}

impl StandFilter {
    pub fn all() -> Self {
        StandFilter {
            all: true,
            ..Default::default()
        }
    }
}

const STAND_COLUMNS: &str = "st.id, st.code, u.code, st.name, st.type, st.training, st.actions, st.equipment,
     st.vehicle, st.speed, st.weapon, st.men, st.hits, st.officer, st.status, st.ammo, st.ammo_max, c.code, s.code, st.repair_until";

fn stand_row(r: &Row) -> rusqlite::Result<StandRow> {
    Ok(StandRow {
        id: r.get(0)?,
        record: StandRecord {
            code: r.get(1)?,
            unit: r.get(2)?,
            name: r.get(3)?,
            stand_type: enum_col(r, 4)?,
            training: enum_col(r, 5)?,
            actions: r.get(6)?,
            equipment: opt_enum_col(r, 7)?,
            vehicle: opt_enum_col(r, 8)?,
            speed: opt_enum_col(r, 9)?,
            weapon: opt_enum_col(r, 10)?,
            men: r.get(11)?,
            hits: r.get(12)?,
            officer: r.get(13)?,
            status: enum_col(r, 14)?,
            ammo: Some(r.get(15)?),
            ammo_max: Some(r.get(16)?),
            repair_until: match r.get::<_, Option<String>>(19)? {
                Some(_) => Some(time_col(r, 19)?),
                None => None,
            },
        },
        command: r.get(17)?,
        side: r.get(18)?,
    })
}

/// Stands matching a filter, in the order they were added. Unknown codes in the
/// filter are refused by name.
pub fn load_stands(conn: &Connection, f: &StandFilter) -> Result<Vec<StandRow>> {
    for (kind, table, code) in [
        ("side", "sides", &f.side),
        ("command", "commands", &f.command),
        ("unit", "units", &f.unit),
        ("stand", "stands", &f.code),
    ] {
        if let Some(code) = code {
            let exists: bool = conn.query_row(
                &format!("SELECT count(*) > 0 FROM {table} WHERE code = ?1"),
                [code],
                |r| r.get(0),
            )?;
            if !exists {
                return Err(StoreError::unknown(kind, code));
            }
        }
    }
    let sql = format!(
        "WITH RECURSIVE sub(id) AS (
             SELECT id FROM units WHERE code = ?3
             UNION SELECT u.id FROM units u JOIN sub ON u.parent_id = sub.id)
         SELECT {STAND_COLUMNS}
         FROM stands st JOIN units u ON u.id = st.unit_id JOIN commands c ON c.id = u.command_id
              JOIN sides s ON s.id = c.side_id
         WHERE (?1 IS NULL OR s.code = ?1) AND (?2 IS NULL OR c.code = ?2)
           AND (?3 IS NULL OR st.unit_id IN (SELECT id FROM sub))
           AND (?4 IS NULL OR st.code = ?4)
           AND (?5 OR st.status NOT IN ('destroyed', 'captured', 'retired'))
         ORDER BY st.id"
    );
    let rows = conn
        .prepare(&sql)?
        .query_map(
            rusqlite::params![f.side, f.command, f.unit, f.code, f.all],
            stand_row,
        )?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// One stand by code, whatever its status.
pub fn stand(conn: &Connection, code: &str) -> Result<StandRow> {
    stands_by_code(conn, &[code])?
        .pop()
        .ok_or_else(|| StoreError::unknown("stand", code))
}

/// Stands by code, whatever their status, in the order asked; an unknown code
/// is refused by name. One statement for them all, on the code's index: the
/// post-battle sequence asks for every stand of a battle at once.
pub fn stands_by_code(conn: &Connection, codes: &[&str]) -> Result<Vec<StandRow>> {
    let sql = format!(
        "SELECT {STAND_COLUMNS}
         FROM stands st JOIN units u ON u.id = st.unit_id JOIN commands c ON c.id = u.command_id
              JOIN sides s ON s.id = c.side_id
         WHERE st.code IN (SELECT value FROM json_each(?1))"
    );
    let list = serde_json::to_string(codes).expect("a list of strings is JSON");
    let found: Vec<StandRow> = conn
        .prepare(&sql)?
        .query_map([list], stand_row)?
        .collect::<rusqlite::Result<_>>()?;
    codes
        .iter()
        .map(|code| {
            found
                .iter()
                .find(|r| r.record.code == *code)
                .cloned()
                .ok_or_else(|| StoreError::unknown("stand", code))
        })
        .collect()
}

/// The campaign's name and clock.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CampaignInfo {
    pub name: String,
    #[serde(serialize_with = "super::records::time_format::serialize")]
    pub clock: NaiveDateTime,
    pub ruleset: String,
}

pub fn campaign_info(conn: &Connection) -> Result<CampaignInfo> {
    Ok(
        conn.query_row("SELECT name, clock, ruleset FROM campaign", [], |r| {
            Ok(CampaignInfo {
                name: r.get(0)?,
                clock: time_col(r, 1)?,
                ruleset: r.get(2)?,
            })
        })?,
    )
}

/// The campaign's wound delays in days: light, serious.
pub fn campaign_settings(conn: &Connection) -> Result<(i64, i64)> {
    Ok(conn.query_row(
        "SELECT light_wound_days, serious_wound_days FROM campaign",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?)
}

/// True when the campaign file was written by `demo`.
pub fn made_by_demo(conn: &Connection) -> Result<bool> {
    Ok(conn.query_row("SELECT made_by_demo FROM campaign", [], |r| r.get(0))?)
}

/// What the campaign holds about a stand's morale beyond its own record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoraleRow {
    /// Flags of the stand's unit and of every unit above it.
    pub flags: Vec<UnitFlag>,
    pub officers: Officers,
    pub supply: Supply,
    pub contact: Contact,
    pub medical: Medical,
    /// For each other side, whether it treats prisoners well.
    pub other_sides_treat_pw_well: Vec<bool>,
}

pub fn morale_context(conn: &Connection, stand_code: &str) -> Result<MoraleRow> {
    let (officers, supply, contact, medical, side_id, unit) = conn
        .query_row(
            "SELECT c.officers, c.supply, c.contact, s.medical, s.id, u.code
             FROM stands st JOIN units u ON u.id = st.unit_id JOIN commands c ON c.id = u.command_id
                  JOIN sides s ON s.id = c.side_id WHERE st.code = ?1",
            [stand_code],
            |r| {
                Ok((
                    enum_col::<Officers>(r, 0)?,
                    enum_col::<Supply>(r, 1)?,
                    enum_col::<Contact>(r, 2)?,
                    enum_col::<Medical>(r, 3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, String>(5)?,
                ))
            },
        )
        .map_err(|e| match e {
            rusqlite::Error::QueryReturnedNoRows => StoreError::unknown("stand", stand_code),
            e => e.into(),
        })?;
    let flags = unit_flags(conn, &unit)?;
    let others: Vec<bool> = conn
        .prepare("SELECT treats_pw_well FROM sides WHERE id <> ?1 ORDER BY id")?
        .query_map([side_id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(MoraleRow {
        flags,
        officers,
        supply,
        contact,
        medical,
        other_sides_treat_pw_well: others,
    })
}

/// The flags of a unit and of every unit above it, each once, nearest first.
pub fn unit_flags(conn: &Connection, unit_code: &str) -> Result<Vec<UnitFlag>> {
    let flag_lists: Vec<String> = conn
        .prepare(
            "WITH RECURSIVE up(id, parent_id, flags) AS (
                 SELECT u.id, u.parent_id, u.flags FROM units u WHERE u.code = ?1
                 UNION ALL SELECT u.id, u.parent_id, u.flags FROM units u JOIN up ON u.id = up.parent_id)
             SELECT flags FROM up",
        )?
        .query_map([unit_code], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut flags = Vec::new();
    for f in flag_lists
        .iter()
        .flat_map(|l| l.split(','))
        .filter(|f| !f.is_empty())
    {
        let flag: UnitFlag = f
            .parse()
            .map_err(|e: crate::core::kinds::UnknownValue| StoreError::Refused(e.to_string()))?;
        if !flags.contains(&flag) {
            flags.push(flag);
        }
    }
    Ok(flags)
}

/// Strength of one command, counted in stands and people.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CommandStrength {
    pub side: String,
    pub command: String,
    pub name: String,
    pub player: String,
    pub supply: String,
    pub contact: String,
    pub effective: i64,
    pub ineffective: i64,
    pub destroyed: i64,
    pub other: i64,
    pub men: i64,
    pub hits: i64,
    pub in_hospital: i64,
}

pub fn command_strengths(conn: &Connection) -> Result<Vec<CommandStrength>> {
    let rows = conn
        .prepare(
            "WITH hospital(command_id, n) AS MATERIALIZED (
                 SELECT u2.command_id, count(*) FROM casualties ca
                 JOIN stands s2 ON s2.id = ca.stand_id JOIN units u2 ON u2.id = s2.unit_id
                 WHERE ca.outcome = 'hospital' GROUP BY u2.command_id)
             SELECT s.code, c.code, c.name, c.player, c.supply, c.contact,
                    count(st.id) FILTER (WHERE st.status = 'effective'),
                    count(st.id) FILTER (WHERE st.status = 'ineffective'),
                    count(st.id) FILTER (WHERE st.status = 'destroyed'),
                    count(st.id) FILTER (WHERE st.status NOT IN ('effective', 'ineffective', 'destroyed')),
                    coalesce(sum(st.men), 0), coalesce(sum(st.hits), 0),
                    coalesce(max(h.n), 0)
             FROM commands c JOIN sides s ON s.id = c.side_id
                  LEFT JOIN hospital h ON h.command_id = c.id
                  LEFT JOIN units u ON u.command_id = c.id LEFT JOIN stands st ON st.unit_id = u.id
             GROUP BY c.id ORDER BY s.id, c.id",
        )?
        .query_map([], |r| {
            Ok(CommandStrength {
                side: r.get(0)?,
                command: r.get(1)?,
                name: r.get(2)?,
                player: r.get(3)?,
                supply: r.get(4)?,
                contact: r.get(5)?,
                effective: r.get(6)?,
                ineffective: r.get(7)?,
                destroyed: r.get(8)?,
                other: r.get(9)?,
                men: r.get(10)?,
                hits: r.get(11)?,
                in_hospital: r.get(12)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// A side as stored: the one row type for sides, for listings, the report
/// and battles alike.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SideRow {
    pub code: String,
    pub name: String,
    pub medical: Medical,
    pub treats_pw_well: bool,
    pub supply_points: i64,
}

/// Every side of the campaign, in the order they were added.
pub fn sides(conn: &Connection) -> Result<Vec<SideRow>> {
    Ok(conn
        .prepare(
            "SELECT code, name, medical, treats_pw_well, supply_points FROM sides ORDER BY id",
        )?
        .query_map([], |r| {
            Ok(SideRow {
                code: r.get(0)?,
                name: r.get(1)?,
                medical: enum_col(r, 2)?,
                treats_pw_well: r.get(3)?,
                supply_points: r.get(4)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// A battle's headline, for listings.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BattleSummary {
    pub code: String,
    pub name: String,
    pub status: String,
    pub ruleset: String,
    pub after: Option<String>,
    pub at: String,
    pub winner: Option<String>,
}

pub fn battles(conn: &Connection) -> Result<Vec<BattleSummary>> {
    Ok(conn
        .prepare(
            "SELECT b.code, b.name, b.status, b.ruleset, a.code, b.at, b.winner
             FROM battles b LEFT JOIN battles a ON a.id = b.after_id ORDER BY b.at, b.id",
        )?
        .query_map([], |r| {
            Ok(BattleSummary {
                code: r.get(0)?,
                name: r.get(1)?,
                status: r.get(2)?,
                ruleset: r.get(3)?,
                after: r.get(4)?,
                at: r.get(5)?,
                winner: r.get(6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// One casualty record, as listed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CasualtyRow {
    pub id: i64,
    pub stand: String,
    pub battle: Option<String>,
    pub roll: Option<i64>,
    pub severity: String,
    pub outcome: String,
    pub returns_at: Option<String>,
}

/// Casualty records, oldest first; `pending` keeps only those still in hospital.
pub fn casualties(
    conn: &Connection,
    pending: bool,
    stand: Option<&str>,
    battle: Option<&str>,
) -> Result<Vec<CasualtyRow>> {
    if let Some(code) = stand {
        self::stand(conn, code)?;
    }
    if let Some(code) = battle {
        let exists: bool = conn.query_row(
            "SELECT count(*) > 0 FROM battles WHERE code = ?1",
            [code],
            |r| r.get(0),
        )?;
        if !exists {
            return Err(StoreError::unknown("battle", code));
        }
    }
    Ok(conn
        .prepare(
            "SELECT ca.id, st.code, b.code, ca.roll, ca.severity, ca.outcome, ca.returns_at
             FROM casualties ca JOIN stands st ON st.id = ca.stand_id LEFT JOIN battles b ON b.id = ca.battle_id
             WHERE (?1 = 0 OR ca.outcome = 'hospital') AND (?2 IS NULL OR st.code = ?2) AND (?3 IS NULL OR b.code = ?3)
             ORDER BY ca.id",
        )?
        .query_map(rusqlite::params![pending, stand, battle], |r| {
            Ok(CasualtyRow {
                id: r.get(0)?,
                stand: r.get(1)?,
                battle: r.get(2)?,
                roll: r.get(3)?,
                severity: r.get(4)?,
                outcome: r.get(5)?,
                returns_at: r.get(6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// One battle in a stand's record of service.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ServiceLine {
    pub battle: String,
    pub at: String,
    pub role: String,
    pub hits_taken: i64,
    pub status_after: String,
    pub actions_gained: i64,
}

/// The battles a stand has fought, oldest first.
pub fn service(conn: &Connection, stand_code: &str) -> Result<Vec<ServiceLine>> {
    Ok(conn
        .prepare(
            "SELECT b.code, b.at, bs.role, bs.hits_taken, bs.status_after, bs.actions_gained
             FROM battle_stands bs JOIN battles b ON b.id = bs.battle_id JOIN stands st ON st.id = bs.stand_id
             WHERE st.code = ?1 ORDER BY b.at, b.id",
        )?
        .query_map([stand_code], |r| {
            Ok(ServiceLine {
                battle: r.get(0)?,
                at: r.get(1)?,
                role: r.get(2)?,
                hits_taken: r.get(3)?,
                status_after: r.get(4)?,
                actions_gained: r.get(5)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}
