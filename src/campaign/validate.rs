//! The campaign's consistency rules for records, shared by file import and the
//! stand commands, so that both refuse the same things with the same words.

use super::error::Problem;
use super::records::{BattleRecord, CampaignFile, StandRecord};
use crate::core::kinds::{Equipment, StandType, Status, Training};
use crate::core::limits::{
    clock_within, within, MAX_ACTIONS, MAX_AMMO, MAX_DELIVERY, MAX_MEN, MAX_RANGE, MAX_SUPPLY,
    MAX_WOUND_DAYS,
};

pub use crate::store::records::{CodeKind, Known, KnownCodes};

/// A problem in a file: which section and entry, which field, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryProblem {
    pub section: &'static str,
    pub index: usize,
    pub problem: Problem,
}

/// Codes are short lower-case slugs: letters, digits, `-` and `_`.
pub fn check_code(code: &str) -> Result<(), Problem> {
    let mut chars = code.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if first_ok
        && code
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    {
        Ok(())
    } else {
        Err(Problem::new(
            "code",
            format!("`{code}` is not a valid code; use lower-case letters, digits, `-` and `_`, starting with a letter or digit"),
        ))
    }
}

/// The rules one stand must keep on its own (not its references).
/// The longest name bounce keeps: room for any unit designation, and a bound
/// that keeps tables, reports and files readable.
pub const MAX_NAME: usize = 200;

/// A name within `MAX_NAME` characters.
pub fn check_name(field: &'static str, name: &str) -> Result<(), Problem> {
    let n = name.chars().count();
    if n > MAX_NAME {
        return Err(Problem::new(
            field,
            format!("{n} characters; names are at most {MAX_NAME}"),
        ));
    }
    Ok(())
}

pub fn check_stand(s: &StandRecord) -> Vec<Problem> {
    let mut out = Vec::new();
    if let Err(p) = check_name("name", &s.name) {
        out.push(p);
    }
    if let Err(p) = check_code(&s.code) {
        out.push(p);
    }
    let gone = matches!(
        s.status,
        Status::Destroyed | Status::Captured | Status::Retired
    );
    if s.men < 0 || (s.men == 0 && !gone) {
        out.push(Problem::new(
            "men",
            format!("a stand needs at least 1 person, found {}", s.men),
        ));
    } else if let Err(m) = within("people in a stand", s.men, 0, MAX_MEN) {
        out.push(Problem::new("men", m));
    }
    if s.hits < 0 {
        out.push(Problem::new(
            "hits",
            format!("hits cannot be negative, found {}", s.hits),
        ));
    } else if s.men >= 1 && s.hits > s.men {
        out.push(Problem::new(
            "hits",
            format!("{} hits on a stand of {} people", s.hits, s.men),
        ));
    }
    if s.actions < 0 {
        out.push(Problem::new(
            "actions",
            format!("actions fought cannot be negative, found {}", s.actions),
        ));
    } else if let Err(m) = within("actions fought", s.actions, 0, MAX_ACTIONS) {
        out.push(Problem::new("actions", m));
    }
    if let Some(max) = s.ammo_max {
        if max < 0 {
            out.push(Problem::new(
                "ammo_max",
                format!("cannot be negative, found {max}"),
            ));
        } else if let Err(m) = within("turns of fire", max, 0, MAX_AMMO) {
            out.push(Problem::new("ammo_max", m));
        }
    }
    if let Some(ammo) = s.ammo {
        if ammo < 0 {
            out.push(Problem::new(
                "ammo",
                format!("cannot be negative, found {ammo}"),
            ));
        } else if ammo > s.resolved_ammo_max() {
            out.push(Problem::new(
                "ammo",
                format!(
                    "{ammo} turns of fire is more than the stand's maximum of {}",
                    s.resolved_ammo_max()
                ),
            ));
        }
    }
    match s.stand_type {
        StandType::Infantry | StandType::Commander if s.equipment.is_none() => {
            out.push(Problem::new(
                "equipment",
                format!(
                    "a {} stand needs its equipment: one of {}",
                    s.stand_type,
                    Equipment::allowed()
                ),
            ))
        }
        StandType::Vehicle | StandType::Aircraft if s.equipment.is_some() => {
            out.push(Problem::new(
                "equipment",
                format!(
                    "a {} stand has no personal equipment; leave it empty",
                    s.stand_type
                ),
            ))
        }
        _ => {}
    }
    if s.stand_type == StandType::Vehicle && s.vehicle.is_none() {
        out.push(Problem::new(
            "vehicle",
            "a vehicle stand needs its vehicle kind",
        ));
    }
    if s.stand_type != StandType::Vehicle && s.vehicle.is_some() {
        out.push(Problem::new(
            "vehicle",
            format!(
                "only vehicle stands have a vehicle kind, not a {}",
                s.stand_type
            ),
        ));
    }
    if s.stand_type != StandType::Aircraft && s.speed.is_some() {
        out.push(Problem::new("speed", "only aircraft have a speed"));
    }
    if let Some(eq) = s.equipment {
        if let Some(min) = minimum_training(eq) {
            if s.training < min {
                out.push(Problem::new(
                    "equipment",
                    format!(
                        "{} needs {} training or better, the stand is {}",
                        eq, min, s.training
                    ),
                ));
            }
        }
    }
    status_problems(s, &mut out);
    out
}

