//! What every layer and every ruleset shares: the vocabulary of kinds and codes,
//! the one dice roller, the GZG die ladder and how signed numbers read.

pub mod dice;
pub mod kinds;
pub mod ladder;
pub mod limits;
pub mod text;
