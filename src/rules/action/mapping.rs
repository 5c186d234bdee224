//! How a campaign stand becomes an ACTION element, on the scale one BiA d10
//! step = 10 ACTION points. The few BiA facts needed (experience bands, armour
//! values, tactical moves, hit-effects thresholds) are copied here with where
//! they come from; rules/action reads nothing of rules/bia.

use serde::Serialize;

use super::design::Element;
use super::{air, weapons};
use crate::battle::setup::StandSetup;
use crate::core::kinds::{Equipment, StandType, Training, VehicleKind};

/// Action points of every element (the text's example of 10).
pub const ACTION_POINTS: i64 = 10;
/// Combat skill of a regular, raw-to-experienced stand.
pub const BASE_COMBAT_SKILL: i64 = 20;
/// Extra attack bonus for an officer figure with the stand (BiA +1 a figure).
pub const OFFICER_BONUS: i64 = 10;
/// Extra defence bonus for defenders in bunkers (BiA hull-down/bunker is two
/// steps against cover's one; the printed −2 for cover stays and this adds the rest).
pub const BUNKER_BONUS: i64 = 20;

/// Seasoned from 15 actions fought (SPEC 9.1, copied).
pub const SEASONED_ACTIONS: i64 = 15;

/// BiA vehicle armour values (rules/bia/armour.rs, copied).
pub const ARMOUR: [(VehicleKind, i64); 6] = [
    (VehicleKind::Unarmoured, 0),
    (VehicleKind::LightTrack, 1),
    (VehicleKind::TrackTank, 3),
    (VehicleKind::Hoverbus, 4),
    (VehicleKind::Hovercar, 4),
    (VehicleKind::Hovertank, 6),
];

/// BiA hit effects (rules/bia/hit_effects.rs, copied): row, hits to become
/// ineffective, hits to be destroyed.
pub const HIT_EFFECTS: [(&str, i64, i64); 8] = [
    ("civilians", 10, 50),
    ("recruits", 10, 30),
    ("militia", 3, 8),
    ("lta", 2, 4),
    ("hma", 2, 4),
    ("marines", 4, 4),
    ("special_forces", 2, 2),
    ("vehicle_crews", 2, 4),
];

/// Grids one move action covers, from the BiA tactical move in cm
/// (rules/bia/movement.rs: infantry 5, MA 4, LTA 7, HMA 12, wheeled
/// cross-country 5, tracked 15, hover 35) divided by 5, at least 1.
pub const MOVE_GRIDS: [(&str, i64, i64); 7] = [
    ("infantry", 5, 1),
    ("ma", 4, 1),
    ("lta", 7, 1),
    ("hma", 12, 2),
    ("wheeled", 5, 1),
    ("tracked", 15, 3),
    ("hover", 35, 7),
];

/// A stand as an element, with what the battle needs beside the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mapped {
    pub element: Element,
    /// Added to every attack (officer figure).
    pub officer_bonus: i64,
    /// Vehicle armour (0 for people).
    pub armour: i64,
    /// People in HMA or MA (harmed only by penetration or blast).
    pub hard_infantry: bool,
    pub vehicle: bool,
    /// Grids a move action covers over open ground (0: it does not move).
    pub move_grids: i64,
    /// Total hits (carried in + this battle) at which the stand withdraws.
    pub ineffective_at: i64,
    /// Total hits at which it is destroyed.
    pub destroyed_at: i64,
}

fn seasoned(s: &StandSetup) -> bool {
    s.actions >= SEASONED_ACTIONS
}

fn crewed(s: &StandSetup) -> bool {
    matches!(s.stand_type, StandType::Vehicle | StandType::Aircraft)
}

/// Combat skill: 20 + 10 × the BiA firer modifier of the training, +10 for
/// seasoned or veteran.
pub fn combat_skill(training: Training, seasoned: bool) -> i64 {
    let step = match training {
        Training::Civilian | Training::Recruits => -2,
        Training::Trained => -1,
        Training::Regular => 0,
        Training::SpecialForces => 1,
    };
    BASE_COMBAT_SKILL + 10 * step + if seasoned { 10 } else { 0 }
}

