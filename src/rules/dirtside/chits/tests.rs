//! Unit tests of the chit pot and the damage tables, cell by cell, kept in
//! their own file so that `chits.rs` reads as the tables alone.

use super::*;

fn chits(s: &str) -> Vec<Chit> {
    s.split(',').map(|c| Chit::parse(c).unwrap()).collect()
}
fn w(s: &str) -> Weapon {
    Weapon::parse(s).unwrap()
}
fn armour(a: i64) -> Target {
    Target::Vehicle {
        armour: a,
        kind: ArmourKind::Normal,
        apfc: false,
        cover: Cover::Open,
    }
}
fn hit(weapon: &str, band: Option<Band>, a: i64, drawn: &str) -> (VehicleResult, Reading) {
    let v = validity(w(weapon), band, armour(a)).unwrap().unwrap();
    vehicle_hit(&chits(drawn), v, a, w(weapon).system.small_arms())
}

#[test]
fn the_default_pot_holds_119_chits() {
    let p = Pot::default();
    assert_eq!(p.total(), 119);
    assert_eq!(p.chits().len(), 119);
    let numbered: u32 =
        p.0.iter()
            .filter(|(c, _)| !c.special())
            .map(|(_, n)| n)
            .sum();
    assert_eq!(numbered, 104);
    assert_eq!(p.count(Chit::M), 5);
    assert_eq!(p.count(Chit::Sdt), 4);
    assert_eq!(p.count(Chit::Sdf), 3);
    assert_eq!(p.count(Chit::Boom), 3);
    assert_eq!(p.count(Chit::parse("R3").unwrap()), 12);
    assert_eq!(p.count(Chit::parse("Y1").unwrap()), 10);
    assert_eq!(p.count(Chit::parse("G3").unwrap()), 6);
}

#[test]
fn a_campaign_pot_is_read_and_checked() {
    let p = Pot::parse("R1=10, Y2=5, BOOM=1").unwrap();
    assert_eq!(p.total(), 16);
    assert!(p.check_draw(&chits("BOOM,R1")).is_ok());
    assert!(p.check_draw(&chits("BOOM,BOOM")).is_err());
    assert!(p.check_draw(&chits("G1")).is_err());
    assert!(Pot::parse("R1").is_err());
    assert!(Pot::parse("R1=2").is_err(), "too few to draw a class-5 hit");
    assert!(Pot::parse("R1=10,R1=3").is_err());
    assert!(Chit::parse("X1").is_err());
    assert_eq!(Chit::parse("sdf"), Ok(Chit::Sdf));
}

