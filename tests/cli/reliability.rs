//! Hostile input, found by probing: every case is refused with a clear message
//! and the right exit code, and the campaign file is left byte for byte as it
//! was (or never created).

use std::os::unix::fs::PermissionsExt;

use crate::common::{read_bytes, Campaign, FULL_MOON};

/// The binary on a file of the test's choosing.
fn on(db: &std::path::Path, args: &[&str]) -> std::process::Output {
    assert_cmd::Command::cargo_bin("bounce")
        .unwrap()
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("BOUNCE_DB")
        .output()
        .unwrap()
}

fn no_leftovers(c: &Campaign) {
    let names: Vec<String> = std::fs::read_dir(c.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert!(
        !names.iter().any(|n| n.contains(".importing-")),
        "half-built import left behind: {names:?}"
    );
}

#[test]
fn numbers_at_the_edge_are_refused_and_change_nothing() {
    let c = Campaign::full_moon();
    let before = c.bytes();
    for args in [
        vec!["supply", "deliver", "ifu", "9223372036854775807"],
        vec!["supply", "deliver", "ifu", "0"],
        vec!["supply", "deliver", "ifu", "-5"],
        vec!["advance", "--days", "99999999999"],
        vec!["advance", "--days", "-3"],
        vec!["battle", "odds", "crater-rim", "--runs", "0"],
        vec!["battle", "odds", "crater-rim", "--runs", "99999999999"],
        vec![
            "battle",
            "new",
            "x",
            "--attacker",
            "a1-1",
            "--defender",
            "mil-1a",
            "--range",
            "0",
        ],
    ] {
        let out = c.cmd(&args).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.stderr.is_empty(), "{args:?} says why");
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("panicked"),
            "{args:?}"
        );
    }
    assert_eq!(before, c.bytes());
    // The largest delivery still sums safely, and the depot stays a whole number.
    c.ok(&["supply", "deliver", "ifu", "1000000"]);
    c.ok(&["supply", "status"]);
    c.ok(&["check"]);
}

