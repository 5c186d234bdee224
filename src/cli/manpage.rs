//! `manpage [--dir DIR]`: the manual page from the parser's own definitions.

use std::path::Path;

use super::{Cli, CliError, Ctx};

pub fn manpage(ctx: &Ctx, dir: Option<&Path>) -> Result<(), CliError> {
    let command = Cli::command_for(&ctx.registry);
    let Some(dir) = dir else {
        clap_mangen::Man::new(command)
            .render(&mut std::io::stdout())
            .map_err(|e| CliError::Usage(format!("cannot write the manual page: {e}")))?;
        return Ok(());
    };
    let cannot = |e: std::io::Error| {
        CliError::Usage(format!(
            "cannot write manual pages into {}: {e}; give a folder you can write to",
            dir.display()
        ))
    };
    std::fs::create_dir_all(dir).map_err(cannot)?;
    // Called on the unbuilt command: generate_to builds it without the help
    // pseudo-command, so no stray `bounce-help.1` pages appear.
    clap_mangen::generate_to(command, dir).map_err(cannot)?;
    eprintln!("Manual pages written to {}.", dir.display());
    Ok(())
}
