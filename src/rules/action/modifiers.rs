//! The attacker's situational modifiers, as printed (they add up and go on the
//! attack roll only). bounce keeps them at the printed size even though its
//! skills and weapon values run in tens (see `mapping`).

use serde::Serialize;

/// One situation of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Situation {
    /// The attacker readied against this element or location this turn.
    Readied,
    /// The defender is stunned or unable to move.
    DefenderStunned,
    /// The defender has already been attacked this initiative (read: this turn).
    DefenderAlreadyAttacked,
    /// The attacker moved (read: spent action points on movement this turn).
    AttackerMoved,
    AttackerHigher,
    AttackerLower,
    /// The defender has cover (never when adjacent).
    DefenderCover,
    /// The attacker lost a life level this turn.
    AttackerInjured,
    /// The defender lost a life level this turn.
    DefenderInjured,
}

/// The table in the text's order (rules text L242-251): situation, its name, the modifier.
pub const MODIFIERS: [(Situation, &str, i64); 9] = [
    (Situation::Readied, "readied", 1),
    (Situation::DefenderStunned, "defender_stunned", 5),
    (
        Situation::DefenderAlreadyAttacked,
        "defender_already_attacked",
        1,
    ),
    (Situation::AttackerMoved, "attacker_moved", -1),
    (Situation::AttackerHigher, "attacker_higher", 1),
    (Situation::AttackerLower, "attacker_lower", -1),
    (Situation::DefenderCover, "defender_cover", -2),
    (Situation::AttackerInjured, "attacker_injured", -1),
    (Situation::DefenderInjured, "defender_injured", 1),
];

impl Situation {
    pub fn name(self) -> &'static str {
        self.entry().1
    }
    pub fn modifier(self) -> i64 {
        self.entry().2
    }
    fn entry(self) -> &'static (Situation, &'static str, i64) {
        MODIFIERS
            .iter()
            .find(|(s, _, _)| *s == self)
            .expect("every situation is in the table")
    }
    pub fn parse(s: &str) -> Result<Situation, String> {
        MODIFIERS
            .iter()
            .find(|(_, n, _)| *n == s.replace('-', "_"))
            .map(|(s, _, _)| *s)
            .ok_or_else(|| {
                format!(
                    "situation is one of {}, not `{s}`",
                    MODIFIERS.map(|(_, n, _)| n).join(", ")
                )
            })
    }
}

/// The sum of the situations that apply.
pub fn total(situations: &[Situation]) -> i64 {
    situations.iter().map(|s| s.modifier()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_as_printed() {
        let printed = [
            ("readied", 1),
            ("defender_stunned", 5),
            ("defender_already_attacked", 1),
            ("attacker_moved", -1),
            ("attacker_higher", 1),
            ("attacker_lower", -1),
            ("defender_cover", -2),
            ("attacker_injured", -1),
            ("defender_injured", 1),
        ];
        assert_eq!(MODIFIERS.len(), printed.len());
        for (name, m) in printed {
            let s = Situation::parse(name).unwrap();
            assert_eq!((s.name(), s.modifier()), (name, m));
        }
        assert!(Situation::parse("flanked").is_err());
    }

    #[test]
    fn modifiers_add_up() {
        use Situation::*;
        assert_eq!(total(&[Readied, DefenderCover]), -1);
        assert_eq!(total(&[AttackerMoved, AttackerInjured, DefenderStunned]), 3);
        assert_eq!(total(&[]), 0);
    }
}
