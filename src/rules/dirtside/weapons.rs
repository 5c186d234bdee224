//! Weapon systems and their range bands: the upper edge in inches of each
//! band per weapon and class, the single maximum range of missiles and
//! infantry arms, how many chits a hit draws, and what vehicle guns can do
//! against infantry.

use serde::Serialize;

use super::fire_control::Band;

/// A weapon system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum System {
    Hel,
    Rfac,
    Hvc,
    Hkp,
    Mdc,
    Dffg,
    Slam,
    /// Guided missiles: class 3 is GMS/L, class 5 GMS/H.
    Gms,
    Iavr,
    Apsw,
    /// Militia or line infantry personal arms.
    Rifle,
    /// Powered infantry personal arms.
    PoweredRifle,
}

impl System {
    pub const ALL: [System; 12] = [
        System::Hel,
        System::Rfac,
        System::Hvc,
        System::Hkp,
        System::Mdc,
        System::Dffg,
        System::Slam,
        System::Gms,
        System::Iavr,
        System::Apsw,
        System::Rifle,
        System::PoweredRifle,
    ];

    pub fn name(self) -> &'static str {
        match self {
            System::Hel => "hel",
            System::Rfac => "rfac",
            System::Hvc => "hvc",
            System::Hkp => "hkp",
            System::Mdc => "mdc",
            System::Dffg => "dffg",
            System::Slam => "slam",
            System::Gms => "gms",
            System::Iavr => "iavr",
            System::Apsw => "apsw",
            System::Rifle => "rifle",
            System::PoweredRifle => "powered-rifle",
        }
    }

    pub fn parse(s: &str) -> Result<System, String> {
        System::ALL
            .into_iter()
            .find(|w| w.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = System::ALL.iter().map(|w| w.name()).collect();
                format!("unknown weapon `{s}`; allowed: {}", names.join(", "))
            })
    }

    /// Small arms: the infantry's own weapons, fired as a firefight.
    pub fn small_arms(self) -> bool {
        matches!(self, System::Apsw | System::Rifle | System::PoweredRifle)
    }

    /// Weapons whose hit is rolled through ECM and area defence.
    pub fn missile(self) -> bool {
        self == System::Gms
    }
}

/// A weapon of a class: `hkp/3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Weapon {
    pub system: System,
    pub class: u8,
}

impl std::fmt::Display for Weapon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.system.small_arms() || self.system == System::Iavr {
            f.write_str(self.system.name())
        } else {
            write!(f, "{}/{}", self.system.name(), self.class)
        }
    }
}

/// How far a weapon reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// The upper edge (inches) of close, medium and long; `None` = no such band.
    Bands([Option<i64>; 3]),
    /// One maximum range and no bands.
    Max(i64),
}

const fn b(c: i64, m: i64, l: i64) -> Reach {
    Reach::Bands([Some(c), Some(m), Some(l)])
}

/// The range table, system and class (0 = every class of the system).
#[rustfmt::skip]
pub const RANGE_TABLE: [(System, u8, Reach); 24] = [
    (System::Hel, 0, Reach::Bands([Some(60), None, None])),
    (System::Rfac, 1, b(8, 12, 16)),
    (System::Rfac, 2, b(12, 18, 24)),
    (System::Hvc, 3, b(16, 24, 32)),
    (System::Hvc, 4, b(18, 27, 36)),
    (System::Hvc, 5, b(20, 30, 40)),
    (System::Hkp, 3, b(18, 30, 42)),
    (System::Hkp, 4, b(24, 36, 48)),
    (System::Hkp, 5, b(30, 42, 54)),
    (System::Mdc, 1, b(8, 16, 24)),
    (System::Mdc, 2, b(12, 24, 36)),
    (System::Mdc, 3, b(24, 36, 48)),
    (System::Mdc, 4, b(30, 42, 54)),
    (System::Mdc, 5, b(36, 48, 60)),
    (System::Dffg, 1, b(4, 8, 12)),
    (System::Dffg, 2, b(6, 12, 18)),
    (System::Dffg, 3, b(8, 16, 24)),
    (System::Dffg, 4, b(10, 20, 30)),
    (System::Dffg, 5, b(12, 24, 36)),
    (System::Slam, 0, b(12, 24, 36)),
    (System::Gms, 3, Reach::Max(36)),
    (System::Gms, 5, Reach::Max(48)),
    (System::Iavr, 0, Reach::Max(4)),
    (System::Apsw, 0, Reach::Max(12)),
];

