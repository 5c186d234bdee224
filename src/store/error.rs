//! Errors of the store layer.

/// What can go wrong reading or changing a campaign file.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no campaign file at {path}; create one with `bounce init --name NAME` or `bounce import FILE.toml`")]
    Missing { path: String },
    #[error("{path} was written by a newer bounce (schema version {found}, this build knows up to {supported}); upgrade bounce to open it")]
    NewerSchema {
        path: String,
        found: i64,
        supported: i64,
    },
    #[error("{path} is not a bounce campaign file (or it is damaged); check the path, or restore it from a backup")]
    NotACampaign { path: String },
    #[error("{path} is a directory; --db wants a campaign file, e.g. {path}/campaign.db")]
    NotAFile { path: String },
    #[error("{path} is not a regular file (a device or a pipe); --db wants a campaign file")]
    NotRegular { path: String },
    #[error("cannot open {path}: the folder does not exist or may not be written")]
    CannotOpen { path: String },
    #[error("{path} cannot be written, so bounce cannot {doing}: {why}")]
    ReadOnly {
        path: String,
        doing: String,
        why: &'static str,
    },
    #[error("{path} already holds a campaign; import into it instead, or choose another --db")]
    AlreadyExists { path: String },
    #[error("{path} already exists and is not a bounce campaign; choose another --db (or remove that file if you are sure it is not needed)")]
    Occupied { path: String },
    #[error("no {kind} `{code}` in this campaign{hint}")]
    UnknownCode {
        kind: &'static str,
        code: String,
        hint: String,
    },
    #[error("{0}")]
    Refused(String),
    #[error("{path} is damaged (some of its pages cannot be read back), so nothing was changed; `bounce check` shows what is wrong, and a backup restores it")]
    Damaged { path: String },
    #[error("cannot write {path}: the disk is full; free some space and try again (nothing was written)")]
    DiskFull { path: String },
    #[error("cannot write {path}: {message}; try again, or choose another path")]
    Io { path: String, message: String },
    #[error("{}", plain_sqlite(.0))]
    Sqlite(#[from] rusqlite::Error),
    #[error("{}", plain_migration(.0))]
    Migration(#[from] refinery::Error),
}

/// How long a command waits for another one's write lock before giving up:
/// 30 seconds, or `BOUNCE_LOCK_WAIT` seconds (tests use a short wait).
pub fn lock_wait() -> std::time::Duration {
    let secs = std::env::var("BOUNCE_LOCK_WAIT")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(30)
        .min(3600);
    std::time::Duration::from_secs(secs)
}

/// One sentence for what SQLite reported: what happened and what to do, in
/// the umpire's words (SQLite's own wording stays out of it).
fn plain_sqlite(e: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode as C;
    let unchanged = "the campaign is as it was before the command";
    match e.sqlite_error_code() {
        Some(C::DiskFull) => format!(
            "the disk holding the campaign is full, so the command could not be saved; \
             free some space and run it again ({unchanged})"
        ),
        Some(C::DatabaseBusy | C::DatabaseLocked) => format!(
            "the campaign file stayed locked by another command for {} s; wait for that \
             command (or the program holding the file) to finish and try again ({unchanged})",
            lock_wait().as_secs()
        ),
        Some(C::SystemIoFailure) => format!(
            "the disk failed to read or write the campaign file (an input/output error, or \
             no room for the lock file beside it); check the disk and its free space and try \
             again ({unchanged})"
        ),
        Some(C::ReadOnly) => "the campaign file cannot be written (it, its folder or its disk \
             is read-only); reads still work, or make it writable"
            .to_string(),
        Some(C::DatabaseCorrupt | C::NotADatabase) => "the campaign file is damaged (part of \
             it cannot be read); `bounce check` shows what is wrong, and a backup restores it"
            .to_string(),
        Some(C::CannotOpen) => "the campaign file cannot be opened (its folder is missing or \
             may not be written); check the --db path"
            .to_string(),
        Some(C::OutOfMemory) => {
            format!("bounce ran out of memory; close other programs and try again ({unchanged})")
        }
        Some(code) => format!(
            "bounce hit an internal fault in the campaign file ({code:?}); {unchanged}. Please \
             report it with the command you ran"
        ),
        None => format!(
            "a value in the campaign file is not what bounce expects; {unchanged}, and \
             `bounce check` may find the cause. Please report it with the command you ran"
        ),
    }
}

/// A schema upgrade that failed: the SQLite cause when there is one, else
/// the file's record of its versions disagrees with its tables.
fn plain_migration(e: &refinery::Error) -> String {
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(sql) = s.downcast_ref::<rusqlite::Error>() {
            if sql.sqlite_error_code().is_some()
                && !matches!(sql.sqlite_error_code(), Some(rusqlite::ErrorCode::Unknown))
            {
                return plain_sqlite(sql);
            }
        }
        source = s.source();
    }
    "the campaign file could not be brought up to this version of bounce (its record of \
     schema versions does not match its tables); the file is as it was: restore it from a \
     backup, or report it with the file"
        .to_string()
}

