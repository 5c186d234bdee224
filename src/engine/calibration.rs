//! Standard matchups for checking that auto-resolve gives plausible odds; used by
//! the calibration tests and `examples/calibrate.rs` (docs/calibration.md).

use crate::battle::setup::{BattleSetup, CommandSetup, Force, MoraleNumber, StandSetup, UnitSetup};
use crate::core::kinds::{
    AircraftSpeed, Confidence, Contact, Cover, Equipment, Medical, Officers, StandType, Supply,
    Training, VehicleKind, Weapon,
};

/// A kind of stand for building matchups.
#[derive(Debug, Clone, Copy)]
pub struct Kind {
    pub stand_type: StandType,
    pub training: Training,
    pub actions: i64,
    pub equipment: Option<Equipment>,
    pub vehicle: Option<VehicleKind>,
    pub weapon: Weapon,
    pub men: i64,
}

pub const HMA_REGULARS: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Regular,
    actions: 3,
    equipment: Some(Equipment::Hma),
    vehicle: None,
    weapon: Weapon::SlaSquad,
    men: 4,
};
pub const LTA_TRAINED: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Trained,
    actions: 3,
    equipment: Some(Equipment::Lta),
    vehicle: None,
    weapon: Weapon::SlaSquad,
    men: 8,
};
pub const LTA_REGULARS: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Regular,
    actions: 8,
    equipment: Some(Equipment::Lta),
    vehicle: None,
    weapon: Weapon::SlaSquad,
    men: 8,
};
pub const MILITIA: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Trained,
    actions: 0,
    equipment: Some(Equipment::AssaultRifles),
    vehicle: None,
    weapon: Weapon::Rifles,
    men: 8,
};
pub const CIVILIANS: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Civilian,
    actions: 0,
    equipment: Some(Equipment::CivilianWeapons),
    vehicle: None,
    weapon: Weapon::LightSmallArms,
    men: 40,
};
pub const AT_TEAM: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Trained,
    actions: 3,
    equipment: Some(Equipment::Lta),
    vehicle: None,
    weapon: Weapon::AtMissile,
    men: 3,
};
pub const HOVERTANK: Kind = Kind {
    stand_type: StandType::Vehicle,
    training: Training::Regular,
    actions: 3,
    equipment: None,
    vehicle: Some(VehicleKind::Hovertank),
    weapon: Weapon::HovertankGun,
    men: 3,
};
pub const TRACK_TANK: Kind = Kind {
    stand_type: StandType::Vehicle,
    training: Training::Trained,
    actions: 3,
    equipment: None,
    vehicle: Some(VehicleKind::TrackTank),
    weapon: Weapon::TankGun,
    men: 3,
};

/// A force of `(kind, count)` stands for one command.
pub fn force(side: &str, parts: &[(Kind, usize)]) -> Force {
    let mut stands = Vec::new();
    for (k, n) in parts {
        for _ in 0..*n {
            stands.push(StandSetup {
                code: format!("{side}-{}", stands.len() + 1),
                unit: format!("{side}-u"),
                command: format!("{side}-c"),
                stand_type: k.stand_type,
                training: k.training,
                actions: k.actions,
                equipment: k.equipment,
                vehicle: k.vehicle,
                speed: (k.stand_type == StandType::Aircraft).then_some(AircraftSpeed::Slow),
                weapon: Some(k.weapon),
                men: k.men,
                hits: 0,
                officer: false,
                ammo: 12,
                ammo_max: 12,
                flags: vec![],
                morale: MoraleNumber {
                    base: 0,
                    factors: vec![],
                    unclamped: 0,
                    morale: 0,
                },
                bia: Default::default(),
            });
            let last = stands.last_mut().expect("just pushed");
            last.bia = crate::campaign::bia_profile::of(last);
        }
    }
    Force {
        side: side.into(),
        medical: Medical::Normal,
        enemy_treats_pw_well: false,
        commands: vec![CommandSetup {
            code: format!("{side}-c"),
            officers: Officers::Normal,
            supply: Supply::Normal,
            contact: Contact::Normal,
        }],
        units: vec![UnitSetup {
            code: format!("{side}-u"),
            command: format!("{side}-c"),
            leadership: 2,
            confidence: Confidence::Confident,
        }],
        stands,
    }
}

/// A BiA battle of two forces, with morale numbers worked out as the campaign
/// would.
pub fn battle(attacker: Force, defender: Force, range_cm: i64, cover: Cover) -> BattleSetup {
    let mut setup = BattleSetup {
        code: "calibration".into(),
        ruleset: "bia".into(),
        range_cm,
        defender_cover: cover,
        terrain: String::new(),
        turn_limit: 24,
        options: Default::default(),
        attacker,
        defender,
    };
    crate::campaign::morale::set_battle_morale(&mut setup);
    setup
}

