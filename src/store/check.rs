//! Invariants the database itself can verify: references, one namespace of
//! codes, closed sets of values, counts within bounds, and an intact journal.

use rusqlite::Connection;
use serde::Serialize;

use super::error::Result;
use crate::core::kinds::{
    AircraftSpeed, Confidence, Contact, Cover, Equipment, Medical, Officers, Outcome, Severity,
    StandType, Status, Supply, Training, VehicleKind, Weapon,
};

/// One broken invariant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub rule: &'static str,
    pub detail: String,
}

fn v(rule: &'static str, detail: String) -> Violation {
    Violation { rule, detail }
}

/// SQLite's own integrity check of the file's pages, indexes and links: what
/// the campaign's invariants cannot see (an overwritten page). A file too
/// damaged to be read at all is one violation saying so.
pub fn integrity(conn: &Connection) -> Vec<Violation> {
    let rule = "file integrity";
    let found = conn
        .prepare("PRAGMA integrity_check(20)")
        .and_then(|mut stmt| {
            stmt.query_map([], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<String>>>()
        });
    match found {
        Ok(lines) if lines == ["ok"] => Vec::new(),
        Ok(lines) => lines
            .into_iter()
            .map(|l| {
                v(
                    rule,
                    format!("the file is damaged: {l}; restore it from a backup"),
                )
            })
            .collect(),
        Err(e) => vec![v(
            rule,
            format!("the file is damaged ({e}); restore it from a backup"),
        )],
    }
}

/// Runs every database-level check. `rulesets` names the battle rulesets this
/// build knows. Returns the violations found, and whether every enum column
/// holds a known value (so records can be read safely).
pub fn check(conn: &Connection, rulesets: &[&str]) -> Result<(Vec<Violation>, bool)> {
    let ruleset_names: Vec<&str> = rulesets.to_vec();
    let mut out = Vec::new();

    let mut stmt = conn.prepare("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check")?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    for row in rows {
        let (table, id, parent) = row?;
        out.push(v(
            "references",
            format!("{table} row {id} points at a missing row of {parent}"),
        ));
    }

    let mut stmt = conn.prepare(
        "SELECT code, group_concat(kind, ', ') FROM (
             SELECT code, 'side' AS kind FROM sides UNION ALL SELECT code, 'command' FROM commands
             UNION ALL SELECT code, 'unit' FROM units UNION ALL SELECT code, 'stand' FROM stands
             UNION ALL SELECT code, 'battle' FROM battles)
         GROUP BY code HAVING count(*) > 1",
    )?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
    for row in rows {
        let (code, kinds) = row?;
        out.push(v(
            "unique codes",
            format!("`{code}` is used by more than one entity: {kinds}"),
        ));
    }

    // Every INTEGER column holds integers: SQLite would quietly keep a float
    // (an overflowed sum) or text, which the readers then cannot take.
    let mut types_ok = true;
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'refinery_schema_history' ORDER BY name")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for table in &tables {
        let columns: Vec<String> = conn
            .prepare(&format!(
                "SELECT name FROM pragma_table_info('{table}') WHERE upper(type) = 'INTEGER'"
            ))?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        for column in columns {
            let mut stmt = conn.prepare(&format!(
                "SELECT rowid, typeof(\"{column}\") FROM \"{table}\" WHERE typeof(\"{column}\") NOT IN ('integer', 'null')"
            ))?;
            let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
            for row in rows {
                let (id, kind) = row?;
                types_ok = false;
                out.push(v(
                    "column types",
                    format!("{table} row {id}: {column} holds a {kind}, not a whole number"),
                ));
            }
        }
    }
    if !types_ok {
        // Rows of the wrong type cannot be read as records; stop here.
        return Ok((out, false));
    }

    let enums: &[(&str, &str, Vec<&str>, bool)] = &[
        ("campaign", "ruleset", ruleset_names.clone(), false),
        (
            "sides",
            "medical",
            names(Medical::ALL, Medical::as_str),
            false,
        ),
        (
            "commands",
            "officers",
            names(Officers::ALL, Officers::as_str),
            false,
        ),
        (
            "commands",
            "supply",
            names(Supply::ALL, Supply::as_str),
            false,
        ),
        (
            "commands",
            "contact",
            names(Contact::ALL, Contact::as_str),
            false,
        ),
        (
            "units",
            "confidence",
            names(Confidence::ALL, Confidence::as_str),
            true,
        ),
        (
            "stands",
            "type",
            names(StandType::ALL, StandType::as_str),
            false,
        ),
        (
            "stands",
            "training",
            names(Training::ALL, Training::as_str),
            false,
        ),
        (
            "stands",
            "equipment",
            names(Equipment::ALL, Equipment::as_str),
            true,
        ),
        (
            "stands",
            "vehicle",
            names(VehicleKind::ALL, VehicleKind::as_str),
            true,
        ),
        (
            "stands",
            "speed",
            names(AircraftSpeed::ALL, AircraftSpeed::as_str),
            true,
        ),
        ("stands", "weapon", names(Weapon::ALL, Weapon::as_str), true),
        (
            "stands",
            "status",
            names(Status::ALL, Status::as_str),
            false,
        ),
        ("battles", "ruleset", ruleset_names.clone(), false),
        (
            "battles",
            "defender_cover",
            names(Cover::ALL, Cover::as_str),
            false,
        ),
        (
            "casualties",
            "severity",
            names(Severity::ALL, Severity::as_str),
            false,
        ),
        (
            "casualties",
            "outcome",
            names(Outcome::ALL, Outcome::as_str),
            false,
        ),
    ];
    let mut enums_ok = true;
    for (table, column, allowed, nullable) in enums {
        let list = allowed
            .iter()
            .map(|a| format!("'{a}'"))
            .collect::<Vec<_>>()
            .join(",");
        let null_ok = if *nullable {
            format!("{column} IS NULL OR")
        } else {
            String::new()
        };
        let sql = format!(
            "SELECT rowid, {column} FROM {table} WHERE NOT ({null_ok} {column} IN ({list}))"
        );
        let mut stmt = conn.prepare(&sql)?;
        let rows = stmt.query_map([], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, Option<String>>(1)?))
        })?;
        for row in rows {
            let (id, value) = row?;
            enums_ok = false;
            out.push(v(
                "known values",
                format!(
                    "{table} row {id}: {column} is `{}`, not one of {}",
                    value.unwrap_or_else(|| "NULL".into()),
                    allowed.join(", ")
                ),
            ));
        }
    }

    let simple: &[(&'static str, &str)] = &[
        ("hits within people", "SELECT code, hits || ' hits on ' || men || ' people' FROM stands WHERE hits > men OR hits < 0"),
        ("people", "SELECT code, men || ' people' FROM stands WHERE men < 0 OR (men = 0 AND status IN ('effective', 'ineffective', 'withdrawn'))"),
        ("ammunition", "SELECT code, ammo || ' turns of fire, maximum ' || ammo_max FROM stands WHERE ammo > ammo_max OR ammo < 0"),
        ("supply points", "SELECT code, supply_points || ' supply points' FROM sides WHERE supply_points < 0"),
        ("campaign", "SELECT 'campaign', 'the campaign row is missing' WHERE NOT EXISTS (SELECT 1 FROM campaign)"),
        ("unit tree", "WITH RECURSIVE walk(start, id, depth) AS (
                SELECT id, parent_id, 1 FROM units WHERE parent_id IS NOT NULL
                UNION ALL SELECT walk.start, u.parent_id, depth + 1 FROM walk JOIN units u ON u.id = walk.id
                WHERE walk.id IS NOT NULL AND walk.id <> walk.start AND depth < 1000)
             SELECT u.code, 'the unit is its own ancestor' FROM walk JOIN units u ON u.id = walk.start
             WHERE walk.id = walk.start GROUP BY u.code"),
        ("journal intact", "SELECT 'undo log ' || seq, 'belongs to missing journal entry ' || coalesce(journal_id, 'NULL')
             FROM undo_log WHERE journal_id IS NULL OR journal_id NOT IN (SELECT id FROM journal)"),
        ("journal intact", "SELECT 'journal ' || id, 'has no summary' FROM journal WHERE summary = ''"),
        ("casualty outcomes", "SELECT 'casualty ' || id, 'in hospital without a return date' FROM casualties
             WHERE outcome = 'hospital' AND returns_at IS NULL"),
        ("casualty outcomes", "SELECT st.code, count(*) || ' people in hospital but only ' || st.hits || ' hits'
             FROM casualties ca JOIN stands st ON st.id = ca.stand_id WHERE ca.outcome = 'hospital'
             GROUP BY st.id HAVING count(*) > st.hits"),
        ("casualty outcomes", "SELECT 'casualty ' || id, outcome || ' but marked returned' FROM casualties
             WHERE returned = 1 AND outcome <> 'returned'"),
    ];
    for (rule, sql) in simple {
        let mut stmt = conn.prepare(sql)?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        for row in rows {
            let (what, detail) = row?;
            out.push(v(rule, format!("{what}: {detail}")));
        }
    }
    Ok((out, enums_ok))
}

fn names<T: Copy>(all: &[T], f: fn(T) -> &'static str) -> Vec<&'static str> {
    all.iter().map(|t| f(*t)).collect()
}
