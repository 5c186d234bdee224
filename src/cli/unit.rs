//! `unit add | edit | move`: the organisation stands belong to, built and
//! changed from the command line under the checks an import applies.

use clap::Subcommand;

use super::output;
use super::{CliError, Ctx};
use crate::campaign::forces::{self, MoveTo};
use crate::campaign::records::UnitRecord;
use crate::core::kinds::{Confidence, UnitFlag};
use crate::store::{forces as stored, Store};

#[derive(Debug, Subcommand)]
pub enum UnitCommand {
    /// Add a unit to a command, at its top or under another unit of it.
    #[command(
        after_help = "Examples:\n  bounce unit add c-coy --command ifu-c --name \"C Company\"\n  bounce unit add c-1pl --command ifu-c --parent c-coy --name \"1st Platoon\" --flags elite"
    )]
    Add {
        code: String,
        #[arg(long)]
        command: String,
        #[arg(long)]
        name: String,
        /// The unit it belongs to (in the same command); none: the top of the command.
        #[arg(long, default_value = "")]
        parent: String,
        /// Unit flags, comma-separated.
        #[arg(long, value_delimiter = ',')]
        flags: Vec<UnitFlag>,
        /// Dirtside leadership rating, 1 to 3.
        #[arg(long, allow_negative_numbers = true)]
        leadership: Option<i64>,
        /// Dirtside confidence level [default: co].
        #[arg(long, default_value = "co")]
        confidence: Confidence,
    },
    /// Change a unit's name, flags, leadership or confidence; `unit move` changes where it sits.
    #[command(after_help = "Example:\n  bounce unit edit a-1pl --flags elite --leadership 2")]
    Edit {
        code: String,
        #[arg(long)]
        name: Option<String>,
        /// The unit's flags, comma-separated, replacing the old ones ("" for none).
        #[arg(long, value_delimiter = ',', num_args = 0..)]
        flags: Option<Vec<String>>,
        #[arg(long, allow_negative_numbers = true)]
        leadership: Option<i64>,
        #[arg(long)]
        confidence: Option<Confidence>,
    },
    /// Move a unit, and every unit under it, within its side.
    #[command(
        after_help = "Examples:\n  bounce unit move a-sf --parent b-coy\n  bounce unit move a-sf --command ifu-b   (to the top of the command)"
    )]
    Move {
        code: String,
        /// The unit to sit under.
        #[arg(long, conflicts_with = "command", required_unless_present = "command")]
        parent: Option<String>,
        /// The command to sit at the top of.
        #[arg(long)]
        command: Option<String>,
    },
}

pub fn run(ctx: &Ctx, cmd: UnitCommand) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    let (code, verb) = match cmd {
        UnitCommand::Add {
            code,
            command,
            name,
            parent,
            flags,
            leadership,
            confidence,
        } => {
            let u = UnitRecord {
                code: code.clone(),
                command,
                name,
                parent,
                flags,
                leadership,
                confidence,
            };
            store
                .try_change::<_, CliError>("unit add", |tx| Ok(((), forces::add_unit(tx, &u)?)))?;
            (code, "Added")
        }
        UnitCommand::Edit {
            code,
            name,
            flags,
            leadership,
            confidence,
        } => {
            let flags = flags
                .map(|fs| {
                    fs.iter()
                        .filter(|f| !f.is_empty())
                        .map(|f| f.parse::<UnitFlag>())
                        .collect::<Result<Vec<_>, _>>()
                })
                .transpose()
                .map_err(|e| CliError::Usage(format!("--flags: {e}")))?;
            store.try_change::<_, CliError>("unit edit", |tx| {
                let summary = forces::edit_unit(tx, &code, |u| {
                    if let Some(v) = name {
                        u.name = v;
                    }
                    if let Some(v) = flags {
                        u.flags = v;
                    }
                    if let Some(v) = leadership {
                        u.leadership = Some(v);
                    }
                    if let Some(v) = confidence {
                        u.confidence = v;
                    }
                })?;
                Ok(((), summary))
            })?;
            (code, "Saved")
        }
        UnitCommand::Move {
            code,
            parent,
            command,
        } => {
            let to = match (parent, command) {
                (Some(p), _) => MoveTo::Parent(p),
                (None, Some(c)) => MoveTo::Command(c),
                (None, None) => unreachable!("clap requires one"),
            };
            store.try_change::<_, CliError>("unit move", |tx| {
                Ok(((), forces::move_unit(tx, &code, &to)?))
            })?;
            (code, "Moved")
        }
    };
    let u = stored::unit(store.conn(), &code)?;
    if ctx.json {
        output::json(&u);
    } else {
        let place = if u.parent.is_empty() {
            format!("at the top of command {}", u.command)
        } else {
            format!("under {} in command {}", u.parent, u.command)
        };
        let flags: Vec<&str> = u.flags.iter().map(|f| f.as_str()).collect();
        println!(
            "{verb} unit {}: {}, {place}{}.",
            u.code,
            u.name,
            if flags.is_empty() {
                String::new()
            } else {
                format!(", flags {}", flags.join(","))
            }
        );
    }
    Ok(())
}
