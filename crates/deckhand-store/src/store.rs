//! The [`Store`]: an open card database.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::Path;

use deckhand_core::{fold_name, Card, Game, Side};

use rusqlite::{params, Connection, OptionalExtension, Row, Transaction, TransactionBehavior};

use crate::backup::{backup_into_dir, db_file, BackupKind};
use crate::migrations::{migrate, user_version, SCHEMA_VERSION};
use crate::StoreError;

/// An open Deckhand database.
pub struct Store {
    pub(crate) conn: Connection,
    /// Card rows the bulk reads met but could not read (written by a damaged or
    /// hand-edited file), by id with why. They are left out, never fatal: every command
    /// that does not need such a row works, and the callers name them to the player.
    unreadable: RefCell<BTreeMap<String, String>>,
    /// Whether [`Store::check_card_rows`] has read the whole table (once per open store).
    rows_checked: std::cell::Cell<bool>,
}

/// Which cards to list.
#[derive(Debug, Clone, Default)]
pub struct CardFilter<'a> {
    pub game: Option<&'a str>,
}

pub(crate) const CARD_COLUMNS: &str =
    "id, game, name, type, set_code, number, side, color, subtypes, keywords, text, stats, effects, goldfish";

/// How long a statement waits for another process's write lock: a script's import beside
/// the app, or another process setting up the same new database.
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// The memory map [`Store::for_each_card`] reads through (address space, not memory).
const BULK_READ_MMAP: i64 = 1 << 30;

/// How much of one game the database holds ([`Store::game_usage`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameUsage {
    pub cards: usize,
    /// Live decks; `deleted_decks` can still be restored.
    pub decks: usize,
    pub deleted_decks: usize,
    /// Collection and wishlist rows (they outlive their cards).
    pub collection_rows: usize,
}

