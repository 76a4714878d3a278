//! The app's managed state: the open database, or why it could not be opened (shown in
//! the UI instead of a crash).

use std::panic::{catch_unwind, AssertUnwindSafe, Location};
use std::path::PathBuf;
use std::sync::Mutex;
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
    /// Starts the log file beside it first, so the opening (migrations, backups) is logged.
    pub fn open_default() -> Db {
        let started = Instant::now();
        let (path, deckhand) = match deckhand::resolve_db_path(None) {
            Ok(path) => {
                deckhand::init_logging(&path, "app");
                tracing::info!(version = env!("CARGO_PKG_VERSION"), db = %path.display(), "Deckhand starting");
                let open = Deckhand::open(&path).map(Mutex::new).map_err(UiError::from);
                (Some(path), open)
            }
            Err(err) => (None, Err(UiError::from(err))),
        };
        match &deckhand {
            Err(err) => eprintln!("deckhand-app: cannot open the database: {}", err.message),
            // The first start of a day keeps a copy (the newest seven are kept). A failed
            // backup is reported but does not stop the app.
            Ok(open) => {
                let daily = open
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .daily_backup();
                if let Err(err) = daily {
                    tracing::warn!(code = err.code(), error = %err, "the daily backup failed");
                    eprintln!("deckhand-app: the daily backup failed: {err}");
                }
            }
        }
        tracing::info!(ms = started.elapsed().as_millis() as u64, "database ready");
        Db { deckhand, path }
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

    #[test]
    fn a_failed_command_keeps_its_code() {
        let db = in_memory();
        let err = db.with(|d| d.card("no such card", None)).unwrap_err();
        assert_eq!(err.code.as_str(), "not_found");
    }
}
