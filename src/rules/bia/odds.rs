//! Exact odds of BiA's dice questions, for the rule queries asked without
//! `--roll` (SPEC 11): every face of the d10, every pair of the 2d6, pushed
//! through the same functions a given roll goes through, and counted. No
//! sampling, so the answers are the rules' own fractions.

use super::armour::{penetrate, PenetrationResult};
use super::casualty_table::casualty_checked;
use super::fire::{fire, FireOutcome, NamedModifier};
use super::morale_test::{group_test, stand_test, GroupResult, StandResult};
use super::RuleError;
use crate::core::kinds::{Armour, Severity, VehicleKind, Weapon};

/// The d10 as BiA reads it for fire and penetration.
const D10: std::ops::RangeInclusive<i64> = 1..=10;

/// The 36 equally likely 2d6 totals.
fn two_d6() -> impl Iterator<Item = i64> {
    (1..=6).flat_map(|a| (1..=6).map(move |b| a + b))
}

/// Counts of each outcome in `order` (every one present, 0 when it never
/// happens), divided once by `n`.
fn rates<T: PartialEq + Copy>(order: &[T], outcomes: &[T]) -> Vec<(T, f64)> {
    let n = outcomes.len() as f64;
    order
        .iter()
        .map(|o| {
            let count = outcomes.iter().filter(|x| *x == o).count();
            (*o, count as f64 / n)
        })
        .collect()
}

/// One shot's odds: the shot as resolved on a 1 (band, hit number,
/// modifiers, penetration), and the chance of each number of hits from none
/// to the most a 10 gives.
pub fn fire_odds(
    weapon: Weapon,
    range_cm: i64,
    modifiers: &[NamedModifier],
) -> Result<(FireOutcome, Vec<(i64, f64)>), RuleError> {
    let shots = D10
        .map(|r| fire(weapon, range_cm, r, modifiers.to_vec()))
        .collect::<Result<Vec<_>, _>>()?;
    let hits: Vec<i64> = shots.iter().map(|s| s.hits).collect();
    let most = hits.iter().copied().max().unwrap_or(0);
    let order: Vec<i64> = (0..=most).collect();
    Ok((shots[0].clone(), rates(&order, &hits)))
}

/// A hit on a vehicle: its penetration and armour, and the chance of each
/// result.
pub type PenetrationOdds = (Option<i64>, i64, Vec<(PenetrationResult, f64)>);

pub fn penetration_odds(
    weapon: Weapon,
    range_cm: i64,
    vehicle: VehicleKind,
) -> Result<PenetrationOdds, RuleError> {
    let rolls = D10
        .map(|r| penetrate(weapon, range_cm, vehicle, r))
        .collect::<Result<Vec<_>, _>>()?;
    let results: Vec<PenetrationResult> = rolls.iter().map(|p| p.result).collect();
    let order = [
        PenetrationResult::NoEffect,
        PenetrationResult::Killed,
        PenetrationResult::Exploded,
    ];
    Ok((
        rolls[0].penetration,
        rolls[0].armour,
        rates(&order, &results),
    ))
}

/// A stand's morale test: the chance of each of its four results.
pub fn stand_test_odds(
    morale: i64,
    modifiers: &[i64],
) -> Result<Vec<(StandResult, f64)>, RuleError> {
    let results = two_d6()
        .map(|r| stand_test(morale, r, modifiers).map(|t| t.result))
        .collect::<Result<Vec<_>, _>>()?;
    let order = [
        StandResult::CarryOn,
        StandResult::NoCloser,
        StandResult::Retire,
        StandResult::Surrender,
    ];
    Ok(rates(&order, &results))
}

/// A group's morale test: carry on or withdraw.
pub fn group_test_odds(
    morale: i64,
    modifiers: &[i64],
) -> Result<Vec<(GroupResult, f64)>, RuleError> {
    let results = two_d6()
        .map(|r| group_test(morale, r, modifiers).map(|t| t.result))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rates(
        &[GroupResult::CarryOn, GroupResult::Withdraw],
        &results,
    ))
}

