//! `completions SHELL`: a completion script made from the same definitions
//! as the parser, so it never drifts from the commands.

use super::{Cli, CliError, Ctx};

pub fn completions(ctx: &Ctx, shell: clap_complete::Shell) -> Result<(), CliError> {
    let mut command = Cli::command_for(&ctx.registry);
    clap_complete::generate(shell, &mut command, "bounce", &mut std::io::stdout());
    Ok(())
}
