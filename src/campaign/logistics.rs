//! Logistics decisions: how a resupply shares out a depot, how replacements
//! change a stand, when a delivery arrives, and what the passing of time
//! brings (wounded back, deliveries in, fled stands rallied, repairs done).
//! The store only reads and writes the numbers.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use serde::Serialize;

use super::records::{format_time, StandRecord};
use crate::core::kinds::{Status, Supply};
use crate::store::logistics::{TimeChanges, Waiting};
use crate::store::queries::{load_stands, StandFilter};
use crate::store::{logistics, StoreError, Tx};

/// One stand's refill.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refill {
    pub stand: String,
    pub side: String,
    pub before: i64,
    pub after: i64,
    pub wanted: i64,
}

/// The refills a resupply gives: stands in roster order, one supply point per
/// turn of fire, until their side's depot is empty (never below zero).
pub fn plan_resupply(
    stands: &[(StandRecord, String)],
    depots: &mut BTreeMap<String, i64>,
) -> Vec<Refill> {
    let mut out = Vec::new();
    for (s, side) in stands {
        let (ammo, max) = (s.ammo.unwrap_or(0), s.resolved_ammo_max());
        let wanted = max - ammo;
        if wanted <= 0 {
            continue;
        }
        let stock = depots.entry(side.clone()).or_insert(0);
        let given = wanted.min(*stock).max(0);
        *stock -= given;
        out.push(Refill {
            stand: s.code.clone(),
            side: side.clone(),
            before: ammo,
            after: ammo + given,
            wanted,
        });
    }
    out
}

/// What a resupply did: the refills, and the commands left out because their
/// supply is cut.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Resupply {
    pub refills: Vec<Refill>,
    pub cut_off: Vec<String>,
}

/// Refills the stands of `unit` (or all) from their depots, and writes it. A
/// command whose supply is cut has no line back to its depot: naming a unit
/// of one is refused with the reason; a resupply of everyone passes over it
/// and says so.
pub fn resupply(tx: &Tx, unit: Option<&str>) -> Result<Resupply, StoreError> {
    let rows = load_stands(
        tx,
        &StandFilter {
            unit: unit.map(String::from),
            ..Default::default()
        },
    )?;
    let cut: Vec<(String, String)> = crate::store::queries::command_strengths(tx)?
        .into_iter()
        .filter(|c| c.supply == Supply::Cut.as_str())
        .map(|c| (c.command, c.side))
        .collect();
    let mut cut_off: Vec<String> = Vec::new();
    for r in rows.iter() {
        if cut.iter().any(|(c, _)| *c == r.command) && !cut_off.contains(&r.command) {
            cut_off.push(r.command.clone());
        }
    }
    if let (Some(unit), Some(command)) = (unit, cut_off.first()) {
        let side = &cut.iter().find(|(c, _)| c == command).expect("listed").1;
        return Err(StoreError::Refused(format!(
            "{unit} belongs to command {command}, whose supply is cut: it cannot draw on the {side} depot; \
             restore its line first (`bounce supply set --command {command} --supply poor`)"
        )));
    }
    let stands: Vec<(StandRecord, String)> = rows
        .into_iter()
        .filter(|r| !cut_off.contains(&r.command))
        .map(|r| (r.record, r.side))
        .collect();
    let mut depots = logistics::depots(tx)?;
    let refills = plan_resupply(&stands, &mut depots);
    for r in refills.iter().filter(|r| r.after != r.before) {
        logistics::set_ammo(tx, &r.stand, r.after)?;
    }
    for (side, points) in &depots {
        logistics::set_depot(tx, side, *points)?;
    }
    Ok(Resupply { refills, cut_off })
}

/// Supply points for a side's depot: arrived at once when no later time is
/// given, else booked to arrive then. Returns whether they arrived at once.
pub fn deliver(
    tx: &Tx,
    side: &str,
    points: i64,
    arrives: Option<NaiveDateTime>,
) -> Result<bool, StoreError> {
    let now = logistics::clock(tx)?;
    let at_once = arrives.is_none_or(|t| t <= now);
    logistics::book_delivery(tx, side, points, arrives.unwrap_or(now), at_once)?;
    Ok(at_once)
}

/// What happened while time passed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Passage {
    pub from: String,
    pub to: String,
    /// (stand, people back) for each stand whose wounded returned.
    pub returned: Vec<(String, i64)>,
    /// (side, points) for each delivery that arrived.
    pub arrived: Vec<(String, i64)>,
    /// Stands whose repairs finished.
    pub repaired: Vec<String>,
    /// Stands that fled a battle and have rallied.
    pub rallied: Vec<String>,
    /// Ineffective stands whose people are back: effective again.
    pub recovered: Vec<String>,
    /// Destroyed stands whose wounded came back: they wait at the aid post
    /// with their stand, to regroup.
    pub to_aid_post: Vec<String>,
}

