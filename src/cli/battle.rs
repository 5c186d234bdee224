//! `battle new | list | show | log | auto | odds`.

use std::collections::BTreeMap;
use std::time::Instant;

use clap::Subcommand;
use serde::Serialize;

use super::output;
use super::{parse_enum, CliError, Ctx};
use crate::battle::auto::{self, DriverError, TURN_LIMIT};
use crate::battle::odds::odds;
use crate::battle::record::Participant;
use crate::battle::result::{Event, Role};
use crate::campaign::records::{format_time, parse_time, BattleRecord};
use crate::campaign::validate::check_battle;
use crate::campaign::CampaignError;
use crate::rules::kinds::{Cover, Ruleset, Severity};
use crate::store::battles;
use crate::store::import::{insert_battle, known_codes};
use crate::store::{queries, Store};

#[derive(Debug, Subcommand)]
pub enum BattleCommand {
    /// Plan a battle between units or stands of two sides.
    #[command(
        after_help = "Example:\n  bounce battle new ridge --attacker a-1pl --attacker hvt-1 --defender mil-1 --range 60 --cover cover --after crater-rim"
    )]
    New {
        code: String,
        /// A unit (all its stands) or a stand; repeatable.
        #[arg(long, required = true)]
        attacker: Vec<String>,
        #[arg(long, required = true)]
        defender: Vec<String>,
        #[arg(long)]
        name: Option<String>,
        /// The battle this one follows.
        #[arg(long)]
        after: Option<String>,
        #[arg(long, value_parser = parse_enum::<Ruleset>)]
        ruleset: Option<Ruleset>,
        /// Opening range in table cm.
        #[arg(long, default_value_t = 60)]
        range: i64,
        #[arg(long, value_parser = parse_enum::<Cover>, default_value = "cover")]
        cover: Cover,
        #[arg(long, default_value = "")]
        terrain: String,
        /// In-game start; default: the campaign clock.
        #[arg(long)]
        at: Option<String>,
    },
    /// All battles, planned and fought.
    List,
    /// One battle's result (or its plan).
    Show { code: String },
    /// One battle's event log, turn by turn.
    Log { code: String },
    /// Fight a planned battle automatically and apply the post-battle sequence.
    #[command(
        after_help = "Examples:\n  bounce battle auto crater-rim --seed 7\n  bounce battle auto crater-rim --seed 7 --dry-run   (shows the result, writes nothing)"
    )]
    Auto {
        code: String,
        /// Show what the battle would do, and write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Enter the result of a battle fought on the table, then apply the post-battle sequence.
    #[command(
        after_help = "Example:\n  bounce battle record crater-rim --results crater-rim.toml\n\nThe results file:\n  winner = \"attacker\"      # attacker | defender | draw\n  turns = 14\n  end_reason = \"defender withdrew\"\n  [[stands]]              # each stand that took part; others are untouched\n  code = \"a1-1\"\n  hits = 2                # people hit (vehicles: 1 = knocked out)\n  fired = true\n  under_fire = true\n  status = \"ineffective\"  # optional, from hits when absent\n  ammo_spent = 6          # optional\n  captured = 0            # optional: people taken prisoner"
    )]
    Record {
        code: String,
        #[arg(long)]
        results: std::path::PathBuf,
    },
    /// Umpire a battle fought on the table, a line at a time (`help` lists the lines).
    #[command(
        after_help = "Examples:\n  bounce battle play crater-rim --dice manual\n  bounce battle play crater-rim --seed 4 < session.txt\n\nLines:\n  fire STAND at TARGET range CM [cover|bunker] [moving] [mod N]... [roll R]...\n  move STAND CM [non-tactical]\n  morale STAND [roll R]\n  morale group COMMAND [roll R]\n  turn | status | undo | help\n  end attacker|defender|draw     commit through the post-battle sequence\n  abort                          leave the campaign unchanged"
    )]
    Play {
        code: String,
        /// `auto`: the tool rolls when a line gives no roll; `manual`: every die must be typed.
        #[arg(long, default_value = "auto", value_parser = ["auto", "manual"])]
        dice: String,
    },
    /// Fight a battle many times without writing anything: win rates and hits.
    #[command(after_help = "Example:\n  bounce battle odds crater-rim --runs 10000")]
    Odds {
        code: String,
        #[arg(long, default_value_t = 1000)]
        runs: u64,
    },
}

