//! Armour dice (with toughness), cover dice, armour multipliers (a target
//! whose armour multiplier is larger than the weapon's impact multiplier
//! cannot be suppressed by it), and the armour die of each campaign
//! equipment.

use serde::Serialize;

use super::die::{Die, Rated};
use super::movement::Burden;
use crate::core::kinds::Equipment;

/// Protection worn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Protection {
    NonCombatant,
    Clothing,
    Light,
    Medium,
    Heavy,
    VeryHeavy,
}

/// Protection → armour value.
pub const ARMOUR: [(Protection, Rated); 6] = [
    (Protection::NonCombatant, Rated::Fixed(1)),
    (Protection::Clothing, Rated::plain(Die::D4)),
    (Protection::Light, Rated::plain(Die::D6)),
    (Protection::Medium, Rated::plain(Die::D8)),
    (Protection::Heavy, Rated::plain(Die::D10)),
    (Protection::VeryHeavy, Rated::plain(Die::D12)),
];

impl Protection {
    pub fn armour(self) -> Rated {
        ARMOUR
            .iter()
            .find(|a| a.0 == self)
            .map_or(Rated::Fixed(1), |a| a.1)
    }
}

/// Toughness raises a character's armour die by `steps` (tough 1, very tough
/// 2, incredibly tough 3), never above D12; a fixed value stays as it is.
pub fn tough(armour: Rated, steps: usize) -> Rated {
    match armour {
        Rated::Die { die, times } => Rated::Die {
            die: die.up(steps),
            times,
        },
        fixed => fixed,
    }
}

/// Cover a target is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cover {
    None,
    Soft,
    Hard,
}

impl Cover {
    /// The extra die the target rolls (the higher of it and armour counts).
    pub fn die(self) -> Option<Die> {
        match self {
            Cover::None => None,
            Cover::Soft => Some(Die::D6),
            Cover::Hard => Some(Die::D10),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Cover::None => "none",
            Cover::Soft => "soft",
            Cover::Hard => "hard",
        }
    }
    pub fn parse(s: &str) -> Result<Cover, String> {
        match s {
            "none" | "open" => Ok(Cover::None),
            "soft" => Ok(Cover::Soft),
            "hard" => Ok(Cover::Hard),
            _ => Err(format!("cover is none, soft or hard, not `{s}`")),
        }
    }
}

/// Whether a weapon of `impact` can suppress a target of `armour`.
pub fn can_suppress(armour: Rated, impact: Rated) -> bool {
    armour.multiplier() <= impact.multiplier()
}

/// How heavy PA's armour reads: the text gives D12 in its table (L869, and
/// L883-886) but D12x2 in the one example of the multiplier rule (L760).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HeavyPa {
    /// D12x2: a D12 armour die (so toughness cannot raise it) carrying a ×2
    /// multiplier, which is what lets L751-769 work.
    #[default]
    Doubled,
    /// Plain D12, as the armour table prints it.
    Plain,
}

impl HeavyPa {
    pub fn parse(s: &str) -> Result<HeavyPa, String> {
        match s {
            "d12x2" => Ok(HeavyPa::Doubled),
            "d12" => Ok(HeavyPa::Plain),
            _ => Err(format!("heavy_pa is d12x2 or d12, not `{s}`")),
        }
    }

    /// Heavy PA's armour under this reading.
    pub fn armour(self) -> Rated {
        let die = Protection::VeryHeavy.armour();
        match (self, die) {
            (HeavyPa::Doubled, Rated::Die { die, .. }) => Rated::Die { die, times: 2 },
            _ => die,
        }
    }
}

/// The armour of each campaign equipment (bounce's data table): Marine
/// Armour is heavy PA, read as `heavy`.
pub fn campaign_armour(e: Option<Equipment>, heavy: HeavyPa) -> Rated {
    match e {
        None | Some(Equipment::CivilianWeapons) => Protection::Clothing.armour(),
        Some(Equipment::AssaultRifles) => Protection::Light.armour(),
        Some(Equipment::Lta) => Protection::Medium.armour(),
        Some(Equipment::Hma) => Protection::Heavy.armour(),
        Some(Equipment::Ma) => heavy.armour(),
    }
}

