//! Morale decisions of the campaign, made once for every command that needs
//! them: who counts as poorly equipped, when the enemy counts as treating
//! prisoners well, and each stand's morale number in a battle — every factor in
//! the breakdown, the clamp to 1..9 applied last.

use crate::battle::setup::{BattleSetup, Force, MoraleFactor, MoraleNumber, StandSetup};
use crate::core::kinds::{Contact, Officers, StandType, Supply};
use crate::rules::bia::armour::{can_hurt, civilian, profile};
use crate::rules::bia::morale::{morale_number, BattleContext, MoraleBreakdown, MoraleInput};

/// Less than a quarter of full ammunition counts as poorly equipped.
pub fn low_ammo(ammo: i64, ammo_max: i64) -> bool {
    ammo_max > 0 && ammo * 4 < ammo_max
}

/// The enemy treats prisoners well when every enemy side does (and there is
/// one). Between battles a stand's enemies are all other sides; in a battle,
/// the side it fights.
pub fn enemy_treats_pw_well(enemy_sides: &[bool]) -> bool {
    !enemy_sides.is_empty() && enemy_sides.iter().all(|&well| well)
}

/// The battle-only factors for a stand of `own` facing `enemy`.
pub fn battle_context(stand: &StandSetup, own: &Force, enemy: &Force) -> BattleContext {
    let air = |f: &Force| f.stands.iter().any(|s| s.stand_type == StandType::Aircraft);
    let me = profile(stand);
    BattleContext {
        enemy_air_superiority: air(enemy) && !air(own),
        enemy_cant_kill_us: !enemy
            .stands
            .iter()
            .any(|e| can_hurt(e.weapon, civilian(e.equipment), me)),
        we_cant_kill_enemy: stand.weapon.is_some()
            && !enemy
                .stands
                .iter()
                .any(|e| can_hurt(stand.weapon, civilian(stand.equipment), profile(e))),
    }
}

/// A stand's morale number in a battle against `enemy`.
pub fn stand_morale(stand: &StandSetup, own: &Force, enemy: &Force) -> MoraleNumber {
    let cmd = own.commands.iter().find(|c| c.code == stand.command);
    let input = MoraleInput {
        training: stand.training,
        actions: stand.actions,
        stand_type: stand.stand_type,
        equipment: stand.equipment,
        vehicle: stand.vehicle,
        flags: stand.flags.clone(),
        officers: cmd.map(|c| c.officers).unwrap_or(Officers::Normal),
        supply: cmd.map(|c| c.supply).unwrap_or(Supply::Normal),
        contact: cmd.map(|c| c.contact).unwrap_or(Contact::Normal),
        medical: own.medical,
        enemy_treats_pw_well: own.enemy_treats_pw_well,
        low_ammo: low_ammo(stand.ammo, stand.ammo_max),
        battle: battle_context(stand, own, enemy),
    };
    match morale_number(&input) {
        Ok(b) => number(&b),
        // Training and experience the table has no entry for cannot be stored
        // (validation refuses them); the worst number is the safe reading.
        Err(_) => MoraleNumber {
            base: 9,
            factors: Vec::new(),
            unclamped: 9,
            morale: 9,
        },
    }
}

/// The contract's form of a breakdown.
pub fn number(b: &MoraleBreakdown) -> MoraleNumber {
    MoraleNumber {
        base: b.base,
        factors: b
            .factors
            .iter()
            .map(|f| MoraleFactor {
                name: f.name.to_string(),
                modifier: f.modifier,
                source: serde_json::to_value(f.source)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
            })
            .collect(),
        unclamped: b.unclamped,
        morale: b.morale,
    }
}

/// Works out every stand's morale number for the battle.
pub fn set_battle_morale(setup: &mut BattleSetup) {
    let numbers: Vec<Vec<MoraleNumber>> = [
        (&setup.attacker, &setup.defender),
        (&setup.defender, &setup.attacker),
    ]
    .iter()
    .map(|(own, enemy)| {
        own.stands
            .iter()
            .map(|s| stand_morale(s, own, enemy))
            .collect()
    })
    .collect();
    for (force, numbers) in [&mut setup.attacker, &mut setup.defender]
        .into_iter()
        .zip(numbers)
    {
        for (s, n) in force.stands.iter_mut().zip(numbers) {
            s.morale = n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prisoners_treated_well_only_when_every_enemy_does() {
        assert!(!enemy_treats_pw_well(&[]));
        assert!(enemy_treats_pw_well(&[true]));
        assert!(!enemy_treats_pw_well(&[true, false]));
    }

    #[test]
    fn a_quarter_of_full_ammunition_is_not_poorly_equipped() {
        assert!(!low_ammo(3, 12));
        assert!(low_ammo(2, 12));
        assert!(!low_ammo(0, 0));
    }
}
