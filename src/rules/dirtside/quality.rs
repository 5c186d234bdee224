//! Unit quality (green, regular, veteran), the die each rolls for confidence,
//! reaction, rally and fire effectiveness, and how a campaign stand's training
//! and experience become a quality (SPEC 9.5).

use serde::Serialize;

use crate::core::kinds::Training;
use crate::core::ladder::Die;

/// A unit's quality, worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Quality {
    Green,
    Regular,
    Veteran,
}

/// Quality → its die and the colour of its command marker.
pub const QUALITY_TABLE: [(Quality, Die, &str); 3] = [
    (Quality::Green, Die::D6, "green"),
    (Quality::Regular, Die::D8, "blue"),
    (Quality::Veteran, Die::D10, "orange"),
];

impl Quality {
    pub const ALL: [Quality; 3] = [Quality::Green, Quality::Regular, Quality::Veteran];

    pub fn die(self) -> Die {
        QUALITY_TABLE
            .iter()
            .find(|(q, _, _)| *q == self)
            .map(|(_, d, _)| *d)
            .unwrap_or(Die::D6)
    }

    pub fn name(self) -> &'static str {
        match self {
            Quality::Green => "green",
            Quality::Regular => "regular",
            Quality::Veteran => "veteran",
        }
    }

    pub fn parse(s: &str) -> Result<Quality, String> {
        Quality::ALL
            .into_iter()
            .find(|q| q.name() == s)
            .ok_or_else(|| format!("unknown quality `{s}`; allowed: green, regular, veteran"))
    }

    /// SPEC 9.5: raw or novice → green, experienced or seasoned → regular,
    /// veteran (or special forces at any experience) → veteran. Experience
    /// comes from the actions fought (SPEC 9.1: 1-14, 15-29, 30+).
    pub fn of_stand(training: Training, actions: i64) -> Quality {
        if training == Training::SpecialForces || actions >= 30 {
            Quality::Veteran
        } else if actions >= 1 {
            Quality::Regular
        } else {
            Quality::Green
        }
    }
}

impl std::fmt::Display for Quality {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quality_dice_and_markers_match_the_text() {
        assert_eq!(Quality::Green.die(), Die::D6);
        assert_eq!(Quality::Regular.die(), Die::D8);
        assert_eq!(Quality::Veteran.die(), Die::D10);
        let colours: Vec<&str> = QUALITY_TABLE.iter().map(|r| r.2).collect();
        assert_eq!(colours, ["green", "blue", "orange"]);
    }

    #[test]
    fn campaign_stands_map_by_experience() {
        assert_eq!(Quality::of_stand(Training::Regular, 0), Quality::Green);
        assert_eq!(Quality::of_stand(Training::Recruits, 0), Quality::Green);
        assert_eq!(Quality::of_stand(Training::Trained, 1), Quality::Regular);
        assert_eq!(Quality::of_stand(Training::Trained, 29), Quality::Regular);
        assert_eq!(Quality::of_stand(Training::Trained, 30), Quality::Veteran);
        assert_eq!(
            Quality::of_stand(Training::SpecialForces, 0),
            Quality::Veteran
        );
        assert_eq!(Quality::parse("regular"), Ok(Quality::Regular));
        assert!(Quality::parse("elite").is_err());
    }
}
