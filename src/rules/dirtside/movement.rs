//! Movement: each mobility type's base movement factor (inches on NORMAL
//! going), how each terrain counts for it (EASY to IMPASSABLE), and what a
//! stretch of going costs. Costs are kept in half-factors so EASY's two inches
//! per factor stays a whole number.

use serde::Serialize;

/// How an element moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mobility {
    /// Line or militia infantry on foot.
    Foot,
    PoweredFoot,
    Cavalry,
    WheeledLow,
    WheeledHigh,
    TrackedSlow,
    TrackedFast,
    GevSlow,
    GevFast,
    Grav,
    VtolTransport,
    VtolAttack,
    WalkerCombat,
    WalkerTransport,
}

/// Base movement factors in inches.
pub const BASE_MF: [(Mobility, i64); 14] = [
    (Mobility::Foot, 2),
    (Mobility::PoweredFoot, 6),
    (Mobility::Cavalry, 4),
    (Mobility::WheeledLow, 10),
    (Mobility::WheeledHigh, 10),
    (Mobility::TrackedSlow, 8),
    (Mobility::TrackedFast, 12),
    (Mobility::GevSlow, 12),
    (Mobility::GevFast, 15),
    (Mobility::Grav, 15),
    (Mobility::VtolTransport, 24),
    (Mobility::VtolAttack, 30),
    (Mobility::WalkerCombat, 12),
    (Mobility::WalkerTransport, 8),
];

impl Mobility {
    pub fn base_mf(self) -> i64 {
        BASE_MF
            .iter()
            .find(|(m, _)| *m == self)
            .map(|(_, v)| *v)
            .unwrap_or(0)
    }

    pub fn parse(s: &str) -> Result<Mobility, String> {
        BASE_MF
            .iter()
            .map(|(m, _)| *m)
            .find(|m| {
                serde_json::to_value(m)
                    .ok()
                    .and_then(|v| v.as_str().map(|x| x == s))
                    == Some(true)
            })
            .ok_or_else(|| format!("unknown mobility `{s}`"))
    }

    /// Fast GEVs and grav may move evasively.
    pub fn may_evade(self) -> bool {
        matches!(self, Mobility::GevFast | Mobility::Grav)
    }

    fn family(self) -> Family {
        match self {
            Mobility::Foot | Mobility::Cavalry => Family::Foot,
            Mobility::PoweredFoot => Family::PoweredFoot,
            Mobility::WheeledLow => Family::WheeledLow,
            Mobility::WheeledHigh => Family::WheeledHigh,
            Mobility::TrackedSlow | Mobility::TrackedFast => Family::Tracked,
            Mobility::GevSlow | Mobility::GevFast => Family::Gev,
            Mobility::Grav => Family::Grav,
            Mobility::VtolTransport | Mobility::VtolAttack => Family::VtolLow,
            Mobility::WalkerCombat => Family::CombatWalker,
            Mobility::WalkerTransport => Family::TransportWalker,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Foot,
    PoweredFoot,
    WheeledLow,
    WheeledHigh,
    Tracked,
    Gev,
    Grav,
    /// VTOLs in low mode (L598); high mode counts everything EASY.
    VtolLow,
    CombatWalker,
    TransportWalker,
}

impl Terrain {
    pub fn parse(s: &str) -> Result<Terrain, String> {
        TERRAINS
            .into_iter()
            .find(|t| {
                serde_json::to_value(t)
                    .ok()
                    .and_then(|v| v.as_str().map(|x| x == s))
                    == Some(true)
            })
            .ok_or_else(|| format!("unknown terrain `{s}`"))
    }
}

/// Ground as the terrain tables name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Road,
    Open,
    Scrub,
    Rough,
    Cultivated,
    Urban,
    Hills,
    LightWoods,
    DenseWoods,
    Mountains,
    Swamp,
    Rivers,
    OpenWater,
}

pub const TERRAINS: [Terrain; 13] = [
    Terrain::Road,
    Terrain::Open,
    Terrain::Scrub,
    Terrain::Rough,
    Terrain::Cultivated,
    Terrain::Urban,
    Terrain::Hills,
    Terrain::LightWoods,
    Terrain::DenseWoods,
    Terrain::Mountains,
    Terrain::Swamp,
    Terrain::Rivers,
    Terrain::OpenWater,
];

/// How hard a terrain is for a mobility type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Going {
    Easy,
    Normal,
    Poor,
    Difficult,
    Impassable,
}