/// The classes each system is built in.
pub fn classes(system: System) -> &'static [u8] {
    match system {
        System::Hel => &[1, 2, 3, 4, 5],
        System::Rfac => &[1, 2],
        System::Hvc | System::Hkp => &[3, 4, 5],
        System::Mdc | System::Dffg => &[1, 2, 3, 4, 5],
        System::Slam => &[3, 4, 5],
        System::Gms => &[3, 5],
        System::Iavr | System::Apsw | System::Rifle | System::PoweredRifle => &[0],
    }
}

impl Weapon {
    /// A weapon of a class the system is built in; classless systems take 0.
    pub fn new(system: System, class: Option<u8>) -> Result<Weapon, String> {
        let allowed = classes(system);
        let class = match (class, allowed) {
            (_, [0]) => 0,
            (Some(c), _) if allowed.contains(&c) => c,
            (Some(c), _) => {
                return Err(format!(
                    "{} comes in classes {:?}, not {c}",
                    system.name(),
                    allowed
                ))
            }
            (None, _) => return Err(format!("{} needs --class ({:?})", system.name(), allowed)),
        };
        Ok(Weapon { system, class })
    }

    /// Reads `hkp/3`, `gms/l`, `gms/h`, `apsw`.
    pub fn parse(s: &str) -> Result<Weapon, String> {
        let (sys, class) = match s.split_once('/') {
            Some((a, "l" | "L")) => (a, Some(3)),
            Some((a, "h" | "H")) => (a, Some(5)),
            Some((a, c)) => (
                a,
                Some(
                    c.parse::<u8>()
                        .map_err(|_| format!("`{s}`: the class after `/` is 1..5"))?,
                ),
            ),
            None => (s, None),
        };
        Weapon::new(System::parse(sys)?, class)
    }

    pub fn reach(self) -> Reach {
        match self.system {
            System::Rifle => Reach::Max(6),
            System::PoweredRifle => Reach::Max(8),
            _ => RANGE_TABLE
                .iter()
                .find(|(s, c, _)| *s == self.system && (*c == 0 || *c == self.class))
                .map(|(_, _, r)| *r)
                .unwrap_or(Reach::Max(0)),
        }
    }

    /// The furthest the weapon fires at all, in inches.
    pub fn max_range(self) -> i64 {
        match self.reach() {
            Reach::Bands(bands) => bands.iter().flatten().copied().max().unwrap_or(0),
            Reach::Max(m) => m,
        }
    }

    /// Whether the weapon has a band at all.
    pub fn has_band(self, band: Band) -> bool {
        match self.reach() {
            Reach::Bands(bands) => bands[band.index()].is_some(),
            Reach::Max(_) => false,
        }
    }

    /// The band `inches` falls in (each edge belongs to its band); a damaged
    /// firer counts every shot one band further. `None` beyond reach.
    pub fn band_at(self, inches: i64, damaged: bool) -> Option<Band> {
        let Reach::Bands(bands) = self.reach() else {
            return None;
        };
        let band = Band::ALL
            .into_iter()
            .find(|b| bands[b.index()].is_some_and(|edge| inches <= edge))?;
        if damaged {
            band.further().filter(|b| bands[b.index()].is_some())
        } else {
            Some(band)
        }
    }

    /// Whether the weapon can fire at `inches` at all.
    pub fn in_range(self, inches: i64, damaged: bool) -> bool {
        match self.reach() {
            Reach::Bands(_) => self.band_at(inches, damaged).is_some(),
            Reach::Max(m) => inches <= m,
        }
    }

    /// Chits one hit on a vehicle draws: the class; GMS/L 3, GMS/H 5; IAVR 2;
    /// small arms as in a firefight.
    pub fn chits_per_hit(self) -> usize {
        match self.system {
            System::Iavr | System::Rifle => 2,
            System::Apsw | System::PoweredRifle => 3,
            _ => usize::from(self.class),
        }
    }

