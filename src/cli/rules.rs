//! `rules …`: one rule question answered from a ruleset's tables. `rules NAME
//! QUERY …` asks any registered ruleset; the bare `rules QUERY …` asks the
//! campaign's rulebook (BiA). The queries come from the registry, so a new
//! ruleset's appear here without a change to this file.

use clap::{ArgMatches, Args, Command, FromArgMatches};

use super::output;
use super::{CliError, Ctx};
use crate::campaign::RULEBOOK;
use crate::engine::Registry;

/// The parsed `rules …` line, kept as matches: its shape comes from the registry.
#[derive(Debug, Clone)]
pub struct RulesArgs {
    matches: ArgMatches,
}

impl FromArgMatches for RulesArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(RulesArgs { matches: m.clone() })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.matches = m.clone();
        Ok(())
    }
}

/// The shape comes from the registry, so the derived parser adds nothing:
/// [`with_queries`] fills it in (`Cli::command_for`).
impl Args for RulesArgs {
    fn augment_args(cmd: Command) -> Command {
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

/// `rules` with every registered ruleset's queries: the rulebook's bare, and
/// each ruleset's under its name.
pub fn with_queries(cmd: Command, registry: &Registry) -> Command {
    {
        let mut cmd = cmd.subcommand_required(true);
        if let Ok(bare) = registry.get(RULEBOOK) {
            for q in bare.queries().get_subcommands() {
                cmd = cmd.subcommand(q.clone());
            }
        }
        for r in registry.all() {
            cmd = cmd.subcommand(r.queries().name(r.name()).about(format!(
                "{} rule queries (`rules {} --help`)",
                r.title(),
                r.name()
            )));
        }
        cmd
    }
}

pub fn run(ctx: &Ctx, args: RulesArgs) -> Result<(), CliError> {
    let registry = &ctx.registry;
    let Some((name, sub)) = args.matches.subcommand() else {
        return Err(CliError::Usage(
            "name a query, e.g. `bounce rules fire --help`".into(),
        ));
    };
    let (ruleset, query) = match registry.get(name) {
        Ok(r) => (r, sub),
        Err(_) => (
            registry
                .get(RULEBOOK)
                .map_err(|e| CliError::Usage(e.to_string()))?,
            &args.matches,
        ),
    };
    let seed = ctx.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let answer = ruleset.answer(query, seed).map_err(CliError::Usage)?;
    if ctx.json {
        output::json(&answer.json);
    } else {
        println!("{}", answer.text);
    }
    Ok(())
}
