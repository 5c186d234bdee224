//! `check`: verify the campaign's invariants and list every violation.

use super::output;
use super::{CliError, Ctx};
use crate::campaign::derived;
use crate::store::check::{self, Violation};
use crate::store::queries::{self, StandFilter};
use crate::store::{Db, Store};

/// Every violation of the campaign's invariants `check` reports, read through
/// `conn` (a transaction too, so `import` can refuse what `check` would).
pub(crate) fn violations(conn: &Db, rulesets: &[&str]) -> Result<Vec<Violation>, CliError> {
    let (mut violations, readable) = check::check(conn, rulesets)?;
    if readable {
        for row in queries::load_stands(conn, &StandFilter::all())? {
            for problem in derived::stand_problems(&row.record) {
                violations.push(Violation {
                    rule: "stand rules",
                    detail: format!(
                        "{}: {}: {}",
                        row.record.code, problem.field, problem.message
                    ),
                });
            }
        }
    }
    Ok(violations)
}

pub fn check(ctx: &Ctx) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let mut violations = check::integrity(store.conn());
    if violations.is_empty() {
        violations = self::violations(store.conn(), &ctx.registry.names())?;
    }
    if ctx.json {
        output::json(&serde_json::json!({"ok": violations.is_empty(), "violations": violations}));
    } else if violations.is_empty() {
        println!("{}: all invariants hold.", ctx.db.display());
    } else {
        println!(
            "{}",
            output::table(
                &["rule", "violation"],
                violations
                    .iter()
                    .map(|v| vec![v.rule.to_string(), v.detail.clone()]),
            )
        );
    }
    if violations.is_empty() {
        Ok(())
    } else {
        Err(CliError::Failed(format!(
            "{} invariant violation(s) in {}",
            violations.len(),
            ctx.db.display()
        )))
    }
}
