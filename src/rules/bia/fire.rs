//! Direct fire: the firing modifiers, which of them a situation brings, and
//! resolving one stand's shot into hits.

use serde::Serialize;

use super::error::{check_roll, RuleError};
use super::range_table::cell;
use crate::core::kinds::{Cover, Equipment, Experience, Training, Weapon};

/// The firing modifiers, applied to the die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FireModifier {
    MovingInfantry,
    FirerRecruitsOrCivilians,
    FirerTrained,
    Officer,
    FirerSpecialForces,
    FirerSeasonedOrVeteran,
    TargetSeasonedVeteranOrSf,
    TargetRecruitsOrCivilians,
    InCover,
    HullDownOrBunker,
    NonTactical,
    StationaryVehicle,
    InHma,
    InLta,
    BlastVsUnarmoured,
    UnarmouredMovingInOpen,
    ChaffOrFlares,
    LockedOn,
    AirEvasive,
}

/// Each modifier with its name and value, firer's first, as the table lists them.
pub const FIRE_MODIFIERS: [(FireModifier, &str, i64); 19] = [
    (FireModifier::MovingInfantry, "moving_infantry", -4),
    (
        FireModifier::FirerRecruitsOrCivilians,
        "firer_recruits_or_civilians",
        -2,
    ),
    (FireModifier::FirerTrained, "firer_trained", -1),
    (FireModifier::Officer, "officer", 1),
    (FireModifier::FirerSpecialForces, "firer_special_forces", 1),
    (
        FireModifier::FirerSeasonedOrVeteran,
        "firer_seasoned_or_veteran",
        1,
    ),
    (
        FireModifier::TargetSeasonedVeteranOrSf,
        "target_seasoned_veteran_or_sf",
        -1,
    ),
    (
        FireModifier::TargetRecruitsOrCivilians,
        "target_recruits_or_civilians",
        1,
    ),
    (FireModifier::InCover, "in_cover", -1),
    (FireModifier::HullDownOrBunker, "hull_down_or_bunker", -2),
    (FireModifier::NonTactical, "non_tactical", 4),
    (FireModifier::StationaryVehicle, "stationary_vehicle", 1),
    (FireModifier::InHma, "in_hma", -3),
    (FireModifier::InLta, "in_lta", -1),
    (FireModifier::BlastVsUnarmoured, "blast_vs_unarmoured", 2),
    (
        FireModifier::UnarmouredMovingInOpen,
        "unarmoured_moving_in_open",
        2,
    ),
    (FireModifier::ChaffOrFlares, "chaff_or_flares", -1),
    (FireModifier::LockedOn, "locked_on", 3),
    (FireModifier::AirEvasive, "air_evasive", -3),
];

impl FireModifier {
    pub fn name(self) -> &'static str {
        self.entry().1
    }
    pub fn value(self) -> i64 {
        self.entry().2
    }
    fn entry(self) -> &'static (FireModifier, &'static str, i64) {
        FIRE_MODIFIERS
            .iter()
            .find(|(m, _, _)| *m == self)
            .expect("every modifier is in the table")
    }
}

/// What about the firing stand changes its die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Firer {
    pub training: Training,
    pub experience: Experience,
    /// Foot soldiers (infantry, commanders, gun crews), as opposed to vehicles and aircraft.
    pub on_foot: bool,
    pub equipment: Option<Equipment>,
    pub moving: bool,
    /// Individually based figures with the stand.
    pub officers: i64,
}

/// What about the target changes the firer's die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub training: Training,
    pub experience: Experience,
    pub on_foot: bool,
    pub is_vehicle: bool,
    pub is_aircraft: bool,
    pub equipment: Option<Equipment>,
    pub cover: Cover,
    pub moving: bool,
    pub non_tactical: bool,
    pub chaff: bool,
    pub locked_on: bool,
    pub evasive: bool,
}

