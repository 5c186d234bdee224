//! How a campaign stand becomes an ACTION element, on the scale one BiA d10
//! step = 10 ACTION points. The BiA facts needed (experience, armour values,
//! tactical moves, hit-effects thresholds, weapons by band) come with the
//! stand, in the `BiaProfile` the campaign works out; rules/action reads
//! nothing of rules/bia.

use serde::Serialize;

use super::design::Element;
use super::range::grids_from_cm;
use super::toughness::{self, Size};
use super::{air, weapons};
use crate::battle::setup::StandSetup;
use crate::core::kinds::{Equipment, StandType, Training, VehicleKind};

/// Action points of every element a turn, for attacks or movement: priced
/// to the 5-minute turn, in which BiA's infantry moves 5 cm = 2 grids.
pub const ACTION_POINTS: i64 = 2;
/// Combat skill of a regular, raw-to-experienced stand.
pub const BASE_COMBAT_SKILL: i64 = 20;
/// Extra attack bonus for an officer figure with the stand (BiA +1 a figure).
pub const OFFICER_BONUS: i64 = 10;
/// Extra defence bonus for defenders in bunkers (BiA hull-down/bunker is two
/// steps against cover's one; the printed −2 for cover stays and this adds the rest).
pub const BUNKER_BONUS: i64 = 20;

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
    /// It moves on the grid (artillery stays put, aircraft fly above it).
    pub mobile: bool,
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

fn mobile(s: &StandSetup) -> bool {
    !matches!(s.stand_type, StandType::Artillery | StandType::Aircraft)
}

/// Movement-only action points: the grids of the stand's BiA tactical move
/// (its 5 minutes' move) beyond what its general points already walk. A
/// hovertank (35 cm, 14 grids) has 12; infantry (5 cm, 2 grids) none. Speed
/// buys movement, never attacks.
pub fn move_points(s: &StandSetup) -> i64 {
    if mobile(s) {
        (grids_from_cm(s.bia.tactical_move_cm) - ACTION_POINTS).max(0)
    } else {
        0
    }
}

/// The Toughness of Objects size of a vehicle or aircraft, by its weight
/// class: a hovercar is a compact car, a truck a truck, an APC, hoverbus or
/// tracked tank a small tank or large truck, a hovertank a large tank; an
/// aircraft (up to 50 tons) X-Large.
pub fn size_of(s: &StandSetup) -> Size {
    if s.stand_type == StandType::Aircraft {
        return Size::XLarge;
    }
    match s.vehicle {
        Some(VehicleKind::Hovercar) => Size::Medium,
        Some(VehicleKind::Unarmoured) | None => Size::Large,
        Some(VehicleKind::LightTrack | VehicleKind::Hoverbus | VehicleKind::TrackTank) => {
            Size::XLarge
        }
        Some(VehicleKind::Hovertank) => Size::Huge,
    }
}

/// Life levels: one a person fit to fight; a vehicle's or aircraft's from
/// its size on the Toughness of Objects table.
pub fn life_levels(s: &StandSetup) -> i64 {
    if crewed(s) {
        toughness::life_levels(size_of(s))
    } else {
        (s.men - s.hits).max(0)
    }
}

/// The whole mapping of one stand.
pub fn map(s: &StandSetup) -> Mapped {
    let crewed = crewed(s);
    let armour = if crewed { s.bia.armour } else { 0 };
    Mapped {
        element: Element {
            combat_skill: combat_skill(s.training, s.bia.seasoned),
            evasion: evasion(s.training, s.bia.seasoned, crewed),
            protective: protective(s.equipment, crewed.then_some(armour)),
            weapon: weapons::best_value(&s.bia).max(air::best_ad_value(&s.bia)),
            life_levels: life_levels(s),
            action_points: ACTION_POINTS,
            move_points: move_points(s),
        },
        officer_bonus: if s.officer { OFFICER_BONUS } else { 0 },
        armour,
        hard_infantry: !crewed && matches!(s.equipment, Some(Equipment::Hma | Equipment::Ma)),
        vehicle: crewed,
        mobile: mobile(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::setup::{BandFire, BiaProfile};
    use crate::core::kinds::VehicleKind;
    use crate::core::kinds::Weapon;

    pub(crate) fn stand(training: Training, actions: i64, eq: Option<Equipment>) -> StandSetup {
        StandSetup {
            training,
            actions,
            equipment: eq,
            hits: 1,
            // BiA's regular LTA squad with SLA, as the campaign works it out.
            bia: BiaProfile {
                ineffective_at: 2,
                destroyed_at: 4,
                tactical_move_cm: 7,
                bands: [
                    Some(BandFire {
                        hit: 2,
                        pen: Some(2),
                    }),
                    Some(BandFire {
                        hit: 4,
                        pen: Some(2),
                    }),
                    Some(BandFire {
                        hit: 4,
                        pen: Some(2),
                    }),
                    Some(BandFire { hit: 4, pen: None }),
                    Some(BandFire { hit: 4, pen: None }),
                    None,
                ],
                ..BiaProfile::default()
            },
            ..StandSetup::example("s")
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
        assert_eq!(m.element.action_points, 2);
        assert_eq!(
            m.element.move_points, 1,
            "7 cm is 3 grids: one more than 2 AP"
        );
        assert_eq!(
            m.element.design_points().total,
            20 + 60 + 10 + 80 + 7 + 2 + 1
        );
        let mut t = stand(Training::Regular, 3, None);
        t.stand_type = StandType::Vehicle;
        t.vehicle = Some(VehicleKind::Hovertank);
        t.weapon = Some(Weapon::HovertankGun);
        t.men = 3;
        t.hits = 0;
        t.bia.armour = 6;
        t.bia.tactical_move_cm = 35;
        let m = map(&t);
        assert_eq!(m.element.life_levels, 8, "a large tank: Toughness 80");
        assert_eq!(m.element.protective, 60);
        assert_eq!(m.armour, 6);
        assert_eq!(
            (m.element.action_points, m.element.move_points),
            (2, 12),
            "35 cm is 14 grids a turn"
        );
        assert!(m.vehicle);
        t.vehicle = Some(VehicleKind::Hovercar);
        assert_eq!(map(&t).element.life_levels, 1, "a compact car: 10");
        t.vehicle = Some(VehicleKind::TrackTank);
        assert_eq!(map(&t).element.life_levels, 4, "a small tank: 40");
    }

    #[test]
    fn bia_numbers_come_from_the_profile() {
        let mut s = stand(Training::Regular, 15, Some(Equipment::Ma));
        s.bia.seasoned = true;
        s.bia.ineffective_at = 4;
        s.bia.destroyed_at = 4;
        s.bia.tactical_move_cm = 4;
        s.bia.armour = 3;
        let m = map(&s);
        assert_eq!(m.element.combat_skill, 30, "seasoned");
        assert!(m.hard_infantry);
        assert_eq!(m.armour, 0, "armour counts for crewed stands only");
        assert_eq!(
            m.element.move_points, 0,
            "4 cm is 2 grids: the 2 AP walk it"
        );
        s.bia.tactical_move_cm = 12;
        assert_eq!(map(&s).element.move_points, 3, "HMA: 5 grids");
        s.stand_type = StandType::Artillery;
        assert_eq!(map(&s).element.move_points, 0, "artillery stays put");
        assert!(!map(&s).mobile);
    }
}
