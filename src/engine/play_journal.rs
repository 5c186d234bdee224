//! The journal of a table session: every accepted line with the dice it
//! used, written beside the campaign file as the session goes (one JSON
//! object a line, flushed to disk each time), so that a session cut short by
//! Ctrl-C, a crash or the end of its input can be resumed exactly: the lines
//! are played again with the same dice. It is removed when the battle is
//! committed or abandoned.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The journal's first line: which session it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub battle: String,
    pub ruleset: String,
    pub seed: u64,
    pub manual: bool,
}

/// One accepted line and the dice it used, as they would be typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub line: String,
    pub dice: Vec<String>,
}

/// Where the session of `battle` on the campaign `db` is kept: beside it,
/// named after both (`moon.db.play-crater-rim.jsonl`).
pub fn path_for(db: &Path, battle: &str) -> PathBuf {
    let name = db
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "bounce.db".into());
    db.with_file_name(format!("{name}.play-{battle}.jsonl"))
}

/// The unfinished session at `path`, if there is one. A last line cut short
/// by a crash is left out (it was never accepted whole).
pub fn load(path: &Path) -> Result<Option<(Header, Vec<Entry>)>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut lines = text.lines();
    let header: Header = match lines.next().map(serde_json::from_str) {
        Some(Ok(h)) => h,
        _ => {
            return Err(format!(
                "{} is not a session journal bounce can read; move it away or use --discard",
                path.display()
            ))
        }
    };
    let rest: Vec<&str> = lines.collect();
    let mut entries = Vec::new();
    for (i, l) in rest.iter().enumerate() {
        match serde_json::from_str::<Entry>(l) {
            Ok(e) => entries.push(e),
            Err(_) if i + 1 == rest.len() => break,
            Err(e) => {
                return Err(format!(
                    "{}, line {}: {e}; move it away or use --discard",
                    path.display(),
                    i + 2
                ))
            }
        }
    }
    Ok(Some((header, entries)))
}

/// An open journal that lines are added to.
pub struct Journal {
    file: File,
}

impl Journal {
    /// Starts a journal at `path` with its header (replacing any there).
    pub fn create(path: &Path, header: &Header) -> std::io::Result<Journal> {
        let mut j = Journal {
            file: File::create(path)?,
        };
        j.write(&serde_json::to_string(header).expect("a header serialises"))?;
        Ok(j)
    }

    /// Rewrites `path` with the header and the entries that replayed whole,
    /// and opens it for the lines to come (a torn last line is gone).
    pub fn resume(path: &Path, header: &Header, entries: &[Entry]) -> std::io::Result<Journal> {
        let mut j = Journal::create(path, header)?;
        for e in entries {
            j.add(e)?;
        }
        Ok(j)
    }

    /// Adds one accepted line; it is on disk when this returns.
    pub fn add(&mut self, e: &Entry) -> std::io::Result<()> {
        self.write(&serde_json::to_string(e).expect("an entry serialises"))
    }

    fn write(&mut self, line: &str) -> std::io::Result<()> {
        self.file.write_all(format!("{line}\n").as_bytes())?;
        self.file.sync_data()
    }
}

/// Removes the journal (the battle was committed or abandoned).
pub fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
}

/// Drops the unfinished table session of `battle`, if any, and says how many
/// accepted lines it held. A cancelled battle's code may be planned again
/// later, and a new battle must not resume the old one's dice.
pub fn discard(db: &Path, battle: &str) -> Option<usize> {
    let path = path_for(db, battle);
    if !path.exists() {
        return None;
    }
    let lines = load(&path).ok().flatten().map_or(0, |(_, e)| e.len());
    remove(&path);
    Some(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_torn_last_line_is_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let p = path_for(&dir.path().join("m.db"), "x");
        assert!(p.ends_with("m.db.play-x.jsonl"));
        let h = Header {
            battle: "x".into(),
            ruleset: "bia".into(),
            seed: 4,
            manual: false,
        };
        let mut j = Journal::create(&p, &h).unwrap();
        let e = Entry {
            line: "fire a at b range 30".into(),
            dice: vec!["9".into()],
        };
        j.add(&e).unwrap();
        drop(j);
        let mut f = std::fs::OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"{\"line\": \"tur").unwrap();
        assert_eq!(load(&p).unwrap(), Some((h, vec![e])));
        remove(&p);
        assert_eq!(load(&p).unwrap(), None);
    }
}
