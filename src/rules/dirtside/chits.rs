//! Damage chits: the pot (SPEC 9.4's default, or the campaign's own through the
//! `chit_pot` option), which colours count for each weapon, range, armour and
//! cover, and what the valid total does to a vehicle or an infantry team.

use serde::Serialize;

use super::fire_control::Band;
use super::infantry::{self, Class, Cover};
use super::weapons::{System, Weapon};

/// A chit's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Colour {
    // Written out: `Colours::bits` and the chit draw read a colour's bit
    // at `Colour as u32`.
    Red = 0,
    Yellow = 1,
    Green = 2,
}

/// One chit of the pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Chit {
    Number(Colour, u8),
    /// Mobility: immobilised.
    M,
    /// Systems down, target.
    Sdt,
    /// Systems down, firer: the shot never went off.
    Sdf,
    Boom,
}

impl Chit {
    pub fn name(self) -> String {
        match self {
            Chit::Number(c, v) => format!(
                "{}{v}",
                match c {
                    Colour::Red => 'R',
                    Colour::Yellow => 'Y',
                    Colour::Green => 'G',
                }
            ),
            Chit::M => "M".into(),
            Chit::Sdt => "SDT".into(),
            Chit::Sdf => "SDF".into(),
            Chit::Boom => "BOOM".into(),
        }
    }

    pub fn parse(s: &str) -> Result<Chit, String> {
        let u = s.trim().to_ascii_uppercase();
        let bad = || {
            format!("unknown chit `{s}`; chits are R1..R3, Y1..Y3, G1..G3, M, SDT, SDF, BOOM (values 1..9)")
        };
        match u.as_str() {
            "M" => return Ok(Chit::M),
            "SDT" => return Ok(Chit::Sdt),
            "SDF" => return Ok(Chit::Sdf),
            "BOOM" => return Ok(Chit::Boom),
            _ => {}
        }
        let mut cs = u.chars();
        let colour = match cs.next() {
            Some('R') => Colour::Red,
            Some('Y') => Colour::Yellow,
            Some('G') => Colour::Green,
            _ => return Err(bad()),
        };
        let v: u8 = cs.as_str().parse().map_err(|_| bad())?;
        if !(1..=9).contains(&v) {
            return Err(bad());
        }
        Ok(Chit::Number(colour, v))
    }

    pub fn special(self) -> bool {
        !matches!(self, Chit::Number(..))
    }
}

impl Serialize for Chit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

/// A pot: each kind of chit and how many of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pot(pub Vec<(Chit, u32)>);

/// SPEC 9.4's default pot: 119 chits.
pub const DEFAULT_POT: [(Chit, u32); 13] = [
    (Chit::Number(Colour::Red, 1), 20),
    (Chit::Number(Colour::Red, 2), 20),
    (Chit::Number(Colour::Red, 3), 12),
    (Chit::Number(Colour::Yellow, 1), 10),
    (Chit::Number(Colour::Yellow, 2), 10),
    (Chit::Number(Colour::Yellow, 3), 6),
    (Chit::Number(Colour::Green, 1), 10),
    (Chit::Number(Colour::Green, 2), 10),
    (Chit::Number(Colour::Green, 3), 6),
    (Chit::M, 5),
    (Chit::Sdt, 4),
    (Chit::Sdf, 3),
    (Chit::Boom, 3),
];

/// The campaign option that replaces the pot: `R1=20,R2=20,…,BOOM=3`.
pub const POT_OPTION: &str = "chit_pot";

impl Default for Pot {
    fn default() -> Self {
        Pot(DEFAULT_POT.to_vec())
    }
}

