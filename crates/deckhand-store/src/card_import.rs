//! Card import: [`Store::import`] of whole card sets, and [`CardImport`], one run fed one
//! card at a time; either way one transaction, and the reports they return.
//!
//! Each row keeps a hash of its content, so an unchanged card is recognised by comparing
//! two integers (every stored id and hash is read once, in one query) and costs no write.
//! The import generation — which tells the search index whether it is current — moves
//! only when a card was added or changed. A card's row, its hash and its insert are
//! `card_import/row.rs`.

mod row;

use std::collections::HashSet;
use std::sync::Arc;

use deckhand_core::{Card, CardSet, SetInfo};
use rusqlite::{params, Connection, OptionalExtension, Transaction};
use serde::Serialize;

use crate::deck_store::{save_tagged_deck_in, TaggedDeck};
use crate::store::{card_from_row, each_card, write_tx, CARD_COLUMNS};
use crate::{CardFilter, Store, StoreError};
use row::{insert_new_card, write_card, CardRow};

/// What one import run changed, per file and in total.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ImportReport {
    pub files: Vec<SetImportReport>,
    pub added: usize,
    pub updated: usize,
    pub unchanged: usize,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SetImportReport {
    pub file: String,
    pub game: String,
    pub added: usize,
    pub updated: usize,
    pub unchanged: usize,
}

/// What a card import run did: the report, and which card ids it added or changed (the
/// cards the search index must take in).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportOutcome {
    pub report: ImportReport,
    pub changed: Vec<String>,
}

/// An import run under way (see [`Store::begin_import`]). Dropping it without
/// [`CardImport::commit`] writes nothing.
pub struct CardImport<'s> {
    tx: Transaction<'s>,
    writer: CardWriter,
}

impl Store {
    /// Imports every card set in one transaction: all of them land, or none does.
    /// A card whose id exists in its game is updated in place; an id that a card of
    /// another game has is an error ([`StoreError::IdInOtherGame`]).
    pub fn import(&mut self, sets: &[CardSet]) -> Result<ImportReport, StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let outcome = import_in(&tx, sets)?;
        tx.commit()?;
        Ok(outcome.report)
    }

    /// Imports `sets` and records `value` under the meta `key`, in one transaction, unless
    /// the key already holds `value`: then nothing is written and the answer is `None`.
    /// Several processes setting up one new database at once each saw the key missing
    /// before any took the write lock; checked under the lock, only the first imports and
    /// the others wait for that one import instead of for every import before theirs.
    pub fn import_unless_marked(
        &mut self,
        key: &str,
        value: &str,
        sets: &[CardSet],
    ) -> Result<Option<ImportReport>, StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let marked: Option<String> = tx
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |row| {
                row.get(0)
            })
            .optional()?;
        if marked.as_deref() == Some(value) {
            return Ok(None);
        }
        let outcome = import_in(&tx, sets)?;
        tx.execute(
            "INSERT INTO meta (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, value],
        )?;
        tx.commit()?;
        Ok(Some(outcome.report))
    }

    /// Imports card sets and saves decks that use them in one transaction: the cards and
    /// the decks land together or not at all (the Heroes of the Grid export). Each deck is
    /// saved as by [`Store::save_tagged_deck`]; the flags say which were written.
    pub fn import_with_decks(
        &mut self,
        sets: &[CardSet],
        decks: &[TaggedDeck],
    ) -> Result<(ImportOutcome, Vec<bool>), StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let outcome = import_in(&tx, sets)?;
        let saved = decks
            .iter()
            .map(|deck| save_tagged_deck_in(&tx, deck))
            .collect::<Result<Vec<_>, _>>()?;
        tx.commit()?;
        Ok((outcome, saved))
    }

    /// Starts an import run: one transaction into which files and cards are fed as they
    /// are read, all landing at [`CardImport::commit`] or none.
    pub fn begin_import(&mut self) -> Result<CardImport<'_>, StoreError> {
        // A large import dirties more pages than SQLite's default 2 MB cache holds; a
        // larger cache spills less to the WAL mid-transaction. Not much larger: the heap
        // it grows stays with the process while the index is built.
        self.conn.pragma_update(None, "cache_size", -16 * 1024)?;
        let tx = write_tx(&mut self.conn)?;
        let writer = CardWriter::new(&tx)?;
        Ok(CardImport { tx, writer })
    }

    /// [`Store::begin_import`] for a player's import: what it changes is journaled under
    /// `label`, so [`Store::undo_cards`] can put it back once.
    pub fn begin_undoable_import(&mut self, label: &str) -> Result<CardImport<'_>, StoreError> {
        let mut run = self.begin_import()?;
        run.writer.journal(label);
        Ok(run)
    }
}

