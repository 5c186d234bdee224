//! `battle …`: one file per command; this file holds the command line, the
//! dispatch and the battle document the commands share.

mod auto;
mod cancel;
mod edit;
mod list;
mod log;
mod new;
mod odds;
mod play;
mod record;
mod show;

use std::collections::BTreeMap;

use clap::Subcommand;
use serde::Serialize;

use super::output;
use super::{CliError, Ctx};
use crate::battle::event::Event;
use crate::campaign::battle::Fought;
use crate::campaign::records::format_time;
use crate::core::kinds::{Cover, Severity};
use crate::engine::auto::DriverError;
use crate::engine::Registry;
use crate::store::battles::{self, StandPart as StandLine};
use crate::store::Store;

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
        /// The ruleset to fight it under; default: the campaign's.
        #[arg(long)]
        ruleset: Option<String>,
        /// Opening range in table cm.
        #[arg(long, default_value_t = 60)]
        range: i64,
        #[arg(long, default_value = "cover")]
        cover: Cover,
        #[arg(long, default_value = "")]
        terrain: String,
        /// The objective and what each side knows, for the players.
        #[arg(long, default_value = "")]
        briefing: String,
        /// In-game start; default: the campaign clock.
        #[arg(long)]
        at: Option<String>,
    },
    /// Change a planned battle; fields not named stay as they are.
    #[command(
        after_help = "Examples:\n  bounce battle edit ridge --range 40 --cover bunker\n  bounce battle edit ridge --attacker a-1pl --attacker hvt-2   (the attackers, all of them)\n  bounce battle edit ridge --after \"\"   (no longer follows another battle)"
    )]
    Edit {
        code: String,
        /// The attackers, replacing the plan's: units or stands, repeatable.
        #[arg(long)]
        attacker: Vec<String>,
        /// The defenders, replacing the plan's.
        #[arg(long)]
        defender: Vec<String>,
        #[arg(long)]
        name: Option<String>,
        /// The battle this one follows ("" for none).
        #[arg(long)]
        after: Option<String>,
        #[arg(long)]
        ruleset: Option<String>,
        /// Opening range in table cm.
        #[arg(long, allow_negative_numbers = true)]
        range: Option<i64>,
        #[arg(long)]
        cover: Option<Cover>,
        #[arg(long)]
        terrain: Option<String>,
        /// The objective and what each side knows, for the players.
        #[arg(long)]
        briefing: Option<String>,
        /// In-game start, no earlier than the campaign clock.
        #[arg(long)]
        at: Option<String>,
    },
    /// Drop a planned battle (`undo` brings it back).
    #[command(after_help = "Example:\n  bounce battle cancel ridge")]
    Cancel { code: String },
    /// All battles, planned and fought.
    List,
    /// One battle's result (or its plan).
    Show { code: String },
    /// One battle's event log, turn by turn.
    Log {
        code: String,
        /// Only what this side's stands did or suffered (and general events).
        #[arg(long)]
        side: Option<String>,
    },
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
    Play {
        code: String,
        /// `auto`: the tool rolls when a line gives no roll; `manual`: every die must be typed.
        #[arg(long, default_value = "auto", value_parser = ["auto", "manual"])]
        dice: String,
        /// Drop the battle's unfinished session (kept since Ctrl-C, a crash or the
        /// end of the input) and start afresh.
        #[arg(long)]
        discard: bool,
    },
    /// Fight a battle many times without writing anything: win rates, hits, what-if variants.
    #[command(after_help = odds::AFTER_HELP)]
    Odds {
        code: String,
        /// Runs to fight [default: 1000]; with --precision, the most runs to fight [default: 100000].
        #[arg(long)]
        runs: Option<u64>,
        /// Stop as soon as the attacker's win rate is known within ± P (95 % interval), e.g. 0.01;
        /// runs go in batches of 500.
        #[arg(long, value_name = "P")]
        precision: Option<f64>,
        /// Variants of the plan to weigh beside it, one per SPEC: KEY=VALUE changes joined by
        /// commas (add-attacker=UNIT|STAND, add-defender=UNIT|STAND, remove=STAND|UNIT, range=CM,
        /// cover=open|cover|bunker).
        #[arg(long, value_name = "SPEC", num_args = 1..)]
        compare: Vec<String>,
    },
}

/// Fills in what the registry decides: the rulesets `battle new --ruleset`
/// takes and the list in `battle play --help`.
pub(super) fn for_rulesets(cmd: clap::Command, registry: &Registry) -> clap::Command {
    let rulesets = |c: clap::Command| {
        c.mut_arg("ruleset", |a| {
            a.value_parser(clap::builder::PossibleValuesParser::new(registry.names()))
        })
    };
    cmd.mut_subcommand("new", rulesets)
        .mut_subcommand("edit", rulesets)
        .mut_subcommand("play", |c| c.after_help(play::after_help(registry)))
}

