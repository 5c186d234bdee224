//! The command line: argument parsing and dispatch. Each command lives in its own
//! file and only parses, calls the lower layers and prints.

mod advance;
mod battle;
pub(crate) mod campaign;
mod casualties;
pub(crate) mod check;
mod command;
mod completions;
mod error;
mod history;
mod manpage;
mod morale;
mod option;
mod outfile;
mod output;
mod regroup;
mod report;
mod roster;
mod rules;
mod side;
mod stand;
mod supply;
mod undo;
mod unit;

use std::path::PathBuf;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

pub use error::CliError;

use crate::engine::Registry;

const AFTER_HELP: &str = "Examples:
  bounce demo                                   build and show the Full Moon demo campaign
  bounce --db moon.db import campaigns/full-moon.toml
  bounce --db moon.db roster --side ifu
  bounce --db moon.db stand show a1-4 --json
  bounce --db moon.db undo --dry-run";

/// bounce: run a Bounce into Action wargame campaign from one SQLite file.
#[derive(Debug, Parser)]
#[command(name = "bounce", version, about, after_help = AFTER_HELP)]
pub struct Cli {
    /// Campaign file to use [default: bounce.db; bounce-demo.db for demo].
    #[arg(long, global = true, env = "BOUNCE_DB")]
    pub db: Option<PathBuf>,
    /// Print one JSON document on stdout instead of tables.
    #[arg(long, global = true)]
    pub json: bool,
    /// Seed for commands that roll dice.
    #[arg(long, global = true)]
    pub seed: Option<u64>,
    /// Help and error messages without colour (also when NO_COLOR is set);
    /// tables, logs and progress are never coloured.
    #[arg(long, global = true)]
    pub no_color: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create an empty campaign file.
    #[command(
        after_help = "Example:\n  bounce --db moon.db init --name \"Full Moon\" --start 2157-04-12T05:00:00"
    )]
    Init {
        /// Campaign name.
        #[arg(long)]
        name: String,
        /// In-game start, e.g. 2157-04-12T05:00:00.
        #[arg(long, default_value = "2157-01-01T00:00:00")]
        start: String,
        /// Default battle ruleset.
        #[arg(long, default_value = crate::campaign::RULEBOOK)]
        ruleset: String,
    },
    /// Load sides, commands, units, stands and planned battles from a campaign file, all or nothing.
    #[command(after_help = "Example:\n  bounce --db moon.db import campaigns/full-moon.toml")]
    Import {
        /// The campaign file (TOML).
        file: PathBuf,
    },
    /// Write the campaign in the import format (to stdout without a file).
    #[command(after_help = "Example:\n  bounce --db moon.db export saved.toml")]
    Export {
        /// Where to write; stdout if absent.
        file: Option<PathBuf>,
    },
    /// Build the Full Moon demo campaign and show it.
    Demo,
    /// The clock, sides, each command's strength, and recent battles.
    Status,
    /// Stands as a table.
    #[command(
        after_help = "Examples:\n  bounce roster --side luna\n  bounce roster --unit a-1pl --all"
    )]
    Roster {
        #[arg(long)]
        side: Option<String>,
        #[arg(long)]
        command: Option<String>,
        /// A unit and all units under it.
        #[arg(long)]
        unit: Option<String>,
        /// Include destroyed, captured and retired stands.
        #[arg(long)]
        all: bool,
    },
    /// Sides (factions): add or edit.
    #[command(subcommand)]
    Side(side::SideCommand),
    /// Commands (one player's group within a side): add or edit.
    #[command(subcommand, name = "command")]
    CommandGroup(command::CommandCommand),
    /// Units (platoons, companies): add, edit or move.
    #[command(subcommand)]
    Unit(unit::UnitCommand),
    /// One stand: show, add, edit or retire.
    #[command(subcommand)]
    Stand(stand::StandCommand),
    /// A stand's morale number, from the training × experience table and every factor.
    #[command(after_help = "Example:\n  bounce morale a1-1 --json")]
    Morale { code: String },
    /// Each battle ruleset's campaign options: list, set, unset.
    #[command(subcommand)]
    Option(option::OptionCommand),
    /// Ask a ruleset's tables one question, with given dice or exact odds.
    #[command(
        after_help = "Examples:\n  bounce rules fire --weapon sla_squad --range 12 --roll 7\n  bounce rules bia morale-test --morale 6 --roll 5\n\nThe bare queries are BiA's; `rules NAME …` asks the ruleset NAME."
    )]
    Rules(rules::RulesArgs),
    /// Plan, fight, inspect and weigh battles.
    #[command(subcommand)]
    Battle(battle::BattleCommand),
    /// Casualty records: severity, outcome and return date.
    #[command(
        after_help = "Examples:\n  bounce casualties --battle crater-rim\n  bounce casualties --pending"
    )]
    Casualties {
        /// Only those still in hospital.
        #[arg(long)]
        pending: bool,
        #[arg(long)]
        stand: Option<String>,
        #[arg(long)]
        battle: Option<String>,
    },
    /// Merge the fit people at the aid post (ineffective stands, survivors of
    /// destroyed ones; `status` lists them) into one effective stand, up to
    /// the stand size; one stand strong enough may re-form alone.
    #[command(
        after_help = "Examples:\n  bounce regroup a1-3 a1-5\n  bounce regroup mil-1d\n  bounce regroup --auto --unit a-coy"
    )]
    Regroup {
        /// Only stands in this unit (and the units under it).
        #[arg(long)]
        unit: Option<String>,
        /// Group stands greedily within each kind of stand.
        #[arg(long)]
        auto: bool,
        /// The stands to merge.
        stands: Vec<String>,
    },
    /// Logistics: depots, deliveries, resupply, supply and medical states.
    #[command(subcommand)]
    Supply(supply::SupplyCommand),
    /// Let campaign time pass: wounded return (stands whole again are
    /// effective), deliveries arrive.
    #[command(
        after_help = "Examples:\n  bounce advance --days 7\n  bounce advance --to 2157-05-01T06:00:00"
    )]
    Advance {
        /// Days to move the clock on (0 to 100,000).
        #[arg(long, conflicts_with = "to", value_parser = clap::value_parser!(i64).range(0..=100_000))]
        days: Option<i64>,
        #[arg(long)]
        to: Option<String>,
    },
    /// The journal of changes, newest first.
    History {
        /// Show at most this many entries.
        #[arg(long)]
        limit: Option<usize>,
    },
    /// Revert the latest journal entries exactly.
    #[command(after_help = "Examples:\n  bounce undo\n  bounce undo --steps 3 --dry-run")]
    Undo {
        #[arg(long, default_value_t = 1)]
        steps: usize,
        /// Say what would be reverted and change nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Verify the campaign's invariants; exit 1 listing each violation.
    Check,
    /// Copy the campaign to FILE consistently, even while others write to it.
    Backup { file: PathBuf },
    /// Shell completion script for bash, zsh, fish, elvish or powershell, on stdout.
    #[command(
        after_help = "Examples:\n  bounce completions bash > ~/.local/share/bash-completion/completions/bounce\n  bounce completions zsh > ~/.zfunc/_bounce\n  bounce completions fish > ~/.config/fish/completions/bounce.fish"
    )]
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// The manual page (roff) on stdout, or one page per command into a folder.
    #[command(
        after_help = "Examples:\n  bounce manpage > bounce.1 && man ./bounce.1\n  bounce manpage --dir man/man1"
    )]
    Manpage {
        /// Write bounce.1 and a page for each command (bounce-battle.1, …) here.
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// The campaign's story: strength, experience, supply, chains of battles, casualties.
    #[command(
        after_help = "Examples:\n  bounce report\n  bounce report --side luna --html luna.html\n  bounce report --command luna-south --html luna-south.html\n  bounce report --json"
    )]
    Report {
        /// Only what this side knows: its own forces and stands, and enemies as met in battle.
        #[arg(long)]
        side: Option<String>,
        /// One player's page: their command's stands in full, their side's shared
        /// picture, and of the enemy only what their own stands met.
        #[arg(long, conflicts_with = "side")]
        command: Option<String>,
        /// Write a self-contained HTML page with charts to this file.
        #[arg(long)]
        html: Option<PathBuf>,
    },
}

