//! Logistics in the file: depot deliveries, resupply of ammunition, and what
//! waits on the clock. Which of it time changes is decided in
//! `campaign::logistics`; this module reads the rows and writes the changes.

use chrono::NaiveDateTime;
use rusqlite::{params, Connection, Transaction};
use serde::Serialize;

use super::error::{Result, StoreError};
use super::queries::{enum_col, time_col};
use super::records::format_time;
use crate::core::kinds::Status;

fn side_id(conn: &Connection, code: &str) -> Result<i64> {
    conn.query_row("SELECT id FROM sides WHERE code = ?1", [code], |r| r.get(0))
        .map_err(|e| match e {
            rusqlite::Error::QueryReturnedNoRows => StoreError::unknown("side", code),
            e => e.into(),
        })
}

pub fn clock(conn: &Connection) -> Result<NaiveDateTime> {
    Ok(conn.query_row("SELECT clock FROM campaign", [], |r| time_col(r, 0))?)
}

/// Books a delivery of supply points to a side's depot, arrived or on its
/// way, and credits the depot when it has arrived (`campaign::logistics`
/// decides which). Refuses a depot the points would overflow.
pub fn book_delivery(
    tx: &Transaction,
    side: &str,
    points: i64,
    arrives_at: NaiveDateTime,
    arrived: bool,
) -> Result<()> {
    let id = side_id(tx, side)?;
    let stock: i64 = tx.query_row("SELECT supply_points FROM sides WHERE id = ?1", [id], |r| {
        r.get(0)
    })?;
    let pending: i64 = tx.query_row(
        "SELECT coalesce(sum(points), 0) FROM deliveries WHERE side_id = ?1 AND arrived = 0",
        [id],
        |r| r.get(0),
    )?;
    let limit = crate::core::limits::MAX_SUPPLY;
    let total = stock
        .checked_add(pending)
        .and_then(|t| t.checked_add(points));
    if total.is_none_or(|t| t > limit) || points < 1 {
        return Err(StoreError::Refused(format!(
            "{points} supply points would take the {side} depot ({stock} in it, {pending} on the way) past its limit of {}; deliver fewer",
            crate::core::text::thousands(limit)
        )));
    }
    tx.execute(
        "INSERT INTO deliveries(side_id, points, arrives_at, arrived) VALUES (?1, ?2, ?3, ?4)",
        params![id, points, format_time(&arrives_at), arrived],
    )?;
    if arrived {
        tx.execute(
            "UPDATE sides SET supply_points = supply_points + ?2 WHERE id = ?1",
            params![id, points],
        )?;
    }
    Ok(())
}

/// Every side's depot stock, by side code.
pub fn depots(conn: &Connection) -> Result<std::collections::BTreeMap<String, i64>> {
    Ok(conn
        .prepare("SELECT code, supply_points FROM sides ORDER BY id")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?)
}

/// Sets a side's depot stock.
pub fn set_depot(tx: &Transaction, side: &str, points: i64) -> Result<()> {
    if tx.execute(
        "UPDATE sides SET supply_points = ?2 WHERE code = ?1",
        params![side, points],
    )? == 0
    {
        return Err(StoreError::unknown("side", side));
    }
    Ok(())
}

/// Sets a stand's ammunition.
pub fn set_ammo(tx: &Transaction, stand: &str, ammo: i64) -> Result<()> {
    if tx.execute(
        "UPDATE stands SET ammo = ?2 WHERE code = ?1",
        params![stand, ammo],
    )? == 0
    {
        return Err(StoreError::unknown("stand", stand));
    }
    Ok(())
}

/// A person in hospital, with the stand they belong to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HospitalRow {
    pub id: i64,
    pub stand: String,
    /// The stand's hits now.
    pub stand_hits: i64,
    /// The stand's status now.
    pub stand_status: Status,
    pub returns_at: Option<NaiveDateTime>,
}

/// A delivery not yet arrived.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryRow {
    pub id: i64,
    pub side: String,
    pub points: i64,
    pub arrives_at: Option<NaiveDateTime>,
}

/// A stand that fled or is under repair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimedStand {
    pub code: String,
    pub status: Status,
    pub repair_until: Option<NaiveDateTime>,
}

/// Everything that waits on the clock, each list in the order its rows were
/// added (people by stand).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Waiting {
    pub in_hospital: Vec<HospitalRow>,
    pub deliveries: Vec<DeliveryRow>,
    pub stands: Vec<TimedStand>,
    /// Stands ineffective at the aid post, as they stand now.
    pub ineffective: Vec<super::records::StandRecord>,
}

fn opt_time(r: &rusqlite::Row, i: usize) -> rusqlite::Result<Option<NaiveDateTime>> {
    match r.get::<_, Option<String>>(i)? {
        Some(_) => time_col(r, i).map(Some),
        None => Ok(None),
    }
}