/// Evasion before any modifier: equal attack and defence bonuses (49.5 % to
/// hit) then stand for a BiA shot that needs a 6 on the d10 (50 %).
pub const BASE_EVASION: i64 = 60;

/// Evasion: the base less 10 × the BiA target modifier of the stand —
/// civilians and recruits 50, trained or regular 60, seasoned, veteran or
/// special forces 70. Vehicles and aircraft 50 (BiA's stationary vehicle +1,
/// the usual case).
pub fn evasion(training: Training, seasoned: bool, crewed: bool) -> i64 {
    let step = if crewed {
        1
    } else if seasoned || training == Training::SpecialForces {
        -1
    } else if training <= Training::Recruits {
        1
    } else {
        0
    };
    BASE_EVASION - 10 * step
}

/// Protective value: 10 × the BiA armour step for people, 10 × armour for vehicles.
pub fn protective(equipment: Option<Equipment>, armour: Option<i64>) -> i64 {
    if let Some(a) = armour {
        return 10 * a;
    }
    match equipment {
        Some(Equipment::Lta) => 10,
        Some(Equipment::Hma | Equipment::Ma) => 30,
        _ => 0,
    }
}

fn armour_of(v: Option<VehicleKind>) -> i64 {
    v.and_then(|v| ARMOUR.iter().find(|(k, _)| *k == v))
        .map(|(_, a)| *a)
        .unwrap_or(0)
}

fn hit_row(s: &StandSetup) -> &'static str {
    if crewed(s) {
        return "vehicle_crews";
    }
    match s.training {
        Training::Civilian => "civilians",
        Training::Recruits => "recruits",
        Training::SpecialForces => "special_forces",
        _ => match s.equipment {
            Some(Equipment::Ma) => "marines",
            Some(Equipment::Hma) => "hma",
            Some(Equipment::Lta) => "lta",
            _ => "militia",
        },
    }
}

/// The hit-effects thresholds of a stand: (ineffective, destroyed).
pub fn thresholds(s: &StandSetup) -> (i64, i64) {
    let row = hit_row(s);
    HIT_EFFECTS
        .iter()
        .find(|(r, _, _)| *r == row)
        .map(|(_, i, d)| (*i, *d))
        .expect("every row is in the table")
}

fn mover(s: &StandSetup) -> &'static str {
    match (s.stand_type, s.vehicle) {
        (StandType::Artillery, _) => "none",
        (StandType::Aircraft, _)
        | (
            StandType::Vehicle,
            Some(VehicleKind::Hovertank | VehicleKind::Hovercar | VehicleKind::Hoverbus),
        ) => "hover",
        (StandType::Vehicle, Some(VehicleKind::TrackTank | VehicleKind::LightTrack)) => "tracked",
        (StandType::Vehicle, _) => "wheeled",
        _ => match s.equipment {
            Some(Equipment::Hma) => "hma",
            Some(Equipment::Ma) => "ma",
            Some(Equipment::Lta) => "lta",
            _ => "infantry",
        },
    }
}

/// Grids per move action for a stand.
pub fn move_grids(s: &StandSetup) -> i64 {
    let m = mover(s);
    MOVE_GRIDS
        .iter()
        .find(|(k, _, _)| *k == m)
        .map(|(_, _, g)| *g)
        .unwrap_or(0)
}

