//! Reading the whole campaign back as campaign-file records.

use rusqlite::Connection;

use super::error::Result;
use super::forces;
use super::queries::{enum_col, load_stands, time_col, StandFilter};
use super::records::{
    BattleRecord, CampaignFile, CampaignSettings, CasualtyRecord, DeliveryRecord, EventRecord,
    OptionRecord, PartRecord, ResultRecord, FORMAT_VERSION,
};

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
    let sides = forces::sides(conn)?;
    let commands = forces::commands(conn)?;
    let units = forces::units(conn)?;
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
        format_version: FORMAT_VERSION,
        campaign: Some(campaign),
        sides,
        commands,
        units,
        stands,
        battles,
        options: export_options(conn)?,
        casualties: export_casualties(conn)?,
        deliveries: export_deliveries(conn)?,
    })
}

fn opt_time(r: &rusqlite::Row, i: usize) -> rusqlite::Result<Option<chrono::NaiveDateTime>> {
    match r.get::<_, Option<String>>(i)? {
        Some(_) => Ok(Some(time_col(r, i)?)),
        None => Ok(None),
    }
}

fn export_options(conn: &Connection) -> Result<Vec<OptionRecord>> {
    Ok(conn
        .prepare("SELECT ruleset, key, value FROM ruleset_options ORDER BY id")?
        .query_map([], |r| {
            Ok(OptionRecord {
                ruleset: r.get(0)?,
                key: r.get(1)?,
                value: r.get(2)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

fn export_casualties(conn: &Connection) -> Result<Vec<CasualtyRecord>> {
    Ok(conn
        .prepare(
            "SELECT st.code, coalesce(b.code, ''), ca.roll, ca.severity, ca.outcome, ca.returns_at, ca.returned
             FROM casualties ca JOIN stands st ON st.id = ca.stand_id LEFT JOIN battles b ON b.id = ca.battle_id
             ORDER BY ca.id",
        )?
        .query_map([], |r| {
            Ok(CasualtyRecord {
                stand: r.get(0)?,
                battle: r.get(1)?,
                roll: r.get(2)?,
                severity: enum_col(r, 3)?,
                outcome: enum_col(r, 4)?,
                returns_at: opt_time(r, 5)?,
                returned: r.get(6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

fn export_deliveries(conn: &Connection) -> Result<Vec<DeliveryRecord>> {
    Ok(conn
        .prepare(
            "SELECT s.code, d.points, d.arrives_at, d.arrived FROM deliveries d
             JOIN sides s ON s.id = d.side_id ORDER BY d.id",
        )?
        .query_map([], |r| {
            Ok(DeliveryRecord {
                side: r.get(0)?,
                points: r.get(1)?,
                arrives_at: opt_time(r, 2)?,
                arrived: r.get(3)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?)
}

/// A fought battle's result, parts and log.
fn export_result(conn: &Connection, id: i64) -> Result<Option<ResultRecord>> {
    let head = conn.query_row(
        "SELECT status, mode, seed, winner, turns, end_reason, ended_at FROM battles WHERE id = ?1",
        [id],
        |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, Option<String>>(1)?,
                r.get::<_, Option<i64>>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, Option<i64>>(4)?,
                r.get::<_, Option<String>>(5)?,
                opt_time(r, 6)?,
            ))
        },
    )?;
    let (status, mode, seed, winner, turns, end_reason, ended_at) = head;
    let (Some(ended_at), true) = (ended_at, status == "resolved") else {
        return Ok(None);
    };
    let stands = conn
        .prepare(
            "SELECT st.code, bs.role, bs.hits_taken, bs.fired, bs.under_fire, bs.status_after, bs.actions_gained,
                    bs.ammo_spent, bs.captured, bs.damage, bs.repair_days
             FROM battle_stands bs JOIN stands st ON st.id = bs.stand_id WHERE bs.battle_id = ?1 ORDER BY bs.id",
        )?
        .query_map([id], |r| {
            Ok(PartRecord {
                code: r.get(0)?,
                role: r.get(1)?,
                hits_taken: r.get(2)?,
                fired: r.get(3)?,
                under_fire: r.get(4)?,
                status_after: enum_col(r, 5)?,
                actions_gained: r.get(6)?,
                ammo_spent: r.get(7)?,
                captured: r.get(8)?,
                damage: r.get(9)?,
                repair_days: r.get(10)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let events = conn
        .prepare(
            "SELECT turn, phase, side, actor, targets, dice, text, data FROM battle_events
             WHERE battle_id = ?1 ORDER BY seq",
        )?
        .query_map([id], |r| {
            let targets: String = r.get(4)?;
            Ok(EventRecord {
                turn: r.get(0)?,
                phase: r.get(1)?,
                side: r.get(2)?,
                actor: r.get(3)?,
                targets: serde_json::from_str(&targets).unwrap_or_default(),
                dice: r.get(5)?,
                text: r.get(6)?,
                data: r.get(7)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Some(ResultRecord {
        mode: mode.unwrap_or_else(|| "auto".into()),
        seed: seed.unwrap_or(0) as u64,
        winner: winner.unwrap_or_default(),
        turns: turns.unwrap_or(0),
        end_reason: end_reason.unwrap_or_default(),
        ended_at,
        stands,
        events,
    }))
}

fn export_battles(conn: &Connection) -> Result<Vec<BattleRecord>> {
    battle_records(conn, None)
}

/// One battle as the campaign file has it (its plan, and its result if fought).
pub fn battle_record(conn: &Connection, code: &str) -> Result<BattleRecord> {
    battle_records(conn, Some(code))?
        .pop()
        .ok_or_else(|| super::StoreError::unknown("battle", code))
}

/// Every battle, or the one named, in the order they were planned.
fn battle_records(conn: &Connection, code: Option<&str>) -> Result<Vec<BattleRecord>> {
    let mut battles: Vec<(i64, BattleRecord)> = conn
        .prepare(
            "SELECT b.id, b.code, b.name, b.at, coalesce(a.code, ''), b.ruleset, b.range_cm, b.defender_cover, b.terrain, b.briefing
             FROM battles b LEFT JOIN battles a ON a.id = b.after_id
             WHERE ?1 IS NULL OR b.code = ?1 ORDER BY b.id",
        )?
        .query_map([code], |r| {
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
                    briefing: r.get(9)?,
                    result: None,
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
    for (id, b) in &mut battles {
        b.result = export_result(conn, *id)?;
    }
    Ok(battles.into_iter().map(|(_, b)| b).collect())
}
