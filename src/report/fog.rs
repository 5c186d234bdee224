//! Fog of war for a battle log: which events a side may read. Kept pure so the
//! rule can be tested on its own and applied wherever logs are shown per side
//! once events carry their actor and targets.

use std::collections::HashSet;

/// True when a side whose stands are `own_stands` may see an event with this
/// actor and these targets: its own stands acted or were acted on. An event
/// naming no stand at all (a turn marker, the end of the battle) concerns
/// everyone on the table, so it is visible too.
pub fn visible_to(own_stands: &HashSet<String>, actor: Option<&str>, targets: &[String]) -> bool {
    if actor.is_none() && targets.is_empty() {
        return true;
    }
    actor.is_some_and(|a| own_stands.contains(a)) || targets.iter().any(|t| own_stands.contains(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own() -> HashSet<String> {
        ["a1-1", "a1-2"].iter().map(|s| s.to_string()).collect()
    }

    fn v(codes: &[&str]) -> Vec<String> {
        codes.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn own_actor_is_visible() {
        assert!(visible_to(&own(), Some("a1-1"), &v(&["mil-1a"])));
        assert!(visible_to(&own(), Some("a1-2"), &[]));
    }

    #[test]
    fn own_target_is_visible() {
        assert!(visible_to(&own(), Some("mil-1a"), &v(&["a1-2"])));
        assert!(visible_to(&own(), Some("mil-1a"), &v(&["mil-1b", "a1-1"])));
        assert!(visible_to(&own(), None, &v(&["a1-1"])));
    }

    #[test]
    fn enemy_only_events_are_hidden() {
        assert!(!visible_to(&own(), Some("mil-1a"), &v(&["mil-1b"])));
        assert!(!visible_to(&own(), Some("mil-1a"), &[]));
        assert!(!visible_to(&own(), None, &v(&["mil-1b"])));
    }

    #[test]
    fn general_events_are_visible() {
        assert!(visible_to(&own(), None, &[]));
        assert!(visible_to(&HashSet::new(), None, &[]));
    }

    #[test]
    fn codes_match_exactly() {
        assert!(!visible_to(&own(), Some("a1-10"), &v(&["A1-1"])));
    }
}
