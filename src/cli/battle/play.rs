//! `battle play`: umpire a battle at the table, one line at a time, with the
//! tool keeping the state and rolling (or taking) the dice.

use super::{clock_seed, driver, fought_doc, output, print_result, CliError, Ctx};
use crate::campaign::battle::{aftermath, ready, setup};
use crate::engine::auto::commit;
use crate::engine::play::{Reply, Session, SHARED_HELP};
use crate::engine::Registry;
use crate::store::Store;

/// The help text's list of lines, naming every ruleset's own verbs.
pub fn after_help(registry: &Registry) -> String {
    let mut out = String::from(
        "Examples:\n  bounce battle play crater-rim --dice manual\n  bounce battle play crater-rim --seed 4 < session.txt\n\nThe battle's ruleset decides the verbs. Rulesets: ",
    );
    out.push_str(&registry.names().join(", "));
    out.push_str("\n\nLines every ruleset takes:\n");
    out.push_str(SHARED_HELP);
    out
}

/// Runs a table session on stdin; commits only on `end`.
pub fn run(ctx: &Ctx, registry: &Registry, code: &str, manual: bool) -> Result<(), CliError> {
    use std::io::{BufRead, IsTerminal, Write};
    let mut store = Store::open(&ctx.db)?;
    let b = ready(store.conn(), code).map_err(|e| driver(e.into()))?;
    let ruleset = registry.get(&b.ruleset).map_err(|e| driver(e.into()))?;
    let setup = setup(store.conn(), &b, ruleset.turn_limit())?;
    let seed = ctx.seed.unwrap_or_else(clock_seed);
    let mut session =
        Session::new(ruleset, &setup, seed, manual).map_err(|e| CliError::Usage(e.to_string()))?;
    let interactive = std::io::stdin().is_terminal();
    if interactive {
        println!(
            "Battle {code}: turn 1. Dice {}. `help` lists the lines.",
            if manual {
                "typed in"
            } else {
                "rolled unless given"
            }
        );
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        if interactive {
            print!("> ");
            let _ = std::io::stdout().flush();
        }
        let Some(line) = lines.next() else {
            println!("Input ended without `end`: the campaign is unchanged.");
            return Ok(());
        };
        let line = line.map_err(|e| CliError::Io {
            path: "stdin".into(),
            source: e,
        })?;
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        match session.line(line) {
            Reply::Done(text) if text.is_empty() => {}
            Reply::Done(text) => println!("{text}"),
            Reply::Refused(why) => println!("refused: {why}"),
            Reply::Abort => {
                println!("Aborted: the campaign is unchanged.");
                return Ok(());
            }
            Reply::End(result) => {
                // Re-read the battle and its stands under the write lock: the
                // session may have run while others changed the campaign.
                let minutes = ruleset.minutes_per_turn();
                let fought = commit(&mut store, "played", |c| {
                    Ok(aftermath(c, ready(c, code)?, *result, minutes)?)
                })
                .map_err(driver)?;
                let doc = fought_doc(&fought, false).with_notes(registry);
                if ctx.json {
                    output::json(&doc);
                } else {
                    print_result(&doc);
                    println!("\nCommitted. `bounce battle log {code}` shows the session; `bounce undo` reverts it.");
                }
                return Ok(());
            }
        }
    }
}
