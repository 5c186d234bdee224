//! Bounce into Action: the campaign rules and the default battle ruleset, as
//! typed tables and pure functions. Every table is checked cell by cell against
//! the rule document in its module's tests.

pub mod air_defence;
pub mod armour;
pub mod auto;
pub mod casualty_table;
pub mod error;
pub mod experience;
pub mod fire;
pub mod hit_effects;
pub mod lock_on;
pub mod morale;
pub mod morale_test;
pub mod movement;
pub mod odds;
pub mod queries;
pub mod range_table;
pub mod regroup;
pub mod ruleset;

pub use casualty_table::casualty;
pub use error::RuleError;
pub use experience::{effective_training, experience};
pub use ruleset::Bia;
