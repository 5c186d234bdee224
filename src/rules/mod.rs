//! Rules as pure data and functions: the shared vocabulary, portable dice, and one
//! folder per battle ruleset. Nothing here does I/O.

pub mod bia;
pub mod dice;
pub mod kinds;