impl GameUsage {
    pub fn is_empty(&self) -> bool {
        *self == GameUsage::default()
    }
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::configure(Connection::open(path)?)
    }

    /// A private in-memory database, for tests and benchmarks.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::configure(Connection::open_in_memory()?)
    }

    fn configure(mut conn: Connection) -> Result<Store, StoreError> {
        // `busy_timeout` first: it rides out the short lock another process takes (even
        // while this one switches a new file to WAL), and every write transaction below
        // starts IMMEDIATE so that it applies. WAL lets the app read while an import writes.
        conn.busy_timeout(BUSY_TIMEOUT)?;
        switch_to_wal(&conn)?;
        conn.pragma_update(None, "foreign_keys", true)?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // Statement journals (every insert under a foreign key or an upsert opens one) and
        // sorts stay in memory: on disk they cost a write system call per page, which was
        // a quarter of a large import's time.
        conn.pragma_update(None, "temp_store", "MEMORY")?;
        // A database that already holds data is copied aside before its schema changes.
        // The version read here only decides that; `migrate` reads it again under the
        // write lock (another process may be migrating the same file).
        let version = user_version(&conn)?;
        if version > 0 && version < SCHEMA_VERSION {
            if let Some(path) = db_file(&conn) {
                backup_into_dir(&conn, &path, BackupKind::Migration)?;
            }
        }
        migrate(&mut conn)?;
        // `migrate` registered the functions the store's writes use (`natural_key`).
        Ok(Store {
            conn,
            unreadable: RefCell::default(),
            rows_checked: std::cell::Cell::new(false),
        })
    }

    /// The sets of `game` (code and name), by code.
    pub fn sets(&self, game: &str) -> Result<Vec<deckhand_core::SetInfo>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT code, name FROM sets WHERE game = ?1 ORDER BY code")?;
        let rows = stmt.query_map([game], |row| {
            Ok(deckhand_core::SetInfo {
                code: row.get(0)?,
                name: row.get(1)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Makes the `games` table match the loaded definitions (insert or rename).
    pub fn sync_games<'a>(
        &mut self,
        games: impl IntoIterator<Item = &'a Game>,
    ) -> Result<(), StoreError> {
        let tx = write_tx(&mut self.conn)?;
        {
            let mut upsert = tx.prepare(
                "INSERT INTO games (id, name) VALUES (?1, ?2)
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name",
            )?;
            for game in games {
                upsert.execute(params![game.id, game.name])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// What the database holds of a game: what must go before the game can.
    pub fn game_usage(&self, id: &str) -> Result<GameUsage, StoreError> {
        let count = |sql: &str| -> Result<usize, StoreError> {
            let n: i64 = self.conn.query_row(sql, [id], |row| row.get(0))?;
            Ok(usize::try_from(n).unwrap_or(0))
        };
        Ok(GameUsage {
            cards: count("SELECT COUNT(*) FROM cards WHERE game = ?1")?,
            decks: count("SELECT COUNT(*) FROM decks WHERE game = ?1 AND deleted_at IS NULL")?,
            deleted_decks: count(
                "SELECT COUNT(*) FROM decks WHERE game = ?1 AND deleted_at IS NOT NULL",
            )?,
            collection_rows: count("SELECT COUNT(*) FROM collection WHERE game = ?1")?
                + count("SELECT COUNT(*) FROM wishlist WHERE game = ?1")?,
        })
    }

    /// Forgets a game that has no cards and no decks left (a player's game removed): its
    /// row and its sets, in one transaction. A card or deck still naming it fails the
    /// foreign key, and nothing changes.
    pub fn forget_game(&mut self, id: &str) -> Result<(), StoreError> {
        let tx = write_tx(&mut self.conn)?;
        tx.execute("DELETE FROM sets WHERE game = ?1", [id])?;
        tx.execute("DELETE FROM games WHERE id = ?1", [id])?;
        tx.commit()?;
        Ok(())
    }

    /// Cards matching `filter`, by game then name (numbers in names as numbers), then id.
    pub fn cards(&self, filter: &CardFilter) -> Result<Vec<Card>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {CARD_COLUMNS} FROM cards
             WHERE (?1 IS NULL OR game = ?1)
             ORDER BY game, name_order, id"
        ))?;
        let rows = stmt.query_map([filter.game], card_from_row)?;
        self.collect_cards(rows)
    }

    /// The card rows bulk reads have left out so far because they cannot be read: each
    /// one's id and why (see [`StoreError::CorruptRow`]).
    pub fn unreadable_rows(&self) -> Vec<(String, String)> {
        self.unreadable
            .borrow()
            .iter()
            .map(|(id, why)| (id.clone(), why.clone()))
            .collect()
    }

    /// Every card row of the database that cannot be read, each one's id and why: the
    /// first call reads the whole table (a long-lived caller such as the app, whose reads
    /// may never have met such a row), later ones answer from what reads and deletes have
    /// kept up to date since. No write stores a row its reader refuses, so only a damaged
    /// or hand-edited file holds one.
    pub fn check_card_rows(&self) -> Result<Vec<(String, String)>, StoreError> {
        if !self.rows_checked.get() {
            self.for_each_card(&CardFilter::default(), |_| Ok::<_, StoreError>(()))?;
            self.rows_checked.set(true);
        }
        Ok(self.unreadable_rows())
    }

    /// Forgets `id` as unreadable: its row was deleted.
    pub(crate) fn forget_unreadable(&self, id: &str) {
        self.unreadable.borrow_mut().remove(id);
    }

    /// Remembers a row a read had to leave out (see [`Store::unreadable_rows`]).
    pub(crate) fn skip_unreadable<T>(
        &self,
        row: Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        match row {
            Ok(row) => Ok(Some(row)),
            Err(StoreError::CorruptRow { id, message }) => {
                tracing::warn!(card = %id, error = %message, "unreadable card row left out");
                self.unreadable.borrow_mut().insert(id, message);
                Ok(None)
            }
            Err(other) => Err(other),
        }
    }

    fn collect_cards(
        &self,
        rows: impl Iterator<Item = rusqlite::Result<RowResult>>,
    ) -> Result<Vec<Card>, StoreError> {
        let mut cards = Vec::new();
        for row in rows {
            if let Some(card) = skip_unreadable(row?, Some(&self.unreadable))? {
                cards.push(card);
            }
        }
        Ok(cards)
    }

    /// Hands every card matching `filter` to `each`, one row at a time, in the order of
    /// [`Store::cards`] (building the search index without holding every card).
    pub fn for_each_card<E: From<StoreError>>(
        &self,
        filter: &CardFilter,
        mut each: impl FnMut(Card) -> Result<(), E>,
    ) -> Result<(), E> {
        // Rows come in name order, scattered over the table: mapped, each page is read
        // from the OS's cache in place instead of by a system call per row.
        self.conn
            .pragma_update(None, "mmap_size", BULK_READ_MMAP)
            .map_err(StoreError::from)?;
        let result = each_card(&self.conn, filter, &mut each, Some(&self.unreadable));
        self.conn
            .pragma_update(None, "mmap_size", 0)
            .map_err(StoreError::from)?;
        result
    }

    /// The number of cards matching `filter`.
    pub fn card_count(&self, filter: &CardFilter) -> Result<usize, StoreError> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM cards WHERE (?1 IS NULL OR game = ?1)",
            [filter.game],
            |row| row.get::<_, i64>(0),
        )? as usize)
    }

    /// The card with this id, if any.
    pub fn card_by_id(&self, id: &str) -> Result<Option<Card>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached(&format!("SELECT {CARD_COLUMNS} FROM cards WHERE id = ?1"))?;
        stmt.query_row([id], card_from_row).optional()?.transpose()
    }

    /// The plain columns of the card with this id (name, game, type, set…) with its JSON
    /// ones left empty: what deleting an unreadable row needs to name it and journal it.
    pub fn card_plain_columns(&self, id: &str) -> Result<Option<Card>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, game, name, type, set_code, number, side, color, text
             FROM cards WHERE id = ?1",
        )?;
        Ok(stmt
            .query_row([id], |row| {
                let side: Option<String> = row.get(6)?;
                Ok(Card {
                    id: row.get(0)?,
                    game: row.get(1)?,
                    name: row.get(2)?,
                    card_type: row.get(3)?,
                    set: row.get(4)?,
                    number: row.get(5)?,
                    side: side.as_deref().and_then(Side::parse),
                    color: row.get(7)?,
                    subtypes: Vec::new(),
                    keywords: Vec::new(),
                    text: row.get(8)?,
                    stats: BTreeMap::new(),
                    effects: Vec::new(),
                    goldfish: None,
                })
            })
            .optional()?)
    }

    /// The cards with these ids, in the order given (unknown ids and unreadable rows are
    /// skipped; see [`Store::unreadable_rows`]).
    pub fn cards_by_ids(&self, ids: &[&str]) -> Result<Vec<Card>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached(&format!("SELECT {CARD_COLUMNS} FROM cards WHERE id = ?1"))?;
        let mut cards = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(card) = stmt.query_row([id], card_from_row).optional()? {
                // A list of results: an unreadable row is left out, like an unknown id.
                cards.extend(skip_unreadable(card, Some(&self.unreadable))?);
            }
        }
        Ok(cards)
    }

    /// Every card name, optionally of one game (for "did you mean" suggestions).
    pub fn card_names(&self, game: Option<&str>) -> Result<Vec<String>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT DISTINCT name FROM cards WHERE (?1 IS NULL OR game = ?1) ORDER BY name_key",
        )?;
        let rows = stmt.query_map([game], |row| row.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Identifies this database's card data: its random id and import generation. Equal
    /// stamps mean equal card data.
    pub fn data_stamp(&self) -> Result<String, StoreError> {
        Ok(format!(
            "{}-{}",
            self.meta("database_id")?.unwrap_or_default(),
            self.meta("cards_generation")?.unwrap_or_default()
        ))
    }

    /// Cards whose name matches `name` (folded), optionally within one game.
    pub fn cards_named(&self, name: &str, game: Option<&str>) -> Result<Vec<Card>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {CARD_COLUMNS} FROM cards
             WHERE name_key = ?1 AND (?2 IS NULL OR game = ?2)
             ORDER BY game, id"
        ))?;
        let rows = stmt.query_map(params![fold_name(name), game], card_from_row)?;
        self.collect_cards(rows)
    }

    /// The number of cards per game id.
    pub fn card_counts(&self) -> Result<Vec<(String, usize)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT game, COUNT(*) FROM cards GROUP BY game ORDER BY game")?;
        let rows = stmt.query_map([], |row| Ok((row.get(0)?, row.get::<_, i64>(1)? as usize)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |row| {
                row.get(0)
            })
            .optional()?)
    }

    pub fn set_meta(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, value],
        )?;
        Ok(())
    }
}

