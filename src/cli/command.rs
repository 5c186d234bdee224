//! `command add | edit`: one player's group within a side, made or changed
//! from the command line under the checks an import applies.

use clap::Subcommand;

use super::output;
use super::{CliError, Ctx};
use crate::campaign::forces;
use crate::campaign::records::CommandRecord;
use crate::core::kinds::{Contact, Officers, Supply};
use crate::store::{forces as stored, Store};

#[derive(Debug, Subcommand)]
pub enum CommandCommand {
    /// Add a command (one player's group) to a side.
    #[command(
        after_help = "Example:\n  bounce command add ifu-c --side ifu --name \"C Company\" --player Sam --officers normal"
    )]
    Add {
        code: String,
        #[arg(long)]
        side: String,
        #[arg(long)]
        name: String,
        /// Who plays it.
        #[arg(long, default_value = "")]
        player: String,
        /// Officer quality [default: normal].
        #[arg(long, default_value = "normal")]
        officers: Officers,
        #[arg(long, default_value = "normal")]
        supply: Supply,
        #[arg(long, default_value = "normal")]
        contact: Contact,
    },
    /// Change some fields of a command (not its side); fields not named stay as they are.
    #[command(
        after_help = "Example:\n  bounce command edit luna-south --player Alex --officers poor"
    )]
    Edit {
        code: String,
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        player: Option<String>,
        #[arg(long)]
        officers: Option<Officers>,
        #[arg(long)]
        supply: Option<Supply>,
        #[arg(long)]
        contact: Option<Contact>,
    },
}

pub fn run(ctx: &Ctx, cmd: CommandCommand) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    let (code, verb) = match cmd {
        CommandCommand::Add {
            code,
            side,
            name,
            player,
            officers,
            supply,
            contact,
        } => {
            let c = CommandRecord {
                code: code.clone(),
                side,
                name,
                player,
                officers,
                supply,
                contact,
            };
            store.try_change::<_, CliError>("command add", |tx| {
                Ok(((), forces::add_command(tx, &c)?))
            })?;
            (code, "Added")
        }
        CommandCommand::Edit {
            code,
            name,
            player,
            officers,
            supply,
            contact,
        } => {
            store.try_change::<_, CliError>("command edit", |tx| {
                let summary = forces::edit_command(tx, &code, |c| {
                    if let Some(v) = name {
                        c.name = v;
                    }
                    if let Some(v) = player {
                        c.player = v;
                    }
                    if let Some(v) = officers {
                        c.officers = v;
                    }
                    if let Some(v) = supply {
                        c.supply = v;
                    }
                    if let Some(v) = contact {
                        c.contact = v;
                    }
                })?;
                Ok(((), summary))
            })?;
            (code, "Saved")
        }
    };
    let c = stored::command(store.conn(), &code)?;
    if ctx.json {
        output::json(&c);
    } else {
        let player = if c.player.is_empty() {
            "no player named".to_string()
        } else {
            format!("played by {}", c.player)
        };
        println!(
            "{verb} command {} of side {}: {}, {player}, {} officers, supply {}, contact {}.",
            c.code, c.side, c.name, c.officers, c.supply, c.contact
        );
    }
    Ok(())
}
