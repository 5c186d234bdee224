//! Whether a campaign file may be written, and how to read one that may not.
//! SQLite in WAL mode writes beside the file (`-wal`, `-shm`), so a file is
//! only writable when its folder is too; a campaign that cannot be written is
//! opened so that reading it leaves nothing behind.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

/// Why a campaign cannot be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocked {
    /// The file's own permissions forbid writing.
    File,
    /// The folder may not be written, so SQLite cannot make its side files.
    Folder,
    /// The file sits on a read-only disk or mount.
    Disk,
    /// The disk is (all but) full: SQLite could not even make the index it
    /// shares between readers, and every command, reads too, would fail.
    Full,
}

/// Free space below which a campaign is opened for reading only: the shared
/// index alone takes 32 KiB, and a change needs room for its log besides.
const ROOM_TO_WRITE: u64 = 64 * 1024;

impl Blocked {
    /// The reason, and what the umpire can do about it, for a message.
    pub fn explain(self) -> &'static str {
        match self {
            Blocked::File => "the file is read-only; reads still work, or make the file writable",
            Blocked::Folder => {
                "its folder may not be written (bounce keeps a log beside the file while it \
                 writes); reads still work, or move the file to a folder you may write"
            }
            Blocked::Disk => {
                "it is on a read-only disk; reads still work, or copy it to a writable disk"
            }
            Blocked::Full => {
                "the disk holding it is full (less than 64 KiB free); reads still work, or free \
                 some space and run the command again"
            }
        }
    }
}

/// `None` when the file and its folder may both be written.
pub fn blocked(path: &Path) -> Option<Blocked> {
    let readonly_bits = std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly());
    match (writable(path), readonly_bits) {
        (Err(Blocked::Disk), _) => return Some(Blocked::Disk),
        (Err(b), _) => return Some(b),
        (Ok(()), true) => return Some(Blocked::File),
        (Ok(()), false) => {}
    }
    match writable(&folder(path)) {
        Ok(()) if free_space(&folder(path)).is_some_and(|f| f < ROOM_TO_WRITE) => {
            Some(Blocked::Full)
        }
        Ok(()) => None,
        Err(Blocked::Disk) => Some(Blocked::Disk),
        Err(_) => Some(Blocked::Folder),
    }
}

/// Bytes free for us on the disk holding `folder`, if the system says.
#[cfg(unix)]
fn free_space(folder: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(folder.as_os_str().as_bytes()).ok()?;
    // SAFETY: a valid NUL-terminated path and a zeroed out-struct statvfs fills.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
        return None;
    }
    #[allow(clippy::unnecessary_cast)]
    Some((st.f_bavail as u64).saturating_mul(st.f_frsize as u64))
}

#[cfg(not(unix))]
fn free_space(_: &Path) -> Option<u64> {
    None
}

fn folder(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Asks the system (which knows about read-only mounts and who we are).
#[cfg(unix)]
fn writable(path: &Path) -> Result<(), Blocked> {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return Ok(());
    };
    // SAFETY: a valid NUL-terminated path; access() does not keep it.
    if unsafe { libc::access(c.as_ptr(), libc::W_OK) } == 0 {
        return Ok(());
    }
    match std::io::Error::last_os_error().raw_os_error() {
        Some(libc::EROFS) => Err(Blocked::Disk),
        Some(libc::EACCES | libc::EPERM) => Err(Blocked::File),
        _ => Ok(()),
    }
}

#[cfg(not(unix))]
fn writable(_: &Path) -> Result<(), Blocked> {
    Ok(())
}

/// Opens a campaign that cannot be written, for reading. With no write-ahead
/// log beside it the file alone holds the whole campaign and nobody can be
/// writing it (a writer would need that log), so it is read as immutable:
/// SQLite then makes no `-shm` or `-wal` of its own. A log left by a writer
/// (alive or killed) is read the ordinary read-only way, so its changes count.
pub fn open_read_only(path: &Path) -> rusqlite::Result<Connection> {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    if Path::new(&wal).exists() {
        return Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
        );
    }
    Connection::open_with_flags(
        format!("file:{}?immutable=1", uri_path(path)),
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
    )
}

/// The path as the path part of a `file:` URI (RFC 3986 escaping of the
/// bytes SQLite would read as query, fragment or escape).
fn uri_path(path: &Path) -> String {
    let shown = path.to_string_lossy();
    let mut out = String::with_capacity(shown.len());
    for c in shown.chars() {
        match c {
            '%' | '?' | '#' => out.push_str(&format!("%{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_with_uri_characters_is_escaped() {
        assert_eq!(uri_path(Path::new("/a/b?c#d%e.db")), "/a/b%3Fc%23d%25e.db");
    }

    #[test]
    fn a_read_only_open_without_a_log_leaves_no_side_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("odd ?#%.db");
        {
            let c = Connection::open(&p).unwrap();
            c.pragma_update(None, "journal_mode", "WAL").unwrap();
            c.execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES (7);")
                .unwrap();
        }
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        let c = open_read_only(&p).unwrap();
        let x: i64 = c.query_row("SELECT x FROM t", [], |r| r.get(0)).unwrap();
        assert_eq!(x, 7);
        drop(c);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