impl CardImport<'_> {
    /// The cards that follow come from `source_name`, a file of `game`.
    pub fn begin_file(&mut self, source_name: &str, game: &str) {
        self.writer.begin_file(source_name, game);
    }

    /// A set the current file declares (its name replaces a stored one).
    pub fn set(&mut self, info: &SetInfo) -> Result<(), StoreError> {
        self.writer.set(&self.tx, info)
    }

    /// Adds or updates one card of the current file; an unchanged card is not written.
    pub fn card(&mut self, card: &Card) -> Result<CardOutcome, StoreError> {
        self.writer.card(&self.tx, card, None)
    }

    /// [`CardImport::card`] for a card read from a file with its input key
    /// (`deckhand_core::input_key`), which is kept so that the same input is recognised
    /// next time by [`CardImport::known_input`] without being read.
    pub fn card_with_input(
        &mut self,
        card: &Card,
        input_key: Option<i64>,
    ) -> Result<CardOutcome, StoreError> {
        self.writer.card(&self.tx, card, input_key)
    }

    /// The input keys of the stored cards, as the run started: a card input with one of
    /// these keys is stored exactly as it was read, unless this run has written that id
    /// since (the caller keeps track of the ids it hands over). Shared, so a reader on
    /// another thread can ask it while this run stores.
    pub fn input_keys(&self) -> InputKeys {
        self.writer.inputs.clone()
    }

    /// Counts a card of the current file unchanged that the caller recognised by its input
    /// key ([`CardImport::input_keys`]); nothing is read or written for it.
    pub fn count_known_input(&mut self) {
        self.writer
            .file
            .get_or_insert_with(Default::default)
            .unchanged += 1;
    }

    /// Prepares the run for many new cards against few stored (a first import): the
    /// secondary indexes of `cards` (by name) are dropped now and made again from the
    /// finished table when the run finishes, by one sort, instead of taking every new
    /// card at a random place (`sqlite3BtreeIndexMoveto` and page splits were a fifth of
    /// a 100k first import's storing thread). Inside the run's transaction: if it is not
    /// committed, the indexes were never gone. The same SQL makes them, so the schema
    /// stays as it was.
    pub fn defer_name_indexes(&mut self) -> Result<(), StoreError> {
        let indexes = self
            .tx
            .prepare(
                "SELECT name, sql FROM sqlite_schema
                 WHERE type = 'index' AND tbl_name = 'cards' AND sql IS NOT NULL",
            )?
            .query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        for (name, sql) in indexes {
            self.tx
                .execute_batch(&format!("DROP INDEX \"{}\"", name.replace('"', "\"\"")))?;
            self.writer.deferred_indexes.push(sql);
        }
        Ok(())
    }

    /// The number of cards stored before this run wrote any (its start's snapshot).
    pub fn stored_cards(&self) -> usize {
        self.writer.stored.len()
    }

    /// Hands every card the database holds now (inside the run: before it writes, the
    /// state it started from) to `each`, as [`Store::for_each_card`] does.
    pub fn for_each_stored_card<E: From<StoreError>>(
        &self,
        mut each: impl FnMut(Card) -> Result<(), E>,
    ) -> Result<(), E> {
        each_card(&self.tx, &CardFilter::default(), &mut each, None)
    }

    /// What the run would do, then writes nothing (the transaction rolls back): a dry run.
    pub fn report_only(self) -> Result<ImportOutcome, StoreError> {
        self.writer.finish(&self.tx)
    }

    /// The run's transaction (card images are written in it too).
    pub(crate) fn transaction(&self) -> &Transaction<'_> {
        &self.tx
    }

    /// Commits the run.
    pub fn commit(self) -> Result<ImportOutcome, StoreError> {
        let outcome = self.writer.finish(&self.tx)?;
        self.tx.commit()?;
        Ok(outcome)
    }
}

impl Store {
    /// Shrinks SQLite's page cache back to its default after a bulk write, so the memory
    /// is free for what follows (building the index).
    pub fn release_memory(&self) -> Result<(), StoreError> {
        self.conn.pragma_update(None, "cache_size", -2000)?;
        self.conn.execute_batch("PRAGMA shrink_memory")?;
        Ok(())
    }
}

/// The stored cards' input keys and their ids ([`CardImport::input_keys`]).
pub type InputKeys = Arc<foldhash::HashMap<i64, Arc<str>>>;

