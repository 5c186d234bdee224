//! Close combat: both figures roll their quality dice; a close-combat weapon
//! doubles the roll and so does power armour (both: four times). The higher
//! score wounds, more than double the other's kills; bounce calls a tie no
//! effect.

use std::collections::BTreeMap;

use serde::Serialize;

use super::die::Die;

/// The outcome, named from the attacker's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Clash {
    AttackerWounds,
    AttackerKills,
    DefenderWounds,
    DefenderKills,
    NoEffect,
}

impl Clash {
    pub fn word(self) -> &'static str {
        match self {
            Clash::AttackerWounds => "attacker_wounds",
            Clash::AttackerKills => "attacker_kills",
            Clash::DefenderWounds => "defender_wounds",
            Clash::DefenderKills => "defender_kills",
            Clash::NoEffect => "no_effect",
        }
    }
}

/// The multiplier of a figure's roll.
pub fn multiplier(weapon: bool, power_armour: bool) -> i64 {
    (if weapon { 2 } else { 1 }) * (if power_armour { 2 } else { 1 })
}

/// The outcome of two scores (rolls already multiplied).
pub fn clash(attacker: i64, defender: i64) -> Clash {
    if attacker > defender {
        if attacker > 2 * defender {
            Clash::AttackerKills
        } else {
            Clash::AttackerWounds
        }
    } else if defender > attacker {
        if defender > 2 * attacker {
            Clash::DefenderKills
        } else {
            Clash::DefenderWounds
        }
    } else {
        Clash::NoEffect
    }
}

/// The chance of each outcome over every face of both dice.
pub fn odds(a: Die, am: i64, d: Die, dm: i64) -> BTreeMap<Clash, f64> {
    let mut counts: BTreeMap<Clash, i64> = BTreeMap::new();
    for x in a.faces() {
        for y in d.faces() {
            *counts.entry(clash(x * am, y * dm)).or_default() += 1;
        }
    }
    let total = (a.sides() * d.sides()) as f64;
    counts
        .into_iter()
        .map(|(k, n)| (k, n as f64 / total))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_texts_power_blade_example() {
        // A Vet PA trooper with a power blade rolls a D10 ×4: 3 → 12 against
        // a Reg figure's D8 roll of 5: more than double, a kill.
        let m = multiplier(true, true);
        assert_eq!(m, 4);
        assert_eq!(clash(3 * m, 5), Clash::AttackerKills);
    }

    #[test]
    fn every_band_of_the_result() {
        assert_eq!(clash(5, 5), Clash::NoEffect);
        assert_eq!(clash(6, 5), Clash::AttackerWounds);
        assert_eq!(clash(10, 5), Clash::AttackerWounds);
        assert_eq!(clash(11, 5), Clash::AttackerKills);
        assert_eq!(clash(3, 4), Clash::DefenderWounds);
        assert_eq!(clash(2, 5), Clash::DefenderKills);
        assert_eq!(multiplier(false, false), 1);
        assert_eq!(multiplier(true, false), 2);
        assert_eq!(multiplier(false, true), 2);
    }

    #[test]
    fn odds_count_every_face() {
        let p = odds(Die::D4, 1, Die::D4, 1);
        assert_eq!(p[&Clash::NoEffect], 4.0 / 16.0);
        // 3v1, 4v1 kill; 2v1, 3v2, 4v2, 4v3 wound.
        assert_eq!(p[&Clash::AttackerKills], 2.0 / 16.0);
        assert_eq!(p[&Clash::AttackerWounds], 4.0 / 16.0);
        assert!((p.values().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