/// The least training that can use a kind of equipment.
fn minimum_training(eq: Equipment) -> Option<Training> {
    match eq {
        Equipment::CivilianWeapons => None,
        Equipment::AssaultRifles => Some(Training::Recruits),
        Equipment::Lta => Some(Training::Trained),
        Equipment::Hma | Equipment::Ma => Some(Training::Regular),
    }
}

/// Checks a whole file against itself and the codes the campaign already has;
/// returns every problem found, in file order.
pub fn check_file(file: &CampaignFile, existing: &KnownCodes) -> Vec<EntryProblem> {
    let mut out = Vec::new();
    let mut known = existing.clone();
    let mut push = |section, index, problem| {
        out.push(EntryProblem {
            section,
            index,
            problem,
        })
    };

    macro_rules! claim {
        ($section:literal, $i:expr, $code:expr, $kind:expr, $side:expr) => {
            if let Err(p) = check_code($code) {
                push($section, $i, p);
            } else if let Some(k) = known.get($code) {
                push(
                    $section,
                    $i,
                    Problem::new(
                        "code",
                        format!("`{}` is already used by a {}", $code, k.kind.as_str()),
                    ),
                );
            } else {
                known.insert(
                    $code.to_string(),
                    Known {
                        kind: $kind,
                        side: $side,
                    },
                );
            }
        };
    }

    if let Some(c) = &file.campaign {
        if let Err(p) = check_name("name", &c.name) {
            push("campaign", 0, p);
        }
        for (field, days) in [
            ("light_wound_days", c.light_wound_days),
            ("serious_wound_days", c.serious_wound_days),
        ] {
            if let Err(m) = within("days in hospital", days, 0, MAX_WOUND_DAYS) {
                push("campaign", 0, Problem::new(field, m));
            }
        }
        if let Err(m) = clock_within(c.start) {
            push("campaign", 0, Problem::new("start", m));
        }
    }
    for (i, s) in file.sides.iter().enumerate() {
        if let Err(p) = check_name("name", &s.name) {
            push("sides", i, p);
        }
        claim!("sides", i, &s.code, CodeKind::Side, Some(s.code.clone()));
        if s.supply_points < 0 {
            push(
                "sides",
                i,
                Problem::new(
                    "supply_points",
                    format!("cannot be negative, found {}", s.supply_points),
                ),
            );
        } else if let Err(m) = within("supply points", s.supply_points, 0, MAX_SUPPLY) {
            push("sides", i, Problem::new("supply_points", m));
        }
    }
    for (i, c) in file.commands.iter().enumerate() {
        for (field, name) in [("name", &c.name), ("player", &c.player)] {
            if let Err(p) = check_name(field, name) {
                push("commands", i, p);
            }
        }
        let side = expect(&known, &c.side, CodeKind::Side);
        match side {
            Ok(_) => claim!(
                "commands",
                i,
                &c.code,
                CodeKind::Command,
                Some(c.side.clone())
            ),
            Err(msg) => push("commands", i, Problem::new("side", msg)),
        }
    }
    for (i, u) in file.units.iter().enumerate() {
        if let Err(p) = check_name("name", &u.name) {
            push("units", i, p);
        }
        let side = match expect(&known, &u.command, CodeKind::Command) {
            Ok(k) => k.side.clone(),
            Err(msg) => {
                push("units", i, Problem::new("command", msg));
                None
            }
        };
        if !u.parent.is_empty() {
            match expect(&known, &u.parent, CodeKind::Unit) {
                Ok(k) if side.is_some() && k.side != side => push(
                    "units",
                    i,
                    Problem::new(
                        "parent",
                        format!("unit `{}` belongs to another side", u.parent),
                    ),
                ),
                Ok(_) => {}
                Err(msg) => push(
                    "units",
                    i,
                    Problem::new(
                        "parent",
                        format!("{msg} (a parent must come before its children)"),
                    ),
                ),
            }
        }
        if let Some(l) = u.leadership {
            if !(1..=3).contains(&l) {
                push(
                    "units",
                    i,
                    Problem::new("leadership", format!("must be 1, 2 or 3, found {l}")),
                );
            }
        }
        claim!("units", i, &u.code, CodeKind::Unit, side);
    }
    for (i, s) in file.stands.iter().enumerate() {
        let side = match expect(&known, &s.unit, CodeKind::Unit) {
            Ok(k) => k.side.clone(),
            Err(msg) => {
                push("stands", i, Problem::new("unit", msg));
                None
            }
        };
        for p in check_stand(s) {
            if p.field != "code" {
                push("stands", i, p);
            }
        }
        claim!("stands", i, &s.code, CodeKind::Stand, side);
    }
    if file.format_version > super::records::FORMAT_VERSION || file.format_version == 0 {
        push(
            "",
            0,
            Problem::new(
                "format_version",
                format!(
                    "version {} of the file format; this bounce reads versions 1 to {} (upgrade bounce to read it)",
                    file.format_version,
                    super::records::FORMAT_VERSION
                ),
            ),
        );
    }
    for (i, b) in file.battles.iter().enumerate() {
        for p in check_battle(b, &known) {
            push("battles", i, p);
        }
        if let Some(r) = &b.result {
            if file.format_version < 2 {
                push(
                    "battles",
                    i,
                    Problem::new(
                        "result",
                        "a file of format 1 holds plans only; write `format_version = 2` first to carry results",
                    ),
                );
            }
            for p in super::result_check::check_result(b, r, &known) {
                push("battles", i, p);
            }
        }
        claim!("battles", i, &b.code, CodeKind::Battle, None);
    }
    for (i, c) in file.casualties.iter().enumerate() {
        if let Err(msg) = expect(&known, &c.stand, CodeKind::Stand) {
            push("casualties", i, Problem::new("stand", msg));
        }
        if !c.battle.is_empty() {
            if let Err(msg) = expect(&known, &c.battle, CodeKind::Battle) {
                push("casualties", i, Problem::new("battle", msg));
            }
        }
        if c.roll.is_some_and(|r| !(0..=9).contains(&r)) {
            push(
                "casualties",
                i,
                Problem::new("roll", "the casualty die reads 0 to 9"),
            );
        }
    }
    for (i, d) in file.deliveries.iter().enumerate() {
        if let Err(msg) = expect(&known, &d.side, CodeKind::Side) {
            push("deliveries", i, Problem::new("side", msg));
        }
        if !(1..=MAX_DELIVERY).contains(&d.points) {
            push(
                "deliveries",
                i,
                Problem::new(
                    "points",
                    format!("1 to 1,000,000 a delivery, found {}", d.points),
                ),
            );
        }
        if let Some(Err(m)) = d.arrives_at.map(clock_within) {
            push("deliveries", i, Problem::new("arrives_at", m));
        }
    }
    for (i, o) in file.options.iter().enumerate() {
        if o.ruleset.is_empty() || o.key.is_empty() {
            push(
                "options",
                i,
                Problem::new("key", "an option names its ruleset and key"),
            );
        }
    }
    out
}