/// The whole mapping of one stand.
pub fn map(s: &StandSetup) -> Mapped {
    let crewed = crewed(s);
    let armour = if crewed { armour_of(s.vehicle) } else { 0 };
    let (ineffective_at, destroyed_at) = thresholds(s);
    Mapped {
        element: Element {
            combat_skill: combat_skill(s.training, seasoned(s)),
            evasion: evasion(s.training, seasoned(s), crewed),
            protective: protective(s.equipment, crewed.then_some(armour)),
            weapon: s
                .weapon
                .map(|w| weapons::best_value(w).max(air::best_ad_value(w)))
                .unwrap_or(0),
            life_levels: if crewed { 1 } else { (s.men - s.hits).max(0) },
            action_points: ACTION_POINTS,
        },
        officer_bonus: if s.officer { OFFICER_BONUS } else { 0 },
        armour,
        hard_infantry: !crewed && matches!(s.equipment, Some(Equipment::Hma | Equipment::Ma)),
        vehicle: crewed,
        move_grids: move_grids(s),
        ineffective_at,
        destroyed_at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::setup::MoraleNumber;
    use crate::core::kinds::Weapon;

    pub(crate) fn stand(training: Training, actions: i64, eq: Option<Equipment>) -> StandSetup {
        StandSetup {
            code: "s".into(),
            unit: "u".into(),
            command: "c".into(),
            stand_type: StandType::Infantry,
            training,
            actions,
            equipment: eq,
            vehicle: None,
            speed: None,
            weapon: Some(Weapon::SlaSquad),
            men: 8,
            hits: 1,
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
        }
    }

    #[test]
    fn skills_by_training_and_experience() {
        let cs = [
            (Training::Civilian, 0),
            (Training::Recruits, 0),
            (Training::Trained, 10),
            (Training::Regular, 20),
            (Training::SpecialForces, 30),
        ];
        for (t, v) in cs {
            assert_eq!(combat_skill(t, false), v, "{t:?}");
            assert_eq!(combat_skill(t, true), v + 10, "{t:?} seasoned");
        }
        assert_eq!(evasion(Training::Civilian, false, false), 50);
        assert_eq!(evasion(Training::Recruits, false, false), 50);
        assert_eq!(evasion(Training::Trained, false, false), 60);
        assert_eq!(evasion(Training::Regular, false, false), 60);
        assert_eq!(evasion(Training::Regular, true, false), 70);
        assert_eq!(evasion(Training::SpecialForces, false, false), 70);
        assert_eq!(evasion(Training::SpecialForces, false, true), 50);
    }

    #[test]
    fn protection_by_equipment_and_armour() {
        assert_eq!(protective(Some(Equipment::CivilianWeapons), None), 0);
        assert_eq!(protective(Some(Equipment::AssaultRifles), None), 0);
        assert_eq!(protective(Some(Equipment::Lta), None), 10);
        assert_eq!(protective(Some(Equipment::Hma), None), 30);
        assert_eq!(protective(Some(Equipment::Ma), None), 30);
        assert_eq!(protective(None, Some(6)), 60);
    }

    #[test]
    fn a_regular_lta_squad_and_a_hovertank() {
        let m = map(&stand(Training::Regular, 3, Some(Equipment::Lta)));
        assert_eq!(m.element.combat_skill, 20);
        assert_eq!(m.element.evasion, 60);
        assert_eq!(m.element.protective, 10);
        assert_eq!(m.element.weapon, 80);
        assert_eq!(m.element.life_levels, 7, "8 men, 1 still out");
        assert_eq!(m.element.action_points, 10);
        assert_eq!((m.ineffective_at, m.destroyed_at), (2, 4));
        assert_eq!(m.move_grids, 1);
        assert_eq!(m.element.design_points().total, 20 + 60 + 10 + 80 + 7 + 10);
        let mut t = stand(Training::Regular, 3, None);
        t.stand_type = StandType::Vehicle;
        t.vehicle = Some(VehicleKind::Hovertank);
        t.weapon = Some(Weapon::HovertankGun);
        t.men = 3;
        t.hits = 0;
        let m = map(&t);
        assert_eq!(m.element.life_levels, 1);
        assert_eq!(m.element.protective, 60);
        assert_eq!(m.armour, 6);
        assert_eq!(m.move_grids, 7);
        assert!(m.vehicle);
    }

    #[test]
    fn copied_tables() {
        let mut s = stand(Training::Trained, 0, Some(Equipment::AssaultRifles));
        assert_eq!(thresholds(&s), (3, 8));
        s.training = Training::Civilian;
        assert_eq!(thresholds(&s), (10, 50));
        s.training = Training::Regular;
        s.equipment = Some(Equipment::Ma);
        assert_eq!(thresholds(&s), (4, 4));
        assert!(map(&s).hard_infantry);
        assert_eq!(map(&s).move_grids, 1);
        s.equipment = Some(Equipment::Hma);
        assert_eq!(map(&s).move_grids, 2);
        assert_eq!(MOVE_GRIDS.map(|(_, cm, g)| (cm / 5).max(1) == g), [true; 7]);
    }
}
