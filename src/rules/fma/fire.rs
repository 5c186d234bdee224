//! Shooting, both options. The firer rolls quality + firepower against one
//! target die: beating it with neither die is no effect, with one
//! suppression, with both a hit. Quick & Dirty: the target's die is the higher
//! of armour and cover, and a hit puts it down. Detailed (the default): the
//! target rolls its quality die; a hit then rolls impact against the higher
//! of armour and cover — equal or less suppresses, more wounds, more than
//! double kills. A target whose armour multiplier is larger than the impact
//! multiplier shrugs off suppression.

use std::collections::BTreeMap;

use serde::Serialize;

use super::armour::{can_suppress, Cover};
use super::die::{Die, Rated};

/// Which fire procedure the campaign plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum FireOption {
    #[default]
    Detailed,
    Quick,
}

impl FireOption {
    pub fn parse(s: &str) -> Result<FireOption, String> {
        match s {
            "detailed" => Ok(FireOption::Detailed),
            "quick" => Ok(FireOption::Quick),
            _ => Err(format!("fire is quick or detailed, not `{s}`")),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            FireOption::Detailed => "detailed",
            FireOption::Quick => "quick",
        }
    }
}

/// What a shot did to its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    NoEffect,
    Suppressed,
    /// Detailed: out of the battle, wounded.
    Wound,
    /// Detailed: dead.
    Kill,
    /// Quick & Dirty: out of the battle.
    Down,
}

impl Outcome {
    pub fn word(self) -> &'static str {
        match self {
            Outcome::NoEffect => "no_effect",
            Outcome::Suppressed => "suppressed",
            Outcome::Wound => "wound",
            Outcome::Kill => "kill",
            Outcome::Down => "down",
        }
    }
    /// The figure is out of the battle.
    pub fn downs(self) -> bool {
        matches!(self, Outcome::Wound | Outcome::Kill | Outcome::Down)
    }
}

/// How many of the firer's two dice beat the target's roll (strictly).
pub fn beaten(quality: i64, firepower: i64, target: i64) -> u8 {
    u8::from(quality > target) + u8::from(firepower > target)
}

/// The effect of an impact score against the target's best of armour and cover.
pub fn impact(impact: i64, protection: i64) -> Outcome {
    if impact > 2 * protection {
        Outcome::Kill
    } else if impact > protection {
        Outcome::Wound
    } else {
        Outcome::Suppressed
    }
}

/// What a shot puts on the table, with the dice it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shot {
    pub option: FireOption,
    pub quality: Die,
    pub firepower: Die,
    /// The target's quality die (Detailed); a non-combatant's is D4.
    pub target_quality: Die,
    pub impact: Rated,
    pub armour: Rated,
    pub cover: Cover,
}

/// The faces rolled for a shot, in order: quality, firepower, then either
/// (Detailed) target quality and, on a hit, impact, armour, cover; or
/// (Quick) armour, cover. A fixed armour takes no face (its slot is ignored).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Faces {
    pub quality: i64,
    pub firepower: i64,
    pub target: Option<i64>,
    pub impact: Option<i64>,
    pub armour: Option<i64>,
    pub cover: Option<i64>,
}

impl Shot {
    fn lift(&self, o: Outcome) -> Outcome {
        if o == Outcome::Suppressed && !can_suppress(self.armour, self.impact) {
            Outcome::NoEffect
        } else {
            o
        }
    }

    /// The best of armour (scored) and cover.
    fn protection(&self, armour: i64, cover: Option<i64>) -> i64 {
        self.armour.score(armour).max(cover.unwrap_or(0))
    }

    /// The result of a shot whose faces are all known.
    pub fn resolve(&self, f: &Faces) -> Outcome {
        let raw = match self.option {
            FireOption::Quick => {
                let t = self.protection(f.armour.unwrap_or(1), f.cover);
                match beaten(f.quality, f.firepower, t) {
                    0 => Outcome::NoEffect,
                    1 => Outcome::Suppressed,
                    _ => Outcome::Down,
                }
            }
            FireOption::Detailed => match beaten(f.quality, f.firepower, f.target.unwrap_or(1)) {
                0 => Outcome::NoEffect,
                1 => Outcome::Suppressed,
                _ => impact(
                    self.impact.score(f.impact.unwrap_or(1)),
                    self.protection(f.armour.unwrap_or(1), f.cover),
                ),
            },
        };
        self.lift(raw)
    }

    /// Whether the to-hit faces make a hit (Detailed rolls impact only then).
    pub fn hits(&self, quality: i64, firepower: i64, target: i64) -> bool {
        beaten(quality, firepower, target) == 2
    }

