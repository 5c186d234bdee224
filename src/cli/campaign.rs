//! Whole-campaign commands: init, import, export, demo, status, backup.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::output;
use super::{CliError, Ctx};
use crate::campaign::file;
use crate::campaign::records::{format_time, parse_time, CampaignSettings};
use crate::campaign::validate::KnownCodes;
use crate::campaign::CampaignError;
use crate::store::import::{self as store_import, Counts};
use crate::store::{export as store_export, queries, Store, StoreError};

/// The Full Moon campaign, built into the binary so `demo` needs no files.
pub const FULL_MOON: &str = include_str!("../../campaigns/full-moon.toml");

pub fn init(ctx: &Ctx, name: &str, start: &str, ruleset: &str) -> Result<(), CliError> {
    let start = parse_time(start).map_err(|m| CampaignError::Invalid {
        field: "--start".into(),
        message: m,
    })?;
    let ruleset = crate::engine::Registry::standard()
        .get(ruleset)
        .map_err(|e| CampaignError::Invalid {
            field: "--ruleset".into(),
            message: e.to_string(),
        })?
        .name()
        .to_string();
    if ctx.db.exists() {
        return Err(StoreError::AlreadyExists {
            path: ctx.db.display().to_string(),
        }
        .into());
    }
    let settings = CampaignSettings {
        name: name.to_string(),
        start,
        ruleset: ruleset.clone(),
        light_wound_days: 7,
        serious_wound_days: 28,
    };
    let mut store = Store::open_or_create(&ctx.db)?;
    store.change("init", |tx| {
        store_import::insert_campaign(tx, &settings, false)?;
        Ok(((), format!("created campaign \"{name}\"")))
    })?;
    if ctx.json {
        output::json(
            &serde_json::json!({"db": ctx.db, "name": name, "clock": format_time(&start), "ruleset": ruleset}),
        );
    } else {
        println!(
            "Created campaign \"{name}\" in {} (clock {}, ruleset {ruleset}).",
            ctx.db.display(),
            format_time(&start)
        );
    }
    Ok(())
}

#[derive(Serialize)]
struct ImportReport<'a> {
    file: &'a str,
    db: &'a Path,
    #[serde(flatten)]
    counts: Counts,
}

pub fn import(ctx: &Ctx, path: &Path) -> Result<(), CliError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| CampaignError::File {
        file: name.clone(),
        message: format!("cannot read it: {e}"),
    })?;
    let text = file::read_text(&name, bytes)?;
    let counts = import_text(&ctx.db, &name, &text, false)?;
    if ctx.json {
        output::json(&ImportReport {
            file: &name,
            db: &ctx.db,
            counts,
        });
    } else {
        println!(
            "Imported {name} into {}: {} sides, {} commands, {} units, {} stands, {} battles.",
            ctx.db.display(),
            counts.sides,
            counts.commands,
            counts.units,
            counts.stands,
            counts.battles
        );
    }
    Ok(())
}

/// Checks a campaign file fully, then adds it in one journalled transaction.
/// A new campaign file is built beside its final name and linked into place
/// only when complete, so an import killed at any instant leaves either no
/// file or the whole campaign, never a half-made one.
fn import_text(db: &Path, name: &str, text: &str, made_by_demo: bool) -> Result<Counts, CliError> {
    let rulesets = crate::engine::Registry::standard().names();
    if db.exists() {
        return import_into(db, name, text, made_by_demo, &rulesets);
    }
    // A bad file is refused before anything is created.
    let parsed = file::parse_checked(name, text, &KnownCodes::new())?;
    file::check_rulesets(name, text, &parsed, &rulesets)?;
    let stem = db
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "campaign.db".into());
    let building = db.with_file_name(format!(".{stem}.importing-{}", std::process::id()));
    remove_db(&building);
    let counts = import_into(&building, name, text, made_by_demo, &rulesets)
        .and_then(|c| {
            Store::open(&building)?.checkpoint()?;
            Ok(c)
        })
        .inspect_err(|_| remove_db(&building))?;
    // Closed above, so the write-ahead log is folded into the file; a hard
    // link never replaces a campaign another process made meanwhile.
    let placed = std::fs::hard_link(&building, db);
    remove_db(&building);
    placed.map_err(|e| CliError::Io {
        path: db.display().to_string(),
        source: e,
    })?;
    Ok(counts)
}

