//! Putting a new campaign file in place whole: its bytes are written to a file
//! with no name (Linux `O_TMPFILE`) in the target's folder and given the name
//! only when complete, and only if nothing holds that name yet. A kill leaves
//! nothing behind; a race leaves one winner and "already exists" for the rest.
//! Where a nameless file is not supported, a hidden temporary name with this
//! process's id is used and removed again.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::{Result, StoreError};

/// Writes `bytes` as a new file at `path`; refuses if `path` exists.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    #[cfg(target_os = "linux")]
    {
        if let Some(done) = nameless(&folder, path, bytes) {
            return done.map_err(|e| error(path, e));
        }
    }
    named(&folder, path, bytes).map_err(|e| error(path, e))
}

/// `None` when the folder or system cannot make a nameless file.
#[cfg(target_os = "linux")]
fn nameless(folder: &Path, path: &Path, bytes: &[u8]) -> Option<std::io::Result<()>> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::OpenOptionsExt;
    use std::os::unix::io::AsRawFd;

    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_TMPFILE)
        .mode(0o644)
        .open(folder)
        .ok()?;
    let fd_path = format!("/proc/self/fd/{}", file.as_raw_fd());
    if !Path::new(&fd_path).exists() {
        return None;
    }
    let done = (|| {
        file.write_all(bytes)?;
        file.sync_all()?;
        let from = CString::new(fd_path.as_bytes()).expect("no NUL in a /proc path");
        let to = CString::new(path.as_os_str().as_bytes())
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))?;
        // SAFETY: both are valid NUL-terminated paths; linkat does not keep them.
        let rc = unsafe {
            libc::linkat(
                libc::AT_FDCWD,
                from.as_ptr(),
                libc::AT_FDCWD,
                to.as_ptr(),
                libc::AT_SYMLINK_FOLLOW,
            )
        };
        if rc != 0 {
            return Err(std::io::Error::last_os_error());
        }
        sync_folder(folder);
        Ok(())
    })();
    Some(done)
}

/// The fallback: a hidden temporary name, linked to `path` (never replacing a
/// file there), then removed.
fn named(folder: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "campaign.db".into());
    let tmp = folder.join(format!(".{name}.creating-{}", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        })
        .and_then(|_| match std::fs::hard_link(&tmp, path) {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists && !path.exists() => {
                std::fs::rename(&tmp, path)
            }
            other => other,
        });
    let _ = std::fs::remove_file(&tmp);
    sync_folder(folder);
    written
}

fn sync_folder(folder: &Path) {
    if let Ok(f) = std::fs::File::open(folder) {
        let _ = f.sync_all();
    }
}

fn error(path: &Path, e: std::io::Error) -> StoreError {
    let shown = path.display().to_string();
    match (e.kind(), e.raw_os_error()) {
        (std::io::ErrorKind::AlreadyExists, _) => StoreError::AlreadyExists { path: shown },
        (_, Some(28 | 122)) => StoreError::DiskFull { path: shown },
        (std::io::ErrorKind::NotFound | std::io::ErrorKind::PermissionDenied, _)
        | (_, Some(30)) => StoreError::CannotOpen { path: shown },
        _ => StoreError::Io {
            path: shown,
            message: super::error::plain_io(&e),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_appears_whole_never_over_another_and_leaves_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("c.db");
        write_new(&p, b"first").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"first");
        assert!(matches!(
            write_new(&p, b"second"),
            Err(StoreError::AlreadyExists { .. })
        ));
        assert_eq!(std::fs::read(&p).unwrap(), b"first");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(matches!(
            write_new(&dir.path().join("no/c.db"), b"x"),
            Err(StoreError::CannotOpen { .. })
        ));
        let q = dir.path().join("d.db");
        named(dir.path(), &q, b"by name").unwrap();
        assert_eq!(std::fs::read(&q).unwrap(), b"by name");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }
}
