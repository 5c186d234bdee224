//! Smoke and gas rounds (L1279-1342): what can deliver them, the cloud they
//! leave, what it blocks and whom it catches, and the end-of-turn roll that
//! clears it. Wind (L1315-1322) is optional in the text and not played.

use serde::Serialize;

use super::die::Die;
use super::weapons::Arm;
use crate::core::kinds::{Equipment, StandType};

/// What a cloud holds. Gas follows the smoke's procedure for delivery, area
/// and dissipation (L1326-1329); only its effect on figures differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Agent {
    Smoke,
    /// Riot-control gas: a figure it overcomes is suppressed.
    Gas,
    /// Lethal gas (nerve agents): a figure it overcomes goes down.
    Nerve,
}

/// The rounds that come in smoke variants (L1280-1282).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Delivery {
    HandGrenade,
    LaunchedGrenade,
    Rocket,
    Mortar,
}

/// Every delivery that has a smoke round; all lay the same cloud (L1290-1292).
pub const DELIVERIES: [Delivery; 4] = [
    Delivery::HandGrenade,
    Delivery::LaunchedGrenade,
    Delivery::Rocket,
    Delivery::Mortar,
];

/// The obscured area's diameter, inches, centred on the marker.
pub const CLOUD_DIAMETER: f64 = 6.0;
/// No line of sight or fire passes within this many inches of the marker,
/// and a figure this close is caught in the cloud.
pub const CLOUD_RADIUS: f64 = CLOUD_DIAMETER / 2.0;
/// The die rolled for every marker at the end of each full turn.
pub const DISPERSAL_DIE: Die = Die::D6;
/// The lowest face of that die that clears the cloud.
pub const CLEARS_FROM: i64 = 5;
/// A sealed suit's gas roll that lets some gas into its filters (L1337-1339).
pub const SEALED_FAILS_ON: i64 = 1;

/// Smoke rounds a fire team (one campaign stand) carries into a battle. The
/// text counts no grenades or rockets; the campaign tracks none either, so
/// bounce gives each team one smoke round to screen one bound.
pub const ROUNDS_PER_TEAM: u8 = 1;

/// How a campaign figure on foot delivers smoke, if it can: a rocket
/// launcher fires a smoke rocket, a soldier in military kit throws a smoke
/// grenade. Civilians, militia with civilian weapons, vehicle and gun crews
/// carry none. No campaign force carries gas (L1325: only where the
/// scenario allows it); the table lays it at the umpire's word.
pub fn carried(stand: StandType, equipment: Option<Equipment>, arm: Arm) -> Option<Delivery> {
    let foot = matches!(stand, StandType::Infantry | StandType::Commander);
    let military = matches!(
        equipment,
        Some(Equipment::AssaultRifles | Equipment::Lta | Equipment::Hma | Equipment::Ma)
    );
    match arm {
        _ if !foot || !military => None,
        Arm::Rocket => Some(Delivery::Rocket),
        Arm::Gun(_) => Some(Delivery::HandGrenade),
    }
}

/// Whether the end-of-turn roll clears a cloud (5 or 6), including one laid
/// this turn (L1307-1314).
pub fn clears(roll: i64) -> bool {
    roll >= CLEARS_FROM
}

/// Whether the straight line from `a` to `b` passes within the cloud's
/// radius of `marker`, blocking sight and fire (L1294-1296).
pub fn blocks(a: (f64, f64), b: (f64, f64), marker: (f64, f64)) -> bool {
    // Squared distances, and no division: the searches ask this often.
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mx, my) = (marker.0 - a.0, marker.1 - a.1);
    let r2 = CLOUD_RADIUS * CLOUD_RADIUS + 1e-9;
    let along = mx * dx + my * dy;
    let len2 = dx * dx + dy * dy;
    if along <= 0.0 {
        mx * mx + my * my <= r2
    } else if along >= len2 {
        let (nx, ny) = (marker.0 - b.0, marker.1 - b.1);
        nx * nx + ny * ny <= r2
    } else {
        // The distance from the line, squared, times `len2`.
        (mx * mx + my * my) * len2 - along * along <= r2 * len2
    }
}

/// Whether a figure at `at` is caught in the cloud of `marker`.
pub fn caught(at: (f64, f64), marker: (f64, f64)) -> bool {
    blocks(at, at, marker)
}

