//! A stand's BiA numbers for the battle setup: the campaign's rulebook read
//! once here, so that a ruleset borrowing BiA's numbers (ACTION maps its
//! elements from them) finds them in the setup and never imports BiA.

use crate::battle::setup::{BandFire, BiaProfile, StandSetup};
use crate::core::kinds::{AircraftSpeed, Experience, StandType};
use crate::rules::bia::air_defence::{ad_entry, attack_range_cm, lock_on_number, system_of};
use crate::rules::bia::armour::{armour_value, civilian};
use crate::rules::bia::experience::experience;
use crate::rules::bia::hit_effects::hit_row;
use crate::rules::bia::movement::{mover, moves};
use crate::rules::bia::range_table::line;

/// What BiA says of `s`.
pub fn of(s: &StandSetup) -> BiaProfile {
    let effects = hit_row(s.stand_type, s.training, s.equipment).effects();
    let weapon_line = s.weapon.and_then(|w| line(w).ok());
    let ad_line = s.weapon.and_then(system_of).map(|a| ad_entry(a).line);
    BiaProfile {
        seasoned: experience(s.training, s.actions) >= Experience::Seasoned,
        armour: s.vehicle.map(armour_value).unwrap_or(0),
        ineffective_at: effects.ineffective,
        destroyed_at: effects.destroyed,
        tactical_move_cm: moves(mover(s.stand_type, s.equipment, s.vehicle)).0,
        bands: weapon_line.map_or([None; 6], |l| {
            l.cells.map(|c| {
                c.map(|c| BandFire {
                    hit: c.hit,
                    pen: c.pen,
                })
            })
        }),
        blast: weapon_line.is_some_and(|l| l.blast),
        civilian_weapons: civilian(s.equipment),
        lock_on: std::array::from_fn(|k| {
            ad_line.and_then(|line| lock_on_number(line, AircraftSpeed::ALL[k]))
        }),
        attack_range_cm: if s.stand_type == StandType::Aircraft {
            attack_range_cm(s.speed.unwrap_or(AircraftSpeed::Slow))
        } else {
            0
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::kinds::{VehicleKind, Weapon};

    fn stand(stand_type: StandType, weapon: Weapon) -> StandSetup {
        StandSetup {
            stand_type,
            weapon: Some(weapon),
            ..StandSetup::example("s")
        }
    }

    #[test]
    fn a_squad_a_hovertank_a_manpad_and_an_aircraft_as_bia_reads_them() {
        let squad = of(&stand(StandType::Infantry, Weapon::SlaSquad));
        assert!(!squad.seasoned);
        assert_eq!((squad.ineffective_at, squad.destroyed_at), (2, 4));
        assert_eq!((squad.armour, squad.tactical_move_cm), (0, 7));
        let bf = |hit, pen| Some(BandFire { hit, pen });
        assert_eq!(
            squad.bands,
            [
                bf(2, Some(2)),
                bf(4, Some(2)),
                bf(4, Some(2)),
                bf(4, None),
                bf(4, None),
                None
            ]
        );
        assert!(!squad.blast && !squad.air_defence());
        let mut t = stand(StandType::Vehicle, Weapon::HovertankGun);
        t.vehicle = Some(VehicleKind::Hovertank);
        t.actions = 15;
        let tank = of(&t);
        assert!(tank.seasoned);
        assert_eq!((tank.armour, tank.tactical_move_cm), (6, 35));
        assert_eq!(tank.bands[5], bf(9, Some(-2)));
        assert!(tank.blast);
        let manpad = of(&stand(StandType::Infantry, Weapon::Manpad));
        assert_eq!(manpad.bands, [None; 6], "no line on the range table");
        // Landing, very slow, slow, fast.
        assert_eq!(manpad.lock_on, [Some(2), Some(4), Some(6), Some(8)]);
        let mut a = stand(StandType::Aircraft, Weapon::HeMissile);
        a.speed = Some(AircraftSpeed::Fast);
        assert_eq!(of(&a).attack_range_cm, 30);
        assert_eq!(squad.attack_range_cm, 0);
    }
}
