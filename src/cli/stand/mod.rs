//! `stand show | add | edit | retire`: one stand at a time, one file per
//! command; this module holds the command line and what they share.

mod add;
mod edit;
mod retire;
mod show;

use std::marker::PhantomData;

use clap::builder::{EnumValueParser, PossibleValue, TypedValueParser};
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

use super::output;
use super::{CliError, Ctx};
use crate::campaign::derived::{self, MoraleBreakdown};
use crate::campaign::records::StandRecord;
use crate::campaign::validate::{check_code, check_stand, CodeKind};
use crate::campaign::CampaignError;
use crate::core::kinds::{
    AircraftSpeed, Equipment, Experience, StandType, Status, Training, VehicleKind, Weapon,
};
use crate::store::import::{insert_stand, known_codes, update_stand};
use crate::store::queries::{self, StandRow};
use crate::store::{Store, StoreError};

#[derive(Debug, Subcommand)]
pub enum StandCommand {
    /// A stand in detail, with its morale number explained.
    #[command(after_help = "Example:\n  bounce stand show a1-4 --json")]
    Show { code: String },
    /// Add a stand to a unit.
    #[command(
        after_help = "Example:\n  bounce stand add a1-8 --unit a-1pl --type infantry --training regular \\\n      --equipment hma --weapon sla_squad --men 4"
    )]
    Add {
        code: String,
        #[arg(long)]
        unit: String,
        #[arg(long = "type")]
        stand_type: StandType,
        #[arg(long)]
        training: Training,
        #[arg(long)]
        men: i64,
        #[command(flatten)]
        fields: StandFields,
    },
    /// Change some fields of a stand; fields not named stay as they are.
    #[command(
        after_help = "Examples:\n  bounce stand edit a1-4 --hits 1 --ammo 8\n  bounce stand edit mil-3 --weapon \"\"   (clears the weapon)"
    )]
    Edit {
        code: String,
        #[arg(long)]
        unit: Option<String>,
        #[arg(long = "type")]
        stand_type: Option<StandType>,
        #[arg(long)]
        training: Option<Training>,
        #[arg(long)]
        men: Option<i64>,
        #[arg(long)]
        status: Option<Status>,
        /// Replacements joining the stand; its actions become the head-count weighted average.
        #[arg(long)]
        add_men: Option<i64>,
        /// Actions already fought by the replacements.
        #[arg(long, requires = "add_men", default_value_t = 0)]
        actions_of_new: i64,
        #[command(flatten)]
        fields: StandFields,
    },
    /// Take a stand out of the campaign (kept in the records as retired).
    Retire { code: String },
}

/// Optional fields shared by `stand add` and `stand edit`.
#[derive(Debug, Args)]
pub struct StandFields {
    #[arg(long)]
    name: Option<String>,
    #[arg(long)]
    actions: Option<i64>,
    /// Personal equipment; "" for none.
    #[arg(long, value_parser = blank::<Equipment>())]
    equipment: Option<Blank<Equipment>>,
    /// Vehicle kind; "" for none.
    #[arg(long, value_parser = blank::<VehicleKind>())]
    vehicle: Option<Blank<VehicleKind>>,
    /// Aircraft speed; "" for none.
    #[arg(long, value_parser = blank::<AircraftSpeed>())]
    speed: Option<Blank<AircraftSpeed>>,
    /// Weapon id; "" for none.
    #[arg(long, value_parser = blank::<Weapon>())]
    weapon: Option<Blank<Weapon>>,
    #[arg(long)]
    hits: Option<i64>,
    /// An individually based officer or specialist is with the stand.
    #[arg(long)]
    officer: Option<bool>,
    /// Turns of fire carried.
    #[arg(long)]
    ammo: Option<i64>,
    /// Turns of fire when full.
    #[arg(long)]
    ammo_max: Option<i64>,
}

/// An optional value given on the command line, where "" (or `none`) means none.
#[derive(Debug, Clone, Copy)]
pub struct Blank<T>(Option<T>);