pub fn run(ctx: &Ctx, cmd: BattleCommand) -> Result<(), CliError> {
    let registry = &ctx.registry;
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
            briefing,
            at,
        } => new::run(
            ctx,
            registry,
            new::Plan {
                code,
                attacker,
                defender,
                name,
                after,
                ruleset,
                range,
                cover,
                terrain,
                briefing,
                at,
            },
        ),
        BattleCommand::Edit {
            code,
            attacker,
            defender,
            name,
            after,
            ruleset,
            range,
            cover,
            terrain,
            briefing,
            at,
        } => edit::run(
            ctx,
            registry,
            &code,
            edit::Changes {
                attacker,
                defender,
                name,
                after,
                ruleset,
                range,
                cover,
                terrain,
                briefing,
                at,
            },
        ),
        BattleCommand::Cancel { code } => cancel::run(ctx, &code),
        BattleCommand::List => list::run(ctx),
        BattleCommand::Show { code } => show::run(ctx, registry, &code),
        BattleCommand::Log { code, side } => log::run(ctx, registry, &code, side.as_deref()),
        BattleCommand::Auto { code, dry_run } => auto::run(ctx, registry, &code, dry_run),
        BattleCommand::Record { code, results } => record::run(ctx, registry, &code, &results),
        BattleCommand::Play {
            code,
            dice,
            discard,
        } => play::run(ctx, registry, &code, dice == "manual", discard),
        BattleCommand::Odds {
            code,
            runs,
            precision,
            compare,
        } => odds::run(
            ctx,
            registry,
            &code,
            odds::Ask {
                runs,
                precision,
                compare,
            },
        ),
    }
}

/// A driver's error as the command's: bad battles and files are input (exit 2).
pub(super) fn driver(e: DriverError) -> CliError {
    match e {
        DriverError::Store(e) => e.into(),
        DriverError::Campaign(e) => e.into(),
        e => CliError::Usage(e.to_string()),
    }
}

/// A seed for commands run without `--seed`; it is stored with the battle.
pub(super) fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

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
    /// The umpire's briefing, when the battle has one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub briefing: String,
    pub dry_run: bool,
    pub stands: Vec<StandLine>,
    /// The ruleset's note on each stand (e.g. ACTION design points), when it gives any.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub notes: BTreeMap<String, String>,
    pub casualties: BTreeMap<&'static str, i64>,
    pub events: Vec<Event>,
    /// A battle not yet fought: what is planned (`battle show`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<show::PlanDoc>,
}

impl BattleDoc {
    /// Adds the notes the battle's ruleset reads off the log.
    pub(super) fn with_notes(mut self, registry: &Registry) -> BattleDoc {
        if let Ok(r) = registry.get(&self.ruleset) {
            self.notes = r.stand_notes(&self.events).into_iter().collect();
        }
        self
    }
}

fn empty_casualties() -> BTreeMap<&'static str, i64> {
    Severity::ALL.iter().map(|s| (s.as_str(), 0)).collect()
}

pub(super) fn fought_doc(f: &Fought, dry_run: bool) -> BattleDoc {
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
        ruleset: f.result.ruleset.clone(),
        seed: Some(f.result.seed),
        winner: Some(f.result.winner.as_str().into()),
        turns: Some(i64::from(f.result.turns)),
        end_reason: Some(f.result.end_reason.clone()),
        at: format_time(&f.battle.at),
        ended_at: Some(format_time(&f.ended_at)),
        after: f.battle.after.clone(),
        briefing: f.battle.briefing.clone(),
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
        notes: BTreeMap::new(),
        casualties,
        events: f.result.events.clone(),
        plan: None,
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
        ruleset: b.ruleset.clone(),
        seed: b.seed,
        winner: b.winner.clone(),
        turns: b.turns,
        end_reason: b.end_reason.clone(),
        at: format_time(&b.at),
        ended_at: b.ended_at.as_ref().map(format_time),
        after: b.after.clone(),
        briefing: b.briefing.clone(),
        dry_run: false,
        stands: battles::stand_lines(conn, b.id)?,
        notes: BTreeMap::new(),
        casualties,
        events: battles::events(conn, b.id)?,
        plan: None,
    })
}

pub(super) fn print_result(d: &BattleDoc) {
    println!("Battle {} — {} ({})", d.battle, d.name, d.status);
    if !d.briefing.is_empty() {
        println!("Briefing: {}", d.briefing);
    }
    let Some(winner) = &d.winner else {
        println!("Planned for {}; not fought yet.", d.at.replace('T', " "));
        return;
    };
    println!(
        "Winner: {winner} after {} turns — {}",
        d.turns.unwrap_or(0),
        d.end_reason.clone().unwrap_or_default()
    );
    let mut head = vec![
        "stand",
        "side",
        "role",
        "hits",
        "status after",
        "fired",
        "under fire",
        "ammo spent",
        "actions +",
    ];
    if !d.notes.is_empty() {
        head.push("note");
    }
    println!(
        "{}",
        output::table(
            &head,
            d.stands.iter().map(|s| {
                let mut row = vec![
                    s.code.clone(),
                    s.side.clone(),
                    s.role.clone(),
                    s.hits_taken.to_string(),
                    s.status_after.clone(),
                    crate::cli::campaign::yes_no(s.fired),
                    crate::cli::campaign::yes_no(s.under_fire),
                    s.ammo_spent.to_string(),
                    s.actions_gained.to_string(),
                ];
                if !d.notes.is_empty() {
                    row.push(d.notes.get(&s.code).cloned().unwrap_or_default());
                }
                row
            }),
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

/// The log turn by turn; `minutes` is the ruleset's length of a turn.
pub(super) fn print_log(name: &str, events: &[Event], minutes: u32) {
    println!("{name}");
    let mut turn = u32::MAX;
    for e in events {
        if e.turn != turn {
            turn = e.turn;
            if turn == 0 {
                println!("\nBefore the battle");
            } else {
                println!(
                    "\nTurn {turn} ({}–{} min)",
                    (turn - 1) * minutes,
                    turn * minutes
                );
            }
        }
        println!("  [{}] {}", e.phase, e.text);
    }
}
