//! Morale numbers: the base table by training and experience, the campaign
//! factors, and the number with every reason behind it.

use serde::Serialize;

use super::error::RuleError;
use super::experience::{effective_training, experience};
use crate::core::kinds::{
    Contact, Equipment, Experience, Medical, Officers, StandType, Supply, Training, UnitFlag,
    VehicleKind,
};

/// Base morale by training (rows, worst first) and experience (columns, raw to
/// veteran); `None` where the table has no entry.
pub const BASE_MORALE: [[Option<i32>; 5]; 5] = [
    [Some(6), None, Some(7), None, None],
    [Some(5), None, Some(6), Some(7), Some(8)],
    [None, Some(4), Some(5), Some(6), Some(7)],
    [None, Some(3), Some(4), Some(5), Some(5)],
    [None, Some(2), Some(3), Some(4), Some(5)],
];

/// Morale numbers never go below or above these at the start of a battle.
pub const MORALE_MIN: i32 = 1;
pub const MORALE_MAX: i32 = 9;

/// The base morale table's value for training × experience.
pub fn base_morale(training: Training, exp: Experience) -> Result<i32, RuleError> {
    BASE_MORALE[training as usize][exp as usize].ok_or(RuleError::NoMoraleEntry {
        training: training.as_str(),
        experience: exp.as_str(),
    })
}

/// The campaign morale factors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Factor {
    InHmaOrMa,
    TankOrHoverbusCrew,
    ExcellentMedical,
    ExcellentOfficers,
    EliteUnit,
    EnemyCantKill,
    WellSupplied,
    RegularLeaveMail,
    ReligiousFanatics,
    NoMedicalSupport,
    PoorOfficers,
    EnemyAirSuperiority,
    ScratchUnit,
    NoArmour,
    CantKillEnemy,
    PoorlyEquipped,
    OutOfContact,
    EnemyTreatsPwWell,
}

/// Each factor with its modifier to the morale number (lower is better).
pub const FACTORS: [(Factor, &str, i32); 18] = [
    (Factor::InHmaOrMa, "in_hma_or_ma", -1),
    (Factor::TankOrHoverbusCrew, "tank_or_hoverbus_crew", -2),
    (Factor::ExcellentMedical, "excellent_medical", -1),
    (Factor::ExcellentOfficers, "excellent_officers", -1),
    (Factor::EliteUnit, "elite_unit", -1),
    (Factor::EnemyCantKill, "enemy_cant_kill", -2),
    (Factor::WellSupplied, "well_supplied", -1),
    (Factor::RegularLeaveMail, "regular_leave_mail", -1),
    (Factor::ReligiousFanatics, "religious_fanatics", -2),
    (Factor::NoMedicalSupport, "no_medical_support", 1),
    (Factor::PoorOfficers, "poor_officers", 1),
    (Factor::EnemyAirSuperiority, "enemy_air_superiority", 1),
    (Factor::ScratchUnit, "scratch_unit", 1),
    (Factor::NoArmour, "no_armour", 1),
    (Factor::CantKillEnemy, "cant_kill_enemy", 2),
    (Factor::PoorlyEquipped, "poorly_equipped", 1),
    (Factor::OutOfContact, "out_of_contact", 1),
    (Factor::EnemyTreatsPwWell, "enemy_treats_pw_well", 1),
];

impl Factor {
    fn entry(self) -> (&'static str, i32) {
        let (_, name, m) = FACTORS
            .iter()
            .find(|(f, _, _)| *f == self)
            .expect("every factor is in the table");
        (name, *m)
    }
    pub fn name(self) -> &'static str {
        self.entry().0
    }
    pub fn modifier(self) -> i32 {
        self.entry().1
    }
}

/// Where a factor comes from, so the umpire knows what to change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Equipment,
    Vehicle,
    Unit,
    Command,
    Side,
    Logistics,
    Battle,
}

/// Everything that decides a stand's morale number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoraleInput {
    pub training: Training,
    pub actions: i64,
    pub stand_type: StandType,
    pub equipment: Option<Equipment>,
    pub vehicle: Option<VehicleKind>,
    pub flags: Vec<UnitFlag>,
    pub officers: Officers,
    pub supply: Supply,
    pub contact: Contact,
    pub medical: Medical,
    pub enemy_treats_pw_well: bool,
    /// Less than a quarter of full ammunition left.
    pub low_ammo: bool,
    pub battle: BattleContext,
}

