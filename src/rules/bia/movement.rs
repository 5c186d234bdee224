//! How far things move in a five-minute turn, in table cm.

use serde::Serialize;

use crate::core::kinds::{Equipment, StandType, VehicleKind};

/// The lines of the movement table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mover {
    Hover,
    Hma,
    Ma,
    Tracked,
    WheeledCrossCountry,
    WheeledRoad,
    Infantry,
    Lta,
}

/// Tactical and non-tactical moves per turn.
#[rustfmt::skip]
pub const MOVEMENT: [(Mover, i64, i64); 8] = [
    (Mover::Hover, 35, 70),
    (Mover::Hma, 12, 24),
    (Mover::Ma, 4, 8),
    (Mover::Tracked, 15, 30),
    (Mover::WheeledCrossCountry, 5, 10),
    (Mover::WheeledRoad, 20, 40),
    (Mover::Infantry, 5, 10),
    (Mover::Lta, 7, 14),
];

pub fn moves(m: Mover) -> (i64, i64) {
    MOVEMENT
        .iter()
        .find(|(k, _, _)| *k == m)
        .map(|(_, t, n)| (*t, *n))
        .expect("every mover is in the table")
}

/// The line a stand moves by; wheeled vehicles are taken cross-country, the
/// usual state of a battlefield.
pub fn mover(
    stand_type: StandType,
    equipment: Option<Equipment>,
    vehicle: Option<VehicleKind>,
) -> Mover {
    match (stand_type, vehicle) {
        (
            StandType::Vehicle,
            Some(VehicleKind::Hovertank | VehicleKind::Hoverbus | VehicleKind::Hovercar),
        ) => Mover::Hover,
        (StandType::Vehicle, Some(VehicleKind::TrackTank | VehicleKind::LightTrack)) => {
            Mover::Tracked
        }
        (StandType::Vehicle, _) => Mover::WheeledCrossCountry,
        _ => match equipment {
            Some(Equipment::Hma) => Mover::Hma,
            Some(Equipment::Ma) => Mover::Ma,
            Some(Equipment::Lta) => Mover::Lta,
            _ => Mover::Infantry,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_the_quick_reference() {
        let printed = [
            (Mover::Hover, 35, 70),
            (Mover::Hma, 12, 24),
            (Mover::Ma, 4, 8),
            (Mover::Tracked, 15, 30),
            (Mover::WheeledCrossCountry, 5, 10),
            (Mover::WheeledRoad, 20, 40),
            (Mover::Infantry, 5, 10),
            (Mover::Lta, 7, 14),
        ];
        for (m, t, n) in printed {
            assert_eq!(moves(m), (t, n), "{m:?}");
        }
    }

    #[test]
    fn stands_pick_their_line() {
        assert_eq!(
            mover(StandType::Vehicle, None, Some(VehicleKind::Hovercar)),
            Mover::Hover
        );
        assert_eq!(
            mover(StandType::Vehicle, None, Some(VehicleKind::LightTrack)),
            Mover::Tracked
        );
        assert_eq!(
            mover(StandType::Vehicle, None, Some(VehicleKind::Unarmoured)),
            Mover::WheeledCrossCountry
        );
        assert_eq!(
            mover(StandType::Infantry, Some(Equipment::AssaultRifles), None),
            Mover::Infantry
        );
        assert_eq!(
            mover(StandType::Commander, Some(Equipment::Hma), None),
            Mover::Hma
        );
    }
}
