//! The one registry of battle rulesets: name → implementation. Every mode
//! (auto, odds, play, record) and every `rules NAME …` query finds its ruleset
//! here; adding a ruleset is one line in `standard`.

use crate::battle::ruleset::Ruleset;

/// The rulesets a build (or a test) can fight with.
pub struct Registry {
    rulesets: Vec<Box<dyn Ruleset>>,
}

/// A ruleset name the registry does not hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset `{name}`; available: {available}")]
pub struct UnknownRuleset {
    pub name: String,
    pub available: String,
}

impl Registry {
    /// The rulesets of this build.
    pub fn standard() -> Registry {
        Registry::empty()
            .with(Box::new(crate::rules::bia::Bia))
            .with(Box::new(crate::rules::dirtside::Dirtside))
            .with(Box::new(crate::rules::fma::Fma))
            .with(Box::new(crate::rules::action::Action))
    }

    pub fn empty() -> Registry {
        Registry {
            rulesets: Vec::new(),
        }
    }

    /// Adds a ruleset (replacing one of the same name).
    pub fn with(mut self, ruleset: Box<dyn Ruleset>) -> Registry {
        self.rulesets.retain(|r| r.name() != ruleset.name());
        self.rulesets.push(ruleset);
        self
    }

    pub fn get(&self, name: &str) -> Result<&dyn Ruleset, UnknownRuleset> {
        self.rulesets
            .iter()
            .find(|r| r.name() == name)
            .map(|r| r.as_ref())
            .ok_or_else(|| UnknownRuleset {
                name: name.to_string(),
                available: self.names().join(", "),
            })
    }

    pub fn names(&self) -> Vec<&'static str> {
        self.rulesets.iter().map(|r| r.name()).collect()
    }

    pub fn all(&self) -> impl Iterator<Item = &dyn Ruleset> {
        self.rulesets.iter().map(|r| r.as_ref())
    }
}
