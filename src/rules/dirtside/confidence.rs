//! Confidence levels and the tests that move them: the confidence test (one
//! level lost when the quality die does not beat leadership + threat, two when
//! it is half the target or less), the reaction test (pass or balk, no level
//! lost), rallying, the threat levels of each trigger, and the replacement of a
//! lost leader.

use serde::Serialize;

use crate::core::kinds::Confidence;

/// A unit's confidence level, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Confident,
    Steady,
    Shaken,
    Broken,
    Routed,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Confident,
        Level::Steady,
        Level::Shaken,
        Level::Broken,
        Level::Routed,
    ];

    /// The lower-case word the queries and events use.
    pub fn word(self) -> &'static str {
        match self {
            Level::Confident => "confident",
            Level::Steady => "steady",
            Level::Shaken => "shaken",
            Level::Broken => "broken",
            Level::Routed => "routed",
        }
    }

    /// The marker's two letters (`co` … `ro`), as campaign files spell them.
    pub fn code(self) -> &'static str {
        self.campaign().as_str()
    }

    pub fn index(self) -> usize {
        self as usize
    }

    fn at(i: usize) -> Level {
        Level::ALL[i.min(4)]
    }

    /// `n` levels worse; RO is the floor.
    pub fn worse(self, n: usize) -> Level {
        Level::at(self.index() + n)
    }

    /// `n` levels better; CO is the ceiling.
    pub fn better(self, n: usize) -> Level {
        Level::at(self.index().saturating_sub(n))
    }

    /// Reads the word or the marker code.
    pub fn parse(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.word() == s || l.code() == s)
            .ok_or_else(|| {
                format!("unknown confidence level `{s}`; allowed: confident, steady, shaken, broken, routed (or co, st, sh, br, ro)")
            })
    }

    pub fn campaign(self) -> Confidence {
        match self {
            Level::Confident => Confidence::Confident,
            Level::Steady => Confidence::Steady,
            Level::Shaken => Confidence::Shaken,
            Level::Broken => Confidence::Broken,
            Level::Routed => Confidence::Routed,
        }
    }

    pub fn from_campaign(c: Confidence) -> Level {
        match c {
            Confidence::Confident => Level::Confident,
            Confidence::Steady => Level::Steady,
            Confidence::Shaken => Level::Shaken,
            Confidence::Broken => Level::Broken,
            Confidence::Routed => Level::Routed,
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

impl Serialize for Level {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.word())
    }
}

/// How a confidence test came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TestOutcome {
    Passed,
    /// The roll did not beat the target: one level lost.
    OneLevel,
    /// The roll was half the target or less: two levels lost.
    TwoLevels,
}

impl TestOutcome {
    pub fn levels_lost(self) -> usize {
        match self {
            TestOutcome::Passed => 0,
            TestOutcome::OneLevel => 1,
            TestOutcome::TwoLevels => 2,
        }
    }
}

/// A test's target: leadership plus the (single, highest) threat level.
pub fn target(leadership: i64, threat: i64) -> i64 {
    leadership + threat
}

/// A confidence test's outcome for `roll` against `target` (SPEC 4.5: two
/// levels when `2 × roll ≤ target`).
pub fn test(roll: i64, target: i64) -> TestOutcome {
    if roll > target {
        TestOutcome::Passed
    } else if 2 * roll <= target {
        TestOutcome::TwoLevels
    } else {
        TestOutcome::OneLevel
    }
}

/// The level after a confidence test.
pub fn after_test(level: Level, roll: i64, target: i64) -> Level {
    level.worse(test(roll, target).levels_lost())
}

/// A reaction test passes when the roll beats the target; a failure costs no level.
pub fn reaction(roll: i64, target: i64) -> bool {
    roll > target
}

/// The target of a rally: the unit's leadership plus its Command Unit's.
pub fn rally_target(leadership: i64, command_leadership: i64) -> i64 {
    leadership + command_leadership
}

/// The level after a rally roll: one better when the roll beats the target.
pub fn after_rally(level: Level, roll: i64, target: i64) -> Level {
    if roll > target {
        level.better(1)
    } else {
        level
    }
}

/// What sets off a test, each with its threat level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Threat {
    /// Confidence: the unit's first element damaged or destroyed this battle.
    FirstLoss,
    /// Confidence: a quarter or more of the unit damaged or destroyed in one attack.
    QuarterInOneAttack,
    /// Confidence: half or more of the unit lost in the battle so far.
    HalfLost,
    /// Confidence: the unit leader's element destroyed.
    LeaderLost,
    /// Confidence: dismounted infantry under artillery or air attack.
    ArtilleryOrAir,
    /// Reaction: shaken dismounted infantry advancing.
    ShakenAdvance,
    /// Reaction: dismounted infantry under fire trying to move.
    InfantryUnderFireMoves,
    /// Reaction: vehicles (or mounted infantry) under fire trying to move.
    VehicleUnderFireMoves,
    /// Reaction: a green unit attacked for the first time (panic).
    Panic,
    /// Confidence: assaulted by powered infantry.
    AssaultedByPowered,
    /// Confidence: assaulted by other troops.
    Assaulted,
    /// Confidence after an assault round with under half lost.
    AssaultRoundLight,
    /// Confidence after an assault round with half or more lost.
    AssaultRoundHeavy,
    /// Extra for the rest of a combined assault once a partner fell back.
    PartnerFellBack,
    /// Reaction for a follow-through after the defender was destroyed.
    FollowThroughDestroyed,
    /// Reaction for a follow-through after the defender pulled back.
    FollowThroughWithdrew,
}