/// The import itself, into a file that exists or is created empty.
fn import_into(
    db: &Path,
    name: &str,
    text: &str,
    made_by_demo: bool,
    rulesets: &[&str],
) -> Result<Counts, CliError> {
    let mut store = Store::open_or_create(db)?;
    let summary_name = Path::new(name)
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| name.to_string());
    store.try_change::<_, CliError>("import", |tx| {
        // Checked against the codes as they are under the write lock, so two
        // imports of one code cannot both pass.
        let parsed = file::parse_checked(name, text, &store_import::known_codes(tx)?)?;
        file::check_rulesets(name, text, &parsed, rulesets)?;
        if parsed.campaign.is_none() && !crate::store::has_campaign(tx)? {
            return Err(CampaignError::File {
                file: name.to_string(),
                message: "a new campaign needs a [campaign] section with its name and start".into(),
            }
            .into());
        }
        let c = store_import::import(tx, &parsed, made_by_demo)?;
        if parsed.campaign.is_none() && c.sides + c.commands + c.units + c.stands + c.battles == 0 {
            return Err(CampaignError::File {
                file: name.to_string(),
                message: "holds nothing to import (no sides, commands, units, stands or battles)"
                    .into(),
            }
            .into());
        }
        Ok((
            c,
            format!(
                "imported {summary_name}: {} sides, {} commands, {} units, {} stands, {} battles",
                c.sides, c.commands, c.units, c.stands, c.battles
            ),
        ))
    })
}

fn remove_db(db: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

pub fn export(ctx: &Ctx, dest: Option<&Path>) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let text = file::to_text(&store_export::export(store.conn())?);
    match dest {
        Some(path) => {
            // Written beside the name and renamed, so a killed export never
            // leaves half a file where a whole one was.
            let mut part = path.as_os_str().to_owned();
            part.push(".part");
            let part = PathBuf::from(part);
            std::fs::write(&part, &text)
                .and_then(|_| std::fs::rename(&part, path))
                .map_err(|e| {
                    let _ = std::fs::remove_file(&part);
                    CliError::Io {
                        path: path.display().to_string(),
                        source: e,
                    }
                })?;
            if ctx.json {
                output::json(&serde_json::json!({"file": path, "bytes": text.len()}));
            } else {
                println!("Exported {} to {}.", ctx.db.display(), path.display());
            }
        }
        None if ctx.json => {
            let file = store_export::export(store.conn())?;
            output::json(&file);
        }
        None => print!("{text}"),
    }
    Ok(())
}

pub fn demo(ctx: &Ctx) -> Result<(), CliError> {
    let db = if ctx.db_given {
        ctx.db.clone()
    } else {
        PathBuf::from("bounce-demo.db")
    };
    if db.exists() {
        let ours = Store::open(&db)
            .and_then(|s| queries::made_by_demo(s.conn()))
            .unwrap_or(false);
        if !ours {
            return Err(CliError::Usage(format!(
                "{} exists and was not made by `bounce demo`; name another file with --db",
                db.display()
            )));
        }
        remove_db(&db);
    }
    import_text(&db, "campaigns/full-moon.toml", FULL_MOON, true)?;
    let demo_ctx = Ctx {
        db: db.clone(),
        db_given: true,
        json: ctx.json,
        seed: ctx.seed,
    };
    let fought = fight_chain(&db, ctx.seed.unwrap_or(DEMO_SEED))?;
    let report_file = db.with_file_name("bounce-report.html");
    super::report::write_html(&db, &report_file)?;
    if ctx.json {
        let store = Store::open(&db)?;
        output::json(&serde_json::json!({
            "db": db,
            "report": report_file,
            "battles": fought,
            "status": status_doc(&store)?,
            "casualties": queries::casualties(store.conn(), false, None, None)?,
            "roster": super::roster::roster_doc(&store, &queries::StandFilter::default())?,
        }));
        return Ok(());
    }
    println!(
        "Demo campaign built in {} and its battles fought (seed {}).\n",
        db.display(),
        ctx.seed.unwrap_or(DEMO_SEED)
    );
    for f in &fought {
        println!(
            "{} ({} turns): {} — {}; {} casualties",
            f.battle, f.turns, f.winner, f.end_reason, f.casualties
        );
    }
    println!();
    status(&demo_ctx)?;
    println!();
    let store = Store::open(&db)?;
    let cas = queries::casualties(store.conn(), false, None, None)?;
    let mut by_outcome: std::collections::BTreeMap<&str, usize> = Default::default();
    for c in &cas {
        *by_outcome.entry(c.outcome.as_str()).or_default() += 1;
    }
    println!(
        "Casualty records: {} ({}). `bounce --db {} casualties` lists them; `battle log CODE` tells each battle.",
        cas.len(),
        by_outcome.iter().map(|(k, v)| format!("{v} {k}")).collect::<Vec<_>>().join(", "),
        db.display()
    );
    println!("The campaign report is in {}.", report_file.display());
    Ok(())
}

/// The seed the demo fights its battles with, so every run tells the same story.
pub const DEMO_SEED: u64 = 2157;

#[derive(Serialize)]
struct ChainResult {
    battle: String,
    winner: String,
    turns: u32,
    end_reason: String,
    casualties: usize,
}

