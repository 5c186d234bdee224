//! The post-battle sequence as a pure computation (SPEC 4.2): aid-post rolls for
//! every person hit, what becomes of them, each stand's new strength, status,
//! experience and ammunition. The store writes the result in one transaction.

use chrono::{Duration, NaiveDateTime};
use serde::Serialize;

use super::records::StandRecord;
use crate::battle::result::{BattleResult, Knockout};
use crate::rules::bia;
use crate::rules::dice::Dice;
use crate::rules::kinds::{Armour, Medical, Outcome, Severity, StandType, Status};

/// Campaign settings the sequence reads.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub light_wound_days: i64,
    pub serious_wound_days: i64,
    /// When the battle ended, in game time.
    pub ended_at: NaiveDateTime,
}

/// One person hit, after the aid post.
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

/// Everything the battle changes in the campaign.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Consequences {
    pub casualties: Vec<NewCasualty>,
    pub stands: Vec<StandAfter>,
}

/// Experience credited for one battle: an action if the stand both fired and came
/// under fire, two if it was also hit.
pub fn actions_gained(fired: bool, under_fire: bool, hit: bool) -> i64 {
    match (fired && under_fire, hit) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => 2,
    }
}

/// The casualty-table row for a stand's people; vehicle and aircraft crews wear
/// flak-vest protection at best (docs/rules-decisions.md).
pub fn armour_of(s: &StandRecord) -> Armour {
    match s.equipment {
        Some(e) => e.armour(),
        None => Armour::Flak,
    }
}

/// Runs the sequence for every stand in `result`; `stand` finds each stand's
/// record and its side's medical support.
pub fn consequences(
    result: &BattleResult,
    stand: impl Fn(&str) -> Option<(StandRecord, Medical)>,
    settings: Settings,
    dice: &mut Dice,
) -> Consequences {
    let mut casualties = Vec::new();
    let mut stands = Vec::new();
    for outcome in &result.stands {
        let Some((before, medical)) = stand(&outcome.code) else {
            continue;
        };
        let mut s = before.clone();
        let armour = armour_of(&s);
        let crewed = matches!(s.stand_type, StandType::Vehicle | StandType::Aircraft);
        let people_hit = match (crewed, outcome.knockout) {
            (true, Some(_)) => s.men - s.hits,
            _ => outcome.hits_taken,
        }
        .clamp(0, s.men - s.hits);
        let captured = outcome.captured.clamp(0, people_hit);
        let mut dead = 0;
        let mut hospital = 0;
        for i in 0..people_hit {
            let (roll, severity) = if i < captured {
                (None, Severity::Captured)
            } else if outcome.knockout == Some(Knockout::Exploded) {
                (None, Severity::Dead)
            } else {
                let roll = dice.d10_zero();
                (Some(roll), bia::casualty(armour, roll))
            };
            let (outcome_kind, returns_at) = fate(severity, medical, &settings);
            match outcome_kind {
                Outcome::Dead | Outcome::Captured => dead += 1,
                Outcome::Hospital => hospital += 1,
                Outcome::Returned => {}
            }
            casualties.push(NewCasualty {
                stand: s.code.clone(),
                roll,
                severity,
                outcome: outcome_kind,
                returns_at,
            });
        }
        s.men -= dead;
        s.hits = (s.hits + hospital).min(s.men);
        s.status = if s.men == 0 {
            if outcome.status_after == Status::Captured {
                Status::Captured
            } else {
                Status::Destroyed
            }
        } else if outcome.knockout.is_some() {
            Status::Destroyed
        } else {
            outcome.status_after
        };
        let gained = actions_gained(outcome.fired, outcome.under_fire, outcome.hits_taken > 0);
        s.actions += gained;
        s.training = bia::effective_training(s.training, s.actions);
        s.ammo = Some((s.ammo.unwrap_or(0) - outcome.ammo_spent).max(0));
        stands.push(StandAfter {
            record: s,
            actions_gained: gained,
        });
    }
    Consequences { casualties, stands }
}

/// What a severity means for the person: back now, in hospital until a date, or gone.
pub fn fate(
    severity: Severity,
    medical: Medical,
    settings: &Settings,
) -> (Outcome, Option<NaiveDateTime>) {
    let back_after = |days: i64| Some(settings.ended_at + Duration::days(days));
    match severity {
        Severity::Unharmed | Severity::Scratch => (Outcome::Returned, Some(settings.ended_at)),
        Severity::Light => (Outcome::Hospital, back_after(settings.light_wound_days)),
        Severity::Serious => (Outcome::Hospital, back_after(settings.serious_wound_days)),
        Severity::Mortal if medical == Medical::Excellent => {
            (Outcome::Hospital, back_after(settings.serious_wound_days))
        }
        Severity::Mortal | Severity::Dead => (Outcome::Dead, None),
        Severity::Captured => (Outcome::Captured, None),
    }
}
