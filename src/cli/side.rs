//! `side add | edit`: a faction of the campaign, made or changed from the
//! command line under the checks an import applies; one journal entry each.

use clap::Subcommand;

use super::output;
use super::{CliError, Ctx};
use crate::campaign::forces;
use crate::campaign::records::SideRecord;
use crate::core::kinds::Medical;
use crate::store::{forces as stored, Store};

#[derive(Debug, Subcommand)]
pub enum SideCommand {
    /// Add a side (a faction); its commands, units and stands follow.
    #[command(
        after_help = "Example:\n  bounce side add pirates --name \"Belt Pirates\" --medical none --supply-points 10"
    )]
    Add {
        code: String,
        #[arg(long)]
        name: String,
        /// Medical support [default: normal].
        #[arg(long, default_value = "normal")]
        medical: Medical,
        /// The side treats prisoners of war well.
        #[arg(long, default_value_t = false)]
        treats_pw_well: bool,
        /// Supply points in the side's depot.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        supply_points: i64,
    },
    /// Change some fields of a side; fields not named stay as they are.
    #[command(
        after_help = "Example:\n  bounce side edit luna --name \"Lunar Militia\" --supply-points 20"
    )]
    Edit {
        code: String,
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        medical: Option<Medical>,
        #[arg(long)]
        treats_pw_well: Option<bool>,
        #[arg(long, allow_negative_numbers = true)]
        supply_points: Option<i64>,
    },
}

pub fn run(ctx: &Ctx, cmd: SideCommand) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    let (code, verb) = match cmd {
        SideCommand::Add {
            code,
            name,
            medical,
            treats_pw_well,
            supply_points,
        } => {
            let s = SideRecord {
                code: code.clone(),
                name,
                medical,
                treats_pw_well,
                supply_points,
            };
            store
                .try_change::<_, CliError>("side add", |tx| Ok(((), forces::add_side(tx, &s)?)))?;
            (code, "Added")
        }
        SideCommand::Edit {
            code,
            name,
            medical,
            treats_pw_well,
            supply_points,
        } => {
            store.try_change::<_, CliError>("side edit", |tx| {
                let summary = forces::edit_side(tx, &code, |s| {
                    if let Some(v) = name {
                        s.name = v;
                    }
                    if let Some(v) = medical {
                        s.medical = v;
                    }
                    if let Some(v) = treats_pw_well {
                        s.treats_pw_well = v;
                    }
                    if let Some(v) = supply_points {
                        s.supply_points = v;
                    }
                })?;
                Ok(((), summary))
            })?;
            (code, "Saved")
        }
    };
    let s = stored::side(store.conn(), &code)?;
    if ctx.json {
        output::json(&s);
    } else {
        println!(
            "{verb} side {}: {}, medical {}, {} supply points, {}.",
            s.code,
            s.name,
            s.medical,
            s.supply_points,
            if s.treats_pw_well {
                "treats prisoners well"
            } else {
                "does not treat prisoners well"
            }
        );
    }
    Ok(())
}