/// What moving the clock from `from` to `to` changes: the wounded whose
/// return date has come rejoin their stands, booked deliveries reach their
/// depots, stands that fled rally once their rally time is up, repairs
/// that are due finish, and ineffective stands whose people are back are
/// effective again (`recovery::recovers`, with the hits they have after the
/// returns).
pub fn pass_time(w: &Waiting, from: NaiveDateTime, to: NaiveDateTime) -> (Passage, TimeChanges) {
    let due = |t: Option<NaiveDateTime>| t.is_some_and(|t| t <= to);
    let mut returned: Vec<(String, i64)> = Vec::new();
    let mut hits: Vec<(String, i64)> = Vec::new();
    let mut back = Vec::new();
    for c in w.in_hospital.iter().filter(|c| due(c.returns_at)) {
        back.push(c.id);
        match (returned.last_mut(), hits.last_mut()) {
            (Some((stand, n)), Some((_, h))) if *stand == c.stand => {
                *n += 1;
                *h = (c.stand_hits - *n).max(0);
            }
            _ => {
                returned.push((c.stand.clone(), 1));
                hits.push((c.stand.clone(), (c.stand_hits - 1).max(0)));
            }
        }
    }
    let arrived: Vec<_> = w.deliveries.iter().filter(|d| due(d.arrives_at)).collect();
    let mut credits: Vec<(String, i64)> = Vec::new();
    for d in &arrived {
        match credits.iter_mut().find(|(side, _)| *side == d.side) {
            Some((_, points)) => *points = points.saturating_add(d.points),
            None => credits.push((d.side.clone(), d.points)),
        }
    }
    let rallied: Vec<String> = w
        .stands
        .iter()
        .filter(|s| {
            s.status == Status::Withdrawn && (s.repair_until.is_none() || due(s.repair_until))
        })
        .map(|s| s.code.clone())
        .collect();
    let ready: Vec<String> = w
        .stands
        .iter()
        .filter(|s| due(s.repair_until))
        .map(|s| s.code.clone())
        .collect();
    let repaired = ready
        .iter()
        .filter(|c| !rallied.contains(c))
        .cloned()
        .collect();
    let to_aid_post: Vec<String> = returned
        .iter()
        .filter(|(stand, _)| {
            w.in_hospital
                .iter()
                .any(|c| c.stand == *stand && c.stand_status == Status::Destroyed)
        })
        .map(|(stand, _)| stand.clone())
        .collect();
    let recovered: Vec<String> = w
        .ineffective
        .iter()
        .filter(|s| {
            let mut now = (*s).clone();
            if let Some((_, h)) = hits.iter().find(|(code, _)| *code == s.code) {
                now.hits = *h;
            }
            super::recovery::recovers(&now)
        })
        .map(|s| s.code.clone())
        .collect();
    let passage = Passage {
        from: format_time(&from),
        to: format_time(&to),
        returned,
        arrived: arrived.iter().map(|d| (d.side.clone(), d.points)).collect(),
        repaired,
        rallied: rallied.clone(),
        recovered: recovered.clone(),
        to_aid_post,
    };
    let changes = TimeChanges {
        clock: to,
        returned: back,
        hits,
        arrived: arrived.iter().map(|d| d.id).collect(),
        credits,
        rallied,
        ready,
        recovered,
    };
    (passage, changes)
}

/// Moves the clock to `to` (never back) and writes what that brings.
pub fn advance(tx: &Tx, to: NaiveDateTime) -> Result<Passage, StoreError> {
    let from = logistics::clock(tx)?;
    if to < from {
        return Err(StoreError::Refused(format!(
            "the clock is at {}; time only moves forward",
            format_time(&from)
        )));
    }
    crate::core::limits::clock_within(to).map_err(StoreError::Refused)?;
    let (passage, changes) = pass_time(&logistics::waiting(tx)?, from, to);
    logistics::apply_time(tx, &changes)?;
    Ok(passage)
}