/// Puts the file in WAL mode. On a new file SQLite marks the header under a read lock it
/// then upgrades to a write lock, and that upgrade does not call the busy handler: of
/// several processes creating one database, one holding a lock made the others fail at
/// once with "database is locked" (tests/concurrency.rs, 1 run of 6 at load 24-30).
/// Retried here within the busy timeout; once the file is in WAL mode it is a no-op.
fn switch_to_wal(conn: &Connection) -> Result<(), StoreError> {
    let started = std::time::Instant::now();
    loop {
        match conn.pragma_update(None, "journal_mode", "WAL") {
            Err(rusqlite::Error::SqliteFailure(err, _))
                if err.code == rusqlite::ErrorCode::DatabaseBusy
                    && started.elapsed() < BUSY_TIMEOUT =>
            {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            result => return Ok(result?),
        }
    }
}

/// Starts a write transaction with `BEGIN IMMEDIATE`, which takes the write lock at once
/// and so waits out another process's write under the busy timeout. A deferred one that
/// reads first fails at its first write, without waiting, when another process wrote
/// meanwhile ("database is locked").
pub(crate) fn write_tx(conn: &mut Connection) -> Result<Transaction<'_>, StoreError> {
    Ok(conn.transaction_with_behavior(TransactionBehavior::Immediate)?)
}

