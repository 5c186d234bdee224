//! Files the commands write beside the campaign (`export FILE`, `report --html
//! FILE`, `backup FILE`): never the campaign itself, and never half a file.
//! Each is written under a temporary name in the destination's own folder and
//! renamed into place, so a kill or a full disk leaves the old file or the new
//! one.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::CliError;

/// The suffixes SQLite gives a campaign's side files.
const SIDE_FILES: [(&str, &str); 3] = [
    ("-wal", "write-ahead log"),
    ("-shm", "shared-memory index"),
    ("-journal", "rollback journal"),
];

/// Refuses `dest` when it is the campaign file `db` (by name, through a link,
/// or as a second name of the same file) or one of its side files.
pub fn refuse_campaign(db: &Path, dest: &Path, doing: &str) -> Result<(), CliError> {
    let refuse = |what: &str| {
        Err(CliError::Usage(format!(
            "{} is {what} (--db {}); {doing} there would destroy the campaign. Choose another file name",
            dest.display(),
            db.display()
        )))
    };
    if same_file(db, dest) || absolute(dest) == absolute(db) {
        return refuse("the campaign file itself");
    }
    for (suffix, what) in SIDE_FILES {
        let side = with_suffix(db, suffix);
        if same_file(&side, dest) || absolute(dest) == absolute(&side) {
            return refuse(&format!("the campaign's {what}"));
        }
    }
    Ok(())
}

/// Writes `bytes` to `dest` whole: a temporary file in the same folder, flushed
/// to disk, then renamed over `dest`.
pub fn write_whole(dest: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let tmp = temp_beside(dest)?;
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        })
        .and_then(|_| std::fs::rename(&tmp, dest));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        write_error(dest, e)
    })
}

/// Puts the finished file `tmp` at `dest` unless something is already there
/// (a hard link never replaces a file; where links are not supported, a
/// rename after a last look). `tmp` is gone afterwards either way.
pub fn place_new(tmp: &Path, dest: &Path) -> Result<(), CliError> {
    let placed = match std::fs::hard_link(tmp, dest) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists && !dest.exists() => {
            std::fs::rename(tmp, dest)
        }
        other => other,
    };
    let _ = std::fs::remove_file(tmp);
    placed.map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => already_exists(dest),
        _ => write_error(dest, e),
    })
}

pub fn already_exists(dest: &Path) -> CliError {
    CliError::Usage(format!(
        "{} already exists; write to a new file, or remove it first",
        dest.display()
    ))
}

/// A name for a temporary file beside `dest` (hidden, with this process's id),
/// after checking that `dest` can be written at all, with a plain message if not.
pub fn temp_beside(dest: &Path) -> Result<PathBuf, CliError> {
    if dest.is_dir() {
        return Err(CliError::Usage(format!(
            "{} is a folder; give a file name in it, e.g. {}",
            dest.display(),
            dest.join("campaign-out").display()
        )));
    }
    let Some(name) = dest.file_name() else {
        return Err(CliError::Usage(format!(
            "{} names no file; give a file name",
            dest.display()
        )));
    };
    let folder = match dest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !folder.is_dir() {
        return Err(CliError::Usage(format!(
            "cannot write {}: the folder {} does not exist; create it or choose another path",
            dest.display(),
            folder.display()
        )));
    }
    Ok(folder.join(format!(
        ".{}.{}.part",
        name.to_string_lossy(),
        std::process::id()
    )))
}

/// One sentence for a failed write: what happened, and that the old file (if
/// any) is untouched.
pub fn write_error(dest: &Path, e: std::io::Error) -> CliError {
    let shown = dest.display();
    let (input, why) = match (e.kind(), e.raw_os_error()) {
        (std::io::ErrorKind::PermissionDenied, _) | (_, Some(30)) => (
            true,
            "the folder may not be written (permission denied or a read-only disk); choose another path".to_string(),
        ),
        (_, Some(28)) => (
            false,
            "the disk is full; free some space and try again".to_string(),
        ),
        (_, Some(122)) => (
            false,
            "the disk quota is used up; free some space and try again".to_string(),
        ),
        _ => (
            false,
            format!("{}; try again or choose another path", crate::store::error::plain_io(&e)),
        ),
    };
    let message = format!("cannot write {shown}: {why} (any file already there is unchanged)");
    if input {
        CliError::Usage(message)
    } else {
        CliError::Failed(message)
    }
}

fn with_suffix(p: &Path, suffix: &str) -> PathBuf {
    let mut s = p.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// Both exist and are one file (same device and inode on Unix).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                a.dev() == b.dev() && a.ino() == b.ino()
            }
            #[cfg(not(unix))]
            {
                let _ = (a, b);
                false
            }
        }
        _ => false,
    }
}

/// The path made absolute with its folder resolved (links included), for
/// comparing a name that need not exist yet.
fn absolute(p: &Path) -> PathBuf {
    if let Ok(c) = p.canonicalize() {
        return c;
    }
    let folder = match p.parent() {
        Some(f) if !f.as_os_str().is_empty() => f.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match (folder.canonicalize(), p.file_name()) {
        (Ok(f), Some(n)) => f.join(n),
        _ => p.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_campaign_and_its_side_files_are_refused_by_any_name() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("c.db");
        std::fs::write(&db, b"x").unwrap();
        let other = dir.path().join("sub");
        std::fs::create_dir(&other).unwrap();
        let roundabout = other.join("..").join("c.db");
        assert!(refuse_campaign(&db, &db, "writing").is_err());
        assert!(refuse_campaign(&db, &roundabout, "writing").is_err());
        assert!(refuse_campaign(&db, &dir.path().join("c.db-wal"), "writing").is_err());
        assert!(refuse_campaign(&db, &dir.path().join("c.db-shm"), "writing").is_err());
        let link = dir.path().join("alias.db");
        std::fs::hard_link(&db, &link).unwrap();
        assert!(refuse_campaign(&db, &link, "writing").is_err());
        assert!(refuse_campaign(&db, &dir.path().join("out.toml"), "writing").is_ok());
    }

    #[test]
    fn a_whole_write_replaces_the_file_and_leaves_nothing_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("r.html");
        std::fs::write(&out, b"old").unwrap();
        write_whole(&out, b"new").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"new");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
        assert!(write_whole(dir.path(), b"x").is_err());
        let e = write_whole(&dir.path().join("no/such/f"), b"x").unwrap_err();
        assert_eq!(e.exit_code(), 2, "{e}");
    }
}
