//! bounce: parse the command line, run the command, map its error to an exit code.

use clap::Parser;

fn main() {
    // Die quietly when the reader of our output goes away (e.g. `bounce roster | head`).
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = bounce::cli::Cli::parse();
    if let Err(e) = bounce::cli::run(cli) {
        eprintln!("error: {e}");
        std::process::exit(e.exit_code());
    }
}
