//! Building forces one record at a time: a side, a command or a unit added,
//! edited or (a unit) moved, under the same checks an import applies, each
//! inside the caller's transaction so that one journal entry takes it back.

use super::records::{CampaignFile, CommandRecord, SideRecord, UnitRecord, FORMAT_VERSION};
use super::validate::{check_file, EntryProblem};
use crate::store::import::known_codes;
use crate::store::{forces, StoreError, Tx};

/// A checked change refused, as the command line names the value: `--field: why`.
fn refused(p: EntryProblem) -> StoreError {
    let field = match p.problem.field {
        "code" => "CODE".to_string(),
        f => format!("--{}", f.replace('_', "-")),
    };
    StoreError::Refused(format!("{field}: {}", p.problem.message))
}

/// Runs the import's checks on a file holding only `file`'s records, against
/// the campaign's codes less `replacing` (the record being rewritten).
fn check(tx: &Tx, file: CampaignFile, replacing: Option<&str>) -> Result<(), StoreError> {
    let mut known = known_codes(tx)?;
    if let Some(code) = replacing {
        known.remove(code);
    }
    let file = CampaignFile {
        format_version: FORMAT_VERSION,
        ..file
    };
    match check_file(&file, &known).into_iter().next() {
        Some(p) => Err(refused(p)),
        None => Ok(()),
    }
}

fn nothing_to_change(kind: &str, code: &str) -> StoreError {
    StoreError::Refused(format!(
        "{code}: nothing to change (each value given is what the {kind} already has); name a field with a new value"
    ))
}

/// "field old → new" for each field that differs, for the journal.
fn changes<T: serde::Serialize>(a: &T, b: &T) -> String {
    let av = serde_json::to_value(a).unwrap_or_default();
    let bv = serde_json::to_value(b).unwrap_or_default();
    let mut parts = Vec::new();
    if let (Some(ao), Some(bo)) = (av.as_object(), bv.as_object()) {
        for (k, v) in bo {
            let old = ao.get(k).cloned().unwrap_or_default();
            if &old != v {
                parts.push(format!("{k} {old} → {v}"));
            }
        }
    }
    parts.join(", ")
}

pub fn add_side(tx: &Tx, s: &SideRecord) -> Result<String, StoreError> {
    check(
        tx,
        CampaignFile {
            sides: vec![s.clone()],
            ..Default::default()
        },
        None,
    )?;
    forces::insert_side(tx, s)?;
    Ok(format!("added side {}", s.code))
}

pub fn edit_side(
    tx: &Tx,
    code: &str,
    edit: impl FnOnce(&mut SideRecord),
) -> Result<String, StoreError> {
    let before = forces::side(tx, code)?;
    let mut s = before.clone();
    edit(&mut s);
    if s == before {
        return Err(nothing_to_change("side", code));
    }
    check(
        tx,
        CampaignFile {
            sides: vec![s.clone()],
            ..Default::default()
        },
        Some(code),
    )?;
    forces::update_side(tx, &s)?;
    Ok(format!("side {code}: {}", changes(&before, &s)))
}

pub fn add_command(tx: &Tx, c: &CommandRecord) -> Result<String, StoreError> {
    check(
        tx,
        CampaignFile {
            commands: vec![c.clone()],
            ..Default::default()
        },
        None,
    )?;
    forces::insert_command(tx, c)?;
    Ok(format!("added command {} to side {}", c.code, c.side))
}

/// Edits a command's own fields; its side stays (its units' stands would
/// change side under battles already planned).
pub fn edit_command(
    tx: &Tx,
    code: &str,
    edit: impl FnOnce(&mut CommandRecord),
) -> Result<String, StoreError> {
    let before = forces::command(tx, code)?;
    let mut c = before.clone();
    edit(&mut c);
    c.side = before.side.clone();
    if c == before {
        return Err(nothing_to_change("command", code));
    }
    check(
        tx,
        CampaignFile {
            commands: vec![c.clone()],
            ..Default::default()
        },
        Some(code),
    )?;
    forces::update_command(tx, &c)?;
    Ok(format!("command {code}: {}", changes(&before, &c)))
}

pub fn add_unit(tx: &Tx, u: &UnitRecord) -> Result<String, StoreError> {
    check(
        tx,
        CampaignFile {
            units: vec![u.clone()],
            ..Default::default()
        },
        None,
    )?;
    if !u.parent.is_empty() {
        let parent = forces::unit(tx, &u.parent)?;
        if parent.command != u.command {
            return Err(StoreError::Refused(format!(
                "--parent: unit `{}` is in command `{}`, not `{}`; a unit sits in its parent's command",
                u.parent, parent.command, u.command
            )));
        }
    }
    forces::insert_unit(tx, u)?;
    Ok(format!("added unit {} to command {}", u.code, u.command))
}

/// Edits a unit's own fields (name, flags, leadership, confidence); where it
/// sits is `move_unit`'s business.
pub fn edit_unit(
    tx: &Tx,
    code: &str,
    edit: impl FnOnce(&mut UnitRecord),
) -> Result<String, StoreError> {
    let before = forces::unit(tx, code)?;
    let mut u = before.clone();
    edit(&mut u);
    u.command = before.command.clone();
    u.parent = before.parent.clone();
    if u == before {
        return Err(nothing_to_change("unit", code));
    }
    check(
        tx,
        CampaignFile {
            units: vec![u.clone()],
            ..Default::default()
        },
        Some(code),
    )?;
    forces::update_unit(tx, &u)?;
    Ok(format!("unit {code}: {}", changes(&before, &u)))
}

/// Where a unit goes: under another unit (and into its command), or to the
/// top of a command.
pub enum MoveTo {
    Parent(String),
    Command(String),
}

/// Moves a unit, with every unit beneath it, within its side: under another
/// unit (never one of its own) or to the top of a command. A move across
/// sides is refused: the stands would change side under planned battles and
/// casualty records.
pub fn move_unit(tx: &Tx, code: &str, to: &MoveTo) -> Result<String, StoreError> {
    let before = forces::unit(tx, code)?;
    let side_of = |command: &str| forces::command(tx, command).map(|c| c.side);
    let old_side = side_of(&before.command)?;
    let (parent, command) = match to {
        MoveTo::Parent(p) => {
            if p == code || forces::units_beneath(tx, code)?.contains(p) {
                return Err(StoreError::Refused(format!(
                    "--parent: `{p}` is `{code}` or beneath it; a unit cannot sit under itself"
                )));
            }
            (p.clone(), forces::unit(tx, p)?.command)
        }
        MoveTo::Command(c) => (String::new(), forces::command(tx, c)?.code),
    };
    let new_side = side_of(&command)?;
    if new_side != old_side {
        return Err(StoreError::Refused(format!(
            "`{code}` is on side `{old_side}` and `{command}` on `{new_side}`; a unit moves within its side"
        )));
    }
    if before.parent == parent && before.command == command {
        return Err(nothing_to_change("unit", code));
    }
    let mut u = before.clone();
    u.parent = parent;
    u.command = command.clone();
    check(
        tx,
        CampaignFile {
            units: vec![u.clone()],
            ..Default::default()
        },
        Some(code),
    )?;
    forces::update_unit(tx, &u)?;
    for beneath in forces::units_beneath(tx, code)? {
        let mut b = forces::unit(tx, &beneath)?;
        b.command = command.clone();
        forces::update_unit(tx, &b)?;
    }
    let place = if u.parent.is_empty() {
        format!("the top of command {command}")
    } else {
        format!("under {} (command {command})", u.parent)
    };
    Ok(format!("moved unit {code} to {place}"))
}
