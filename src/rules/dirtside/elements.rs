//! How a campaign stand becomes a Dirtside element: infantry teams by their
//! armour and weapon, vehicles by a data table per vehicle kind (the text
//! leaves vehicle design to a chapter it does not include), with a campaign's
//! per-stand override through the `stand.CODE` option.

use serde::Serialize;

use super::chits::ArmourKind;
use super::fire_control::FireControl;
use super::infantry::{Class, Role};
use super::missiles::Grade;
use super::movement::Mobility;
use super::weapons::{System, Weapon};
use crate::battle::setup::StandSetup;
use crate::core::kinds::{Equipment, StandType, VehicleKind, Weapon as CampaignWeapon};

/// A vehicle's design numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct VehicleStats {
    /// Effective signature 1..5 (size class, no stealth).
    pub signature: i64,
    pub armour: i64,
    pub armour_kind: ArmourKind,
    pub fire_control: FireControl,
    pub mobility: Mobility,
    /// Carries an APSW beside its main weapon.
    pub apsw: bool,
    pub ecm: Option<Grade>,
    /// Guidance of its missiles, if it fires any.
    pub guidance: Grade,
}

const fn v(
    signature: i64,
    armour: i64,
    fc: FireControl,
    mobility: Mobility,
    apsw: bool,
) -> VehicleStats {
    VehicleStats {
        signature,
        armour,
        armour_kind: ArmourKind::Normal,
        fire_control: fc,
        mobility,
        apsw,
        ecm: None,
        guidance: Grade::Basic,
    }
}

/// Design numbers per campaign vehicle kind (docs/rules-decisions.md), in
/// BiA's order: DS2 armour follows BiA armour (0, 1, 3, 4, 6 → 0, 1, 3, 4,
/// 5), signature the vehicle's size, fire control the gun's accuracy.
#[rustfmt::skip]
pub const VEHICLE_TABLE: [(VehicleKind, VehicleStats); 6] = [
    (VehicleKind::Unarmoured, v(2, 0, FireControl::Basic, Mobility::WheeledHigh, false)),
    (VehicleKind::LightTrack, v(2, 1, FireControl::Basic, Mobility::TrackedFast, true)),
    (VehicleKind::TrackTank, v(4, 3, FireControl::Enhanced, Mobility::TrackedSlow, true)),
    (VehicleKind::Hoverbus, v(3, 4, FireControl::Basic, Mobility::GevSlow, false)),
    (VehicleKind::Hovercar, v(2, 4, FireControl::Basic, Mobility::GevFast, false)),
    (VehicleKind::Hovertank, v(4, 5, FireControl::Superior, Mobility::GevFast, true)),
];

/// An aircraft fights as a low-flying attack VTOL.
pub const AIRCRAFT: VehicleStats = v(2, 2, FireControl::Enhanced, Mobility::VtolAttack, false);

pub fn vehicle_stats(kind: VehicleKind) -> VehicleStats {
    VEHICLE_TABLE
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, s)| *s)
        .unwrap_or(VEHICLE_TABLE[0].1)
}

/// The Dirtside weapon a vehicle's campaign weapon becomes.
pub const VEHICLE_WEAPONS: [(CampaignWeapon, System, u8); 17] = [
    (CampaignWeapon::TankGun, System::Hkp, 3),
    (CampaignWeapon::HovertankGun, System::Mdc, 5),
    (CampaignWeapon::VehCannon, System::Rfac, 2),
    (CampaignWeapon::VehHmg, System::Apsw, 0),
    (CampaignWeapon::VehLmg, System::Apsw, 0),
    (CampaignWeapon::AtMissile, System::Gms, 3),
    (CampaignWeapon::HeMissile, System::Slam, 3),
    // Air defence against ground targets counts as an RFAC/2.
    (CampaignWeapon::VehicleSam, System::Rfac, 2),
    (CampaignWeapon::HeavySam, System::Rfac, 2),
    (CampaignWeapon::MultiCannon, System::Rfac, 2),
    (CampaignWeapon::OtherGuided, System::Rfac, 2),
    (CampaignWeapon::Manpad, System::Rfac, 2),
    (CampaignWeapon::SlaSupport, System::Apsw, 0),
    (CampaignWeapon::SlaSquad, System::Apsw, 0),
    (CampaignWeapon::Rifles, System::Apsw, 0),
    (CampaignWeapon::LightSmallArms, System::Apsw, 0),
    (CampaignWeapon::MarineSca, System::Apsw, 0),
];

