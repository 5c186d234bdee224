//! What a resolver is given: the two forces as the campaign holds them, with the
//! battle's situation. Built by the campaign layer, read by every ruleset.

use serde::{Deserialize, Serialize};

use super::result::Role;
use crate::rules::kinds::{
    AircraftSpeed, Confidence, Contact, Cover, Equipment, Medical, Officers, Ruleset, StandType,
    Supply, Training, UnitFlag, VehicleKind, Weapon,
};

/// A battle ready to fight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BattleSetup {
    pub code: String,
    pub ruleset: Ruleset,
    /// Opening range in table cm.
    pub range_cm: i64,
    pub defender_cover: Cover,
    pub terrain: String,
    /// Five-minute turns before the defender is deemed to hold.
    pub turn_limit: u32,
    pub attacker: Force,
    pub defender: Force,
}

impl BattleSetup {
    pub fn force(&self, role: Role) -> &Force {
        match role {
            Role::Attacker => &self.attacker,
            Role::Defender => &self.defender,
        }
    }
}

/// One side's stands in the battle, with what shapes their morale.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Force {
    pub side: String,
    pub medical: Medical,
    /// The opposing side treats prisoners well.
    pub enemy_treats_pw_well: bool,
    pub commands: Vec<CommandSetup>,
    pub units: Vec<UnitSetup>,
    pub stands: Vec<StandSetup>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandSetup {
    pub code: String,
    pub officers: Officers,
    pub supply: Supply,
    pub contact: Contact,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSetup {
    pub code: String,
    pub command: String,
    pub leadership: Option<i64>,
    pub confidence: Confidence,
}

/// A stand as it enters the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandSetup {
    pub code: String,
    pub unit: String,
    pub command: String,
    pub stand_type: StandType,
    pub training: Training,
    pub actions: i64,
    pub equipment: Option<Equipment>,
    pub vehicle: Option<VehicleKind>,
    pub speed: Option<AircraftSpeed>,
    pub weapon: Option<Weapon>,
    pub men: i64,
    /// Hits carried in from earlier battles (people still out).
    pub hits: i64,
    pub officer: bool,
    pub ammo: i64,
    pub ammo_max: i64,
    /// Flags of the stand's unit and the units above it.
    pub flags: Vec<UnitFlag>,
}
