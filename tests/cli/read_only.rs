//! Campaigns that cannot be written: a read-only file, a file in a read-only
//! folder, a file on a read-only mount. Reading them works and leaves no side
//! files; changing them is refused in one plain sentence, exit 1.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{read_bytes, Campaign};

/// The reading commands the promise names, and two more that only look.
const READS: &[&[&str]] = &[
    &["status"],
    &["roster"],
    &["report"],
    &["export"],
    &["check"],
    &["history"],
    &["undo", "--dry-run"],
    &["battle", "auto", "crater-rim", "--dry-run", "--seed", "1"],
];

const CHANGES: &[&[&str]] = &[
    &["advance", "--days", "1"],
    &["stand", "edit", "a1-1", "--hits", "1"],
    &["supply", "deliver", "ifu", "5"],
    &["undo"],
];

/// A Full Moon campaign with one change (so `undo --dry-run` has work), as a
/// WAL-mode file alone in a fresh folder `ro` of the test's directory.
fn lone_campaign(c: &Campaign) -> PathBuf {
    c.ok(&["advance", "--days", "1"]);
    assert!(!c.path("campaign.db-wal").exists(), "closed cleanly");
    let folder = c.path("ro");
    std::fs::create_dir(&folder).unwrap();
    let db = folder.join("c.db");
    std::fs::copy(&c.db, &db).unwrap();
    // Anyone may pass through, for runs as an unprivileged user.
    std::fs::set_permissions(c.dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    db
}

fn names(folder: &Path) -> Vec<String> {
    let mut n: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    n.sort();
    n
}

/// Runs every read and every change through `run`, and holds the promise.
fn holds_the_promise(db: &Path, why: &str, run: impl Fn(&[&str]) -> Output) {
    let folder = db.parent().unwrap();
    let before = read_bytes(db);
    for args in READS {
        let out = run(args);
        assert!(
            out.status.success(),
            "{args:?} on a campaign that {why}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            names(folder),
            ["c.db"],
            "{args:?} left side files beside a campaign that {why}"
        );
    }
    for args in CHANGES {
        let out = run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?} ({why}): {err}");
        assert!(
            err.contains("cannot be written") && err.lines().count() == 1,
            "{args:?} ({why}): {err}"
        );
        assert!(!err.contains("database:"), "{args:?} ({why}): raw: {err}");
        assert_eq!(names(folder), ["c.db"], "{args:?} ({why})");
    }
    assert_eq!(before, read_bytes(db), "{why}: the file changed");
}

fn bounce(db: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("bounce"));
    cmd.arg("--db").arg(db).args(args).env_remove("BOUNCE_DB");
    cmd
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// As an unprivileged user when we are root (who may write anything).
fn as_user(db: &Path, args: &[&str]) -> Output {
    if !is_root() {
        return bounce(db, args).output().unwrap();
    }
    let mut cmd = Command::new("setpriv");
    cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(assert_cmd::cargo::cargo_bin("bounce"))
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("BOUNCE_DB");
    cmd.output().expect("setpriv (util-linux) to run as nobody")
}

#[test]
fn a_read_only_file_is_read_without_side_files() {
    let c = Campaign::full_moon();
    let db = lone_campaign(&c);
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    holds_the_promise(&db, "is a read-only file", |a| {
        bounce(&db, a).output().unwrap()
    });
    let err = String::from_utf8_lossy(
        &bounce(&db, &["advance", "--days", "1"])
            .output()
            .unwrap()
            .stderr,
    )
    .to_string();
    assert!(err.contains("make the file writable"), "{err}");
}

#[test]
fn a_campaign_in_a_read_only_folder_can_be_read() {
    let c = Campaign::full_moon();
    let db = lone_campaign(&c);
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o666)).unwrap();
    let folder = db.parent().unwrap().to_path_buf();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    holds_the_promise(&db, "sits in a read-only folder", |a| as_user(&db, a));
    let err =
        String::from_utf8_lossy(&as_user(&db, &["advance", "--days", "1"]).stderr).to_string();
    assert!(err.contains("folder"), "{err}");
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_campaign_on_a_read_only_mount_can_be_read() {
    let unshare = |script: &str| {
        Command::new("unshare")
            .args(["-rm", "sh", "-c", script])
            .output()
    };
    if !unshare("true").is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: this system gives no private mount namespace (unshare -rm)");
        return;
    }
    let c = Campaign::full_moon();
    let db = lone_campaign(&c);
    let folder = db.parent().unwrap().display().to_string();
    let bin = assert_cmd::cargo::cargo_bin("bounce").display().to_string();
    holds_the_promise(&db, "is on a read-only mount", |args| {
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        unshare(&format!(
            "mount --bind -o ro '{folder}' '{folder}' && exec '{bin}' --db '{}' {}",
            db.display(),
            quoted.join(" ")
        ))
        .unwrap()
    });
}
