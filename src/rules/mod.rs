//! Rules as pure data and functions, one folder per battle ruleset. A ruleset
//! reads only `core` and the `battle` contract; nothing here does I/O.

pub mod action;
pub mod bia;
pub mod dirtside;
pub mod fma;
