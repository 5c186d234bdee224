//! Battles: the ruleset-neutral result, the setup resolvers receive, and the
//! `Resolver` interface every battle ruleset implements.

pub mod auto;
pub mod calibration;
pub mod odds;
pub mod record;
pub mod resolver;
pub mod result;
pub mod setup;
