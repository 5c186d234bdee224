//! What the Dirtside resolver logs: one typed record per roll, draw or change.
//! Each record's line of text is made from its own fields (the `Happening`
//! contract), so the log's text and its data cannot disagree.

use crate::core::text::signed;
use serde::Serialize;

use crate::battle::event::Happening;
use crate::core::dice::{Roll, RollValue};

/// A die rolled: which, and what it showed.
#[derive(Debug, Clone, Serialize)]
pub struct Rolled {
    pub die: &'static str,
    pub roll: i64,
}

impl Rolled {
    fn roll(&self) -> Roll {
        Roll::number(self.die, self.roll)
    }
}

impl std::fmt::Display for Rolled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.die, self.roll)
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DsEvent {
    Activate {
        unit: String,
        confidence: &'static str,
        inches: i64,
        /// Fired at a moving enemy, using up its activation.
        opportunity: bool,
    },
    LosesActivation {
        unit: String,
    },
    /// Equal numbers of units: a die decides who activates first (L63's option).
    FirstActivation {
        rolled: Rolled,
        first: &'static str,
    },
    /// A side with fewer unactivated units passes, so the other activates again (L51).
    Pass {
        side: &'static str,
        unactivated: usize,
        enemy_unactivated: usize,
    },
    Move {
        unit: String,
        from: i64,
        to: i64,
        /// `advance`, `fall back`, `withdraw`, `double move`.
        how: &'static str,
    },
    Reaction {
        unit: String,
        why: &'static str,
        threat: i64,
        rolled: Rolled,
        target: i64,
        passed: bool,
    },
    Confidence {
        unit: String,
        why: &'static str,
        threat: i64,
        rolled: Rolled,
        target: i64,
        before: &'static str,
        after: &'static str,
    },
    Rally {
        unit: String,
        rolled: Rolled,
        target: i64,
        before: &'static str,
        after: &'static str,
    },
    NewLeader {
        unit: String,
        rolled: Rolled,
        before: i64,
        after: i64,
    },
    CommandLost {
        side: &'static str,
    },
    Withdraws {
        unit: String,
    },
    /// Teams get out of their carriers (L1091): their own unit's or, for a
    /// unit carried by another, that unit's.
    Dismount {
        unit: String,
        carriers: String,
        teams: usize,
        inches: i64,
    },
    /// Who rides in what at the start (L1089).
    Embark {
        carrier: String,
        carrier_unit: String,
        unit: String,
        teams: Vec<String>,
    },
    /// A team aboard a carrier that was hit (L1101–1105).
    Passenger {
        carrier: String,
        element: String,
        rolled: Option<Rolled>,
        lost: bool,
    },
    /// An immobilised vehicle stays where it is as its unit moves (L361).
    LeftBehind {
        element: String,
        inches: i64,
    },
    Effectiveness {
        unit: String,
        rolled: Rolled,
        leadership: i64,
        result: &'static str,
        firing: usize,
        eligible: usize,
    },
    Shot {
        firer: String,
        target: String,
        weapon: String,
        range_in: i64,
        band: &'static str,
        firer_die: Rolled,
        target_die: Rolled,
        secondary: Option<Rolled>,
        hit: bool,
    },
    Missile {
        firer: String,
        target: String,
        weapon: String,
        ads: Option<String>,
        ads_die: Option<Rolled>,
        guidance_vs_ads: Option<Rolled>,
        shot_down: bool,
        guidance: Option<Rolled>,
        ecm: Option<Rolled>,
        hit: bool,
    },
    Chits {
        firer: String,
        target: String,
        drawn: Vec<String>,
        valid: Vec<String>,
        total: i64,
        result: &'static str,
        effects: Vec<&'static str>,
    },
    /// An element in the danger zone of a SLAM salvo that hit (L788).
    SlamZone {
        firer: String,
        target: String,
        rolled: Rolled,
        need: i64,
        hit: bool,
    },
    Repair {
        element: String,
        rolled: Rolled,
        fixed: bool,
    },
    Assault {
        attacker: String,
        defender: String,
        round: u32,
    },
}

impl Happening for DsEvent {
    fn phase(&self) -> &str {
        match self {
            DsEvent::Activate { .. }
            | DsEvent::LosesActivation { .. }
            | DsEvent::FirstActivation { .. }
            | DsEvent::Pass { .. } => "activation",
            DsEvent::Move { .. }
            | DsEvent::Withdraws { .. }
            | DsEvent::LeftBehind { .. }
            | DsEvent::Dismount { .. } => "movement",
            DsEvent::Embark { .. } => "setup",
            DsEvent::Passenger { .. } => "damage",
            DsEvent::Reaction { .. } => "reaction",
            DsEvent::Confidence { .. }
            | DsEvent::NewLeader { .. }
            | DsEvent::CommandLost { .. } => "confidence",
            DsEvent::Rally { .. } => "rally",
            DsEvent::Effectiveness { .. } => "effectiveness",
            DsEvent::Shot { .. } | DsEvent::Missile { .. } | DsEvent::SlamZone { .. } => "fire",
            DsEvent::Chits { .. } => "damage",
            DsEvent::Repair { .. } => "repair",
            DsEvent::Assault { .. } => "close assault",
        }
    }

