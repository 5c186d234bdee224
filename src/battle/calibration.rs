//! Standard matchups for checking that auto-resolve gives plausible odds; used by
//! the calibration tests and `examples/calibration.rs` (docs/calibration.md).

use super::setup::{BattleSetup, CommandSetup, Force, StandSetup, UnitSetup};
use crate::rules::kinds::{
    AircraftSpeed, Confidence, Contact, Cover, Equipment, Medical, Officers, Ruleset, StandType,
    Supply, Training, VehicleKind, Weapon,
};

/// A kind of stand for building matchups.
#[derive(Debug, Clone, Copy)]
pub struct Kind {
    pub stand_type: StandType,
    pub training: Training,
    pub actions: i64,
    pub equipment: Option<Equipment>,
    pub vehicle: Option<VehicleKind>,
    pub weapon: Weapon,
    pub men: i64,
}

pub const HMA_REGULARS: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Regular,
    actions: 3,
    equipment: Some(Equipment::Hma),
    vehicle: None,
    weapon: Weapon::SlaSquad,
    men: 4,
};
pub const LTA_TRAINED: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Trained,
    actions: 3,
    equipment: Some(Equipment::Lta),
    vehicle: None,
    weapon: Weapon::SlaSquad,
    men: 8,
};
pub const MILITIA: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Trained,
    actions: 0,
    equipment: Some(Equipment::AssaultRifles),
    vehicle: None,
    weapon: Weapon::Rifles,
    men: 8,
};
pub const CIVILIANS: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Civilian,
    actions: 0,
    equipment: Some(Equipment::CivilianWeapons),
    vehicle: None,
    weapon: Weapon::LightSmallArms,
    men: 40,
};
pub const AT_TEAM: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Trained,
    actions: 3,
    equipment: Some(Equipment::Lta),
    vehicle: None,
    weapon: Weapon::AtMissile,
    men: 3,
};
pub const HOVERTANK: Kind = Kind {
    stand_type: StandType::Vehicle,
    training: Training::Regular,
    actions: 3,
    equipment: None,
    vehicle: Some(VehicleKind::Hovertank),
    weapon: Weapon::HovertankGun,
    men: 3,
};
pub const TRACK_TANK: Kind = Kind {
    stand_type: StandType::Vehicle,
    training: Training::Trained,
    actions: 3,
    equipment: None,
    vehicle: Some(VehicleKind::TrackTank),
    weapon: Weapon::TankGun,
    men: 3,
};

/// A force of `(kind, count)` stands for one command.
pub fn force(side: &str, parts: &[(Kind, usize)]) -> Force {
    let mut stands = Vec::new();
    for (k, n) in parts {
        for _ in 0..*n {
            stands.push(StandSetup {
                code: format!("{side}-{}", stands.len() + 1),
                unit: format!("{side}-u"),
                command: format!("{side}-c"),
                stand_type: k.stand_type,
                training: k.training,
                actions: k.actions,
                equipment: k.equipment,
                vehicle: k.vehicle,
                speed: (k.stand_type == StandType::Aircraft).then_some(AircraftSpeed::Slow),
                weapon: Some(k.weapon),
                men: k.men,
                hits: 0,
                officer: false,
                ammo: 12,
                ammo_max: 12,
                flags: vec![],
            });
        }
    }
    Force {
        side: side.into(),
        medical: Medical::Normal,
        enemy_treats_pw_well: false,
        commands: vec![CommandSetup {
            code: format!("{side}-c"),
            officers: Officers::Normal,
            supply: Supply::Normal,
            contact: Contact::Normal,
        }],
        units: vec![UnitSetup {
            code: format!("{side}-u"),
            command: format!("{side}-c"),
            leadership: None,
            confidence: Confidence::Confident,
        }],
        stands,
    }
}

pub fn battle(attacker: Force, defender: Force, range_cm: i64, cover: Cover) -> BattleSetup {
    BattleSetup {
        code: "calibration".into(),
        ruleset: Ruleset::Bia,
        range_cm,
        defender_cover: cover,
        terrain: String::new(),
        turn_limit: 24,
        attacker,
        defender,
    }
}

/// The documented matchups: a name and the battle.
pub fn matchups() -> Vec<(&'static str, BattleSetup)> {
    vec![
        (
            "6 HMA regular fire teams attack 3 civilian militia stands in cover",
            battle(
                force("a", &[(HMA_REGULARS, 6)]),
                force("d", &[(CIVILIANS, 3)]),
                60,
                Cover::Cover,
            ),
        ),
        (
            "3 civilian militia stands attack 6 HMA fire teams in cover",
            battle(
                force("a", &[(CIVILIANS, 3)]),
                force("d", &[(HMA_REGULARS, 6)]),
                60,
                Cover::Cover,
            ),
        ),
        (
            "8 LTA squads attack 8 LTA squads in cover",
            battle(
                force("a", &[(LTA_TRAINED, 8)]),
                force("d", &[(LTA_TRAINED, 8)]),
                60,
                Cover::Cover,
            ),
        ),
        (
            "8 LTA squads attack 8 LTA squads in the open",
            battle(
                force("a", &[(LTA_TRAINED, 8)]),
                force("d", &[(LTA_TRAINED, 8)]),
                60,
                Cover::Open,
            ),
        ),
        (
            "8 LTA squads attack 8 LTA squads in bunkers",
            battle(
                force("a", &[(LTA_TRAINED, 8)]),
                force("d", &[(LTA_TRAINED, 8)]),
                60,
                Cover::Bunker,
            ),
        ),
        (
            "4 hovertanks alone attack 6 LTA squads with 2 AT teams in cover",
            battle(
                force("a", &[(HOVERTANK, 4)]),
                force("d", &[(LTA_TRAINED, 6), (AT_TEAM, 2)]),
                60,
                Cover::Cover,
            ),
        ),
        (
            "4 hovertanks with 8 HMA teams attack the same",
            battle(
                force("a", &[(HOVERTANK, 4), (HMA_REGULARS, 8)]),
                force("d", &[(LTA_TRAINED, 6), (AT_TEAM, 2)]),
                60,
                Cover::Cover,
            ),
        ),
        (
            "4 track tanks attack 4 hovertanks in the open",
            battle(
                force("a", &[(TRACK_TANK, 4)]),
                force("d", &[(HOVERTANK, 4)]),
                60,
                Cover::Open,
            ),
        ),
        (
            "8 militia sections attack 8 LTA squads in cover",
            battle(
                force("a", &[(MILITIA, 8)]),
                force("d", &[(LTA_TRAINED, 8)]),
                60,
                Cover::Cover,
            ),
        ),
    ]
}
