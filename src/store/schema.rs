//! Opening a campaign file: connection settings, embedded migrations, the refusal
//! of files from newer versions, and the triggers that feed the undo log.

use rusqlite::{Connection, OptionalExtension};

use super::error::{Result, StoreError};

refinery::embed_migrations!("migrations");

/// Tables whose changes are never undone: the journal itself and bookkeeping.
const UNTRACKED: &[&str] = &["journal", "undo_log", "refinery_schema_history"];

/// Connection settings that change nothing in the file.
pub fn configure_reads(conn: &Connection) -> Result<()> {
    conn.busy_timeout(std::time::Duration::from_secs(30))?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// Settings that write to the file (WAL mode); applied only once the file is
/// known to be a campaign (or empty).
pub fn configure_writes(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    Ok(())
}

/// The highest schema version this build carries.
pub fn supported_version() -> i64 {
    migrations::runner()
        .get_migrations()
        .iter()
        .map(|m| i64::from(m.version()))
        .max()
        .unwrap_or(0)
}

/// The highest schema version applied to the file, if it has a schema at all.
pub fn file_version(conn: &Connection) -> Result<Option<i64>> {
    let has_table: bool = conn.query_row(
        "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'refinery_schema_history'",
        [],
        |r| r.get(0),
    )?;
    if !has_table {
        return Ok(None);
    }
    Ok(conn
        .query_row(
            "SELECT max(version) FROM refinery_schema_history",
            [],
            |r| r.get::<_, Option<i64>>(0),
        )
        .optional()?
        .flatten())
}

/// Brings the file's schema up to date, refusing files from a newer build.
pub fn migrate(conn: &mut Connection, path: &str) -> Result<()> {
    let supported = supported_version();
    let found = file_version(conn)?;
    match found {
        Some(v) if v > supported => {
            return Err(StoreError::NewerSchema {
                path: path.to_string(),
                found: v,
                supported,
            })
        }
        Some(v) if v == supported => return Ok(()),
        _ => {}
    }
    migrations::runner().run(conn)?;
    install_undo_triggers(conn)?;
    Ok(())
}

/// (Re)creates, for every tracked table, triggers that write the SQL undoing each
/// inserted, changed or deleted row into the undo log under the latest journal
/// entry. Run after each migration, so new columns are covered.
pub fn install_undo_triggers(conn: &Connection) -> Result<()> {
    let tx = conn.unchecked_transaction()?;
    let old: Vec<String> = tx
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'undo\\_%' ESCAPE '\\'")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for name in old {
        tx.execute_batch(&format!("DROP TRIGGER \"{name}\";"))?;
    }
    let tables: Vec<String> = tx
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for table in tables.iter().filter(|t| !UNTRACKED.contains(&t.as_str())) {
        let columns: Vec<String> = tx
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        tx.execute_batch(&trigger_sql(table, &columns))?;
    }
    tx.commit()?;
    Ok(())
}

fn trigger_sql(table: &str, columns: &[String]) -> String {
    let entry = "(SELECT max(id) FROM journal)";
    let sets = columns
        .iter()
        .map(|c| format!("'\"{c}\"=' || quote(old.\"{c}\")"))
        .collect::<Vec<_>>()
        .join(" || ',' || ");
    let names = columns
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(",");
    let values = columns
        .iter()
        .map(|c| format!("quote(old.\"{c}\")"))
        .collect::<Vec<_>>()
        .join(" || ',' || ");
    format!(
        "CREATE TRIGGER undo_{table}_insert AFTER INSERT ON {table} BEGIN
           INSERT INTO undo_log(journal_id, sql) VALUES ({entry},
             'DELETE FROM {table} WHERE rowid = ' || new.rowid);
         END;
         CREATE TRIGGER undo_{table}_update AFTER UPDATE ON {table} BEGIN
           INSERT INTO undo_log(journal_id, sql) VALUES ({entry},
             'UPDATE {table} SET ' || {sets} || ' WHERE rowid = ' || old.rowid);
         END;
         CREATE TRIGGER undo_{table}_delete BEFORE DELETE ON {table} BEGIN
           INSERT INTO undo_log(journal_id, sql) VALUES ({entry},
             'INSERT INTO {table}(rowid,{names}) VALUES (' || old.rowid || ',' || {values} || ')');
         END;"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dump(conn: &Connection) -> Vec<(i64, String, Option<i64>)> {
        conn.prepare("SELECT rowid, name, n FROM t ORDER BY rowid")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap()
    }

    #[test]
    fn the_undo_log_reverses_inserts_updates_and_deletes_exactly() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE journal(id INTEGER PRIMARY KEY, at TEXT, command TEXT, summary TEXT);
             CREATE TABLE undo_log(seq INTEGER PRIMARY KEY, journal_id INTEGER, sql TEXT);
             CREATE TABLE t(name TEXT, n INTEGER);
             INSERT INTO t(name, n) VALUES ('a', 1), ('it''s', 2);",
        )
        .unwrap();
        install_undo_triggers(&conn).unwrap();
        let before = dump(&conn);
        conn.execute_batch(
            "INSERT INTO journal(at, command, summary) VALUES ('', 'x', '');
             UPDATE t SET n = n + 10 WHERE name = 'a';
             DELETE FROM t WHERE name = 'it''s';
             INSERT INTO t(name, n) VALUES ('new', NULL);",
        )
        .unwrap();
        assert_ne!(dump(&conn), before);
        let undo: Vec<String> = conn
            .prepare("SELECT sql FROM undo_log ORDER BY seq DESC")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(undo.len(), 3);
        for sql in undo {
            conn.execute_batch(&sql).unwrap();
        }
        assert_eq!(
            dump(&conn),
            before,
            "quotes, NULLs and rowids come back as they were"
        );
    }
}