/// One hit person on the casualty table: the chance of each severity.
pub fn casualty_odds(armour: Armour) -> Result<Vec<(Severity, f64)>, RuleError> {
    let results = (0..=9)
        .map(|r| casualty_checked(armour, r))
        .collect::<Result<Vec<_>, _>>()?;
    let order = [
        Severity::Unharmed,
        Severity::Scratch,
        Severity::Light,
        Severity::Serious,
        Severity::Mortal,
        Severity::Dead,
    ];
    Ok(rates(&order, &results))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(modifier: i64) -> NamedModifier {
        NamedModifier {
            name: "given".into(),
            modifier,
        }
    }

    fn sums_to_one<T>(p: &[(T, f64)]) {
        let total: f64 = p.iter().map(|(_, r)| r).sum();
        assert!((total - 1.0).abs() < 1e-12, "{total}");
    }

    #[test]
    fn fire_odds_count_the_faces_of_the_d10() {
        // SLA squad at 12 cm: 15 cm band, hit 4. In HMA -3, officer +1: the
        // modified roll is d10 - 2. 1..5 miss, 6..9 one hit, 10 (= 8) two.
        let (shot, p) = fire_odds(Weapon::SlaSquad, 12, &[named(-3), named(1)]).unwrap();
        assert_eq!((shot.band, shot.hit_number), (15, 4));
        assert_eq!(p, vec![(0, 0.5), (1, 0.4), (2, 0.1)]);
        // At 5 cm the hit number is 2: 1 misses, then a hit per two pips.
        let (_, p) = fire_odds(Weapon::SlaSquad, 5, &[]).unwrap();
        assert_eq!(
            p,
            vec![(0, 0.1), (1, 0.2), (2, 0.2), (3, 0.2), (4, 0.2), (5, 0.1)]
        );
        sums_to_one(&p);
        // Beyond the weapon's reach is refused, as with a roll.
        assert!(fire_odds(Weapon::Rifles, 31, &[]).is_err());
    }

    #[test]
    fn penetration_odds_against_armour() {
        use PenetrationResult::*;
        // Tank gun at 60 cm: penetration -2 against hovertank armour 6: a
        // 9 or 10 (totals 7, 8) kills; nothing reaches 13 to explode.
        let (pen, armour, p) =
            penetration_odds(Weapon::TankGun, 60, VehicleKind::Hovertank).unwrap();
        assert_eq!((pen, armour), (Some(-2), 6));
        assert_eq!(p, vec![(NoEffect, 0.8), (Killed, 0.2), (Exploded, 0.0)]);
        // Tank gun at 5 cm: +4 against a tracked tank (3): always through,
        // and 6..10 (totals 10..14, over 3 + 6) explode.
        let (_, _, p) = penetration_odds(Weapon::TankGun, 5, VehicleKind::TrackTank).unwrap();
        assert_eq!(p, vec![(NoEffect, 0.0), (Killed, 0.5), (Exploded, 0.5)]);
        // Rifles have no penetration: nothing against any armour.
        let (_, _, p) = penetration_odds(Weapon::Rifles, 10, VehicleKind::LightTrack).unwrap();
        assert_eq!(p[0], (NoEffect, 1.0));
    }

    #[test]
    fn morale_odds_count_the_thirty_six_pairs() {
        use StandResult::*;
        // Morale 7, no modifier: 7+ passes (21/36); 4..6 fall 1..3 short
        // (3+4+5 = 12); 2..3 fall 4..5 short (1+2 = 3); nothing 7 short.
        let p = stand_test_odds(7, &[]).unwrap();
        assert_eq!(
            p,
            vec![
                (CarryOn, 21.0 / 36.0),
                (NoCloser, 12.0 / 36.0),
                (Retire, 3.0 / 36.0),
                (Surrender, 0.0)
            ]
        );
        // Morale 9 at -4: the modified roll is 2d6 - 4, never 9; 10..12 fall
        // 1..3 short (6), 7..9 fall 4..6 short (15), 2..6 fall 7+ short (15).
        let p = stand_test_odds(9, &[-4]).unwrap();
        assert_eq!(
            p,
            vec![
                (CarryOn, 0.0),
                (NoCloser, 6.0 / 36.0),
                (Retire, 15.0 / 36.0),
                (Surrender, 15.0 / 36.0)
            ]
        );
        // Groups: morale 5 at -4 carries on on 9+ (10/36); morale 9 at -8
        // cannot pass (the review's crater-rim test).
        assert_eq!(
            group_test_odds(5, &[-4]).unwrap(),
            vec![
                (GroupResult::CarryOn, 10.0 / 36.0),
                (GroupResult::Withdraw, 26.0 / 36.0)
            ]
        );
        assert_eq!(group_test_odds(9, &[-8]).unwrap()[1].1, 1.0);
        assert!(stand_test_odds(0, &[]).is_err());
    }

    #[test]
    fn casualty_odds_read_the_row() {
        use Severity::*;
        // HMA/MA row (L510): unharmed 0-1, scratch 2-4, light 5-6, serious 7,
        // mortal 8, dead 9.
        assert_eq!(
            casualty_odds(Armour::Hma).unwrap(),
            vec![
                (Unharmed, 0.2),
                (Scratch, 0.3),
                (Light, 0.2),
                (Serious, 0.1),
                (Mortal, 0.1),
                (Dead, 0.1)
            ]
        );
    }
}
