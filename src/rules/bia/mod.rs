//! Bounce into Action: the campaign rules and the default battle ruleset, as data and pure functions.
