//! Recorded battles: a results file written after a battle fought on the table,
//! checked against the battle's stands and turned into a `BattleResult`.

use serde::Deserialize;

use super::result::{BattleResult, Event, Knockout, Role, StandOutcome, Winner};
use crate::campaign::error::CampaignError;
use crate::campaign::file::{locate, toml_error};
use crate::campaign::records::StandRecord;
use crate::rules::bia::hit_effects::{hit_row, status_for_hits};
use crate::rules::kinds::{Ruleset, StandType, Status};

/// The results file (SPEC 12.1).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultsFile {
    pub winner: Winner,
    pub turns: u32,
    #[serde(default)]
    pub end_reason: String,
    #[serde(default)]
    pub stands: Vec<StandResult>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandResult {
    pub code: String,
    #[serde(default)]
    pub hits: i64,
    #[serde(default)]
    pub fired: bool,
    #[serde(default)]
    pub under_fire: bool,
    pub status: Option<Status>,
    #[serde(default)]
    pub ammo_spent: i64,
    #[serde(default)]
    pub captured: i64,
}

/// A stand that fought in the battle, as the campaign holds it.
pub struct Participant {
    pub role: Role,
    pub record: StandRecord,
}

/// Reads and checks a results file against the battle's participants.
pub fn read(
    name: &str,
    text: &str,
    participants: &[Participant],
    ruleset: Ruleset,
    seed: u64,
) -> Result<BattleResult, CampaignError> {
    let file: ResultsFile = toml::from_str(text).map_err(|e| toml_error(name, text, &e))?;
    let bad = |index: usize, field: &str, message: String| {
        let (section, idx) = if field == "turns" {
            ("", 0)
        } else {
            ("stands", index)
        };
        CampaignError::InFile {
            file: name.to_string(),
            line: if section.is_empty() {
                top_line(text, field)
            } else {
                locate(text, section, idx, field)
            },
            field: if section.is_empty() {
                field.to_string()
            } else {
                format!("stands.{field}")
            },
            message,
        }
    };
    if file.turns < 1 {
        return Err(bad(0, "turns", "a battle lasts at least one turn".into()));
    }
    let mut stands = Vec::new();
    for (i, s) in file.stands.iter().enumerate() {
        let Some(p) = participants.iter().find(|p| p.record.code == s.code) else {
            return Err(bad(
                i,
                "code",
                format!("`{}` did not fight in this battle", s.code),
            ));
        };
        if stands.iter().any(|o: &StandOutcome| o.code == s.code) {
            return Err(bad(i, "code", format!("`{}` is listed twice", s.code)));
        }
        let r = &p.record;
        let fit = r.men - r.hits;
        let crewed = matches!(r.stand_type, StandType::Vehicle | StandType::Aircraft);
        if s.hits < 0 || (!crewed && s.hits > fit) {
            return Err(bad(
                i,
                "hits",
                format!("{} hits on a stand with {fit} people fit to fight", s.hits),
            ));
        }
        if s.ammo_spent < 0 || s.ammo_spent > r.ammo.unwrap_or(0) {
            return Err(bad(
                i,
                "ammo_spent",
                format!(
                    "{} turns of fire spent, the stand carried {}",
                    s.ammo_spent,
                    r.ammo.unwrap_or(0)
                ),
            ));
        }
        if s.captured < 0 || s.captured > fit {
            return Err(bad(
                i,
                "captured",
                format!("{} prisoners from {fit} people", s.captured),
            ));
        }
        let knockout = (crewed && s.hits > 0).then_some(Knockout::Killed);
        let derived = if crewed {
            if s.hits > 0 {
                Status::Destroyed
            } else {
                Status::Effective
            }
        } else {
            status_for_hits(
                hit_row(r.stand_type, r.training, r.equipment),
                r.hits + s.hits,
                r.men,
            )
        };
        let status = s.status.unwrap_or(derived);
        if matches!(status, Status::Retired | Status::Withdrawn) {
            return Err(bad(i, "status", format!("{status} is not a battle outcome; use effective, ineffective, destroyed or captured")));
        }
        stands.push(StandOutcome {
            code: s.code.clone(),
            role: p.role,
            hits_taken: if crewed { 0 } else { s.hits },
            status_after: status,
            fired: s.fired,
            under_fire: s.under_fire,
            ammo_spent: s.ammo_spent,
            captured: s.captured,
            knockout,
        });
    }
    let end_reason = if file.end_reason.is_empty() {
        "recorded from the table".to_string()
    } else {
        file.end_reason.clone()
    };
    Ok(BattleResult {
        ruleset,
        seed,
        winner: file.winner,
        turns: file.turns,
        end_reason: end_reason.clone(),
        events: vec![Event {
            turn: file.turns,
            phase: "recorded".into(),
            text: format!(
                "result recorded from {name}: {} after {} turns ({end_reason}); {} stands reported",
                file.winner.as_str(),
                file.turns,
                stands.len()
            ),
            data: None,
        }],
        stands,
        units: Vec::new(),
    })
}

fn top_line(text: &str, key: &str) -> usize {
    text.lines()
        .position(|l| l.split_once('=').is_some_and(|(k, _)| k.trim() == key))
        .map(|n| n + 1)
        .unwrap_or(1)
}
