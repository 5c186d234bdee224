//! Errors of the campaign layer: input that breaks the campaign's rules.

/// Bad input, located as precisely as the source allows.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    /// A problem in a campaign or results file, at a line and field.
    #[error("{file}, line {line}, field `{field}`: {message}")]
    InFile {
        file: String,
        line: usize,
        field: String,
        message: String,
    },
    /// A file that cannot be read at all.
    #[error("{file}: {message}")]
    File { file: String, message: String },
    /// A value given on the command line.
    #[error("{field}: {message}")]
    Invalid { field: String, message: String },
    /// A record the campaign's rulebook has no entry for.
    #[error(transparent)]
    Rule(#[from] crate::rules::bia::RuleError),
}

/// One rule a record breaks: which field, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub field: &'static str,
    pub message: String,
}

impl Problem {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        Problem {
            field,
            message: message.into(),
        }
    }
}