/// Every trigger and its threat level (SPEC 4.5: vehicles under fire +0).
pub const THREATS: [(Threat, i64); 16] = [
    (Threat::FirstLoss, 1),
    (Threat::QuarterInOneAttack, 1),
    (Threat::HalfLost, 2),
    (Threat::LeaderLost, 3),
    (Threat::ArtilleryOrAir, 0),
    (Threat::ShakenAdvance, 1),
    (Threat::InfantryUnderFireMoves, 1),
    (Threat::VehicleUnderFireMoves, 0),
    (Threat::Panic, 2),
    (Threat::AssaultedByPowered, 3),
    (Threat::Assaulted, 2),
    (Threat::AssaultRoundLight, 1),
    (Threat::AssaultRoundHeavy, 3),
    (Threat::PartnerFellBack, 1),
    (Threat::FollowThroughDestroyed, 1),
    (Threat::FollowThroughWithdrew, 2),
];

impl Threat {
    pub fn level(self) -> i64 {
        THREATS
            .iter()
            .find(|(t, _)| *t == self)
            .map(|(_, l)| *l)
            .unwrap_or(0)
    }
}

/// The highest threat of several that apply at once (they do not add up).
pub fn highest(threats: &[Threat]) -> Option<Threat> {
    threats.iter().copied().max_by_key(|t| t.level())
}

/// The threat of the reaction test an attacker takes to close-assault, by its
/// level; `None` for BR and RO, which may not assault.
pub fn assault_threat(level: Level) -> Option<i64> {
    match level {
        Level::Confident => Some(0),
        Level::Steady => Some(1),
        Level::Shaken => Some(3),
        Level::Broken | Level::Routed => None,
    }
}

/// A new leader after the old one is lost: the d6 gives one worse (1-3), the
/// same (4-5) or one better (6); leadership stays within 1..3.
pub fn replacement_leader(old: i64, d6: i64) -> i64 {
    match d6 {
        ..=3 => (old + 1).min(3),
        4 | 5 => old,
        _ => (old - 1).max(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_confidence_example_regular_2_steady_threat_1() {
        // Regular (d8), leadership 2, threat +1: target 3.
        let t = target(2, Threat::FirstLoss.level());
        assert_eq!(t, 3);
        for roll in 4..=8 {
            assert_eq!(after_test(Level::Steady, roll, t), Level::Steady);
        }
        assert_eq!(after_test(Level::Steady, 3, t), Level::Shaken);
        assert_eq!(after_test(Level::Steady, 2, t), Level::Shaken);
        assert_eq!(after_test(Level::Steady, 1, t), Level::Broken);
    }

    #[test]
    fn levels_bottom_out_at_routed_and_top_out_at_confident() {
        assert_eq!(Level::Broken.worse(2), Level::Routed);
        assert_eq!(Level::Steady.better(3), Level::Confident);
        assert_eq!(Level::parse("sh"), Ok(Level::Shaken));
        assert_eq!(Level::parse("broken"), Ok(Level::Broken));
        assert!(Level::parse("panicky").is_err());
        for l in Level::ALL {
            assert_eq!(Level::from_campaign(l.campaign()), l);
        }
    }

    #[test]
    fn every_threat_level_matches_the_table() {
        let want = [1, 1, 2, 3, 0, 1, 1, 0, 2, 3, 2, 1, 3, 1, 1, 2];
        let got: Vec<i64> = THREATS.iter().map(|(t, _)| t.level()).collect();
        assert_eq!(got, want);
        assert_eq!(
            highest(&[
                Threat::FirstLoss,
                Threat::HalfLost,
                Threat::QuarterInOneAttack
            ]),
            Some(Threat::HalfLost),
            "threats do not add; the highest counts"
        );
        assert_eq!(assault_threat(Level::Confident), Some(0));
        assert_eq!(assault_threat(Level::Steady), Some(1));
        assert_eq!(assault_threat(Level::Shaken), Some(3));
        assert_eq!(assault_threat(Level::Broken), None);
        assert_eq!(assault_threat(Level::Routed), None);
    }

    #[test]
    fn the_rally_example_regular_2_broken_with_a_veteran_1_command() {
        let t = rally_target(2, 1);
        assert_eq!(t, 3);
        for roll in 1..=3 {
            assert_eq!(after_rally(Level::Broken, roll, t), Level::Broken);
        }
        for roll in 4..=8 {
            assert_eq!(after_rally(Level::Broken, roll, t), Level::Shaken);
        }
    }

    #[test]
    fn the_reaction_test_passes_only_above_the_target() {
        assert!(!reaction(3, 3));
        assert!(reaction(4, 3));
    }

    #[test]
    fn the_replacement_leader_example_grade_2() {
        for d6 in 1..=3 {
            assert_eq!(replacement_leader(2, d6), 3);
        }
        assert_eq!(replacement_leader(2, 4), 2);
        assert_eq!(replacement_leader(2, 5), 2);
        assert_eq!(replacement_leader(2, 6), 1);
        assert_eq!(replacement_leader(3, 1), 3, "no worse than 3");
        assert_eq!(replacement_leader(1, 6), 1, "no better than 1");
    }
}