impl Pot {
    /// Reads `KIND=COUNT,…` (kinds not named are not in the pot).
    pub fn parse(s: &str) -> Result<Pot, String> {
        let mut kinds: Vec<(Chit, u32)> = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, n) = part
                .split_once(['=', ':'])
                .ok_or_else(|| format!("chit pot: `{part}` should be KIND=COUNT, e.g. R1=20"))?;
            let chit = Chit::parse(k)?;
            let n: u32 = n
                .trim()
                .parse()
                .map_err(|_| format!("chit pot: `{part}`: the count is a whole number"))?;
            if kinds.iter().any(|(c, _)| *c == chit) {
                return Err(format!("chit pot: {} is named twice", chit.name()));
            }
            kinds.push((chit, n));
        }
        if kinds.iter().map(|(_, n)| n).sum::<u32>() < 5 {
            return Err("chit pot: it must hold at least 5 chits (a class-5 hit draws 5)".into());
        }
        Ok(Pot(kinds))
    }

    /// The pot from a battle's options, or the default.
    pub fn from_options(
        options: &std::collections::BTreeMap<String, String>,
    ) -> Result<Pot, String> {
        match options.get(POT_OPTION) {
            Some(s) => Pot::parse(s),
            None => Ok(Pot::default()),
        }
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|(_, n)| n).sum()
    }

    pub fn count(&self, chit: Chit) -> u32 {
        self.0
            .iter()
            .find(|(c, _)| *c == chit)
            .map(|(_, n)| *n)
            .unwrap_or(0)
    }

    /// Every chit, one entry each, for drawing.
    pub fn chits(&self) -> Vec<Chit> {
        self.0
            .iter()
            .flat_map(|(c, n)| std::iter::repeat_n(*c, *n as usize))
            .collect()
    }

    /// Refuses a draw the pot could not give (a chit it does not hold, or more
    /// of one than it has).
    pub fn check_draw(&self, drawn: &[Chit]) -> Result<(), String> {
        for c in drawn {
            let want = drawn.iter().filter(|d| *d == c).count() as u32;
            let have = self.count(*c);
            if want > have {
                return Err(if have == 0 {
                    format!("the pot holds no {} chit", c.name())
                } else {
                    format!("the pot holds only {have} {} chit(s)", c.name())
                });
            }
        }
        Ok(())
    }
}

/// Which colours count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Colours {
    pub red: bool,
    pub yellow: bool,
    pub green: bool,
}

impl Colours {
    pub const NONE: Colours = Colours {
        red: false,
        yellow: false,
        green: false,
    };
    pub const R: Colours = Colours {
        red: true,
        yellow: false,
        green: false,
    };
    pub const Y: Colours = Colours {
        red: false,
        yellow: true,
        green: false,
    };
    pub const G: Colours = Colours {
        red: false,
        yellow: false,
        green: true,
    };
    pub const RY: Colours = Colours {
        red: true,
        yellow: true,
        green: false,
    };
    pub const RYG: Colours = Colours {
        red: true,
        yellow: true,
        green: true,
    };

    pub fn has(self, c: Colour) -> bool {
        match c {
            Colour::Red => self.red,
            Colour::Yellow => self.yellow,
            Colour::Green => self.green,
        }
    }

    /// The colours that count as bits, each at its colour's place (`Colour
    /// as u32`: red bit 0, yellow bit 1, green bit 2; bit 3, no colour,
    /// never set), so
    /// that a run of chits is counted by shifts instead of a test per chit.
    #[inline]
    pub fn bits(self) -> u32 {
        u32::from(self.red) | u32::from(self.yellow) << 1 | u32::from(self.green) << 2
    }

    pub fn and(self, o: Colours) -> Colours {
        Colours {
            red: self.red && o.red,
            yellow: self.yellow && o.yellow,
            green: self.green && o.green,
        }
    }
}

/// How the valid numbers are scaled (DFFG only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scale {
    Double,
    Face,
    /// Half the total, rounded down (SPEC 4.5).
    Half,
}

/// Which chits count on one shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Validity {
    pub colours: Colours,
    pub scale: Scale,
    /// Special chits count (always against vehicles, never against infantry).
    pub specials: bool,
}

/// A vehicle's armour kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmourKind {
    Normal,
    Reactive,
    Ablative,
}

/// What a shot hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    Vehicle {
        armour: i64,
        kind: ArmourKind,
        apfc: bool,
        /// The vehicle's cover, for small arms against a softskin.
        cover: Cover,
    },
    Infantry {
        class: Class,
        cover: Cover,
    },
}

/// The band-dependent systems need a band.
fn need_band(w: Weapon, band: Option<Band>) -> Result<Band, String> {
    let band = band.ok_or_else(|| format!("{w} needs a range band (--band)"))?;
    if !w.has_band(band) {
        return Err(format!("{w} has no {} band", band.name()));
    }
    Ok(band)
}

