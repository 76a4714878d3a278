//! Logs for a player's bug report: `tracing` events written to a daily-rotated file in
//! `logs/` beside the database (`~/.local/share/deckhand/logs/` by default), one file per
//! program and day (`app.2026-11-25.log`, `cli.2026-11-25.log`), the newest
//! [`KEEP_LOG_FILES`] of each kept.
//!
//! What is logged at `info`: start-up, migrations, backups, imports with their counts and
//! timings, and every failed command's error code. Never card text, deck lists or other
//! contents at `info`: those stay at `debug` or below, which `DECKHAND_LOG=debug` turns on.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use tracing_subscriber::EnvFilter;

use crate::Result;

/// The environment variable with a `tracing` filter (`debug`, `deckhand=trace,info`…);
/// `info` when unset.
pub const LOG_ENV: &str = "DECKHAND_LOG";
/// Daily files kept per program.
pub const KEEP_LOG_FILES: usize = 14;

/// The log folder of the database at `db`: `logs/` beside it.
pub fn log_dir(db: &Path) -> PathBuf {
    db.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."))
        .join("logs")
}

/// The folder this process logs to, once [`init_logging`] succeeded.
static LOG_DIR: OnceLock<PathBuf> = OnceLock::new();

/// Starts logging `program`'s events (`app`, `cli`) into [`log_dir`] of `db`, and logs
/// panics (with their location) before the default hook prints them. Logging is a help,
/// never a condition: a folder that cannot be written leaves the process without a log
/// file and returns `None`. Only the first call in a process does anything.
pub fn init_logging(db: &Path, program: &str) -> Option<PathBuf> {
    if let Some(dir) = LOG_DIR.get() {
        return Some(dir.clone());
    }
    let dir = log_dir(db);
    // Checked here: the appender would accept a file in the folder's place and complain on
    // stderr at every rotation, in the middle of the command's own output.
    std::fs::create_dir_all(&dir).ok()?;
    let appender = tracing_appender::rolling::RollingFileAppender::builder()
        .rotation(tracing_appender::rolling::Rotation::DAILY)
        .filename_prefix(program)
        .filename_suffix("log")
        .max_log_files(KEEP_LOG_FILES)
        .build(&dir)
        .ok()?;
    let filter = EnvFilter::try_from_env(LOG_ENV).unwrap_or_else(|_| EnvFilter::new("info"));
    // A blocking writer: events are few, and a CLI that exits through `process::exit`
    // would lose a background writer's last lines.
    tracing_subscriber::fmt()
        .with_writer(appender)
        .with_ansi(false)
        .with_env_filter(filter)
        .try_init()
        .ok()?;
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let location = info.location().map(|l| l.to_string()).unwrap_or_default();
        tracing::error!(%location, message = %payload, "panic");
        default_hook(info);
    }));
    let _ = LOG_DIR.set(dir.clone());
    Some(dir)
}

/// The folder this process logs to; `None` before [`init_logging`] or when it failed.
pub fn current_log_dir() -> Option<&'static Path> {
    LOG_DIR.get().map(PathBuf::as_path)
}

/// Runs an import and logs how it ended and how long it took: `summary` describes a
/// success in counts (never names), a failure is logged with its error code.
pub(crate) fn logged_import<T>(
    kind: &'static str,
    run: impl FnOnce() -> Result<T>,
    summary: impl FnOnce(&T) -> String,
) -> Result<T> {
    let started = Instant::now();
    let result = run();
    let ms = started.elapsed().as_millis() as u64;
    match &result {
        Ok(report) => tracing::info!(kind, ms, summary = %summary(report), "import finished"),
        Err(err) => tracing::warn!(kind, ms, code = err.code(), "import failed"),
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logs_go_to_a_logs_folder_beside_the_database() {
        let cases = [
            (
                "/home/ana/.local/share/deckhand/deckhand.sqlite3",
                "/home/ana/.local/share/deckhand/logs",
            ),
            ("deckhand.sqlite3", "./logs"),
            ("data/my.db", "data/logs"),
        ];
        for (db, logs) in cases {
            assert_eq!(log_dir(Path::new(db)), PathBuf::from(logs), "{db}");
        }
    }
}
