//! Quality grades and their dice (one grade stands for training, experience
//! and competence), motivation 1 (best) to 3, and how a campaign stand's
//! training, experience, officer and morale number map onto them (SPEC 9.5).

use serde::Serialize;

use super::die::Die;
use crate::core::kinds::Training;

/// The five grades, worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    Untrained,
    Green,
    Regular,
    Veteran,
    Elite,
}

/// Grade → quality die and marker colour.
pub const GRADES: [(Grade, Die, &str); 5] = [
    (Grade::Untrained, Die::D4, "yellow"),
    (Grade::Green, Die::D6, "green"),
    (Grade::Regular, Die::D8, "blue"),
    (Grade::Veteran, Die::D10, "orange"),
    (Grade::Elite, Die::D12, "red"),
];

impl Grade {
    pub fn die(self) -> Die {
        GRADES
            .iter()
            .find(|g| g.0 == self)
            .map(|g| g.1)
            .unwrap_or(Die::D4)
    }
}

/// Motivation words: 1 high, 2 average, 3 low.
pub const MOTIVATION: [(i64, &str); 3] = [(1, "high"), (2, "average"), (3, "low")];

/// Actions fought at which a stand is experienced, seasoned, veteran (the
/// campaign's thresholds, repeated here: a ruleset reads no campaign code).
pub const EXPERIENCED_AT: i64 = 1;
pub const SEASONED_AT: i64 = 15;
pub const VETERAN_AT: i64 = 30;

/// The base quality die of a campaign training grade.
pub fn training_die(training: Training) -> Die {
    match training {
        Training::Civilian => Die::D4,
        Training::Recruits | Training::Trained => Die::D6,
        Training::Regular => Die::D8,
        Training::SpecialForces => Die::D10,
    }
}

/// A figure's quality die: the training die, a step up for a seasoned or
/// veteran stand, at most D10; the officer of a veteran special-forces stand
/// may reach D12.
pub fn quality_die(training: Training, actions: i64, officer: bool) -> Die {
    let base = training_die(training);
    let steps = usize::from(actions >= SEASONED_AT);
    let cap = if officer && training == Training::SpecialForces && actions >= VETERAN_AT {
        Die::D12
    } else {
        Die::D10
    };
    let extra = usize::from(cap == Die::D12);
    base.up(steps + extra).min(cap)
}

/// Motivation from the campaign morale number: 1–3 → 1, 4–6 → 2, 7–9 → 3.
pub fn motivation(morale: i32) -> i64 {
    (i64::from(morale.clamp(1, 9)) + 2) / 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_grade_has_its_die_and_colour() {
        let dice: Vec<_> = GRADES.iter().map(|g| (g.0.die(), g.2)).collect();
        assert_eq!(
            dice,
            vec![
                (Die::D4, "yellow"),
                (Die::D6, "green"),
                (Die::D8, "blue"),
                (Die::D10, "orange"),
                (Die::D12, "red")
            ]
        );
        assert_eq!(MOTIVATION.map(|m| m.0), [1, 2, 3]);
    }

    #[test]
    fn campaign_training_maps_as_spec_9_5() {
        use Training::*;
        assert_eq!(quality_die(Civilian, 0, false), Die::D4);
        assert_eq!(quality_die(Recruits, 0, false), Die::D6);
        assert_eq!(quality_die(Trained, 14, false), Die::D6);
        assert_eq!(quality_die(Trained, 15, false), Die::D8);
        assert_eq!(quality_die(Regular, 0, false), Die::D8);
        assert_eq!(quality_die(Regular, 30, true), Die::D10);
        assert_eq!(quality_die(SpecialForces, 0, false), Die::D10);
        assert_eq!(
            quality_die(SpecialForces, 20, false),
            Die::D10,
            "at most D10"
        );
        assert_eq!(
            quality_die(SpecialForces, 20, true),
            Die::D10,
            "seasoned officer"
        );
        assert_eq!(
            quality_die(SpecialForces, 30, true),
            Die::D12,
            "veteran SF officer"
        );
        assert_eq!(quality_die(SpecialForces, 30, false), Die::D10);
    }

    #[test]
    fn the_texts_police_team() {
        // Five markers drawn for a police squad (L380-388): each grade's die
        // with its motivation, 1 the gutsiest.
        let team = [
            ("Morgan", Grade::Green, 1),
            ("Lewis", Grade::Veteran, 2),
            ("Holloway", Grade::Regular, 2),
            ("Parnell", Grade::Regular, 3),
            ("Krapski", Grade::Veteran, 3),
        ];
        let dice: Vec<(Die, &str)> = team
            .iter()
            .map(|(_, g, m)| (g.die(), MOTIVATION[(*m - 1) as usize].1))
            .collect();
        assert_eq!(
            dice,
            vec![
                (Die::D6, "high"),
                (Die::D10, "average"),
                (Die::D8, "average"),
                (Die::D8, "low"),
                (Die::D10, "low")
            ]
        );
    }

    #[test]
    fn motivation_from_the_morale_number() {
        let m: Vec<i64> = (1..=9).map(motivation).collect();
        assert_eq!(m, vec![1, 1, 1, 2, 2, 2, 3, 3, 3]);
        assert_eq!(motivation(0), 1);
        assert_eq!(motivation(12), 3);
    }
}
