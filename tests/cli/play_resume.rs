//! A table session that survives (issue #29 item 4): each accepted line is
//! journalled beside the campaign as it is played; after the end of the input
//! or a kill, the next `battle play` resumes exactly where it stopped, with
//! the dice already rolled; `--discard` drops it; `--json` is one document.

use std::io::Write;
use std::process::Stdio;

use crate::common::Campaign;

const FIRST: &str = "fire a1-1 at mil-1a range 40 cover\nfire hvr-1 at truck-1 range 25\nbogus\nturn\nfire mil-1b at a1-2 range 30\n";
const REST: &str = "fire a1-3 at mil-1c range 30\nend attacker\n";

fn play(c: &Campaign, extra: &[&str], script: &str) -> std::process::Output {
    let mut args = vec!["battle", "play", "crater-rim"];
    if !extra.contains(&"--seed") {
        args.extend(["--seed", "4"]);
    }
    args.extend_from_slice(extra);
    c.cmd(&args).write_stdin(script).output().unwrap()
}

fn stdout(o: &std::process::Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn journal(c: &Campaign) -> std::path::PathBuf {
    c.path("campaign.db.play-crater-rim.jsonl")
}

/// The battle's log after one uninterrupted session of FIRST then REST.
fn uninterrupted_log() -> String {
    let c = Campaign::full_moon();
    stdout(&play(&c, &[], &format!("{FIRST}{REST}")));
    c.ok(&["battle", "log", "crater-rim"])
}

#[test]
fn a_session_cut_at_the_end_of_input_resumes_exactly_where_it_stopped() {
    let c = Campaign::full_moon();
    let before = c.export();
    let out = stdout(&play(&c, &[], FIRST));
    assert!(out.contains("The session is kept in"), "{out}");
    assert_eq!(before, c.export(), "the campaign is unchanged");
    assert!(journal(&c).exists());
    // Another seed on the second run changes nothing: the journal's is used.
    let out = stdout(&play(&c, &["--seed", "99"], REST));
    assert!(
        out.contains("Resumed the session of crater-rim: 4 lines"),
        "{out}"
    );
    assert!(!journal(&c).exists(), "gone once committed");
    assert_eq!(c.ok(&["battle", "log", "crater-rim"]), uninterrupted_log());
}

#[test]
fn a_killed_session_resumes_with_its_dice() {
    let c = Campaign::full_moon();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("bounce"))
        .arg("--db")
        .arg(&c.db)
        .args(["battle", "play", "crater-rim", "--seed", "4"])
        .env_remove("BOUNCE_DB")
        .current_dir(c.dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .as_mut()
        .unwrap()
        .write_all(FIRST.as_bytes())
        .unwrap();
    // Wait until the four accepted lines are on disk, then kill it mid-session.
    let path = journal(&c);
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&path).map_or(0, |t| t.lines().count()) < 5 {
        assert!(start.elapsed().as_secs() < 30, "the journal never filled");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let out = stdout(&play(&c, &[], REST));
    assert!(out.contains("4 lines played again"), "{out}");
    assert_eq!(c.ok(&["battle", "log", "crater-rim"]), uninterrupted_log());
}

#[test]
fn discard_drops_the_unfinished_session() {
    let c = Campaign::full_moon();
    stdout(&play(&c, &[], FIRST));
    let out = stdout(&play(&c, &["--discard"], "end defender\n"));
    assert!(
        out.contains("Dropped the unfinished session of crater-rim (4 lines)"),
        "{out}"
    );
    assert!(!out.contains("Resumed"), "{out}");
    let log = c.ok(&["battle", "log", "crater-rim"]);
    assert!(!log.contains("fire a1-1"), "{log}");
    assert!(!journal(&c).exists());
}

#[test]
fn abort_drops_the_session_too() {
    let c = Campaign::full_moon();
    stdout(&play(&c, &[], FIRST));
    let out = stdout(&play(&c, &[], "abort\n"));
    assert!(out.contains("Resumed") && out.contains("Aborted"), "{out}");
    assert!(!journal(&c).exists());
    let out = stdout(&play(&c, &[], "abort\n"));
    assert!(!out.contains("Resumed"), "{out}");
}

#[test]
fn a_session_that_no_longer_fits_the_battle_is_refused_saying_how_to_drop_it() {
    let c = Campaign::full_moon();
    stdout(&play(&c, &[], FIRST));
    c.ok(&[
        "stand",
        "edit",
        "a1-1",
        "--hits",
        "4",
        "--status",
        "destroyed",
    ]);
    let err = c.fails(2, &["battle", "play", "crater-rim"]);
    assert!(
        err.contains("no longer fits the battle (line 1 `fire a1-1 at mil-1a range 40 cover`")
            && err.contains("--discard"),
        "{err}"
    );
}

#[test]
fn json_play_is_one_document() {
    let c = Campaign::full_moon();
    let out = stdout(&play(&c, &["--json"], FIRST));
    let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(doc["outcome"], "suspended");
    assert_eq!(doc["lines"].as_array().unwrap().len(), 5);
    assert_eq!(doc["lines"][2]["accepted"], false);
    assert!(doc["journal"]
        .as_str()
        .unwrap()
        .ends_with(".play-crater-rim.jsonl"));
    let out = stdout(&play(&c, &["--json"], REST));
    let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(doc["outcome"], "committed");
    assert_eq!(doc["resumed_lines"], 4);
    assert_eq!(doc["result"]["battle"], "crater-rim");
    assert_eq!(doc["result"]["winner"], "attacker");
}

/// On a terminal the lines are read by a line editor: Up brings back the
/// last line, so `fire …`, then Up and Enter, fires twice.
#[test]
fn a_terminal_session_has_line_history() {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    let c = Campaign::full_moon();
    let (mut master, mut slave) = (0, 0);
    let ok = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(ok, 0, "no pseudo-terminal");
    let slave = unsafe { std::fs::File::from_raw_fd(slave) };
    let mut master = unsafe { std::fs::File::from_raw_fd(master) };
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("bounce"))
        .arg("--db")
        .arg(&c.db)
        .args(["battle", "play", "crater-rim", "--seed", "4"])
        .env_remove("BOUNCE_DB")
        .env("TERM", "xterm")
        .current_dir(c.dir.path())
        .stdin(slave.try_clone().unwrap())
        .stdout(slave.try_clone().unwrap())
        .stderr(slave)
        .spawn()
        .unwrap();
    // Drain what the child prints so that it never blocks on a full terminal.
    let mut reader = master.try_clone().unwrap();
    let drain = std::thread::spawn(move || {
        let mut all = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(&all).into_owned()
    });
    let path = journal(&c);
    let lines = |n: usize| {
        let start = std::time::Instant::now();
        while std::fs::read_to_string(&path).map_or(0, |t| t.lines().count()) < n {
            assert!(
                start.elapsed().as_secs() < 30,
                "the journal never reached {n} lines"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    };
    master
        .write_all(b"fire a1-1 at mil-1a range 40 cover\r")
        .unwrap();
    lines(2);
    master.write_all(b"\x1b[A\r").unwrap();
    lines(3);
    // Ctrl-D ends the session. Typed while the editor is between lines (the
    // terminal back in cooked mode), the line discipline turns it into a NUL
    // that the editor ignores, so it is typed again until the child is gone.
    let start = std::time::Instant::now();
    let status = loop {
        let _ = master.write_all(b"\x04");
        std::thread::sleep(std::time::Duration::from_millis(200));
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed().as_secs() < 60,
            "the session never ended on Ctrl-D"
        );
    };
    drop(master);
    assert!(status.success());
    let text = std::fs::read_to_string(&path).unwrap();
    let fired = text.matches("fire a1-1 at mil-1a range 40 cover").count();
    assert_eq!(fired, 2, "Up brought the line back:\n{text}");
    let _ = drain.join();
}

/// Under every ruleset a session cut and resumed ends as the same battle as
/// one played straight through.
#[test]
fn every_ruleset_resumes_as_if_never_cut() {
    let lines = [
        ("bia", "fire a1-1 at mil-1a range 40\nturn\n"),
        ("dirtside", "activate a-1pl\nturn\n"),
        ("fma", "activate a1-1#1\nfire a1-1#1 at mil-1a#1\nturn\n"),
        ("action", "initiative\nturn\n"),
    ];
    for (ruleset, first) in lines {
        let log = |cut: bool| {
            let c = Campaign::full_moon();
            c.ok(&[
                "battle",
                "new",
                "r",
                "--attacker",
                "a-1pl",
                "--defender",
                "tycho-1",
                "--range",
                "30",
                "--ruleset",
                ruleset,
            ]);
            let run = |script: &str| {
                let o = c
                    .cmd(&["battle", "play", "r", "--seed", "11"])
                    .write_stdin(script)
                    .output()
                    .unwrap();
                assert!(
                    o.status.success(),
                    "{ruleset}: {}",
                    String::from_utf8_lossy(&o.stderr)
                );
                String::from_utf8_lossy(&o.stdout).into_owned()
            };
            if cut {
                run(first);
                let out = run("turn\nend draw\n");
                assert!(out.contains("Resumed"), "{ruleset}: {out}");
            } else {
                run(&format!("{first}turn\nend draw\n"));
            }
            c.ok(&["battle", "log", "r"])
        };
        let (straight, cut) = (log(false), log(true));
        assert!(straight.contains("> turn"), "{ruleset}: {straight}");
        assert_eq!(straight, cut, "{ruleset}");
    }
}

#[test]
fn cancelling_a_battle_drops_its_unfinished_session() {
    let c = Campaign::full_moon();
    stdout(&play(&c, &[], FIRST));
    assert!(journal(&c).exists());
    for later in ["kepler-raid", "copernicus-road", "dome-seven"] {
        c.ok(&["battle", "cancel", later]);
    }
    let out = c.ok(&["battle", "cancel", "crater-rim"]);
    assert!(
        out.contains("Dropped its unfinished table session (4 lines)"),
        "{out}"
    );
    assert!(!journal(&c).exists(), "a cancelled battle keeps no session");
    // Undo brings the plan back, and playing it starts afresh.
    c.ok(&["undo"]);
    let out = stdout(&play(&c, &[], REST));
    assert!(!out.contains("Resumed"), "{out}");
}