#[test]
fn validity_matches_the_weapon_table_cell_by_cell() {
    use Band::*;
    let c = |s: &str, b: Option<Band>, k: ArmourKind, apfc: bool| {
        vehicle_colours(w(s), b, k, apfc).unwrap()
    };
    let n = ArmourKind::Normal;
    assert_eq!(
        c("hel/2", Some(Close), ArmourKind::Ablative, false).0,
        Colours::G
    );
    assert_eq!(c("hel/2", Some(Close), n, false).0, Colours::R);
    for s in ["rfac/2", "hvc/4"] {
        assert_eq!(c(s, Some(Close), n, false).0, Colours::RY);
        assert_eq!(c(s, Some(Medium), n, false).0, Colours::R);
        assert_eq!(c(s, Some(Long), n, false).0, Colours::G);
    }
    for s in ["hkp/3", "mdc/3"] {
        assert_eq!(c(s, Some(Close), n, false).0, Colours::RYG);
        assert_eq!(c(s, Some(Medium), n, false).0, Colours::RY);
        assert_eq!(c(s, Some(Long), n, false).0, Colours::R);
    }
    assert_eq!(
        c("dffg/3", Some(Close), n, false),
        (Colours::RYG, Scale::Double)
    );
    assert_eq!(
        c("dffg/3", Some(Medium), n, false),
        (Colours::RYG, Scale::Face)
    );
    assert_eq!(
        c("dffg/3", Some(Long), n, false),
        (Colours::RYG, Scale::Half)
    );
    for s in ["iavr", "gms/l", "slam/3"] {
        let b = if s.starts_with("slam") {
            Some(Medium)
        } else {
            None
        };
        assert_eq!(c(s, b, ArmourKind::Reactive, false).0, Colours::R);
        assert_eq!(c(s, b, n, false).0, Colours::RY);
    }
    assert_eq!(c("iavr", None, n, true).0, Colours::Y);
    assert_eq!(
        c("gms/l", None, n, true).0,
        Colours::RY,
        "APFC stops IAVRs only"
    );
    // Against infantry: the weapon's colour, then the cover's (SPEC 4.5).
    assert_eq!(anti_personnel_colours(System::Hel), Some(Colours::Y));
    assert_eq!(anti_personnel_colours(System::Rfac), Some(Colours::Y));
    assert_eq!(anti_personnel_colours(System::Mdc), Some(Colours::Y));
    assert_eq!(anti_personnel_colours(System::Slam), Some(Colours::Y));
    assert_eq!(anti_personnel_colours(System::Dffg), Some(Colours::R));
    assert_eq!(anti_personnel_colours(System::Hkp), None);
    assert_eq!(anti_personnel_colours(System::Gms), None);
    assert_eq!(anti_personnel_colours(System::Iavr), None);
    let inf = |cover| Target::Infantry {
        class: Class::Line,
        cover,
    };
    let v = validity(w("dffg/2"), Some(Close), inf(Cover::Soft))
        .unwrap()
        .unwrap();
    assert_eq!(v.colours, Colours::R);
    let v = validity(w("dffg/2"), Some(Close), inf(Cover::DugIn))
        .unwrap()
        .unwrap();
    // Dug in, the firefight's yellow counts (docs/rules-decisions.md).
    assert_eq!(v.colours, Colours::Y);
    assert!(!v.specials);
    assert_eq!(
        validity(w("hkp/3"), Some(Close), inf(Cover::Open)).unwrap(),
        None
    );
    assert!(
        validity(w("hel/2"), Some(Medium), armour(3)).is_err(),
        "no medium band"
    );
}

#[test]
fn the_vehicle_damage_examples() {
    // HKP/3 at medium against armour 4: R3, G1, Y2 → 5 valid → knocked out.
    let (r, read) = hit("hkp/3", Some(Band::Medium), 4, "R3,G1,Y2");
    assert_eq!(r, VehicleResult::KnockedOut);
    assert_eq!(read.valid_total, 5);
    assert_eq!(read.valid, chits("R3,Y2"));
    // Y3, R1, M → 4: damaged and immobilised.
    let (r, read) = hit("hkp/3", Some(Band::Medium), 4, "Y3,R1,M");
    assert_eq!(r, VehicleResult::Damaged);
    assert_eq!(read.effects, vec![Effect::Immobilised]);
    // A class-1 weapon drawing BOOM against armour 5.
    let (r, _) = hit("mdc/1", Some(Band::Close), 5, "BOOM");
    assert_eq!(r, VehicleResult::Destroyed);
    // The direct fire example: G2, Y3, R1 → 4 against armour 4: damaged.
    let (r, read) = hit("hkp/3", Some(Band::Medium), 4, "G2,Y3,R1");
    assert_eq!((r, read.valid_total), (VehicleResult::Damaged, 4));
}

