//! The README as a new user follows it: every `sh` block, in order, run by a
//! plain shell in an empty folder with an empty home, with `bounce` found on
//! the PATH as `cargo install --path .` leaves it. A command the README gets
//! wrong (a folder not made, a file not shipped, a code not in the campaign)
//! fails here. The `cargo` lines are the set-up itself and are not re-run.

use std::path::Path;

use crate::common::Campaign;

const README: &str = include_str!("../../README.md");

/// The `sh` blocks' lines, continuation lines joined, `cargo` lines left out.
fn readme_script() -> String {
    let mut lines = vec!["set -ex".to_string()];
    let mut rest = README;
    while let Some(start) = rest.find("```sh\n") {
        let body = &rest[start + 6..];
        let end = body.find("```").expect("closed block");
        let block = body[..end].replace("\\\n", " ");
        lines.extend(
            block
                .lines()
                .filter(|l| !l.trim_start().starts_with("cargo "))
                .map(str::to_string),
        );
        rest = &body[end + 3..];
    }
    lines.join("\n")
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
    std::os::unix::fs::symlink(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("campaigns"),
        c.path("campaigns"),
    )
    .unwrap();
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
