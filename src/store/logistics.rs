//! Logistics in the file: depot deliveries, resupply of ammunition, and time
//! passing (wounded returning, deliveries arriving).

use chrono::NaiveDateTime;
use rusqlite::{params, Connection, Transaction};
use serde::Serialize;

use super::error::{Result, StoreError};
use super::queries::time_col;
use super::records::format_time;

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

/// Adds supply points to a side's depot now, or books them to arrive later.
/// Returns whether they arrived at once.
pub fn deliver(
    tx: &Transaction,
    side: &str,
    points: i64,
    arrives: Option<NaiveDateTime>,
) -> Result<bool> {
    let id = side_id(tx, side)?;
    let now = clock(tx)?;
    let stock: i64 = tx.query_row("SELECT supply_points FROM sides WHERE id = ?1", [id], |r| {
        r.get(0)
    })?;
    if stock.checked_add(points).is_none() || points < 1 {
        return Err(StoreError::Refused(format!(
            "{points} supply points cannot be added to the {side} depot's {stock}"
        )));
    }
    let at_once = arrives.is_none_or(|t| t <= now);
    tx.execute(
        "INSERT INTO deliveries(side_id, points, arrives_at, arrived) VALUES (?1, ?2, ?3, ?4)",
        params![id, points, format_time(&arrives.unwrap_or(now)), at_once],
    )?;
    if at_once {
        tx.execute(
            "UPDATE sides SET supply_points = supply_points + ?2 WHERE id = ?1",
            params![id, points],
        )?;
    }
    Ok(at_once)
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

/// What happened while time passed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Passage {
    pub from: String,
    pub to: String,
    /// (stand, people back) for each stand whose wounded returned.
    pub returned: Vec<(String, i64)>,
    /// (side, points) for each delivery that arrived.
    pub arrived: Vec<(String, i64)>,
    /// Stands whose repairs finished.
    pub repaired: Vec<String>,
    /// Stands that fled a battle and have rallied.
    pub rallied: Vec<String>,
}

/// Moves the clock to `to`: wounded whose return date has come rejoin their
/// stands, and booked deliveries reach their depots.
pub fn advance(tx: &Transaction, to: NaiveDateTime) -> Result<Passage> {
    let from = clock(tx)?;
    if to < from {
        return Err(StoreError::Refused(format!(
            "the clock is at {}; time only moves forward",
            format_time(&from)
        )));
    }
    let t = format_time(&to);
    let returned: Vec<(String, i64)> = tx
        .prepare(
            "SELECT st.code, count(*) FROM casualties ca JOIN stands st ON st.id = ca.stand_id
             WHERE ca.outcome = 'hospital' AND ca.returns_at <= ?1 GROUP BY st.id ORDER BY st.id",
        )?
        .query_map([&t], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (stand, n) in &returned {
        tx.execute(
            "UPDATE stands SET hits = max(0, hits - ?2) WHERE code = ?1",
            params![stand, n],
        )?;
    }
    tx.execute(
        "UPDATE casualties SET outcome = 'returned', returned = 1 WHERE outcome = 'hospital' AND returns_at <= ?1",
        [&t],
    )?;
    let arrived: Vec<(String, i64)> = tx
        .prepare(
            "SELECT s.code, d.points FROM deliveries d JOIN sides s ON s.id = d.side_id
             WHERE d.arrived = 0 AND d.arrives_at <= ?1 ORDER BY d.id",
        )?
        .query_map([&t], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    tx.execute(
        "UPDATE sides SET supply_points = supply_points +
            (SELECT coalesce(sum(points), 0) FROM deliveries d WHERE d.side_id = sides.id AND d.arrived = 0 AND d.arrives_at <= ?1)",
        [&t],
    )?;
    tx.execute(
        "UPDATE deliveries SET arrived = 1 WHERE arrived = 0 AND arrives_at <= ?1",
        [&t],
    )?;
    let rallied: Vec<String> = tx
        .prepare(
            "SELECT code FROM stands WHERE status = 'withdrawn' AND (repair_until IS NULL OR repair_until <= ?1) ORDER BY id",
        )?
        .query_map([&t], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    tx.execute(
        "UPDATE stands SET status = 'effective' WHERE status = 'withdrawn' AND (repair_until IS NULL OR repair_until <= ?1)",
        [&t],
    )?;
    let repaired: Vec<String> = tx
        .prepare(
            "SELECT code FROM stands WHERE repair_until IS NOT NULL AND repair_until <= ?1 ORDER BY id",
        )?
        .query_map([&t], |r| r.get(0))?
        .filter(|c| c.as_ref().map_or(true, |c| !rallied.contains(c)))
        .collect::<rusqlite::Result<_>>()?;
    tx.execute(
        "UPDATE stands SET repair_until = NULL WHERE repair_until IS NOT NULL AND repair_until <= ?1",
        [&t],
    )?;
    tx.execute("UPDATE campaign SET clock = ?1", [&t])?;
    Ok(Passage {
        from: format_time(&from),
        to: t,
        returned,
        arrived,
        repaired,
        rallied,
    })
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
