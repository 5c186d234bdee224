//! Dirtside II (GZG) as a battle ruleset: platoon units of elements, quality
//! and leadership, confidence levels, opposed fire dice and damage chits. Each
//! table is typed data checked cell by cell in its module's tests; the
//! auto-resolver, table play and rule queries are built on them.

pub mod auto;
pub mod chits;
pub mod confidence;
pub mod effectiveness;
pub mod elements;
pub mod fire_control;
pub mod infantry;
pub mod missiles;
pub mod movement;
pub mod quality;
pub mod queries;
pub mod regroup;
pub mod ruleset;
pub mod slam;
pub mod weapons;

pub use ruleset::Dirtside;