#[test]
fn specials_and_scales() {
    let (r, read) = hit("hkp/3", Some(Band::Close), 2, "R3,SDF,BOOM");
    assert_eq!(r, VehicleResult::Undamaged, "the shot never went off");
    assert_eq!(read.effects, vec![Effect::FirerSystemsDown]);
    let (r, read) = hit("hkp/3", Some(Band::Close), 5, "R1,SDT");
    assert_eq!(r, VehicleResult::Undamaged);
    assert_eq!(read.effects, vec![Effect::SystemsDown]);
    let (_, read) = hit("dffg/3", Some(Band::Close), 9, "R1,G2,Y1");
    assert_eq!(read.valid_total, 8);
    let (_, read) = hit("dffg/3", Some(Band::Long), 9, "R1,G2,Y2");
    assert_eq!(read.valid_total, 2, "half of 5, rounded down");
    // Small arms harm a softskin as a powered team; specials count.
    let (r, _) = hit("rifle", None, 0, "R3,Y2");
    assert_eq!(r, VehicleResult::KnockedOut);
    let (r, read) = hit("rifle", None, 0, "R3,M");
    assert_eq!(
        (r, read.effects),
        (VehicleResult::Undamaged, vec![Effect::Immobilised])
    );
    assert_eq!(validity(w("rifle"), None, armour(1)).unwrap(), None);
}

#[test]
fn the_firefight_example_line_against_powered_in_the_open() {
    let open = infantry::firefight_valid(Cover::Open);
    // A1: R2, G1 → 2, short of 5.
    let (k, read) = infantry_hit(&chits("R2,G1"), open, Class::Powered);
    assert!(!k);
    assert_eq!(read.valid_total, 2);
    // A4's APSW: Y2, Y3, R1 → 6, kills B1.
    let (k, read) = infantry_hit(&chits("Y2,Y3,R1"), open, Class::Powered);
    assert!(k);
    assert_eq!(read.valid_total, 6);
    // A2: G3, R1 → 1.
    assert!(!infantry_hit(&chits("G3,R1"), open, Class::Powered).0);
    // A3's IAVR against armour 3: Y3, G1 → 3: damaged.
    let (r, _) = hit("iavr", None, 3, "Y3,G1");
    assert_eq!(r, VehicleResult::Damaged);
}

/// Every weapon that can hurt infantry is hurt less by cover: the valid
/// points in the default pot fall from open to soft cover to dug in, and no
/// cover makes infantry immune to a weapon that hurts them in the open.
#[test]
fn cover_protects_more_the_deeper_it_is_for_every_weapon() {
    use crate::rules::dirtside::infantry::Cover as InfCover;
    let valid_points = |c: Colours| -> u32 {
        DEFAULT_POT
            .iter()
            .map(|(chit, n)| match chit {
                Chit::Number(col, v) if c.has(*col) => u32::from(*v) * n,
                _ => 0,
            })
            .sum()
    };
    let mut checked = 0;
    for s in System::ALL {
        let Some(_) = anti_personnel_colours(s) else {
            continue;
        };
        let by_cover = InfCover::ALL.map(|c| valid_points(anti_personnel_validity(s, c).unwrap()));
        assert!(
            by_cover[0] > by_cover[1] && by_cover[1] > by_cover[2] && by_cover[2] > 0,
            "{s:?}: open, soft, dug in {by_cover:?}"
        );
        checked += 1;
    }
    assert!(checked >= 8, "every anti-personnel weapon: {checked}");
}

/// A shot whose valid chits score nothing does nothing, even to armour 0
/// (the review found `G3 G1 G1 (valid none) = 0: damaged` on a SAM site);
/// one valid point still knocks it out.
#[test]
fn nothing_valid_does_not_damage_armour_zero() {
    let (r, read) = hit("hkp/3", Some(Band::Long), 0, "G3,G1,G1");
    assert_eq!((r, read.valid_total), (VehicleResult::Undamaged, 0));
    let (r, _) = hit("hkp/3", Some(Band::Long), 0, "R1,G1,G1");
    assert_eq!(r, VehicleResult::KnockedOut);
    let (r, _) = hit("hkp/3", Some(Band::Medium), 4, "R3,Y1,G1");
    assert_eq!(r, VehicleResult::Damaged, "equal to armour still damages");
}
