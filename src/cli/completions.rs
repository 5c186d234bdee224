//! `completions SHELL`: a completion script made from the same definitions
//! as the parser, so it never drifts from the commands.

use clap::CommandFactory;

use super::{Cli, CliError};

pub fn completions(shell: clap_complete::Shell) -> Result<(), CliError> {
    let mut command = Cli::command();
    clap_complete::generate(shell, &mut command, "bounce", &mut std::io::stdout());
    Ok(())
}
