//! ACTION (Ed Walker's combat system for small unit actions) as a battle
//! ruleset: elements built from design points, opposed d100 rolls where the
//! attacker must roll strictly higher, initiative and action phases, ready
//! orders, area and cone attacks with scatter. Each printed table is typed
//! data checked cell by cell in its module's tests; `mapping` turns campaign
//! stands into elements on the scale one BiA d10 step = 10 ACTION points.

pub mod air;
pub mod auto;
pub mod design;
pub mod mapping;
pub mod modifiers;
pub mod movement;
pub mod opposed;
pub mod queries;
pub mod range;
pub mod ruleset;
pub mod scatter;
pub mod sequence;
pub mod templates;
pub mod toughness;
pub mod weapons;

pub use ruleset::Action;
