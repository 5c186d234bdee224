//! `import FILE.toml`: load a campaign file, all or nothing; a new campaign file
//! appears only when whole.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::campaign::file;
use crate::campaign::validate::KnownCodes;
use crate::campaign::CampaignError;
use crate::cli::output;
use crate::cli::{CliError, Ctx};
use crate::engine::Registry;
use crate::store::import::{self as store_import, Counts, Kept};
use crate::store::records::OptionRecord;
use crate::store::Store;

#[derive(Serialize)]
struct ImportReport<'a> {
    file: &'a str,
    db: &'a Path,
    #[serde(flatten)]
    counts: Counts,
}

pub fn import(ctx: &Ctx, path: &Path) -> Result<(), CliError> {
    let name = path.display().to_string();
    let text = file::read_file(path)?;
    let counts = import_text(ctx, &ctx.db, &name, &text, false)?;
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
        if let Some(note) = kept_note(&counts.kept) {
            println!("{note}");
        }
    }
    Ok(())
}

/// Checks a campaign file fully, then adds it in one journalled transaction.
/// A new campaign is built in memory and put at its name only when complete
/// (and only if no other process made a file there meanwhile), so an import
/// killed at any instant leaves either no file or the whole campaign, and no
/// temporary file beside it.
pub(super) fn import_text(
    ctx: &Ctx,
    db: &Path,
    name: &str,
    text: &str,
    made_by_demo: bool,
) -> Result<Counts, CliError> {
    let rulesets = ctx.registry.names();
    if db.exists() {
        let mut store = Store::open(db)?;
        return import_into(&mut store, name, text, made_by_demo, &ctx.registry);
    }
    // A bad file is refused before anything is created.
    let parsed = file::parse_checked(name, text, &KnownCodes::new())?;
    file::check_rulesets(name, text, &parsed, &rulesets)?;
    file::check_options(name, text, &parsed, &|o| option_ok(&ctx.registry, o))?;
    let mut store = Store::create(db)?;
    let counts = import_into(&mut store, name, text, made_by_demo, &ctx.registry)?;
    store.place()?;
    Ok(counts)
}

/// The import itself, into an open campaign or one being built.
fn import_into(
    store: &mut Store,
    name: &str,
    text: &str,
    made_by_demo: bool,
    registry: &Registry,
) -> Result<Counts, CliError> {
    let rulesets = &registry.names()[..];
    let summary_name = Path::new(name)
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| name.to_string());
    store.try_change::<_, CliError>("import", |tx| {
        // Checked against the codes as they are under the write lock, so two
        // imports of one code cannot both pass.
        let parsed = file::parse_checked(name, text, &store_import::known_codes(tx)?)?;
        file::check_rulesets(name, text, &parsed, rulesets)?;
        file::check_options(name, text, &parsed, &|o| option_ok(registry, o))?;
        if parsed.campaign.is_none() && !crate::store::has_campaign(tx)? {
            return Err(CampaignError::File {
                file: name.to_string(),
                message: "a new campaign needs a [campaign] section with its name and start".into(),
            }
            .into());
        }
        let c = store_import::import(tx, &parsed, made_by_demo)?;
        // What `check` would reject (e.g. more people in hospital than the
        // stand's hits) is refused here, before it is committed.
        // (The journal entry of this import gets its summary at the end.)
        let violations = crate::cli::check::violations(tx, rulesets)?;
        if let Some(v) = violations.into_iter().find(|v| v.rule != "journal intact") {
            return Err(CampaignError::File {
                file: name.to_string(),
                message: format!(
                    "the campaign would fail `check` ({}: {}); correct the file",
                    v.rule, v.detail
                ),
            }
            .into());
        }
        if parsed.campaign.is_none() && c.sides + c.commands + c.units + c.stands + c.battles == 0 {
            return Err(CampaignError::File {
                file: name.to_string(),
                message: "holds nothing to import (no sides, commands, units, stands or battles)"
                    .into(),
            }
            .into());
        }
        let summary = format!(
            "imported {summary_name}: {} sides, {} commands, {} units, {} stands, {} battles",
            c.sides, c.commands, c.units, c.stands, c.battles
        );
        Ok((c, summary))
    })
}

/// An option of the file as `option set` would take it: a ruleset of this
/// build, a key it has, a value it takes.
fn option_ok(registry: &Registry, o: &OptionRecord) -> Result<(), (&'static str, String)> {
    let r = registry
        .get(&o.ruleset)
        .map_err(|e| ("ruleset", e.to_string()))?;
    r.check_option(&o.key, &o.value).map_err(|m| ("key", m))
}

/// The sentence saying which of the campaign's settings an import kept.
fn kept_note(kept: &[Kept]) -> Option<String> {
    if kept.is_empty() {
        return None;
    }
    let each: Vec<String> = kept
        .iter()
        .map(|k| {
            format!(
                "{} {} (the file says {})",
                k.setting.replace('_', " "),
                k.value,
                k.file
            )
        })
        .collect();
    Some(format!(
        "The campaign already held forces, so it kept its own settings where the file's \
         [campaign] differs: {}. To take the file's settings instead, import it into a new --db.",
        each.join("; ")
    ))
}

pub(super) fn remove_db(db: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}