impl Going {
    /// Half-factors one inch costs; `None` = cannot enter. EASY counts only in
    /// travel mode, else as NORMAL.
    pub fn half_factors_per_inch(self, travel: bool) -> Option<i64> {
        match self {
            Going::Easy if travel => Some(1),
            Going::Easy | Going::Normal => Some(2),
            Going::Poor => Some(4),
            Going::Difficult => Some(6),
            Going::Impassable => None,
        }
    }
}

/// Each family's going in each terrain, in `TERRAINS` order.
#[rustfmt::skip]
const GOING: [(Family, [Going; 13]); 10] = {
    use Going::{Difficult as D, Easy as E, Impassable as I, Normal as N, Poor as P};
    [
        //                road open scrub rough cult urban hills lwood dwood mount swamp river water
        (Family::Foot,        [E, N, N, N, N, N, N, N, P, P, P, D, I]),
        (Family::PoweredFoot, [E, N, N, N, N, N, N, N, P, P, P, D, P]),
        (Family::WheeledLow,  [E, P, D, I, D, P, P, I, I, I, I, D, I]),
        (Family::WheeledHigh, [E, N, P, D, P, P, P, I, I, I, D, D, I]),
        (Family::Tracked,     [E, N, N, P, P, P, P, D, I, D, I, D, I]),
        (Family::Gev,         [E, E, P, D, D, D, P, I, I, I, N, D, E]),
        (Family::Grav,        [E, E, N, N, N, P, P, I, I, D, N, E, E]),
        (Family::VtolLow,     [E, E, E, E, E, N, N, N, N, N, E, E, E]),
        (Family::CombatWalker,    [N, N, N, N, N, D, N, P, P, P, P, N, P]),
        (Family::TransportWalker, [N, N, N, N, N, D, N, P, P, P, P, N, I]),
    ]
};

/// How `terrain` counts for `m`.
pub fn going(m: Mobility, terrain: Terrain) -> Going {
    let f = m.family();
    let i = TERRAINS.iter().position(|t| *t == terrain).unwrap_or(1);
    GOING
        .iter()
        .find(|(g, _)| *g == f)
        .map(|(_, row)| row[i])
        .unwrap_or(Going::Normal)
}

/// Half-factors spent moving each (terrain, inches) stretch in turn; `None`
/// if a stretch is impassable.
pub fn cost(m: Mobility, legs: &[(Terrain, i64)], travel: bool) -> Option<i64> {
    legs.iter()
        .map(|(t, inches)| {
            going(m, *t)
                .half_factors_per_inch(travel)
                .map(|h| h * inches)
        })
        .sum()
}

