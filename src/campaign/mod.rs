//! The campaign domain: records of sides, commands, units, stands and battles,
//! the campaign file format, and the consistency rules they keep.

pub mod battle;
pub mod bia_profile;
pub mod derived;
pub mod error;
pub mod file;
pub mod logistics;
pub mod morale;
pub mod post_battle;
pub mod records;
pub mod regroup;
pub mod validate;
pub mod whatif;

pub use error::{CampaignError, Problem};
pub use records::*;
