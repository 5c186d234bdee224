//! bounce: a campaign manager for Bounce into Action wargame campaigns.
//! Layers, bottom up: `rules` (pure), `campaign` (domain), `battle`, `store` (SQL), `report`, `cli`.

pub mod battle;
pub mod campaign;
pub mod cli;
pub mod report;
pub mod rules;
pub mod store;
