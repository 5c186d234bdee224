//! What every layer and every ruleset shares: the vocabulary of kinds and codes,
//! and the one dice roller.

pub mod dice;
pub mod kinds;