/// A regular four-man fire team with rifles and flak vests (FMA: D8 figures).
pub const REGULAR_TEAM: Kind = Kind {
    stand_type: StandType::Infantry,
    training: Training::Regular,
    actions: 3,
    equipment: Some(Equipment::AssaultRifles),
    vehicle: None,
    weapon: Weapon::Rifles,
    men: 4,
};
/// Four green recruits with rifles and flak vests (FMA: D6 figures).
pub const GREEN_TEAM: Kind = Kind {
    training: Training::Recruits,
    actions: 0,
    ..REGULAR_TEAM
};
/// Four seasoned regulars (FMA: D10 figures).
pub const VETERAN_TEAM: Kind = Kind {
    actions: 20,
    ..REGULAR_TEAM
};

/// An FMA battle: the BiA set-up with FMA's ruleset and turn limit, and the
/// campaign's fire option (`None`: Detailed). `hedges`: lines of soft cover
/// cross the ground between the forces, for both sides alike; without them
/// the ground is open and only the defender's own position (`cover`) differs.
pub fn fma_battle(
    attacker: Force,
    defender: Force,
    range_cm: i64,
    cover: Cover,
    fire: Option<&str>,
) -> BattleSetup {
    fma_ground(attacker, defender, range_cm, cover, fire, false)
}

/// `fma_battle` with the choice of ground: open, or lines of soft cover.
pub fn fma_ground(
    attacker: Force,
    defender: Force,
    range_cm: i64,
    cover: Cover,
    fire: Option<&str>,
    hedges: bool,
) -> BattleSetup {
    let mut setup = battle(attacker, defender, range_cm, cover);
    setup.ruleset = "fma".into();
    setup.turn_limit = 30;
    if !hedges {
        setup.terrain = "open".into();
    }
    if let Some(f) = fire {
        setup.options.insert("fire".into(), f.into());
    }
    setup
}

/// Three regular teams against three in the open, on open ground, from
/// `range_cm`: equal forces, for the FMA range table.
pub fn fma_equal_in_the_open(range_cm: i64) -> BattleSetup {
    fma_battle(
        force("a", &[(REGULAR_TEAM, 3)]),
        force("d", &[(REGULAR_TEAM, 3)]),
        range_cm,
        Cover::Open,
        None,
    )
}

/// Opening ranges of the FMA range table (docs/calibration.md).
pub const FMA_RANGES: [i64; 10] = [30, 60, 90, 120, 150, 180, 190, 210, 240, 300];

/// The documented FMA matchups (docs/calibration.md, FMA section), each under
/// both fire options. Each set of positions is fought on the same ground, so
/// a row differs from the next only in what its name says.
pub fn fma_matchups() -> Vec<(String, BattleSetup)> {
    let mut all = Vec::new();
    for fire in ["detailed", "quick"] {
        let f = Some(fire);
        let regs = |n| force("a", &[(REGULAR_TEAM, n)]);
        for (cover, words) in [
            (Cover::Open, "in the open"),
            (Cover::Cover, "in soft cover"),
            (Cover::Bunker, "in hard cover"),
        ] {
            all.push((
                format!("{fire}: 1 regular team (4) {words}, attacked by 2 green teams (8) at 150 cm, open ground"),
                fma_battle(
                    force("a", &[(GREEN_TEAM, 2)]),
                    force("d", &[(REGULAR_TEAM, 1)]),
                    150,
                    cover,
                    f,
                ),
            ));
        }
        all.extend([
            (
                format!("{fire}: 3 veteran teams (12) attack 3 regular teams (12) in the open at 150 cm, open ground"),
                fma_battle(
                    force("a", &[(VETERAN_TEAM, 3)]),
                    force("d", &[(REGULAR_TEAM, 3)]),
                    150,
                    Cover::Open,
                    f,
                ),
            ),
            (
                format!("{fire}: 3 regular teams (12) attack 3 veteran teams (12) in the open at 150 cm, open ground"),
                fma_battle(
                    regs(3),
                    force("d", &[(VETERAN_TEAM, 3)]),
                    150,
                    Cover::Open,
                    f,
                ),
            ),
        ]);
        for hedges in [false, true] {
            let ground = if hedges {
                "hedges every 10\""
            } else {
                "open ground"
            };
            for (cover, words) in [
                (Cover::Open, "in the open"),
                (Cover::Cover, "in soft cover"),
                (Cover::Bunker, "in hard cover"),
            ] {
                all.push((
                    format!("{fire}: 3 regular teams (12) attack 3 regular teams (12) {words} at 150 cm, {ground}"),
                    fma_ground(
                        regs(3),
                        force("d", &[(REGULAR_TEAM, 3)]),
                        150,
                        cover,
                        f,
                        hedges,
                    ),
                ));
            }
        }
    }
    all
}

