//! The campaign domain: records of sides, commands, units, stands and battles,
//! the campaign file format, and the consistency rules they keep.

pub mod battle;
pub mod bia_profile;
pub mod derived;
pub mod error;
pub mod file;
pub mod forces;
pub mod logistics;
pub mod morale;
pub mod plan;
pub mod post_battle;
pub mod records;
pub mod recovery;
pub mod regroup;
mod result_check;
pub mod validate;
pub mod whatif;

pub use error::{CampaignError, Problem};

/// The campaign's own rulebook: BiA's campaign rules (experience, morale, the
/// aid post, regrouping) apply whatever ruleset fights a battle, and its rule
/// queries also stand alone under `rules`.
pub const RULEBOOK: &str = "bia";

pub use records::*;

#[cfg(test)]
mod tests {
    #[test]
    fn the_rulebook_is_bia() {
        use crate::battle::ruleset::Ruleset;
        assert_eq!(super::RULEBOOK, crate::rules::bia::Bia.name());
    }
}
