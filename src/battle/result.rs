//! The ruleset-neutral outcome of a battle: what the campaign layer needs to run
//! the post-battle sequence, whatever system fought it.

use serde::{Deserialize, Serialize};

pub use super::event::Event;
use crate::core::kinds::{Confidence, Status};

/// Which side of a battle a stand fought on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Attacker,
    Defender,
}

impl Role {
    /// Both roles, attacker first: the order of per-role arrays.
    pub const BOTH: [Role; 2] = [Role::Attacker, Role::Defender];

    /// The role's slot in a per-role array (`[attacker, defender]`).
    pub fn index(self) -> usize {
        match self {
            Role::Attacker => 0,
            Role::Defender => 1,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
        }
    }

    pub fn other(self) -> Role {
        match self {
            Role::Attacker => Role::Defender,
            Role::Defender => Role::Attacker,
        }
    }
}

/// Who won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Attacker,
    Defender,
    Draw,
}

impl Winner {
    pub fn as_str(self) -> &'static str {
        match self {
            Winner::Attacker => "attacker",
            Winner::Defender => "defender",
            Winner::Draw => "draw",
        }
    }
}

/// What became of a vehicle or aircraft hit through its armour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Knockout {
    /// Knocked out; the crew bail out and take hits.
    Killed,
    /// Blown up; the whole crew dies.
    Exploded,
}

/// One stand's battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandOutcome {
    pub code: String,
    pub role: Role,
    /// People hit in this battle (for infantry); crew hits for vehicles.
    pub hits_taken: i64,
    pub status_after: Status,
    pub fired: bool,
    pub under_fire: bool,
    /// Turns of fire used.
    pub ammo_spent: i64,
    /// People taken prisoner (casualties abandoned by a stand that fled or surrendered).
    pub captured: i64,
    /// Of `hits_taken`, people killed outright (an FMA KILL): recorded dead
    /// without an aid-post roll.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub killed: i64,
    /// Set when the stand is a vehicle or aircraft knocked out through its armour.
    pub knockout: Option<Knockout>,
    /// Damage short of destruction, repaired in campaign time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<Damage>,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// What damage a vehicle carries out of a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageKind {
    Damaged,
    Immobilised,
}

/// Damage that keeps a stand out of battles until repaired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Damage {
    pub kind: DamageKind,
    /// Whole days of campaign time before it can fight again.
    pub repair_days: i64,
}

/// A unit-level state that persists between battles (Dirtside confidence).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitCarryOver {
    pub unit: String,
    pub confidence: Confidence,
}

/// A fought battle, in terms every ruleset shares.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BattleResult {
    pub ruleset: String,
    pub seed: u64,
    pub winner: Winner,
    /// Turns played (of the ruleset's length).
    pub turns: u32,
    pub end_reason: String,
    pub stands: Vec<StandOutcome>,
    #[serde(default)]
    pub units: Vec<UnitCarryOver>,
    #[serde(default)]
    pub events: Vec<Event>,
}

impl BattleResult {
    /// Total hits taken by one role's stands.
    pub fn hits_on(&self, role: Role) -> i64 {
        self.stands
            .iter()
            .filter(|s| s.role == role)
            .map(|s| s.hits_taken)
            .sum()
    }
}
