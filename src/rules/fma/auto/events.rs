//! What the FMA resolver logs: one typed record per activation, action, test
//! and shot, naming figures as `stand#n`. Each record's line of text is made
//! from its own fields (the `Happening` contract), and every die it rolled is
//! in its dice.

use serde::Serialize;

use crate::battle::event::Happening;
use crate::core::dice::Roll;

/// A die rolled: which, and what it showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rolled {
    pub die: &'static str,
    pub roll: i64,
}

impl std::fmt::Display for Rolled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A multiplied die (`d12x2`) shows its face and what it counts for.
        match self
            .die
            .split_once('x')
            .and_then(|(_, m)| m.parse::<i64>().ok())
        {
            Some(m) => write!(f, "{} {} (x{m} = {})", self.die, self.roll, self.roll * m),
            None => write!(f, "{} {}", self.die, self.roll),
        }
    }
}

/// The name of a die counted `times` over (`d12x2`), for the log.
pub(crate) fn multiplied(die: crate::rules::fma::die::Die, times: i64) -> &'static str {
    const NAMES: [[&str; 3]; 5] = [
        ["d4x2", "d4x3", "d4x4"],
        ["d6x2", "d6x3", "d6x4"],
        ["d8x2", "d8x3", "d8x4"],
        ["d10x2", "d10x3", "d10x4"],
        ["d12x2", "d12x3", "d12x4"],
    ];
    let row = (die.sides() as usize / 2).saturating_sub(2).min(4);
    match times {
        2..=4 => NAMES[row][times as usize - 2],
        _ => die.name(),
    }
}