/// How a figure in campaign equipment moves (L670-681): a heavy weapon
/// encumbers its gunner (6"); High Mobility Armour is a "fast" power suit
/// (12": its advantages are "speed, sustainability, ...", BiA L255); Marine
/// Armour, "a lot less manoeuvrable" planetside (BiA L259), a "slow" one
/// (8", like everyone else).
pub fn suit_burden(e: Option<Equipment>, gunner: bool) -> Burden {
    match e {
        _ if gunner => Burden::Encumbered,
        Some(Equipment::Hma) => Burden::Fast,
        _ => Burden::Typical,
    }
}

/// Power armour doubles close-combat rolls.
pub fn powered(e: Option<Equipment>) -> bool {
    matches!(e, Some(Equipment::Hma | Equipment::Ma))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_the_armour_table() {
        let v: Vec<String> = ARMOUR.iter().map(|a| a.1.to_string()).collect();
        assert_eq!(v, vec!["1", "d4", "d6", "d8", "d10", "d12"]);
    }

    #[test]
    fn toughness_climbs_to_d12_at_most() {
        // An incredibly tough character in underwear: D10; in heavy PA: D12.
        assert_eq!(tough(Protection::Clothing.armour(), 3).to_string(), "d10");
        assert_eq!(tough(Protection::VeryHeavy.armour(), 3).to_string(), "d12");
        assert_eq!(tough(Protection::Light.armour(), 1).to_string(), "d8");
        assert_eq!(tough(Protection::Light.armour(), 2).to_string(), "d10");
        assert_eq!(tough(Rated::Fixed(1), 2), Rated::Fixed(1));
    }

    #[test]
    fn cover_dice() {
        assert_eq!(Cover::Soft.die(), Some(Die::D6));
        assert_eq!(Cover::Hard.die(), Some(Die::D10));
        assert_eq!(Cover::None.die(), None);
    }

    #[test]
    fn the_texts_multiplier_example() {
        // Heavy PA at D12x2: a gauss rifle (D12) cannot suppress it, a 20mm
        // cannon (D12x2) can.
        let pa = Rated::Die {
            die: Die::D12,
            times: 2,
        };
        assert!(!can_suppress(pa, Rated::plain(Die::D12)));
        assert!(can_suppress(
            pa,
            Rated::Die {
                die: Die::D12,
                times: 2
            }
        ));
        assert!(can_suppress(Rated::plain(Die::D10), Rated::plain(Die::D6)));
    }

    #[test]
    fn campaign_equipment_maps() {
        let arm = |e| campaign_armour(e, HeavyPa::default()).to_string();
        assert_eq!(arm(Some(Equipment::Hma)), "d10");
        assert_eq!(arm(Some(Equipment::Ma)), "d12x2", "heavy PA, L760");
        assert_eq!(
            campaign_armour(Some(Equipment::Ma), HeavyPa::parse("d12").unwrap()).to_string(),
            "d12",
            "the table's reading, L869"
        );
        assert!(HeavyPa::parse("d10").is_err());
        assert_eq!(arm(Some(Equipment::Lta)), "d8");
        assert_eq!(arm(Some(Equipment::AssaultRifles)), "d6");
        assert_eq!(arm(None), "d4");
        // Toughness cannot raise heavy PA past its D12 die (L883-886).
        assert_eq!(tough(HeavyPa::Doubled.armour(), 2).to_string(), "d12x2");
        assert!(powered(Some(Equipment::Ma)) && !powered(Some(Equipment::Lta)));
        assert_eq!(suit_burden(Some(Equipment::Hma), false).inches(), 12);
        assert_eq!(suit_burden(Some(Equipment::Ma), false).inches(), 8);
        assert_eq!(suit_burden(Some(Equipment::Hma), true).inches(), 6);
        assert_eq!(suit_burden(None, false).inches(), 8);
    }
}
