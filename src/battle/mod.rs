//! The ruleset contract, and nothing else: what a ruleset is given (the battle
//! setup), what it returns (the neutral result and its events), and the traits
//! for auto, odds, table play, recording and rule queries. No SQL here, and no
//! ruleset is named.

pub mod event;
pub mod result;
pub mod ruleset;
pub mod setup;
