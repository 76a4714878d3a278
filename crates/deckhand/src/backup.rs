//! Never lose it: backups through SQLite's online backup API (safe while the app has the
//! database open), the daily backup the app makes when it starts, and checked restores.

use std::path::{Path, PathBuf};

use deckhand_store::{BackupKind, Store};

use crate::{BackupInfo, Deckhand, Error, Result};

/// Today's automatic backup of the database file at `db`, made on the first start of a
/// day; the newest seven daily backups are kept. `None` when today's exists. It opens a
/// connection of its own (open `db` with [`Deckhand::open`] first: that migrates it), so
/// the app makes it on a thread while the window opens and the first rows load: on a
/// 100k-card database the copy takes ~0.8 s. WAL lets the app read and write meanwhile;
/// the copy is the database as it was when the backup began.
pub fn daily_backup_of(db: &Path) -> Result<Option<PathBuf>> {
    Ok(Store::open(db)?.daily_backup()?)
}

impl Deckhand {
    /// Backs the database up to `out`, or else into the `backups/` folder beside it
    /// (manual backups there are never rotated away). Returns the backup's path. An `out`
    /// that is the database or one of its files is refused before anything is written.
    pub fn backup(&self, out: Option<&Path>) -> Result<PathBuf> {
        match out {
            Some(out) => {
                self.output_guard.check(out)?;
                self.store.backup_to(out)?;
                Ok(out.to_owned())
            }
            None => self
                .store
                .backup_in_dir(BackupKind::Manual)?
                .ok_or_else(|| Error::DataDir {
                    path: PathBuf::from(":memory:"),
                    message: "an in-memory database has no backup folder; pass --out".into(),
                }),
        }
    }

    /// The backups beside the database, oldest first.
    pub fn backups(&self) -> Vec<PathBuf> {
        self.store.backups()
    }

    /// Replaces the database with the backup at `from` once a copy of it passed the checks
    /// (exactly Deckhand's schema for its version, then migrated, SQLite's integrity and
    /// foreign-key checks; see `deckhand_store::restore`); a refused file changes nothing.
    /// The replaced content is kept as a `before-restore` backup. Game definitions and
    /// bundled cards are brought up to date and the search index rebuilt.
    pub fn restore(&mut self, from: &Path) -> Result<BackupInfo> {
        let started = std::time::Instant::now();
        let info = self.store.restore_from(from).inspect_err(|err| {
            tracing::warn!(error = %err, "restore refused");
        })?;
        tracing::info!(ms = started.elapsed().as_millis() as u64, "backup restored");
        self.forget_collection();
        self.store.sync_games(self.games.iter())?;
        self.import_bundled()?;
        self.reindex()?;
        Ok(info.into())
    }
}
