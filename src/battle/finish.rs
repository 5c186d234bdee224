//! How every battle ends: the verdict (a side out of the fight, or the turn
//! limit with the defender holding), its reason in one wording, the `End`
//! event and the neutral result. A ruleset says where each stand ended up and
//! when a side is out by its own rules; the words are made here.

use super::log::Log;
use super::result::{BattleResult, Role, StandOutcome, UnitCarryOver, Winner};
use super::shared_events::Shared;
use crate::core::kinds::Status;

/// Where a stand is when the battle ends, as the end reason counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fate {
    Fighting,
    /// Held off the table (a weapons platform in orbit): neither in the fight
    /// nor out of it.
    Reserve,
    /// Withdrew in good order with its group.
    Left,
    Fled,
    Captured,
    Ineffective,
    Destroyed,
}

impl Fate {
    /// The campaign status a stand of this fate leaves the battle in.
    pub fn status(self) -> Status {
        match self {
            Fate::Fighting | Fate::Reserve | Fate::Left => Status::Effective,
            Fate::Fled => Status::Withdrawn,
            Fate::Captured => Status::Captured,
            Fate::Ineffective => Status::Ineffective,
            Fate::Destroyed => Status::Destroyed,
        }
    }

    pub fn fighting(self) -> bool {
        self == Fate::Fighting
    }
}

/// How a side came to be out of the fight, every stand counted, so the
/// reason always matches the stands' fates: "withdrew: 2 withdrew in good
/// order, 1 ineffective".
pub fn how_out(fates: impl IntoIterator<Item = Fate>) -> String {
    let mut counts = [0usize; 5];
    for f in fates {
        let k = match f {
            Fate::Left => 0,
            Fate::Fled => 1,
            Fate::Captured => 2,
            Fate::Ineffective => 3,
            Fate::Destroyed => 4,
            Fate::Fighting | Fate::Reserve => continue,
        };
        counts[k] += 1;
    }
    let [left, fled, captured, ineffective, destroyed] = counts;
    let verb = if left + fled >= captured && left + fled >= ineffective + destroyed {
        "withdrew"
    } else if captured >= ineffective + destroyed {
        "surrendered"
    } else {
        "were made ineffective"
    };
    let parts: Vec<String> = [
        (left, "withdrew in good order"),
        (fled, "fled"),
        (captured, "surrendered"),
        (ineffective, "ineffective"),
        (destroyed, "destroyed"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}"))
    .collect();
    format!("{verb}: {}", parts.join(", "))
}

/// "the attackers", "the defenders".
pub fn side_name(role: Role) -> &'static str {
    match role {
        Role::Attacker => "the attackers",
        Role::Defender => "the defenders",
    }
}

/// The verdict once a side (or both) is out of the fight, `out` indexed by
/// `Role::index`; `why` says how a side went out ("withdrew: …", "broke: half
/// its figures are down"). `None` while both still fight.
pub fn ending(out: [bool; 2], why: impl Fn(Role) -> String) -> Option<(Winner, String)> {
    let said = |r: Role| format!("{} {}", side_name(r), why(r));
    match out {
        [true, true] => Some((
            Winner::Draw,
            format!(
                "both sides are out of the fight: {}; {}",
                said(Role::Attacker),
                said(Role::Defender)
            ),
        )),
        [true, false] => Some((Winner::Defender, said(Role::Attacker))),
        [false, true] => Some((Winner::Attacker, said(Role::Defender))),
        [false, false] => None,
    }
}

/// The verdict from the stands' fates alone: a side with no stand fighting
/// is out, and the reason counts how its stands went.
pub fn ending_by_fates(fates: &[(Role, Fate)]) -> Option<(Winner, String)> {
    let out = Role::BOTH.map(|r| !fates.iter().any(|(q, f)| *q == r && f.fighting()));
    ending(out, |r| {
        how_out(fates.iter().filter(|(q, _)| *q == r).map(|(_, f)| *f))
    })
}