/// What a cloud does to a figure caught in it, given its quality die's roll
/// against its motivation. Smoke: a reaction test, a failure suppresses;
/// sealed suits are immune (L1297-1306). Gas: the quality die; a sealed suit
/// fails only on a 1 and is then suppressed (L1334-1342). The text leaves
/// an unsealed figure's failure unsaid: bounce reads the roll as the smoke's
/// test (beat the motivation), failing which riot gas suppresses and nerve
/// gas takes the figure down (docs/rules-decisions.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    None,
    Suppressed,
    Down,
}

pub fn effect(agent: Agent, sealed: bool, roll: i64, motivation: i64) -> Effect {
    match (agent, sealed) {
        (Agent::Smoke, true) => Effect::None,
        (_, true) if roll == SEALED_FAILS_ON => Effect::Suppressed,
        (_, true) => Effect::None,
        (_, false) if roll > motivation => Effect::None,
        (Agent::Nerve, false) => Effect::Down,
        (_, false) => Effect::Suppressed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cloud_and_its_dispersal_as_the_text_gives_them() {
        // L1280-1281: grenades hand and launched, rockets, mortar rounds.
        assert_eq!(DELIVERIES.len(), 4);
        // L1291-1292: 6" diameter; L1296: nothing traced within 3".
        assert_eq!(CLOUD_DIAMETER, 6.0);
        assert_eq!(CLOUD_RADIUS, 3.0);
        // L1307-1314: a D6 per marker, 5 or 6 clears, 4 or less stays.
        assert_eq!(DISPERSAL_DIE, Die::D6);
        let cleared: Vec<bool> = (1..=6).map(clears).collect();
        assert_eq!(cleared, [false, false, false, false, true, true]);
    }

    #[test]
    fn a_line_passing_within_three_inches_of_the_marker_is_blocked() {
        let m = (10.0, 0.0);
        assert!(blocks((0.0, 0.0), (20.0, 0.0), m), "straight through");
        assert!(blocks((0.0, 3.0), (20.0, 3.0), m), "grazing at 3\"");
        assert!(!blocks((0.0, 3.1), (20.0, 3.1), m), "clear at 3.1\"");
        assert!(!blocks((0.0, 0.0), (6.0, 0.0), m), "ends 4\" short");
        assert!(blocks((0.0, 0.0), (7.0, 0.0), m), "ends inside");
        assert!(caught((12.0, 2.0), m));
        assert!(!caught((14.0, 0.0), m));
    }

    #[test]
    fn who_carries_smoke() {
        use crate::rules::fma::weapons::Weapon;
        let rifle = Arm::Gun(Weapon::CombatRifle);
        let infantry = StandType::Infantry;
        assert_eq!(
            carried(infantry, Some(Equipment::Lta), rifle),
            Some(Delivery::HandGrenade)
        );
        assert_eq!(
            carried(infantry, Some(Equipment::Hma), Arm::Rocket),
            Some(Delivery::Rocket)
        );
        assert_eq!(
            carried(StandType::Commander, Some(Equipment::AssaultRifles), rifle),
            Some(Delivery::HandGrenade)
        );
        assert_eq!(
            carried(infantry, Some(Equipment::CivilianWeapons), rifle),
            None
        );
        assert_eq!(carried(infantry, None, rifle), None);
        assert_eq!(
            carried(StandType::Vehicle, Some(Equipment::Lta), rifle),
            None
        );
        assert_eq!(
            carried(StandType::Artillery, Some(Equipment::Lta), rifle),
            None
        );
        assert_eq!(ROUNDS_PER_TEAM, 1);
    }

    #[test]
    fn smoke_and_gas_effects_by_suit() {
        // Smoke: a reaction test (beat motivation); sealed suits immune.
        assert_eq!(effect(Agent::Smoke, false, 4, 4), Effect::Suppressed);
        assert_eq!(effect(Agent::Smoke, false, 5, 4), Effect::None);
        assert_eq!(effect(Agent::Smoke, true, 1, 4), Effect::None);
        // Gas on a sealed suit: only a 1 gets in, and it suppresses.
        assert_eq!(effect(Agent::Gas, true, 1, 4), Effect::Suppressed);
        assert_eq!(effect(Agent::Nerve, true, 1, 4), Effect::Suppressed);
        assert_eq!(effect(Agent::Nerve, true, 2, 12), Effect::None);
        // Unsealed: bounce's reading.
        assert_eq!(effect(Agent::Gas, false, 3, 4), Effect::Suppressed);
        assert_eq!(effect(Agent::Nerve, false, 3, 4), Effect::Down);
        assert_eq!(effect(Agent::Nerve, false, 5, 4), Effect::None);
    }
}
