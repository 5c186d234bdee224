//! The engine: the registry of rulesets and the drivers that run a battle in
//! each mode — auto, odds, table play and recorded results — between the
//! campaign and a ruleset.

pub mod auto;
pub mod calibration;
pub mod chain;
pub mod interlude;
pub mod odds;
pub mod play;
pub mod play_journal;
pub mod record;
pub mod registry;

pub use registry::Registry;