/// The body of an import, inside the caller's transaction.
fn import_in(tx: &Connection, sets: &[CardSet]) -> Result<ImportOutcome, StoreError> {
    let mut writer = CardWriter::new(tx)?;
    for set in sets {
        writer.begin_file(&set.source_name, &set.game);
        for info in &set.sets {
            writer.set(tx, info)?;
        }
        for card in &set.cards {
            writer.card(tx, card, None)?;
        }
    }
    writer.finish(tx)
}

/// What the database holds for a card id before the run.
struct Stored {
    /// Shared by every card of its game: one allocation a game, not a card (reading the
    /// stored ids was an eighth of an unchanged 100k-card import).
    game: Arc<str>,
    /// `None` for a row written before hashes were kept.
    hash: Option<i64>,
    /// The key of the input the stored content was read from, while it is current.
    input_key: Option<i64>,
}

/// The state of an import run, over the caller's transaction.
pub(crate) struct CardWriter {
    stored: foldhash::HashMap<Arc<str>, Stored>,
    /// Card ids by the input key their stored content was read from (see
    /// `deckhand_core::input_key`): only keys still current, taken for the row's content
    /// hash as it is now (an edit or an undo since leaves the key behind, unused).
    inputs: InputKeys,
    /// Ids written by this run (two files of one run naming one id: the last wins).
    written: HashSet<String>,
    /// `(game, code)` of sets already ensured in this run.
    sets: HashSet<(String, String)>,
    report: ImportReport,
    file: Option<SetImportReport>,
    changed: Vec<String>,
    /// The undo journal's label when the run is a player's change (not the bundled data);
    /// the journal is started at the first card written, so a run that changes nothing
    /// keeps the previous undo.
    journal: Option<String>,
    journal_started: bool,
    /// The largest rowid of `cards` when the journal started: every card this run adds
    /// gets a larger one, and is journaled as new by one statement at the end
    /// ([`journal_added_cards`]) rather than by a statement a card. `None` when rowids
    /// have run out and SQLite picks them at random (new cards are then journaled one by
    /// one).
    journal_added_after: Option<i64>,
    /// The SQL of the indexes [`CardImport::defer_name_indexes`] dropped, run at the end.
    deferred_indexes: Vec<String>,
}

impl CardWriter {
    pub(crate) fn new(tx: &Connection) -> Result<CardWriter, StoreError> {
        let mut stmt =
            tx.prepare("SELECT id, game, content_hash, input_key, input_key_of FROM cards")?;
        let mut rows = stmt.query([])?;
        let mut stored = foldhash::HashMap::default();
        let mut inputs = foldhash::HashMap::default();
        let mut games: Vec<Arc<str>> = Vec::new();
        while let Some(row) = rows.next()? {
            let game = row.get_ref(1)?.as_str().map_err(rusqlite::Error::from)?;
            let game = match games.iter().find(|g| &***g == game) {
                Some(known) => known.clone(),
                None => {
                    games.push(Arc::from(game));
                    games[games.len() - 1].clone()
                }
            };
            let hash: Option<i64> = row.get(2)?;
            let key_of: Option<i64> = row.get(4)?;
            let input_key = row
                .get::<_, Option<i64>>(3)?
                .filter(|_| hash.is_some() && key_of == hash);
            let id: Arc<str> = Arc::from(row.get_ref(0)?.as_str().map_err(rusqlite::Error::from)?);
            if let Some(key) = input_key {
                inputs.insert(key, id.clone());
            }
            let stored_card = Stored {
                game,
                hash,
                input_key,
            };
            stored.insert(id, stored_card);
        }
        Ok(CardWriter {
            stored,
            inputs: Arc::new(inputs),
            written: HashSet::new(),
            sets: HashSet::new(),
            report: ImportReport::default(),
            file: None,
            changed: Vec::new(),
            journal: None,
            journal_started: false,
            journal_added_after: None,
            deferred_indexes: Vec::new(),
        })
    }

    /// Journals what this run changes under `label`, for one undo.
    pub(crate) fn journal(&mut self, label: &str) {
        self.journal = Some(label.to_owned());
    }

    pub(crate) fn begin_file(&mut self, source_name: &str, game: &str) {
        self.end_file();
        self.file = Some(SetImportReport {
            file: source_name.to_owned(),
            game: game.to_owned(),
            ..Default::default()
        });
    }

    fn end_file(&mut self) {
        if let Some(file) = self.file.take() {
            self.report.added += file.added;
            self.report.updated += file.updated;
            self.report.unchanged += file.unchanged;
            self.report.files.push(file);
        }
    }