/// The modifiers a shot gets from the firer and the target.
pub fn modifiers(firer: &Firer, target: &Target, blast: bool) -> Vec<FireModifier> {
    let mut out = Vec::new();
    modifiers_into(firer, target, blast, &mut out);
    out
}

fn modifiers_into(firer: &Firer, target: &Target, blast: bool, out: &mut Vec<FireModifier>) {
    use FireModifier::*;
    out.clear();
    let seasoned = |e: Experience| e >= Experience::Seasoned;
    if firer.on_foot && firer.moving && firer.equipment != Some(Equipment::Hma) {
        out.push(MovingInfantry);
    }
    match firer.training {
        Training::Civilian | Training::Recruits => out.push(FirerRecruitsOrCivilians),
        Training::Trained => out.push(FirerTrained),
        Training::SpecialForces => out.push(FirerSpecialForces),
        Training::Regular => {}
    }
    for _ in 0..firer.officers.max(0) {
        out.push(Officer);
    }
    if seasoned(firer.experience) {
        out.push(FirerSeasonedOrVeteran);
    }
    if target.on_foot {
        // Two rows of the target column, each applying on its own, as the
        // firer's training and experience rows do: a seasoned recruit nets 0.
        if seasoned(target.experience) || target.training == Training::SpecialForces {
            out.push(TargetSeasonedVeteranOrSf);
        }
        if target.training <= Training::Recruits {
            out.push(TargetRecruitsOrCivilians);
        }
    }
    if !target.is_aircraft {
        match target.cover {
            Cover::Cover => out.push(InCover),
            Cover::Bunker => out.push(HullDownOrBunker),
            Cover::Open => {}
        }
    }
    if target.non_tactical {
        out.push(NonTactical);
    }
    if target.is_vehicle && !target.moving {
        out.push(StationaryVehicle);
    }
    if target.on_foot {
        match target.equipment {
            Some(Equipment::Hma | Equipment::Ma) => out.push(InHma),
            Some(Equipment::Lta) => out.push(InLta),
            Some(Equipment::CivilianWeapons) => {
                if blast {
                    out.push(BlastVsUnarmoured);
                }
                if target.moving && target.cover == Cover::Open {
                    out.push(UnarmouredMovingInOpen);
                }
            }
            _ => {}
        }
    }
    if target.is_aircraft {
        if target.chaff {
            out.push(ChaffOrFlares);
        }
        if target.locked_on {
            out.push(LockedOn);
        }
        if target.evasive {
            out.push(AirEvasive);
        }
    }
}

/// A firer that brings no modifier of its own, to isolate a target's share.
const NEUTRAL_FIRER: Firer = Firer {
    training: Training::Regular,
    experience: Experience::Raw,
    on_foot: false,
    equipment: None,
    moving: false,
    officers: 0,
};

/// A target that brings no modifier of its own, to isolate a firer's share.
const NEUTRAL_TARGET: Target = Target {
    training: Training::Regular,
    experience: Experience::Raw,
    on_foot: false,
    is_vehicle: false,
    is_aircraft: false,
    equipment: None,
    cover: Cover::Open,
    moving: false,
    non_tactical: false,
    chaff: false,
    locked_on: false,
    evasive: false,
};

/// The firer's share of a shot's modifiers. Every modifier depends on the
/// firer alone or on the target (and blast) alone, so a shot's total is
/// `firer_total + target_total`; auto-resolve works both out once per stand.
pub fn firer_total(firer: &Firer) -> i64 {
    modifiers(firer, &NEUTRAL_TARGET, false)
        .iter()
        .map(|m| m.value())
        .sum()
}

/// The target's share of a shot's modifiers (see `firer_total`).
pub fn target_total(target: &Target, blast: bool) -> i64 {
    modifiers(&NEUTRAL_FIRER, target, blast)
        .iter()
        .map(|m| m.value())
        .sum()
}

/// One named change to the die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NamedModifier {
    pub name: String,
    pub modifier: i64,
}

