//! A battle as the campaign sees it: whether it can be fought now, the setup a
//! ruleset receives (who is fit to fight, leadership, morale numbers, the
//! campaign's options), and the aftermath worked out from any ruleset's result.

use chrono::{Duration, NaiveDateTime};

use super::post_battle::{consequences, Consequences, Settings};
use super::records::StandRecord;
use crate::battle::result::{BattleResult, Role};
use crate::battle::setup::{BattleSetup, CommandSetup, Force, MoraleNumber, StandSetup, UnitSetup};
use crate::core::dice::{derive_seed, Dice};
use crate::core::kinds::{Confidence, Medical, Officers, Status};
use crate::store::battles::{self, BattleRow, ForceRef};
use crate::store::queries::{self, StandRow};
use crate::store::{Db, StoreError};

/// Why a battle cannot be fought now.
#[derive(Debug, thiserror::Error)]
pub enum NotReady {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Refused(String),
}

/// The battle, if it is planned and the battle it follows has been fought.
pub fn ready(conn: &Db, code: &str) -> Result<BattleRow, NotReady> {
    let b = battles::battle(conn, code)?;
    if b.status != "planned" {
        return Err(NotReady::Refused(format!(
            "battle `{code}` was already fought; `bounce undo` reverts it if you want to fight it again"
        )));
    }
    if let Some(after) = &b.after {
        let prev = battles::battle(conn, after)?;
        if prev.status == "planned" {
            return Err(NotReady::Refused(format!(
                "battle `{code}` follows `{after}`, which has not been fought yet; fight that first"
            )));
        }
    }
    Ok(b)
}

/// Dirtside leadership when the unit has no rating: from its command's officers.
pub fn leadership(rating: Option<i64>, officers: Officers) -> i64 {
    rating.unwrap_or(match officers {
        Officers::Excellent => 1,
        Officers::Normal => 2,
        Officers::Poor => 3,
    })
}

/// Confidence recovers one level toward confident for each whole day a unit
/// goes without a battle (SPEC 4.5).
pub fn recover(level: Confidence, days: i64) -> Confidence {
    let at = Confidence::ALL
        .iter()
        .position(|c| *c == level)
        .unwrap_or(0) as i64;
    Confidence::ALL[(at - days.max(0)).max(0) as usize]
}

/// A stand can fight when it is effective and not under repair at `at`.
pub fn fit_to_fight(s: &StandRecord, at: NaiveDateTime) -> bool {
    // A stand that fled is back once it has rallied (its wait has passed).
    matches!(s.status, Status::Effective | Status::Withdrawn)
        && s.repair_until.is_none_or(|t| t <= at)
}

/// Who a battle names on each side, and which of their stands to leave out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forces {
    pub attacker: Vec<ForceRef>,
    pub defender: Vec<ForceRef>,
    /// Stand codes left out of the battle although their unit is named.
    pub left_out: Vec<String>,
}

impl Forces {
    pub fn of(&self, role: Role) -> &[ForceRef] {
        match role {
            Role::Attacker => &self.attacker,
            Role::Defender => &self.defender,
        }
    }
}

/// The forces as the battle was planned.
pub fn planned_forces(conn: &Db, b: &BattleRow) -> Result<Forces, StoreError> {
    Ok(Forces {
        attacker: battles::force_refs(conn, b.id, Role::Attacker)?,
        defender: battles::force_refs(conn, b.id, Role::Defender)?,
        left_out: Vec::new(),
    })
}

/// The stands that entries name and that can fight at `at`, each once.
pub fn fighting_stands(
    conn: &Db,
    refs: &[ForceRef],
    at: NaiveDateTime,
) -> Result<Vec<StandRow>, StoreError> {
    Ok(battles::stands_of(conn, refs)?
        .into_iter()
        .filter(|r| fit_to_fight(&r.record, at))
        .collect())
}

/// The setup a ruleset receives for a planned battle.
pub fn setup(conn: &Db, b: &BattleRow, turn_limit: u32) -> Result<BattleSetup, StoreError> {
    setup_with(conn, b, turn_limit, &planned_forces(conn, b)?)
}

