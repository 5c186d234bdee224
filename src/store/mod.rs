//! The campaign file: the only place that speaks SQL. Every change runs in one
//! immediate transaction together with its journal entry.

mod access;
pub mod battles;
pub mod check;
pub mod error;
pub mod export;
pub mod forces;
pub mod import;
pub mod journal;
pub mod logistics;
mod place;
pub mod queries;
pub mod records;
pub mod report;
pub mod schema;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode, OpenFlags, Transaction, TransactionBehavior};

pub use error::{Result, StoreError};
/// A read handle on the campaign file (a transaction derefs to one), for the
/// layers above that call the store's reads without speaking SQL themselves.
pub use rusqlite::Connection as Db;
/// A write transaction, handed to the layers above inside `Store::change`.
pub use rusqlite::Transaction as Tx;

/// True once the campaign row exists, read through any connection or transaction.
pub fn has_campaign(conn: &Connection) -> Result<bool> {
    Ok(conn.query_row("SELECT count(*) > 0 FROM campaign", [], |r| r.get(0))?)
}

/// The refusal for a name that is taken: by a campaign, or by something else.
fn exists(path: &Path) -> StoreError {
    let shown = path.display().to_string();
    let campaign = access::open_read_only(path)
        .and_then(|c| c.query_row("SELECT count(*) > 0 FROM campaign", [], |r| r.get(0)))
        .unwrap_or(false);
    if campaign {
        StoreError::AlreadyExists { path: shown }
    } else {
        StoreError::Occupied { path: shown }
    }
}

/// An open campaign file.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// Opened read-only because the file cannot be written (its permissions,
    /// its folder or its disk): reads work, changes are refused.
    read_only: Option<access::Blocked>,
}

impl Store {
    /// Opens an existing campaign file, migrating it to this build's schema.
    pub fn open(path: &Path) -> Result<Store> {
        if !path.exists() {
            return Err(StoreError::Missing {
                path: path.display().to_string(),
            });
        }
        let damaged = |e: StoreError| match e {
            StoreError::Sqlite(ref s)
                if matches!(
                    s.sqlite_error_code(),
                    Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
                ) =>
            {
                StoreError::NotACampaign {
                    path: path.display().to_string(),
                }
            }
            e => e,
        };
        let store = Store::connect(path).map_err(damaged)?;
        if !store.has_campaign().map_err(damaged)? {
            return Err(StoreError::NotACampaign {
                path: path.display().to_string(),
            });
        }
        Ok(store)
    }

    /// A new campaign for `path`, built in memory with this build's schema:
    /// nothing exists on disk until [`Store::place`] puts the whole file there.
    pub fn create(path: &Path) -> Result<Store> {
        let shown = path.display().to_string();
        if path.is_dir() {
            return Err(StoreError::NotAFile { path: shown });
        }
        if path.exists() {
            return Err(exists(path));
        }
        let mut conn = Connection::open_in_memory()?;
        schema::configure_reads(&conn)?;
        schema::migrate(&mut conn, &shown)?;
        Ok(Store {
            conn,
            path: path.to_path_buf(),
            read_only: None,
        })
    }

    /// Writes a campaign made by [`Store::create`] to its path in one step, or
    /// not at all: a kill leaves no file and no litter, and if another process
    /// made a file there first, this one says it already exists. Returns the
    /// campaign opened from its file.
    pub fn place(mut self) -> Result<Store> {
        let bytes = self.conn.serialize(rusqlite::MAIN_DB)?;
        place::write_new(&self.path, &bytes).map_err(|e| match e {
            StoreError::AlreadyExists { .. } => exists(&self.path),
            e => e,
        })?;
        drop(bytes);
        Store::open(&self.path)
    }