    /// The chance of each outcome, by counting every face of every die.
    pub fn odds(&self) -> BTreeMap<Outcome, f64> {
        let armour_faces: Vec<i64> = match self.armour.die() {
            Some(d) => d.faces().collect(),
            None => vec![1],
        };
        let cover_faces: Vec<Option<i64>> = match self.cover.die() {
            Some(d) => d.faces().map(Some).collect(),
            None => vec![None],
        };
        let mut counts: BTreeMap<Outcome, u128> = BTreeMap::new();
        let total: u128;
        match self.option {
            FireOption::Quick => {
                total = (self.quality.sides() * self.firepower.sides()) as u128
                    * (armour_faces.len() * cover_faces.len()) as u128;
                for q in self.quality.faces() {
                    for fp in self.firepower.faces() {
                        for &a in &armour_faces {
                            for &c in &cover_faces {
                                let o = self.resolve(&Faces {
                                    quality: q,
                                    firepower: fp,
                                    armour: Some(a),
                                    cover: c,
                                    ..Faces::default()
                                });
                                *counts.entry(o).or_default() += 1;
                            }
                        }
                    }
                }
            }
            FireOption::Detailed => {
                let impact_faces: Vec<i64> = match self.impact.die() {
                    Some(d) => d.faces().collect(),
                    None => vec![1],
                };
                let second = (impact_faces.len() * armour_faces.len() * cover_faces.len()) as u128;
                total = (self.quality.sides()
                    * self.firepower.sides()
                    * self.target_quality.sides()) as u128
                    * second;
                let mut on_hit: BTreeMap<Outcome, u128> = BTreeMap::new();
                for &i in &impact_faces {
                    for &a in &armour_faces {
                        for &c in &cover_faces {
                            let f = Faces {
                                quality: 2,
                                firepower: 2,
                                target: Some(1),
                                impact: Some(i),
                                armour: Some(a),
                                cover: c,
                            };
                            *on_hit.entry(self.resolve(&f)).or_default() += 1;
                        }
                    }
                }
                for q in self.quality.faces() {
                    for fp in self.firepower.faces() {
                        for t in self.target_quality.faces() {
                            if self.hits(q, fp, t) {
                                for (o, n) in &on_hit {
                                    *counts.entry(*o).or_default() += n;
                                }
                            } else {
                                let f = Faces {
                                    quality: q,
                                    firepower: fp,
                                    target: Some(t),
                                    ..Faces::default()
                                };
                                *counts.entry(self.resolve(&f)).or_default() += second;
                            }
                        }
                    }
                }
            }
        }
        counts
            .into_iter()
            .map(|(o, n)| (o, n as f64 / total as f64))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shot(option: FireOption, cover: Cover) -> Shot {
        Shot {
            option,
            quality: Die::D8,
            firepower: Die::D10,
            target_quality: Die::D8,
            impact: Rated::plain(Die::D10),
            armour: Rated::plain(Die::D6),
            cover,
        }
    }

    #[test]
    fn the_to_hit_table() {
        assert_eq!(beaten(5, 5, 5), 0, "the target's equal roll stops both");
        assert_eq!(beaten(6, 5, 5), 1);
        assert_eq!(beaten(5, 6, 5), 1);
        assert_eq!(beaten(6, 7, 5), 2);
    }

    #[test]
    fn the_impact_table() {
        assert_eq!(impact(4, 4), Outcome::Suppressed, "equal: suppression only");
        assert_eq!(impact(5, 4), Outcome::Wound);
        assert_eq!(impact(8, 4), Outcome::Wound, "exactly double is not more");
        assert_eq!(impact(9, 4), Outcome::Kill);
        // A non-combatant's armour 1: any impact of 2 or more succeeds.
        assert_eq!(impact(1, 1), Outcome::Suppressed);
        assert_eq!(impact(2, 1), Outcome::Wound);
        assert_eq!(impact(3, 1), Outcome::Kill);
    }

    #[test]
    fn detailed_and_quick_resolve() {
        let d = shot(FireOption::Detailed, Cover::Soft);
        let hit = |i, a, c| Faces {
            quality: 6,
            firepower: 7,
            target: Some(5),
            impact: Some(i),
            armour: Some(a),
            cover: c,
        };
        assert_eq!(d.resolve(&hit(9, 2, Some(4))), Outcome::Kill);
        assert_eq!(
            d.resolve(&hit(9, 2, Some(5))),
            Outcome::Wound,
            "cover counts"
        );
        assert_eq!(d.resolve(&hit(5, 5, Some(1))), Outcome::Suppressed);
        let q = shot(FireOption::Quick, Cover::Hard);
        let qf = |qq, f, a, c| Faces {
            quality: qq,
            firepower: f,
            armour: Some(a),
            cover: Some(c),
            ..Faces::default()
        };
        assert_eq!(q.resolve(&qf(7, 8, 3, 6)), Outcome::Down);
        assert_eq!(q.resolve(&qf(7, 5, 3, 6)), Outcome::Suppressed);
        assert_eq!(q.resolve(&qf(7, 5, 3, 7)), Outcome::NoEffect);
    }

    #[test]
    fn heavy_armour_shrugs_off_suppression() {
        let s = Shot {
            armour: Rated::Die {
                die: Die::D12,
                times: 2,
            },
            impact: Rated::plain(Die::D12),
            ..shot(FireOption::Detailed, Cover::None)
        };
        let near = Faces {
            quality: 6,
            firepower: 1,
            target: Some(5),
            ..Faces::default()
        };
        assert_eq!(s.resolve(&near), Outcome::NoEffect);
    }

    #[test]
    fn odds_sum_to_one_and_match_a_hand_count() {
        for option in [FireOption::Detailed, FireOption::Quick] {
            for cover in [Cover::None, Cover::Soft, Cover::Hard] {
                let p = shot(option, cover).odds();
                let sum: f64 = p.values().sum();
                assert!((sum - 1.0).abs() < 1e-12, "{option:?} {cover:?}");
            }
        }
        // Quick, D4 + D4 against a fixed 1 in the open: both beat 1 unless a 1.
        let s = Shot {
            option: FireOption::Quick,
            quality: Die::D4,
            firepower: Die::D4,
            target_quality: Die::D4,
            impact: Rated::plain(Die::D6),
            armour: Rated::Fixed(1),
            cover: Cover::None,
        };
        let p = s.odds();
        assert_eq!(p[&Outcome::Down], 9.0 / 16.0);
        assert_eq!(p[&Outcome::Suppressed], 6.0 / 16.0);
        assert_eq!(p[&Outcome::NoEffect], 1.0 / 16.0);
    }
}