    pub(crate) fn set(&mut self, tx: &Connection, info: &SetInfo) -> Result<(), StoreError> {
        let game = self.file.as_ref().map_or("", |f| f.game.as_str());
        // `WHERE` keeps an unchanged name from counting as a write.
        tx.prepare_cached(
            "INSERT INTO sets (game, code, name) VALUES (?1, ?2, ?3)
             ON CONFLICT (game, code) DO UPDATE SET name = excluded.name
             WHERE sets.name IS NOT excluded.name",
        )?
        .execute(params![game, info.code, info.name])?;
        self.sets.insert((game.to_owned(), info.code.clone()));
        Ok(())
    }

    pub(crate) fn card(
        &mut self,
        tx: &Connection,
        card: &Card,
        input_key: Option<i64>,
    ) -> Result<CardOutcome, StoreError> {
        let source_name = self.file.as_ref().map_or("", |f| f.file.as_str());
        if let Some(old) = self.stored.get(card.id.as_str()) {
            if *old.game != *card.game {
                let existing_name = tx
                    .query_row("SELECT name FROM cards WHERE id = ?1", [&card.id], |r| {
                        r.get(0)
                    })
                    .optional()?
                    .unwrap_or_default();
                return Err(StoreError::IdInOtherGame {
                    source_name: source_name.to_owned(),
                    id: card.id.clone(),
                    existing_name,
                    existing_game: old.game.to_string(),
                    new_game: card.game.clone(),
                });
            }
        }
        let row = CardRow::new(card);
        let hash = row.hash();
        let outcome = match self.stored.get(card.id.as_str()) {
            Some(old) if old.hash == Some(hash) => CardOutcome::Unchanged,
            // A row from before hashes: compare the card itself, and keep its hash.
            Some(Stored { hash: None, .. }) => {
                let before = tx
                    .prepare_cached(&format!("SELECT {CARD_COLUMNS} FROM cards WHERE id = ?1"))?
                    .query_row([&card.id], card_from_row)
                    .optional()?;
                match before {
                    Some(Ok(old)) if &old == card => {
                        tx.prepare_cached("UPDATE cards SET content_hash = ?2 WHERE id = ?1")?
                            .execute(params![card.id, hash])?;
                        CardOutcome::Unchanged
                    }
                    _ => CardOutcome::Updated,
                }
            }
            Some(_) => CardOutcome::Updated,
            None => CardOutcome::Added,
        };
        let file = self.file.get_or_insert_with(Default::default);
        match outcome {
            CardOutcome::Unchanged => {
                file.unchanged += 1;
                let stored_key = self.stored.get(card.id.as_str()).and_then(|s| s.input_key);
                if input_key.is_some() && input_key != stored_key {
                    // The same card from another input (a first import with keys, spacing
                    // changed): keep this input's key, so that next time it is not read.
                    tx.prepare_cached(
                        "UPDATE cards SET input_key = ?2, input_key_of = content_hash WHERE id = ?1",
                    )?
                    .execute(params![card.id, input_key])?;
                }
                return Ok(outcome);
            }
            CardOutcome::Updated => file.updated += 1,
            CardOutcome::Added => file.added += 1,
        }
        if let Some(label) = &self.journal {
            if !self.journal_started {
                start_journal(tx, label)?;
                self.journal_started = true;
                let last: i64 =
                    tx.query_row("SELECT COALESCE(MAX(rowid), 0) FROM cards", [], |r| {
                        r.get(0)
                    })?;
                self.journal_added_after = (last < i64::MAX).then_some(last);
            }
            if self.written.contains(card.id.as_str()) {
                // Journaled at its first write in this run (or, added then, at the end):
                // undo goes back to before the run.
            } else if outcome == CardOutcome::Added {
                if self.journal_added_after.is_none() {
                    // Known to be new: nothing to copy, only that undo removes it.
                    journal_new_card(tx, &card.id, &card.game)?;
                }
            } else {
                journal_card(tx, &card.id, &card.game)?;
            }
        }
        if let Some(code) = &card.set {
            // A card may name a set its file does not declare: record the code as its
            // name, without overwriting a name declared elsewhere.
            if !self.sets.contains(&(card.game.clone(), code.clone())) {
                ensure_set(tx, &card.game, code)?;
                self.sets.insert((card.game.clone(), code.clone()));
            }
        }
        if outcome == CardOutcome::Added {
            insert_new_card(tx, card, &row, hash, input_key)?;
        } else {
            write_card(tx, card, &row, hash, input_key)?;
        }
        // The hash now stored: the same id again in this run compares against it.
        self.stored.insert(
            Arc::from(card.id.as_str()),
            Stored {
                game: Arc::from(card.game.as_str()),
                hash: Some(hash),
                input_key,
            },
        );
        if self.written.insert(card.id.clone()) {
            self.changed.push(card.id.clone());
        }
        Ok(outcome)
    }