/// What went wrong with a file, in plain words and without the system's
/// error number: "it does not exist", "the disk is full".
pub fn plain_io(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match (e.kind(), e.raw_os_error()) {
        (_, Some(28)) => "the disk is full".into(),
        (_, Some(122)) => "the disk quota is used up".into(),
        (_, Some(30)) => "the disk is read-only".into(),
        (_, Some(5)) => "the disk reported an input/output error".into(),
        (_, Some(21)) => "it is a folder".into(),
        (_, Some(20)) => "a part of the path is not a folder".into(),
        (K::NotFound, _) => "it does not exist".into(),
        (K::PermissionDenied, _) => "permission denied".into(),
        (K::InvalidData, _) => "it is not UTF-8 text".into(),
        (K::OutOfMemory, _) => "out of memory".into(),
        (K::UnexpectedEof, _) => "it ended early".into(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(i) => text[..i].to_lowercase(),
                None => text,
            }
        }
    }
}

impl StoreError {
    /// True when the user's input, not the machine, is at fault.
    pub fn is_input(&self) -> bool {
        matches!(
            self,
            StoreError::Missing { .. }
                | StoreError::NewerSchema { .. }
                | StoreError::NotACampaign { .. }
                | StoreError::NotAFile { .. }
                | StoreError::NotRegular { .. }
                | StoreError::CannotOpen { .. }
                | StoreError::AlreadyExists { .. }
                | StoreError::Occupied { .. }
                | StoreError::UnknownCode { .. }
                | StoreError::Refused(_)
        )
    }

    /// True when SQLite could not write for want of space.
    pub fn is_disk_full(&self) -> bool {
        matches!(self, StoreError::Sqlite(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull))
    }

    pub fn unknown(kind: &'static str, code: &str) -> Self {
        StoreError::UnknownCode {
            kind,
            code: code.to_string(),
            hint: match kind {
                "stand" => "; `bounce roster --all` lists the stands".to_string(),
                "battle" => "; `bounce battle list` lists the battles".to_string(),
                _ => String::new(),
            },
        }
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_sqlite_failure_passes_its_own_wording_through() {
        use rusqlite::ffi;
        for code in [
            ffi::SQLITE_FULL,
            ffi::SQLITE_BUSY,
            ffi::SQLITE_LOCKED,
            ffi::SQLITE_IOERR,
            ffi::SQLITE_READONLY,
            ffi::SQLITE_CORRUPT,
            ffi::SQLITE_NOTADB,
            ffi::SQLITE_CANTOPEN,
            ffi::SQLITE_NOMEM,
            ffi::SQLITE_CONSTRAINT,
            ffi::SQLITE_ERROR,
        ] {
            let e = StoreError::from(rusqlite::Error::SqliteFailure(
                ffi::Error::new(code),
                Some("RAW SQLITE TEXT".into()),
            ));
            let shown = e.to_string();
            assert!(
                !shown.contains("RAW") && !shown.contains("database:"),
                "{shown}"
            );
            assert!(shown.contains("; "), "says what to do: {shown}");
        }
        let io = std::io::Error::from_raw_os_error(28);
        assert_eq!(plain_io(&io), "the disk is full");
        let other = std::io::Error::from_raw_os_error(71);
        assert!(
            !plain_io(&other).contains("os error"),
            "{}",
            plain_io(&other)
        );
    }
}