pub fn run(ctx: &Ctx, cmd: BattleCommand) -> Result<(), CliError> {
    match cmd {
        BattleCommand::New {
            code,
            attacker,
            defender,
            name,
            after,
            ruleset,
            range,
            cover,
            terrain,
            at,
        } => {
            let mut store = Store::open(&ctx.db)?;
            let info = queries::campaign_info(store.conn())?;
            let at = match at {
                Some(t) => parse_time(&t).map_err(|m| CampaignError::Invalid {
                    field: "--at".into(),
                    message: m,
                })?,
                None => info.clock,
            };
            let record = BattleRecord {
                name: name.unwrap_or_else(|| code.clone()),
                code,
                at,
                attacker,
                defender,
                after: after.unwrap_or_default(),
                ruleset: ruleset.unwrap_or_else(|| info.ruleset.parse().unwrap_or(Ruleset::Bia)),
                range,
                defender_cover: cover,
                terrain,
            };
            crate::campaign::validate::check_code(&record.code).map_err(|p| {
                CampaignError::Invalid {
                    field: "CODE".into(),
                    message: p.message,
                }
            })?;
            store.try_change("battle new", |tx| {
                let known = known_codes(tx)?;
                if let Some(k) = known.get(&record.code) {
                    return Err(CliError::Usage(format!(
                        "`{}` is already used by a {}",
                        record.code,
                        k.kind.as_str()
                    )));
                }
                if let Some(p) = check_battle(&record, &known).into_iter().next() {
                    return Err(CampaignError::Invalid {
                        field: format!("--{}", p.field),
                        message: p.message,
                    }
                    .into());
                }
                insert_battle(tx, &record)?;
                Ok((
                    (),
                    format!(
                        "planned battle {} ({} vs {})",
                        record.code,
                        record.attacker.join(","),
                        record.defender.join(",")
                    ),
                ))
            })?;
            let doc = battle_doc(&store, &record.code)?;
            if ctx.json {
                output::json(&doc);
            } else {
                println!(
                    "Planned battle {} at {}.",
                    record.code,
                    format_time(&record.at).replace('T', " ")
                );
            }
            Ok(())
        }
        BattleCommand::List => {
            let store = Store::open(&ctx.db)?;
            let list = queries::battles(store.conn())?;
            if ctx.json {
                output::json(&list);
            } else if list.is_empty() {
                println!("No battles. Plan one with `bounce battle new`.");
            } else {
                println!(
                    "{}",
                    output::table(
                        &["battle", "name", "at", "after", "ruleset", "status", "winner"],
                        list.iter().map(|b| vec![
                            b.code.clone(),
                            b.name.clone(),
                            b.at.replace('T', " "),
                            b.after.clone().unwrap_or_default(),
                            b.ruleset.clone(),
                            b.status.clone(),
                            b.winner.clone().unwrap_or_default(),
                        ])
                    )
                );
            }
            Ok(())
        }
        BattleCommand::Show { code } => {
            let store = Store::open(&ctx.db)?;
            let doc = battle_doc(&store, &code)?;
            if ctx.json {
                output::json(&doc);
            } else {
                print_result(&doc);
            }
            Ok(())
        }
        BattleCommand::Log { code } => {
            let store = Store::open(&ctx.db)?;
            let b = battles::battle(store.conn(), &code)?;
            let events = battles::events(store.conn(), b.id)?;
            if ctx.json {
                output::json(&events);
            } else if events.is_empty() {
                println!("Battle {code} has not been fought yet.");
            } else {
                print_log(&b.name, &events);
            }
            Ok(())
        }
        BattleCommand::Auto { code, dry_run } => {
            let mut store = Store::open(&ctx.db)?;
            let seed = ctx.seed.unwrap_or_else(clock_seed);
            let fought = if dry_run {
                auto::fight(store.conn(), &code, seed)
            } else {
                auto::commit(&mut store, "auto", |c| auto::fight(c, &code, seed))
            }
            .map_err(driver)?;
            let doc = fought_doc(&fought, dry_run);
            if ctx.json {
                output::json(&doc);
            } else {
                print_result(&doc);
                if dry_run {
                    println!("\nDry run: nothing was written. The same --seed {seed} without --dry-run commits exactly this.");
                } else {
                    println!("\n`bounce battle log {code}` tells the battle turn by turn; `bounce undo` reverts it.");
                }
            }
            Ok(())
        }
        BattleCommand::Record { code, results } => {
            let name = results.display().to_string();
            let text = std::fs::read_to_string(&results).map_err(|e| CampaignError::File {
                file: name.clone(),
                message: format!("cannot read it: {e}"),
            })?;
            let mut store = Store::open(&ctx.db)?;
            let seed = ctx.seed.unwrap_or_else(clock_seed);
            let fought = auto::commit(&mut store, "recorded", |c| {
                let b = auto::ready(c, &code)?;
                let mut participants = Vec::new();
                for role in [Role::Attacker, Role::Defender] {
                    for r in battles::force_stands(c, b.id, role)? {
                        if r.record.status == crate::rules::kinds::Status::Effective {
                            participants.push(Participant {
                                role,
                                record: r.record,
                            });
                        }
                    }
                }
                let result =
                    crate::battle::record::read(&name, &text, &participants, b.ruleset, seed)?;
                auto::aftermath(c, b, result)
            })
            .map_err(driver)?;
            let doc = fought_doc(&fought, false);
            if ctx.json {
                output::json(&doc);
            } else {
                print_result(&doc);
            }
            Ok(())
        }
        BattleCommand::Play { code, dice } => play(ctx, &code, dice == "manual"),
        BattleCommand::Odds { code, runs } => {
            if runs == 0 {
                return Err(CliError::Usage("--runs must be at least 1".into()));
            }
            let store = Store::open(&ctx.db)?;
            let b = auto::ready(store.conn(), &code).map_err(driver)?;
            let setup = battles::setup(store.conn(), &b, TURN_LIMIT)?;
            let resolver = auto::resolver_for(b.ruleset, false).map_err(|e| driver(e.into()))?;
            let seed = ctx.seed.unwrap_or_else(clock_seed);
            let bar = if runs >= 2000 && !ctx.json {
                indicatif::ProgressBar::new(runs)
            } else {
                indicatif::ProgressBar::hidden()
            };
            let started = Instant::now();
            let o = odds(resolver.as_ref(), &setup, seed, runs, &|| bar.inc(1))
                .map_err(|e| driver(e.into()))?;
            bar.finish_and_clear();
            let doc = OddsDoc {
                battle: code.clone(),
                seed,
                odds: o,
                seconds: started.elapsed().as_secs_f64(),
            };
            if ctx.json {
                output::json(&doc);
            } else {
                let o = &doc.odds;
                println!(
                    "Odds of {code} over {} runs (seed {seed}, {:.2} s):",
                    o.runs, doc.seconds
                );
                println!(
                    "{}",
                    output::table(
                        &["outcome", "rate"],
                        [
                            vec![
                                "attacker wins".to_string(),
                                format!("{:.1}%", o.attacker_wins * 100.0)
                            ],
                            vec![
                                "defender wins".to_string(),
                                format!("{:.1}%", o.defender_wins * 100.0)
                            ],
                            vec!["draw".to_string(), format!("{:.1}%", o.draws * 100.0)],
                        ]
                    )
                );
                println!(
                    "{}",
                    output::table(
                        &["hits taken by", "mean", "p10", "p50", "p90"],
                        [("attacker", o.attacker_hits), ("defender", o.defender_hits)].map(
                            |(w, s)| vec![
                                w.to_string(),
                                format!("{:.1}", s.mean),
                                s.p10.to_string(),
                                s.p50.to_string(),
                                s.p90.to_string()
                            ]
                        )
                    )
                );
                println!(
                    "Mean length: {:.1} turns ({:.0} minutes).",
                    o.mean_turns,
                    o.mean_turns * 5.0
                );
            }
            Ok(())
        }
    }
}