impl Cli {
    /// The command line for the rulesets of `registry`: `rules` gets their
    /// queries, `init --ruleset` and `battle new --ruleset` their names,
    /// `battle play --help` their list. (The derived `Cli::command()` leaves
    /// those out.)
    pub fn command_for(registry: &Registry) -> clap::Command {
        <Cli as CommandFactory>::command()
            .mut_subcommand("init", |c| {
                c.mut_arg("ruleset", |a| {
                    a.value_parser(clap::builder::PossibleValuesParser::new(registry.names()))
                })
            })
            .mut_subcommand("rules", |c| rules::with_queries(c, registry))
            .mut_subcommand("battle", |c| battle::for_rulesets(c, registry))
    }

    /// Parses `args` (the program's name first) for the rulesets of `registry`.
    pub fn try_parse_for<I, T>(registry: &Registry, args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let mut command = Cli::command_for(registry).color(colour(&args, no_color));
        let matches = command.try_get_matches_from_mut(args)?;
        Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command))
    }

    /// Parses the process's arguments, or prints the problem (or the help) and
    /// exits as clap does.
    pub fn parse_for(registry: &Registry) -> Cli {
        Cli::try_parse_for(registry, std::env::args_os()).unwrap_or_else(|e| e.exit())
    }
}

/// Whether clap may colour help and errors (the only coloured output): never
/// with `--no-color` (anywhere before `--`, since it is read before parsing)
/// or `NO_COLOR` set and not empty (no-color.org); else when the terminal
/// takes it.
fn colour(args: &[std::ffi::OsString], no_color_env: bool) -> clap::ColorChoice {
    let flag = args
        .iter()
        .skip(1)
        .take_while(|a| *a != "--")
        .any(|a| a == "--no-color");
    if flag || no_color_env {
        clap::ColorChoice::Never
    } else {
        clap::ColorChoice::Auto
    }
}

