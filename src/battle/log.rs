//! The battle log as every resolver keeps it: one handle that odds runs switch
//! off in one place. A quiet log never builds an event, so an odds run does no
//! string work at all: the event is made by a closure only when the log is on.

use super::event::{Event, Happening};
use super::result::Role;

/// A battle's log, on or off for the whole battle.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Log {
    on: bool,
    events: Vec<Event>,
}

impl Log {
    /// A log that keeps events when `on` (a logged battle), none otherwise
    /// (an odds run).
    pub fn new(on: bool) -> Log {
        Log {
            on,
            events: Vec::new(),
        }
    }

    /// Switches the log on or off (a pooled battle reused for another run).
    pub fn set_on(&mut self, on: bool) {
        self.on = on;
    }

    /// Whether events are kept: a resolver may skip work that only feeds the log.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Logs what `what` makes, in `turn`, for a stand of `side`; `what` is not
    /// called when the log is off.
    pub fn push<H: Happening>(&mut self, turn: u32, side: Option<Role>, what: impl FnOnce() -> H) {
        if self.on {
            self.events.push(Event::of(turn, side, &what()));
        }
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn events_mut(&mut self) -> &mut Vec<Event> {
        &mut self.events
    }

    pub fn into_events(self) -> Vec<Event> {
        self.events
    }

    /// Empties the log, keeping its memory, for the next run of a pooled battle.
    pub fn clear(&mut self) {
        self.events.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize)]
    struct Ping(u32);

    impl Happening for Ping {
        fn phase(&self) -> &str {
            "test"
        }
        fn text(&self) -> String {
            format!("ping {}", self.0)
        }
    }

    #[test]
    fn a_quiet_log_never_makes_the_event() {
        let mut quiet = Log::new(false);
        quiet.push(1, None, || -> Ping { panic!("made in a quiet log") });
        assert!(quiet.events().is_empty());
        let mut on = Log::new(true);
        on.push(2, Some(Role::Attacker), || Ping(7));
        assert_eq!(on.events().len(), 1);
        assert_eq!(on.events()[0].text, "ping 7");
        assert_eq!(on.events()[0].turn, 2);
        assert_eq!(on.into_events()[0].side, Some(Role::Attacker));
    }
}