fn driver(e: DriverError) -> CliError {
    match e {
        DriverError::Store(e) => e.into(),
        DriverError::Battle(e) => CliError::Usage(e.to_string()),
        DriverError::Campaign(e) => e.into(),
        DriverError::Refused(m) => CliError::Usage(m),
    }
}

/// A seed for commands run without `--seed`; it is stored with the battle.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

#[derive(Serialize)]
struct OddsDoc {
    battle: String,
    seed: u64,
    #[serde(flatten)]
    odds: crate::battle::odds::Odds,
    seconds: f64,
}

use crate::store::battles::StandPart as StandLine;

/// A battle as `battle auto` and `battle show` print it.
#[derive(Debug, Serialize)]
pub struct BattleDoc {
    pub battle: String,
    pub name: String,
    pub status: String,
    pub ruleset: String,
    pub seed: Option<u64>,
    pub winner: Option<String>,
    pub turns: Option<i64>,
    pub end_reason: Option<String>,
    pub at: String,
    pub ended_at: Option<String>,
    pub after: Option<String>,
    pub dry_run: bool,
    pub stands: Vec<StandLine>,
    pub casualties: BTreeMap<&'static str, i64>,
    pub events: Vec<Event>,
}

fn empty_casualties() -> BTreeMap<&'static str, i64> {
    Severity::ALL.iter().map(|s| (s.as_str(), 0)).collect()
}