/// The setup for the battle `b` fought by `forces` instead of those planned:
/// the same decisions (who is fit to fight, leadership, morale) as for a real
/// battle. Reads only; `b`'s range and cover are used as they are.
pub fn setup_with(
    conn: &Db,
    b: &BattleRow,
    turn_limit: u32,
    planned: &Forces,
) -> Result<BattleSetup, StoreError> {
    let sides = battles::sides(conn)?;
    let mut forces = Vec::new();
    let mut unit_flags: Vec<(String, Vec<crate::core::kinds::UnitFlag>)> = Vec::new();
    for role in [Role::Attacker, Role::Defender] {
        let rows: Vec<StandRow> = fighting_stands(conn, planned.of(role), b.at)?
            .into_iter()
            .filter(|r| !planned.left_out.contains(&r.record.code))
            .collect();
        let side = rows.first().map(|r| r.side.clone()).unwrap_or_default();
        let medical = sides
            .iter()
            .find(|s| s.code == side)
            .map(|s| s.medical)
            .unwrap_or(Medical::Normal);
        let mut commands: Vec<CommandSetup> = Vec::new();
        let mut units: Vec<UnitSetup> = Vec::new();
        let mut stands = Vec::new();
        for r in &rows {
            if !commands.iter().any(|c| c.code == r.command) {
                let c = battles::command(conn, &r.command)?;
                commands.push(CommandSetup {
                    code: c.code,
                    officers: c.officers,
                    supply: c.supply,
                    contact: c.contact,
                });
            }
            if !units.iter().any(|u| u.code == r.record.unit) {
                let u = battles::unit(conn, &r.record.unit)?;
                let officers = commands
                    .iter()
                    .find(|c| c.code == u.command)
                    .map(|c| c.officers)
                    .unwrap_or(Officers::Normal);
                let rested = battles::unit_last_battle_end(conn, &u.code)?
                    .map(|t| (b.at - t).num_days())
                    .unwrap_or(0);
                units.push(UnitSetup {
                    leadership: leadership(u.leadership, officers),
                    confidence: recover(u.confidence, rested),
                    code: u.code,
                    command: u.command,
                });
            }
            // A stand's flags are its unit chain's: looked up once a unit.
            let flags = match unit_flags.iter().find(|(u, _)| *u == r.record.unit) {
                Some((_, f)) => f.clone(),
                None => {
                    let f = queries::unit_flags(conn, &r.record.unit)?;
                    unit_flags.push((r.record.unit.clone(), f.clone()));
                    f
                }
            };
            stands.push(stand_setup(r, flags));
        }
        forces.push(Force {
            side,
            medical,
            enemy_treats_pw_well: false,
            commands,
            units,
            stands,
        });
    }
    let mut defender = forces.pop().expect("two forces");
    let mut attacker = forces.pop().expect("two forces");
    let treats_well = |side: &str| sides.iter().any(|s| s.code == side && s.treats_pw_well);
    attacker.enemy_treats_pw_well =
        super::morale::enemy_treats_pw_well(&[treats_well(&defender.side)]);
    defender.enemy_treats_pw_well =
        super::morale::enemy_treats_pw_well(&[treats_well(&attacker.side)]);
    let mut setup = BattleSetup {
        code: b.code.clone(),
        ruleset: b.ruleset.clone(),
        range_cm: b.range_cm,
        defender_cover: b.defender_cover,
        terrain: b.terrain.clone(),
        turn_limit,
        options: battles::ruleset_options(conn, &b.ruleset)?,
        attacker,
        defender,
    };
    super::morale::set_battle_morale(&mut setup);
    Ok(setup)
}