/// Global settings every command sees.
pub struct Ctx {
    /// The rulesets this run can fight with, built once.
    pub registry: std::sync::Arc<Registry>,
    pub db: PathBuf,
    /// The user named the file (option or environment), rather than taking the default.
    pub db_given: bool,
    pub json: bool,
    pub seed: Option<u64>,
}

/// Runs a parsed command line with the rulesets of `registry`.
pub fn run(cli: Cli, registry: Registry) -> Result<(), CliError> {
    let ctx = Ctx {
        registry: std::sync::Arc::new(registry),
        db_given: cli.db.is_some(),
        db: cli.db.unwrap_or_else(|| PathBuf::from("bounce.db")),
        json: cli.json,
        seed: cli.seed,
    };
    match cli.command {
        Command::Init {
            name,
            start,
            ruleset,
        } => campaign::init(&ctx, &name, &start, &ruleset),
        Command::Import { file } => campaign::import(&ctx, &file),
        Command::Export { file } => campaign::export(&ctx, file.as_deref()),
        Command::Demo => campaign::demo(&ctx),
        Command::Status => campaign::status(&ctx),
        Command::Roster {
            side,
            command,
            unit,
            all,
        } => roster::roster(&ctx, side, command, unit, all),
        Command::Side(cmd) => side::run(&ctx, cmd),
        Command::CommandGroup(cmd) => command::run(&ctx, cmd),
        Command::Unit(cmd) => unit::run(&ctx, cmd),
        Command::Stand(cmd) => stand::run(&ctx, cmd),
        Command::Morale { code } => morale::morale(&ctx, &code),
        Command::Rules(cmd) => rules::run(&ctx, cmd),
        Command::Option(cmd) => option::run(&ctx, cmd),
        Command::Battle(cmd) => battle::run(&ctx, cmd),
        Command::Casualties {
            pending,
            stand,
            battle,
        } => casualties::casualties(&ctx, pending, stand, battle),
        Command::Regroup { unit, auto, stands } => regroup::regroup(&ctx, unit, auto, stands),
        Command::Supply(cmd) => supply::run(&ctx, cmd),
        Command::Advance { days, to } => advance::advance(&ctx, days, to),
        Command::History { limit } => history::history(&ctx, limit),
        Command::Undo { steps, dry_run } => undo::undo(&ctx, steps, dry_run),
        Command::Check => check::check(&ctx),
        Command::Backup { file } => campaign::backup(&ctx, &file),
        Command::Completions { shell } => completions::completions(&ctx, shell),
        Command::Manpage { dir } => manpage::manpage(&ctx, dir.as_deref()),
        Command::Report {
            side,
            command,
            html,
        } => report::report(&ctx, side.as_deref(), command.as_deref(), html.as_deref()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed_for_the_standard_rulesets() {
        Cli::command_for(&Registry::standard()).debug_assert();
    }

    #[test]
    fn ruleset_names_come_from_the_registry_given() {
        let new = |r: &'static str| {
            [
                "bounce",
                "battle",
                "new",
                "x",
                "--attacker",
                "a",
                "--defender",
                "d",
                "--ruleset",
                r,
            ]
        };
        let kind = |registry: &Registry, args: &[&str]| {
            Cli::try_parse_for(registry, args).err().map(|e| e.kind())
        };
        let (standard, none) = (Registry::standard(), Registry::empty());
        assert_eq!(kind(&standard, &new("fma")), None);
        assert_eq!(
            kind(&none, &new("fma")),
            Some(clap::error::ErrorKind::InvalidValue)
        );
        let rules = ["bounce", "rules", "fma"];
        assert_eq!(
            kind(&standard, &rules),
            Some(clap::error::ErrorKind::MissingSubcommand)
        );
        assert_eq!(
            kind(&none, &rules),
            Some(clap::error::ErrorKind::UnknownArgument)
        );
    }

    #[test]
    fn completions_and_help_offer_the_kinds_spellings() {
        let mut command = Cli::command_for(&Registry::standard());
        let mut script = Vec::new();
        clap_complete::generate(
            clap_complete::Shell::Bash,
            &mut command,
            "bounce",
            &mut script,
        );
        let script = String::from_utf8(script).unwrap();
        for values in [
            "civilian recruits trained regular special_forces",
            "effective ineffective destroyed captured withdrawn retired",
            "open cover bunker",
            "excellent normal none",
        ] {
            assert!(script.contains(values), "bash completions lack `{values}`");
        }
        let help = Cli::command_for(&Registry::standard())
            .find_subcommand_mut("stand")
            .and_then(|s| s.find_subcommand_mut("edit"))
            .map(|e| e.render_long_help().to_string())
            .unwrap();
        assert!(help.contains("lta, hma, ma, none]"), "{help}");
    }

    #[test]
    fn no_color_and_no_color_env_make_help_and_errors_plain() {
        let args =
            |line: &str| -> Vec<std::ffi::OsString> { line.split(' ').map(Into::into).collect() };
        let never = clap::ColorChoice::Never;
        assert_eq!(colour(&args("bounce --no-color roster"), false), never);
        assert_eq!(
            colour(&args("bounce stand show x --no-color"), false),
            never
        );
        assert_eq!(colour(&args("bounce roster"), true), never);
        assert_eq!(
            colour(&args("bounce roster"), false),
            clap::ColorChoice::Auto
        );
        assert_eq!(
            colour(&args("bounce stand add -- --no-color"), false),
            clap::ColorChoice::Auto,
            "after --, a value"
        );
    }
}