    fn connect(path: &Path) -> Result<Store> {
        let shown = path.display().to_string();
        if path.is_dir() {
            return Err(StoreError::NotAFile { path: shown });
        }
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            return Err(StoreError::NotRegular { path: shown });
        }
        let not_db = |e: rusqlite::Error| match e.sqlite_error_code() {
            Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => {
                StoreError::NotACampaign {
                    path: shown.clone(),
                }
            }
            Some(ErrorCode::CannotOpen) => StoreError::CannotOpen {
                path: shown.clone(),
            },
            _ => StoreError::Sqlite(e),
        };
        let read_only = access::blocked(path);
        // Never created here: a campaign file is made whole by `create`/`place`.
        let mut conn = if read_only.is_some() {
            access::open_read_only(path)
        } else {
            Connection::open_with_flags(
                path,
                OpenFlags::SQLITE_OPEN_READ_WRITE
                    | OpenFlags::SQLITE_OPEN_URI
                    | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            )
        }
        .map_err(not_db)?;
        schema::configure_reads(&conn).map_err(|e| match e {
            StoreError::Sqlite(e) => not_db(e),
            e => e,
        })?;
        // Look before writing anything: a file that is not ours is refused
        // exactly as it was found.
        let version = schema::file_version(&conn).map_err(|e| match e {
            StoreError::Sqlite(e) => not_db(e),
            e => e,
        })?;
        // No bounce schema at all (an empty file, another program's database):
        // refused before anything is written into it.
        if version.is_none() {
            return Err(StoreError::NotACampaign { path: shown });
        }
        if let Some(blocked) = read_only {
            match version {
                Some(v) if v > schema::supported_version() => {
                    return Err(StoreError::NewerSchema {
                        path: shown,
                        found: v,
                        supported: schema::supported_version(),
                    })
                }
                Some(v) if v == schema::supported_version() => {}
                _ => {
                    return Err(StoreError::ReadOnly {
                        path: shown,
                        doing: "bring its schema up to this version of bounce".into(),
                        why: blocked.explain(),
                    })
                }
            }
        } else {
            schema::configure_writes(&conn).map_err(|e| match e {
                StoreError::Sqlite(e) => not_db(e),
                e => e,
            })?;
            schema::migrate(&mut conn, &shown)?;
        }
        Ok(Store {
            conn,
            path: path.to_path_buf(),
            read_only,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Read access for queries.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// True once the campaign row exists.
    pub fn has_campaign(&self) -> Result<bool> {
        has_campaign(&self.conn)
    }

    /// Runs one changing command: a journal entry and the work, in one immediate
    /// transaction. `work` returns its result and the entry's one-line summary.
    pub fn change<T>(
        &mut self,
        command: &str,
        work: impl FnOnce(&Transaction) -> Result<(T, String)>,
    ) -> Result<T> {
        self.try_change(command, work)
    }

    /// As [`Store::change`], for work that can fail with the caller's own error.
    /// Every read that decides what to write belongs inside `work`: the write lock
    /// is held from the first read, so no other process can change the rows in
    /// between and no update is lost.
    pub fn try_change<T, E: From<StoreError>>(
        &mut self,
        command: &str,
        work: impl FnOnce(&Transaction) -> std::result::Result<(T, String), E>,
    ) -> std::result::Result<T, E> {
        self.writable(&format!("run `{command}`"))?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::from)?;
        // A damaged file is not written to: a change on top of an overwritten
        // page could spread the damage. SQLite's quick check reads every page
        // once (milliseconds for a campaign) under the write lock.
        let verdict: String = tx
            .query_row("PRAGMA quick_check(1)", [], |r| r.get(0))
            .map_err(StoreError::from)?;
        if verdict != "ok" {
            return Err(StoreError::Damaged {
                path: self.path.display().to_string(),
            }
            .into());
        }
        let at = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string();
        tx.execute(
            "INSERT INTO journal(at, command, summary) VALUES (?1, ?2, '')",
            (&at, command),
        )
        .map_err(StoreError::from)?;
        let id = tx.last_insert_rowid();
        let (value, summary) = work(&tx)?;
        tx.execute(
            "UPDATE journal SET summary = ?1 WHERE id = ?2",
            (&summary, id),
        )
        .map_err(StoreError::from)?;
        tx.commit().map_err(StoreError::from)?;
        Ok(value)
    }

    /// Refuses, saying why, when the campaign cannot be written.
    fn writable(&self, doing: &str) -> Result<()> {
        match self.read_only {
            Some(blocked) => Err(StoreError::ReadOnly {
                path: self.path.display().to_string(),
                doing: doing.to_string(),
                why: blocked.explain(),
            }),
            None => Ok(()),
        }
    }

    /// For a campaign that cannot be written, a copy of it in memory, where a
    /// dry run may write what it then throws away.
    fn copy_if_read_only(&self) -> Result<Option<Connection>> {
        if self.read_only.is_none() {
            return Ok(None);
        }
        let mut copy = Connection::open_in_memory()?;
        rusqlite::backup::Backup::new(&self.conn, &mut copy)?.step(-1)?;
        copy.pragma_update(None, "foreign_keys", "ON")?;
        Ok(Some(copy))
    }

    /// Runs a read-only computation inside one transaction, for a consistent view,
    /// and throws away anything it wrote (used by dry runs).
    pub fn dry_run<T>(
        &mut self,
        command: &str,
        work: impl FnOnce(&Transaction) -> Result<T>,
    ) -> Result<T> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO journal(at, command, summary) VALUES ('', ?1, '')",
            [command],
        )?;
        let value = work(&tx)?;
        tx.rollback()?;
        Ok(value)
    }

    /// Folds the write-ahead log into the main file, so the file alone holds
    /// the whole campaign (before it is moved or copied by name).
    pub fn checkpoint(&self) -> Result<()> {
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }

    /// A consistent copy of the campaign at `dest`, taken with SQLite's online
    /// backup in one step, so writers in other processes are not disturbed.
    pub fn backup(&self, dest: &Path) -> Result<()> {
        let mut out = Connection::open(dest)?;
        {
            let backup = rusqlite::backup::Backup::new(&self.conn, &mut out)?;
            backup.step(-1)?;
        }
        out.pragma_update(None, "journal_mode", "DELETE")?;
        Ok(())
    }
}