fn list(r: &[Rolled]) -> String {
    r.iter()
        .map(Rolled::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// One figure caught in a blast and what its impact roll did.
#[derive(Debug, Clone, Serialize)]
pub struct BlastHit {
    pub figure: String,
    pub dice: Vec<Rolled>,
    pub result: &'static str,
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FmaEvent {
    Activate {
        figure: String,
        quality: &'static str,
        motivation: i64,
        inches: i64,
        suppressed: bool,
    },
    Isolated {
        figure: String,
        rolled: Rolled,
        target: i64,
        passed: bool,
    },
    Move {
        figure: String,
        from: i64,
        to: i64,
        /// `advances`, `advances to cover`, `sprints to cover`, `retreats`, `charges`, `moves`, `is placed`.
        how: &'static str,
        cover: &'static str,
    },
    Aim {
        figure: String,
    },
    Overwatch {
        figure: String,
    },
    Prepare {
        figure: String,
        weapon: &'static str,
    },
    /// A crew-served weapon's gunner spends an action setting it up; the
    /// second of the activation's two completes it (L1075-1077).
    SetUp {
        figure: String,
        weapon: &'static str,
        done: bool,
    },
    /// A loader dices to pass his actions to his gunner as a shot
    /// (L1046-1061).
    Load {
        loader: String,
        gunner: String,
        rolled: Rolled,
        target: i64,
        passed: bool,
    },
    Shot {
        firer: String,
        target: String,
        /// `fire` (a FIRE action), `reaction` or `overwatch`.
        how: &'static str,
        weapon: &'static str,
        inches: i64,
        band: &'static str,
        aimed: bool,
        option: &'static str,
        to_hit: Vec<Rolled>,
        against: Rolled,
        /// The impact roll and the target's armour and cover dice (Detailed on
        /// a hit; Quick rolls armour and cover as `against`'s rivals).
        effect: Vec<Rolled>,
        result: &'static str,
    },
    Rocket {
        firer: String,
        target: String,
        inches: i64,
        target_number: i64,
        rolled: Option<Rolled>,
        deviation: i64,
        direction: Option<Rolled>,
        hits: Vec<BlastHit>,
    },
    Reaction {
        figure: String,
        why: &'static str,
        rolled: Rolled,
        target: i64,
        passed: bool,
    },
    Rally {
        figure: String,
        rolled: Rolled,
        target: i64,
        passed: bool,
    },
    Sprint {
        figure: String,
        rolled: Rolled,
    },
    Transfer {
        leader: String,
        figure: String,
        rolled: Rolled,
        target: i64,
        passed: bool,
    },
    CloseCombat {
        attacker: String,
        defender: String,
        attacker_roll: Rolled,
        attacker_times: i64,
        defender_roll: Rolled,
        defender_times: i64,
        result: &'static str,
    },
    Broken {
        side: &'static str,
        down: usize,
        start: usize,
        why: &'static str,
    },
}

impl Happening for FmaEvent {
    fn phase(&self) -> &str {
        match self {
            FmaEvent::Activate { .. } | FmaEvent::Isolated { .. } => "activation",
            FmaEvent::Move { .. } | FmaEvent::Sprint { .. } => "movement",
            FmaEvent::Aim { .. }
            | FmaEvent::Overwatch { .. }
            | FmaEvent::Prepare { .. }
            | FmaEvent::SetUp { .. }
            | FmaEvent::Load { .. }
            | FmaEvent::Shot { .. }
            | FmaEvent::Rocket { .. } => "fire",
            FmaEvent::Reaction { .. } | FmaEvent::Rally { .. } => "reaction",
            FmaEvent::Transfer { .. } => "command",
            FmaEvent::CloseCombat { .. } => "close_combat",
            FmaEvent::Broken { .. } => "end",
        }
    }

    fn actor(&self) -> Option<&str> {
        match self {
            FmaEvent::Activate { figure, .. }
            | FmaEvent::Isolated { figure, .. }
            | FmaEvent::Move { figure, .. }
            | FmaEvent::Aim { figure }
            | FmaEvent::Overwatch { figure }
            | FmaEvent::Prepare { figure, .. }
            | FmaEvent::SetUp { figure, .. }
            | FmaEvent::Reaction { figure, .. }
            | FmaEvent::Rally { figure, .. }
            | FmaEvent::Sprint { figure, .. } => Some(figure),
            FmaEvent::Shot { firer, .. } | FmaEvent::Rocket { firer, .. } => Some(firer),
            FmaEvent::Transfer { leader, .. } => Some(leader),
            FmaEvent::Load { loader, .. } => Some(loader),
            FmaEvent::CloseCombat { attacker, .. } => Some(attacker),
            _ => None,
        }
    }

    fn targets(&self) -> Vec<String> {
        match self {
            FmaEvent::Shot { target, .. } => vec![target.clone()],
            FmaEvent::Rocket { hits, target, .. } => {
                let mut t = vec![target.clone()];
                t.extend(
                    hits.iter()
                        .map(|h| h.figure.clone())
                        .filter(|f| f != target),
                );
                t
            }
            FmaEvent::Transfer { figure, .. } => vec![figure.clone()],
            FmaEvent::Load { gunner, .. } => vec![gunner.clone()],
            FmaEvent::CloseCombat { defender, .. } => vec![defender.clone()],
            _ => Vec::new(),
        }
    }

    fn dice(&self) -> Vec<Roll> {
        let r = |x: &Rolled| Roll::number(x.die, x.roll);
        match self {
            FmaEvent::Isolated { rolled, .. }
            | FmaEvent::Reaction { rolled, .. }
            | FmaEvent::Rally { rolled, .. }
            | FmaEvent::Sprint { rolled, .. }
            | FmaEvent::Transfer { rolled, .. }
            | FmaEvent::Load { rolled, .. } => vec![r(rolled)],
            FmaEvent::Shot {
                to_hit,
                against,
                effect,
                ..
            } => to_hit
                .iter()
                .chain(std::iter::once(against))
                .chain(effect)
                .map(r)
                .collect(),
            FmaEvent::Rocket {
                rolled,
                direction,
                hits,
                ..
            } => rolled
                .iter()
                .chain(direction)
                .chain(hits.iter().flat_map(|h| &h.dice))
                .map(r)
                .collect(),
            FmaEvent::CloseCombat {
                attacker_roll,
                defender_roll,
                ..
            } => vec![r(attacker_roll), r(defender_roll)],
            _ => Vec::new(),
        }
    }

    fn text(&self) -> String {
        let pass = |p: bool| if p { "passes" } else { "fails" };
        match self {
            FmaEvent::Activate {
                figure,
                quality,
                motivation,
                inches,
                suppressed,
            } => format!(
                "{figure} ({quality}/{motivation}) activates, {inches}\" from the nearest enemy{}",
                if *suppressed { ", suppressed" } else { "" }
            ),
            FmaEvent::Isolated {
                figure,
                rolled,
                target,
                passed,
            } => format!(
                "{figure} is isolated: {rolled} against {target}: {}{}",
                pass(*passed),
                if *passed {
                    ""
                } else {
                    ", and does nothing this turn"
                }
            ),
            FmaEvent::Move {
                figure,
                from,
                to,
                how,
                cover,
            } => format!("{figure} {how} from {from}\" to {to}\" ({cover})"),
            FmaEvent::Aim { figure } => format!("{figure} aims"),
            FmaEvent::Overwatch { figure } => format!("{figure} goes on overwatch"),
            FmaEvent::Prepare { figure, weapon } => format!("{figure} prepares the {weapon}"),
            FmaEvent::SetUp {
                figure,
                weapon,
                done,
            } => {
                if *done {
                    format!("{figure} finishes setting up the {weapon}")
                } else {
                    format!("{figure} sets up the {weapon}")
                }
            }
            FmaEvent::Load {
                loader,
                gunner,
                rolled,
                target,
                passed,
            } => format!(
                "{loader} loads for {gunner}: {rolled} against {target}: {}",
                if *passed {
                    "the gun fires"
                } else {
                    "fumbles, and the actions are lost"
                }
            ),
            FmaEvent::Shot {
                firer,
                target,
                how,
                weapon,
                inches,
                band,
                aimed,
                option,
                to_hit,
                against,
                effect,
                result,
            } => {
                let mut s = format!(
                    "{firer} fires {weapon} at {target}{}, {inches}\" {band}{}: {} against {against}",
                    match *how {
                        "reaction" => " (reaction fire)",
                        "overwatch" => " (overwatch)",
                        _ => "",
                    },
                    if *aimed { " (aimed)" } else { "" },
                    list(to_hit),
                );
                if !effect.is_empty() {
                    let lead = if *option == "detailed" {
                        "; impact "
                    } else {
                        ", "
                    };
                    s.push_str(lead);
                    s.push_str(&list(effect));
                }
                s.push_str(": ");
                s.push_str(&result.replace('_', " "));
                s
            }
            FmaEvent::Rocket {
                firer,
                target,
                inches,
                target_number,
                rolled,
                deviation,
                direction,
                hits,
            } => {
                let mut s = format!(
                    "{firer} fires a rocket at {target}, {inches}\" (target number {target_number})"
                );
                if let Some(r) = rolled {
                    s.push_str(&format!(": {r}"));
                }
                match direction {
                    Some(d) => {
                        s.push_str(&format!(", deviates {deviation}\" at {} o'clock", d.roll))
                    }
                    None => s.push_str(", on target"),
                }
                for h in hits {
                    s.push_str(&format!(
                        "; {}: {}: {}",
                        h.figure,
                        list(&h.dice),
                        h.result.replace('_', " ")
                    ));
                }
                if hits.is_empty() {
                    s.push_str("; nobody within 2\"");
                }
                s
            }
            FmaEvent::Reaction {
                figure,
                why,
                rolled,
                target,
                passed,
            } => format!(
                "{figure} tests ({why}): {rolled} against {target}: {}{}",
                pass(*passed),
                if *passed { "" } else { ", suppressed" }
            ),
            FmaEvent::Rally {
                figure,
                rolled,
                target,
                passed,
            } => format!(
                "{figure} tries to shake off suppression: {rolled} against {target}: {}",
                if *passed {
                    "removed"
                } else {
                    "still suppressed"
                }
            ),
            FmaEvent::Sprint { figure, rolled } => {
                format!("{figure}, suppressed in the open, rolls its combat move: {rolled}\"")
            }
            FmaEvent::Transfer {
                leader,
                figure,
                rolled,
                target,
                passed,
            } => format!(
                "{leader} passes an action to {figure}: {rolled} against {target}: {}",
                if *passed {
                    "done"
                } else {
                    "the action is lost"
                }
            ),
            FmaEvent::CloseCombat {
                attacker,
                defender,
                attacker_roll,
                attacker_times,
                defender_roll,
                defender_times,
                result,
            } => {
                let times = |t: i64| {
                    if t > 1 {
                        format!(" x{t}")
                    } else {
                        String::new()
                    }
                };
                format!(
                    "{attacker} fights {defender} hand to hand: {attacker_roll}{} against {defender_roll}{}: {}",
                    times(*attacker_times),
                    times(*defender_times),
                    result.replace('_', " ")
                )
            }
            FmaEvent::Broken {
                side,
                down,
                start,
                why,
            } => format!("the {side} breaks: {down} of {start} figures down; {why}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::event::Event;

    #[test]
    fn a_shot_logs_every_die_and_its_text_from_one_value() {
        let shot = FmaEvent::Shot {
            firer: "a1-1#2".into(),
            target: "m1#3".into(),
            how: "fire",
            weapon: "combat rifle",
            inches: 14,
            band: "medium",
            aimed: false,
            option: "detailed",
            to_hit: vec![Rolled { die: "d8", roll: 6 }, Rolled { die: "d8", roll: 7 }],
            against: Rolled { die: "d8", roll: 5 },
            effect: vec![
                Rolled {
                    die: "d10",
                    roll: 9,
                },
                Rolled { die: "d6", roll: 3 },
                Rolled { die: "d6", roll: 2 },
            ],
            result: "kill",
        };
        let e = Event::of(2, None, &shot);
        assert_eq!(e.actor.as_deref(), Some("a1-1#2"));
        assert_eq!(e.targets, vec!["m1#3"]);
        assert_eq!(e.dice.len(), 6);
        assert_eq!(
            e.text,
            "a1-1#2 fires combat rifle at m1#3, 14\" medium: d8 6, d8 7 against d8 5; impact d10 9, d6 3, d6 2: kill"
        );
        assert_eq!(e.data.unwrap()["kind"], "shot");
    }
}
