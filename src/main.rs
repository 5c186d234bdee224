//! bounce: parse the command line, run the command, map its error to an exit code.

fn main() {
    // Die quietly when the reader of our output goes away (e.g. `bounce roster | head`).
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // A bug must not greet the umpire with a backtrace: one line, exit 1. The
    // transaction it interrupted is rolled back, so the campaign is unchanged.
    if std::env::var_os("RUST_BACKTRACE").is_none() {
        std::panic::set_hook(Box::new(|info| {
            let place = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            eprintln!(
                "error: bounce hit an internal fault{place}; the campaign file is unchanged. \
                 Please report it with the command you ran (RUST_BACKTRACE=1 shows details)."
            );
            std::process::exit(1);
        }));
    }
    let registry = bounce::engine::Registry::standard();
    let cli = bounce::cli::Cli::parse_for(&registry);
    if let Err(e) = bounce::cli::run(cli, registry) {
        eprintln!("error: {e}");
        std::process::exit(e.exit_code());
    }
}
