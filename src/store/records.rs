//! The campaign's entities as plain records: the shape of the campaign file
//! (SPEC 10) and the rows the store reads and writes. They live here, below the
//! campaign layer, so that the store never names `campaign`; the campaign layer
//! re-exports them as `campaign::records` and holds every rule about them.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use crate::core::kinds::{
    AircraftSpeed, Confidence, Contact, Cover, Equipment, Medical, Officers, Outcome, Severity,
    StandType, Status, Supply, Training, UnitFlag, VehicleKind, Weapon,
};

/// In-game times are written without a zone, to the second.
pub const TIME_FORMAT: &str = "%Y-%m-%dT%H:%M:%S";

/// A whole campaign file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct CampaignFile {
    /// Which version of this format the file is written in; files without it
    /// are version 1 (current state only, no history).
    #[serde(default = "format_one")]
    pub format_version: u32,
    pub campaign: Option<CampaignSettings>,
    #[serde(default)]
    pub sides: Vec<SideRecord>,
    #[serde(default)]
    pub commands: Vec<CommandRecord>,
    #[serde(default)]
    pub units: Vec<UnitRecord>,
    #[serde(default)]
    pub stands: Vec<StandRecord>,
    #[serde(default)]
    pub battles: Vec<BattleRecord>,
    /// Each ruleset's campaign options.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<OptionRecord>,
    /// Every casualty record, with what became of the person.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub casualties: Vec<CasualtyRecord>,
    /// Supply deliveries, arrived or on their way.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deliveries: Vec<DeliveryRecord>,
}

/// The format `export` writes: 2 carries the campaign's history (fought
/// battles with their results and logs, casualties, deliveries, options).
pub const FORMAT_VERSION: u32 = 2;

fn format_one() -> u32 {
    1
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionRecord {
    pub ruleset: String,
    pub key: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CasualtyRecord {
    pub stand: String,
    /// The battle it came from; empty for none.
    #[serde(default)]
    pub battle: String,
    /// The casualty-table die, where one was rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<i64>,
    pub severity: crate::core::kinds::Severity,
    pub outcome: crate::core::kinds::Outcome,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_time")]
    pub returns_at: Option<NaiveDateTime>,
    #[serde(default)]
    pub returned: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeliveryRecord {
    pub side: String,
    pub points: i64,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_time")]
    pub arrives_at: Option<NaiveDateTime>,
    #[serde(default)]
    pub arrived: bool,
}

/// What a fought battle left: how it was fought, each stand's part and the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultRecord {
    /// auto | played | recorded
    pub mode: String,
    pub seed: u64,
    pub winner: String,
    pub turns: i64,
    pub end_reason: String,
    #[serde(with = "time_format")]
    pub ended_at: NaiveDateTime,
    #[serde(default)]
    pub stands: Vec<PartRecord>,
    #[serde(default)]
    pub events: Vec<EventRecord>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartRecord {
    pub code: String,
    pub role: String,
    pub hits_taken: i64,
    pub fired: bool,
    pub under_fire: bool,
    pub status_after: Status,
    pub actions_gained: i64,
    pub ammo_spent: i64,
    pub captured: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repair_days: Option<i64>,
}

/// One log entry; `dice` and `data` are kept as the JSON the log holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventRecord {
    pub turn: i64,
    pub phase: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
    #[serde(default = "empty_json_list")]
    pub dice: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
}

fn empty_json_list() -> String {
    "[]".to_string()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignSettings {
    pub name: String,
    #[serde(with = "time_format")]
    pub start: NaiveDateTime,
    #[serde(default = "default_ruleset")]
    pub ruleset: String,
    #[serde(default = "default_light_days")]
    pub light_wound_days: i64,
    #[serde(default = "default_serious_days")]
    pub serious_wound_days: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideRecord {
    pub code: String,
    pub name: String,
    #[serde(default = "default_medical")]
    pub medical: Medical,
    #[serde(default)]
    pub treats_pw_well: bool,
    #[serde(default)]
    pub supply_points: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandRecord {
    pub code: String,
    pub side: String,
    pub name: String,
    #[serde(default)]
    pub player: String,
    #[serde(default = "default_officers")]
    pub officers: Officers,
    #[serde(default = "default_supply")]
    pub supply: Supply,
    #[serde(default = "default_contact")]
    pub contact: Contact,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitRecord {
    pub code: String,
    pub command: String,
    pub name: String,
    #[serde(default)]
    pub parent: String,
    #[serde(default)]
    pub flags: Vec<UnitFlag>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leadership: Option<i64>,
    #[serde(default = "default_confidence")]
    pub confidence: Confidence,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandRecord {
    pub code: String,
    pub unit: String,
    #[serde(default)]
    pub name: String,
    #[serde(rename = "type")]
    pub stand_type: StandType,
    pub training: Training,
    #[serde(default)]
    pub actions: i64,
    #[serde(default, with = "blank")]
    pub equipment: Option<Equipment>,
    #[serde(default, with = "blank")]
    pub vehicle: Option<VehicleKind>,
    #[serde(default, with = "blank")]
    pub speed: Option<AircraftSpeed>,
    #[serde(default, with = "blank")]
    pub weapon: Option<Weapon>,
    pub men: i64,
    #[serde(default)]
    pub hits: i64,
    #[serde(default)]
    pub officer: bool,
    #[serde(default = "default_status")]
    pub status: Status,
    /// Missing in a file means "full": the type's default, or `ammo_max`.
    #[serde(default)]
    pub ammo: Option<i64>,
    #[serde(default)]
    pub ammo_max: Option<i64>,
    /// Damaged or immobilised: cannot fight before this in-game time.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_time")]
    pub repair_until: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleRecord {
    pub code: String,
    pub name: String,
    #[serde(with = "time_format")]
    pub at: NaiveDateTime,
    pub attacker: Vec<String>,
    pub defender: Vec<String>,
    #[serde(default)]
    pub after: String,
    #[serde(default = "default_ruleset")]
    pub ruleset: String,
    #[serde(default = "default_range")]
    pub range: i64,
    #[serde(default = "default_cover")]
    pub defender_cover: Cover,
    #[serde(default)]
    pub terrain: String,
    /// The umpire's briefing: objective and what each side knows.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub briefing: String,
    /// Set once the battle is fought (format 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultRecord>,
}

impl StandRecord {
    /// Full ammunition for this stand: `ammo_max` if given, else the type default,
    /// raised to `ammo` when a file carries more than that.
    pub fn resolved_ammo_max(&self) -> i64 {
        self.ammo_max
            .unwrap_or_else(|| self.stand_type.default_ammo().max(self.ammo.unwrap_or(0)))
    }

    pub fn resolved_ammo(&self) -> i64 {
        self.ammo.unwrap_or_else(|| self.resolved_ammo_max())
    }
}

/// What kind of entity a code names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeKind {
    Side,
    Command,
    Unit,
    Stand,
    Battle,
}

impl CodeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CodeKind::Side => "side",
            CodeKind::Command => "command",
            CodeKind::Unit => "unit",
            CodeKind::Stand => "stand",
            CodeKind::Battle => "battle",
        }
    }
}

/// A code already in use, with the side it belongs to where it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known {
    pub kind: CodeKind,
    pub side: Option<String>,
}

/// Every code in use in a campaign: one namespace for all kinds of entity.
pub type KnownCodes = std::collections::HashMap<String, Known>;

/// One person hit, after the aid post: a casualty record to write.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewCasualty {
    pub stand: String,
    /// The casualty-table die (0..9), or none where no roll was made.
    pub roll: Option<u32>,
    pub severity: Severity,
    pub outcome: Outcome,
    pub returns_at: Option<NaiveDateTime>,
}

/// A stand's state after the battle and the aid post.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StandAfter {
    pub record: StandRecord,
    pub actions_gained: i64,
}

/// Everything a battle changes in the campaign, as the post-battle sequence
/// (`campaign::post_battle`) decided it and the store writes it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Consequences {
    pub casualties: Vec<NewCasualty>,
    pub stands: Vec<StandAfter>,
}