/// Which colours of a direct-fire weapon count against a vehicle.
pub fn vehicle_colours(
    w: Weapon,
    band: Option<Band>,
    kind: ArmourKind,
    apfc: bool,
) -> Result<(Colours, Scale), String> {
    let face = |c| Ok((c, Scale::Face));
    match w.system {
        System::Hel => {
            need_band(w, band)?;
            face(if kind == ArmourKind::Ablative {
                Colours::G
            } else {
                Colours::R
            })
        }
        System::Rfac | System::Hvc => face(match need_band(w, band)? {
            Band::Close => Colours::RY,
            Band::Medium => Colours::R,
            Band::Long => Colours::G,
        }),
        System::Hkp | System::Mdc => face(match need_band(w, band)? {
            Band::Close => Colours::RYG,
            Band::Medium => Colours::RY,
            Band::Long => Colours::R,
        }),
        System::Dffg => Ok((
            Colours::RYG,
            match need_band(w, band)? {
                Band::Close => Scale::Double,
                Band::Medium => Scale::Face,
                Band::Long => Scale::Half,
            },
        )),
        System::Iavr | System::Gms | System::Slam => {
            if w.system == System::Slam {
                need_band(w, band)?;
            }
            let mut c = if kind == ArmourKind::Reactive {
                Colours::R
            } else {
                Colours::RY
            };
            if apfc && w.system == System::Iavr {
                c = c.and(Colours::Y);
            }
            face(c)
        }
        System::Apsw | System::Rifle | System::PoweredRifle => face(Colours::NONE),
    }
}

/// The colour a vehicle weapon's line gives against infantry, or `None`
/// where it has no effect on infantry. Which chits then count is the
/// firefight's validity by the target's cover (`anti_personnel_validity`).
pub fn anti_personnel_colours(s: System) -> Option<Colours> {
    match s {
        System::Hel | System::Rfac | System::Hvc | System::Mdc | System::Slam => Some(Colours::Y),
        System::Dffg => Some(Colours::R),
        System::Hkp | System::Gms | System::Iavr => None,
        System::Apsw | System::Rifle | System::PoweredRifle => Some(Colours::RYG),
    }
}

/// The chits that count when a weapon able to hurt infantry fires at
/// infantry in `cover`: the firefight's validity (L1083: "the Damage Validity
/// … the same as for INFANTRY FIREFIGHTS"), so protection rises from open
/// (red and yellow) to soft cover (red) to dug in (yellow, the rarer colour)
/// for every weapon. Reading the weapon's own yellow-only line against cover
/// made soft cover proof against MDC, RFAC, HVC, HEL and SLAM while dug-in
/// infantry stayed exposed (docs/rules-decisions.md).
pub fn anti_personnel_validity(s: System, cover: infantry::Cover) -> Option<Colours> {
    anti_personnel_colours(s).map(|_| infantry::firefight_valid(cover))
}

/// Which chits count for `w` fired at `target` at `band` (fire, not assault).
/// `Ok(None)`: the weapon cannot harm the target at all.
pub fn validity(w: Weapon, band: Option<Band>, target: Target) -> Result<Option<Validity>, String> {
    match target {
        Target::Vehicle {
            armour,
            kind,
            apfc,
            cover,
        } => {
            if w.system.small_arms() {
                // Small arms harm only softskins, as a firefight against powered.
                return Ok((armour == 0).then_some(Validity {
                    colours: infantry::firefight_valid(cover),
                    scale: Scale::Face,
                    specials: true,
                }));
            }
            let (colours, scale) = vehicle_colours(w, band, kind, apfc)?;
            Ok(Some(Validity {
                colours,
                scale,
                specials: true,
            }))
        }
        Target::Infantry { cover, .. } => {
            let banded = !w.system.small_arms() && anti_personnel_colours(w.system).is_some();
            if banded {
                need_band(w, band)?;
            }
            Ok(
                anti_personnel_validity(w.system, cover).map(|colours| Validity {
                    colours,
                    scale: Scale::Face,
                    specials: false,
                }),
            )
        }
    }
}

/// What happened to a vehicle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VehicleResult {
    Undamaged,
    Damaged,
    KnockedOut,
    /// BOOM: blown up.
    Destroyed,
}

impl VehicleResult {
    pub fn word(self) -> &'static str {
        match self {
            VehicleResult::Undamaged => "undamaged",
            VehicleResult::Damaged => "damaged",
            VehicleResult::KnockedOut => "knocked_out",
            VehicleResult::Destroyed => "destroyed",
        }
    }
}

/// A special chit's effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    Immobilised,
    SystemsDown,
    FirerSystemsDown,
}

/// One shot's chits read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reading {
    pub valid: Vec<Chit>,
    pub valid_total: i64,
    /// `undamaged | damaged | knocked_out | destroyed` or `killed | unharmed`.
    pub result: &'static str,
    pub effects: Vec<Effect>,
}

