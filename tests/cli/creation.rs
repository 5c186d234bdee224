//! Creating a campaign is atomic: `init` and the first `import` build the file
//! in memory and give it its name only when whole, never over a file another
//! process made meanwhile. No temporary file is ever left beside it, racing
//! creators end with one campaign and a plain "already holds a campaign" for
//! the others, and no command writes a schema into an empty or foreign file.

use std::process::{Command, Stdio};

use crate::common::{read_bytes, Campaign, FULL_MOON};

fn names_in(c: &Campaign) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(c.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    names
}

fn bounce(c: &Campaign, args: &[&str]) -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("bounce"));
    cmd.arg("--db")
        .arg(&c.db)
        .args(args)
        .env_remove("BOUNCE_DB")
        .env_remove("RUST_BACKTRACE")
        .current_dir(c.dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    cmd
}

#[test]
fn init_and_the_first_import_leave_the_campaign_and_nothing_else() {
    let c = Campaign::empty();
    c.ok(&["init", "--name", "Atomic"]);
    assert_eq!(names_in(&c), ["campaign.db"]);
    c.ok(&["check"]);
    let d = Campaign::empty();
    d.ok(&["import", FULL_MOON]);
    assert_eq!(names_in(&d), ["campaign.db"]);
    d.ok(&["check"]);
    let history = d.json(&["history"]);
    assert_eq!(history.as_array().map(Vec::len), Some(1), "{history}");
    assert_eq!(history[0]["command"], "import");
    // A campaign in a folder that does not exist is refused by name.
    let lost = Campaign {
        dir: tempfile::tempdir().unwrap(),
        db: d.path("no/such/folder/c.db"),
    };
    let err = lost.fails(2, &["init", "--name", "Lost"]);
    assert!(
        err.contains("no/such/folder/c.db") && !err.contains(".creating"),
        "{err}"
    );
}

#[test]
fn racing_creators_end_with_one_campaign_and_plain_refusals() {
    for round in 0..3 {
        let c = Campaign::empty();
        let children: Vec<_> = (0..4)
            .map(|i| {
                let args: Vec<&str> = match (round, i % 2) {
                    (0, _) => vec!["init", "--name", "Race"],
                    (1, _) => vec!["import", FULL_MOON],
                    (_, 0) => vec!["init", "--name", "Race"],
                    _ => vec!["import", FULL_MOON],
                };
                bounce(&c, &args).spawn().unwrap()
            })
            .collect();
        let outs: Vec<_> = children
            .into_iter()
            .map(|ch| ch.wait_with_output().unwrap())
            .collect();
        // An import that starts after another creator finished imports into
        // that campaign, as it should: after an init it succeeds, after an
        // import its codes are taken. Either way no raw error, and the
        // journal holds one entry per success.
        let won = outs.iter().filter(|o| o.status.success()).count();
        match round {
            2 => assert!((1..=2).contains(&won), "round {round}: {won} won"),
            _ => assert_eq!(won, 1, "round {round}: one creator wins"),
        }
        for o in outs.iter().filter(|o| !o.status.success()) {
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "round {round}: {err}");
            assert!(
                err.contains("already holds a campaign") || err.contains("is already used"),
                "round {round}: {err}"
            );
            assert!(
                !err.contains("database") && !err.contains("os error"),
                "round {round}: raw text: {err}"
            );
        }
        c.ok(&["check"]);
        let history = c.json(&["history"]);
        assert_eq!(history.as_array().map(Vec::len), Some(won), "{history}");
        let names = names_in(&c);
        assert!(
            names.iter().all(|n| n.starts_with("campaign.db")),
            "round {round}: litter {names:?}"
        );
    }
}

#[test]
fn a_killed_creation_leaves_no_file_or_a_whole_campaign_and_no_litter() {
    for i in 0..12u64 {
        let c = Campaign::empty();
        let args: &[&str] = if i % 2 == 0 {
            &["init", "--name", "Killed"]
        } else {
            &["import", FULL_MOON]
        };
        let mut child = bounce(&c, args).spawn().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(3 * i));
        let _ = child.kill();
        let _ = child.wait();
        let names = names_in(&c);
        assert!(
            names.iter().all(|n| n.starts_with("campaign.db")),
            "kill {i}: litter {names:?}"
        );
        if c.db.exists() {
            c.ok(&["check"]);
        }
    }
}

#[test]
fn no_command_writes_into_an_empty_or_foreign_file() {
    let c = Campaign::empty();
    std::fs::write(&c.db, b"").unwrap();
    let other = c.path("other.db");
    {
        let conn = rusqlite::Connection::open(&other).unwrap();
        conn.execute_batch("CREATE TABLE recipes(name TEXT); INSERT INTO recipes VALUES ('soup');")
            .unwrap();
    }
    let foreign = Campaign {
        dir: tempfile::tempdir().unwrap(),
        db: other.clone(),
    };
    for file in [&c, &foreign] {
        let before = read_bytes(&file.db);
        for args in [
            vec!["status"],
            vec!["check"],
            vec!["export"],
            vec!["roster"],
            vec!["history"],
            vec!["advance", "--days", "1"],
            vec!["import", FULL_MOON],
        ] {
            let err = file.fails(2, &args);
            assert!(err.contains("not a bounce campaign"), "{args:?}: {err}");
        }
        let err = file.fails(2, &["init", "--name", "X"]);
        assert!(
            err.contains("already exists and is not a bounce campaign"),
            "{err}"
        );
        assert_eq!(read_bytes(&file.db), before, "{}", file.db.display());
    }
    assert_eq!(names_in(&c), ["campaign.db", "other.db"], "no side files");
}

/// SPEC 3: into an empty campaign made by `init`, an import takes the file's
/// `[campaign]` settings (so the clock is not left before the history it
/// brings, and the export comes back byte for byte); into one that holds
/// forces, it keeps the campaign's own and says which.
#[test]
fn import_into_an_existing_campaign_takes_or_names_the_settings() {
    let source = Campaign::full_moon();
    source.ok(&["battle", "auto", "crater-rim", "--seed", "1"]);
    let exported = source.ok(&["export"]);
    let file = source.write("e.toml", &exported);
    let file = file.to_str().unwrap();

    let c = Campaign::empty();
    c.ok(&[
        "init",
        "--name",
        "Umpire file",
        "--start",
        "2157-01-01T00:00:00",
        "--ruleset",
        "fma",
    ]);
    let said = c.ok(&["import", file]);
    assert!(!said.contains("kept"), "{said}");
    assert!(
        c.ok(&["export"]) == exported,
        "the export differs: the file's name, clock and ruleset were not taken"
    );
    c.ok(&["check"]);

    let other = c.write(
        "more.toml",
        "[campaign]\nname = \"Elsewhere\"\nstart = \"2160-01-01T00:00:00\"\nruleset = \"bia\"\n\n\
         [[sides]]\ncode = \"zz\"\nname = \"Z\"\n",
    );
    let said = c.ok(&["import", other.to_str().unwrap()]);
    assert!(
        said.contains("kept its own settings")
            && said.contains("name Full Moon (the file says Elsewhere)")
            && said.contains("the file says 2160-01-01T00:00:00"),
        "{said}"
    );
    let status = c.ok(&["status"]);
    assert!(status.starts_with("Full Moon"), "{status}");
    c.ok(&["undo"]);
    let json: serde_json::Value =
        serde_json::from_str(&c.ok(&["--json", "import", other.to_str().unwrap()])).unwrap();
    let kept: Vec<&str> = json["kept"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["setting"].as_str().unwrap())
        .collect();
    assert_eq!(kept, ["name", "clock"], "{json}");
}
