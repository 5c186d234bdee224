//! Opening a campaign file: connection settings, embedded migrations, the refusal
//! of files from newer versions, and the triggers that feed the undo log.

use rusqlite::{Connection, OptionalExtension};

use super::error::{Result, StoreError};

refinery::embed_migrations!("migrations");

/// Tables whose changes are never undone: the journal itself and bookkeeping.
const UNTRACKED: &[&str] = &["journal", "undo_log", "refinery_schema_history"];

/// Connection settings that change nothing in the file.
pub fn configure_reads(conn: &Connection) -> Result<()> {
    conn.busy_timeout(super::error::lock_wait())?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// Settings that write to the file (WAL mode); applied only once the file is
/// known to be a campaign (or empty).
pub fn configure_writes(conn: &Connection) -> Result<()> {
    // Switching a rollback-journal file to WAL reads the header and then
    // writes it; SQLite refuses that promotion at once, without its busy
    // wait, while another process is switching the same file, so several
    // commands opening one old file would fail on a lock held for a moment.
    waiting_out_busy(|| Ok(conn.pragma_update(None, "journal_mode", "WAL")?))?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    Ok(())
}

/// Runs `step` again while SQLite reports the file busy, for as long as a
/// command waits for a lock ([`super::error::lock_wait`]), pausing a little
/// longer each time. For steps SQLite refuses at once instead of waiting.
fn waiting_out_busy<T>(mut step: impl FnMut() -> Result<T>) -> Result<T> {
    use std::time::{Duration, Instant};
    let deadline = Instant::now() + super::error::lock_wait();
    let mut pause = Duration::from_millis(2);
    loop {
        match step() {
            Err(StoreError::Sqlite(e))
                if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy)
                    && Instant::now() < deadline =>
            {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(100));
            }
            done => return done,
        }
    }
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
/// Every pending migration runs in one transaction, so a kill leaves the file
/// at its old version or the new one; the undo triggers are then checked on
/// every writable open (see [`ensure_undo_triggers`]), so an upgrade cut off
/// between the two is finished by the next command.
pub fn migrate(conn: &mut Connection, path: &str) -> Result<()> {
    let supported = supported_version();
    let found = file_version(conn)?;
    if let Some(v) = found.filter(|v| *v > supported) {
        return Err(StoreError::NewerSchema {
            path: path.to_string(),
            found: v,
            supported,
        });
    }
    if found != Some(supported) {
        if let Err(e) = migrations::runner().set_grouped(true).run(conn) {
            // Another process opening the same old file may have upgraded it
            // first; then there is nothing left to do.
            if file_version(conn)? != Some(supported) {
                return Err(e.into());
            }
        }
    }
    ensure_undo_triggers(conn)
}

/// The undo triggers this build would install on the file's tables, and a
/// fingerprint of them (FNV-1a, stable across builds and platforms).
fn expected_triggers(conn: &Connection) -> Result<(Vec<String>, i32)> {
    let mut tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    tables.retain(|t| !UNTRACKED.contains(&t.as_str()));
    tables.sort();
    let mut sql = Vec::new();
    for table in &tables {
        let columns: Vec<String> = conn
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        sql.push(trigger_sql(table, &columns));
    }
    let mut hash: u32 = 0x811c_9dc5;
    for b in sql.iter().flat_map(|s| s.bytes()) {
        hash = (hash ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    Ok((sql, hash as i32))
}

/// Makes sure the undo triggers match the tables as they are. The file keeps
/// the fingerprint of its triggers in SQLite's `user_version`; when it differs
/// (a file from before this check, or an upgrade killed before its triggers
/// were rebuilt) they are rebuilt under the write lock. A file that is up to
/// date costs one read and writes nothing.
pub fn ensure_undo_triggers(conn: &Connection) -> Result<()> {
    let stamp = |c: &Connection| -> Result<i32> {
        Ok(c.query_row("PRAGMA user_version", [], |r| r.get(0))?)
    };
    let (_, expected) = expected_triggers(conn)?;
    if stamp(conn)? == expected {
        return Ok(());
    }
    let tx = rusqlite::Transaction::new_unchecked(conn, rusqlite::TransactionBehavior::Immediate)?;
    // Looked at again under the lock: another process may have done it.
    let (sql, expected) = expected_triggers(&tx)?;
    if stamp(&tx)? != expected {
        replace_undo_triggers(&tx, &sql)?;
        tx.pragma_update(None, "user_version", expected)?;
    }
    tx.commit()?;
    Ok(())
}

/// Drops every undo trigger and creates `sql` in their place: for every
/// tracked table, triggers that write the SQL undoing each inserted, changed
/// or deleted row into the undo log under the latest journal entry.
fn replace_undo_triggers(tx: &Connection, sql: &[String]) -> Result<()> {
    let old: Vec<String> = tx
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'undo\\_%' ESCAPE '\\'")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for name in old {
        tx.execute_batch(&format!("DROP TRIGGER \"{name}\";"))?;
    }
    for s in sql {
        tx.execute_batch(s)?;
    }
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
        ensure_undo_triggers(&conn).unwrap();
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

    #[test]
    fn opening_an_old_file_another_process_is_writing_waits_for_it() {
        // The fixtures are rollback-journal files, as old campaigns are: the
        // switch to WAL is refused at once (no busy wait) while another
        // connection holds the write lock, which is what several commands
        // opening one old file at the same moment ran into (CI, stop 38).
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        let fixture =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema-v1.db");
        std::fs::copy(fixture, &path).unwrap();
        let other = Connection::open(&path).unwrap();
        other
            .execute_batch("BEGIN; DELETE FROM journal WHERE id < 0;")
            .unwrap();
        // Without a write the reserved lock is not taken: make one.
        other
            .execute_batch("CREATE TABLE holding_the_lock(x);")
            .unwrap();
        let releaser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            other.execute_batch("ROLLBACK;").unwrap();
        });
        let mut conn = Connection::open(&path).unwrap();
        configure_reads(&conn).unwrap();
        configure_writes(&conn).unwrap();
        migrate(&mut conn, "old.db").unwrap();
        releaser.join().unwrap();
        assert_eq!(file_version(&conn).unwrap(), Some(supported_version()));
    }
}
