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
    #[error("{path} is not a bounce campaign file")]
    NotACampaign { path: String },
    #[error("{path} already holds a campaign; import into it instead, or choose another --db")]
    AlreadyExists { path: String },
    #[error("no {kind} `{code}` in this campaign{hint}")]
    UnknownCode {
        kind: &'static str,
        code: String,
        hint: String,
    },
    #[error("{0}")]
    Refused(String),
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
                | StoreError::AlreadyExists { .. }
                | StoreError::UnknownCode { .. }
                | StoreError::Refused(_)
        )
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
