//! What a plain target choice reads of its chooser, in one place: the
//! ranges at which it may attack each kind of target and whether it takes
//! armour first. The target choice is made some two thousand times a run,
//! and reading these from half a dozen tables (each with its own bounds
//! check) cost more than the choice's own arithmetic.

use super::fast::Tables;

/// Kinds of target a chooser's bits are kept for inline; a battle with
/// more kinds chooses by the general walk (the same choice).
pub(crate) const KINDS: usize = 8;

/// One element as a chooser of targets (see `Tables`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Chooser {
    /// `Tables::reachable` of the element, per kind of target.
    pub(crate) reachable: [u64; KINDS],
    /// `Tables::reachable_any`: over the armoured kinds, over all kinds.
    pub(crate) any: [u64; 2],
    /// `Tables::plain`, and whether `reachable` holds the element's bits.
    pub(crate) plain: bool,
    pub(crate) fits: bool,
    pub(crate) anti_armour: bool,
}

impl Chooser {
    /// Every element of the battle as a chooser.
    pub(crate) fn all(t: &Tables, n: usize) -> Vec<Chooser> {
        (0..n)
            .map(|i| {
                let bits = t.reachable(i).filter(|r| r.len() <= KINDS);
                let mut reachable = [0; KINDS];
                if let Some(r) = bits {
                    reachable[..r.len()].copy_from_slice(r);
                }
                Chooser {
                    reachable,
                    any: match bits {
                        Some(_) => [t.reachable_any(i, true), t.reachable_any(i, false)],
                        None => [0, 0],
                    },
                    plain: t.plain[i],
                    fits: bits.is_some(),
                    anti_armour: t.anti_armour[i],
                }
            })
            .collect()
    }
}
