//! Direct fire's opposed roll: the firer's die from its fire control and the
//! range band (a step smaller when it moves more than half its factor), the
//! target's die from its signature plus the best secondary die its position
//! gives. The firer hits only by beating the target's highest die.

use serde::Serialize;

use crate::core::ladder::Die;

/// Fire-control apparatus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FireControl {
    Basic,
    Enhanced,
    Superior,
}

impl FireControl {
    pub const ALL: [FireControl; 3] = [
        FireControl::Basic,
        FireControl::Enhanced,
        FireControl::Superior,
    ];
    pub fn name(self) -> &'static str {
        match self {
            FireControl::Basic => "basic",
            FireControl::Enhanced => "enhanced",
            FireControl::Superior => "superior",
        }
    }
    pub fn parse(s: &str) -> Result<FireControl, String> {
        FireControl::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                format!("unknown fire control `{s}`; allowed: basic, enhanced, superior")
            })
    }
}

/// A weapon's range band.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    Close,
    Medium,
    Long,
}

impl Band {
    pub const ALL: [Band; 3] = [Band::Close, Band::Medium, Band::Long];
    pub fn name(self) -> &'static str {
        match self {
            Band::Close => "close",
            Band::Medium => "medium",
            Band::Long => "long",
        }
    }
    pub fn parse(s: &str) -> Result<Band, String> {
        Band::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| format!("unknown band `{s}`; allowed: close, medium, long"))
    }
    /// The next band out (a damaged firer's shots); `None` beyond long.
    pub fn further(self) -> Option<Band> {
        match self {
            Band::Close => Some(Band::Medium),
            Band::Medium => Some(Band::Long),
            Band::Long => None,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Firer dice by fire control (rows) and band (close, medium, long).
pub const FIRER_DICE: [(FireControl, [Die; 3]); 3] = [
    (FireControl::Basic, [Die::D8, Die::D6, Die::D4]),
    (FireControl::Enhanced, [Die::D10, Die::D8, Die::D6]),
    (FireControl::Superior, [Die::D12, Die::D10, Die::D8]),
];

/// The firer's die; `None` when moving fast steps it off the ladder.
pub fn firer_die(fc: FireControl, band: Band, moving_fast: bool) -> Option<Die> {
    let row = FIRER_DICE
        .iter()
        .find(|(f, _)| *f == fc)
        .map(|(_, r)| *r)
        .unwrap_or(FIRER_DICE[0].1);
    let d = row[band.index()];
    if moving_fast {
        d.down()
    } else {
        Some(d)
    }
}

/// Whether moving `used` of a base factor `mf` counts as moving fast.
pub fn moving_fast(used: i64, mf: i64) -> bool {
    2 * used > mf
}

/// Signature 1..5 → the target's primary die.
pub const SIGNATURE_DICE: [(i64, Die); 5] = [
    (1, Die::D12),
    (2, Die::D10),
    (3, Die::D8),
    (4, Die::D6),
    (5, Die::D4),
];

/// The primary die of a target of `signature` (clamped to 1..5).
pub fn target_die(signature: i64) -> Die {
    let s = signature.clamp(1, 5);
    SIGNATURE_DICE[(s - 1) as usize].1
}

/// A target's position, for its secondary die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Position {
    None,
    Soft,
    DugIn,
    HullDown,
    TurretDown,
    Evading,
    PopUp,
}

impl Position {
    pub const ALL: [Position; 7] = [
        Position::None,
        Position::Soft,
        Position::DugIn,
        Position::HullDown,
        Position::TurretDown,
        Position::Evading,
        Position::PopUp,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Position::None => "none",
            Position::Soft => "soft",
            Position::DugIn => "dug-in",
            Position::HullDown => "hull-down",
            Position::TurretDown => "turret-down",
            Position::Evading => "evading",
            Position::PopUp => "pop-up",
        }
    }
    pub fn parse(s: &str) -> Result<Position, String> {
        Position::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                format!("unknown cover `{s}`; allowed: none, soft, dug-in, hull-down, turret-down, evading, pop-up")
            })
    }
}

/// Position → secondary die.
pub const SECONDARY_DICE: [(Position, Option<Die>); 7] = [
    (Position::None, None),
    (Position::Soft, Some(Die::D6)),
    (Position::DugIn, Some(Die::D10)),
    (Position::HullDown, Some(Die::D10)),
    (Position::TurretDown, Some(Die::D12)),
    (Position::Evading, Some(Die::D8)),
    (Position::PopUp, Some(Die::D6)),
];

pub fn secondary_die(p: Position) -> Option<Die> {
    SECONDARY_DICE
        .iter()
        .find(|(q, _)| *q == p)
        .and_then(|(_, d)| *d)
}

/// The best secondary die of several positions that apply at once.
pub fn best_secondary(ps: &[Position]) -> Option<Die> {
    ps.iter().filter_map(|p| secondary_die(*p)).max()
}

/// The firer hits by beating every die the target rolled; a tie misses.
pub fn hits(firer: i64, target: i64, secondary: Option<i64>) -> bool {
    firer > target.max(secondary.unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn firer_dice_match_the_chart_cell_by_cell() {
        let want = [
            ["d8", "d6", "d4"],
            ["d10", "d8", "d6"],
            ["d12", "d10", "d8"],
        ];
        for (i, fc) in FireControl::ALL.into_iter().enumerate() {
            for (j, band) in Band::ALL.into_iter().enumerate() {
                assert_eq!(firer_die(fc, band, false).unwrap().name(), want[i][j]);
            }
        }
    }

    #[test]
    fn moving_fast_steps_down_and_basic_long_cannot_fire() {
        // The text's example: enhanced, close, moving over half → d8.
        assert_eq!(
            firer_die(FireControl::Enhanced, Band::Close, true),
            Some(Die::D8)
        );
        assert_eq!(firer_die(FireControl::Basic, Band::Long, true), None);
        assert!(moving_fast(5, 8));
        assert!(!moving_fast(4, 8), "exactly half is not more than half");
    }

    #[test]
    fn target_and_secondary_dice_match_the_text() {
        let primary: Vec<&str> = (1..=5).map(|s| target_die(s).name()).collect();
        assert_eq!(primary, ["d12", "d10", "d8", "d6", "d4"]);
        assert_eq!(secondary_die(Position::TurretDown), Some(Die::D12));
        assert_eq!(secondary_die(Position::HullDown), Some(Die::D10));
        assert_eq!(secondary_die(Position::DugIn), Some(Die::D10));
        assert_eq!(secondary_die(Position::Evading), Some(Die::D8));
        assert_eq!(secondary_die(Position::Soft), Some(Die::D6));
        assert_eq!(secondary_die(Position::PopUp), Some(Die::D6));
        assert_eq!(secondary_die(Position::None), None);
        assert_eq!(
            best_secondary(&[Position::Soft, Position::Evading]),
            Some(Die::D8)
        );
    }

    #[test]
    fn the_direct_fire_example_hkp3_enhanced_at_26_inches() {
        // Medium band: d8 for the firer; signature 4 in soft cover: d6 + d6.
        assert_eq!(
            firer_die(FireControl::Enhanced, Band::Medium, false),
            Some(Die::D8)
        );
        assert_eq!(target_die(4), Die::D6);
        assert_eq!(secondary_die(Position::Soft), Some(Die::D6));
        assert!(hits(7, 2, Some(6)));
        assert!(!hits(6, 2, Some(6)), "a tie goes to the target");
    }
}
