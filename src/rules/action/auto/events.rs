//! What the ACTION resolver logs: one typed record per roll or change. Each
//! record's line of text is made from its own fields (the `Happening`
//! contract), so the log's text and its data cannot disagree.

use crate::core::text::signed;
use serde::Serialize;

use crate::battle::event::Happening;
use crate::core::dice::Roll;

/// One situational modifier that applied to an attack.
#[derive(Debug, Clone, Serialize)]
pub struct Mod {
    pub name: &'static str,
    pub modifier: i64,
}

/// One element's initiative d100.
#[derive(Debug, Clone, Serialize)]
pub struct Init {
    pub stand: String,
    pub roll: i64,
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ActEvent {
    /// An element's statistics and what they cost in design points.
    Element {
        stand: String,
        combat_skill: i64,
        evasion: i64,
        protective: i64,
        weapon: i64,
        life_levels: i64,
        action_points: i64,
        /// Movement-only points on top of `action_points`.
        #[serde(default)]
        move_points: i64,
        design_points: i64,
    },
    Initiative {
        rolls: Vec<Init>,
        order: Vec<String>,
    },
    Ready {
        stand: String,
        on: Option<String>,
        /// A location (column, row) instead of an element.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<(i64, i64)>,
    },
    Move {
        phase: u32,
        stand: String,
        grids: i64,
        ap: i64,
        /// Action points (movement-only ones included) left after the move.
        ap_left: i64,
        /// Of `ap_left`, the movement-only points.
        #[serde(default)]
        move_left: i64,
        /// Grids to the nearest enemy before and after (auto-resolve only).
        from: Option<i64>,
        to: Option<i64>,
    },
    /// One AP put into a grid that costs more (rules text L157).
    PartMove {
        phase: u32,
        stand: String,
        terrain: &'static str,
        /// AP now in the grid, of `cost`.
        put: i64,
        cost: i64,
        ap_left: i64,
        #[serde(default)]
        move_left: i64,
    },
    Attack {
        phase: u32,
        attacker: String,
        target: String,
        range: i64,
        combat_skill: i64,
        weapon: i64,
        officer: i64,
        situations: Vec<Mod>,
        attack_bonus: i64,
        defence_bonus: i64,
        attack_roll: i64,
        defence_roll: i64,
        /// Of the defence bonus, what a bunker adds.
        #[serde(default)]
        bunker: i64,
        /// Part of an area attack or a scattered shot aimed at another element.
        via: Option<String>,
        hit: bool,
        /// The attacker's action points left (none for a roll that costs none).
        ap_left: Option<i64>,
        /// Of `ap_left`, the movement-only points, which buy no attack.
        #[serde(default)]
        move_left: i64,
    },
    Scatter {
        phase: u32,
        attacker: String,
        target: String,
        direction_roll: i64,
        direction: Option<u8>,
        distance_roll: Option<i64>,
        grids: Option<i64>,
        /// Where it landed, in grids from the target: to the side (right of
        /// the attacker's line of fire positive) and onward (beyond positive).
        landed: Option<(i64, i64)>,
        /// Elements under it where it landed (the original target left out).
        under: usize,
    },
    LifeLost {
        phase: u32,
        stand: String,
        life_levels: i64,
        hits: i64,
        /// `fights on`, `out of action`, `knocked out`.
        effect: &'static str,
    },
}

impl Happening for ActEvent {
    fn phase(&self) -> &str {
        match self {
            ActEvent::Element { .. } => "setup",
            ActEvent::Initiative { .. } => "initiative",
            ActEvent::Ready { .. } => "ready",
            ActEvent::Move { .. }
            | ActEvent::PartMove { .. }
            | ActEvent::Attack { .. }
            | ActEvent::Scatter { .. } => "action",
            ActEvent::LifeLost { .. } => "damage",
        }
    }

    fn actor(&self) -> Option<&str> {
        match self {
            ActEvent::Element { stand, .. }
            | ActEvent::Ready { stand, .. }
            | ActEvent::Move { stand, .. }
            | ActEvent::PartMove { stand, .. } => Some(stand),
            ActEvent::Attack { attacker, .. } | ActEvent::Scatter { attacker, .. } => {
                Some(attacker)
            }
            _ => None,
        }
    }

    fn targets(&self) -> Vec<String> {
        match self {
            ActEvent::Attack { target, .. } | ActEvent::Scatter { target, .. } => {
                vec![target.clone()]
            }
            ActEvent::Ready { on: Some(t), .. } => vec![t.clone()],
            ActEvent::LifeLost { stand, .. } => vec![stand.clone()],
            _ => Vec::new(),
        }
    }