/// Reads a kind's spelling, or "" / `none` for none; `--help` and shell
/// completions offer the spellings and `none`.
#[derive(Clone)]
struct BlankParser<T>(PhantomData<T>);

fn blank<T>() -> BlankParser<T> {
    BlankParser(PhantomData)
}

impl<T: ValueEnum + Clone + Send + Sync + 'static> TypedValueParser for BlankParser<T> {
    type Value = Blank<T>;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Blank<T>, clap::Error> {
        if value.is_empty() || value == "none" {
            return Ok(Blank(None));
        }
        EnumValueParser::<T>::new()
            .parse_ref(cmd, arg, value)
            .map(|v| Blank(Some(v)))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let kinds = T::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value);
        Some(Box::new(kinds.chain([PossibleValue::new("none")])))
    }
}

impl StandFields {
    fn apply(&self, s: &mut StandRecord) {
        if let Some(v) = &self.name {
            s.name = v.clone();
        }
        if let Some(v) = self.actions {
            s.actions = v;
        }
        if let Some(Blank(v)) = self.equipment {
            s.equipment = v;
        }
        if let Some(Blank(v)) = self.vehicle {
            s.vehicle = v;
        }
        if let Some(Blank(v)) = self.speed {
            s.speed = v;
        }
        if let Some(Blank(v)) = self.weapon {
            s.weapon = v;
        }
        if let Some(v) = self.hits {
            s.hits = v;
        }
        if let Some(v) = self.officer {
            s.officer = v;
        }
        if let Some(v) = self.ammo_max {
            s.ammo_max = Some(v);
        }
        if let Some(v) = self.ammo {
            s.ammo = Some(v);
        }
    }
}

/// A stand as `stand show --json` and `roster --json` print it.
#[derive(Debug, Clone, Serialize)]
pub struct StandDoc {
    pub code: String,
    pub name: String,
    #[serde(rename = "type")]
    pub stand_type: StandType,
    pub training: Training,
    pub experience: Experience,
    pub actions: i64,
    pub equipment: Option<Equipment>,
    pub vehicle: Option<VehicleKind>,
    pub speed: Option<AircraftSpeed>,
    pub weapon: Option<Weapon>,
    pub men: i64,
    pub hits: i64,
    pub officer: bool,
    pub status: Status,
    pub morale: i32,
    pub ammo: i64,
    pub ammo_max: i64,
    pub unit: String,
    pub command: String,
    pub side: String,
}

impl StandDoc {
    /// Equipment or vehicle kind, whichever the stand has.
    pub fn kit(&self) -> String {
        self.equipment
            .map(|e| e.to_string())
            .or(self.vehicle.map(|v| v.to_string()))
            .or(self.speed.map(|s| format!("{s} aircraft")))
            .unwrap_or_else(|| "-".into())
    }
}

/// A stand's morale number between battles, with its reasons.
pub fn morale_of(store: &Store, row: &StandRow) -> Result<MoraleBreakdown, CliError> {
    let ctx = derived::morale_context(store.conn(), &row.record.code)?;
    Ok(derived::morale(&row.record, &ctx)?)
}

pub fn stand_doc(store: &Store, row: StandRow) -> Result<StandDoc, CliError> {
    let morale = morale_of(store, &row)?;
    Ok(doc_with(row, &morale))
}

pub(super) fn doc_with(row: StandRow, morale: &MoraleBreakdown) -> StandDoc {
    let s = row.record;
    StandDoc {
        experience: morale.experience,
        training: morale.training,
        morale: morale.morale,
        code: s.code,
        name: s.name,
        stand_type: s.stand_type,
        actions: s.actions,
        equipment: s.equipment,
        vehicle: s.vehicle,
        speed: s.speed,
        weapon: s.weapon,
        men: s.men,
        hits: s.hits,
        officer: s.officer,
        status: s.status,
        ammo: s.ammo.unwrap_or(0),
        ammo_max: s.ammo_max.unwrap_or(0),
        unit: s.unit,
        command: row.command,
        side: row.side,
    }
}