/// The verdict when the turns run out: the defender holds. A battle always
/// plays at least one turn, so a limit below one reads as one.
pub fn turn_limit(limit: u32) -> (Winner, String) {
    (
        Winner::Defender,
        format!("turn limit of {} reached: the defender holds", limit.max(1)),
    )
}

/// What a ruleset hands over at the end of a battle.
pub struct Closing<'a> {
    /// The ruleset's registered name (`Ruleset::name`).
    pub ruleset: &'a str,
    pub seed: u64,
    pub turns: u32,
    pub turn_limit: u32,
    pub stands: Vec<StandOutcome>,
    pub units: Vec<UnitCarryOver>,
}

/// The result: the umpire's call or the battle's own verdict (else the turn
/// limit's), with the `End` event logged.
pub fn close(c: Closing<'_>, verdict: Option<(Winner, String)>, mut log: Log) -> BattleResult {
    let (winner, reason) = verdict.unwrap_or_else(|| turn_limit(c.turn_limit));
    log.push(c.turns, None, || Shared::end(winner, c.turns, &reason));
    BattleResult {
        ruleset: c.ruleset.to_string(),
        seed: c.seed,
        winner,
        turns: c.turns,
        end_reason: reason,
        stands: c.stands,
        units: c.units,
        events: log.into_events(),
    }
}

impl StandOutcome {
    /// A stand's outcome with nothing but its hits and status; the ruleset
    /// fills in what else it tracks with struct update syntax.
    pub fn new(code: &str, role: Role, hits_taken: i64, status_after: Status) -> StandOutcome {
        StandOutcome {
            code: code.to_string(),
            role,
            hits_taken,
            status_after,
            fired: false,
            under_fire: false,
            ammo_spent: 0,
            captured: 0,
            killed: 0,
            knockout: None,
            damage: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reason_counts_every_stand_that_went() {
        use Fate::*;
        assert_eq!(
            how_out([Left, Left, Ineffective, Fighting]),
            "withdrew: 2 withdrew in good order, 1 ineffective"
        );
        assert_eq!(
            how_out([Captured, Captured, Destroyed]),
            "surrendered: 2 surrendered, 1 destroyed"
        );
        assert_eq!(
            how_out([Ineffective, Destroyed, Fled]),
            "were made ineffective: 1 fled, 1 ineffective, 1 destroyed"
        );
    }

    #[test]
    fn a_side_with_nobody_fighting_is_out() {
        use Fate::*;
        let f = [
            (Role::Attacker, Fighting),
            (Role::Defender, Left),
            (Role::Defender, Reserve),
        ];
        let (w, why) = ending_by_fates(&f).unwrap();
        assert_eq!(w, Winner::Attacker);
        assert_eq!(why, "the defenders withdrew: 1 withdrew in good order");
        assert_eq!(
            ending_by_fates(&[(Role::Attacker, Fighting), (Role::Defender, Fighting)]),
            None
        );
        let (w, why) = ending([true, true], |_| "broke".into()).unwrap();
        assert_eq!(w, Winner::Draw);
        assert_eq!(
            why,
            "both sides are out of the fight: the attackers broke; the defenders broke"
        );
    }

    #[test]
    fn the_turn_limit_is_the_defenders_and_close_logs_the_end() {
        let r = close(
            Closing {
                ruleset: "toy",
                seed: 9,
                turns: 4,
                turn_limit: 4,
                stands: vec![StandOutcome::new("a", Role::Attacker, 1, Status::Effective)],
                units: vec![],
            },
            None,
            Log::new(true),
        );
        assert_eq!((r.winner, r.turns, r.seed), (Winner::Defender, 4, 9));
        assert_eq!(r.end_reason, "turn limit of 4 reached: the defender holds");
        assert_eq!(r.events.len(), 1);
        assert_eq!(r.events[0].phase, "end");
        assert_eq!(
            r.events[0].text,
            "after 4 turns: the defender wins (turn limit of 4 reached: the defender holds)"
        );
        assert_eq!(Fate::Fled.status(), Status::Withdrawn);
    }
}