fn stand_setup(r: &StandRow, flags: Vec<crate::core::kinds::UnitFlag>) -> StandSetup {
    let s = &r.record;
    let mut stand = StandSetup {
        code: s.code.clone(),
        unit: s.unit.clone(),
        command: r.command.clone(),
        stand_type: s.stand_type,
        training: s.training,
        actions: s.actions,
        equipment: s.equipment,
        vehicle: s.vehicle,
        speed: s.speed,
        weapon: s.weapon,
        men: s.men,
        hits: s.hits,
        officer: s.officer,
        ammo: s.ammo.unwrap_or(0),
        ammo_max: s.ammo_max.unwrap_or(0),
        flags,
        // Worked out for the whole battle once both forces are known.
        morale: MoraleNumber {
            base: 0,
            factors: Vec::new(),
            unclamped: 0,
            morale: 0,
        },
        bia: Default::default(),
    };
    stand.bia = super::bia_profile::of(&stand);
    stand
}

/// A fought battle with its consequences, not yet written.
#[derive(Debug, Clone)]
pub struct Fought {
    pub battle: BattleRow,
    pub result: BattleResult,
    pub consequences: Consequences,
    pub ended_at: NaiveDateTime,
    /// Each stand's side, for reports.
    pub sides: Vec<(String, String)>,
}

/// Works out the post-battle sequence for a result from any mode; the aid post
/// rolls dice derived from the result's seed, and the clock moves by the
/// ruleset's minutes per turn.
pub fn aftermath(
    conn: &Db,
    b: BattleRow,
    result: BattleResult,
    minutes_per_turn: u32,
) -> Result<Fought, StoreError> {
    let ended_at = b.at + Duration::minutes(i64::from(minutes_per_turn) * i64::from(result.turns));
    let info = queries::campaign_settings(conn)?;
    let settings = Settings {
        light_wound_days: info.0,
        serious_wound_days: info.1,
        ended_at,
    };
    let sides = battles::sides(conn)?;
    let codes: Vec<&str> = result.stands.iter().map(|s| s.code.as_str()).collect();
    let rows = queries::stands_by_code(conn, &codes)?;
    let medical = |side: &str| {
        sides
            .iter()
            .find(|s| s.code == side)
            .map(|s| s.medical)
            .unwrap_or(Medical::Normal)
    };
    let lookup: Vec<(String, (StandRecord, Medical))> = rows
        .iter()
        .map(|r| (r.record.code.clone(), (r.record.clone(), medical(&r.side))))
        .collect();
    let mut dice = Dice::from_seed(derive_seed(result.seed, u64::MAX));
    let consequences = consequences(
        &result,
        |code| {
            lookup
                .iter()
                .find(|(c, _)| c == code)
                .map(|(_, v)| v.clone())
        },
        settings,
        &mut dice,
    );
    // A stand the ruleset left fighting but the aid post's thresholds put out
    // (SPEC 4.2 step 3: ACTION and FMA fight on past BiA's ineffective hits)
    // is recorded with that status, so `battle show`, `roster` and `stand
    // show` agree. A stand the battle put out and whose people all came back
    // keeps its battle status: it was out, and recovered afterwards.
    let mut result = result;
    for out in &mut result.stands {
        if let Some(after) = consequences
            .stands
            .iter()
            .find(|a| a.record.code == out.code)
        {
            if out.status_after == Status::Effective {
                out.status_after = after.record.status;
            }
        }
    }
    let sides = rows
        .iter()
        .map(|r| (r.record.code.clone(), r.side.clone()))
        .collect();
    Ok(Fought {
        battle: b,
        result,
        consequences,
        ended_at,
        sides,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_without_battle_restores_one_level() {
        use Confidence::*;
        assert_eq!(recover(Broken, 0), Broken);
        assert_eq!(recover(Broken, 1), Shaken);
        assert_eq!(recover(Routed, 2), Shaken);
        assert_eq!(recover(Shaken, 9), Confident);
        assert_eq!(recover(Confident, 3), Confident);
        assert_eq!(recover(Steady, -2), Steady);
    }

    #[test]
    fn leadership_falls_back_on_officers() {
        assert_eq!(leadership(Some(3), Officers::Excellent), 3);
        assert_eq!(leadership(None, Officers::Excellent), 1);
        assert_eq!(leadership(None, Officers::Normal), 2);
        assert_eq!(leadership(None, Officers::Poor), 3);
    }
}