/// The rules of a planned battle: forces exist, each role is one side, the two
/// sides differ, and it follows a battle that exists.
pub fn check_battle(b: &BattleRecord, known: &KnownCodes) -> Vec<Problem> {
    let mut out = Vec::new();
    if let Err(p) = check_name("name", &b.name) {
        out.push(p);
    }
    let mut role_side = |field: &'static str, codes: &[String]| -> Option<String> {
        if codes.is_empty() {
            out.push(Problem::new(field, "name at least one unit or stand"));
            return None;
        }
        let mut side: Option<String> = None;
        for code in codes {
            match known.get(code) {
                Some(k) if matches!(k.kind, CodeKind::Unit | CodeKind::Stand) => {
                    match (&side, &k.side) {
                        (Some(s), Some(t)) if s != t => out.push(Problem::new(
                            field,
                            format!("`{code}` is on side `{t}`, the others on `{s}`"),
                        )),
                        (None, t) => side = t.clone(),
                        _ => {}
                    }
                }
                Some(k) => out.push(Problem::new(
                    field,
                    format!("`{code}` is a {}, not a unit or stand", k.kind.as_str()),
                )),
                None => out.push(Problem::new(field, format!("no unit or stand `{code}`"))),
            }
        }
        side
    };
    let a = role_side("attacker", &b.attacker);
    let d = role_side("defender", &b.defender);
    if let (Some(a), Some(d)) = (a, d) {
        if a == d {
            out.push(Problem::new(
                "defender",
                format!("attacker and defender are both side `{a}`"),
            ));
        }
    }
    if !b.after.is_empty() {
        if let Err(msg) = expect(known, &b.after, CodeKind::Battle) {
            out.push(Problem::new(
                "after",
                format!("{msg} (it must come before this battle)"),
            ));
        }
    }
    if b.range < 1 {
        out.push(Problem::new(
            "range",
            format!("the opening range must be at least 1 cm, found {}", b.range),
        ));
    } else if let Err(m) = within("the opening range in cm", b.range, 1, MAX_RANGE) {
        out.push(Problem::new("range", m));
    }
    if let Err(m) = clock_within(b.at) {
        out.push(Problem::new("at", m));
    }
    out
}