/// Factors that only a battle decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BattleContext {
    pub enemy_air_superiority: bool,
    pub enemy_cant_kill_us: bool,
    pub we_cant_kill_enemy: bool,
}

/// One applied factor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AppliedFactor {
    pub name: &'static str,
    pub modifier: i32,
    pub source: Source,
}

/// A morale number and how it was reached.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoraleBreakdown {
    pub training: Training,
    pub experience: Experience,
    pub base: i32,
    pub factors: Vec<AppliedFactor>,
    pub unclamped: i32,
    pub morale: i32,
}

/// The factors that apply to a stand, each once, in table order of sources.
pub fn factors(input: &MoraleInput) -> Vec<(Factor, Source)> {
    let mut out = Vec::new();
    if matches!(input.equipment, Some(Equipment::Hma | Equipment::Ma)) {
        out.push((Factor::InHmaOrMa, Source::Equipment));
    }
    let unarmoured_people = input.equipment == Some(Equipment::CivilianWeapons)
        && input.stand_type != StandType::Vehicle;
    if unarmoured_people {
        out.push((Factor::NoArmour, Source::Equipment));
    }
    if matches!(
        input.vehicle,
        Some(VehicleKind::TrackTank | VehicleKind::Hovertank | VehicleKind::Hoverbus)
    ) {
        out.push((Factor::TankOrHoverbusCrew, Source::Vehicle));
    }
    for (flag, factor) in [
        (UnitFlag::Elite, Factor::EliteUnit),
        (UnitFlag::Scratch, Factor::ScratchUnit),
        (UnitFlag::Fanatics, Factor::ReligiousFanatics),
    ] {
        if input.flags.contains(&flag) {
            out.push((factor, Source::Unit));
        }
    }
    match input.officers {
        Officers::Excellent => out.push((Factor::ExcellentOfficers, Source::Command)),
        Officers::Poor => out.push((Factor::PoorOfficers, Source::Command)),
        Officers::Normal => {}
    }
    let cut = input.supply == Supply::Cut;
    if input.supply == Supply::Well {
        out.push((Factor::WellSupplied, Source::Command));
    }
    if matches!(input.supply, Supply::Poor | Supply::Cut) {
        out.push((Factor::PoorlyEquipped, Source::Command));
    } else if input.low_ammo {
        out.push((Factor::PoorlyEquipped, Source::Logistics));
    }
    if cut || input.contact == Contact::OutOfContact {
        out.push((Factor::OutOfContact, Source::Command));
    } else if input.contact == Contact::RegularMail {
        out.push((Factor::RegularLeaveMail, Source::Command));
    }
    match input.medical {
        Medical::Excellent => out.push((Factor::ExcellentMedical, Source::Side)),
        Medical::None => out.push((Factor::NoMedicalSupport, Source::Side)),
        Medical::Normal => {}
    }
    if input.enemy_treats_pw_well {
        out.push((Factor::EnemyTreatsPwWell, Source::Side));
    }
    let b = input.battle;
    if b.enemy_air_superiority {
        out.push((Factor::EnemyAirSuperiority, Source::Battle));
    }
    if b.enemy_cant_kill_us {
        out.push((Factor::EnemyCantKill, Source::Battle));
    }
    if b.we_cant_kill_enemy {
        out.push((Factor::CantKillEnemy, Source::Battle));
    }
    out
}

