//! The error of a whole command, and the exit code it maps to.

use crate::campaign::CampaignError;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Campaign(#[from] CampaignError),
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Bad input noticed by the command itself.
    #[error("{0}")]
    Usage(String),
    /// The command ran and found something wrong (e.g. `check` violations).
    #[error("{0}")]
    Failed(String),
    #[error("{path}: {}; check the file and try again", crate::store::error::plain_io(.source))]
    Io {
        path: String,
        source: std::io::Error,
    },
}

impl CliError {
    /// 2 for bad input (usage, file, reference), 1 for failures at run time.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Campaign(_) | CliError::Usage(_) => 2,
            CliError::Store(e) if e.is_input() => 2,
            _ => 1,
        }
    }
}