pub(super) fn expect<'a>(
    known: &'a KnownCodes,
    code: &str,
    kind: CodeKind,
) -> Result<&'a Known, String> {
    match known.get(code) {
        Some(k) if k.kind == kind => Ok(k),
        Some(k) => Err(format!(
            "`{code}` is a {}, not a {}",
            k.kind.as_str(),
            kind.as_str()
        )),
        None => Err(format!("no {} `{code}`", kind.as_str())),
    }
}

/// A status the stand's hits contradict (hit-effects table), and civilians who
/// should have become recruits (SPEC 9.1).
fn status_problems(s: &StandRecord, out: &mut Vec<Problem>) {
    use crate::core::kinds::StandType;
    use crate::rules::bia::hit_effects::{hit_row, status_for_hits};
    if s.training == crate::core::kinds::Training::Civilian && s.actions >= 15 {
        out.push(Problem::new(
            "training",
            format!(
                "civilian with {} actions should have become recruits",
                s.actions
            ),
        ));
    }
    let row = hit_row(s.stand_type, s.training, s.equipment).effects();
    let crewed = matches!(s.stand_type, StandType::Vehicle | StandType::Aircraft);
    let (fits, by_hits) = match s.status {
        Status::Effective => (
            s.hits < row.ineffective && s.hits < s.men,
            status_for_hits(
                hit_row(s.stand_type, s.training, s.equipment),
                s.hits,
                s.men,
            ),
        ),
        Status::Ineffective => (crewed || s.hits < row.destroyed, Status::Destroyed),
        _ => (true, s.status),
    };
    if !fits {
        out.push(Problem::new(
            "status",
            format!(
                "{} with {} hits of {} people, but the hit-effects table makes it {by_hits}",
                s.status, s.hits, s.men
            ),
        ));
    } else if super::recovery::recovers(s) {
        out.push(Problem::new(
            "status",
            format!(
                "ineffective with {} hits of {} people, but its {} fit people make a whole stand (BiA L490): it is effective",
                s.hits,
                s.men,
                super::recovery::fit(s)
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::kinds::{Equipment, StandType, Training, Weapon};

    fn lta(hits: i64, status: Status) -> StandRecord {
        StandRecord {
            code: "s1".into(),
            unit: "u".into(),
            name: String::new(),
            stand_type: StandType::Infantry,
            training: Training::Trained,
            actions: 0,
            equipment: Some(Equipment::Lta),
            vehicle: None,
            speed: None,
            weapon: Some(Weapon::SlaSquad),
            men: 8,
            hits,
            officer: false,
            status,
            ammo: Some(12),
            ammo_max: Some(12),
            repair_until: None,
        }
    }

    #[test]
    fn a_status_the_hits_contradict_is_refused_by_the_shared_check() {
        assert!(check_stand(&lta(0, Status::Effective)).is_empty());
        let bad = check_stand(&lta(3, Status::Effective));
        assert!(bad.iter().any(|p| p.field == "status"), "{bad:?}");
        assert!(check_stand(&lta(3, Status::Ineffective))
            .iter()
            .all(|p| p.field != "status"));
    }

    #[test]
    fn an_ineffective_stand_with_its_people_back_is_flagged() {
        // LTA: ineffective at 2 hits, destroyed at 4; eight men, one away.
        let whole = check_stand(&lta(1, Status::Ineffective));
        assert!(
            whole
                .iter()
                .any(|p| p.field == "status" && p.message.contains("whole stand")),
            "{whole:?}"
        );
        assert!(check_stand(&lta(0, Status::Ineffective))
            .iter()
            .any(|p| p.field == "status"));
        let mut short = lta(0, Status::Ineffective);
        short.men = 3;
        assert!(check_stand(&short).iter().all(|p| p.field != "status"));
    }

    #[test]
    fn numbers_out_of_range_are_named_by_field() {
        let mut s = lta(9, Status::Ineffective);
        assert!(check_stand(&s).iter().any(|p| p.field == "hits"));
        s.hits = 0;
        s.men = 0;
        assert!(check_stand(&s).iter().any(|p| p.field == "men"));
        s.men = 8;
        s.actions = -1;
        assert!(check_stand(&s).iter().any(|p| p.field == "actions"));
        assert!(check_code("bad code!").is_err());
    }
}
