//! Backups: copies of the database made with SQLite's online backup API (consistent even
//! while another connection writes), the check a file must pass before it is restored,
//! and the rotation of automatic backups in a `backups/` folder beside the database.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, OptionalExtension, MAIN_DB};
use serde::Serialize;

use crate::migrations::{migrate, SCHEMA_VERSION};
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

/// What a backup file holds, as checked before a restore.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BackupInfo {
    pub schema_version: i64,
    pub cards: i64,
    pub decks: i64,
    pub collection_rows: i64,
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
/// single self-contained file (rollback journal, not WAL).
pub(crate) fn copy_to(conn: &Connection, dst: &Path) -> Result<(), StoreError> {
    let mut partial = dst.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let io = |e: std::io::Error| StoreError::Backup {
        path: dst.to_owned(),
        message: e.to_string(),
    };
    if partial.exists() {
        std::fs::remove_file(&partial).map_err(io)?;
    }
    {
        let mut target = Connection::open(&partial)?;
        let backup = rusqlite::backup::Backup::new(conn, &mut target)?;
        run(&backup)?;
        drop(backup);
        target.pragma_update(None, "journal_mode", "DELETE")?;
    }
    std::fs::rename(&partial, dst).map_err(io)
}

/// Steps a backup to the end, waiting out other connections' locks for up to the
/// store's usual five seconds (the library's own loop would wait forever).
fn run(backup: &rusqlite::backup::Backup) -> Result<(), StoreError> {
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
    copy_to(conn, &path)?;
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

/// Checks that `path` is an intact Deckhand database this build can open: SQLite's
/// `integrity_check` passes, it has Deckhand's tables, and its schema is not newer.
/// Nothing is written to the file.
pub fn check_backup(path: &Path) -> Result<BackupInfo, StoreError> {
    let invalid = |message: String| StoreError::InvalidBackup {
        path: path.to_owned(),
        message,
    };
    if !path.is_file() {
        return Err(invalid("no such file".into()));
    }
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| invalid(e.to_string()))?;
    let not_sqlite = |e: rusqlite::Error| invalid(format!("not a SQLite database ({e})"));
    let mut stmt = conn.prepare("PRAGMA integrity_check").map_err(not_sqlite)?;
    let problems: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .map_err(not_sqlite)?
        .collect::<Result<_, _>>()
        .map_err(not_sqlite)?;
    if problems != ["ok"] {
        return Err(invalid(format!(
            "the integrity check failed: {}",
            problems.first().map(String::as_str).unwrap_or("no answer")
        )));
    }
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(not_sqlite)?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found: version,
            known: SCHEMA_VERSION,
        });
    }
    let database_id: Option<String> = if version >= 2 {
        conn.query_row(
            "SELECT value FROM meta WHERE key = 'database_id'",
            [],
            |r| r.get(0),
        )
        .optional()
        .ok()
        .flatten()
    } else {
        None
    };
    if database_id.is_none() {
        return Err(invalid("not a Deckhand database".into()));
    }
    let count = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap_or(0) };
    Ok(BackupInfo {
        schema_version: version,
        cards: count("SELECT COUNT(*) FROM cards"),
        decks: count("SELECT COUNT(*) FROM decks WHERE deleted_at IS NULL"),
        collection_rows: count("SELECT COUNT(*) FROM collection"),
    })
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

    /// Replaces the database's content with the backup at `src`, after checking it (see
    /// [`check_backup`]). The current content is first saved as a `before-restore`
    /// backup; the copy goes through the backup API into the open database, so other
    /// connections see either the old or the restored content. An older schema is then
    /// migrated.
    pub fn restore_from(&mut self, src: &Path) -> Result<BackupInfo, StoreError> {
        let info = check_backup(src)?;
        self.backup_in_dir(BackupKind::PreRestore)?;
        let source = Connection::open_with_flags(src, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        {
            let backup = rusqlite::backup::Backup::new_with_names(
                &source,
                MAIN_DB,
                &mut self.conn,
                MAIN_DB,
            )?;
            run(&backup)?;
        }
        if db_file(&self.conn).is_some() {
            self.conn.pragma_update(None, "journal_mode", "WAL")?;
        }
        migrate(&mut self.conn)?;
        Ok(info)
    }
}
