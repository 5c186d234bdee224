//! The README as a new user follows it. Every `sh` and `console` block, in
//! order, is run by a plain shell in an empty folder with an empty home, with
//! `bounce` found on the PATH as `cargo install --path .` leaves it: a command
//! the README gets wrong (a folder not made, a file not shipped, a code not in
//! the campaign) fails here. The `cargo` lines are the set-up itself and are
//! not re-run. The `console` blocks also show what bounce prints; trycmd runs
//! them alone, in order, on a fresh folder and compares every line shown.

use std::path::Path;

use crate::common::Campaign;

const README: &str = include_str!("../../README.md");

/// The commands of the README's `sh` and `console` blocks, in order, as one
/// shell script: continuation lines joined, `cargo` lines left out, and a
/// `console` command shown failing (`? N`) allowed that exit code.
fn readme_script() -> String {
    let mut lines = vec!["set -ex".to_string()];
    let mut rest = README;
    while let Some(start) = rest.find("\n```") {
        let body = &rest[start + 4..];
        let (lang, body) = body.split_once('\n').expect("a fence line");
        let end = body.find("```").expect("closed block");
        let block = &body[..end];
        rest = &body[end + 3..];
        match lang {
            "sh" => lines.extend(
                block
                    .replace("\\\n", " ")
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("cargo "))
                    .map(str::to_string),
            ),
            "console" => {
                for line in block.lines() {
                    if let Some(cmd) = line.strip_prefix("$ ") {
                        lines.push(cmd.to_string());
                    } else if let Some(more) = line.strip_prefix("> ") {
                        let last = lines.last_mut().expect("a command to continue");
                        last.push(' ');
                        last.push_str(more);
                    } else if let Some(code) = line.strip_prefix("? ") {
                        let last = lines.last_mut().expect("a command before its status");
                        last.push_str(&format!(" || [ $? -eq {code} ]"));
                    }
                }
            }
            _ => {}
        }
    }
    lines.join("\n")
}

/// What the README's folder holds besides the shipped campaigns: the
/// `broken.toml` its bad-input example imports (the Full Moon campaign with
/// one training misspelt).
fn lay_out_readme_folder(dir: &Path) {
    std::os::unix::fs::symlink(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("campaigns"),
        dir.join("campaigns"),
    )
    .unwrap();
    let campaign = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("campaigns/full-moon.toml"),
    )
    .unwrap();
    let broken = campaign.replacen("training = \"regular\"", "training = \"elite\"", 1);
    assert_ne!(broken, campaign, "a stand to misspell");
    std::fs::write(dir.join("broken.toml"), broken).unwrap();
}

#[test]
fn the_set_up_puts_bounce_on_the_path() {
    let setup = &README[README.find("## Set-up").unwrap()..README.find("## A short tour").unwrap()];
    assert!(setup.contains("cargo install --path ."), "{setup}");
    assert!(
        !setup.contains("cargo run"),
        "the set-up leaves bounce off the PATH"
    );
}

#[test]
fn every_readme_command_runs_as_written_on_a_fresh_machine() {
    let c = Campaign::empty();
    let home = c.path("home");
    std::fs::create_dir(&home).unwrap();
    lay_out_readme_folder(c.dir.path());
    let bin = assert_cmd::cargo::cargo_bin("bounce");
    let path = format!("{}:/usr/bin:/bin", bin.parent().unwrap().display());
    let out = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg(readme_script())
        .current_dir(c.dir.path())
        .env_clear()
        .env("HOME", &home)
        .env("PATH", path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let tail: Vec<&str> = stderr.lines().rev().take(6).collect();
    assert!(
        out.status.success(),
        "a README command failed; the last lines:\n{}",
        tail.into_iter().rev().collect::<Vec<_>>().join("\n")
    );
    assert!(home
        .join(".local/share/bash-completion/completions/bounce")
        .exists());
}

#[test]
fn every_console_example_prints_what_the_readme_shows() {
    // trycmd runs a Markdown file's blocks in `<name>.in/` beside it, so the
    // README is copied next to a folder laid out as a reader's would be.
    let dir = tempfile::tempdir().unwrap();
    let readme = dir.path().join("README.md");
    std::fs::write(&readme, README).unwrap();
    let folder = dir.path().join("README.in");
    std::fs::create_dir(&folder).unwrap();
    lay_out_readme_folder(&folder);
    trycmd::TestCases::new()
        .register_bin("bounce", assert_cmd::cargo::cargo_bin("bounce"))
        .env("HOME", folder.display().to_string())
        .case(&readme)
        .run();
}

#[test]
fn the_table_session_shown_plays_as_shown() {
    // The `battle play` example is a terminal transcript (`> ` is the prompt),
    // which trycmd cannot feed; its typed lines go in on stdin here and the
    // replies must be the lines the README shows, up to its `...`.
    let start = README
        .find("```text\n$ bounce --db moon.db battle play crater-rim --seed 4\n")
        .expect("the battle play example");
    let block = &README[start + 8..];
    let block = &block[..block.find("```").unwrap()];
    let mut typed = String::new();
    let mut shown = Vec::new();
    for line in block.lines().skip(1).take_while(|l| *l != "...") {
        match line.strip_prefix("> ") {
            Some(input) => {
                typed.push_str(input);
                typed.push('\n');
            }
            None => shown.push(line),
        }
    }
    let c = Campaign::empty();
    let campaign = Path::new(env!("CARGO_MANIFEST_DIR")).join("campaigns/full-moon.toml");
    c.ok(&["import", campaign.to_str().unwrap()]);
    let out = c
        .cmd(&["battle", "play", "crater-rim", "--seed", "4"])
        .write_stdin(typed)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    let printed: Vec<&str> = printed.lines().take(shown.len()).collect();
    assert_eq!(printed, shown);
}

#[test]
fn demo_never_replaces_a_report_it_did_not_write() {
    let c = Campaign::empty();
    let demo = |dir: &Path| {
        assert_cmd::Command::cargo_bin("bounce")
            .unwrap()
            .current_dir(dir)
            .env_remove("BOUNCE_DB")
            .arg("demo")
            .output()
            .unwrap()
    };
    let report = c.path("bounce-report.html");
    std::fs::write(&report, "precious").unwrap();
    let out = demo(c.dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bounce-report.html exists"));
    assert_eq!(std::fs::read_to_string(&report).unwrap(), "precious");
    assert!(!c.path("bounce-demo.db").exists(), "nothing written");

    std::fs::remove_file(&report).unwrap();
    assert!(demo(c.dir.path()).status.success());
    assert!(
        demo(c.dir.path()).status.success(),
        "its own report is replaced"
    );
}