/// Replacements join a stand: its actions become the head-count weighted
/// average (rounded down), so fresh troops dilute experience (SPEC 5).
/// Refused (with a sentence) when the stand would pass the limit of people,
/// or a number given is out of range; no arithmetic here can wrap.
pub fn add_replacements(s: &mut StandRecord, men: i64, actions_of_new: i64) -> Result<(), String> {
    use crate::core::limits::{within, MAX_ACTIONS, MAX_MEN};
    within("--add-men", men, 1, MAX_MEN)?;
    within("--actions-of-new", actions_of_new, 0, MAX_ACTIONS)?;
    let total = s
        .men
        .checked_add(men)
        .filter(|t| *t <= MAX_MEN)
        .ok_or_else(|| {
            format!(
                "{} with {men} more would have {} people; a stand holds at most {MAX_MEN}",
                s.code,
                i128::from(s.men) + i128::from(men)
            )
        })?;
    if total > 0 {
        let sum = i128::from(s.men) * i128::from(s.actions)
            + i128::from(men) * i128::from(actions_of_new);
        s.actions = i64::try_from(sum / i128::from(total)).unwrap_or(MAX_ACTIONS);
    }
    s.men = total;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::kinds::{StandType, Status, Training};

    fn stand(code: &str, ammo: i64) -> StandRecord {
        StandRecord {
            code: code.into(),
            unit: "u".into(),
            name: String::new(),
            stand_type: StandType::Infantry,
            training: Training::Regular,
            actions: 10,
            equipment: None,
            vehicle: None,
            speed: None,
            weapon: None,
            men: 4,
            hits: 0,
            officer: false,
            status: Status::Effective,
            ammo: Some(ammo),
            ammo_max: Some(12),
            repair_until: None,
        }
    }

    /// An HMA team at the aid post: ineffective at 2 hits, destroyed at 4.
    fn hma(code: &str, men: i64, hits: i64) -> StandRecord {
        StandRecord {
            men,
            hits,
            status: Status::Ineffective,
            equipment: Some(crate::core::kinds::Equipment::Hma),
            ..stand(code, 12)
        }
    }

    #[test]
    fn a_depot_runs_dry_in_roster_order_and_never_below_zero() {
        let stands = vec![
            (stand("a", 2), "x".to_string()),
            (stand("b", 6), "x".to_string()),
            (stand("c", 12), "x".to_string()),
        ];
        let mut depots = BTreeMap::from([("x".to_string(), 13)]);
        let r = plan_resupply(&stands, &mut depots);
        assert_eq!(r.len(), 2, "a full stand wants nothing");
        assert_eq!((r[0].after, r[1].after), (12, 9));
        assert_eq!(depots["x"], 0);
    }

    #[test]
    fn replacements_dilute_experience() {
        let mut s = stand("a", 12);
        add_replacements(&mut s, 4, 0).unwrap();
        assert_eq!((s.men, s.actions), (8, 5));
    }

    fn at(day: u32, hour: u32) -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2157, 4, day)
            .unwrap()
            .and_hms_opt(hour, 0, 0)
            .unwrap()
    }

    #[test]
    fn time_brings_back_what_is_due_and_nothing_else() {
        use crate::store::logistics::{DeliveryRow, HospitalRow, TimedStand};
        let person = |id, stand: &str, hits, day| HospitalRow {
            id,
            stand: stand.into(),
            stand_hits: hits,
            returns_at: Some(at(day, 0)),
            stand_status: if stand == "b" {
                Status::Destroyed
            } else {
                Status::Ineffective
            },
        };
        let timed = |code: &str, status, until: Option<NaiveDateTime>| TimedStand {
            code: code.into(),
            status,
            repair_until: until,
        };
        let w = Waiting {
            in_hospital: vec![
                person(1, "a", 2, 10),
                person(4, "a", 2, 12),
                person(2, "b", 1, 10),
                person(3, "b", 1, 10),
                person(5, "c", 1, 20),
            ],
            deliveries: vec![
                DeliveryRow {
                    id: 1,
                    side: "x".into(),
                    points: 5,
                    arrives_at: Some(at(11, 0)),
                },
                DeliveryRow {
                    id: 2,
                    side: "y".into(),
                    points: 3,
                    arrives_at: Some(at(30, 0)),
                },
                DeliveryRow {
                    id: 3,
                    side: "x".into(),
                    points: 2,
                    arrives_at: None,
                },
                DeliveryRow {
                    id: 4,
                    side: "x".into(),
                    points: 4,
                    arrives_at: Some(at(12, 0)),
                },
            ],
            stands: vec![
                timed("fled", Status::Withdrawn, Some(at(12, 0))),
                timed("fled-late", Status::Withdrawn, Some(at(13, 0))),
                timed("fled-long-ago", Status::Withdrawn, None),
                timed("mended", Status::Effective, Some(at(11, 6))),
                timed("in-dock", Status::Effective, Some(at(20, 0))),
            ],
            ineffective: vec![
                hma("a", 4, 2),
                hma("c", 4, 1),
                hma("idle", 4, 0),
                hma("short", 3, 0),
            ],
        };
        let (p, c) = pass_time(&w, at(9, 0), at(12, 0));
        assert_eq!(p.returned, vec![("a".into(), 2), ("b".into(), 2)]);
        assert_eq!(
            c.hits,
            vec![("a".into(), 0), ("b".into(), 0)],
            "never below 0"
        );
        assert_eq!(c.returned, vec![1, 4, 2, 3]);
        assert_eq!(p.arrived, vec![("x".into(), 5), ("x".into(), 4)]);
        assert_eq!(c.arrived, vec![1, 4]);
        assert_eq!(c.credits, vec![("x".into(), 9)]);
        assert_eq!(p.rallied, vec!["fled", "fled-long-ago"]);
        assert_eq!(p.repaired, vec!["mended"]);
        assert_eq!(c.ready, vec!["fled", "mended"]);
        // `a` has its two back; `idle` was whole already (review case B);
        // `c` waits for its man, and `short` lost one for good.
        assert_eq!(p.recovered, vec!["a", "idle"]);
        assert_eq!(c.recovered, p.recovered);
        // `b` was destroyed: its two wait at the aid post.
        assert_eq!(p.to_aid_post, vec!["b"]);
        assert_eq!(
            (p.from.as_str(), p.to.as_str()),
            ("2157-04-09T00:00:00", "2157-04-12T00:00:00")
        );
        assert_eq!(c.clock, at(12, 0));
    }
}
