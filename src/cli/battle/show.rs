//! `battle show`: one battle's result, or its plan: both sides' stands as they
//! stand now, the opening range, the cover, the ground and the ruleset.

use serde::Serialize;

use super::{battle_doc, battles, output, print_result, BattleDoc, CliError, Ctx};
use crate::battle::result::Role;
use crate::campaign::battle::setup;
use crate::engine::Registry;
use crate::store::queries::StandRow;
use crate::store::Store;

/// A planned battle's plan, with the stands its units and stands name.
#[derive(Debug, Serialize)]
pub struct PlanDoc {
    pub range_cm: i64,
    pub defender_cover: String,
    pub terrain: String,
    /// The units and stands named, as the plan names them.
    pub attacker: Vec<String>,
    pub defender: Vec<String>,
    pub stands: Vec<PlanStand>,
}

/// One stand a plan names, as it stands now.
#[derive(Debug, Serialize)]
pub struct PlanStand {
    pub code: String,
    pub side: String,
    pub role: String,
    pub unit: String,
    #[serde(rename = "type")]
    pub stand_type: String,
    pub training: String,
    pub men: i64,
    pub hits: i64,
    pub status: String,
    pub weapon: Option<String>,
    /// False for a stand destroyed, captured or retired: it will not fight.
    pub fights: bool,
}

fn plan_stand(row: StandRow, role: Role) -> PlanStand {
    use crate::core::kinds::Status;
    let s = row.record;
    PlanStand {
        fights: !matches!(
            s.status,
            Status::Destroyed | Status::Captured | Status::Retired
        ),
        code: s.code,
        side: row.side,
        role: role.as_str().into(),
        unit: s.unit,
        stand_type: s.stand_type.to_string(),
        training: s.training.to_string(),
        men: s.men,
        hits: s.hits,
        status: s.status.to_string(),
        weapon: s.weapon.map(|w| w.to_string()),
    }
}

pub fn run(ctx: &Ctx, registry: &Registry, code: &str) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let doc = shown(&store, registry, code)?;
    if ctx.json {
        output::json(&doc);
        return Ok(());
    }
    print_result(&doc);
    if let Some(p) = &doc.plan {
        print_plan(&doc.ruleset, doc.after.as_deref(), p, &doc.notes);
    }
    Ok(())
}

/// A battle as `battle show` has it: the result, or the plan with its stands.
pub(super) fn shown(store: &Store, registry: &Registry, code: &str) -> Result<BattleDoc, CliError> {
    let mut doc = battle_doc(store, code)?.with_notes(registry);
    if doc.winner.is_none() {
        // Not fought yet: the ruleset's notes on the stands as they stand now.
        let b = battles::battle(store.conn(), code)?;
        if let Ok(r) = registry.get(&b.ruleset) {
            if let Ok(s) = setup(store.conn(), &b, r.turn_limit()) {
                doc.notes = r.setup_notes(&s).into_iter().collect();
            }
        }
        let record = crate::store::export::battle_record(store.conn(), code)?;
        let mut stands = Vec::new();
        for role in [Role::Attacker, Role::Defender] {
            for row in battles::force_stands(store.conn(), b.id, role)? {
                stands.push(plan_stand(row, role));
            }
        }
        doc.plan = Some(PlanDoc {
            range_cm: b.range_cm,
            defender_cover: b.defender_cover.to_string(),
            terrain: b.terrain.clone(),
            attacker: record.attacker,
            defender: record.defender,
            stands,
        });
    }
    Ok(doc)
}

fn print_plan(
    ruleset: &str,
    after: Option<&str>,
    p: &PlanDoc,
    notes: &std::collections::BTreeMap<String, String>,
) {
    println!(
        "Ruleset {ruleset}; opening range {} cm; the defenders in {}{}{}.",
        p.range_cm,
        p.defender_cover,
        if p.terrain.is_empty() {
            String::new()
        } else {
            format!("; ground: {}", p.terrain)
        },
        after.map(|a| format!("; follows {a}")).unwrap_or_default()
    );
    println!(
        "Attacker: {}. Defender: {}.",
        p.attacker.join(", "),
        p.defender.join(", ")
    );
    let mut head = vec![
        "stand", "side", "role", "unit", "type", "training", "men", "hits", "status", "weapon",
    ];
    if !notes.is_empty() {
        head.push("note");
    }
    println!(
        "{}",
        output::table(
            &head,
            p.stands.iter().map(|s| {
                let mut row = vec![
                    s.code.clone(),
                    s.side.clone(),
                    s.role.clone(),
                    s.unit.clone(),
                    s.stand_type.clone(),
                    s.training.clone(),
                    s.men.to_string(),
                    s.hits.to_string(),
                    if s.fights {
                        s.status.clone()
                    } else {
                        format!("{} (will not fight)", s.status)
                    },
                    s.weapon.clone().unwrap_or_else(|| "-".into()),
                ];
                if !notes.is_empty() {
                    row.push(notes.get(&s.code).cloned().unwrap_or_default());
                }
                row
            })
        )
    );
}
