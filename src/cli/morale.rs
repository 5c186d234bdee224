//! `morale CODE`: a stand's morale number and every reason behind it.

use serde::Serialize;

use super::output;
use super::stand::morale_of;
use super::{CliError, Ctx};
use crate::campaign::derived::{AppliedFactor, MoraleBreakdown};
use crate::core::kinds::{Experience, Training};
use crate::store::{queries, Store};

#[derive(Serialize)]
struct MoraleDoc<'a> {
    stand: &'a str,
    training: Training,
    experience: Experience,
    base: i32,
    factors: &'a [AppliedFactor],
    unclamped: i32,
    morale: i32,
}

pub fn morale(ctx: &Ctx, code: &str) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let row = queries::stand(store.conn(), code)?;
    let m = morale_of(&store, &row)?;
    if ctx.json {
        output::json(&MoraleDoc {
            stand: code,
            training: m.training,
            experience: m.experience,
            base: m.base,
            factors: &m.factors,
            unclamped: m.unclamped,
            morale: m.morale,
        });
    } else {
        print_breakdown(code, &m);
    }
    Ok(())
}

/// The breakdown as a table: base, each factor, the sum, the clamped number.
pub fn print_breakdown(code: &str, m: &MoraleBreakdown) {
    let mut rows = vec![vec![
        format!("base: {} {}", m.training, m.experience),
        m.base.to_string(),
        "training × experience table".to_string(),
    ]];
    for f in &m.factors {
        rows.push(vec![
            f.name.replace('_', " "),
            crate::core::text::signed(i64::from(f.modifier)),
            format!("{:?}", f.source).to_lowercase(),
        ]);
    }
    rows.push(vec!["sum".into(), m.unclamped.to_string(), String::new()]);
    output::titled(
        &format!(
            "Morale of {code}: {} (lower is better; a test passes on 2d6 ≥ {})",
            m.morale, m.morale
        ),
        output::table(&["", "value", "source"], rows),
    );
    if m.unclamped != m.morale {
        println!("The sum {} is held to the 1..9 range.", m.unclamped);
    }
}