pub fn vehicle_weapon(w: CampaignWeapon) -> Weapon {
    VEHICLE_WEAPONS
        .iter()
        .find(|(k, _, _)| *k == w)
        .map(|(_, system, class)| Weapon {
            system: *system,
            class: *class,
        })
        .unwrap_or(Weapon {
            system: System::Apsw,
            class: 0,
        })
}

/// Whether a campaign weapon is air defence (it also shields against missiles).
pub fn is_ads(w: CampaignWeapon) -> bool {
    matches!(
        w,
        CampaignWeapon::VehicleSam
            | CampaignWeapon::HeavySam
            | CampaignWeapon::MultiCannon
            | CampaignWeapon::OtherGuided
    )
}

/// An infantry team's kind from its armour: HMA and MA powered, civilian
/// weapons militia, the rest line.
pub fn infantry_class(e: Option<Equipment>) -> Class {
    match e {
        Some(Equipment::Hma | Equipment::Ma) => Class::Powered,
        Some(Equipment::CivilianWeapons) => Class::Militia,
        _ => Class::Line,
    }
}

/// A team's role from its weapon; what a specialist team fires, if anything.
pub fn infantry_role(w: Option<CampaignWeapon>) -> (Role, Option<Weapon>) {
    use CampaignWeapon as W;
    match w {
        None | Some(W::SlaSquad | W::Rifles | W::LightSmallArms | W::MarineSca) => {
            (Role::Rifle, None)
        }
        Some(W::SlaSupport | W::VehHmg | W::VehLmg) => (Role::Apsw, None),
        Some(W::AtMissile) => (
            Role::Specialist,
            Some(Weapon {
                system: System::Gms,
                class: 3,
            }),
        ),
        Some(_) => (Role::Specialist, None),
    }
}

/// What an element is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "is", rename_all = "snake_case")]
pub enum Make {
    Team {
        class: Class,
        role: Role,
        /// A missile crew's launcher.
        launcher: Option<Weapon>,
        /// Carries IAVRs (line and powered rifle teams).
        iavr: bool,
    },
    Vehicle {
        stats: VehicleStats,
        weapon: Weapon,
        ads: bool,
        aircraft: bool,
    },
}

impl Make {
    pub fn is_vehicle(&self) -> bool {
        matches!(self, Make::Vehicle { .. })
    }

    /// A vehicle's armour; a team has none.
    pub fn armour(&self) -> Option<i64> {
        match self {
            Make::Vehicle { stats, .. } => Some(stats.armour),
            Make::Team { .. } => None,
        }
    }
}

/// The per-stand override option: `stand.CODE`.
pub fn override_key(code: &str) -> String {
    format!("stand.{code}")
}

/// Checks an override's text without a stand to apply it to.
pub fn check_override(text: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err("give at least one KEY=VALUE, e.g. armour=4".into());
    }
    let mut stats = VEHICLE_TABLE[0].1;
    let mut weapon = Weapon::parse("apsw")?;
    apply_override(&mut stats, &mut weapon, text)
}

/// Applies `signature=3,armour=4,fire_control=enhanced,weapon=hkp/4,
/// mobility=tracked_slow,apsw=true,armour_kind=reactive,ecm=basic` to a vehicle.
pub fn apply_override(
    stats: &mut VehicleStats,
    weapon: &mut Weapon,
    text: &str,
) -> Result<(), String> {
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, val) = part
            .split_once('=')
            .ok_or_else(|| format!("`{part}`: write KEY=VALUE"))?;
        let num = || {
            val.parse::<i64>()
                .map_err(|_| format!("`{part}`: a whole number is wanted"))
        };
        let grade = |s: &str| match s {
            "basic" => Ok(Grade::Basic),
            "enhanced" => Ok(Grade::Enhanced),
            "superior" => Ok(Grade::Superior),
            _ => Err(format!("`{part}`: basic, enhanced or superior")),
        };
        match k.trim() {
            "signature" => stats.signature = num()?.clamp(1, 5),
            "armour" => stats.armour = num()?.max(0),
            "fire_control" => stats.fire_control = FireControl::parse(val)?,
            "weapon" => *weapon = Weapon::parse(val)?,
            "mobility" => stats.mobility = Mobility::parse(val)?,
            "apsw" => stats.apsw = val == "true" || val == "yes",
            "armour_kind" => {
                stats.armour_kind = match val {
                    "normal" => ArmourKind::Normal,
                    "reactive" => ArmourKind::Reactive,
                    "ablative" => ArmourKind::Ablative,
                    _ => return Err(format!("`{part}`: normal, reactive or ablative")),
                }
            }
            "ecm" => {
                stats.ecm = if val == "none" {
                    None
                } else {
                    Some(grade(val)?)
                }
            }
            "guidance" => stats.guidance = grade(val)?,
            other => return Err(format!("unknown vehicle stat `{other}`")),
        }
    }
    Ok(())
}

