//! The weapon table (three range bands, each with a firepower die, and an
//! impact die), aiming and overwatch (both double every band), and which FMA
//! weapon each campaign weapon fights as.

use serde::Serialize;

use super::die::{Die, Rated};
use crate::core::kinds::Weapon as CampaignWeapon;

/// The weapons of the text's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    LightPistol,
    HeavyPistol,
    MachinePistol,
    Shotgun,
    CombatRifle,
    GaussAssaultRifle,
    AutoCannon20mm,
}

/// One weapon's row: bands (outer edge in inches, firepower die) close,
/// medium, long; impact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeaponRow {
    pub weapon: Weapon,
    pub name: &'static str,
    pub bands: [(i64, Die); 3],
    pub impact: Rated,
}

const fn row(
    weapon: Weapon,
    name: &'static str,
    bands: [(i64, Die); 3],
    impact: Rated,
) -> WeaponRow {
    WeaponRow {
        weapon,
        name,
        bands,
        impact,
    }
}

use Die::*;
/// `Weapon::row` reads the table by the weapon's place in its enum.
const _: () = {
    let mut i = 0;
    while i < WEAPONS.len() {
        assert!(WEAPONS[i].weapon as usize == i, "rows in the enum's order");
        i += 1;
    }
};

pub const WEAPONS: [WeaponRow; 7] = [
    row(
        Weapon::LightPistol,
        "light pistol",
        [(4, D8), (8, D6), (12, D4)],
        Rated::plain(D6),
    ),
    row(
        Weapon::HeavyPistol,
        "heavy pistol",
        [(6, D8), (12, D6), (18, D4)],
        Rated::plain(D10),
    ),
    row(
        Weapon::MachinePistol,
        "machine pistol",
        [(4, D12), (8, D8), (12, D4)],
        Rated::plain(D8),
    ),
    row(
        Weapon::Shotgun,
        "shotgun",
        [(3, D10), (6, D8), (9, D6)],
        Rated::plain(D6),
    ),
    row(
        Weapon::CombatRifle,
        "combat rifle",
        [(12, D10), (24, D8), (36, D6)],
        Rated::plain(D10),
    ),
    row(
        Weapon::GaussAssaultRifle,
        "gauss assault rifle",
        [(18, D10), (36, D8), (54, D6)],
        Rated::plain(D12),
    ),
    row(
        Weapon::AutoCannon20mm,
        "20mm auto cannon",
        [(24, D8), (48, D6), (72, D4)],
        Rated::Die { die: D12, times: 2 },
    ),
];

/// A range band.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Band {
    Close,
    Medium,
    Long,
}

impl Band {
    pub fn name(self) -> &'static str {
        match self {
            Band::Close => "close",
            Band::Medium => "medium",
            Band::Long => "long",
        }
    }
}

impl Weapon {
    /// Its row, read by index (the resolver asks it of every figure a
    /// search meets): the table lists the weapons in their enum's order.
    #[inline]
    pub fn row(self) -> &'static WeaponRow {
        &WEAPONS[self as usize]
    }
    pub fn name(self) -> &'static str {
        self.row().name
    }
    pub fn impact(self) -> Rated {
        self.row().impact
    }

    /// The band and firepower die at `inches`; aimed (or overwatch) fire
    /// doubles every band. `None` beyond the long band: no shot.
    pub fn band(self, inches: f64, aimed: bool) -> Option<(Band, Die)> {
        let k = if aimed { 2.0 } else { 1.0 };
        [Band::Close, Band::Medium, Band::Long]
            .into_iter()
            .zip(self.row().bands)
            .find(|(_, (edge, _))| inches <= *edge as f64 * k)
            .map(|(b, (_, die))| (b, die))
    }

    /// The farthest a shot reaches.
    pub fn reach(self, aimed: bool) -> f64 {
        self.row().bands[2].0 as f64 * if aimed { 2.0 } else { 1.0 }
    }
}

/// What a figure carries into an FMA battle: a gun, or an explosive launcher.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    Gun(Weapon),
    Rocket,
}