    fn dice(&self) -> Vec<Roll> {
        match self {
            ActEvent::Initiative { rolls, .. } => {
                rolls.iter().map(|r| Roll::number("d100", r.roll)).collect()
            }
            ActEvent::Attack {
                attack_roll,
                defence_roll,
                ..
            } => vec![
                Roll::number("d100", *attack_roll),
                Roll::number("d100", *defence_roll),
            ],
            ActEvent::Scatter {
                direction_roll,
                distance_roll,
                ..
            } => std::iter::once(*direction_roll)
                .chain(*distance_roll)
                .map(|r| Roll::number("d100", r))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn text(&self) -> String {
        match self {
            ActEvent::Element {
                stand,
                combat_skill,
                evasion,
                protective,
                weapon,
                life_levels,
                action_points,
                move_points,
                design_points,
            } => {
                let moving = if *move_points > 0 {
                    format!(" (+{move_points} to move)")
                } else {
                    String::new()
                };
                format!(
                    "{stand}: CS {combat_skill}, ES {evasion}, protection {protective}, weapon {weapon} at best, LL {life_levels}, AP {action_points}{moving} = {design_points} DP"
                )
            }
            ActEvent::Initiative { rolls, order } => format!(
                "initiative: {}; order {}",
                rolls
                    .iter()
                    .map(|r| format!("{} {}", r.stand, r.roll))
                    .collect::<Vec<_>>()
                    .join(", "),
                order.join(" > ")
            ),
            ActEvent::Ready { stand, on, at } => match (on, at) {
                (Some(t), _) => format!("{stand} readies against {t}"),
                (None, Some((x, y))) => {
                    format!("{stand} readies against whatever enters grid {x},{y}")
                }
                (None, None) => format!("{stand} readies against any enemy that comes into range"),
            },
            ActEvent::Move {
                phase,
                stand,
                grids,
                ap,
                ap_left,
                move_left,
                from,
                to,
            } => {
                let g = if *grids == 1 { "grid" } else { "grids" };
                let ap_left = points_left(*ap_left, *move_left);
                match (from, to) {
                    (Some(f), Some(t)) => format!(
                        "phase {phase}: {stand} moves {grids} {g} ({ap} AP, {ap_left} left): {f} → {t} grids from the nearest enemy"
                    ),
                    _ => format!("phase {phase}: {stand} moves {grids} {g} ({ap} AP, {ap_left} left)"),
                }
            }
            ActEvent::PartMove {
                phase,
                stand,
                terrain,
                put,
                cost,
                ap_left,
                move_left,
            } => format!(
                "phase {phase}: {stand} works through {terrain}: {put} of the grid's {cost} AP in ({} left)",
                points_left(*ap_left, *move_left)
            ),
            ActEvent::Attack {
                phase,
                attacker,
                target,
                range,
                combat_skill,
                weapon,
                officer,
                situations,
                attack_bonus,
                defence_bonus,
                attack_roll,
                defence_roll,
                bunker,
                via,
                hit,
                ap_left,
                move_left,
            } => {
                let mods: String = situations
                    .iter()
                    .map(|m| format!(" {} {}", m.name, signed(m.modifier)))
                    .collect();
                let officer = if *officer != 0 {
                    format!(" officer {}", signed(*officer))
                } else {
                    String::new()
                };
                let via = match via {
                    Some(v) => format!(" ({v})"),
                    None => String::new(),
                };
                let bunker = if *bunker != 0 {
                    format!(" (bunker {})", signed(*bunker))
                } else {
                    String::new()
                };
                let left = match ap_left {
                    Some(n) if *move_left == 0 => format!("; {n} AP left"),
                    Some(n) => format!("; {} left", points_left(*n, *move_left)),
                    None => String::new(),
                };
                format!(
                    "phase {phase}: {attacker} attacks {target}{via} at {range} grids: d100 {attack_roll} + AB {attack_bonus} (CS {combat_skill} weapon {weapon}{officer}{mods}) = {} against d100 {defence_roll} + DB {defence_bonus}{bunker} = {}: {}{left}",
                    attack_roll + attack_bonus,
                    defence_roll + defence_bonus,
                    if *hit { "hit, 1 LL" } else { "no effect" }
                )
            }
            ActEvent::Scatter {
                phase,
                attacker,
                target,
                direction_roll,
                direction,
                distance_roll,
                grids,
                landed,
                under,
            } => match (direction, distance_roll, grids) {
                (Some(d), Some(r), Some(g)) => {
                    let place = match landed {
                        Some((side, on)) => format!(", landing {}", landing(*side, *on)),
                        None => String::new(),
                    };
                    let what = match under {
                        0 => "no element can be hurt there: a simple miss".to_string(),
                        1 => "1 element under it".to_string(),
                        n => format!("{n} elements under it"),
                    };
                    let gs = if *g == 1 { "grid" } else { "grids" };
                    format!(
                        "phase {phase}: {attacker}'s shot at {target} scatters: d100 {direction_roll} direction {d}, d100 {r} → {g} {gs}{place}; {what}"
                    )
                }
                _ => format!(
                    "phase {phase}: {attacker}'s shot at {target} scatters: d100 {direction_roll} is off the direction table, a simple miss"
                ),
            },
            ActEvent::LifeLost {
                phase,
                stand,
                life_levels,
                hits,
                effect,
            } => match *effect {
                "knocked out" => format!(
                    "phase {phase}: {stand} loses a life level: LL 0 left; knocked out, its crew of {hits} to the aid post"
                ),
                _ if *hits == 0 => {
                    format!("phase {phase}: {stand} loses a life level: LL {life_levels} left; {effect}")
                }
                _ => format!(
                    "phase {phase}: {stand} loses a life level: LL {life_levels} left, {hits} hit this battle; {effect}"
                ),
            },
        }
    }
}

/// Points left, split when some are movement-only: "3", "0 AP + 1 move".
fn points_left(all: i64, moves: i64) -> String {
    match moves {
        0 => all.to_string(),
        m => format!("{} AP + {m} move", all - m),
    }
}

/// A line the kernel shares (a group's morale test) taken after an action
/// phase: the same record and text, led by the phase it follows.
#[derive(Debug, Clone, Serialize)]
pub struct AfterPhase<H> {
    /// 0 between turns: the line then names no phase.
    pub phase: u32,
    #[serde(flatten)]
    pub what: H,
}

impl<H: Happening> Happening for AfterPhase<H> {
    fn phase(&self) -> &str {
        self.what.phase()
    }
    fn actor(&self) -> Option<&str> {
        self.what.actor()
    }
    fn targets(&self) -> Vec<String> {
        self.what.targets()
    }
    fn dice(&self) -> Vec<Roll> {
        self.what.dice()
    }
    fn text(&self) -> String {
        match self.phase {
            0 => self.what.text(),
            n => format!("phase {n}: {}", self.what.text()),
        }
    }
}

/// Where a scattered shot came down, as the umpire would say it: "2 grids
/// beyond and 1 grid left" of the target.
fn landing(side: i64, onward: i64) -> String {
    let part = |n: i64, plus: &str, minus: &str| match n {
        0 => None,
        _ => Some(format!(
            "{} grid{} {}",
            n.abs(),
            if n.abs() == 1 { "" } else { "s" },
            if n > 0 { plus } else { minus }
        )),
    };
    let parts: Vec<String> = [part(onward, "beyond", "short"), part(side, "right", "left")]
        .into_iter()
        .flatten()
        .collect();
    if parts.is_empty() {
        "on the target's grid".into()
    } else {
        parts.join(" and ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::event::Event;

    #[test]
    fn points_left_keep_movement_only_points_apart() {
        let e = ActEvent::Attack {
            phase: 2,
            attacker: "lta-4".into(),
            target: "lt-1".into(),
            range: 3,
            combat_skill: 20,
            weapon: 60,
            officer: 0,
            situations: vec![],
            attack_bonus: 80,
            defence_bonus: 70,
            attack_roll: 10,
            defence_roll: 90,
            bunker: 0,
            via: None,
            hit: false,
            ap_left: Some(1),
            move_left: 1,
        };
        assert!(
            e.text().ends_with("no effect; 0 AP + 1 move left"),
            "{}",
            e.text()
        );
        let m = ActEvent::Move {
            phase: 1,
            stand: "hvr-1".into(),
            grids: 1,
            ap: 1,
            ap_left: 13,
            move_left: 11,
            from: None,
            to: None,
        };
        assert!(
            m.text().ends_with("(1 AP, 2 AP + 11 move left)"),
            "{}",
            m.text()
        );
    }

    #[test]
    fn a_morale_test_names_the_phase_it_follows() {
        use crate::battle::group_morale::{GroupTest, Threshold};
        use crate::battle::shared_events::Shared;
        let t = GroupTest {
            casualties: 5,
            strength: 8,
            threshold: Threshold::Half,
            modifier: -4,
            roll: 8,
            modified: 4,
            morale: 6,
            passed: false,
        };
        let e = Event::of(
            2,
            None,
            &AfterPhase {
                phase: 3,
                what: Shared::group_morale("1pl", &t),
            },
        );
        assert!(
            e.text.starts_with("phase 3: group 1pl has 5 casualties"),
            "{}",
            e.text
        );
        assert_eq!(e.phase, "morale");
        assert_eq!(e.dice, vec![Roll::number("2d6", 8)]);
        let data = e.data.unwrap();
        assert_eq!(
            (data["kind"].as_str(), data["phase"].as_u64()),
            (Some("group_morale"), Some(3))
        );
    }

    #[test]
    fn an_attack_logs_both_dice_and_its_sums() {
        let e = Event::of(
            2,
            None,
            &ActEvent::Attack {
                phase: 3,
                attacker: "a1".into(),
                target: "d1".into(),
                range: 12,
                combat_skill: 20,
                weapon: 60,
                officer: 10,
                situations: vec![Mod {
                    name: "defender_cover",
                    modifier: -2,
                }],
                attack_bonus: 88,
                defence_bonus: 30,
                attack_roll: 12,
                defence_roll: 71,
                bunker: 0,
                via: None,
                hit: false,
                ap_left: Some(1),
                move_left: 0,
            },
        );
        assert_eq!(
            e.dice,
            vec![Roll::number("d100", 12), Roll::number("d100", 71)]
        );
        assert_eq!(e.actor.as_deref(), Some("a1"));
        assert_eq!(e.targets, vec!["d1"]);
        assert!(
            e.text
                .contains("= 100 against d100 71 + DB 30 = 101: no effect; 1 AP left"),
            "{}",
            e.text
        );
        assert_eq!(e.data.unwrap()["kind"], "attack");
    }
}