/// The element a stand fights as; `over` is the campaign's override, if any.
pub fn make(s: &StandSetup, over: Option<&str>) -> Result<Make, String> {
    let crewed = match s.stand_type {
        StandType::Vehicle => Some((
            s.vehicle.map(vehicle_stats).unwrap_or(VEHICLE_TABLE[0].1),
            false,
        )),
        StandType::Aircraft => Some((AIRCRAFT, true)),
        // An artillery stand is its weapon on an unarmoured mount: an air
        // defence site is an ADS (area defence, and an RFAC/2 against ground
        // targets, L163); any other gun or launcher fires as it would from a
        // vehicle. The excerpt has no indirect-fire rules to give it instead.
        StandType::Artillery => Some((VEHICLE_TABLE[0].1, false)),
        _ => None,
    };
    match crewed {
        Some((mut stats, aircraft)) => {
            let mut weapon = s.weapon.map(vehicle_weapon).unwrap_or(Weapon {
                system: System::Apsw,
                class: 0,
            });
            if let Some(text) = over {
                apply_override(&mut stats, &mut weapon, text)
                    .map_err(|e| format!("option {}: {e}", override_key(&s.code)))?;
            }
            Ok(Make::Vehicle {
                stats,
                weapon,
                ads: s.weapon.is_some_and(is_ads),
                aircraft,
            })
        }
        None => {
            let class = infantry_class(s.equipment);
            let (role, launcher) = infantry_role(s.weapon);
            Ok(Make::Team {
                class,
                role,
                launcher,
                iavr: role == Role::Rifle && class != Class::Militia,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vehicle_table_as_written_in_the_decisions() {
        let rows: Vec<(i64, i64, &str)> = VEHICLE_TABLE
            .iter()
            .map(|(_, s)| (s.signature, s.armour, s.fire_control.name()))
            .collect();
        assert_eq!(
            rows,
            [
                (2, 0, "basic"),
                (2, 1, "basic"),
                (4, 3, "enhanced"),
                (3, 4, "basic"),
                (2, 4, "basic"),
                (4, 5, "superior")
            ]
        );
        assert_eq!(vehicle_weapon(CampaignWeapon::TankGun).to_string(), "hkp/3");
        assert_eq!(
            vehicle_weapon(CampaignWeapon::HovertankGun).to_string(),
            "mdc/5"
        );
        assert_eq!(
            vehicle_weapon(CampaignWeapon::VehCannon).to_string(),
            "rfac/2"
        );
        assert_eq!(vehicle_weapon(CampaignWeapon::VehLmg).to_string(), "apsw");
    }

    #[test]
    fn overrides_and_teams() {
        let mut s = vehicle_stats(VehicleKind::Hovertank);
        let mut w = vehicle_weapon(CampaignWeapon::HovertankGun);
        apply_override(&mut s, &mut w, "armour=5, weapon=hkp/5, ecm=enhanced").unwrap();
        assert_eq!(
            (s.armour, w.to_string(), s.ecm),
            (5, "hkp/5".into(), Some(Grade::Enhanced))
        );
        assert!(apply_override(&mut s, &mut w, "wings=2").is_err());
        assert_eq!(infantry_class(Some(Equipment::Hma)), Class::Powered);
        assert_eq!(infantry_class(Some(Equipment::Lta)), Class::Line);
        assert_eq!(
            infantry_class(Some(Equipment::CivilianWeapons)),
            Class::Militia
        );
        assert_eq!(
            infantry_role(Some(CampaignWeapon::SlaSupport)).0,
            Role::Apsw
        );
        assert_eq!(
            infantry_role(Some(CampaignWeapon::AtMissile)).0,
            Role::Specialist
        );
    }
}
