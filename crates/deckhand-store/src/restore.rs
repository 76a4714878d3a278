//! Restoring a backup without letting it poison the database.
//!
//! The file offered is never opened where it lies (SQLite would make `-wal`/`-shm` files
//! beside it): it is copied to a scratch file beside the database. The copy, opened
//! read-only, must have exactly the schema its version has — every table, index, trigger
//! and view, built from the migrations themselves: nothing foreign, nothing missing —
//! before anything in it is queried (so a trigger that deletes decks, or a `collection`
//! that is a never-ending recursive view, is refused unread). Only then is the copy
//! migrated to this build's schema and checked (`integrity_check`, `foreign_key_check`),
//! and only a copy that passed replaces the live content. A watchdog bounds the checks'
//! time all the same.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use rusqlite::config::DbConfig;
use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, MAIN_DB};
use serde::Serialize;

use crate::backup::{db_file, run, BackupKind, ScratchFile};
use crate::deck_store::{corrupt_deck, DeckCard};
use crate::migrations::{migrate_to, schema_at, SCHEMA_VERSION};
use crate::store::{card_from_row, CARD_COLUMNS};
use crate::{Store, StoreError};

/// How long the checks of one file may take before they are interrupted: far more than
/// an intact database of any real size needs, short of a frozen app.
const CHECK_TIME_LIMIT: Duration = Duration::from_secs(120);

/// What a backup file holds, as checked before a restore.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BackupInfo {
    pub schema_version: i64,
    pub cards: i64,
    pub decks: i64,
    pub collection_rows: i64,
}

/// Checks the file at `path` as a restore would (see the module's doc) without restoring
/// it; the file itself is only read, and the scratch copy goes to the temporary folder.
pub fn check_backup(path: &Path) -> Result<BackupInfo, StoreError> {
    Ok(Candidate::prepare(path, &std::env::temp_dir())?.info)
}

impl Store {
    /// Replaces the database's content with the backup at `src` once a copy of it passed
    /// every check (see the module's doc); on a refusal nothing has changed. The current
    /// content is first saved as a `before-restore` backup; the checked copy, already at
    /// this build's schema, goes through the backup API into the open database, so other
    /// connections see either the old or the restored content.
    pub fn restore_from(&mut self, src: &Path) -> Result<BackupInfo, StoreError> {
        let scratch_dir = match db_file(&self.conn) {
            Some(db) => db
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .to_owned(),
            None => std::env::temp_dir(),
        };
        let candidate = Candidate::prepare(src, &scratch_dir)?;
        // The backup API cannot change a WAL database's page size: match it first.
        let page_size: i64 = self
            .conn
            .pragma_query_value(None, "page_size", |r| r.get(0))?;
        candidate.set_page_size(page_size)?;
        self.backup_in_dir(BackupKind::PreRestore)?;
        {
            let backup = rusqlite::backup::Backup::new_with_names(
                &candidate.conn,
                MAIN_DB,
                &mut self.conn,
                MAIN_DB,
            )?;
            run(&backup)?;
        }
        if db_file(&self.conn).is_some() {
            self.conn.pragma_update(None, "journal_mode", "WAL")?;
        }
        // The restore is the last change now. The backup's own undo journals would offer to
        // undo a change made before it was taken ("Undo add …" right after restoring),
        // which is not what the player last did; the restore itself is undone by restoring
        // the `before-restore` backup.
        self.conn.execute_batch(
            "DELETE FROM collection_undo; DELETE FROM collection_undo_label;
             DELETE FROM card_undo; DELETE FROM card_undo_label; DELETE FROM card_undo_images;",
        )?;
        Ok(candidate.info)
    }
}

/// A file offered for restore, copied, checked and migrated to this build's schema:
/// ready to replace the live content. Its scratch files go when it is dropped.
struct Candidate {
    // Before `_scratch`: the connection closes before its files are removed.
    conn: Connection,
    info: BackupInfo,
    _scratch: ScratchFile,
}

impl Candidate {
    /// Copies `src` into `scratch_dir` and runs every check on the copy.
    fn prepare(src: &Path, scratch_dir: &Path) -> Result<Candidate, StoreError> {
        match std::fs::metadata(src) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(invalid(src, "no such file"))
            }
            Err(e) => return Err(invalid(src, format!("cannot read it ({e})"))),
            Ok(meta) if meta.is_dir() => return Err(invalid(src, "this is a folder, not a file")),
            Ok(meta) if !meta.is_file() => {
                return Err(invalid(
                    src,
                    "not a regular file (a pipe or a device): save the backup as a file first",
                ))
            }
            Ok(_) => {}
        }
        let scratch = ScratchFile::new(scratch_dir.join(scratch_name(src)));
        let copy = |from: &Path, to: &Path| {
            std::fs::copy(from, to)
                .map(drop)
                .map_err(|e| invalid(from, format!("cannot copy it to check it: {e}")))
        };
        copy(src, scratch.path())?;
        // Pages a database copied while open may still hold in its WAL.
        let wal = with_suffix(src, "-wal");
        if wal.is_file() {
            copy(&wal, &with_suffix(scratch.path(), "-wal"))?;
        }
        let deadline = Instant::now() + CHECK_TIME_LIMIT;
        let version = check_schema(src, scratch.path(), deadline)?;
        let (conn, info) = migrate_and_check(src, scratch.path(), version, deadline)?;
        Ok(Candidate {
            conn,
            info,
            _scratch: scratch,
        })
    }

    fn set_page_size(&self, page_size: i64) -> Result<(), StoreError> {
        let own: i64 = self
            .conn
            .pragma_query_value(None, "page_size", |r| r.get(0))?;
        if own != page_size {
            self.conn.pragma_update(None, "page_size", page_size)?;
            self.conn.execute_batch("VACUUM")?;
        }
        Ok(())
    }
}

