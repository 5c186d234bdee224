//! bounce: a campaign manager for Bounce into Action wargame campaigns.
//! Layers (docs/architecture.md): `core` and `battle` (the ruleset contract) under
//! `rules`; `store` (SQL) under `campaign` under `engine`; `report` and `cli` on top.

pub mod battle;
pub mod campaign;
pub mod cli;
pub mod core;
pub mod engine;
pub mod report;
pub mod rules;
pub mod store;