/// The FMA weapon a campaign weapon fights as (bounce's data table; see
/// `docs/rules-decisions.md`). Anti-armour, missile and big-gun weapons are
/// shoulder rockets; crew-served and vehicle automatic weapons are the 20mm
/// cannon; the squad laser and the marines' squad arm are gauss rifles; a
/// stand with no weapon carries pistols.
pub fn campaign_weapon(w: Option<CampaignWeapon>) -> Arm {
    use CampaignWeapon as C;
    match w {
        None => Arm::Gun(Weapon::HeavyPistol),
        Some(C::LightSmallArms) => Arm::Gun(Weapon::HeavyPistol),
        Some(C::Rifles) => Arm::Gun(Weapon::CombatRifle),
        Some(C::SlaSquad | C::MarineSca) => Arm::Gun(Weapon::GaussAssaultRifle),
        Some(C::SlaSupport | C::VehLmg | C::VehHmg | C::VehCannon | C::MultiCannon) => {
            Arm::Gun(Weapon::AutoCannon20mm)
        }
        Some(
            C::HeMissile
            | C::AtMissile
            | C::TankGun
            | C::HovertankGun
            | C::HeavySam
            | C::VehicleSam
            | C::Manpad
            | C::OtherGuided,
        ) => Arm::Rocket,
    }
}

/// Whether a campaign weapon is heavy enough to encumber its carrier.
pub fn heavy(w: Option<CampaignWeapon>) -> bool {
    use CampaignWeapon as C;
    !matches!(
        w,
        None | Some(C::LightSmallArms | C::Rifles | C::SlaSquad | C::MarineSca)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(w: Weapon) -> (Vec<(i64, Die)>, String) {
        (w.row().bands.to_vec(), w.impact().to_string())
    }

    #[test]
    fn every_cell_of_the_weapon_table() {
        assert_eq!(
            cells(Weapon::LightPistol),
            (vec![(4, D8), (8, D6), (12, D4)], "d6".into())
        );
        assert_eq!(
            cells(Weapon::HeavyPistol),
            (vec![(6, D8), (12, D6), (18, D4)], "d10".into())
        );
        assert_eq!(
            cells(Weapon::MachinePistol),
            (vec![(4, D12), (8, D8), (12, D4)], "d8".into())
        );
        assert_eq!(
            cells(Weapon::Shotgun),
            (vec![(3, D10), (6, D8), (9, D6)], "d6".into())
        );
        assert_eq!(
            cells(Weapon::CombatRifle),
            (vec![(12, D10), (24, D8), (36, D6)], "d10".into())
        );
        assert_eq!(
            cells(Weapon::GaussAssaultRifle),
            (vec![(18, D10), (36, D8), (54, D6)], "d12".into())
        );
        assert_eq!(
            cells(Weapon::AutoCannon20mm),
            (vec![(24, D8), (48, D6), (72, D4)], "d12x2".into())
        );
    }

    #[test]
    fn bands_edges_and_aiming() {
        let r = Weapon::CombatRifle;
        assert_eq!(r.band(12.0, false), Some((Band::Close, D10)));
        assert_eq!(r.band(12.5, false), Some((Band::Medium, D8)));
        assert_eq!(r.band(36.0, false), Some((Band::Long, D6)));
        assert_eq!(r.band(37.0, false), None, "beyond long: no shot");
        assert_eq!(
            r.band(24.0, true),
            Some((Band::Close, D10)),
            "aimed doubles"
        );
        assert_eq!(r.band(72.0, true), Some((Band::Long, D6)));
        assert_eq!(r.reach(true), 72.0);
        // The text's assault rifle: 12/24/36 at D10/D8/D6, impact D10; its
        // machine pistol 4/8/12 at D12/D8/D4, impact D8.
        assert_eq!(
            Weapon::MachinePistol.band(3.0, false),
            Some((Band::Close, D12))
        );
    }

    #[test]
    fn campaign_weapons_map() {
        use CampaignWeapon as C;
        assert_eq!(
            campaign_weapon(Some(C::Rifles)),
            Arm::Gun(Weapon::CombatRifle)
        );
        assert_eq!(
            campaign_weapon(Some(C::SlaSquad)),
            Arm::Gun(Weapon::GaussAssaultRifle)
        );
        assert_eq!(
            campaign_weapon(Some(C::SlaSupport)),
            Arm::Gun(Weapon::AutoCannon20mm)
        );
        assert_eq!(campaign_weapon(Some(C::AtMissile)), Arm::Rocket);
        assert_eq!(campaign_weapon(None), Arm::Gun(Weapon::HeavyPistol));
        assert!(heavy(Some(C::SlaSupport)) && !heavy(Some(C::Rifles)));
    }
}