#[derive(Serialize)]
struct ShowDoc {
    #[serde(flatten)]
    stand: StandDoc,
    morale_breakdown: MoraleBreakdown,
    /// Battles fought, with the actions each earned.
    service: Vec<queries::ServiceLine>,
    casualties: Vec<queries::CasualtyRow>,
}

pub fn run(ctx: &Ctx, cmd: StandCommand) -> Result<(), CliError> {
    match cmd {
        StandCommand::Show { code } => show::show(ctx, &code),
        StandCommand::Add {
            code,
            unit,
            stand_type,
            training,
            men,
            fields,
        } => add::add(ctx, code, unit, stand_type, training, men, fields),
        StandCommand::Edit {
            code,
            unit,
            stand_type,
            training,
            men,
            status,
            add_men,
            actions_of_new,
            fields,
        } => edit::edit(
            ctx,
            &code,
            edit::Changes {
                unit,
                stand_type,
                training,
                men,
                status,
                add_men,
                actions_of_new,
                fields,
            },
        ),
        StandCommand::Retire { code } => retire::retire(ctx, &code),
    }
}

pub(super) fn invalid(p: crate::campaign::Problem) -> CliError {
    CampaignError::Invalid {
        field: format!("--{}", p.field.replace('_', "-")),
        message: p.message,
    }
    .into()
}

pub(super) fn check_unit(conn: &crate::store::Db, unit: &str) -> Result<(), CliError> {
    match known_codes(conn)?.get(unit) {
        Some(k) if k.kind == CodeKind::Unit => Ok(()),
        _ => Err(StoreError::unknown("unit", unit).into()),
    }
}

/// Reads a stand, lets `edit` change it, checks and writes it, all in one
/// transaction with its journal entry.
pub(super) fn save(
    ctx: &Ctx,
    code: &str,
    command: &str,
    edit: impl FnOnce(&mut StandRecord) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    store.try_change(command, |tx| {
        let before = queries::stand(tx, code)?.record;
        let mut s = before.clone();
        edit(&mut s)?;
        check_unit(tx, &s.unit)?;
        derived::normalise(&mut s);
        if let Some(p) = check_stand(&s).into_iter().next() {
            return Err(invalid(p));
        }
        if s == before {
            // Nothing to write, and nothing for `undo` to take back.
            return Err(CliError::Usage(format!(
                "{code}: nothing to change (each value given is what the stand already has); name a field with a new value"
            )));
        }
        let changed = describe_changes(&before, &s);
        update_stand(tx, &s)?;
        Ok(((), format!("{code}: {changed}")))
    })?;
    report_saved(ctx, &store, code, "Saved")
}

pub(super) fn report_saved(
    ctx: &Ctx,
    store: &Store,
    code: &str,
    verb: &str,
) -> Result<(), CliError> {
    let doc = stand_doc(store, queries::stand(store.conn(), code)?)?;
    if ctx.json {
        output::json(&doc);
    } else {
        println!(
            "{verb} stand {code}: {} {} {}, {} men, {} hits, {}.",
            doc.training,
            doc.kit(),
            doc.stand_type,
            doc.men,
            doc.hits,
            doc.status
        );
    }
    Ok(())
}

/// "field old → new" for each field that differs, for the journal.
fn describe_changes(a: &StandRecord, b: &StandRecord) -> String {
    let av = serde_json::to_value(a).unwrap_or_default();
    let bv = serde_json::to_value(b).unwrap_or_default();
    let mut parts = Vec::new();
    if let (Some(ao), Some(bo)) = (av.as_object(), bv.as_object()) {
        for (k, v) in bo {
            if ao.get(k) != Some(v) {
                parts.push(format!(
                    "{k} {} → {v}",
                    ao.get(k).cloned().unwrap_or_default()
                ));
            }
        }
    }
    if parts.is_empty() {
        "no change".into()
    } else {
        parts.join(", ")
    }
}
