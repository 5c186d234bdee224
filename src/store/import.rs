//! Writing checked campaign records into the file.

use rusqlite::{params, Connection, OptionalExtension, Transaction};

use super::error::{Result, StoreError};
use super::records::{
    format_time, BattleRecord, CampaignFile, CampaignSettings, CodeKind, Known, KnownCodes,
    ResultRecord, StandRecord,
};

/// How many records an import added, and the campaign's settings it kept
/// where the file's `[campaign]` said otherwise.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    pub sides: usize,
    pub commands: usize,
    pub units: usize,
    pub stands: usize,
    pub battles: usize,
    pub kept: Vec<Kept>,
}

/// A setting of a campaign that already held forces, kept against the file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Kept {
    pub setting: &'static str,
    /// The campaign's value, which stays.
    pub value: String,
    /// The file's value, not taken.
    pub file: String,
}

/// The settings of `[campaign]` as (name, value) pairs, in the columns' form.
fn setting_values(c: &CampaignSettings) -> [(&'static str, String); 5] {
    [
        ("name", c.name.clone()),
        ("clock", format_time(&c.start)),
        ("ruleset", c.ruleset.clone()),
        ("light_wound_days", c.light_wound_days.to_string()),
        ("serious_wound_days", c.serious_wound_days.to_string()),
    ]
}

/// A file's `[campaign]` meeting a campaign that exists. Into an empty one
/// (made by `init`: no sides and no battles yet) the file's settings are
/// taken, as if the campaign were new, so its clock is not left before the
/// history it brings; into one that holds forces the campaign's own settings
/// stay, and those that differ from the file's are returned.
fn meet_settings(tx: &Transaction, file: &CampaignSettings) -> Result<Vec<Kept>> {
    let empty: bool = tx.query_row(
        "SELECT (SELECT count(*) FROM sides) + (SELECT count(*) FROM battles) = 0",
        [],
        |r| r.get(0),
    )?;
    if empty {
        tx.execute(
            "UPDATE campaign SET name = ?1, clock = ?2, ruleset = ?3, light_wound_days = ?4,
                    serious_wound_days = ?5",
            params![
                file.name,
                format_time(&file.start),
                file.ruleset,
                file.light_wound_days,
                file.serious_wound_days
            ],
        )?;
        return Ok(Vec::new());
    }
    let ours: [String; 5] = tx.query_row(
        "SELECT name, clock, ruleset, CAST(light_wound_days AS TEXT), CAST(serious_wound_days AS TEXT)
         FROM campaign",
        [],
        |r| Ok([r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?]),
    )?;
    Ok(setting_values(file)
        .into_iter()
        .zip(ours)
        .filter(|((_, theirs), ours)| theirs != ours)
        .map(|((setting, theirs), ours)| Kept {
            setting,
            value: ours,
            file: theirs,
        })
        .collect())
}

/// Every code in the campaign with its kind and side.
pub fn known_codes(conn: &Connection) -> Result<KnownCodes> {
    let mut out = KnownCodes::new();
    let queries = [
        (CodeKind::Side, "SELECT code, code FROM sides"),
        (
            CodeKind::Command,
            "SELECT c.code, s.code FROM commands c JOIN sides s ON s.id = c.side_id",
        ),
        (
            CodeKind::Unit,
            "SELECT u.code, s.code FROM units u JOIN commands c ON c.id = u.command_id JOIN sides s ON s.id = c.side_id",
        ),
        (
            CodeKind::Stand,
            "SELECT st.code, s.code FROM stands st JOIN units u ON u.id = st.unit_id JOIN commands c ON c.id = u.command_id JOIN sides s ON s.id = c.side_id",
        ),
        (CodeKind::Battle, "SELECT code, NULL FROM battles"),
    ];
    for (kind, sql) in queries {
        let mut stmt = conn.prepare(sql)?;
        let rows = stmt.query_map([], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?))
        })?;
        for row in rows {
            let (code, side) = row?;
            out.insert(code, Known { kind, side });
        }
    }
    Ok(out)
}

