//! Events: one record per thing that happens in a battle, as data, with its
//! line of text made from that same data so a number is never written twice.

use serde::{Deserialize, Serialize};

use super::result::Role;
use crate::core::dice::Roll;

/// One entry of a battle's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub turn: u32,
    pub phase: String,
    /// The side of the acting stand, when a stand acts (null otherwise: every
    /// event has the same fields).
    #[serde(default)]
    pub side: Option<Role>,
    /// The acting stand (or figure, `h1#3`), if any.
    #[serde(default)]
    pub actor: Option<String>,
    /// Stands acted upon.
    #[serde(default)]
    pub targets: Vec<String>,
    /// Every die rolled or chit drawn, in order.
    #[serde(default)]
    pub dice: Vec<Roll>,
    pub text: String,
    /// The ruleset's own record of the happening (its kind and every number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<serde_json::Value>,
}

/// Something a ruleset logs. Implementors are the ruleset's typed events; the
/// log entry's fields and text are all derived from one value.
pub trait Happening: Serialize {
    fn phase(&self) -> &str;
    fn actor(&self) -> Option<&str> {
        None
    }
    fn targets(&self) -> Vec<String> {
        Vec::new()
    }
    fn dice(&self) -> Vec<Roll> {
        Vec::new()
    }
    /// One line for people, from the fields of `self` only.
    fn text(&self) -> String;
}

impl Event {
    /// The log entry for `what`, which happened in `turn`, done by a stand of `side`.
    pub fn of<H: Happening>(turn: u32, side: Option<Role>, what: &H) -> Event {
        Event {
            turn,
            phase: what.phase().to_string(),
            side,
            actor: what.actor().map(str::to_string),
            targets: what.targets(),
            dice: what.dice(),
            text: what.text(),
            data: serde_json::to_value(what).ok(),
        }
    }

    /// Whether a side that owns `own` stands, fighting as `role`, sees this
    /// event: one of its stands acted or was acted upon, or the event names no
    /// stand and is either general (turn markers, the end) or its own side's
    /// (a group morale test is seen only by that group's side).
    /// A figure (`h1#3`) counts as its stand (`h1`).
    pub fn seen_by(&self, own: &dyn Fn(&str) -> bool, role: Option<Role>) -> bool {
        let stand = |c: &str| own(c.split_once('#').map_or(c, |(s, _)| s));
        match (&self.actor, self.targets.is_empty()) {
            (None, true) => self.side.is_none() || self.side == role,
            (actor, _) => {
                actor.as_deref().is_some_and(stand) || self.targets.iter().any(|t| stand(t))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Shot {
        firer: String,
        target: String,
        roll: i64,
    }

    impl Happening for Shot {
        fn phase(&self) -> &str {
            "fire"
        }
        fn actor(&self) -> Option<&str> {
            Some(&self.firer)
        }
        fn targets(&self) -> Vec<String> {
            vec![self.target.clone()]
        }
        fn dice(&self) -> Vec<Roll> {
            vec![Roll::number("d10", self.roll)]
        }
        fn text(&self) -> String {
            format!("{} fires at {}: d10 {}", self.firer, self.target, self.roll)
        }
    }

    #[test]
    fn an_event_is_made_from_one_value() {
        let e = Event::of(
            3,
            Some(Role::Attacker),
            &Shot {
                firer: "a1".into(),
                target: "d1".into(),
                roll: 7,
            },
        );
        assert_eq!(e.actor.as_deref(), Some("a1"));
        assert_eq!(e.targets, vec!["d1"]);
        assert_eq!(e.dice, vec![Roll::number("d10", 7)]);
        assert_eq!(e.text, "a1 fires at d1: d10 7");
        assert_eq!(e.data.unwrap()["roll"], 7);
        let json = serde_json::to_value(Event::of(
            1,
            None,
            &Shot {
                firer: "x".into(),
                target: "y".into(),
                roll: 1,
            },
        ))
        .unwrap();
        for field in ["turn", "phase", "actor", "targets", "dice", "text"] {
            assert!(json.get(field).is_some(), "{field}");
        }
    }

    #[test]
    fn a_side_sees_its_own_stands_events_and_general_ones() {
        let shot = Event::of(
            1,
            Some(Role::Attacker),
            &Shot {
                firer: "a1".into(),
                target: "d1".into(),
                roll: 2,
            },
        );
        assert!(shot.seen_by(&|c| c == "a1", Some(Role::Attacker)));
        assert!(shot.seen_by(&|c| c == "d1", Some(Role::Defender)));
        assert!(!shot.seen_by(&|c| c == "z9", None));
        let figure = Event {
            actor: Some("a1#3".into()),
            targets: vec!["d1#2".into()],
            ..shot.clone()
        };
        assert!(figure.seen_by(&|c| c == "a1", Some(Role::Attacker)));
        assert!(figure.seen_by(&|c| c == "d1", Some(Role::Defender)));
        assert!(
            !figure.seen_by(&|c| c == "a1#3", None),
            "stands, not figures"
        );
        let group = Event {
            actor: None,
            targets: vec![],
            ..shot.clone()
        };
        assert!(group.seen_by(&|_| false, Some(Role::Attacker)));
        assert!(
            !group.seen_by(&|_| false, Some(Role::Defender)),
            "the enemy's morale is hidden"
        );
        let general = Event {
            side: None,
            ..group
        };
        assert!(general.seen_by(&|_| false, Some(Role::Defender)));
    }
}