    fn actor(&self) -> Option<&str> {
        match self {
            DsEvent::Activate { unit, .. }
            | DsEvent::LosesActivation { unit }
            | DsEvent::Move { unit, .. }
            | DsEvent::Reaction { unit, .. }
            | DsEvent::Confidence { unit, .. }
            | DsEvent::Rally { unit, .. }
            | DsEvent::NewLeader { unit, .. }
            | DsEvent::Withdraws { unit }
            | DsEvent::Dismount { unit, .. }
            | DsEvent::Effectiveness { unit, .. } => Some(unit),
            DsEvent::Embark { carrier, .. } => Some(carrier),
            DsEvent::Shot { firer, .. }
            | DsEvent::Missile { firer, .. }
            | DsEvent::SlamZone { firer, .. }
            | DsEvent::Chits { firer, .. } => Some(firer),
            DsEvent::Repair { element, .. } | DsEvent::LeftBehind { element, .. } => Some(element),
            DsEvent::Passenger { carrier, .. } => Some(carrier),
            DsEvent::Assault { attacker, .. } => Some(attacker),
            _ => None,
        }
    }

    fn targets(&self) -> Vec<String> {
        match self {
            DsEvent::Shot { target, .. }
            | DsEvent::Missile { target, .. }
            | DsEvent::SlamZone { target, .. }
            | DsEvent::Chits { target, .. } => {
                vec![target.clone()]
            }
            DsEvent::Assault { defender, .. } => vec![defender.clone()],
            DsEvent::Passenger { element, .. } => vec![element.clone()],
            _ => Vec::new(),
        }
    }

