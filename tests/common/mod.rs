//! What every CLI integration test needs: a temporary database and the built `deckhand`
//! binary run against it, as a user or a script would run it.

// Each test file is its own crate and uses only part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// A temporary folder holding the database; both go when the test ends.
pub struct Env {
    pub dir: tempfile::TempDir,
    pub db: PathBuf,
}

impl Env {
    pub fn new() -> Env {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("deckhand.sqlite3");
        Env { dir, db }
    }

    /// A path inside the test's folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Runs `deckhand --db <db> args…` (ignoring any `DECKHAND_DB` of the caller).
    pub fn run(&self, args: &[&str]) -> Output {
        deckhand(&self.db, args).output().unwrap()
    }

    /// Runs a command that must succeed and returns its stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let output = self.run(args);
        assert!(
            output.status.success(),
            "{args:?} failed: {}",
            stderr(&output)
        );
        text(&output.stdout)
    }

    /// Runs a command that must succeed and parses its stdout as JSON.
    pub fn json(&self, args: &[&str]) -> Value {
        serde_json::from_str(&self.ok(args)).unwrap()
    }
}

/// `deckhand --db <db> args…` (ignoring any `DECKHAND_DB` of the caller), not yet started:
/// for tests that run processes side by side or kill them.
pub fn deckhand(db: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_deckhand"));
    command
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("DECKHAND_DB");
    command
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn stderr(output: &Output) -> String {
    text(&output.stderr)
}