fn valid_total(drawn: &[Chit], v: Validity) -> (Vec<Chit>, i64) {
    let valid: Vec<Chit> = drawn
        .iter()
        .copied()
        .filter(|c| match c {
            Chit::Number(col, _) => v.colours.has(*col),
            _ => v.specials,
        })
        .collect();
    let face: i64 = valid
        .iter()
        .map(|c| match c {
            Chit::Number(_, n) => i64::from(*n),
            _ => 0,
        })
        .sum();
    (valid, scaled(face, v.scale))
}

/// The valid chits' `face` value on scale `scale`.
fn scaled(face: i64, scale: Scale) -> i64 {
    match scale {
        Scale::Double => 2 * face,
        Scale::Face => face,
        Scale::Half => face / 2,
    }
}

/// Whether drawn chits kill a team of `class` behind cover that lets
/// `colours` count: `infantry_hit`'s verdict without its reading, for odds
/// runs that keep no log.
pub fn infantry_kills(drawn: &[Chit], colours: Colours, class: Class) -> bool {
    let total: i64 = drawn
        .iter()
        .map(|c| match c {
            Chit::Number(col, n) if colours.has(*col) => i64::from(*n),
            _ => 0,
        })
        .sum();
    total >= infantry::kill_value(class)
}

/// Reads a vehicle hit: against `armour` (or, for small arms on a softskin,
/// against the powered kill value with no damaged state).
pub fn vehicle_hit(
    drawn: &[Chit],
    v: Validity,
    armour: i64,
    small_arms: bool,
) -> (VehicleResult, Reading) {
    let (valid, total) = valid_total(drawn, v);
    let (result, effects) = vehicle_outcome(total, |c| valid.contains(&c), armour, small_arms);
    (
        result,
        Reading {
            valid,
            valid_total: total,
            result: result.word(),
            effects: effects.into_iter().flatten().collect(),
        },
    )
}

/// `vehicle_hit`'s result and effects (in order) without its reading, and
/// without a list: for odds runs, which keep no log.
pub fn vehicle_verdict(
    drawn: &[Chit],
    v: Validity,
    armour: i64,
    small_arms: bool,
) -> (VehicleResult, [Option<Effect>; 2]) {
    let valid = |c: &Chit| match c {
        Chit::Number(col, _) => v.colours.has(*col),
        _ => v.specials,
    };
    let face: i64 = drawn
        .iter()
        .filter(|c| valid(c))
        .map(|c| match c {
            Chit::Number(_, n) => i64::from(*n),
            _ => 0,
        })
        .sum();
    let has = |c: Chit| drawn.iter().any(|d| *d == c && valid(d));
    vehicle_outcome(scaled(face, v.scale), has, armour, small_arms)
}

/// A vehicle hit's result and its effects from the valid chits' `total`
/// and whether a special chit `has` counted.
fn vehicle_outcome(
    total: i64,
    has: impl Fn(Chit) -> bool,
    armour: i64,
    small_arms: bool,
) -> (VehicleResult, [Option<Effect>; 2]) {
    let mut effects = [None; 2];
    let result = if has(Chit::Sdf) {
        effects[0] = Some(Effect::FirerSystemsDown);
        VehicleResult::Undamaged
    } else if has(Chit::Boom) {
        VehicleResult::Destroyed
    } else {
        let r = if small_arms {
            if total >= infantry::kill_value(Class::Powered) {
                VehicleResult::KnockedOut
            } else {
                VehicleResult::Undamaged
            }
        } else if total > armour {
            VehicleResult::KnockedOut
        } else if total == armour && total > 0 {
            // A shot that scores nothing does nothing, even to armour 0.
            VehicleResult::Damaged
        } else {
            VehicleResult::Undamaged
        };
        if r != VehicleResult::KnockedOut {
            let mut k = 0;
            if has(Chit::M) {
                effects[k] = Some(Effect::Immobilised);
                k += 1;
            }
            if has(Chit::Sdt) {
                effects[k] = Some(Effect::SystemsDown);
            }
        }
        r
    };
    (result, effects)
}

/// Reads chits drawn against an infantry team: killed at its kill value.
pub fn infantry_hit(drawn: &[Chit], colours: Colours, class: Class) -> (bool, Reading) {
    let (valid, total) = valid_total(
        drawn,
        Validity {
            colours,
            scale: Scale::Face,
            specials: false,
        },
    );
    let killed = total >= infantry::kill_value(class);
    (
        killed,
        Reading {
            valid,
            valid_total: total,
            result: if killed { "killed" } else { "unharmed" },
            effects: Vec::new(),
        },
    )
}

#[cfg(test)]
mod tests;
