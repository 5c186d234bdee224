//! The FMA playtest skirmish rules (GZG) as a battle
//! ruleset: every person is a figure with a quality die, a motivation, an
//! armour die and a weapon. Each table is typed data tested cell by cell in
//! its module; the auto-resolver, table play and rule queries use them.

pub mod armour;
pub mod auto;
pub mod close_combat;
pub mod command_queries;
pub mod die;
pub mod explosives;
pub mod fire;
pub mod movement;
pub mod noncombatants;
pub mod quality;
pub mod queries;
pub mod reaction;
pub mod ruleset;
pub mod smoke;
pub mod task;
pub mod weapons;

pub use ruleset::Fma;