    fn dice(&self) -> Vec<Roll> {
        match self {
            DsEvent::Reaction { rolled, .. }
            | DsEvent::Confidence { rolled, .. }
            | DsEvent::Rally { rolled, .. }
            | DsEvent::NewLeader { rolled, .. }
            | DsEvent::Effectiveness { rolled, .. }
            | DsEvent::Repair { rolled, .. }
            | DsEvent::SlamZone { rolled, .. }
            | DsEvent::FirstActivation { rolled, .. } => vec![rolled.roll()],
            DsEvent::Shot {
                firer_die,
                target_die,
                secondary,
                ..
            } => std::iter::once(firer_die)
                .chain(std::iter::once(target_die))
                .chain(secondary.iter())
                .map(Rolled::roll)
                .collect(),
            DsEvent::Missile {
                ads_die,
                guidance_vs_ads,
                guidance,
                ecm,
                ..
            } => [ads_die, guidance_vs_ads, guidance, ecm]
                .into_iter()
                .flatten()
                .map(Rolled::roll)
                .collect(),
            DsEvent::Passenger { rolled, .. } => rolled.iter().map(Rolled::roll).collect(),
            DsEvent::Chits { drawn, .. } => drawn
                .iter()
                .map(|c| Roll {
                    die: "chit".into(),
                    value: RollValue::Chit(c.clone()),
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    fn text(&self) -> String {
        match self {
            DsEvent::Activate {
                unit,
                confidence,
                inches,
                opportunity,
            } => format!(
                "{unit} activates{} ({confidence}, {inches}\" from the defenders' line)",
                if *opportunity { " for opportunity fire" } else { "" }
            ),
            DsEvent::LosesActivation { unit } => format!("{unit} loses its activation"),
            DsEvent::FirstActivation { rolled, first } => format!(
                "equal numbers of units: {} {} → the {first} activates first",
                rolled.die, rolled.roll
            ),
            DsEvent::Pass {
                side,
                unactivated,
                enemy_unactivated,
            } => format!(
                "the {side} passes ({unactivated} unit(s) left to activate against {enemy_unactivated})"
            ),
            DsEvent::Move { unit, from, to, how } => format!("{unit} moves ({how}) from {from}\" to {to}\""),
            DsEvent::Reaction {
                unit,
                why,
                threat,
                rolled,
                target,
                passed,
            } => format!(
                "{unit} reaction test ({why}, threat {}): {rolled} against {target}: {}",
                signed(*threat),
                if *passed { "passed" } else { "failed" }
            ),
            DsEvent::Confidence {
                unit,
                why,
                threat,
                rolled,
                target,
                before,
                after,
            } => format!(
                "{unit} confidence test ({why}, threat {}): {rolled} against {target}: {before} → {after}",
                signed(*threat)
            ),
            DsEvent::Rally {
                unit,
                rolled,
                target,
                before,
                after,
            } => format!("{unit} rallies: {rolled} against {target}: {before} → {after}"),
            DsEvent::NewLeader {
                unit,
                rolled,
                before,
                after,
            } => format!("{unit} takes a new leader: {rolled}, leadership {before} → {after}"),
            DsEvent::CommandLost { side } => {
                format!("the {side}'s command unit is lost: every unit drops one level")
            }
            DsEvent::Withdraws { unit } => format!("{unit} routs and leaves the table"),
            DsEvent::Dismount {
                unit,
                carriers,
                teams,
                inches,
            } => {
                let whose = if carriers == unit {
                    "its".to_string()
                } else {
                    format!("{carriers}'s")
                };
                format!("{unit} unloads {teams} team(s) from {whose} carriers at {inches}\"")
            }
            DsEvent::Embark {
                carrier,
                carrier_unit,
                unit,
                teams,
            } => {
                let of = if carrier_unit == unit {
                    String::new()
                } else {
                    format!(" of {carrier_unit}")
                };
                format!("{} of {unit} ride in {carrier}{of}", teams.join(", "))
            }
            DsEvent::Passenger {
                carrier,
                element,
                rolled,
                lost,
            } => format!(
                "{element} aboard {carrier}: {}{}",
                rolled.as_ref().map(|r| format!("{r}: ")).unwrap_or_default(),
                if *lost { "lost" } else { "survives" }
            ),
            DsEvent::LeftBehind { element, inches } => {
                format!("{element} is immobilised and stays behind at {inches}\"")
            }
            DsEvent::Effectiveness {
                unit,
                rolled,
                leadership,
                result,
                firing,
                eligible,
            } => format!(
                "{unit} fire effectiveness: {rolled} against leadership {leadership}: {result} ({firing} of {eligible} teams fire)"
            ),
            DsEvent::Shot {
                firer,
                target,
                weapon,
                range_in,
                band,
                firer_die,
                target_die,
                secondary,
                hit,
            } => format!(
                "{firer} fires {weapon} at {target}, {range_in}\" ({band}): {firer_die} against {target_die}{}: {}",
                secondary.as_ref().map(|s| format!(" and {s}")).unwrap_or_default(),
                if *hit { "hit" } else { "miss" }
            ),
            DsEvent::Missile {
                firer,
                target,
                weapon,
                ads,
                ads_die,
                guidance_vs_ads,
                shot_down,
                guidance,
                ecm,
                hit,
            } => {
                let mut s = format!("{firer} launches {weapon} at {target}");
                if let (Some(a), Some(d), Some(g)) = (ads, ads_die, guidance_vs_ads) {
                    s += &format!("; {a}'s area defence {d} against guidance {g}");
                    if *shot_down {
                        s += ": shot down";
                    }
                }
                if let (Some(g), Some(e)) = (guidance, ecm) {
                    s += &format!("; guidance {g} against ECM {e}: {}", if *hit { "hit" } else { "miss" });
                }
                s
            }
            DsEvent::Chits {
                firer,
                target,
                drawn,
                valid,
                total,
                result,
                effects,
            } => format!(
                "{firer} → {target}: chits {} (valid {}) = {total}: {result}{}",
                drawn.join(" "),
                if valid.is_empty() { "none".to_string() } else { valid.join(" ") },
                if effects.is_empty() { String::new() } else { format!(", {}", effects.join(", ")) }
            ),
            DsEvent::SlamZone {
                firer,
                target,
                rolled,
                need,
                hit,
            } => format!(
                "{target} is in the zone of {firer}'s salvo: {rolled} ({need}+ hits): {}",
                if *hit { "hit" } else { "missed" }
            ),
            DsEvent::Repair { element, rolled, fixed } => format!(
                "{element} tries to repair its systems: {rolled}: {}",
                if *fixed { "working again" } else { "still down" }
            ),
            DsEvent::Assault {
                attacker,
                defender,
                round,
            } => format!("{attacker} close-assaults {defender}, round {round}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::event::Event;

    #[test]
    fn a_shot_logs_its_dice_and_text_from_one_value() {
        let e = Event::of(
            1,
            None,
            &DsEvent::Shot {
                firer: "t1".into(),
                target: "t2".into(),
                weapon: "hkp/3".into(),
                range_in: 26,
                band: "medium",
                firer_die: Rolled { die: "d8", roll: 7 },
                target_die: Rolled { die: "d6", roll: 2 },
                secondary: Some(Rolled { die: "d6", roll: 6 }),
                hit: true,
            },
        );
        assert_eq!(e.dice.len(), 3);
        assert_eq!(e.targets, vec!["t2"]);
        assert!(
            e.text.contains("d8 7 against d6 2 and d6 6: hit"),
            "{}",
            e.text
        );
        assert_eq!(e.data.unwrap()["kind"], "shot");
    }
}