/// Fights every planned battle in date order, each with a seed derived from `seed`.
fn fight_chain(db: &Path, seed: u64) -> Result<Vec<ChainResult>, CliError> {
    let registry = crate::engine::Registry::standard();
    let mut store = Store::open(db)?;
    let planned: Vec<String> = queries::battles(store.conn())?
        .into_iter()
        .filter(|b| b.status == "planned")
        .map(|b| b.code)
        .collect();
    let mut out = Vec::new();
    for (i, code) in planned.iter().enumerate() {
        let run_seed = crate::core::dice::derive_seed(seed, i as u64);
        let f = crate::engine::auto::commit(&mut store, "auto", |c| {
            crate::engine::auto::fight(&registry, c, code, run_seed)
        })
        .map_err(|e| CliError::Failed(e.to_string()))?;
        out.push(ChainResult {
            battle: code.clone(),
            winner: f.result.winner.as_str().to_string(),
            turns: f.result.turns,
            end_reason: f.result.end_reason.clone(),
            casualties: f.consequences.casualties.len(),
        });
    }
    Ok(out)
}

#[derive(Serialize)]
struct StatusDoc {
    campaign: queries::CampaignInfo,
    sides: Vec<queries::SideSummary>,
    commands: Vec<queries::CommandStrength>,
    battles: Vec<queries::BattleSummary>,
    hospital: Vec<crate::store::logistics::InHospital>,
    pending_deliveries: Vec<crate::store::logistics::Pending>,
}

fn status_doc(store: &Store) -> Result<StatusDoc, CliError> {
    let conn = store.conn();
    Ok(StatusDoc {
        campaign: queries::campaign_info(conn)?,
        sides: queries::sides(conn)?,
        commands: queries::command_strengths(conn)?,
        battles: queries::battles(conn)?,
        hospital: crate::store::logistics::in_hospital(conn)?,
        pending_deliveries: crate::store::logistics::pending_deliveries(conn)?,
    })
}

pub fn status(ctx: &Ctx) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    let doc = status_doc(&store)?;
    if ctx.json {
        output::json(&doc);
        return Ok(());
    }
    println!(
        "{} — {} (default ruleset {})\n",
        doc.campaign.name,
        format_time(&doc.campaign.clock).replace('T', " "),
        doc.campaign.ruleset
    );
    output::titled(
        "Sides",
        output::table(
            &["side", "name", "medical", "treats PW well", "supply points"],
            doc.sides.iter().map(|s| {
                vec![
                    s.code.clone(),
                    s.name.clone(),
                    s.medical.clone(),
                    yes_no(s.treats_pw_well),
                    s.supply_points.to_string(),
                ]
            }),
        ),
    );
    println!();
    output::titled(
        "Commands",
        output::table(
            &[
                "side",
                "command",
                "player",
                "supply",
                "contact",
                "effective",
                "ineffective",
                "destroyed",
                "other",
                "men",
                "hits",
                "in hospital",
            ],
            doc.commands.iter().map(|c| {
                vec![
                    c.side.clone(),
                    c.command.clone(),
                    c.player.clone(),
                    c.supply.clone(),
                    c.contact.clone(),
                    c.effective.to_string(),
                    c.ineffective.to_string(),
                    c.destroyed.to_string(),
                    c.other.to_string(),
                    c.men.to_string(),
                    c.hits.to_string(),
                    c.in_hospital.to_string(),
                ]
            }),
        ),
    );
    for p in &doc.pending_deliveries {
        println!(
            "On the way: {} supply points for {}, arriving {}.",
            p.points,
            p.side,
            p.arrives_at.replace('T', " ")
        );
    }
    println!();
    if !doc.hospital.is_empty() {
        output::titled(
            "In hospital",
            output::table(
                &["stand", "people", "return to duty"],
                doc.hospital.iter().map(|h| {
                    vec![
                        h.stand.clone(),
                        h.people.to_string(),
                        h.returns_at.replace('T', " "),
                    ]
                }),
            ),
        );
        println!();
    }
    if doc.battles.is_empty() {
        println!("No battles yet.");
    } else {
        output::titled(
            "Battles",
            output::table(
                &["battle", "name", "at", "after", "status", "winner"],
                doc.battles.iter().rev().take(8).rev().map(|b| {
                    vec![
                        b.code.clone(),
                        b.name.clone(),
                        b.at.replace('T', " "),
                        b.after.clone().unwrap_or_default(),
                        b.status.clone(),
                        b.winner.clone().unwrap_or_default(),
                    ]
                }),
            ),
        );
    }
    Ok(())
}

pub fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}

pub fn backup(ctx: &Ctx, dest: &Path) -> Result<(), CliError> {
    let store = Store::open(&ctx.db)?;
    if dest.exists() {
        return Err(CliError::Usage(format!(
            "{} already exists; back up to a new file",
            dest.display()
        )));
    }
    store.backup(dest)?;
    if ctx.json {
        output::json(&serde_json::json!({"db": ctx.db, "backup": dest}));
    } else {
        println!("Backed up {} to {}.", ctx.db.display(), dest.display());
    }
    Ok(())
}
