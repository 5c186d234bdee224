//! Grenades and rockets: a fixed range band per weapon (ten bands at most),
//! the target number of a shot is the number of bands to the aim point, the
//! skill (quality) die must beat it or the shot deviates by the score in a
//! D12 clock direction; past the die's size it always deviates, the die
//! climbing a type per extra band. bounce's decision where the text is
//! silent: every figure within 2" of the impact takes an impact roll (grenade
//! D10, rocket D12) resolved as a Detailed hit.

use serde::Serialize;

use super::die::Die;

/// The explosive weapons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Explosive {
    ThrownGrenade,
    LaunchedGrenade,
    Rocket,
}

/// Weapon → range band in inches, impact die.
pub const EXPLOSIVES: [(Explosive, i64, Die); 3] = [
    (Explosive::ThrownGrenade, 2, Die::D10),
    (Explosive::LaunchedGrenade, 6, Die::D10),
    (Explosive::Rocket, 10, Die::D12),
];

/// A shot reaches at most ten range bands.
pub const MAX_BANDS: i64 = 10;
/// Everyone within this many inches of the impact takes an impact roll.
pub const BLAST_INCHES: f64 = 2.0;

impl Explosive {
    pub fn band(self) -> i64 {
        EXPLOSIVES.iter().find(|e| e.0 == self).map_or(2, |e| e.1)
    }
    pub fn impact(self) -> Die {
        EXPLOSIVES
            .iter()
            .find(|e| e.0 == self)
            .map_or(Die::D10, |e| e.2)
    }
}

/// A thrown grenade's band for a figure of `strength`: +1" per die type
/// above D6.
pub fn thrown_band(strength: Die) -> i64 {
    2 + (strength.sides() - 6).max(0) / 2
}

/// The target number of a shot `inches` away with a band of `band` inches:
/// the band multiple it falls in. `None` past ten bands.
pub fn target_number(inches: f64, band: i64) -> Option<i64> {
    let n = (inches / band as f64).ceil().max(1.0) as i64;
    (n <= MAX_BANDS).then_some(n)
}

/// The die a shot rolls and whether it must deviate whatever it shows:
/// `None` when the die would climb past D12 (the shot is not allowed).
pub fn deviation_die(skill: Die, target: i64) -> Option<(Die, bool)> {
    if target < skill.sides() {
        return Some((skill, false));
    }
    let steps = (target - skill.sides()) as usize;
    let ladder = super::die::LADDER;
    let i = ladder.iter().position(|d| *d == skill)? + steps;
    ladder.get(i).map(|d| (*d, true))
}

/// Inches off the aim point: 0 when the roll beats the target number (and
/// the shot need not deviate), else the roll.
pub fn deviation(roll: i64, target: i64, always: bool) -> i64 {
    if !always && roll > target {
        0
    } else {
        roll
    }
}

/// A D12 clock face as a unit step (along the line of fire, across it):
/// 12 is over, 6 short, 3 to the right.
pub const CLOCK: [(f64, f64); 12] = [
    (0.866_025_403_784_438_6, 0.5),
    (0.5, 0.866_025_403_784_438_6),
    (0.0, 1.0),
    (-0.5, 0.866_025_403_784_438_6),
    (-0.866_025_403_784_438_6, 0.5),
    (-1.0, 0.0),
    (-0.866_025_403_784_438_6, -0.5),
    (-0.5, -0.866_025_403_784_438_6),
    (0.0, -1.0),
    (0.5, -0.866_025_403_784_438_6),
    (0.866_025_403_784_438_6, -0.5),
    (1.0, 0.0),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_and_the_strength_rule() {
        let v: Vec<(i64, Die)> = EXPLOSIVES
            .iter()
            .map(|e| (e.0.band(), e.0.impact()))
            .collect();
        assert_eq!(v, vec![(2, Die::D10), (6, Die::D10), (10, Die::D12)]);
        // A combat 'borg of strength D10 throws with a 4" band.
        assert_eq!(thrown_band(Die::D10), 4);
        assert_eq!(thrown_band(Die::D6), 2);
        assert_eq!(thrown_band(Die::D4), 2);
    }

    #[test]
    fn the_texts_grenade_launcher_example() {
        // An Expert (D10) aims a launcher (6") at 26": the fifth band, so
        // target 5; a 6 or more hits; a 2 deviates 2", a 5 deviates 5".
        let t = target_number(26.0, 6).unwrap();
        assert_eq!(t, 5);
        let (die, always) = deviation_die(Die::D10, t).unwrap();
        assert_eq!((die, always), (Die::D10, false));
        assert_eq!(deviation(6, t, always), 0);
        assert_eq!(deviation(2, t, always), 2);
        assert_eq!(deviation(5, t, always), 5);
        assert_eq!(target_number(61.0, 6), None, "past ten bands");
    }

    #[test]
    fn the_texts_green_firer_example() {
        // A Green (D6) rolls a D6 up to six bands (always deviating at six),
        // D8 at seven, D10 at eight, D12 at nine, and may not shoot at ten.
        assert_eq!(deviation_die(Die::D6, 5), Some((Die::D6, false)));
        assert_eq!(deviation_die(Die::D6, 6), Some((Die::D6, true)));
        assert_eq!(deviation_die(Die::D6, 7), Some((Die::D8, true)));
        assert_eq!(deviation_die(Die::D6, 8), Some((Die::D10, true)));
        assert_eq!(deviation_die(Die::D6, 9), Some((Die::D12, true)));
        assert_eq!(deviation_die(Die::D6, 10), None);
    }

    #[test]
    fn the_clock_is_a_circle() {
        for (i, (a, b)) in CLOCK.iter().enumerate() {
            assert!((a * a + b * b - 1.0).abs() < 1e-12, "{i}");
        }
        assert_eq!(CLOCK[5], (-1.0, 0.0), "6 o'clock is short");
        assert_eq!(CLOCK[11], (1.0, 0.0), "12 o'clock is over");
    }
}