#[test]
fn check_finds_a_number_stored_as_a_float() {
    let c = Campaign::full_moon();
    c.sql("UPDATE sides SET supply_points = 9.3e18 WHERE code = 'ifu'");
    let out = c.cmd(&["check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("supply_points holds a real"), "{text}");
}

#[test]
fn bad_campaign_files_are_named_with_line_and_field() {
    let c = Campaign::empty();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty.toml", b"".to_vec(), "[campaign]"),
        ("garbage.toml", vec![0, 159, 146, 150, 1, 2, 3, 0xff], "not UTF-8"),
        ("latin1.toml", b"[campaign]\nname = \"M\xfcnster\"\n".to_vec(), "line 2"),
        (
            "huge.toml",
            format!("[campaign]\nname = \"{}\"\nstart = \"2157-01-01T00:00:00\"\n", "x".repeat(1 << 20)).into_bytes(),
            "names are at most 200",
        ),
        (
            "nocode.toml",
            format!(
                "{}\n[[stands]]\nunit = \"a-1pl\"\ntype = \"infantry\"\ntraining = \"regular\"\nequipment = \"hma\"\nweapon = \"sla_squad\"\nmen = 4\n",
                crate::common::full_moon_text()
            )
            .into_bytes(),
            "field `stands.code`",
        ),
    ];
    for (name, bytes, says) in cases {
        let path = c.path(name);
        std::fs::write(&path, &bytes).unwrap();
        let msg = c.fails(2, &["import", path.to_str().unwrap()]);
        assert!(msg.contains(name) && msg.contains(says), "{name}: {msg}");
        assert!(!c.db.exists(), "{name}: no campaign file is made");
        no_leftovers(&c);
    }
    // A byte-order mark is not an error.
    let bom = c.path("bom.toml");
    let mut text = vec![0xEF, 0xBB, 0xBF];
    text.extend(crate::common::full_moon_text().into_bytes());
    std::fs::write(&bom, text).unwrap();
    c.ok(&["import", bom.to_str().unwrap()]);
    no_leftovers(&c);
    // A file with nothing in it adds nothing to a campaign: refused.
    let before = c.bytes();
    let empty = c.write("nothing.toml", "# just a comment\n");
    let msg = c.fails(2, &["import", empty.to_str().unwrap()]);
    assert!(msg.contains("nothing to import"), "{msg}");
    assert_eq!(before, c.bytes());
}

#[test]
fn files_that_are_not_campaigns_are_refused_untouched() {
    let c = Campaign::empty();
    // A file that is not SQLite at all.
    std::fs::write(
        &c.db,
        b"this is not sqlite at all, just text padding to fill a header....",
    )
    .unwrap();
    let before = read_bytes(&c.db);
    let msg = c.fails(2, &["status"]);
    assert!(msg.contains("not a bounce campaign"), "{msg}");
    assert_eq!(before, read_bytes(&c.db));
    // An SQLite database of someone else's: not switched to WAL, not migrated.
    let other = c.path("other.db");
    {
        let conn = rusqlite::Connection::open(&other).unwrap();
        conn.execute_batch("CREATE TABLE recipes(name TEXT); INSERT INTO recipes VALUES ('soup');")
            .unwrap();
    }
    let before = read_bytes(&other);
    let out = on(&other, &["status"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a bounce campaign"));
    assert_eq!(before, read_bytes(&other));
    assert!(
        !c.path("other.db-wal").exists(),
        "no write-ahead log was started"
    );
    // A directory, a truncated file.
    let dir = c.path("adir");
    std::fs::create_dir(&dir).unwrap();
    let out = on(&dir, &["status"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a directory"));
    let full = Campaign::full_moon();
    let cut = c.path("cut.db");
    std::fs::write(&cut, &full.bytes()[..3000]).unwrap();
    let out = on(&cut, &["status"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_read_only_campaign_can_be_read_but_not_changed() {
    let c = Campaign::full_moon();
    c.ok(&["backup", c.path("ro.db").to_str().unwrap()]);
    let ro = c.path("ro.db");
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = read_bytes(&ro);
    let run = |args: &[&str]| on(&ro, args);
    for args in [
        vec!["status"],
        vec!["roster"],
        vec!["report"],
        vec!["check"],
        vec!["export"],
    ] {
        let out = run(&args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = run(&["stand", "edit", "a1-1", "--hits", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("read-only"));
    assert_eq!(before, read_bytes(&ro));
    let _ = FULL_MOON;
}

/// A `stand edit` that changes nothing is refused and writes no journal entry,
/// so the next `undo` still takes back the last real change.
#[test]
fn a_stand_edit_that_changes_nothing_writes_nothing() {
    let c = Campaign::full_moon();
    c.ok(&["stand", "edit", "a2-1", "--men", "5"]);
    let before = c.bytes();
    for args in [
        vec!["stand", "edit", "a2-1"],
        vec!["stand", "edit", "a2-1", "--men", "5"],
    ] {
        let err = c.fails(2, &args);
        assert!(err.contains("nothing to change"), "{args:?}: {err}");
    }
    assert_eq!(c.bytes(), before);
    let history = c.json(&["history"]);
    assert_eq!(history.as_array().map(Vec::len), Some(2), "{history}");
    c.ok(&["undo"]);
    assert_eq!(c.json(&["stand", "show", "a2-1"])["men"], 4);
}

/// Import refuses what `check` would reject: casualty records that put more
/// people in hospital than the stand has hits (the fuzzer's duplicated
/// `[[casualties]]`), naming the file, and makes no file.
#[test]
fn an_import_that_check_would_reject_is_refused() {
    let c = Campaign::full_moon();
    c.ok(&["battle", "auto", "crater-rim", "--seed", "1"]);
    let text = c.export();
    let marker = "\n[[casualties]]\n";
    let at = text
        .match_indices(marker)
        .map(|(i, _)| i)
        .find(|&i| {
            let block = &text[i + 1..];
            let end = block[1..].find("\n[").map_or(block.len(), |e| e + 1);
            block[..end].contains("outcome = \"hospital\"")
        })
        .expect("a casualty in hospital");
    let block_end = text[at + 1..]
        .find(marker)
        .map_or(text.len(), |e| at + 1 + e);
    let block = &text[at..block_end];
    let bad = format!(
        "{}{}{}",
        &text[..block_end],
        block.repeat(20),
        &text[block_end..]
    );
    let d = Campaign::empty();
    let f = d.write("dup.toml", &bad);
    let err = d.fails(2, &["import", f.to_str().unwrap()]);
    assert!(
        err.contains("dup.toml") && err.contains("would fail `check`") && err.contains("hospital"),
        "{err}"
    );
    assert!(!d.db.exists());
    // The file as exported still comes in.
    let good = d.write("good.toml", &text);
    d.ok(&["import", good.to_str().unwrap()]);
}

/// `check` runs SQLite's integrity check too: an overwritten page is reported
/// (it passed as "all invariants hold" before), never "all invariants hold".
#[test]
fn check_reports_an_overwritten_page() {
    let c = Campaign::full_moon();
    let whole = c.bytes();
    let pages = whole.len() / 4096;
    assert!(pages > 12, "{pages} pages");
    for page in 2..12 {
        let mut bytes = whole.clone();
        let mut x: u32 = 0x9e37_79b9 ^ page as u32;
        for b in &mut bytes[page * 4096..(page + 1) * 4096] {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            *b = x as u8;
        }
        let hurt = c.path(&format!("hurt-{page}.db"));
        std::fs::write(&hurt, &bytes).unwrap();
        let out = on(&hurt, &["check"]);
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.status.success(), "page {page}: {said}");
        assert!(
            said.contains("file integrity") || said.contains("not a bounce campaign"),
            "page {page}: {said}"
        );
        assert!(
            !said.contains("error: database"),
            "page {page}: raw: {said}"
        );
    }
}

/// `import` refuses an option `option set` would refuse (an unknown ruleset,
/// a key the ruleset lacks, a value it does not take), at its line, into a
/// campaign or as a new one, and still takes a good one.
#[test]
fn import_refuses_unknown_options_as_option_set_does() {
    let c = Campaign::full_moon();
    let before = c.bytes();
    let option = |ruleset: &str, key: &str, value: &str| {
        format!(
            "[[sides]]\ncode = \"zz\"\nname = \"Z\"\n\n[[options]]\nruleset = \"{ruleset}\"\nkey = \"{key}\"\nvalue = \"{value}\"\n"
        )
    };
    for (ruleset, key, value, field) in [
        ("warhammer", "fire", "detailed", "options.ruleset"),
        ("fma", "nonsense", "1", "options.key"),
        ("fma", "fire", "bogus", "options.key"),
    ] {
        let f = c.write("opt.toml", &option(ruleset, key, value));
        let err = c.fails(2, &["import", f.to_str().unwrap()]);
        assert!(err.contains(field) && err.contains("line"), "{err}");
        assert_eq!(before, c.bytes());
        let new = c.path("new.db");
        let whole = format!(
            "[campaign]\nname = \"N\"\nstart = \"2157-01-01T00:00:00\"\n\n{}",
            option(ruleset, key, value)
        );
        let f = c.write("opt-new.toml", &whole);
        let out = on(&new, &["import", f.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        assert!(!new.exists());
    }
    let f = c.write("opt.toml", &option("fma", "fire", "detailed"));
    c.ok(&["import", f.to_str().unwrap()]);
    assert!(c.ok(&["option", "list"]).contains("detailed"));
}

/// The journal says what `supply set` changed in words, not as Rust values.
#[test]
fn supply_set_writes_a_plain_journal_summary() {
    let c = Campaign::full_moon();
    c.ok(&["supply", "set", "--command", "ifu-inf", "--supply", "poor"]);
    c.ok(&["supply", "set", "--side", "ifu", "--medical", "none"]);
    let history = c.ok(&["--json", "history", "--limit", "2"]);
    assert!(
        history.contains("command ifu-inf: supply poor\"")
            && history.contains("side ifu: medical none\"")
            && !history.contains("Some("),
        "{history}"
    );
}

#[test]
fn import_refuses_results_that_contradict_their_battle() {
    let c = Campaign::full_moon();
    c.ok(&["battle", "auto", "crater-rim", "--seed", "7"]);
    let text = c.export();
    let refused = |bad: &str, field: &str| {
        let other = Campaign::empty();
        let f = other.write("bad.toml", bad);
        let msg = other.fails(2, &["import", f.to_str().unwrap()]);
        assert!(msg.contains(field), "{field}: {msg}");
        assert!(!other.db.exists(), "{field}: a refused import made a file");
    };
    // A stand of the defending side listed as an attacker.
    let part = "code = \"mil-1a\"\nrole = \"defender\"";
    assert!(text.contains(part), "{text}");
    refused(
        &text.replacen(part, "code = \"mil-1a\"\nrole = \"attacker\"", 1),
        "result.stands.role",
    );
    // A result ending before the battle began.
    let ended = text
        .lines()
        .find(|l| l.starts_with("ended_at = "))
        .unwrap()
        .to_string();
    refused(
        &text.replacen(&ended, "ended_at = \"2157-04-11T00:00:00\"", 1),
        "result.ended_at",
    );
    // A format-1 file carries plans only.
    refused(
        &text.replacen("format_version = 2", "format_version = 1", 1),
        "format 1",
    );
}
