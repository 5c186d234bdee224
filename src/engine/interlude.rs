//! The umpire's routine between two battles of a chain, as `demo` runs it:
//! the clock moves on to the next battle (the wounded whose time is up come
//! back, fled stands rally, deliveries land), shattered stands re-form at the
//! aid post, and the depots refill ammunition. Each step is its own journal
//! entry, as if typed at the command line, so `undo` takes them back one by one.

use chrono::NaiveDateTime;
use serde::Serialize;

use crate::campaign::logistics::{self, Passage, Refill};
use crate::campaign::regroup;
use crate::store::{self, Store, StoreError};

/// One stand re-formed from others at the aid post.
#[derive(Debug, Clone, Serialize)]
pub struct Reformed {
    pub code: String,
    pub sources: Vec<String>,
    pub men: i64,
}

/// What the routine did.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Interlude {
    /// The clock's move, when the next battle lies ahead of it.
    pub passage: Option<Passage>,
    pub regrouped: Vec<Reformed>,
    /// Stands whose ammunition rose.
    pub refills: Vec<Refill>,
    /// Commands passed over because their supply is cut.
    pub cut_off: Vec<String>,
}

impl Interlude {
    /// Supply points spent on the refills.
    pub fn spent(&self) -> i64 {
        self.refills.iter().map(|r| r.after - r.before).sum()
    }
}

/// Runs the routine before a battle that starts at `next`. A step with
/// nothing to do writes no journal entry.
pub fn before(store: &mut Store, next: NaiveDateTime) -> Result<Interlude, StoreError> {
    let passage = if next > store::logistics::clock(store.conn())? {
        Some(store.change("advance", |tx| {
            let p = logistics::advance(tx, next)?;
            let back: i64 = p.returned.iter().map(|(_, n)| n).sum();
            let text = format!("clock {} → {}: {back} wounded back", p.from, p.to);
            Ok((p, text))
        })?)
    } else {
        None
    };
    // A group the rules refuse is simply left at the aid post.
    let regrouped = if regroup::plan_auto(store.conn(), None)?.is_ok_and(|p| !p.is_empty()) {
        store.change("regroup", |tx| {
            let plans = regroup::plan_auto(tx, None)?.unwrap_or_default();
            regroup::write(tx, &plans)?;
            let done: Vec<Reformed> = plans
                .iter()
                .map(|p| Reformed {
                    code: p.new.code.clone(),
                    sources: p.sources.iter().map(|s| s.code.clone()).collect(),
                    men: p.new.men,
                })
                .collect();
            let text = format!("regrouped {} stands at the aid posts", done.len());
            Ok((done, text))
        })?
    } else {
        Vec::new()
    };
    let supplied = store.change("supply resupply", |tx| {
        let r = logistics::resupply(tx, None)?;
        let spent: i64 = r.refills.iter().map(|x| x.after - x.before).sum();
        Ok((r, format!("resupplied all stands: {spent} SP")))
    })?;
    let mut refills = supplied.refills;
    refills.retain(|r| r.after > r.before);
    Ok(Interlude {
        passage,
        regrouped,
        refills,
        cut_off: supplied.cut_off,
    })
}
