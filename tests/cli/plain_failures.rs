//! Failures of the machine in plain words: a full disk, a locked file, a file
//! that is not a file, a damaged file, an endless input. Each is one sentence
//! saying what happened and what to do, with the exit code of SPEC 3, and
//! never SQLite's or the system's own wording.

use std::process::Command;

use crate::common::{read_bytes, Campaign};

/// The binary on a file of the test's choosing, in the campaign's folder.
fn on(c: &Campaign, db: &str, args: &[&str]) -> std::process::Output {
    assert_cmd::Command::cargo_bin("bounce")
        .unwrap()
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("BOUNCE_DB")
        .env_remove("RUST_BACKTRACE")
        .current_dir(c.dir.path())
        .output()
        .unwrap()
}

/// What the review called raw: text passed through from SQLite or the OS.
fn assert_plain(what: &str, stderr: &str) {
    for raw in [
        "database:",
        "schema migration:",
        "os error",
        "disk I/O error",
        "malformed",
        "SQLITE",
    ] {
        assert!(!stderr.contains(raw), "{what}: raw `{raw}` in: {stderr}");
    }
    assert!(
        stderr.lines().count() <= 1,
        "{what}: one sentence, not {stderr}"
    );
}

/// Runs `script` as root of a private mount namespace; `None` where the
/// system gives none.
fn in_private_mounts(dir: &std::path::Path, script: &str) -> Option<String> {
    let probe = Command::new("unshare").args(["-rm", "true"]).output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: this system gives no private mount namespace (unshare -rm)");
        return None;
    }
    let out = Command::new("unshare")
        .args(["-rm", "sh", "-c", script])
        .current_dir(dir)
        .output()
        .unwrap();
    Some(String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr))
}

#[test]
fn a_full_disk_still_reads_and_refuses_changes_plainly() {
    let c = Campaign::full_moon();
    let export_before = c.ok(&["export"]);
    let bin = assert_cmd::cargo::cargo_bin("bounce").display().to_string();
    let commands: &[(&str, bool)] = &[
        ("status", true),
        ("check", true),
        ("roster", true),
        ("export", true),
        ("backup out/b.db", true),
        ("export mnt/out.toml", false),
        ("report --html mnt/r.html", false),
        ("backup mnt/b.db", false),
        ("advance --days 1", false),
        ("battle auto crater-rim --seed 1", false),
        ("supply deliver ifu 5", false),
        ("stand edit a1-1 --hits 1", false),
        ("undo", false),
    ];
    let mut script = String::from(
        "mkdir -p mnt out && mount -t tmpfs -o size=1m tmpfs mnt || exit 9\n\
         cp campaign.db mnt/c.db\n\
         dd if=/dev/zero of=mnt/fill bs=1k count=100000 2>/dev/null\n",
    );
    for (i, (cmd, _)) in commands.iter().enumerate() {
        script += &format!(
            "echo '@@ {i}'; env -u RUST_BACKTRACE '{bin}' --db mnt/c.db {cmd} 2>&1 >/dev/null; echo \"@@ rc $?\"\n"
        );
    }
    script += &format!(
        "env -u RUST_BACKTRACE '{bin}' --db mnt/c.db export > after.toml; ls mnt > names; cp mnt/c.db after.db\n"
    );
    let Some(log) = in_private_mounts(c.dir.path(), &script) else {
        return;
    };
    let parts: Vec<&str> = log.split("@@ ").skip(1).collect();
    assert_eq!(parts.len(), commands.len() * 2, "{log}");
    for (i, (cmd, works)) in commands.iter().enumerate() {
        let stderr = parts[2 * i].split_once('\n').map_or("", |p| p.1).trim();
        let rc = parts[2 * i + 1].trim();
        if *works {
            assert_eq!(rc, "rc 0", "`{cmd}` on a full disk: {stderr}");
        } else {
            assert_eq!(rc, "rc 1", "`{cmd}` on a full disk: {stderr}");
            assert!(stderr.contains("full"), "`{cmd}`: {stderr}");
            assert_plain(cmd, stderr);
        }
    }
    assert_eq!(
        std::fs::read_to_string(c.path("after.toml")).unwrap(),
        export_before
    );
    assert_eq!(
        std::fs::read_to_string(c.path("names")).unwrap(),
        "c.db\nfill\n",
        "no side files and no fragments on the full disk"
    );
}