    pub(crate) fn finish(mut self, tx: &Connection) -> Result<ImportOutcome, StoreError> {
        self.end_file();
        if let Some(after) = self.journal_added_after.filter(|_| self.journal_started) {
            journal_added_cards(tx, after)?;
        }
        for sql in &self.deferred_indexes {
            tx.execute_batch(sql)?;
        }
        if !self.changed.is_empty() {
            bump_generation(tx)?;
        }
        Ok(ImportOutcome {
            report: self.report,
            changed: self.changed,
        })
    }
}

/// Records a set code as its own name unless the set exists.
pub(crate) fn ensure_set(tx: &Connection, game: &str, code: &str) -> Result<(), StoreError> {
    tx.prepare_cached(
        "INSERT INTO sets (game, code, name) VALUES (?1, ?2, ?2)
         ON CONFLICT (game, code) DO NOTHING",
    )?
    .execute(params![game, code])?;
    Ok(())
}

/// Writes one card a player typed (added or edited), ensuring its set; returns whether
/// anything changed. The caller journals it first.
pub(crate) fn save_card_in(tx: &Connection, card: &Card) -> Result<bool, StoreError> {
    let row = CardRow::new(card);
    let hash = row.hash();
    let stored: Option<Option<i64>> = tx
        .query_row(
            "SELECT content_hash FROM cards WHERE id = ?1",
            [&card.id],
            |r| r.get(0),
        )
        .optional()?;
    if stored == Some(Some(hash)) {
        return Ok(false);
    }
    if let Some(code) = &card.set {
        ensure_set(tx, &card.game, code)?;
    }
    // A card a player typed has no input to recognise it by.
    write_card(tx, card, &row, hash, None)?;
    Ok(true)
}

/// Empties the card undo journal and names the change it will hold.
pub(crate) fn start_journal(tx: &Connection, label: &str) -> Result<(), StoreError> {
    tx.execute("DELETE FROM card_undo", [])?;
    tx.execute("DELETE FROM card_undo_images", [])?;
    tx.execute(
        "INSERT OR REPLACE INTO card_undo_label (id, label) VALUES (1, ?1)",
        [label],
    )?;
    Ok(())
}

/// Records a card as it is before a change (or that it did not exist); only the first
/// record per card counts, so a run touching a card twice undoes to before the run.
pub(crate) fn journal_card(tx: &Connection, id: &str, game: &str) -> Result<(), StoreError> {
    let copied = tx
        .prepare_cached(
            "INSERT OR IGNORE INTO card_undo (id, game, existed, name, name_key, type,
                 set_code, number, side, color, subtypes, keywords, text, stats, content_hash,
                 effects, goldfish)
             SELECT id, game, 1, name, name_key, type, set_code, number, side, color,
                 subtypes, keywords, text, stats, content_hash, effects, goldfish
             FROM cards WHERE id = ?1",
        )?
        .execute([id])?;
    if copied == 0 {
        journal_new_card(tx, id, game)?;
    }
    Ok(())
}

/// Records that every card with a rowid past `after` did not exist before the change (a
/// card journaled before, as it was, keeps that record).
fn journal_added_cards(tx: &Connection, after: i64) -> Result<(), StoreError> {
    tx.execute(
        "INSERT OR IGNORE INTO card_undo (id, game, existed)
         SELECT id, game, 0 FROM cards WHERE rowid > ?1",
        [after],
    )?;
    Ok(())
}

/// Records that a card did not exist before the change.
fn journal_new_card(tx: &Connection, id: &str, game: &str) -> Result<(), StoreError> {
    tx.prepare_cached("INSERT OR IGNORE INTO card_undo (id, game, existed) VALUES (?1, ?2, 0)")?
        .execute([id, game])?;
    Ok(())
}

/// Moves the import generation on: the search index is then out of date.
pub(crate) fn bump_generation(tx: &Connection) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'cards_generation'",
        [],
    )?;
    Ok(())
}

/// What an import did with one card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardOutcome {
    /// Its id was not in the database: a new row.
    Added,
    /// Its row was replaced (the same id came with other content).
    Updated,
    /// The database already held it as it is: nothing written.
    Unchanged,
}

#[cfg(test)]
#[path = "card_import_tests.rs"]
mod tests;