/// The stand's morale number: base, plus every factor, kept within 1..9.
pub fn morale_number(input: &MoraleInput) -> Result<MoraleBreakdown, RuleError> {
    let training = effective_training(input.training, input.actions);
    let exp = experience(training, input.actions);
    let base = base_morale(training, exp)?;
    let applied: Vec<AppliedFactor> = factors(input)
        .into_iter()
        .map(|(f, source)| AppliedFactor {
            name: f.name(),
            modifier: f.modifier(),
            source,
        })
        .collect();
    let unclamped = base + applied.iter().map(|f| f.modifier).sum::<i32>();
    Ok(MoraleBreakdown {
        training,
        experience: exp,
        base,
        factors: applied,
        unclamped,
        morale: unclamped.clamp(MORALE_MIN, MORALE_MAX),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A regular HMA-less infantry stand with nothing special about it.
    fn plain() -> MoraleInput {
        MoraleInput {
            training: Training::Regular,
            actions: 0,
            stand_type: StandType::Infantry,
            equipment: Some(Equipment::Lta),
            vehicle: None,
            flags: vec![],
            officers: Officers::Normal,
            supply: Supply::Normal,
            contact: Contact::Normal,
            medical: Medical::Normal,
            enemy_treats_pw_well: false,
            low_ammo: false,
            battle: BattleContext::default(),
        }
    }

    /// The base morale table as printed, row by row ("-" = no entry).
    const PRINTED: [&str; 5] = [
        "6 - 7 - -",
        "5 - 6 7 8",
        "- 4 5 6 7",
        "- 3 4 5 5",
        "- 2 3 4 5",
    ];

    #[test]
    fn base_table_matches_the_document_cell_by_cell() {
        for (t, row) in PRINTED.iter().enumerate() {
            for (e, cell) in row.split(' ').enumerate() {
                let want = cell.parse::<i32>().ok();
                let got = base_morale(Training::ALL[t], Experience::ALL[e]).ok();
                assert_eq!(got, want, "{} / {}", Training::ALL[t], Experience::ALL[e]);
            }
        }
    }

    #[test]
    fn factor_table_matches_the_document() {
        let printed = [
            ("in_hma_or_ma", -1),
            ("tank_or_hoverbus_crew", -2),
            ("excellent_medical", -1),
            ("excellent_officers", -1),
            ("elite_unit", -1),
            ("enemy_cant_kill", -2),
            ("well_supplied", -1),
            ("regular_leave_mail", -1),
            ("religious_fanatics", -2),
            ("no_medical_support", 1),
            ("poor_officers", 1),
            ("enemy_air_superiority", 1),
            ("scratch_unit", 1),
            ("no_armour", 1),
            ("cant_kill_enemy", 2),
            ("poorly_equipped", 1),
            ("out_of_contact", 1),
            ("enemy_treats_pw_well", 1),
        ];
        for (f, (name, m)) in FACTORS.iter().zip(printed) {
            assert_eq!((f.1, f.2), (name, m));
        }
    }

    #[test]
    fn hma_regulars_with_excellent_support() {
        let input = MoraleInput {
            training: Training::Regular,
            actions: 3,
            equipment: Some(Equipment::Hma),
            officers: Officers::Excellent,
            medical: Medical::Excellent,
            supply: Supply::Well,
            contact: Contact::RegularMail,
            ..plain()
        };
        let m = morale_number(&input).unwrap();
        assert_eq!(m.base, 4);
        assert_eq!(m.unclamped, 4 - 5);
        assert_eq!(m.morale, 1);
    }

    #[test]
    fn cut_supply_is_poorly_equipped_and_out_of_contact_once_each() {
        let input = MoraleInput {
            training: Training::Civilian,
            equipment: Some(Equipment::CivilianWeapons),
            supply: Supply::Cut,
            contact: Contact::OutOfContact,
            low_ammo: true,
            ..plain()
        };
        let m = morale_number(&input).unwrap();
        let names: Vec<_> = m.factors.iter().map(|f| f.name).collect();
        assert_eq!(names, ["no_armour", "poorly_equipped", "out_of_contact"]);
        assert_eq!(m.morale, 6 + 3);
    }

    proptest! {
        #[test]
        fn morale_is_clamped_sum(t in 0usize..5, actions in 0i64..60, eq in 0usize..6, veh in 0usize..7,
                                 fl in 0u8..8, off in 0usize..3, sup in 0usize..4, con in 0usize..3,
                                 med in 0usize..3, pw: bool, low: bool, air: bool, ck: bool, wk: bool) {
            let input = MoraleInput {
                training: Training::ALL[t],
                actions,
                stand_type: StandType::Infantry,
                equipment: Equipment::ALL.get(eq).copied(),
                vehicle: VehicleKind::ALL.get(veh).copied(),
                flags: UnitFlag::ALL.iter().enumerate().filter(|(i, _)| fl & (1 << i) != 0).map(|(_, f)| *f).collect(),
                officers: Officers::ALL[off],
                supply: Supply::ALL[sup],
                contact: Contact::ALL[con],
                medical: Medical::ALL[med],
                enemy_treats_pw_well: pw,
                low_ammo: low,
                battle: BattleContext { enemy_air_superiority: air, enemy_cant_kill_us: ck, we_cant_kill_enemy: wk },
            };
            let m = morale_number(&input).unwrap();
            prop_assert!((1..=9).contains(&m.morale));
            let sum: i32 = m.factors.iter().map(|f| f.modifier).sum();
            prop_assert_eq!(m.unclamped, m.base + sum);
            prop_assert_eq!(m.morale, (m.base + sum).clamp(1, 9));
        }
    }
}