fn fought_doc(f: &auto::Fought, dry_run: bool) -> BattleDoc {
    let mut casualties = empty_casualties();
    for c in &f.consequences.casualties {
        *casualties.entry(c.severity.as_str()).or_default() += 1;
    }
    let side = |code: &str| {
        f.sides
            .iter()
            .find(|(c, _)| c == code)
            .map(|(_, s)| s.clone())
            .unwrap_or_default()
    };
    BattleDoc {
        battle: f.battle.code.clone(),
        name: f.battle.name.clone(),
        status: if dry_run {
            "planned".into()
        } else {
            "resolved".into()
        },
        ruleset: f.result.ruleset.as_str().into(),
        seed: Some(f.result.seed),
        winner: Some(f.result.winner.as_str().into()),
        turns: Some(i64::from(f.result.turns)),
        end_reason: Some(f.result.end_reason.clone()),
        at: format_time(&f.battle.at),
        ended_at: Some(format_time(&f.ended_at)),
        after: f.battle.after.clone(),
        dry_run,
        stands: f
            .result
            .stands
            .iter()
            .map(|s| StandLine {
                code: s.code.clone(),
                side: side(&s.code),
                role: s.role.as_str().into(),
                hits_taken: s.hits_taken,
                status_after: s.status_after.as_str().into(),
                fired: s.fired,
                under_fire: s.under_fire,
                ammo_spent: s.ammo_spent,
                actions_gained: f
                    .consequences
                    .stands
                    .iter()
                    .find(|a| a.record.code == s.code)
                    .map(|a| a.actions_gained)
                    .unwrap_or(0),
            })
            .collect(),
        casualties,
        events: f.result.events.clone(),
    }
}

