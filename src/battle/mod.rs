//! The ruleset contract and the battle kernel every ruleset shares: what a
//! ruleset is given (the battle setup), what it returns (the neutral result
//! and its events), the traits for auto, odds, table play, recording and rule
//! queries, and the pieces each resolver would otherwise write again: the
//! log handle, the shared events, the end of a battle, BiA's group morale
//! test and the table's undo. No SQL here, and no ruleset is named.

pub mod drive;
pub mod event;
pub mod finish;
pub mod group_morale;
pub mod log;
pub mod result;
pub mod ruleset;
pub mod setup;
pub mod shared_events;
pub mod table;