fn default_ruleset() -> String {
    "bia".to_string()
}
fn default_light_days() -> i64 {
    7
}
fn default_serious_days() -> i64 {
    28
}
fn default_medical() -> Medical {
    Medical::Normal
}
fn default_officers() -> Officers {
    Officers::Normal
}
fn default_supply() -> Supply {
    Supply::Normal
}
fn default_contact() -> Contact {
    Contact::Normal
}
fn default_confidence() -> Confidence {
    Confidence::Confident
}
fn default_status() -> Status {
    Status::Effective
}
fn default_range() -> i64 {
    60
}
fn default_cover() -> Cover {
    Cover::Cover
}

/// Optional enum values written as an empty string when absent, as the file format does.
pub mod blank {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::fmt::Display;
    use std::str::FromStr;

    pub fn serialize<T: Display, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => s.collect_str(v),
            None => s.serialize_str(""),
        }
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let s = String::deserialize(d)?;
        if s.is_empty() {
            Ok(None)
        } else {
            s.parse().map(Some).map_err(serde::de::Error::custom)
        }
    }
}

/// In-game timestamps as `YYYY-MM-DDTHH:MM:SS` strings.
pub mod time_format {
    use super::TIME_FORMAT;
    use chrono::NaiveDateTime;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(t: &NaiveDateTime, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&t.format(TIME_FORMAT))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveDateTime, D::Error> {
        let s = String::deserialize(d)?;
        super::parse_time(&s).map_err(serde::de::Error::custom)
    }
}

/// An optional in-game time in campaign files: absent when not set.
pub mod opt_time {
    use chrono::NaiveDateTime;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(t: &Option<NaiveDateTime>, s: S) -> Result<S::Ok, S::Error> {
        match t {
            Some(t) => super::time_format::serialize(t, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<NaiveDateTime>, D::Error> {
        let s = String::deserialize(d)?;
        super::parse_time(&s)
            .map(Some)
            .map_err(serde::de::Error::custom)
    }
}

/// Reads an in-game time: `YYYY-MM-DDTHH:MM[:SS]`, or a bare date meaning midnight.
pub fn parse_time(s: &str) -> Result<NaiveDateTime, String> {
    let s = s.trim();
    NaiveDateTime::parse_from_str(s, TIME_FORMAT)
        .or_else(|_| NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M"))
        .or_else(|_| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M:%S"))
        .or_else(|_| {
            chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d")
                .map(|d| d.and_hms_opt(0, 0, 0).expect("midnight exists"))
        })
        .map_err(|_| format!("`{s}` is not a date-time; write it as 2157-04-12T05:00:00"))
        .and_then(|t| {
            use crate::core::limits::{first_time, last_time};
            if t < first_time() || t > last_time() {
                Err(format!(
                    "`{s}` is outside the dates bounce reads ({} to {})",
                    first_time().format("%Y-%m-%d"),
                    last_time().format("%Y-%m-%d")
                ))
            } else {
                Ok(t)
            }
        })
}

pub fn format_time(t: &NaiveDateTime) -> String {
    t.format(TIME_FORMAT).to_string()
}
