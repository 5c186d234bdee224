//! Sides, commands, units and battle plans as records: read, added, rewritten,
//! and (for a plan not yet fought) removed. Import, export and the commands
//! that build forces one at a time share these.

use rusqlite::{params, Connection, OptionalExtension, Transaction};

use super::error::{Result, StoreError};
use super::queries::enum_col;
use super::records::{format_time, BattleRecord, CommandRecord, SideRecord, UnitRecord};
use crate::core::kinds::UnitFlag;

pub fn sides(conn: &Connection) -> Result<Vec<SideRecord>> {
    Ok(conn
        .prepare(
            "SELECT code, name, medical, treats_pw_well, supply_points FROM sides ORDER BY id",
        )?
        .query_map([], |r| {
            Ok(SideRecord {
                code: r.get(0)?,
                name: r.get(1)?,
                medical: enum_col(r, 2)?,
                treats_pw_well: r.get(3)?,
                supply_points: r.get(4)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

pub fn commands(conn: &Connection) -> Result<Vec<CommandRecord>> {
    Ok(conn
        .prepare(
            "SELECT c.code, s.code, c.name, c.player, c.officers, c.supply, c.contact
             FROM commands c JOIN sides s ON s.id = c.side_id ORDER BY c.id",
        )?
        .query_map([], |r| {
            Ok(CommandRecord {
                code: r.get(0)?,
                side: r.get(1)?,
                name: r.get(2)?,
                player: r.get(3)?,
                officers: enum_col(r, 4)?,
                supply: enum_col(r, 5)?,
                contact: enum_col(r, 6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

pub fn units(conn: &Connection) -> Result<Vec<UnitRecord>> {
    Ok(conn
        .prepare(
            "SELECT u.code, c.code, u.name, coalesce(p.code, ''), u.flags, u.leadership, coalesce(u.confidence, 'co')
             FROM units u JOIN commands c ON c.id = u.command_id LEFT JOIN units p ON p.id = u.parent_id
             ORDER BY u.id",
        )?
        .query_map([], |r| {
            let flags: String = r.get(4)?;
            Ok(UnitRecord {
                code: r.get(0)?,
                command: r.get(1)?,
                name: r.get(2)?,
                parent: r.get(3)?,
                flags: flags
                    .split(',')
                    .filter(|f| !f.is_empty())
                    .map(|f| f.parse::<UnitFlag>())
                    .collect::<std::result::Result<_, _>>()
                    .map_err(|e| {
                        rusqlite::Error::FromSqlConversionFailure(4, rusqlite::types::Type::Text, Box::new(e))
                    })?,
                leadership: r.get(5)?,
                confidence: enum_col(r, 6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

pub fn side(conn: &Connection, code: &str) -> Result<SideRecord> {
    sides(conn)?
        .into_iter()
        .find(|s| s.code == code)
        .ok_or_else(|| StoreError::unknown("side", code))
}

pub fn command(conn: &Connection, code: &str) -> Result<CommandRecord> {
    commands(conn)?
        .into_iter()
        .find(|c| c.code == code)
        .ok_or_else(|| StoreError::unknown("command", code))
}

pub fn unit(conn: &Connection, code: &str) -> Result<UnitRecord> {
    units(conn)?
        .into_iter()
        .find(|u| u.code == code)
        .ok_or_else(|| StoreError::unknown("unit", code))
}

pub fn insert_side(tx: &Transaction, s: &SideRecord) -> Result<()> {
    tx.execute(
        "INSERT INTO sides(code, name, medical, treats_pw_well, supply_points) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![s.code, s.name, s.medical.as_str(), s.treats_pw_well, s.supply_points],
    )?;
    Ok(())
}

pub fn update_side(tx: &Transaction, s: &SideRecord) -> Result<()> {
    tx.execute(
        "UPDATE sides SET name = ?2, medical = ?3, treats_pw_well = ?4, supply_points = ?5 WHERE code = ?1",
        params![s.code, s.name, s.medical.as_str(), s.treats_pw_well, s.supply_points],
    )?;
    Ok(())
}

pub fn insert_command(tx: &Transaction, c: &CommandRecord) -> Result<()> {
    tx.execute(
        "INSERT INTO commands(code, side_id, name, player, officers, supply, contact)
         VALUES (?1, (SELECT id FROM sides WHERE code = ?2), ?3, ?4, ?5, ?6, ?7)",
        params![
            c.code,
            c.side,
            c.name,
            c.player,
            c.officers.as_str(),
            c.supply.as_str(),
            c.contact.as_str()
        ],
    )?;
    Ok(())
}

/// Rewrites a command's own fields; its side does not change.
pub fn update_command(tx: &Transaction, c: &CommandRecord) -> Result<()> {
    tx.execute(
        "UPDATE commands SET name = ?2, player = ?3, officers = ?4, supply = ?5, contact = ?6 WHERE code = ?1",
        params![
            c.code,
            c.name,
            c.player,
            c.officers.as_str(),
            c.supply.as_str(),
            c.contact.as_str()
        ],
    )?;
    Ok(())
}

pub fn insert_unit(tx: &Transaction, u: &UnitRecord) -> Result<()> {
    let flags: Vec<&str> = u.flags.iter().map(|f| f.as_str()).collect();
    tx.execute(
        "INSERT INTO units(code, command_id, parent_id, name, flags, leadership, confidence)
         VALUES (?1, (SELECT id FROM commands WHERE code = ?2), (SELECT id FROM units WHERE code = ?3),
                 ?4, ?5, ?6, ?7)",
        params![
            u.code,
            u.command,
            u.parent,
            u.name,
            flags.join(","),
            u.leadership,
            u.confidence.as_str()
        ],
    )?;
    Ok(())
}

/// Rewrites every stored field of a unit, its command and parent included.
pub fn update_unit(tx: &Transaction, u: &UnitRecord) -> Result<()> {
    let flags: Vec<&str> = u.flags.iter().map(|f| f.as_str()).collect();
    tx.execute(
        "UPDATE units SET command_id = (SELECT id FROM commands WHERE code = ?2),
                parent_id = (SELECT id FROM units WHERE code = ?3), name = ?4, flags = ?5,
                leadership = ?6, confidence = ?7
         WHERE code = ?1",
        params![
            u.code,
            u.command,
            u.parent,
            u.name,
            flags.join(","),
            u.leadership,
            u.confidence.as_str()
        ],
    )?;
    Ok(())
}

/// The units beneath `code`, at any depth (not `code` itself).
pub fn units_beneath(conn: &Connection, code: &str) -> Result<Vec<String>> {
    Ok(conn
        .prepare(
            "WITH RECURSIVE tree(id) AS (
                 SELECT id FROM units WHERE code = ?1
                 UNION SELECT u.id FROM units u JOIN tree t ON u.parent_id = t.id)
             SELECT u.code FROM units u JOIN tree t ON t.id = u.id WHERE u.code <> ?1 ORDER BY u.id",
        )?
        .query_map([code], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// The battles that follow `code` in a chain.
pub fn battles_after(conn: &Connection, code: &str) -> Result<Vec<String>> {
    Ok(conn
        .prepare(
            "SELECT b.code FROM battles b JOIN battles a ON a.id = b.after_id WHERE a.code = ?1 ORDER BY b.id",
        )?
        .query_map([code], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// Rewrites a planned battle's plan (code unchanged) and its forces.
pub fn update_plan(tx: &Transaction, b: &BattleRecord) -> Result<()> {
    let id: i64 = tx
        .query_row(
            "SELECT id FROM battles WHERE code = ?1 AND status = 'planned'",
            [&b.code],
            |r| r.get(0),
        )
        .optional()?
        .ok_or_else(|| StoreError::unknown("planned battle", &b.code))?;
    tx.execute(
        "UPDATE battles SET name = ?2, at = ?3, ruleset = ?4,
                after_id = (SELECT id FROM battles WHERE code = ?5), range_cm = ?6,
                defender_cover = ?7, terrain = ?8, briefing = ?9
         WHERE id = ?1",
        params![
            id,
            b.name,
            format_time(&b.at),
            b.ruleset.as_str(),
            b.after,
            b.range,
            b.defender_cover.as_str(),
            b.terrain,
            b.briefing
        ],
    )?;
    tx.execute("DELETE FROM battle_forces WHERE battle_id = ?1", [id])?;
    insert_forces(tx, id, b)
}

/// The units and stands a plan names, in order.
pub(super) fn insert_forces(tx: &Transaction, id: i64, b: &BattleRecord) -> Result<()> {
    for (role, codes) in [("attacker", &b.attacker), ("defender", &b.defender)] {
        for code in codes {
            tx.execute(
                "INSERT INTO battle_forces(battle_id, role, unit_id, stand_id)
                 VALUES (?1, ?2, (SELECT id FROM units WHERE code = ?3), (SELECT id FROM stands WHERE code = ?3))",
                params![id, role, code],
            )?;
        }
    }
    Ok(())
}

/// Removes a planned battle and its forces (a fought one is never removed).
pub fn delete_plan(tx: &Transaction, code: &str) -> Result<()> {
    let id: i64 = tx
        .query_row(
            "SELECT id FROM battles WHERE code = ?1 AND status = 'planned'",
            [code],
            |r| r.get(0),
        )
        .optional()?
        .ok_or_else(|| StoreError::unknown("planned battle", code))?;
    tx.execute("DELETE FROM battle_forces WHERE battle_id = ?1", [id])?;
    tx.execute("DELETE FROM battles WHERE id = ?1", [id])?;
    Ok(())
}