impl From<FireModifier> for NamedModifier {
    fn from(m: FireModifier) -> Self {
        NamedModifier {
            name: m.name().to_string(),
            modifier: m.value(),
        }
    }
}

/// A resolved shot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FireOutcome {
    pub weapon: Weapon,
    pub range_cm: i64,
    pub band: i64,
    pub hit_number: i64,
    pub roll: i64,
    pub modifiers: Vec<NamedModifier>,
    pub modified_roll: i64,
    pub hits: i64,
    pub penetration: Option<i64>,
    pub blast: bool,
}

/// Hits from a modified roll: none below the hit number, else one per whole
/// multiple of it.
pub fn hits_for(modified_roll: i64, hit_number: i64) -> i64 {
    if modified_roll < hit_number || hit_number <= 0 {
        0
    } else if modified_roll < 2 * hit_number {
        // Most hits are single: no division on the odds' hot path.
        1
    } else {
        modified_roll / hit_number
    }
}

/// Resolves one shot: 1d10 (`roll`) plus modifiers against the weapon's hit
/// number at that range.
pub fn fire(
    weapon: Weapon,
    range_cm: i64,
    roll: i64,
    modifiers: Vec<NamedModifier>,
) -> Result<FireOutcome, RuleError> {
    check_roll("1d10", roll, 1, 10)?;
    let (band, c) = cell(weapon, range_cm)?;
    let blast = super::range_table::line(weapon)?.blast;
    let modified_roll = roll + modifiers.iter().map(|m| m.modifier).sum::<i64>();
    Ok(FireOutcome {
        weapon,
        range_cm,
        band,
        hit_number: c.hit,
        roll,
        modifiers,
        modified_roll,
        hits: hits_for(modified_roll, c.hit),
        penetration: c.pen,
        blast,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn modifier_table_matches_the_document() {
        let printed = [
            -4, -2, -1, 1, 1, 1, -1, 1, -1, -2, 4, 1, -3, -1, 2, 2, -1, 3, -3,
        ];
        for ((_, _, v), want) in FIRE_MODIFIERS.iter().zip(printed) {
            assert_eq!(*v, want);
        }
    }

    #[test]
    fn multiples_of_the_hit_number_are_extra_hits() {
        assert_eq!(hits_for(3, 4), 0);
        assert_eq!(hits_for(4, 4), 1);
        assert_eq!(hits_for(8, 4), 2);
        assert_eq!(hits_for(11, 2), 5);
        assert_eq!(hits_for(-3, 2), 0);
    }

    #[test]
    fn a_shot_with_modifiers() {
        let out = fire(
            Weapon::SlaSquad,
            12,
            7,
            vec![FireModifier::InHma.into(), FireModifier::Officer.into()],
        )
        .unwrap();
        assert_eq!(
            (
                out.band,
                out.hit_number,
                out.modified_roll,
                out.hits,
                out.penetration
            ),
            (15, 4, 5, 1, Some(2))
        );
        assert!(fire(Weapon::SlaSquad, 12, 11, vec![]).is_err());
        assert!(fire(Weapon::SlaSquad, 12, 0, vec![]).is_err());
    }

    #[test]
    fn situations_bring_their_modifiers() {
        let firer = Firer {
            training: Training::Trained,
            experience: Experience::Seasoned,
            on_foot: true,
            equipment: Some(Equipment::Lta),
            moving: true,
            officers: 1,
        };
        let target = Target {
            training: Training::Civilian,
            experience: Experience::Raw,
            on_foot: true,
            is_vehicle: false,
            is_aircraft: false,
            equipment: Some(Equipment::CivilianWeapons),
            cover: Cover::Open,
            moving: true,
            non_tactical: false,
            chaff: false,
            locked_on: false,
            evasive: false,
        };
        let got = modifiers(&firer, &target, true);
        use FireModifier::*;
        assert_eq!(
            got,
            [
                MovingInfantry,
                FirerTrained,
                Officer,
                FirerSeasonedOrVeteran,
                TargetRecruitsOrCivilians,
                BlastVsUnarmoured,
                UnarmouredMovingInOpen
            ]
        );
        let hma = Firer {
            equipment: Some(Equipment::Hma),
            training: Training::Regular,
            experience: Experience::Novice,
            officers: 0,
            ..firer
        };
        assert!(modifiers(&hma, &target, false)
            .iter()
            .all(|m| *m != MovingInfantry));
    }

    #[test]
    fn a_seasoned_recruit_or_civilian_target_gets_both_of_its_rows() {
        use FireModifier::*;
        let rows = |training, experience| {
            let target = Target {
                training,
                experience,
                on_foot: true,
                ..NEUTRAL_TARGET
            };
            let got = modifiers(&NEUTRAL_FIRER, &target, false);
            (got, target_total(&target, false))
        };
        let both = vec![TargetSeasonedVeteranOrSf, TargetRecruitsOrCivilians];
        for training in [Training::Civilian, Training::Recruits] {
            assert_eq!(rows(training, Experience::Seasoned), (both.clone(), 0));
            assert_eq!(rows(training, Experience::Veteran), (both.clone(), 0));
            assert_eq!(
                rows(training, Experience::Raw),
                (vec![TargetRecruitsOrCivilians], 1)
            );
        }
        assert_eq!(
            rows(Training::Trained, Experience::Veteran),
            (vec![TargetSeasonedVeteranOrSf], -1)
        );
        assert_eq!(
            rows(Training::SpecialForces, Experience::Raw),
            (vec![TargetSeasonedVeteranOrSf], -1)
        );
    }

    fn arb_firer() -> impl Strategy<Value = Firer> {
        (
            0usize..5,
            0usize..5,
            any::<bool>(),
            0usize..6,
            any::<bool>(),
            0i64..3,
        )
            .prop_map(|(t, e, on_foot, q, moving, officers)| Firer {
                training: Training::ALL[t],
                experience: Experience::ALL[e],
                on_foot,
                equipment: Equipment::ALL.get(q).copied(),
                moving,
                officers,
            })
    }

    fn arb_target() -> impl Strategy<Value = Target> {
        (
            (0usize..5, 0usize..5, 0usize..6, 0usize..3),
            prop::array::uniform8(any::<bool>()),
        )
            .prop_map(|((t, e, q, c), b)| Target {
                training: Training::ALL[t],
                experience: Experience::ALL[e],
                on_foot: b[0],
                is_vehicle: b[1],
                is_aircraft: b[2],
                equipment: Equipment::ALL.get(q).copied(),
                cover: Cover::ALL[c],
                moving: b[3],
                non_tactical: b[4],
                chaff: b[5],
                locked_on: b[6],
                evasive: b[7],
            })
    }

    proptest! {
        #[test]
        fn a_shot_total_is_the_firers_share_plus_the_targets(f in arb_firer(), t in arb_target(), blast in any::<bool>()) {
            let whole: i64 = modifiers(&f, &t, blast).iter().map(|m| m.value()).sum();
            prop_assert_eq!(whole, firer_total(&f) + target_total(&t, blast));
        }

        #[test]
        fn hits_never_negative_and_grow_with_the_roll(w in 0usize..12, range in 1i64..121, m in -10i64..10, roll in 1i64..10) {
            let weapon = Weapon::ALL[w];
            let mods = vec![NamedModifier { name: "x".into(), modifier: m }];
            let reach = crate::rules::bia::range_table::max_range(weapon);
            match (fire(weapon, range, roll, mods.clone()), fire(weapon, range, roll + 1, mods)) {
                (Ok(a), Ok(b)) => {
                    prop_assert!(a.hits >= 0);
                    prop_assert!(b.hits >= a.hits);
                }
                // Refused only where the weapon cannot reach, never at random.
                (Err(_), Err(_)) => prop_assert!(reach.is_err() || range > reach.unwrap()),
                _ => prop_assert!(false, "one roll refused and the next not"),
            }
        }
    }
}