/// A scratch file name of this process's own, so that two restores never share one.
fn scratch_name(src: &Path) -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let stem = src
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!(
        ".{stem}.restore-check-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Reads the copy's schema version and whole schema, read-only, and compares it with what
/// that version must hold. Returns the version.
fn check_schema(src: &Path, copy: &Path, deadline: Instant) -> Result<i64, StoreError> {
    let conn = Connection::open_with_flags(copy, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| unreadable(src, e))?;
    distrust(&conn)?;
    let _watchdog = Watchdog::new(&conn, deadline);
    // The header's version is not the file's content: reading it runs nothing of it.
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(|e| unreadable(src, e))?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found: version,
            known: SCHEMA_VERSION,
        });
    }
    if version < 1 {
        return Err(invalid(
            src,
            format!("not a Deckhand backup: it has no Deckhand schema version ({version})"),
        ));
    }
    let found = read_schema(&conn).map_err(|e| unreadable(src, e))?;
    let expected = read_schema(&schema_at(version)?)?;
    match schema_difference(&found, &expected, version) {
        Some(difference) => Err(invalid(src, format!("not a Deckhand backup: {difference}"))),
        None => Ok(version),
    }
}

/// Migrates the approved copy to this build's schema and checks its content.
fn migrate_and_check(
    src: &Path,
    copy: &Path,
    version: i64,
    deadline: Instant,
) -> Result<(Connection, BackupInfo), StoreError> {
    let mut conn = Connection::open(copy).map_err(|e| unreadable(src, e))?;
    distrust(&conn)?;
    let watchdog = Watchdog::new(&conn, deadline);
    let fail = |e: rusqlite::Error| unreadable(src, e);
    // One self-contained file for the backup API, whatever journal the copy had.
    conn.pragma_update(None, "journal_mode", "DELETE")
        .map_err(fail)?;
    conn.pragma_update(None, "foreign_keys", true)
        .map_err(fail)?;
    migrate_to(&mut conn, SCHEMA_VERSION).map_err(|e| match e {
        StoreError::Sqlite(e) => match e.sqlite_error_code() {
            Some(ErrorCode::ConstraintViolation | ErrorCode::Unknown) => invalid(
                src,
                format!("cannot be brought up to schema version {SCHEMA_VERSION} ({e})"),
            ),
            _ => unreadable(src, e),
        },
        e => e,
    })?;
    let problems: Vec<String> = conn
        .prepare("PRAGMA integrity_check")
        .and_then(|mut stmt| stmt.query_map([], |r| r.get(0))?.collect())
        .map_err(fail)?;
    if problems != ["ok"] {
        return Err(invalid(
            src,
            format!(
                "the integrity check failed: {}",
                problems.first().map(String::as_str).unwrap_or("no answer")
            ),
        ));
    }
    let orphan: Option<(String, String)> = conn
        .query_row("PRAGMA foreign_key_check", [], |r| {
            Ok((r.get(0)?, r.get(2)?))
        })
        .optional()
        .map_err(fail)?;
    if let Some((table, parent)) = orphan {
        return Err(invalid(
            src,
            format!("a row of '{table}' refers to a row of '{parent}' that does not exist"),
        ));
    }
    read_every_row(&conn, src)?;
    let database_id: Option<String> = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'database_id'",
            [],
            |r| r.get(0),
        )
        .optional()
        .map_err(fail)?;
    if database_id.is_none() {
        return Err(invalid(src, "not a Deckhand backup: it has no database id"));
    }
    let count = |sql: &str| {
        conn.query_row(sql, [], |r| r.get::<_, i64>(0))
            .map_err(fail)
    };
    let info = BackupInfo {
        schema_version: version,
        cards: count("SELECT COUNT(*) FROM cards")?,
        decks: count("SELECT COUNT(*) FROM decks WHERE deleted_at IS NULL")?,
        collection_rows: count("SELECT COUNT(*) FROM collection")?,
    };
    drop(watchdog);
    Ok((conn, info))
}