pub fn insert_campaign(tx: &Transaction, c: &CampaignSettings, made_by_demo: bool) -> Result<()> {
    tx.execute(
        "INSERT INTO campaign(id, name, clock, ruleset, light_wound_days, serious_wound_days, made_by_demo, created_at)
         VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            c.name,
            format_time(&c.start),
            c.ruleset.as_str(),
            c.light_wound_days,
            c.serious_wound_days,
            made_by_demo,
            chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string()
        ],
    )?;
    Ok(())
}

/// Adds every record of a checked file. The campaign row must exist, or the
/// file must carry `[campaign]` to create it.
pub fn import(tx: &Transaction, file: &CampaignFile, made_by_demo: bool) -> Result<Counts> {
    let has_campaign: bool = tx.query_row("SELECT count(*) > 0 FROM campaign", [], |r| r.get(0))?;
    let mut kept = Vec::new();
    match (&file.campaign, has_campaign) {
        (Some(c), false) => insert_campaign(tx, c, made_by_demo)?,
        (Some(c), true) => kept = meet_settings(tx, c)?,
        (None, true) => {}
        (None, false) => {
            return Err(StoreError::Refused(
                "a new campaign needs a [campaign] section with its name and start".to_string(),
            ))
        }
    }
    for s in &file.sides {
        super::forces::insert_side(tx, s)?;
    }
    for c in &file.commands {
        super::forces::insert_command(tx, c)?;
    }
    for u in &file.units {
        super::forces::insert_unit(tx, u)?;
    }
    for s in &file.stands {
        insert_stand(tx, s)?;
    }
    for b in &file.battles {
        let id = insert_battle(tx, b)?;
        if let Some(r) = &b.result {
            insert_result(tx, id, r)?;
        }
    }
    for o in &file.options {
        tx.execute(
            "INSERT INTO ruleset_options(ruleset, key, value) VALUES (?1, ?2, ?3)
             ON CONFLICT(ruleset, key) DO UPDATE SET value = excluded.value",
            params![o.ruleset, o.key, o.value],
        )?;
    }
    for c in &file.casualties {
        tx.execute(
            "INSERT INTO casualties(stand_id, battle_id, roll, severity, outcome, returns_at, returned)
             VALUES ((SELECT id FROM stands WHERE code = ?1), (SELECT id FROM battles WHERE code = ?2),
                     ?3, ?4, ?5, ?6, ?7)",
            params![
                c.stand,
                c.battle,
                c.roll,
                c.severity.as_str(),
                c.outcome.as_str(),
                c.returns_at.as_ref().map(format_time),
                c.returned
            ],
        )?;
    }
    for d in &file.deliveries {
        tx.execute(
            "INSERT INTO deliveries(side_id, points, arrives_at, arrived)
             VALUES ((SELECT id FROM sides WHERE code = ?1), ?2, ?3, ?4)",
            params![
                d.side,
                d.points,
                d.arrives_at.as_ref().map(format_time),
                d.arrived
            ],
        )?;
    }
    Ok(Counts {
        sides: file.sides.len(),
        commands: file.commands.len(),
        units: file.units.len(),
        stands: file.stands.len(),
        battles: file.battles.len(),
        kept,
    })
}

