//! Helpers for integration tests: run the real binary on a temporary campaign file.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tempfile::TempDir;

/// The Full Moon campaign as the tests know it: a frozen copy of the demo
/// file, so tests of the mechanics do not move when the demo is rebalanced.
/// (The shipped file, `SHIPPED_FULL_MOON`, is what `demo` and its own tests use.)
pub const FULL_MOON: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/full-moon-classic.toml"
);

/// The demo campaign as shipped.
pub const SHIPPED_FULL_MOON: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/campaigns/full-moon.toml");

/// A temporary directory with a campaign file path in it.
pub struct Campaign {
    pub dir: TempDir,
    pub db: PathBuf,
}

impl Campaign {
    /// An empty directory; the campaign file does not exist yet.
    pub fn empty() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("campaign.db");
        Campaign { dir, db }
    }

    /// The Full Moon campaign imported.
    pub fn full_moon() -> Self {
        let c = Campaign::empty();
        c.ok(&["import", FULL_MOON]);
        c
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut cmd = Command::cargo_bin("bounce").expect("binary");
        cmd.arg("--db")
            .arg(&self.db)
            .args(args)
            .env_remove("BOUNCE_DB");
        cmd.current_dir(self.dir.path());
        cmd
    }

    /// Runs and expects success; returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.cmd(args).output().expect("run");
        assert!(
            out.status.success(),
            "bounce {args:?} failed ({:?}):\n{}\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8")
    }

    /// Runs and expects the given exit code; returns stderr.
    pub fn fails(&self, code: i32, args: &[&str]) -> String {
        let out = self.cmd(args).output().expect("run");
        assert_eq!(
            out.status.code(),
            Some(code),
            "bounce {args:?}: expected exit {code}\nstdout: {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stderr).expect("utf-8")
    }

    /// Runs with `--json` and parses stdout.
    pub fn json(&self, args: &[&str]) -> serde_json::Value {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        let out = self.ok(&all);
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("bad JSON from {args:?}: {e}\n{out}"))
    }

    pub fn export(&self) -> String {
        self.ok(&["export"])
    }

    /// The campaign file's bytes, after folding any WAL into it.
    pub fn bytes(&self) -> Vec<u8> {
        read_bytes(&self.db)
    }

    /// Writes a campaign file into the temp dir and returns its path.
    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.path(name);
        std::fs::write(&p, text).expect("write");
        p
    }

    /// Runs raw SQL on the campaign file, as a tamperer would.
    pub fn sql(&self, sql: &str) {
        let conn = rusqlite::Connection::open(&self.db).expect("open");
        conn.execute_batch(sql).expect("sql");
    }
}

/// A file's bytes; a missing file fails the test (comparing two empty reads of
/// a file that is not there would prove nothing).
pub fn read_bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

pub fn full_moon_text() -> String {
    std::fs::read_to_string(FULL_MOON).expect("full-moon.toml")
}