/// Reads what waits on the clock: people in hospital, deliveries on their way,
/// stands that fled or are under repair.
pub fn waiting(conn: &Connection) -> Result<Waiting> {
    let in_hospital = conn
        .prepare(
            "SELECT ca.id, st.code, st.hits, ca.returns_at, st.status FROM casualties ca
             JOIN stands st ON st.id = ca.stand_id
             WHERE ca.outcome = 'hospital' ORDER BY st.id, ca.id",
        )?
        .query_map([], |r| {
            Ok(HospitalRow {
                id: r.get(0)?,
                stand: r.get(1)?,
                stand_hits: r.get(2)?,
                returns_at: opt_time(r, 3)?,
                stand_status: enum_col(r, 4)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let deliveries = conn
        .prepare(
            "SELECT d.id, s.code, d.points, d.arrives_at FROM deliveries d
             JOIN sides s ON s.id = d.side_id WHERE d.arrived = 0 ORDER BY d.id",
        )?
        .query_map([], |r| {
            Ok(DeliveryRow {
                id: r.get(0)?,
                side: r.get(1)?,
                points: r.get(2)?,
                arrives_at: opt_time(r, 3)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let stands = conn
        .prepare(
            "SELECT code, status, repair_until FROM stands
             WHERE status = 'withdrawn' OR repair_until IS NOT NULL ORDER BY id",
        )?
        .query_map([], |r| {
            Ok(TimedStand {
                code: r.get(0)?,
                status: enum_col(r, 1)?,
                repair_until: opt_time(r, 2)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let ineffective = super::queries::load_stands(conn, &super::queries::StandFilter::default())?
        .into_iter()
        .map(|r| r.record)
        .filter(|s| s.status == Status::Ineffective)
        .collect();
    Ok(Waiting {
        in_hospital,
        deliveries,
        stands,
        ineffective,
    })
}

/// What the passing of time changes, as `campaign::logistics` decided it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeChanges {
    /// The clock's new time.
    pub clock: NaiveDateTime,
    /// Casualty records whose people are back: marked returned.
    pub returned: Vec<i64>,
    /// (stand, hits) for each stand whose people came back.
    pub hits: Vec<(String, i64)>,
    /// Deliveries that arrived: marked arrived.
    pub arrived: Vec<i64>,
    /// (side, points) credited to each depot.
    pub credits: Vec<(String, i64)>,
    /// Stands that rallied: effective again.
    pub rallied: Vec<String>,
    /// Stands whose wait (repair or rally) is over: no longer waiting.
    pub ready: Vec<String>,
    /// Ineffective stands whole again: effective.
    pub recovered: Vec<String>,
}

/// Writes what the passing of time changes.
pub fn apply_time(tx: &Transaction, c: &TimeChanges) -> Result<()> {
    for id in &c.returned {
        tx.prepare_cached(
            "UPDATE casualties SET outcome = 'returned', returned = 1 WHERE id = ?1",
        )?
        .execute([id])?;
    }
    for (stand, hits) in &c.hits {
        tx.prepare_cached("UPDATE stands SET hits = ?2 WHERE code = ?1")?
            .execute(params![stand, hits])?;
    }
    for id in &c.arrived {
        tx.prepare_cached("UPDATE deliveries SET arrived = 1 WHERE id = ?1")?
            .execute([id])?;
    }
    for (side, points) in &c.credits {
        tx.prepare_cached("UPDATE sides SET supply_points = supply_points + ?2 WHERE code = ?1")?
            .execute(params![side, points])?;
    }
    for stand in &c.rallied {
        tx.prepare_cached("UPDATE stands SET status = 'effective' WHERE code = ?1")?
            .execute([stand])?;
    }
    for stand in &c.recovered {
        tx.prepare_cached("UPDATE stands SET status = 'effective' WHERE code = ?1")?
            .execute([stand])?;
    }
    for stand in &c.ready {
        tx.prepare_cached("UPDATE stands SET repair_until = NULL WHERE code = ?1")?
            .execute([stand])?;
    }
    tx.execute("UPDATE campaign SET clock = ?1", [format_time(&c.clock)])?;
    Ok(())
}

/// Deliveries still on their way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pending {
    pub side: String,
    pub points: i64,
    pub arrives_at: String,
}

pub fn pending_deliveries(conn: &Connection) -> Result<Vec<Pending>> {
    Ok(conn
        .prepare(
            "SELECT s.code, d.points, d.arrives_at FROM deliveries d JOIN sides s ON s.id = d.side_id
             WHERE d.arrived = 0 ORDER BY d.arrives_at, d.id",
        )?
        .query_map([], |r| Ok(Pending { side: r.get(0)?, points: r.get(1)?, arrives_at: r.get(2)? }))?
        .collect::<rusqlite::Result<_>>()?)
}

/// People in hospital, by stand and return date.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InHospital {
    pub stand: String,
    pub people: i64,
    pub returns_at: String,
}

pub fn in_hospital(conn: &Connection) -> Result<Vec<InHospital>> {
    Ok(conn
        .prepare(
            "SELECT st.code, count(*), ca.returns_at FROM casualties ca JOIN stands st ON st.id = ca.stand_id
             WHERE ca.outcome = 'hospital' GROUP BY st.id, ca.returns_at ORDER BY ca.returns_at, st.id",
        )?
        .query_map([], |r| Ok(InHospital { stand: r.get(0)?, people: r.get(1)?, returns_at: r.get(2)? }))?
        .collect::<rusqlite::Result<_>>()?)
}

/// Sets a command's supply or contact state.
pub fn set_command(
    tx: &Transaction,
    code: &str,
    supply: Option<&str>,
    contact: Option<&str>,
) -> Result<()> {
    let n = tx.execute(
        "UPDATE commands SET supply = coalesce(?2, supply), contact = coalesce(?3, contact) WHERE code = ?1",
        params![code, supply, contact],
    )?;
    if n == 0 {
        return Err(StoreError::unknown("command", code));
    }
    Ok(())
}

/// Sets a side's medical support or prisoner treatment.
pub fn set_side(
    tx: &Transaction,
    code: &str,
    medical: Option<&str>,
    treats_pw_well: Option<bool>,
) -> Result<()> {
    let n = tx.execute(
        "UPDATE sides SET medical = coalesce(?2, medical), treats_pw_well = coalesce(?3, treats_pw_well) WHERE code = ?1",
        params![code, medical, treats_pw_well],
    )?;
    if n == 0 {
        return Err(StoreError::unknown("side", code));
    }
    Ok(())
}
