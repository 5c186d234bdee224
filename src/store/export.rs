//! Reading the whole campaign back as campaign-file records.

use rusqlite::Connection;

use super::error::Result;
use super::queries::{enum_col, load_stands, time_col, StandFilter};
use crate::campaign::records::{
    BattleRecord, CampaignFile, CampaignSettings, CommandRecord, SideRecord, UnitRecord,
};
use crate::core::kinds::UnitFlag;

/// The campaign as it stands now, in import order; `[campaign].start` is the
/// current clock so that an import continues where the export left off.
pub fn export(conn: &Connection) -> Result<CampaignFile> {
    let campaign = conn.query_row(
        "SELECT name, clock, ruleset, light_wound_days, serious_wound_days FROM campaign",
        [],
        |r| {
            Ok(CampaignSettings {
                name: r.get(0)?,
                start: time_col(r, 1)?,
                ruleset: r.get(2)?,
                light_wound_days: r.get(3)?,
                serious_wound_days: r.get(4)?,
            })
        },
    )?;
    let sides = conn
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
        .collect::<rusqlite::Result<_>>()?;
    let commands = conn
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
        .collect::<rusqlite::Result<_>>()?;
    let units = conn
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
        .collect::<rusqlite::Result<_>>()?;
    let stands = load_stands(conn, &StandFilter::all())?
        .into_iter()
        .map(|row| {
            let mut s = row.record;
            s.ammo = s.ammo.or(Some(0));
            s
        })
        .collect();
    let battles = export_battles(conn)?;
    Ok(CampaignFile {
        campaign: Some(campaign),
        sides,
        commands,
        units,
        stands,
        battles,
    })
}

fn export_battles(conn: &Connection) -> Result<Vec<BattleRecord>> {
    let mut battles: Vec<(i64, BattleRecord)> = conn
        .prepare(
            "SELECT b.id, b.code, b.name, b.at, coalesce(a.code, ''), b.ruleset, b.range_cm, b.defender_cover, b.terrain
             FROM battles b LEFT JOIN battles a ON a.id = b.after_id ORDER BY b.id",
        )?
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                BattleRecord {
                    code: r.get(1)?,
                    name: r.get(2)?,
                    at: time_col(r, 3)?,
                    attacker: Vec::new(),
                    defender: Vec::new(),
                    after: r.get(4)?,
                    ruleset: r.get(5)?,
                    range: r.get(6)?,
                    defender_cover: enum_col(r, 7)?,
                    terrain: r.get(8)?,
                },
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut stmt = conn.prepare(
        "SELECT f.role, coalesce(u.code, s.code) FROM battle_forces f
         LEFT JOIN units u ON u.id = f.unit_id LEFT JOIN stands s ON s.id = f.stand_id
         WHERE f.battle_id = ?1 ORDER BY f.id",
    )?;
    for (id, b) in &mut battles {
        let rows = stmt.query_map([*id], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
        })?;
        for row in rows {
            let (role, code) = row?;
            if role == "attacker" {
                b.attacker.push(code);
            } else {
                b.defender.push(code);
            }
        }
    }
    Ok(battles.into_iter().map(|(_, b)| b).collect())
}
