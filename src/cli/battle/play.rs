//! `battle play`: umpire a battle at the table, one line at a time, with the
//! tool keeping the state and rolling (or taking) the dice. Every accepted
//! line goes to a journal beside the campaign as it is played, so a session
//! cut short is resumed where it stopped (`--discard` drops it).

use std::io::{BufRead, IsTerminal};

use serde::Serialize;

use super::{clock_seed, driver, fought_doc, output, print_result, BattleDoc, CliError, Ctx};
use crate::campaign::battle::{aftermath, ready, setup};
use crate::engine::auto::commit;
use crate::engine::play::{Reply, Session, SHARED_HELP};
use crate::engine::play_journal::{self as journal, Entry, Header, Journal};
use crate::engine::Registry;
use crate::store::Store;

/// The help text's list of lines, naming every ruleset's own verbs.
pub fn after_help(registry: &Registry) -> String {
    let mut out = String::from(
        "Examples:\n  bounce battle play crater-rim --dice manual\n  bounce battle play crater-rim --seed 4 < session.txt\n  bounce battle play crater-rim --discard   (drop an unfinished session, start afresh)\n\nEach accepted line is kept in a journal beside the campaign file until the battle is\ncommitted (`end`) or abandoned (`abort`); after Ctrl-C, a crash or the end of the input,\nthe next `battle play` of the battle resumes it with the same dice.\n\nThe battle's ruleset decides the verbs. Rulesets: ",
    );
    out.push_str(&registry.names().join(", "));
    out.push_str("\n\nLines every ruleset takes:\n");
    out.push_str(SHARED_HELP);
    out
}

/// One line of the session as `--json` reports it.
#[derive(Serialize)]
struct LineDoc {
    line: String,
    accepted: bool,
    reply: String,
}

/// The whole session as one JSON document.
#[derive(Serialize)]
struct PlayDoc {
    battle: String,
    /// `committed`, `aborted`, `suspended` (input ended; the journal keeps it)
    /// or `declined` (an unfinished session was not resumed).
    outcome: &'static str,
    /// Lines played again from the journal before this input.
    resumed_lines: usize,
    lines: Vec<LineDoc>,
    /// The journal that keeps an unfinished session; null once it is gone.
    journal: Option<String>,
    result: Option<BattleDoc>,
}

/// Where the lines come from: a line editor with history on a terminal
/// (rustyline: arrows, editing and Up for earlier lines, as umpires expect of
/// a prompt), plain lines from a script or pipe.
enum Input {
    Editor(Box<rustyline::DefaultEditor>),
    Lines(std::io::Lines<std::io::StdinLock<'static>>),
}

/// What reading a line gave.
enum Read {
    Line(String),
    /// The end of the input (Ctrl-D on a terminal).
    End,
    /// Ctrl-C at the prompt.
    Interrupted,
}

impl Input {
    fn new(interactive: bool) -> Input {
        if interactive {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Lines(std::io::stdin().lock().lines())
    }

    /// Puts earlier lines (a resumed session's) into the history.
    fn remember<'a>(&mut self, lines: impl IntoIterator<Item = &'a str>) {
        if let Input::Editor(e) = self {
            for l in lines {
                let _ = e.add_history_entry(l);
            }
        }
    }

    fn next(&mut self, prompt: &str) -> Result<Read, CliError> {
        match self {
            Input::Editor(e) => match e.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = e.add_history_entry(line.as_str());
                    }
                    Ok(Read::Line(line))
                }
                Err(rustyline::error::ReadlineError::Eof) => Ok(Read::End),
                Err(rustyline::error::ReadlineError::Interrupted) => Ok(Read::Interrupted),
                Err(e) => Err(CliError::Failed(format!("reading the terminal: {e}"))),
            },
            Input::Lines(l) => match l.next().transpose().map_err(|e| CliError::Io {
                path: "stdin".into(),
                source: e,
            })? {
                Some(line) => Ok(Read::Line(line)),
                None => Ok(Read::End),
            },
        }
    }
}

