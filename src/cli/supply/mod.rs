//! `supply status | deliver | resupply | set`: logistics, one file per
//! command; this module holds the command line.

mod deliver;
mod resupply;
mod set;
mod status;

pub use status::status;

use clap::Subcommand;
use serde::Serialize;

use super::output;
use super::{CliError, Ctx};
use crate::campaign::records::{format_time, parse_time};
use crate::campaign::CampaignError;
use crate::core::kinds::{Contact, Medical, Supply};
use crate::store::logistics::{self, Pending};
use crate::store::{queries, Store};

#[derive(Debug, Subcommand)]
pub enum SupplyCommand {
    /// Depots, each command's supply and contact, and every stand's ammunition.
    Status,
    /// Add supply points to a side's depot, now or arriving later.
    #[command(
        after_help = "Examples:\n  bounce supply deliver ifu 20\n  bounce supply deliver luna 10 --arrives 2157-04-20T12:00:00"
    )]
    Deliver {
        side: String,
        /// Supply points, 1 to 1,000,000 a delivery.
        #[arg(value_parser = clap::value_parser!(i64).range(1..=MAX_DELIVERY))]
        points: i64,
        /// When the delivery reaches the depot; it arrives when the clock passes it.
        #[arg(long)]
        arrives: Option<String>,
    },
    /// Refill ammunition from the depot at 1 supply point a turn of fire.
    #[command(after_help = "Examples:\n  bounce supply resupply\n  bounce supply resupply a-1pl")]
    Resupply {
        /// Only this unit and the units under it.
        unit: Option<String>,
    },
    /// Change a command's supply or contact state, or a side's medical support or prisoner treatment.
    #[command(
        after_help = "Examples:\n  bounce supply set --command luna-south --supply cut\n  bounce supply set --side ifu --medical excellent --treats-pw-well true"
    )]
    Set {
        #[arg(long, conflicts_with = "side", required_unless_present = "side")]
        command: Option<String>,
        #[arg(long)]
        side: Option<String>,
        #[arg(long, requires = "command")]
        supply: Option<Supply>,
        #[arg(long, requires = "command")]
        contact: Option<Contact>,
        #[arg(long, requires = "side")]
        medical: Option<Medical>,
        #[arg(long, requires = "side")]
        treats_pw_well: Option<bool>,
    },
}

#[derive(Serialize)]
struct SideLine {
    code: String,
    supply_points: i64,
    medical: String,
}
#[derive(Serialize)]
struct CommandLine {
    code: String,
    supply: String,
    contact: String,
}
#[derive(Serialize)]
struct AmmoLine {
    code: String,
    side: String,
    ammo: i64,
    ammo_max: i64,
}
#[derive(Serialize)]
struct StatusDoc {
    sides: Vec<SideLine>,
    commands: Vec<CommandLine>,
    stands: Vec<AmmoLine>,
    pending_deliveries: Vec<Pending>,
}

/// The most supply points one delivery brings (the campaign's one set of limits).
pub use crate::core::limits::MAX_DELIVERY;

pub fn run(ctx: &Ctx, cmd: SupplyCommand) -> Result<(), CliError> {
    match cmd {
        SupplyCommand::Status => status(ctx),
        SupplyCommand::Deliver {
            side,
            points,
            arrives,
        } => deliver::deliver(ctx, side, points, arrives),
        SupplyCommand::Resupply { unit } => resupply::resupply(ctx, unit),
        SupplyCommand::Set {
            command,
            side,
            supply,
            contact,
            medical,
            treats_pw_well,
        } => set::set(
            ctx,
            command,
            side,
            set::Values {
                supply,
                contact,
                medical,
                treats_pw_well,
            },
        ),
    }
}