/// The documented matchups: a name and the battle.
pub fn matchups() -> Vec<(&'static str, BattleSetup)> {
    vec![
        (
            "6 HMA regular fire teams attack 3 civilian militia stands in cover",
            battle(
                force("a", &[(HMA_REGULARS, 6)]),
                force("d", &[(CIVILIANS, 3)]),
                60,
                Cover::Cover,
            ),
        ),
        (
            "3 civilian militia stands attack 6 HMA fire teams in cover",
            battle(
                force("a", &[(CIVILIANS, 3)]),
                force("d", &[(HMA_REGULARS, 6)]),
                60,
                Cover::Cover,
            ),
        ),
        (
            "8 LTA squads attack 8 LTA squads in cover",
            battle(
                force("a", &[(LTA_TRAINED, 8)]),
                force("d", &[(LTA_TRAINED, 8)]),
                60,
                Cover::Cover,
            ),
        ),
        (
            "8 LTA squads attack 8 LTA squads in the open",
            battle(
                force("a", &[(LTA_TRAINED, 8)]),
                force("d", &[(LTA_TRAINED, 8)]),
                60,
                Cover::Open,
            ),
        ),
        (
            "8 LTA squads attack 8 LTA squads in bunkers",
            battle(
                force("a", &[(LTA_TRAINED, 8)]),
                force("d", &[(LTA_TRAINED, 8)]),
                60,
                Cover::Bunker,
            ),
        ),
        (
            "4 hovertanks alone attack 6 LTA squads with 2 AT teams in cover",
            battle(
                force("a", &[(HOVERTANK, 4)]),
                force("d", &[(LTA_TRAINED, 6), (AT_TEAM, 2)]),
                60,
                Cover::Cover,
            ),
        ),
        (
            "4 hovertanks with 8 HMA teams attack the same",
            battle(
                force("a", &[(HOVERTANK, 4), (HMA_REGULARS, 8)]),
                force("d", &[(LTA_TRAINED, 6), (AT_TEAM, 2)]),
                60,
                Cover::Cover,
            ),
        ),
        (
            "4 track tanks attack 4 hovertanks in the open",
            battle(
                force("a", &[(TRACK_TANK, 4)]),
                force("d", &[(HOVERTANK, 4)]),
                60,
                Cover::Open,
            ),
        ),
        (
            "8 militia sections attack 8 LTA squads in cover",
            battle(
                force("a", &[(MILITIA, 8)]),
                force("d", &[(LTA_TRAINED, 8)]),
                60,
                Cover::Cover,
            ),
        ),
    ]
}

/// Force ratios of the calibration curves: 1:1 to 6:1 in half steps.
pub const RATIOS: [f64; 11] = [1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0];

/// Defending stands in every curve; the attackers are this times the ratio.
pub const CURVE_DEFENDERS: usize = 4;

/// One calibration curve: a name and, for each of `RATIOS`, the battle.
pub struct Curve {
    pub name: String,
    pub battles: Vec<BattleSetup>,
}

fn curve(name: &str, attacker: Kind, defender: Kind, cover: Cover) -> Curve {
    Curve {
        name: name.to_string(),
        battles: RATIOS
            .iter()
            .map(|r| {
                let n = (r * CURVE_DEFENDERS as f64).round() as usize;
                battle(
                    force("a", &[(attacker, n)]),
                    force("d", &[(defender, CURVE_DEFENDERS)]),
                    60,
                    cover,
                )
            })
            .collect(),
    }
}

/// The curves of docs/calibration.md: trained LTA squads attacking in the
/// open, in cover and on bunkers, and the quality curves in cover.
pub fn curves() -> Vec<Curve> {
    vec![
        curve(
            "trained vs trained, open",
            LTA_TRAINED,
            LTA_TRAINED,
            Cover::Open,
        ),
        curve(
            "trained vs trained, cover",
            LTA_TRAINED,
            LTA_TRAINED,
            Cover::Cover,
        ),
        curve(
            "trained vs trained, bunker",
            LTA_TRAINED,
            LTA_TRAINED,
            Cover::Bunker,
        ),
        curve(
            "regulars vs trained, cover",
            LTA_REGULARS,
            LTA_TRAINED,
            Cover::Cover,
        ),
        curve(
            "trained vs regulars, cover",
            LTA_TRAINED,
            LTA_REGULARS,
            Cover::Cover,
        ),
    ]
}

