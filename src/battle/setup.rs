//! What a resolver is given: the two forces as the campaign holds them, with the
//! battle's situation. Built by the campaign layer, read by every ruleset.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::result::Role;
use crate::core::kinds::{
    AircraftSpeed, Confidence, Contact, Cover, Equipment, Medical, Officers, StandType, Supply,
    Training, UnitFlag, VehicleKind, Weapon,
};

/// A battle ready to fight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BattleSetup {
    pub code: String,
    /// The name of the ruleset fighting it.
    pub ruleset: String,
    /// Opening range in table cm.
    pub range_cm: i64,
    pub defender_cover: Cover,
    pub terrain: String,
    /// Turns before the defender is deemed to hold (the ruleset's limit).
    pub turn_limit: u32,
    /// The campaign's options for this ruleset (e.g. a chit pot, a fire mode).
    #[serde(default)]
    pub options: BTreeMap<String, String>,
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
    /// Dirtside leadership 1..3: the unit's rating, else from its officers.
    pub leadership: i64,
    /// Dirtside confidence carried in from the last battle.
    pub confidence: Confidence,
}

/// A stand's morale number with every factor behind it, as the campaign works
/// it out for this battle (the clamp to 1..9 applied last).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleNumber {
    pub base: i32,
    pub factors: Vec<MoraleFactor>,
    pub unclamped: i32,
    pub morale: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleFactor {
    pub name: String,
    pub modifier: i32,
    pub source: String,
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
    /// The morale number for this battle.
    pub morale: MoraleNumber,
    /// BiA's numbers for this stand, for rulesets that borrow them.
    #[serde(default)]
    pub bia: BiaProfile,
}

#[cfg(test)]
impl StandSetup {
    /// A stand for unit tests: a regular LTA squad of eight with SLA, morale
    /// 5, in unit `u` of command `c`; change what a test needs with struct
    /// update syntax.
    pub(crate) fn example(code: &str) -> StandSetup {
        use crate::core::kinds::{Equipment, StandType, Training, Weapon};
        StandSetup {
            code: code.into(),
            unit: "u".into(),
            command: "c".into(),
            stand_type: StandType::Infantry,
            training: Training::Regular,
            actions: 3,
            equipment: Some(Equipment::Lta),
            vehicle: None,
            speed: None,
            weapon: Some(Weapon::SlaSquad),
            men: 8,
            hits: 0,
            officer: false,
            ammo: 12,
            ammo_max: 12,
            flags: vec![],
            morale: MoraleNumber {
                base: 5,
                factors: vec![],
                unclamped: 5,
                morale: 5,
            },
            bia: BiaProfile::default(),
        }
    }
}

/// One range band of a stand's weapon on BiA's range table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BandFire {
    /// The number to roll on the d10.
    pub hit: i64,
    /// Armour penetration; `None`: no anti-armour value in this band.
    pub pen: Option<i64>,
}

/// What BiA, the campaign's own rulebook, says of a stand, worked out by the
/// campaign layer. A ruleset that maps campaign stands through BiA's numbers
/// (ACTION does) reads them here, so no ruleset imports or copies another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct BiaProfile {
    /// Seasoned or veteran by actions fought.
    pub seasoned: bool,
    /// The vehicle's armour value (0 without one).
    pub armour: i64,
    /// Hits (carried in included) at which the stand is ineffective.
    pub ineffective_at: i64,
    /// Hits at which it is destroyed.
    pub destroyed_at: i64,
    /// Its tactical move per turn in table cm.
    pub tactical_move_cm: i64,
    /// The weapon per band (≤5, ≤10, ≤15, ≤30, ≤60, ≤120 cm); `None` out of
    /// reach or for a weapon with no line on the range table.
    pub bands: [Option<BandFire>; 6],
    pub blast: bool,
    /// Equipped with civilian weapons: HMA, MA and armoured vehicles are
    /// immune to its fire (BiA L235).
    #[serde(default)]
    pub civilian_weapons: bool,
    /// Lock-on numbers of its air-defence weapon by aircraft speed, in
    /// `AircraftSpeed::ALL` order; all `None` for a ground weapon.
    pub lock_on: [Option<i64>; 4],
    /// For an aircraft: the range it attacks ground targets from, in cm.
    pub attack_range_cm: i64,
}

impl BiaProfile {
    /// The upper edges of BiA's range bands, in table cm.
    pub const BANDS_CM: [i64; 6] = [5, 10, 15, 30, 60, 120];

    /// BiA's rule of what can hurt what, for the campaign's rulebook and
    /// every ruleset that borrows it: people in HMA or MA and armoured
    /// vehicles are immune to troops with civilian weapons (BiA L235); armour
    /// above 0 needs penetration with 10 + pen above the armour; anything
    /// else hurts people in HMA or MA (at −3 to hit) and the unarmoured.
    pub fn harms(pen: Option<i64>, civilian: bool, armour: i64, hard_infantry: bool) -> bool {
        if civilian && (hard_infantry || armour > 0) {
            return false;
        }
        if hard_infantry {
            return true;
        }
        match pen {
            _ if armour == 0 => true,
            Some(p) => 10 + p > armour,
            None => false,
        }
    }

    /// Whether the stand has an air-defence weapon.
    pub fn air_defence(&self) -> bool {
        self.lock_on.iter().any(Option::is_some)
    }
}
