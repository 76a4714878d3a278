//! The app's managed state: the open database, or why it could not be opened (shown in
//! the UI instead of a crash).

use std::panic::{catch_unwind, AssertUnwindSafe, Location};
use std::path::PathBuf;
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::Instant;

use deckhand::Deckhand;

use crate::commands::UiError;

pub struct Db {
    deckhand: Result<Mutex<Deckhand>, UiError>,
    /// The database file, when its path could be resolved (the About dialog shows it).
    pub path: Option<PathBuf>,
}

impl Db {
    /// Opens `$DECKHAND_DB` or the platform default, loading bundled data on first use.
    /// Starts the log file beside it first, so the opening (migrations, backups) is logged,
    /// and then today's backup on a thread of its own.
    pub fn open_default() -> Db {
        match deckhand::resolve_db_path(None) {
            Ok(path) => {
                deckhand::init_logging(&path, "app");
                tracing::info!(version = env!("CARGO_PKG_VERSION"), db = %path.display(), "Deckhand starting");
                let db = Db::open(path.clone());
                if db.deckhand.is_ok() {
                    start_daily_backup(path);
                }
                db
            }
            Err(err) => {
                let err = UiError::from(err);
                eprintln!("deckhand-app: cannot open the database: {}", err.message);
                Db {
                    deckhand: Err(err),
                    path: None,
                }
            }
        }
    }

    /// Opens the database at `path` (migrating it, with the backup a migration takes
    /// first); the daily backup is not made here.
    fn open(path: PathBuf) -> Db {
        let started = Instant::now();
        let deckhand = Deckhand::open(&path).map(Mutex::new).map_err(UiError::from);
        if let Err(err) = &deckhand {
            eprintln!("deckhand-app: cannot open the database: {}", err.message);
        }
        tracing::info!(ms = started.elapsed().as_millis() as u64, "database ready");
        Db {
            deckhand,
            path: Some(path),
        }
    }

    /// Runs `f` with the open Deckhand. A failure is logged with its code and the calling
    /// command's place in the source; a panic in `f` (a bug) is caught, logged by the
    /// panic hook, and answered as an `internal` error, so the page shows it instead of
    /// waiting for an answer that would never come.
    #[track_caller]
    pub fn with<T>(
        &self,
        f: impl FnOnce(&mut Deckhand) -> deckhand::Result<T>,
    ) -> Result<T, UiError> {
        let command = Location::caller();
        let mutex = self.deckhand.as_ref().map_err(Clone::clone)?;
        // A panic while holding the lock cannot leave SQLite half-written (transactions
        // roll back as they drop), so a poisoned lock is safe to reuse.
        let mut guard = mutex
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match catch_unwind(AssertUnwindSafe(|| f(&mut guard))) {
            Ok(result) => result.map_err(|err| UiError::logged(err, command)),
            Err(_) => {
                tracing::error!(%command, "a command panicked; answered as an internal error");
                Err(UiError::internal())
            }
        }
    }
}

/// The first start of a day keeps a copy of the database (the newest seven are kept), made
/// on a thread of its own so that the window and the first rows do not wait for it (~0.8 s
/// on a 100k-card database). A failed backup is logged and does not stop the app; a quit
/// during the copy leaves a `.partial` file, never a damaged backup.
fn start_daily_backup(db: PathBuf) -> Option<JoinHandle<()>> {
    let spawned = std::thread::Builder::new()
        .name("daily-backup".into())
        .spawn(move || {
            if let Err(err) = deckhand::daily_backup_of(&db) {
                tracing::warn!(code = err.code(), error = %err, "the daily backup failed");
                eprintln!("deckhand-app: the daily backup failed: {err}");
            }
        });
    spawned
        .inspect_err(|err| tracing::warn!(error = %err, "the daily backup did not start"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn in_memory() -> Db {
        Db {
            deckhand: Ok(Mutex::new(Deckhand::open_in_memory().unwrap())),
            path: None,
        }
    }

    #[test]
    fn a_panic_inside_a_command_becomes_an_internal_error_and_the_next_command_works() {
        let db = in_memory();
        let failed = db.with(|_| -> deckhand::Result<()> { panic!("a bug") });
        let err = failed.expect_err("the panic is answered");
        assert_eq!(err.code.as_str(), "internal");
        assert!(err.message.contains("log"), "{}", err.message);
        let games = db.with(|d| Ok(d.games().iter().count())).unwrap();
        assert!(games > 0, "the database still answers after the panic");
    }

    /// The daily backup was made inside the opening, before the window could open: on a
    /// 100k-card database 0.8 s of every first start of a day.
    #[test]
    fn opening_makes_no_daily_backup_and_the_backup_thread_makes_one() {
        let dir = std::env::temp_dir().join(format!("deckhand-app-state-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("deckhand.sqlite3");
        let dailies = || {
            std::fs::read_dir(dir.join("backups"))
                .into_iter()
                .flatten()
                .flatten()
                .filter(|e| e.file_name().to_string_lossy().contains(".daily."))
                .count()
        };
        let db = Db::open(path.clone());
        assert!(db.deckhand.is_ok());
        assert_eq!(dailies(), 0, "the opening made the daily backup");
        start_daily_backup(path.clone()).unwrap().join().unwrap();
        assert_eq!(dailies(), 1);
        start_daily_backup(path).unwrap().join().unwrap();
        assert_eq!(dailies(), 1, "one daily backup a day");
        drop(db);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_command_keeps_its_code() {
        let db = in_memory();
        let err = db.with(|d| d.card("no such card", None)).unwrap_err();
        assert_eq!(err.code.as_str(), "not_found");
    }
}