    /// Against infantry: the chits a shot draws and the furthest it may be
    /// fired, or `None` where the weapon has no effect on infantry.
    pub fn against_infantry(self) -> Option<(usize, i64)> {
        let medium_edge = match self.reach() {
            Reach::Bands(b) => b[1].unwrap_or(0),
            Reach::Max(m) => m,
        };
        let close_edge = match self.reach() {
            Reach::Bands(b) => b[0].unwrap_or(0),
            Reach::Max(m) => m,
        };
        match self.system {
            System::Hel => Some((2, 36)),
            System::Rfac | System::Mdc | System::Hvc => Some((2, medium_edge)),
            System::Dffg => Some((3, medium_edge)),
            System::Slam => Some((usize::from(self.class), close_edge)),
            System::Hkp | System::Gms | System::Iavr => None,
            System::Apsw => Some((3, 12)),
            System::Rifle => Some((2, 6)),
            System::PoweredRifle => Some((3, 8)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Weapon {
        Weapon::parse(s).unwrap()
    }

    #[test]
    fn every_range_band_matches_the_table() {
        let want: [(&str, [Option<i64>; 3]); 20] = [
            ("hel/3", [Some(60), None, None]),
            ("rfac/1", [Some(8), Some(12), Some(16)]),
            ("rfac/2", [Some(12), Some(18), Some(24)]),
            ("hvc/3", [Some(16), Some(24), Some(32)]),
            ("hvc/4", [Some(18), Some(27), Some(36)]),
            ("hvc/5", [Some(20), Some(30), Some(40)]),
            ("hkp/3", [Some(18), Some(30), Some(42)]),
            ("hkp/4", [Some(24), Some(36), Some(48)]),
            ("hkp/5", [Some(30), Some(42), Some(54)]),
            ("mdc/1", [Some(8), Some(16), Some(24)]),
            ("mdc/2", [Some(12), Some(24), Some(36)]),
            ("mdc/3", [Some(24), Some(36), Some(48)]),
            ("mdc/4", [Some(30), Some(42), Some(54)]),
            ("mdc/5", [Some(36), Some(48), Some(60)]),
            ("dffg/1", [Some(4), Some(8), Some(12)]),
            ("dffg/2", [Some(6), Some(12), Some(18)]),
            ("dffg/3", [Some(8), Some(16), Some(24)]),
            ("dffg/4", [Some(10), Some(20), Some(30)]),
            ("dffg/5", [Some(12), Some(24), Some(36)]),
            ("slam/4", [Some(12), Some(24), Some(36)]),
        ];
        for (name, bands) in want {
            assert_eq!(w(name).reach(), Reach::Bands(bands), "{name}");
        }
        assert_eq!(w("gms/l").reach(), Reach::Max(36));
        assert_eq!(w("gms/h").reach(), Reach::Max(48));
        assert_eq!(w("iavr").reach(), Reach::Max(4));
        assert_eq!(w("apsw").reach(), Reach::Max(12));
        assert_eq!(w("rifle").max_range(), 6);
        assert_eq!(w("powered-rifle").max_range(), 8);
    }

    #[test]
    fn bands_take_their_upper_edge_and_damage_pushes_one_out() {
        // The direct fire example: an HKP/3 at 26" is at medium range.
        assert_eq!(w("hkp/3").band_at(26, false), Some(Band::Medium));
        assert_eq!(w("hkp/3").band_at(18, false), Some(Band::Close));
        assert_eq!(w("hkp/3").band_at(19, false), Some(Band::Medium));
        assert_eq!(w("hkp/3").band_at(43, false), None);
        assert_eq!(w("hkp/3").band_at(10, true), Some(Band::Medium));
        assert_eq!(
            w("hkp/3").band_at(40, true),
            None,
            "long becomes impossible"
        );
        assert_eq!(w("hel/1").band_at(60, false), Some(Band::Close));
        assert_eq!(
            w("hel/1").band_at(10, true),
            None,
            "a damaged HEL has no medium band"
        );
    }

    #[test]
    fn classes_and_chits_per_hit() {
        assert_eq!(w("hkp/3").chits_per_hit(), 3);
        assert_eq!(w("gms/l").chits_per_hit(), 3);
        assert_eq!(w("gms/h").chits_per_hit(), 5);
        assert_eq!(w("iavr").chits_per_hit(), 2);
        assert!(Weapon::parse("rfac/3").is_err());
        assert!(Weapon::parse("hkp").is_err(), "a class is needed");
        assert!(Weapon::parse("laser/3").is_err());
    }

    #[test]
    fn vehicle_weapons_against_infantry() {
        assert_eq!(w("hel/5").against_infantry(), Some((2, 36)));
        assert_eq!(w("rfac/2").against_infantry(), Some((2, 18)));
        assert_eq!(w("mdc/3").against_infantry(), Some((2, 36)));
        assert_eq!(w("hvc/4").against_infantry(), Some((2, 27)));
        assert_eq!(w("dffg/2").against_infantry(), Some((3, 12)));
        assert_eq!(w("slam/4").against_infantry(), Some((4, 12)));
        assert_eq!(w("hkp/4").against_infantry(), None);
        assert_eq!(w("gms/h").against_infantry(), None);
        assert_eq!(w("iavr").against_infantry(), None);
    }
}