/// Runs a table session on stdin; commits only on `end`.
pub fn run(
    ctx: &Ctx,
    registry: &Registry,
    code: &str,
    manual: bool,
    discard: bool,
) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    let b = ready(store.conn(), code).map_err(|e| driver(e.into()))?;
    let ruleset = registry.get(&b.ruleset).map_err(|e| driver(e.into()))?;
    let setup = setup(store.conn(), &b, ruleset.turn_limit())?;
    let path = journal::path_for(&ctx.db, code);
    let interactive = std::io::stdin().is_terminal() && !ctx.json;
    let say = |text: &str| {
        if !ctx.json {
            println!("{text}");
        }
    };
    let unfinished = journal::load(&path).map_err(CliError::Usage)?;
    let unfinished = match unfinished {
        Some((_, entries)) if discard => {
            journal::remove(&path);
            say(&format!(
                "Dropped the unfinished session of {code} ({} lines).",
                entries.len()
            ));
            None
        }
        Some((h, _)) if h.battle != code || h.ruleset != b.ruleset => {
            return Err(CliError::Usage(format!(
                "{} holds a session of {} under {}, not of {code} under {}; `--discard` drops it",
                path.display(),
                h.battle,
                h.ruleset,
                b.ruleset
            )))
        }
        other => other,
    };
    let mut input = Input::new(interactive);
    let mut doc = PlayDoc {
        battle: code.to_string(),
        outcome: "suspended",
        resumed_lines: 0,
        lines: Vec::new(),
        journal: None,
        result: None,
    };
    let header = match &unfinished {
        Some((h, _)) => h.clone(),
        None => Header {
            battle: code.to_string(),
            ruleset: b.ruleset.clone(),
            seed: ctx.seed.unwrap_or_else(clock_seed),
            manual,
        },
    };
    let mut session = Session::new(ruleset, &setup, header.seed, header.manual)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let mut kept: Option<Journal> = None;
    if let Some((_, entries)) = &unfinished {
        let last = entries.last().map(|e| e.line.as_str()).unwrap_or("");
        if interactive {
            let ask = format!(
                "Battle {code} has an unfinished session of {} lines (the last: `{last}`). Resume it? [Y/n] ",
                entries.len()
            );
            let answer = match input.next(&ask)? {
                Read::Line(a) => a,
                Read::End | Read::Interrupted => "n".into(),
            };
            if answer.trim().to_lowercase().starts_with('n') {
                println!("Left it as it is; `bounce battle play {code} --discard` starts afresh.");
                return Ok(());
            }
        }
        for (i, e) in entries.iter().enumerate() {
            if let Reply::Refused(why) = session.replay(&e.line, &e.dice) {
                return Err(CliError::Usage(format!(
                    "the unfinished session of {code} no longer fits the battle (line {} `{}`: {why}); `bounce battle play {code} --discard` drops it",
                    i + 1,
                    e.line
                )));
            }
        }
        doc.resumed_lines = entries.len();
        input.remember(entries.iter().map(|e| e.line.as_str()));
        kept = Some(Journal::resume(&path, &header, entries).map_err(|e| io(&path, e))?);
        say(&format!(
            "Resumed the session of {code}: {} lines played again with their dice, turn {} (`status` shows the state; `--discard` would have started afresh).",
            entries.len(),
            session.turn()
        ));
    } else if interactive {
        println!(
            "Battle {code}: turn 1. Dice {}. `help` lists the lines.",
            if header.manual {
                "typed in"
            } else {
                "rolled unless given"
            }
        );
    }
    loop {
        let line = match input.next(if interactive { "> " } else { "" })? {
            Read::Line(line) => line,
            end => {
                let how = match end {
                    Read::Interrupted => "Interrupted",
                    _ => "Input ended without `end`",
                };
                if kept.is_some() {
                    doc.journal = Some(path.display().to_string());
                    say(&format!(
                        "{how}: the campaign is unchanged. The session is kept in {}; `bounce battle play {code}` resumes it, `--discard` drops it.",
                        path.display()
                    ));
                } else {
                    say(&format!("{how}: the campaign is unchanged."));
                }
                break;
            }
        };
        let line = line.trim().to_string();
        if line.starts_with('#') {
            continue;
        }
        let reply = session.line(&line);
        let mut record = |accepted: bool, reply: &str| {
            doc.lines.push(LineDoc {
                line: line.clone(),
                accepted,
                reply: reply.to_string(),
            });
        };
        match reply {
            Reply::Done(text) => {
                if !matches!(line.as_str(), "" | "help" | "status") {
                    let j = match kept.as_mut() {
                        Some(j) => j,
                        None => {
                            kept.insert(Journal::create(&path, &header).map_err(|e| io(&path, e))?)
                        }
                    };
                    j.add(&Entry {
                        line: line.clone(),
                        dice: session.accepted_dice().to_vec(),
                    })
                    .map_err(|e| io(&path, e))?;
                }
                if !text.is_empty() {
                    say(&text);
                }
                record(true, &text);
            }
            Reply::Refused(why) => {
                say(&format!("refused: {why}"));
                record(false, &why);
            }
            Reply::Abort => {
                journal::remove(&path);
                say("Aborted: the campaign is unchanged.");
                record(true, "aborted");
                doc.outcome = "aborted";
                break;
            }
            Reply::End(result) => {
                record(true, "committed");
                // Re-read the battle and its stands under the write lock: the
                // session may have run while others changed the campaign.
                let minutes = ruleset.minutes_per_turn();
                let fought = commit(&mut store, "played", |c| {
                    Ok(aftermath(c, ready(c, code)?, *result, minutes)?)
                })
                .map_err(driver)?;
                journal::remove(&path);
                let result = fought_doc(&fought, false).with_notes(registry);
                if !ctx.json {
                    print_result(&result);
                    println!("\nCommitted. `bounce battle log {code}` shows the session; `bounce undo` reverts it.");
                }
                doc.outcome = "committed";
                doc.result = Some(result);
                break;
            }
        }
    }
    if ctx.json {
        output::json(&doc);
    }
    Ok(())
}

fn io(path: &std::path::Path, e: std::io::Error) -> CliError {
    CliError::Io {
        path: path.display().to_string(),
        source: e,
    }
}
