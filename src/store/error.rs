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
    #[error("cannot write {path}: the disk is full; free some space and try again (nothing was written)")]
    DiskFull { path: String },
    #[error("cannot write {path}: {message}; try again, or choose another path")]
    Io { path: String, message: String },
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("schema migration: {0}")]
    Migration(#[from] refinery::Error),
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
