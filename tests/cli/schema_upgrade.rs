//! Files of every earlier schema version (kept in `tests/fixtures/schema-vN.db`)
//! open upgraded, with undo triggers that match their new columns, also when
//! an upgrade was cut off between the schema and the triggers, and when
//! several processes open the same old file at once.

use std::path::PathBuf;

use crate::common::{read_bytes, Campaign};

/// What each earlier version lacks, newest first: undoing these statements
/// turns a file of version N into one of version N - 1.
const DOWNGRADES: &[(i64, &str)] = &[
    (3, "ALTER TABLE battles DROP COLUMN briefing;"),
    (
        2,
        "DROP TABLE ruleset_options;
         ALTER TABLE stands DROP COLUMN repair_until;
         ALTER TABLE battle_events DROP COLUMN side;
         ALTER TABLE battle_events DROP COLUMN actor;
         ALTER TABLE battle_events DROP COLUMN targets;
         ALTER TABLE battle_events DROP COLUMN dice;
         ALTER TABLE battle_stands DROP COLUMN damage;
         ALTER TABLE battle_stands DROP COLUMN repair_days;",
    ),
];

fn fixture(version: i64) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/schema-v{version}.db"))
}

/// A campaign at `version`, copied from its fixture.
fn old_campaign(version: i64) -> Campaign {
    let c = Campaign::empty();
    std::fs::copy(fixture(version), &c.db).expect("fixture");
    c
}

fn trigger_sql(c: &Campaign, name: &str) -> String {
    let conn = rusqlite::Connection::open(&c.db).unwrap();
    conn.query_row(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?1",
        [name],
        |r| r.get(0),
    )
    .unwrap_or_default()
}

/// Rebuilds the fixtures: the Full Moon campaign with one battle fought, taken
/// back version by version the way the older builds laid it out (their undo
/// triggers cover only their own columns; `user_version` is 0, as they left
/// it). Run with `cargo test --test cli regenerate_schema_fixtures -- --ignored`
/// when a migration is added, and add its downgrade above.
#[test]
#[ignore]
fn regenerate_schema_fixtures() {
    let c = Campaign::full_moon();
    c.ok(&["battle", "auto", "crater-rim", "--seed", "7"]);
    let mut conn = rusqlite::Connection::open(&c.db).unwrap();
    conn.execute_batch("PRAGMA journal_mode = DELETE;").unwrap();
    for (version, sql) in DOWNGRADES {
        let triggers: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        for t in triggers {
            conn.execute_batch(&format!("DROP TRIGGER \"{t}\";"))
                .unwrap();
        }
        conn.execute_batch(sql).unwrap();
        conn.execute(
            "DELETE FROM refinery_schema_history WHERE version >= ?1",
            [version],
        )
        .unwrap();
        bounce::store::schema::ensure_undo_triggers(&conn).unwrap();
        conn.pragma_update(None, "user_version", 0).unwrap();
        conn.execute_batch("VACUUM;").unwrap();
        drop(conn);
        std::fs::copy(&c.db, fixture(version - 1)).unwrap();
        conn = rusqlite::Connection::open(&c.db).unwrap();
    }
}

#[test]
fn every_earlier_schema_opens_upgraded_and_undo_stays_exact() {
    for version in DOWNGRADES.iter().map(|(v, _)| v - 1) {
        let c = old_campaign(version);
        c.ok(&["check"]);
        for table in ["battles", "stands", "battle_events"] {
            let sql = trigger_sql(&c, &format!("undo_{table}_delete"));
            assert!(!sql.is_empty(), "v{version}: no undo trigger on {table}");
        }
        assert!(trigger_sql(&c, "undo_battles_delete").contains("briefing"));
        assert!(trigger_sql(&c, "undo_stands_update").contains("repair_until"));
        let before = c.path("before.toml");
        c.ok(&["export", before.to_str().unwrap()]);
        c.ok(&["stand", "edit", "a1-4", "--hits", "0"]);
        c.ok(&["undo"]);
        let after = c.path("after.toml");
        c.ok(&["export", after.to_str().unwrap()]);
        assert_eq!(read_bytes(&before), read_bytes(&after), "v{version}");
    }
}

#[test]
fn an_upgrade_cut_off_before_its_triggers_is_finished_by_the_next_command() {
    // What a kill between the migration's commit and the trigger rebuild
    // leaves: the newest schema with the previous version's triggers.
    let (newest, sql) = DOWNGRADES[0];
    let c = old_campaign(newest - 1);
    let up = sql.replace(
        "DROP COLUMN briefing",
        "ADD COLUMN briefing TEXT NOT NULL DEFAULT ''",
    );
    c.sql(&up);
    c.sql(&format!(
        "INSERT INTO refinery_schema_history(version, name, applied_on, checksum)
         SELECT {newest}, 'cut off', applied_on, checksum FROM refinery_schema_history LIMIT 1"
    ));
    assert!(!trigger_sql(&c, "undo_battles_delete").contains("briefing"));
    // A read command finishes it.
    c.ok(&["status"]);
    assert!(trigger_sql(&c, "undo_battles_delete").contains("briefing"));
    // And a file already up to date is not written by a read.
    let bytes = c.bytes();
    c.ok(&["status"]);
    assert_eq!(bytes, c.bytes());
}

#[test]
fn several_processes_opening_one_old_file_all_succeed() {
    // Repeated: the race is between the first opens of each fresh copy.
    for _ in 0..3 {
        let c = old_campaign(1);
        let outs: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| c.cmd(&["status"]).output().expect("run")))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for out in outs {
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        c.ok(&["check"]);
    }
}