/// Reads every card row and deck version with the readers the live database uses, before
/// anything changes: a file holding a row this build cannot read is refused, the row named,
/// instead of replacing a working database with one that fails later.
fn read_every_row(conn: &Connection, src: &Path) -> Result<(), StoreError> {
    let fail = |e: rusqlite::Error| unreadable(src, e);
    let mut cards = conn
        .prepare(&format!("SELECT {CARD_COLUMNS} FROM cards"))
        .map_err(fail)?;
    let mut rows = cards.query([]).map_err(fail)?;
    while let Some(row) = rows.next().map_err(fail)? {
        if let Err(e) = card_from_row(row).map_err(fail)? {
            return Err(invalid(src, format!("{e}: this build cannot read it")));
        }
    }
    let mut versions = conn
        .prepare("SELECT deck_id, tags, cards FROM deck_versions")
        .map_err(fail)?;
    let mut rows = versions.query([]).map_err(fail)?;
    while let Some(row) = rows.next().map_err(fail)? {
        let deck: i64 = row.get(0).map_err(fail)?;
        let tags: String = row.get(1).map_err(fail)?;
        let lines: String = row.get(2).map_err(fail)?;
        let read = serde_json::from_str::<Vec<String>>(&tags)
            .and_then(|_| serde_json::from_str::<Vec<DeckCard>>(&lines));
        if let Err(e) = read {
            return Err(invalid(
                src,
                format!("{}: this build cannot read it", corrupt_deck(deck, e)),
            ));
        }
    }
    Ok(())
}

/// No function the file's schema names may have side effects, and SQLite's defensive
/// mode keeps its schema from being written directly.
fn distrust(conn: &Connection) -> Result<(), StoreError> {
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_TRUSTED_SCHEMA, false)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true)?;
    Ok(())
}

/// A schema as `sqlite_schema` lists it, SQLite's own objects (`sqlite_sequence`,
/// `sqlite_stat1`, autoindexes) left out: (type, name) → (table, SQL with its whitespace
/// runs folded to one space).
type Schema = BTreeMap<(String, String), (String, String)>;

fn read_schema(conn: &Connection) -> rusqlite::Result<Schema> {
    let mut stmt = conn.prepare(
        "SELECT type, name, tbl_name, sql FROM sqlite_schema
         WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    )?;
    let rows = stmt.query_map([], |r| {
        let sql: Option<String> = r.get(3)?;
        let sql = sql.unwrap_or_default();
        Ok((
            (r.get(0)?, r.get(1)?),
            (
                r.get(2)?,
                sql.split_whitespace().collect::<Vec<_>>().join(" "),
            ),
        ))
    })?;
    rows.collect()
}

/// The first way `found` differs from `expected`, in words: a foreign object first (the
/// dangerous kind), then a missing one, then one defined otherwise; tables before the
/// rest, for the likelier story.
fn schema_difference(found: &Schema, expected: &Schema, version: i64) -> Option<String> {
    let first = |a: &Schema, b: &Schema| {
        a.keys()
            .filter(|key| !b.contains_key(*key))
            .min_by_key(|(kind, name)| (kind != "table", kind.clone(), name.clone()))
            .cloned()
    };
    if let Some((kind, name)) = first(found, expected) {
        return Some(format!("unexpected {} '{}'", shown(&kind), shown(&name)));
    }
    if let Some((kind, name)) = first(expected, found) {
        return Some(format!("missing {kind} '{name}'"));
    }
    let changed = found.iter().find(|(key, value)| expected[*key] != **value);
    changed.map(|((kind, name), _)| {
        format!("{kind} '{name}' is not as schema version {version} defines it")
    })
}

/// A name from the file as a message shows it: one line, not too long.
fn shown(text: &str) -> String {
    const MAX: usize = 60;
    let mut shown: String = text
        .chars()
        .take(MAX)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().count() > MAX {
        shown.push('…');
    }
    shown
}

fn invalid(path: &Path, message: impl Into<String>) -> StoreError {
    let message: String = message.into();
    StoreError::InvalidBackup {
        path: path.to_owned(),
        // One line, whatever the file's names or SQLite's words hold.
        message: message
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect(),
    }
}

/// SQLite could not read the copy: what that means for the file.
fn unreadable(path: &Path, err: rusqlite::Error) -> StoreError {
    match err.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => invalid(path, format!("not a SQLite database ({err})")),
        Some(ErrorCode::OperationInterrupted) => invalid(
            path,
            format!(
                "its checks did not finish within {} s",
                CHECK_TIME_LIMIT.as_secs()
            ),
        ),
        Some(ErrorCode::DatabaseCorrupt) => invalid(path, format!("the file is damaged ({err})")),
        _ => invalid(path, format!("cannot be read ({err})")),
    }
}

/// Interrupts whatever runs on a connection once `deadline` has passed, until dropped:
/// a bound on the checks' time even if something in them ran away.
struct Watchdog {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watchdog {
    fn new(conn: &Connection, deadline: Instant) -> Watchdog {
        let handle = conn.get_interrupt_handle();
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            let mut wait = deadline.saturating_duration_since(Instant::now());
            // An interrupt only stops statements running at that moment: repeat it until
            // the checks give up.
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(wait) {
                handle.interrupt();
                wait = Duration::from_millis(20);
            }
        });
        Watchdog {
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests;
