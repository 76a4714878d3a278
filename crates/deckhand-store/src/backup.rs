//! Backups: copies of the database made with SQLite's online backup API (consistent even
//! while another connection writes), and the rotation of automatic backups in a
//! `backups/` folder beside the database. Restoring one is `restore.rs`.

use std::path::{Path, PathBuf};

use rusqlite::Connection;

use crate::{Store, StoreError};

/// How many automatic backups of each kind are kept.
pub const KEEP_BACKUPS: usize = 7;

/// Why a backup was made; automatic kinds rotate, manual ones are never deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BackupKind {
    /// Asked for by the user.
    Manual,
    /// The first start of the app on a day.
    Daily,
    /// Before a schema migration changes the file.
    Migration,
    /// Before a restore replaces the database.
    PreRestore,
}

impl BackupKind {
    pub fn as_str(self) -> &'static str {
        match self {
            BackupKind::Manual => "manual",
            BackupKind::Daily => "daily",
            BackupKind::Migration => "before-migration",
            BackupKind::PreRestore => "before-restore",
        }
    }
}

/// The folder automatic backups of the database at `db` go to.
pub fn backup_dir(db: &Path) -> PathBuf {
    db.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .join("backups")
}

/// The file behind `conn`, if it is not an in-memory database.
pub(crate) fn db_file(conn: &Connection) -> Option<PathBuf> {
    conn.path().filter(|p| !p.is_empty()).map(PathBuf::from)
}

/// Copies the database to `dst` through the backup API. The copy is written beside `dst`
/// and renamed into place, so `dst` is either the old file or a complete backup; it is a
/// single self-contained file (rollback journal, not WAL). On any failure the partial
/// copy and its journal are removed.
pub(crate) fn copy_to(conn: &Connection, dst: &Path) -> Result<(), StoreError> {
    let io = |e: std::io::Error| StoreError::Backup {
        path: dst.to_owned(),
        message: e.to_string(),
    };
    // Named by process: two processes backing up at once (each opening an old database)
    // must not write into one file.
    let mut partial = dst.as_os_str().to_owned();
    partial.push(format!(".{}.partial", std::process::id()));
    // Declared before the connection, so dropped after it: the files go once closed.
    let partial = ScratchFile::new(PathBuf::from(partial));
    partial.remove().map_err(io)?;
    {
        let mut target = Connection::open(partial.path())?;
        let backup = rusqlite::backup::Backup::new(conn, &mut target)?;
        run(&backup)?;
        drop(backup);
        target.pragma_update(None, "journal_mode", "DELETE")?;
    }
    std::fs::rename(partial.path(), dst).map_err(io)?;
    partial.keep();
    Ok(())
}

/// A database file of our own making (a backup being written, the copy of a file being
/// checked for restore) that is removed, with the journal and WAL files SQLite may have
/// made beside it, when dropped — on every path out, errors included — unless kept.
pub(crate) struct ScratchFile {
    path: PathBuf,
    kept: bool,
}

impl ScratchFile {
    pub(crate) fn new(path: PathBuf) -> ScratchFile {
        ScratchFile { path, kept: false }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The file and its companions, as SQLite names them.
    fn files(&self) -> impl Iterator<Item = PathBuf> + '_ {
        ["", "-journal", "-wal", "-shm"].into_iter().map(|suffix| {
            let mut name = self.path.as_os_str().to_owned();
            name.push(suffix);
            PathBuf::from(name)
        })
    }

