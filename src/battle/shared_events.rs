//! The events every resolver logs the same way: the opening, each new turn,
//! a group's morale test and the end. One text each, so a reader of any
//! ruleset's log finds these lines worded alike and their data shaped alike.

use serde::Serialize;

use super::event::Happening;
use super::group_morale::GroupTest;
use super::result::Winner;
use super::setup::BattleSetup;
use crate::core::dice::Roll;
use crate::core::kinds::Cover;
use crate::core::text::{count, signed};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Shared {
    /// How the battle opens.
    Setup {
        attackers: usize,
        defenders: usize,
        /// What the ruleset's pieces are: stands, units, figures, elements.
        pieces: &'static str,
        range: i64,
        /// The range's unit: `cm`, `in` or `grids`.
        unit: &'static str,
        /// Where the defenders stand: "in the open", "in cover", …
        cover: String,
        terrain: String,
        /// Anything else the ruleset sets up (a chit pot, a fire mode).
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    TurnBegins {
        turn: u32,
        /// The side that acts first, where the ruleset decides it per turn.
        #[serde(skip_serializing_if = "Option::is_none")]
        first: Option<&'static str>,
    },
    GroupMorale {
        group: String,
        casualties: i64,
        /// Hits that would make every stand of the group ineffective.
        strength: i64,
        threshold: &'static str,
        roll: i64,
        modifier: i64,
        modified: i64,
        morale: i64,
        passed: bool,
    },
    End {
        winner: &'static str,
        turns: u32,
        reason: String,
    },
}

/// Where the defenders stand, as the setup line says it.
pub fn cover_words(c: Cover) -> &'static str {
    match c {
        Cover::Open => "in the open",
        Cover::Cover => "in cover",
        Cover::Bunker => "in bunkers",
    }
}

impl Shared {
    /// The opening line of a battle whose pieces are the setup's stands,
    /// counted and placed as the ruleset does.
    pub fn setup(
        setup: &BattleSetup,
        counts: [usize; 2],
        pieces: &'static str,
        range: (i64, &'static str),
        note: Option<String>,
    ) -> Shared {
        Shared::Setup {
            attackers: counts[0],
            defenders: counts[1],
            pieces,
            range: range.0,
            unit: range.1,
            cover: cover_words(setup.defender_cover).to_string(),
            terrain: setup.terrain.clone(),
            note,
        }
    }

    /// The log entry of a group test of `group`.
    pub fn group_morale(group: &str, t: &GroupTest) -> Shared {
        Shared::GroupMorale {
            group: group.to_string(),
            casualties: t.casualties,
            strength: t.strength,
            threshold: t.threshold.name(),
            roll: t.roll,
            modifier: t.modifier,
            modified: t.modified,
            morale: t.morale,
            passed: t.passed,
        }
    }

    pub fn end(winner: Winner, turns: u32, reason: &str) -> Shared {
        Shared::End {
            winner: winner.as_str(),
            turns,
            reason: reason.to_string(),
        }
    }
}

impl Happening for Shared {
    fn phase(&self) -> &str {
        match self {
            Shared::Setup { .. } => "setup",
            Shared::TurnBegins { .. } => "turn",
            Shared::GroupMorale { .. } => "morale",
            Shared::End { .. } => "end",
        }
    }

    fn dice(&self) -> Vec<Roll> {
        match self {
            Shared::GroupMorale { roll, .. } => vec![Roll::number("2d6", *roll)],
            _ => Vec::new(),
        }
    }

    fn text(&self) -> String {
        match self {
            Shared::Setup {
                attackers,
                defenders,
                pieces,
                range,
                unit,
                cover,
                terrain,
                note,
            } => {
                let range = match *unit {
                    "in" => format!("{range}\""),
                    u => format!("{range} {u}"),
                };
                let terrain = if terrain.is_empty() {
                    "no terrain noted"
                } else {
                    terrain.as_str()
                };
                let pieces = if *attackers == 1 {
                    pieces.strip_suffix('s').unwrap_or(pieces)
                } else {
                    pieces
                };
                format!(
                    "{attackers} attacking {pieces} against {defenders} defending at {range}; defenders {cover}; ground: {terrain}{}",
                    note.as_ref().map(|n| format!("; {n}")).unwrap_or_default()
                )
            }
            Shared::TurnBegins { turn, first } => match first {
                Some(side) => format!("turn {turn} begins; the {side} acts first"),
                None => format!("turn {turn} begins"),
            },
            Shared::GroupMorale {
                group,
                casualties,
                strength,
                threshold,
                roll,
                modifier,
                modified,
                morale,
                passed,
            } => format!(
                "group {group} has {casualties} casualties against a strength of {strength} ({threshold} threshold): 2d6 {roll} {} = {modified} against {morale} → {}",
                signed(*modifier),
                if *passed { "carries on" } else { "withdraws in good order" }
            ),
            Shared::End {
                winner,
                turns,
                reason,
            } => {
                let who = match *winner {
                    "draw" => "a draw".to_string(),
                    w => format!("the {w} wins"),
                };
                format!(
                    "after {}: {who} ({reason})",
                    count(u64::from(*turns), "turn", "turns")
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::event::Event;
    use crate::battle::group_morale::Threshold;

    #[test]
    fn shared_lines_read_alike_in_every_ruleset() {
        let setup = Shared::Setup {
            attackers: 3,
            defenders: 2,
            pieces: "units",
            range: 24,
            unit: "in",
            cover: "in cover".into(),
            terrain: String::new(),
            note: Some("119 chits in the pot".into()),
        };
        assert_eq!(
            setup.text(),
            "3 attacking units against 2 defending at 24\"; defenders in cover; ground: no terrain noted; 119 chits in the pot"
        );
        assert_eq!(
            Shared::TurnBegins {
                turn: 2,
                first: Some("defender")
            }
            .text(),
            "turn 2 begins; the defender acts first"
        );
        assert_eq!(
            Shared::end(Winner::Draw, 1, "both sides broke").text(),
            "after 1 turn: a draw (both sides broke)"
        );
        assert_eq!(
            Shared::end(Winner::Attacker, 3, "the defenders withdrew").text(),
            "after 3 turns: the attacker wins (the defenders withdrew)"
        );
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
        let e = Event::of(2, None, &Shared::group_morale("1pl", &t));
        assert_eq!(
            e.text,
            "group 1pl has 5 casualties against a strength of 8 (half threshold): 2d6 8 \u{2212}4 = 4 against 6 → withdraws in good order"
        );
        assert_eq!(e.data.unwrap()["kind"], "group_morale");
    }
}
