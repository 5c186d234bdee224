//! What the BiA resolver logs: one typed record per happening. Each record's
//! line of text is made from its own fields (the `Happening` contract), so the
//! numbers in the log's text and in its data can never disagree.

use serde::Serialize;

use crate::battle::event::Happening;
use crate::core::dice::Roll;
use crate::core::text::signed;

/// A named modifier as it was applied.
#[derive(Debug, Clone, Serialize)]
pub struct Mod {
    pub name: &'static str,
    pub modifier: i64,
}

/// " (in cover −1, officer +1)" after a roll, or nothing when none apply.
fn mods_text(mods: &[Mod]) -> String {
    if mods.is_empty() {
        return String::new();
    }
    let words: Vec<String> = mods
        .iter()
        .map(|m| modifier_words(m.name, m.modifier))
        .collect();
    format!(" ({})", words.join(", "))
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BiaEvent {
    StandMorale {
        stand: String,
        /// Why the stand tests (BiA's individual triggers).
        trigger: &'static str,
        roll: i64,
        modifiers: Vec<Mod>,
        modified: i64,
        morale: i64,
        result: &'static str,
    },
    Advance {
        stand: String,
        from: i64,
        to: i64,
    },
    /// An attacker goes into the enemy position: hand-to-hand from now on.
    Assault {
        stand: String,
        from: i64,
    },
    /// A stand going away from the enemy: ineffective to the aid post, fleeing,
    /// or retiring to cover. Distances from its own start line.
    FallBack {
        stand: String,
        why: &'static str,
        from: i64,
        to: i64,
        non_tactical: bool,
        /// Distances behind its own line (a defender), not from the enemy line.
        behind: bool,
    },
    /// A stand going back leaves the table, no longer a target.
    LeavesTable {
        stand: String,
        why: &'static str,
        /// The phase it happens in: movement, or the phase its group
        /// withdrew in.
        #[serde(skip)]
        phase: &'static str,
    },
    /// A stand gives itself up, or runs and leaves its wounded behind.
    Surrender {
        stand: String,
        fled: bool,
        /// People taken prisoner: the whole stand, or the wounded left behind.
        captured: i64,
    },
    /// An officer rallies a stand its morale held back.
    Rally {
        stand: String,
        roll: i64,
        modified: i64,
        morale: i64,
        rallied: bool,
    },
    /// A group leaves the fight in good order, taking its wounded with it.
    GroupWithdraws {
        group: String,
        why: &'static str,
    },
    Move {
        stand: String,
        cm: i64,
        non_tactical: bool,
        dist: i64,
    },
    Fire {
        /// `fire`, `air to surface` or `indirect fire`.
        phase: &'static str,
        firer: String,
        target: String,
        range_cm: i64,
        band: i64,
        hit_number: i64,
        roll: i64,
        modifiers: Vec<Mod>,
        modified_roll: i64,
        hits: i64,
    },
    Penetration {
        target: String,
        armour: i64,
        roll: i64,
        penetration: Option<i64>,
        total: i64,
        result: &'static str,
    },
    Hits {
        stand: String,
        hits: i64,
        destroyed: bool,
    },
    AirDefence {
        firer: String,
        target: String,
        /// The normal firing modifiers, to both the lock-on and the shot.
        modifiers: Vec<Mod>,
        /// The system's own adjustments to the lock-on (−2, −4) and to the
        /// shot (infantry −1 to −4).
        system_lock: i64,
        system_firing: i64,
        /// The lock-on d10 and its total, for a system that can lock on.
        lock_roll: Option<i64>,
        lock_total: Option<i64>,
        /// In air-to-air combat, the target's opposed d10 and its total.
        opposed: Option<(i64, i64)>,
        locked: bool,
        roll: i64,
        modified_roll: i64,
        hit_number: i64,
        hit: bool,
    },
    /// An aircraft takes evasive action, or stops.
    Evasive {
        stand: String,
        evasive: bool,
    },
}

impl Happening for BiaEvent {
    fn phase(&self) -> &str {
        match self {
            BiaEvent::StandMorale { .. } => "morale",
            BiaEvent::Advance { .. }
            | BiaEvent::Move { .. }
            | BiaEvent::Assault { .. }
            | BiaEvent::FallBack { .. } => "movement",
            BiaEvent::LeavesTable { phase, .. } => phase,
            BiaEvent::Surrender { .. } => "morale",
            BiaEvent::GroupWithdraws { .. } => "orders",
            BiaEvent::Rally { .. } => "special actions",
            BiaEvent::Fire { phase, .. } => phase,
            BiaEvent::Penetration { .. } => "penetration",
            BiaEvent::Hits { .. } => "hits",
            BiaEvent::AirDefence { opposed: None, .. } => "air defence",
            BiaEvent::AirDefence { .. } => "air to air",
            BiaEvent::Evasive { .. } => "orders",
        }
    }

    fn actor(&self) -> Option<&str> {
        match self {
            BiaEvent::StandMorale { stand, .. }
            | BiaEvent::Advance { stand, .. }
            | BiaEvent::Move { stand, .. }
            | BiaEvent::Assault { stand, .. }
            | BiaEvent::FallBack { stand, .. }
            | BiaEvent::LeavesTable { stand, .. }
            | BiaEvent::Surrender { stand, .. }
            | BiaEvent::Rally { stand, .. }
            | BiaEvent::Evasive { stand, .. } => Some(stand),
            BiaEvent::Fire { firer, .. } | BiaEvent::AirDefence { firer, .. } => Some(firer),
            _ => None,
        }
    }

    fn targets(&self) -> Vec<String> {
        match self {
            BiaEvent::Fire { target, .. }
            | BiaEvent::AirDefence { target, .. }
            | BiaEvent::Penetration { target, .. } => vec![target.clone()],
            BiaEvent::Hits { stand, .. } => vec![stand.clone()],
            _ => Vec::new(),
        }
    }

    fn dice(&self) -> Vec<Roll> {
        match self {
            BiaEvent::StandMorale { roll, .. } | BiaEvent::Rally { roll, .. } => {
                vec![Roll::number("2d6", *roll)]
            }
            BiaEvent::Fire { roll, .. } | BiaEvent::Penetration { roll, .. } => {
                vec![Roll::number("d10", *roll)]
            }
            BiaEvent::AirDefence {
                lock_roll,
                opposed,
                roll,
                ..
            } => lock_roll
                .iter()
                .chain(opposed.iter().map(|(r, _)| r))
                .chain([roll])
                .map(|r| Roll::number("d10", *r))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn text(&self) -> String {
        match self {
            BiaEvent::StandMorale {
                stand,
                trigger,
                roll,
                modifiers,
                modified,
                morale,
                result,
            } => format!(
                "{stand} tests morale ({trigger}): 2d6 {roll}{} = {modified} against {morale} → {result}",
                mods_text(modifiers)
            ),
            BiaEvent::Advance { stand, from, to } => {
                format!("{stand} advances from {from} to {to} cm")
            }
            BiaEvent::Assault { stand, from } => {
                format!("{stand} assaults from {from} cm into the enemy position")
            }
            BiaEvent::FallBack {
                stand,
                why,
                from,
                to,
                non_tactical,
                behind,
            } => format!(
                "{stand} {why}{}: {from} → {to} cm {}",
                if *non_tactical { " at the run" } else { "" },
                if *behind {
                    "behind its line"
                } else {
                    "from the enemy line"
                }
            ),
            BiaEvent::LeavesTable { stand, why, .. } => format!("{stand} leaves the table: {why}"),
            BiaEvent::Surrender {
                stand,
                fled: false,
                captured,
            } => format!("{stand} surrenders: {captured} taken prisoner"),
            BiaEvent::Surrender {
                stand,
                fled: true,
                captured,
            } => format!(
                "{stand} flees, abandoning {captured} wounded to the enemy"
            ),
            BiaEvent::Rally {
                stand,
                roll,
                modified,
                morale,
                rallied,
            } => format!(
                "officers rally {stand}: 2d6 {roll} (officer leading +1) = {modified} against {morale} → {}",
                if *rallied { "advances again" } else { "stays put" }
            ),
            BiaEvent::GroupWithdraws { group, why } => {
                format!("group {group} withdraws in good order: {why}")
            }
            BiaEvent::Move {
                stand,
                cm,
                non_tactical,
                dist,
            } => format!(
                "{stand} moves {cm} cm{}; {dist} cm from the enemy line",
                if *non_tactical { " non-tactically" } else { "" }
            ),
            BiaEvent::Fire {
                firer,
                target,
                range_cm,
                band,
                hit_number,
                roll,
                modifiers,
                modified_roll,
                hits,
                ..
            } => format!(
                "{firer} fires at {target} at {range_cm} cm ({band} cm band, needs {hit_number}): d10 {roll}{} = {modified_roll} → {hits} hit{}",
                mods_text(modifiers),
                if *hits == 1 { "" } else { "s" }
            ),
            BiaEvent::Penetration {
                target,
                armour,
                roll,
                penetration,
                total,
                result,
            } => format!(
                "{target} (armour {armour}): d10 {roll} + penetration {} = {total} → {}",
                penetration
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| "none".into()),
                result.replace('_', " ")
            ),
            BiaEvent::Hits {
                stand,
                hits,
                destroyed,
            } => format!(
                "{stand} is {} with {hits} hit{}",
                if *destroyed {
                    "destroyed"
                } else {
                    "ineffective and falls back to the aid post"
                },
                if *hits == 1 { "" } else { "s" }
            ),
            BiaEvent::AirDefence {
                firer,
                target,
                modifiers,
                system_lock,
                system_firing,
                lock_roll,
                lock_total,
                opposed,
                locked,
                roll,
                modified_roll,
                hit_number,
                hit,
            } => {
                let lock = if *locked { "locked" } else { "no lock" };
                let adjust = if *system_lock == 0 {
                    String::new()
                } else {
                    format!(" (system {})", signed(*system_lock))
                };
                let lock = match (lock_roll, lock_total, opposed) {
                    (Some(r), Some(t), Some((a, at))) => {
                        format!("air combat d10 {r}{adjust} = {t} against {target}'s d10 {a} = {at} → {lock}")
                    }
                    (Some(r), Some(t), None) => format!("lock-on d10 {r}{adjust} = {t} → {lock}"),
                    _ => "no lock-on possible".to_string(),
                };
                let mut extra = Vec::new();
                if *system_firing != 0 {
                    extra.push(format!("system {}", signed(*system_firing)));
                }
                if *locked {
                    extra.push("locked on +3".to_string());
                }
                let extra = if extra.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", extra.join(", "))
                };
                format!(
                    "{firer} engages {target}{}: {lock}; fire d10 {roll}{extra} → {modified_roll} against {hit_number} → {}",
                    mods_text(modifiers),
                    if *hit { "hit" } else { "miss" }
                )
            }
            BiaEvent::Evasive { stand, evasive } => {
                if *evasive {
                    format!("{stand} takes evasive action: nothing it could engage")
                } else {
                    format!("{stand} ends its evasive action")
                }
            }
        }
    }
}

/// A modifier as a log line reads it: `("in_cover", -1)` → "in cover −1".
/// Identifiers stay in the event data; people read words and a true minus.
fn modifier_words(id: &str, value: i64) -> String {
    const ABBREVIATIONS: [&str; 8] = ["sf", "hma", "lta", "ads", "ko", "pw", "ap", "apc"];
    let words: Vec<String> = id
        .split('_')
        .map(|w| {
            if ABBREVIATIONS.contains(&w) {
                w.to_uppercase()
            } else if let Some(n) = w.strip_suffix("pct") {
                format!("{n}%")
            } else {
                w.to_string()
            }
        })
        .collect();
    format!("{} {}", words.join(" "), signed(value))
}

#[cfg(test)]
mod words_tests {
    use super::modifier_words;

    #[test]
    fn identifiers_read_as_words_with_a_true_minus() {
        assert_eq!(modifier_words("in_cover", -1), "in cover \u{2212}1");
        assert_eq!(modifier_words("officer", 1), "officer +1");
        assert_eq!(
            modifier_words("target_seasoned_veteran_or_sf", -1),
            "target seasoned veteran or SF \u{2212}1"
        );
        assert_eq!(modifier_words("in_lta", 0), "in LTA +0");
    }

    #[test]
    fn results_and_counts_read_as_words() {
        use super::{BiaEvent, Happening};
        let pen = BiaEvent::Penetration {
            target: "hvr-1".into(),
            armour: 6,
            roll: 2,
            penetration: Some(2),
            total: 4,
            result: "no_effect",
        };
        assert!(
            pen.text().ends_with("= 4 \u{2192} no effect"),
            "{}",
            pen.text()
        );
        let one = BiaEvent::Hits {
            stand: "mil-oc".into(),
            hits: 1,
            destroyed: true,
        };
        assert_eq!(one.text(), "mil-oc is destroyed with 1 hit");
    }
}