/// Every card matching `filter` in the order of [`Store::cards`], one row at a time.
pub(crate) fn each_card<E: From<StoreError>>(
    conn: &Connection,
    filter: &CardFilter,
    each: &mut impl FnMut(Card) -> Result<(), E>,
    unreadable: Option<&RefCell<BTreeMap<String, String>>>,
) -> Result<(), E> {
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {CARD_COLUMNS} FROM cards WHERE (?1 IS NULL OR game = ?1)
             ORDER BY game, name_order, id"
        ))
        .map_err(StoreError::from)?;
    let mut rows = stmt.query([filter.game]).map_err(StoreError::from)?;
    while let Some(row) = rows.next().map_err(StoreError::from)? {
        let card = card_from_row(row).map_err(StoreError::from)?;
        if let Some(card) = skip_unreadable(card, unreadable)? {
            each(card)?;
        }
    }
    Ok(())
}

pub(crate) type RowResult = Result<Card, StoreError>;

/// A row read in bulk: the card, or `None` for a row that cannot be read, which is
/// logged and remembered instead of failing the whole read.
fn skip_unreadable(
    row: RowResult,
    unreadable: Option<&RefCell<BTreeMap<String, String>>>,
) -> Result<Option<Card>, StoreError> {
    match row {
        Ok(card) => Ok(Some(card)),
        Err(StoreError::CorruptRow { id, message }) => {
            tracing::warn!(card = %id, error = %message, "unreadable card row left out");
            if let Some(unreadable) = unreadable {
                unreadable.borrow_mut().insert(id, message);
            }
            Ok(None)
        }
        Err(other) => Err(other),
    }
}

/// The JSON columns of a card row, read.
pub(crate) struct JsonColumns {
    pub subtypes: Vec<String>,
    pub keywords: Vec<String>,
    pub stats: std::collections::BTreeMap<String, deckhand_core::StatValue>,
    pub effects: Vec<deckhand_core::Effect>,
    pub goldfish: Option<deckhand_core::GoldfishNote>,
}

/// The one reader of a card row's JSON columns: every read of a row uses it, and every
/// write reads what it is about to store with it first (`CardRow::read_back`), so that
/// nothing is stored that this reader would refuse.
pub(crate) fn read_json_columns(
    subtypes: &str,
    keywords: &str,
    stats: &str,
    effects: &str,
    goldfish: Option<&str>,
) -> Result<JsonColumns, serde_json::Error> {
    Ok(JsonColumns {
        subtypes: serde_json::from_str(subtypes)?,
        keywords: serde_json::from_str(keywords)?,
        stats: serde_json::from_str(stats)?,
        effects: serde_json::from_str(effects)?,
        goldfish: goldfish.map(serde_json::from_str).transpose()?,
    })
}

/// Reads one card row; a JSON column that does not parse is a [`StoreError::CorruptRow`]
/// rather than a panic.
pub(crate) fn card_from_row(row: &Row) -> rusqlite::Result<RowResult> {
    let id: String = row.get(0)?;
    let side: Option<String> = row.get(6)?;
    let subtypes: String = row.get(8)?;
    let keywords: String = row.get(9)?;
    let stats: String = row.get(11)?;
    let effects: String = row.get(12)?;
    let goldfish: Option<String> = row.get(13)?;
    let columns =
        match read_json_columns(&subtypes, &keywords, &stats, &effects, goldfish.as_deref()) {
            Ok(columns) => columns,
            Err(e) => {
                return Ok(Err(StoreError::CorruptRow {
                    id,
                    message: e.to_string(),
                }))
            }
        };
    Ok(Ok(Card {
        game: row.get(1)?,
        name: row.get(2)?,
        card_type: row.get(3)?,
        set: row.get(4)?,
        number: row.get(5)?,
        side: side.as_deref().and_then(Side::parse),
        color: row.get(7)?,
        subtypes: columns.subtypes,
        keywords: columns.keywords,
        text: row.get(10)?,
        stats: columns.stats,
        id,
        effects: columns.effects,
        goldfish: columns.goldfish,
    }))
}

#[cfg(test)]
mod tests;
