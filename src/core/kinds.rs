//! The shared vocabulary of troops, equipment and campaign states: closed sets of
//! named values, each spelled the same way in campaign files, JSON, the database
//! and on the command line.

use std::fmt;
use std::str::FromStr;

/// A value that is not one of an enum's spellings; names the allowed ones.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{value}`; allowed values: {allowed}")]
pub struct UnknownValue {
    pub kind: &'static str,
    pub value: String,
    pub allowed: String,
}

/// Declares a closed set of values with one lower-case spelling each, and gives it
/// `as_str`, `ALL`, `Display`, `FromStr`, serde support and `clap::ValueEnum`
/// (so `--help` and shell completions list the spellings) using that spelling.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident, $kind:literal { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub const KIND: &'static str = $kind;

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// The allowed spellings, for error messages and help text.
            pub fn allowed() -> String {
                [$($text),+].join(", ")
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = UnknownValue;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err(UnknownValue { kind: $kind, value: s.to_string(), allowed: $name::allowed() }),
                }
            }
        }

        impl clap::ValueEnum for $name {
            fn value_variants<'a>() -> &'a [Self] {
                $name::ALL
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                Some(clap::builder::PossibleValue::new(self.as_str()))
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use string_enum;

string_enum!(
    /// What a stand is on the table.
    StandType, "stand type" {
        Infantry => "infantry",
        Vehicle => "vehicle",
        Aircraft => "aircraft",
        Artillery => "artillery",
        Commander => "commander",
    }
);

string_enum!(
    /// Formal training, worst to best.
    Training, "training" {
        Civilian => "civilian",
        Recruits => "recruits",
        Trained => "trained",
        Regular => "regular",
        SpecialForces => "special_forces",
    }
);

string_enum!(
    /// Experience level, derived from actions fought (never stored).
    Experience, "experience" {
        Raw => "raw",
        Novice => "novice",
        Experienced => "experienced",
        Seasoned => "seasoned",
        Veteran => "veteran",
    }
);

string_enum!(
    /// Personal equipment and armour of infantry, commanders and gun crews.
    Equipment, "equipment" {
        CivilianWeapons => "civilian_weapons",
        AssaultRifles => "assault_rifles",
        Lta => "lta",
        Hma => "hma",
        Ma => "ma",
    }
);

string_enum!(
    /// Vehicle kinds of the armour-value table.
    VehicleKind, "vehicle" {
        Unarmoured => "unarmoured",
        LightTrack => "light_track",
        TrackTank => "track_tank",
        Hoverbus => "hoverbus",
        Hovercar => "hovercar",
        Hovertank => "hovertank",
    }
);

string_enum!(
    /// Weapon ids: the rows of the BiA range table, then the air-defence systems.
    Weapon, "weapon" {
        SlaSupport => "sla_support",
        VehCannon => "veh_cannon",
        SlaSquad => "sla_squad",
        HeMissile => "he_missile",
        AtMissile => "at_missile",
        Rifles => "rifles",
        VehLmg => "veh_lmg",
        LightSmallArms => "light_small_arms",
        VehHmg => "veh_hmg",
        TankGun => "tank_gun",
        HovertankGun => "hovertank_gun",
        MarineSca => "marine_sca",
        HeavySam => "heavy_sam",
        VehicleSam => "vehicle_sam",
        Manpad => "manpad",
        MultiCannon => "multi_cannon",
        OtherGuided => "other_guided",
    }
);

string_enum!(
    /// Aircraft speed, which sets attack range and how hard the aircraft is to lock on to.
    AircraftSpeed, "aircraft speed" {
        Landing => "landing",
        VerySlow => "very_slow",
        Slow => "slow",
        Fast => "fast",
    }
);

string_enum!(
    /// Where a stand is in the campaign.
    Status, "status" {
        Effective => "effective",
        Ineffective => "ineffective",
        Destroyed => "destroyed",
        Captured => "captured",
        Withdrawn => "withdrawn",
        Retired => "retired",
    }
);

string_enum!(
    /// Medical support of a side.
    Medical, "medical support" {
        Excellent => "excellent",
        Normal => "normal",
        None => "none",
    }
);

string_enum!(
    /// Quality of a command's officers.
    Officers, "officer quality" {
        Excellent => "excellent",
        Normal => "normal",
        Poor => "poor",
    }
);

string_enum!(
    /// Supply state of a command.
    Supply, "supply state" {
        Well => "well",
        Normal => "normal",
        Poor => "poor",
        Cut => "cut",
    }
);

string_enum!(
    /// Contact with home (leave and mail) of a command.
    Contact, "contact state" {
        RegularMail => "regular_mail",
        Normal => "normal",
        OutOfContact => "out_of_contact",
    }
);

string_enum!(
    /// Unit flags: those that change morale, and `orbital` for a unit whose
    /// artillery is weapons platforms in orbit.
    UnitFlag, "unit flag" {
        Elite => "elite",
        Scratch => "scratch",
        Fanatics => "fanatics",
        Orbital => "orbital",
    }
);

string_enum!(
    /// Dirtside II confidence level, best to worst.
    Confidence, "confidence" {
        Confident => "co",
        Steady => "st",
        Shaken => "sh",
        Broken => "br",
        Routed => "ro",
    }
);

string_enum!(
    /// How a defender sits at the start of a battle.
    Cover, "defender cover" {
        Open => "open",
        Cover => "cover",
        Bunker => "bunker",
    }
);

string_enum!(
    /// Armour class of a person, for the casualty table.
    Armour, "armour" {
        Unarmoured => "unarmoured",
        Flak => "flak",
        Lta => "lta",
        Hma => "hma",
    }
);

string_enum!(
    /// How badly one hit person turned out at the aid post.
    Severity, "severity" {
        Unharmed => "unharmed",
        Scratch => "scratch",
        Light => "light",
        Serious => "serious",
        Mortal => "mortal",
        Dead => "dead",
        Captured => "captured",
    }
);

string_enum!(
    /// What became of a casualty.
    Outcome, "casualty outcome" {
        Returned => "returned",
        Hospital => "hospital",
        Dead => "dead",
        Captured => "captured",
    }
);

impl Equipment {
    /// The casualty-table row for people wearing this equipment.
    pub fn armour(self) -> Armour {
        match self {
            Equipment::CivilianWeapons => Armour::Unarmoured,
            Equipment::AssaultRifles => Armour::Flak,
            Equipment::Lta => Armour::Lta,
            Equipment::Hma | Equipment::Ma => Armour::Hma,
        }
    }
}

impl StandType {
    /// Turns of fire a stand of this type carries when full (SPEC 5).
    pub fn default_ammo(self) -> i64 {
        match self {
            StandType::Infantry | StandType::Commander => 12,
            StandType::Vehicle => 10,
            StandType::Aircraft => 4,
            StandType::Artillery => 8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_round_trip_and_unknown_names_allowed() {
        for t in Training::ALL {
            assert_eq!(t.as_str().parse::<Training>().unwrap(), *t);
        }
        let err = "elite".parse::<Training>().unwrap_err();
        assert_eq!(err.kind, "training");
        assert!(err.to_string().contains("special_forces"));
        assert_eq!(Confidence::Broken.as_str(), "br");
    }

    #[test]
    fn armour_follows_equipment() {
        assert_eq!(Equipment::AssaultRifles.armour(), Armour::Flak);
        assert_eq!(Equipment::Ma.armour(), Armour::Hma);
        assert_eq!(Equipment::CivilianWeapons.armour(), Armour::Unarmoured);
    }
}
