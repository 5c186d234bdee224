//! Reads for the campaign report. Each function reads one kind of thing for the
//! whole campaign in a single statement, so the report costs a fixed number of
//! queries however many stands and battles there are; the report layer joins
//! the pieces in memory.

use rusqlite::Connection;

use super::error::Result;
use super::queries::{load_stands, StandFilter, StandRow};

/// Every stand, whatever its status, with its command and side.
pub fn stands(conn: &Connection) -> Result<Vec<StandRow>> {
    load_stands(conn, &StandFilter::all())
}

/// The campaign row as the report shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignRow {
    pub name: String,
    pub clock: String,
    pub ruleset: String,
}

pub fn campaign(conn: &Connection) -> Result<CampaignRow> {
    Ok(
        conn.query_row("SELECT name, clock, ruleset FROM campaign", [], |r| {
            Ok(CampaignRow {
                name: r.get(0)?,
                clock: r.get(1)?,
                ruleset: r.get(2)?,
            })
        })?,
    )
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRow {
    pub code: String,
    pub side: String,
    pub name: String,
    pub player: String,
    pub officers: String,
    pub supply: String,
    pub contact: String,
}

pub fn commands(conn: &Connection) -> Result<Vec<CommandRow>> {
    Ok(conn
        .prepare(
            "SELECT c.code, s.code, c.name, c.player, c.officers, c.supply, c.contact
             FROM commands c JOIN sides s ON s.id = c.side_id ORDER BY s.id, c.id",
        )?
        .query_map([], |r| {
            Ok(CommandRow {
                code: r.get(0)?,
                side: r.get(1)?,
                name: r.get(2)?,
                player: r.get(3)?,
                officers: r.get(4)?,
                supply: r.get(5)?,
                contact: r.get(6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// A unit with its parent and its own flags (comma-separated, as stored).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitRow {
    pub code: String,
    pub parent: Option<String>,
    pub flags: String,
}

pub fn units(conn: &Connection) -> Result<Vec<UnitRow>> {
    Ok(conn
        .prepare(
            "SELECT u.code, p.code, u.flags FROM units u LEFT JOIN units p ON p.id = u.parent_id
             ORDER BY u.id",
        )?
        .query_map([], |r| {
            Ok(UnitRow {
                code: r.get(0)?,
                parent: r.get(1)?,
                flags: r.get(2)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// Supply points booked for a side and not yet arrived.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryRow {
    pub side: String,
    pub points: i64,
    pub arrives_at: Option<String>,
}

pub fn pending_deliveries(conn: &Connection) -> Result<Vec<DeliveryRow>> {
    Ok(conn
        .prepare(
            "SELECT s.code, d.points, d.arrives_at FROM deliveries d JOIN sides s ON s.id = d.side_id
             WHERE d.arrived = 0 ORDER BY d.arrives_at, d.id",
        )?
        .query_map([], |r| {
            Ok(DeliveryRow {
                side: r.get(0)?,
                points: r.get(1)?,
                arrives_at: r.get(2)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// A battle, planned or fought, in campaign order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BattleRow {
    pub code: String,
    pub name: String,
    pub at: String,
    pub ended_at: Option<String>,
    pub ruleset: String,
    pub status: String,
    pub after: Option<String>,
    pub winner: Option<String>,
    pub turns: Option<i64>,
    pub end_reason: Option<String>,
}

pub fn battles(conn: &Connection) -> Result<Vec<BattleRow>> {
    Ok(conn
        .prepare(
            "SELECT b.code, b.name, b.at, b.ended_at, b.ruleset, b.status, a.code, b.winner, b.turns,
                    b.end_reason
             FROM battles b LEFT JOIN battles a ON a.id = b.after_id ORDER BY b.at, b.id",
        )?
        .query_map([], |r| {
            Ok(BattleRow {
                code: r.get(0)?,
                name: r.get(1)?,
                at: r.get(2)?,
                ended_at: r.get(3)?,
                ruleset: r.get(4)?,
                status: r.get(5)?,
                after: r.get(6)?,
                winner: r.get(7)?,
                turns: r.get(8)?,
                end_reason: r.get(9)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// One stand's part in a fought battle, with where the stand belongs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartRow {
    pub battle: String,
    pub stand: String,
    pub side: String,
    pub command: String,
    pub role: String,
    pub hits_taken: i64,
    pub status_after: String,
}

/// Every stand's part in every fought battle, battles in campaign order.
pub fn parts(conn: &Connection) -> Result<Vec<PartRow>> {
    Ok(conn
        .prepare(
            "SELECT b.code, st.code, s.code, c.code, bs.role, bs.hits_taken, bs.status_after
             FROM battle_stands bs JOIN battles b ON b.id = bs.battle_id
                  JOIN stands st ON st.id = bs.stand_id JOIN units u ON u.id = st.unit_id
                  JOIN commands c ON c.id = u.command_id JOIN sides s ON s.id = c.side_id
             ORDER BY b.at, b.id, bs.id",
        )?
        .query_map([], |r| {
            Ok(PartRow {
                battle: r.get(0)?,
                stand: r.get(1)?,
                side: r.get(2)?,
                command: r.get(3)?,
                role: r.get(4)?,
                hits_taken: r.get(5)?,
                status_after: r.get(6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// Which side was named for which role when a battle was planned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForceSideRow {
    pub battle: String,
    pub role: String,
    pub side: String,
}

pub fn force_sides(conn: &Connection) -> Result<Vec<ForceSideRow>> {
    Ok(conn
        .prepare(
            "SELECT DISTINCT b.code, f.role, s.code
             FROM battle_forces f JOIN battles b ON b.id = f.battle_id
                  LEFT JOIN stands st ON st.id = f.stand_id
                  JOIN units u ON u.id = coalesce(f.unit_id, st.unit_id)
                  JOIN commands c ON c.id = u.command_id JOIN sides s ON s.id = c.side_id
             ORDER BY b.id, f.role",
        )?
        .query_map([], |r| {
            Ok(ForceSideRow {
                battle: r.get(0)?,
                role: r.get(1)?,
                side: r.get(2)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// How many casualty records of one severity a side's stands took in a battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeverityCount {
    pub battle: String,
    pub side: String,
    pub severity: String,
    pub count: i64,
}

pub fn casualties_by_battle(conn: &Connection) -> Result<Vec<SeverityCount>> {
    Ok(conn
        .prepare(
            "SELECT b.code, s.code, ca.severity, count(*)
             FROM casualties ca JOIN battles b ON b.id = ca.battle_id
                  JOIN stands st ON st.id = ca.stand_id JOIN units u ON u.id = st.unit_id
                  JOIN commands c ON c.id = u.command_id JOIN sides s ON s.id = c.side_id
             GROUP BY b.id, s.id, ca.severity ORDER BY b.at, b.id, s.id",
        )?
        .query_map([], |r| {
            Ok(SeverityCount {
                battle: r.get(0)?,
                side: r.get(1)?,
                severity: r.get(2)?,
                count: r.get(3)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// People of one command due back from hospital on one date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnRow {
    pub side: String,
    pub command: String,
    pub returns_at: Option<String>,
    pub people: i64,
}

pub fn returns_due(conn: &Connection) -> Result<Vec<ReturnRow>> {
    Ok(conn
        .prepare(
            "SELECT s.code, c.code, ca.returns_at, count(*)
             FROM casualties ca JOIN stands st ON st.id = ca.stand_id JOIN units u ON u.id = st.unit_id
                  JOIN commands c ON c.id = u.command_id JOIN sides s ON s.id = c.side_id
             WHERE ca.outcome = 'hospital'
             GROUP BY c.id, ca.returns_at ORDER BY ca.returns_at, s.id, c.id",
        )?
        .query_map([], |r| {
            Ok(ReturnRow {
                side: r.get(0)?,
                command: r.get(1)?,
                returns_at: r.get(2)?,
                people: r.get(3)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalRow {
    pub id: i64,
    pub at: String,
    pub command: String,
    pub summary: String,
}

/// The latest journal entries, newest first.
pub fn journal(conn: &Connection, limit: usize) -> Result<Vec<JournalRow>> {
    Ok(conn
        .prepare("SELECT id, at, command, summary FROM journal ORDER BY id DESC LIMIT ?1")?
        .query_map([limit as i64], |r| {
            Ok(JournalRow {
                id: r.get(0)?,
                at: r.get(1)?,
                command: r.get(2)?,
                summary: r.get(3)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}