#[test]
fn a_locked_campaign_says_so_plainly() {
    let c = Campaign::full_moon();
    let holder = rusqlite::Connection::open(&c.db).unwrap();
    holder.execute_batch("BEGIN IMMEDIATE").unwrap();
    let out = c
        .cmd(&["advance", "--days", "1"])
        .env("BOUNCE_LOCK_WAIT", "1")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("locked") && err.contains("try again"), "{err}");
    assert_plain("locked", &err);
    holder.execute_batch("ROLLBACK").unwrap();
}

#[test]
fn odd_files_endless_inputs_and_wrong_places_are_bad_input() {
    let c = Campaign::full_moon();
    let before = c.bytes();
    let fifo = c.path("pipe");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let fifo = fifo.to_str().unwrap();
    let folder = c.dir.path().to_str().unwrap();
    let db = c.db.to_str().unwrap();
    let cases: &[(&str, &[&str], &str)] = &[
        ("/dev/null", &["status"], "not a regular file"),
        (fifo, &["status"], "not a regular file"),
        (fifo, &["advance", "--days", "1"], "not a regular file"),
        (db, &["import", "/dev/zero"], "larger than"),
        (db, &["import", "missing.toml"], "does not exist"),
        (db, &["import", folder], "folder"),
        (db, &["export", folder], "folder"),
        (db, &["report", "--html", folder], "folder"),
        (db, &["export", "no/such/out.toml"], "does not exist"),
        (
            db,
            &["report", "--html", "no/such/r.html"],
            "does not exist",
        ),
        (db, &["backup", "no/such/b.db"], "does not exist"),
        (db, &["backup", folder], "folder"),
    ];
    for (db, args, says) in cases {
        let out = on(&c, db, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_plain(&format!("{args:?}"), &err);
    }
    assert_eq!(before, c.bytes());
    let dated = c.write(
        "dated.toml",
        "[campaign]\nname = \"X\"\nstart = 2157-04-12T05:00:00\n",
    );
    let err = on(&c, "new.db", &["import", dated.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&err.stderr);
    assert!(err.contains("line 3") && err.contains("in quotes"), "{err}");
}

#[test]
fn a_damaged_file_or_schema_record_is_named_plainly() {
    let c = Campaign::full_moon();
    // The record of schema versions says one version less than the tables hold.
    let twisted = c.path("twisted.db");
    c.ok(&["backup", twisted.to_str().unwrap()]);
    let conn = rusqlite::Connection::open(&twisted).unwrap();
    conn.execute_batch(
        "DELETE FROM refinery_schema_history WHERE version = (SELECT max(version) FROM refinery_schema_history)",
    )
    .unwrap();
    drop(conn);
    let out = on(&c, twisted.to_str().unwrap(), &["status"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("could not be brought up"), "{err}");
    assert_plain("schema record", &err);

    // A page of the stands overwritten: whatever still works, nothing is raw.
    let damaged = c.path("damaged.db");
    c.ok(&["backup", damaged.to_str().unwrap()]);
    let mut bytes = read_bytes(&damaged);
    for (i, b) in bytes[10 * 4096..11 * 4096].iter_mut().enumerate() {
        *b = (i * 7919 % 251) as u8;
    }
    std::fs::write(&damaged, bytes).unwrap();
    let mut failed = 0;
    for args in [
        vec!["status"],
        vec!["export"],
        vec!["roster", "--all"],
        vec!["advance", "--days", "1"],
        vec!["supply", "deliver", "ifu", "5"],
    ] {
        let out = on(&c, damaged.to_str().unwrap(), &args);
        let err = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            assert_plain(&format!("{args:?} on a damaged file"), &err);
            failed += 1;
        }
    }
    assert!(failed > 0, "the damage was seen");
}

#[test]
fn a_damaged_file_takes_no_changes() {
    let c = Campaign::full_moon();
    let damaged = c.path("damaged.db");
    c.ok(&["backup", damaged.to_str().unwrap()]);
    let journal = |p: &std::path::Path| -> i64 {
        let conn = rusqlite::Connection::open(p).unwrap();
        conn.query_row("SELECT count(*) FROM journal", [], |r| r.get(0))
            .unwrap()
    };
    let before = journal(&damaged);
    let mut bytes = read_bytes(&damaged);
    for (i, b) in bytes[10 * 4096..11 * 4096].iter_mut().enumerate() {
        *b = (i * 7919 % 251) as u8;
    }
    std::fs::write(&damaged, bytes).unwrap();
    let out = on(
        &c,
        damaged.to_str().unwrap(),
        &["supply", "deliver", "ifu", "5"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("damaged"), "{err}");
    assert_plain("a change on a damaged file", &err);
    assert_eq!(journal(&damaged), before, "the change was written");
}
