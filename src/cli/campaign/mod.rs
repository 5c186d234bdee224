//! The campaign file as a whole: one file per command (`init`, `import`,
//! `export`, `demo`, `status`, `backup`), and what they share.

mod backup;
mod demo;
mod export;
mod import;
mod init;
mod status;

pub use backup::backup;
pub use demo::demo;
pub use export::export;
pub use import::import;
use import::{import_text, remove_db};
pub use init::init;
pub use status::status;
use status::status_doc;

/// The Full Moon campaign, built into the binary so `demo` needs no files.
pub const FULL_MOON: &str = include_str!("../../../campaigns/full-moon.toml");

pub fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}