/// The ratio at which a curve of win rates (one per `RATIOS`) first reaches
/// one half, interpolated between the points either side.
pub fn even_odds(rates: &[f64]) -> Option<f64> {
    let pts: Vec<(f64, f64)> = RATIOS.iter().copied().zip(rates.iter().copied()).collect();
    if pts.first()?.1 >= 0.5 {
        return Some(pts[0].0);
    }
    pts.windows(2).find_map(|w| {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        (y0 < 0.5 && y1 >= 0.5).then(|| x0 + (0.5 - y0) / (y1 - y0) * (x1 - x0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::ruleset::{BattleError, Ruleset};
    use crate::rules::bia::Bia;
    use proptest::prelude::*;

    #[test]
    fn even_odds_interpolates_the_first_crossing() {
        let mut rates = [0.0; 11];
        rates[2] = 0.4;
        rates[3] = 0.6;
        rates[4..].fill(1.0);
        assert_eq!(even_odds(&rates), Some(2.25));
        assert_eq!(even_odds(&[0.1; 11]), None);
        assert_eq!(even_odds(&[0.9; 11]), Some(1.0));
    }

    #[test]
    fn curves_scale_the_attackers_by_the_ratio() {
        for c in curves() {
            let sizes: Vec<usize> = c.battles.iter().map(|b| b.attacker.stands.len()).collect();
            assert_eq!(
                sizes,
                vec![4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24],
                "{}",
                c.name
            );
            assert!(c
                .battles
                .iter()
                .all(|b| b.defender.stands.len() == CURVE_DEFENDERS));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn same_seed_same_battle_and_hits_within_people(seed: u64, pick in 0usize..9) {
            let (_, setup) = matchups().swap_remove(pick);
            let a = Bia.resolve(&setup, seed).unwrap();
            let b = Bia.resolve(&setup, seed).unwrap();
            prop_assert_eq!(&a, &b);
            // Odds runs (no log) fight the same battle as logged ones.
            let quiet = Bia.prepare(&setup, false).unwrap().fight(seed);
            prop_assert_eq!((a.winner, a.turns, &a.stands), (quiet.winner, quiet.turns, &quiet.stands));
            for s in &a.stands {
                let stand = setup.attacker.stands.iter().chain(&setup.defender.stands).find(|x| x.code == s.code).unwrap();
                prop_assert!(s.hits_taken >= 0 && s.hits_taken <= stand.men - stand.hits);
                prop_assert!(s.ammo_spent <= stand.ammo);
            }
            prop_assert!(a.turns >= 1 && a.turns <= setup.turn_limit);
            for m in setup.attacker.stands.iter().chain(&setup.defender.stands).map(|s| &s.morale) {
                prop_assert!((1..=9).contains(&m.morale));
            }
        }
    }

    /// The campaign's battle morale on calibration forces (campaign/morale.rs).
    #[test]
    fn cant_kill_factors_are_in_the_breakdown_and_clamped_last() {
        use crate::campaign::morale::set_battle_morale;
        // Civilians' light small arms cannot hurt hovertanks (no penetration);
        // the tanks can hurt them.
        let mut s = battle(
            force("a", &[(HOVERTANK, 2)]),
            force("d", &[(CIVILIANS, 2)]),
            60,
            Cover::Cover,
        );
        set_battle_morale(&mut s);
        let m = &s.defender.stands[0].morale;
        assert!(
            m.factors
                .iter()
                .any(|f| f.name == "cant_kill_enemy" && f.modifier == 2),
            "{m:?}"
        );
        assert_eq!(
            m.unclamped,
            m.base + m.factors.iter().map(|f| f.modifier).sum::<i32>()
        );
        assert_eq!(m.morale, m.unclamped.clamp(1, 9));
        let t = &s.attacker.stands[0].morale;
        assert!(
            t.factors
                .iter()
                .any(|f| f.name == "enemy_cant_kill" && f.modifier == -2),
            "{t:?}"
        );
        assert_eq!(t.morale, t.unclamped.clamp(1, 9));
        let mut even = battle(
            force("a", &[(LTA_TRAINED, 2)]),
            force("d", &[(HMA_REGULARS, 2)]),
            60,
            Cover::Open,
        );
        set_battle_morale(&mut even);
        for st in even.attacker.stands.iter().chain(&even.defender.stands) {
            assert!(
                st.morale.factors.iter().all(|f| f.source != "battle"),
                "{:?}",
                st.morale
            );
        }
    }

    #[test]
    fn a_side_without_stands_cannot_fight() {
        let (_, mut setup) = matchups().swap_remove(0);
        setup.defender.stands.clear();
        assert!(matches!(
            Bia.resolve(&setup, 1),
            Err(BattleError::NoForce { .. })
        ));
    }
}