/// The furthest a factor of `mf` carries through `going` (whole inches).
pub fn max_inches(mf: i64, going: Going, travel: bool) -> i64 {
    going
        .half_factors_per_inch(travel)
        .map(|h| 2 * mf / h)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_factors_match_the_text() {
        let want = [2, 6, 4, 10, 10, 8, 12, 12, 15, 15, 24, 30, 12, 8];
        assert_eq!(BASE_MF.map(|(_, v)| v), want);
        assert_eq!(Mobility::parse("tracked_slow"), Ok(Mobility::TrackedSlow));
    }

    #[test]
    fn terrain_rows_match_the_tables() {
        use Going::*;
        let row = |m| TERRAINS.map(|t| going(m, t));
        assert_eq!(
            row(Mobility::Foot),
            [
                Easy, Normal, Normal, Normal, Normal, Normal, Normal, Normal, Poor, Poor, Poor,
                Difficult, Impassable
            ]
        );
        assert_eq!(
            row(Mobility::PoweredFoot)[12],
            Poor,
            "powered infantry wade open water"
        );
        assert_eq!(
            row(Mobility::WheeledLow),
            [
                Easy, Poor, Difficult, Impassable, Difficult, Poor, Poor, Impassable, Impassable,
                Impassable, Impassable, Difficult, Impassable
            ]
        );
        assert_eq!(
            row(Mobility::WheeledHigh),
            [
                Easy, Normal, Poor, Difficult, Poor, Poor, Poor, Impassable, Impassable,
                Impassable, Difficult, Difficult, Impassable
            ]
        );
        assert_eq!(
            row(Mobility::TrackedFast),
            [
                Easy, Normal, Normal, Poor, Poor, Poor, Poor, Difficult, Impassable, Difficult,
                Impassable, Difficult, Impassable
            ]
        );
        assert_eq!(
            row(Mobility::GevSlow),
            [
                Easy, Easy, Poor, Difficult, Difficult, Difficult, Poor, Impassable, Impassable,
                Impassable, Normal, Difficult, Easy
            ]
        );
        assert_eq!(
            row(Mobility::Grav),
            [
                Easy, Easy, Normal, Normal, Normal, Poor, Poor, Impassable, Impassable, Difficult,
                Normal, Easy, Easy
            ]
        );
        assert_eq!(
            row(Mobility::WalkerCombat),
            [
                Normal, Normal, Normal, Normal, Normal, Difficult, Normal, Poor, Poor, Poor, Poor,
                Normal, Poor
            ],
            "combat walkers wade open water at POOR (L614)"
        );
        assert_eq!(
            row(Mobility::WalkerTransport),
            [
                Normal, Normal, Normal, Normal, Normal, Difficult, Normal, Poor, Poor, Poor, Poor,
                Normal, Impassable
            ],
            "transport walkers use the walker row, without the wading (L608-614)"
        );
        for m in [Mobility::VtolTransport, Mobility::VtolAttack] {
            assert_eq!(
                row(m),
                [
                    Easy, Easy, Easy, Easy, Easy, Normal, Normal, Normal, Normal, Normal, Easy,
                    Easy, Easy
                ],
                "low-mode VTOLs fly over everything, NORMAL in close terrain (L598)"
            );
        }
    }

    #[test]
    fn the_movement_example_slow_tank() {
        // 4" of road (2 factors), 2" open (2), then 2" of rough (4): all 8.
        let legs = [(Terrain::Road, 4), (Terrain::Open, 2), (Terrain::Rough, 2)];
        assert_eq!(cost(Mobility::TrackedSlow, &legs, true), Some(2 * 8));
        assert_eq!(
            max_inches(4, going(Mobility::TrackedSlow, Terrain::Rough), true),
            2
        );
    }

    #[test]
    fn the_other_movement_examples() {
        // A fast GEV spending its whole move on water: 30".
        assert_eq!(
            max_inches(15, going(Mobility::GevFast, Terrain::OpenWater), true),
            30
        );
        // Not in travel mode, EASY is NORMAL.
        assert_eq!(
            max_inches(15, going(Mobility::GevFast, Terrain::OpenWater), false),
            15
        );
        // A fast tracked vehicle on open ground: 12".
        assert_eq!(
            max_inches(12, going(Mobility::TrackedFast, Terrain::Open), false),
            12
        );
        // A slow tracked vehicle in rough: 4".
        assert_eq!(
            max_inches(8, going(Mobility::TrackedSlow, Terrain::Rough), false),
            4
        );
        // A low-mobility wheeled vehicle across cultivation: 3".
        assert_eq!(
            max_inches(10, going(Mobility::WheeledLow, Terrain::Cultivated), false),
            3
        );
        assert_eq!(
            cost(Mobility::TrackedSlow, &[(Terrain::Swamp, 1)], false),
            None
        );
    }
}
