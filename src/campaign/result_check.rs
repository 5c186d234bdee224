//! The rules an imported battle result must keep: how it was fought, who
//! took part and on which side, when it ended, and a log of JSON.

use super::error::Problem;
use super::records::{BattleRecord, ResultRecord};
use super::validate::expect;
use crate::core::limits::within;
use crate::core::limits::{MAX_AMMO, MAX_MEN, MAX_WOUND_DAYS};
use crate::store::records::{CodeKind, KnownCodes};

/// The rules of a fought battle's result: how it was fought, who took part
/// (each stand on the side of its role), when it ended (not before it began),
/// and a log whose dice and data are JSON.
pub(super) fn check_result(b: &BattleRecord, r: &ResultRecord, known: &KnownCodes) -> Vec<Problem> {
    let mut out = Vec::new();
    if r.ended_at < b.at {
        out.push(Problem::new(
            "result.ended_at",
            format!(
                "{} is before the battle began ({})",
                super::records::format_time(&r.ended_at),
                super::records::format_time(&b.at)
            ),
        ));
    }
    let side_of = |code: &str| known.get(code).and_then(|k| k.side.clone());
    let role_side = |codes: &[String]| codes.first().and_then(|c| side_of(c));
    let sides = [
        ("attacker", role_side(&b.attacker)),
        ("defender", role_side(&b.defender)),
    ];
    if !["auto", "played", "recorded"].contains(&r.mode.as_str()) {
        out.push(Problem::new(
            "result.mode",
            format!("`{}`; one of auto, played, recorded", r.mode),
        ));
    }
    if !["attacker", "defender", "draw"].contains(&r.winner.as_str()) {
        out.push(Problem::new(
            "result.winner",
            format!("`{}`; one of attacker, defender, draw", r.winner),
        ));
    }
    if let Err(m) = within("turns", r.turns, 0, 100_000) {
        out.push(Problem::new("result.turns", m));
    }
    for (k, p) in r.stands.iter().enumerate() {
        if let Err(msg) = expect(known, &p.code, CodeKind::Stand) {
            out.push(Problem::new(
                "result.stands.code",
                format!("part {}: {msg}", k + 1),
            ));
        }
        if !["attacker", "defender"].contains(&p.role.as_str()) {
            out.push(Problem::new(
                "result.stands.role",
                format!("`{}`; attacker or defender", p.role),
            ));
        } else if let (Some(side), Some((_, Some(role_side)))) = (
            side_of(&p.code),
            sides.iter().find(|(role, _)| *role == p.role),
        ) {
            if side != *role_side {
                out.push(Problem::new(
                    "result.stands.role",
                    format!(
                        "part {}: `{}` is of side {side}, not the {} side ({role_side})",
                        k + 1,
                        p.code,
                        p.role
                    ),
                ));
            }
        }
        for (field, value, max) in [
            ("result.stands.hits_taken", p.hits_taken, MAX_MEN),
            ("result.stands.captured", p.captured, MAX_MEN),
            ("result.stands.actions_gained", p.actions_gained, 2),
            ("result.stands.ammo_spent", p.ammo_spent, MAX_AMMO),
            (
                "result.stands.repair_days",
                p.repair_days.unwrap_or(0),
                MAX_WOUND_DAYS,
            ),
        ] {
            if let Err(m) = within(field.trim_start_matches("result.stands."), value, 0, max) {
                out.push(Problem::new(field, format!("part {}: {m}", k + 1)));
            }
        }
        if r.stands[..k].iter().any(|q| q.code == p.code) {
            out.push(Problem::new(
                "result.stands.code",
                format!("`{}` is listed twice", p.code),
            ));
        }
    }
    for (k, e) in r.events.iter().enumerate() {
        let json_ok = |s: &str| serde_json::from_str::<serde_json::Value>(s).is_ok();
        if !json_ok(&e.dice) || e.data.as_deref().is_some_and(|d| !json_ok(d)) {
            out.push(Problem::new(
                "result.events.dice",
                format!("event {}: dice and data are JSON", k + 1),
            ));
        }
    }
    out
}