pub fn battle_doc(store: &Store, code: &str) -> Result<BattleDoc, CliError> {
    let conn = store.conn();
    let b = battles::battle(conn, code)?;
    let mut casualties = empty_casualties();
    for (sev, n) in battles::casualty_counts(conn, b.id)? {
        casualties.insert(
            Severity::ALL
                .iter()
                .find(|s| s.as_str() == sev)
                .map(|s| s.as_str())
                .unwrap_or("dead"),
            n,
        );
    }
    Ok(BattleDoc {
        battle: b.code.clone(),
        name: b.name.clone(),
        status: b.status.clone(),
        ruleset: b.ruleset.as_str().into(),
        seed: b.seed,
        winner: b.winner.clone(),
        turns: b.turns,
        end_reason: b.end_reason.clone(),
        at: format_time(&b.at),
        ended_at: b.ended_at.as_ref().map(format_time),
        after: b.after.clone(),
        dry_run: false,
        stands: battles::stand_lines(conn, b.id)?,
        casualties,
        events: battles::events(conn, b.id)?,
    })
}

fn print_result(d: &BattleDoc) {
    println!("Battle {} — {} ({})", d.battle, d.name, d.status);
    let Some(winner) = &d.winner else {
        println!("Planned for {}; not fought yet.", d.at.replace('T', " "));
        return;
    };
    println!(
        "Winner: {winner} after {} turns — {}",
        d.turns.unwrap_or(0),
        d.end_reason.clone().unwrap_or_default()
    );
    println!(
        "{}",
        output::table(
            &[
                "stand",
                "side",
                "role",
                "hits",
                "status after",
                "fired",
                "under fire",
                "ammo spent",
                "actions +"
            ],
            d.stands.iter().map(|s| vec![
                s.code.clone(),
                s.side.clone(),
                s.role.clone(),
                s.hits_taken.to_string(),
                s.status_after.clone(),
                super::campaign::yes_no(s.fired),
                super::campaign::yes_no(s.under_fire),
                s.ammo_spent.to_string(),
                s.actions_gained.to_string(),
            ]),
        )
    );
    let cas: Vec<String> = d
        .casualties
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{n} {k}"))
        .collect();
    println!(
        "Casualties at the aid post: {}",
        if cas.is_empty() {
            "none".into()
        } else {
            cas.join(", ")
        }
    );
}

fn print_log(name: &str, events: &[Event]) {
    println!("{name}");
    let mut turn = u32::MAX;
    for e in events {
        if e.turn != turn {
            turn = e.turn;
            if turn == 0 {
                println!("\nBefore the battle");
            } else {
                println!("\nTurn {turn} ({}–{} min)", (turn - 1) * 5, turn * 5);
            }
        }
        println!("  [{}] {}", e.phase, e.text);
    }
}

/// Runs a table session on stdin; commits only on `end`.
fn play(ctx: &Ctx, code: &str, manual: bool) -> Result<(), CliError> {
    use crate::rules::bia::auto::play::{Reply, Session};
    use std::io::{BufRead, IsTerminal, Write};
    let mut store = Store::open(&ctx.db)?;
    let b = auto::ready(store.conn(), code).map_err(driver)?;
    if b.ruleset != Ruleset::Bia {
        return Err(CliError::Usage(format!(
            "table play supports the bia ruleset; `{code}` uses {}",
            b.ruleset
        )));
    }
    let setup = battles::setup(store.conn(), &b, TURN_LIMIT)?;
    let seed = ctx.seed.unwrap_or_else(clock_seed);
    let mut session =
        Session::new(&setup, seed, manual).map_err(|e| CliError::Usage(e.to_string()))?;
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
                let fought = auto::commit(&mut store, "played", |c| {
                    auto::aftermath(c, auto::ready(c, code)?, *result)
                })
                .map_err(driver)?;
                let doc = fought_doc(&fought, false);
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