/// A fought battle's result as the file carries it: the battle marked
/// resolved, each stand's part and the log, exactly as they were.
fn insert_result(tx: &Transaction, battle_id: i64, r: &ResultRecord) -> Result<()> {
    tx.execute(
        "UPDATE battles SET status = 'resolved', mode = ?2, seed = ?3, winner = ?4, turns = ?5,
                end_reason = ?6, ended_at = ?7 WHERE id = ?1",
        params![
            battle_id,
            r.mode,
            r.seed as i64,
            r.winner,
            r.turns,
            r.end_reason,
            format_time(&r.ended_at)
        ],
    )?;
    for p in &r.stands {
        tx.execute(
            "INSERT INTO battle_stands(battle_id, stand_id, role, hits_taken, fired, under_fire, status_after,
                                       actions_gained, ammo_spent, captured, damage, repair_days)
             VALUES (?1, (SELECT id FROM stands WHERE code = ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            params![
                battle_id,
                p.code,
                p.role,
                p.hits_taken,
                p.fired,
                p.under_fire,
                p.status_after.as_str(),
                p.actions_gained,
                p.ammo_spent,
                p.captured,
                p.damage,
                p.repair_days
            ],
        )?;
    }
    let mut stmt = tx.prepare(
        "INSERT INTO battle_events(battle_id, seq, turn, phase, text, data, side, actor, targets, dice)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    for (i, e) in r.events.iter().enumerate() {
        stmt.execute(params![
            battle_id,
            i as i64,
            e.turn,
            e.phase,
            e.text,
            e.data,
            e.side,
            e.actor,
            serde_json::to_string(&e.targets).unwrap_or_else(|_| "[]".into()),
            e.dice
        ])?;
    }
    Ok(())
}

pub fn insert_stand(tx: &Transaction, s: &StandRecord) -> Result<()> {
    tx.execute(
        "INSERT INTO stands(code, unit_id, name, type, training, actions, equipment, vehicle, speed, weapon,
                            men, hits, officer, status, ammo, ammo_max, repair_until)
         VALUES (?1, (SELECT id FROM units WHERE code = ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
        rusqlite::params_from_iter(stand_params(s)),
    )?;
    Ok(())
}

/// The stored columns of a stand, in the order both statements number them.
fn stand_params(s: &StandRecord) -> Vec<Box<dyn rusqlite::ToSql + '_>> {
    vec![
        Box::new(&s.code),
        Box::new(&s.unit),
        Box::new(&s.name),
        Box::new(s.stand_type.as_str()),
        Box::new(s.training.as_str()),
        Box::new(s.actions),
        Box::new(s.equipment.map(|e| e.as_str())),
        Box::new(s.vehicle.map(|v| v.as_str())),
        Box::new(s.speed.map(|v| v.as_str())),
        Box::new(s.weapon.map(|v| v.as_str())),
        Box::new(s.men),
        Box::new(s.hits),
        Box::new(s.officer),
        Box::new(s.status.as_str()),
        Box::new(s.resolved_ammo()),
        Box::new(s.resolved_ammo_max()),
        Box::new(s.repair_until.as_ref().map(format_time)),
    ]
}

/// Rewrites every stored field of an existing stand from its record.
pub fn update_stand(tx: &Transaction, s: &StandRecord) -> Result<()> {
    // Cached: the post-battle sequence updates every stand of a battle.
    let changed = tx
        .prepare_cached(
            "UPDATE stands SET unit_id = (SELECT id FROM units WHERE code = ?2), name = ?3, type = ?4, training = ?5,
                actions = ?6, equipment = ?7, vehicle = ?8, speed = ?9, weapon = ?10, men = ?11, hits = ?12,
                officer = ?13, status = ?14, ammo = ?15, ammo_max = ?16, repair_until = ?17
         WHERE code = ?1",
        )?
        .execute(rusqlite::params_from_iter(stand_params(s)))?;
    if changed == 0 {
        return Err(StoreError::unknown("stand", &s.code));
    }
    Ok(())
}

pub fn insert_battle(tx: &Transaction, b: &BattleRecord) -> Result<i64> {
    let after: Option<i64> = if b.after.is_empty() {
        None
    } else {
        tx.query_row("SELECT id FROM battles WHERE code = ?1", [&b.after], |r| {
            r.get(0)
        })
        .optional()?
    };
    tx.execute(
        "INSERT INTO battles(code, name, at, ruleset, after_id, range_cm, defender_cover, terrain, briefing)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            b.code,
            b.name,
            format_time(&b.at),
            b.ruleset.as_str(),
            after,
            b.range,
            b.defender_cover.as_str(),
            b.terrain,
            b.briefing
        ],
    )?;
    let id = tx.last_insert_rowid();
    super::forces::insert_forces(tx, id, b)?;
    Ok(id)
}