    /// Removes whatever of it exists now (a leftover from an earlier run).
    pub(crate) fn remove(&self) -> std::io::Result<()> {
        for file in self.files() {
            match std::fs::remove_file(&file) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        Ok(())
    }

    /// The file became something else (it was renamed into place): leave it.
    pub(crate) fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for ScratchFile {
    fn drop(&mut self) {
        if !self.kept {
            let _ = self.remove();
        }
    }
}

/// Steps a backup to the end, waiting out other connections' locks for up to the
/// store's usual five seconds (the library's own loop would wait forever).
pub(crate) fn run(backup: &rusqlite::backup::Backup) -> Result<(), StoreError> {
    use rusqlite::backup::StepResult;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        match backup.step(1024)? {
            StepResult::Done => return Ok(()),
            StepResult::More => {}
            _ if std::time::Instant::now() > deadline => {
                return Err(rusqlite::Error::SqliteFailure(
                    rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
                    Some("the database stayed locked during the backup".into()),
                )
                .into())
            }
            _ => std::thread::sleep(std::time::Duration::from_millis(10)),
        }
    }
}

/// Makes a backup of kind `kind` in [`backup_dir`] and, for automatic kinds, deletes all
/// but the newest [`KEEP_BACKUPS`] of that kind.
pub(crate) fn backup_into_dir(
    conn: &Connection,
    db: &Path,
    kind: BackupKind,
) -> Result<PathBuf, StoreError> {
    let dir = backup_dir(db);
    std::fs::create_dir_all(&dir).map_err(|e| StoreError::Backup {
        path: dir.clone(),
        message: e.to_string(),
    })?;
    let prefix = format!("{}.{}.", stem(db), kind.as_str());
    // UTC to the millisecond, so names sort by time; two backups within one millisecond
    // wait for the next.
    let path = loop {
        let stamp: String = conn.query_row(
            "SELECT replace(strftime('%Y%m%dT%H%M%f', 'now'), '.', '') || 'Z'",
            [],
            |r| r.get(0),
        )?;
        let path = dir.join(format!("{prefix}{stamp}.sqlite3"));
        if !path.exists() {
            break path;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    };
    let started = std::time::Instant::now();
    copy_to(conn, &path).inspect_err(|err| {
        tracing::warn!(kind = kind.as_str(), error = %err, "backup failed");
    })?;
    tracing::info!(
        kind = kind.as_str(),
        file = %path.display(),
        ms = started.elapsed().as_millis() as u64,
        "backup written"
    );
    if kind != BackupKind::Manual {
        prune(&dir, &prefix, KEEP_BACKUPS);
    }
    Ok(path)
}

fn stem(db: &Path) -> String {
    db.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "deckhand".into())
}

/// The backups in `dir` whose names start with `prefix`, oldest first (the timestamp in
/// the name sorts).
fn backups_with_prefix(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix) && n.ends_with(".sqlite3"))
        })
        .collect();
    found.sort();
    found
}

/// Rotation never fails the backup that triggered it: a file that cannot be removed stays.
fn prune(dir: &Path, prefix: &str, keep: usize) {
    let found = backups_with_prefix(dir, prefix);
    let excess = found.len().saturating_sub(keep);
    for old in &found[..excess] {
        let _ = std::fs::remove_file(old);
    }
}

impl Store {
    /// The database file, unless the store is in memory.
    pub fn file_path(&self) -> Option<PathBuf> {
        db_file(&self.conn)
    }

    /// Writes a consistent copy of the database to `dst` (replacing it) through the
    /// online backup API.
    pub fn backup_to(&self, dst: &Path) -> Result<(), StoreError> {
        copy_to(&self.conn, dst)
    }

    /// Makes a backup of `kind` in [`backup_dir`]; `None` for an in-memory store.
    pub fn backup_in_dir(&self, kind: BackupKind) -> Result<Option<PathBuf>, StoreError> {
        match db_file(&self.conn) {
            Some(db) => Ok(Some(backup_into_dir(&self.conn, &db, kind)?)),
            None => Ok(None),
        }
    }

    /// Makes today's daily backup unless one exists; `None` when there was nothing to do.
    pub fn daily_backup(&self) -> Result<Option<PathBuf>, StoreError> {
        let Some(db) = db_file(&self.conn) else {
            return Ok(None);
        };
        let today: String = self
            .conn
            .query_row("SELECT strftime('%Y%m%d', 'now')", [], |r| r.get(0))?;
        let prefix = format!("{}.{}.{today}", stem(&db), BackupKind::Daily.as_str());
        if !backups_with_prefix(&backup_dir(&db), &prefix).is_empty() {
            return Ok(None);
        }
        Ok(Some(backup_into_dir(&self.conn, &db, BackupKind::Daily)?))
    }

    /// The backups beside this database, oldest first.
    pub fn backups(&self) -> Vec<PathBuf> {
        db_file(&self.conn)
            .map(|db| backups_with_prefix(&backup_dir(&db), &format!("{}.", stem(&db))))
            .unwrap_or_default()
    }
}
