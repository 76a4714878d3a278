//! The app's managed state: the open database, or why it could not be opened (shown in
//! the UI instead of a crash).

use std::sync::Mutex;

use deckhand::Deckhand;

use crate::commands::UiError;

pub struct Db {
    deckhand: Result<Mutex<Deckhand>, UiError>,
}

impl Db {
    /// Opens `$DECKHAND_DB` or the platform default, loading bundled data on first use.
    pub fn open_default() -> Db {
        let deckhand = deckhand::resolve_db_path(None)
            .and_then(|path| Deckhand::open(&path))
            .map(Mutex::new)
            .map_err(UiError::from);
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
                    eprintln!("deckhand-app: the daily backup failed: {err}");
                }
            }
        }
        Db { deckhand }
    }

    /// Runs `f` with the open Deckhand.
    pub fn with<T>(
        &self,
        f: impl FnOnce(&mut Deckhand) -> deckhand::Result<T>,
    ) -> Result<T, UiError> {
        let mutex = self.deckhand.as_ref().map_err(Clone::clone)?;
        // A panic while holding the lock cannot leave SQLite half-written (transactions),
        // so a poisoned lock is safe to reuse.
        let mut guard = mutex
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        f(&mut guard).map_err(UiError::from)
    }
}
