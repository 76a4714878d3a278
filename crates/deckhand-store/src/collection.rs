//! The collection (the copies a player owns), the wishlist, and a one-step undo journal.
//!
//! Every change or import is one transaction that first records, in `collection_undo`,
//! each touched row as it was; [`Store::undo_collection`] puts those rows back once.

use std::collections::{HashMap, HashSet};

use rusqlite::{params, OptionalExtension, Transaction};
use serde::{Deserialize, Serialize};

use crate::store::write_tx;
use crate::{DeckCard, Store, StoreError};

/// A copy's finish.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    #[default]
    Normal,
    Foil,
}

impl Finish {
    pub fn as_str(self) -> &'static str {
        match self {
            Finish::Normal => "normal",
            Finish::Foil => "foil",
        }
    }

    pub fn parse(s: &str) -> Option<Finish> {
        match s {
            "normal" => Some(Finish::Normal),
            "foil" => Some(Finish::Foil),
            _ => None,
        }
    }
}

/// A copy's condition, on the six-grade scale most stores use (mint to damaged).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    Mint,
    NearMint,
    LightlyPlayed,
    ModeratelyPlayed,
    HeavilyPlayed,
    Damaged,
}

impl Condition {
    pub const ALL: [Condition; 6] = [
        Condition::Mint,
        Condition::NearMint,
        Condition::LightlyPlayed,
        Condition::ModeratelyPlayed,
        Condition::HeavilyPlayed,
        Condition::Damaged,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Condition::Mint => "mint",
            Condition::NearMint => "near_mint",
            Condition::LightlyPlayed => "lightly_played",
            Condition::ModeratelyPlayed => "moderately_played",
            Condition::HeavilyPlayed => "heavily_played",
            Condition::Damaged => "damaged",
        }
    }

    /// The stored spelling back into a condition.
    pub fn parse(s: &str) -> Option<Condition> {
        Condition::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

fn condition_text(condition: Option<Condition>) -> &'static str {
    condition.map_or("", Condition::as_str)
}

/// Which collection row a copy belongs to: the same card may be owned in several
/// finishes, conditions, languages and places. Empty strings mean "not stated".
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CopyKey {
    pub card: String,
    pub finish: Finish,
    pub condition: Option<Condition>,
    pub language: String,
    pub location: String,
}

impl CopyKey {
    /// The plainest copy of `card`: normal finish, nothing else stated.
    pub fn plain(card: impl Into<String>) -> CopyKey {
        CopyKey {
            card: card.into(),
            ..CopyKey::default()
        }
    }
}

/// One row of the collection as listed: the key, the count, and the card's name and game
/// (the card id stands in for the name when the card is no longer in the database).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CollectionRow {
    #[serde(flatten)]
    pub key: CopyKey,
    pub game: String,
    pub name: String,
    pub set: Option<String>,
    pub number: Option<String>,
    pub count: u32,
    pub note: String,
}

/// One wishlist entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WishlistRow {
    pub card: String,
    pub game: String,
    pub name: String,
    pub count: u32,
}

/// One change to the collection or the wishlist. `game` is the card's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CollectionChange {
    /// Adds `count` copies; a `note` replaces the row's note.
    Add {
        game: String,
        key: CopyKey,
        count: u32,
        note: Option<String>,
    },
    /// Sets the row's count (0 removes it); a `note` replaces the row's note.
    Set {
        game: String,
        key: CopyKey,
        count: u32,
        note: Option<String>,
    },
    /// Removes `count` copies; fails when the row holds fewer.
    Remove { key: CopyKey, count: u32 },
    /// Raises the wishlist count of `card` to at least `count`.
    WishAtLeast {
        game: String,
        card: String,
        count: u32,
    },
    /// Sets the wishlist count of `card` (0 removes it).
    WishSet {
        game: String,
        card: String,
        count: u32,
    },
}

/// What a change or an import did (or, dry run, would do).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ChangeReport {
    /// Rows that did not exist before.
    pub new_rows: usize,
    /// Existing rows whose count or note changed.
    pub changed_rows: usize,
    /// Rows removed (count down to 0).
    pub removed_rows: usize,
    /// Copies added minus copies removed, collection and wishlist apart.
    pub copies_delta: i64,
    pub wishlist_delta: i64,
}

/// What an undo put back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UndoReport {
    /// The label of the change undone ("import cards.csv", "add 2 Shield Liger", …).
    pub label: String,
    pub made_at: String,
    /// How many rows were restored.
    pub rows: usize,
}

/// A stored, not deleted deck's newest content, for comparing decks with the collection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LiveDeck {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub cards: Vec<DeckCard>,
}

/// A card's identity for matching: its game, folded name, set and number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRef {
    pub id: String,
    pub game: String,
    pub name: String,
    pub name_key: String,
    pub set: Option<String>,
    pub number: Option<String>,
}

/// Owned distinct cards of one set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SetCompletion {
    pub game: String,
    pub set: String,
    pub set_name: String,
    pub owned: u32,
    pub total: u32,
}

const LIST_COLLECTION: &str = "collection";
const LIST_WISHLIST: &str = "wishlist";

struct Journal<'t> {
    tx: &'t Transaction<'t>,
}

impl Journal<'_> {
    /// Records a row's state before the change; only the first record per row counts,
    /// so an import touching a row twice still undoes to the state before the import.
    fn record(
        &self,
        list: &str,
        key: &CopyKey,
        game: &str,
        before: Option<&(u32, String)>,
    ) -> Result<(), StoreError> {
        let mut stmt = self.tx.prepare_cached(
            "INSERT OR IGNORE INTO collection_undo
                (list, card, finish, condition, language, location, game, count, note)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        )?;
        stmt.execute(params![
            list,
            key.card,
            key.finish.as_str(),
            condition_text(key.condition),
            key.language,
            key.location,
            game,
            before.map(|b| b.0),
            before.map(|b| b.1.as_str()),
        ])?;
        Ok(())
    }
}

/// The touched row for `key`, read from the database (or `stored`, a scan of it) on
/// first touch.
fn touch<'m>(
    tx: &Transaction,
    touched: &'m mut HashMap<RowKey, Touched>,
    stored: Option<&Scanned>,
    list: &'static str,
    key: &CopyKey,
    game: &str,
) -> Result<&'m mut Touched, StoreError> {
    use std::collections::hash_map::Entry;
    match touched.entry(row_key(list, key)) {
        Entry::Occupied(row) => Ok(row.into_mut()),
        Entry::Vacant(slot) => {
            let before = match (list, stored) {
                (LIST_WISHLIST, _) => {
                    read_wish(tx, &key.card)?.map(|c| (c, String::new(), String::new()))
                }
                (_, Some(stored)) => stored.get(slot.key()).cloned(),
                (_, None) => read_row(tx, key)?,
            };
            let game = before
                .as_ref()
                .map(|b| b.2.clone())
                .filter(|g| !g.is_empty())
                .unwrap_or_else(|| game.to_owned());
            let before = before.map(|(count, note, _)| (count, note));
            Ok(slot.insert(Touched {
                key: key.clone(),
                game,
                now: before.clone().unwrap_or((0, String::new())),
                before,
            }))
        }
    }
}

fn read_row(tx: &Transaction, key: &CopyKey) -> Result<Option<(u32, String, String)>, StoreError> {
    let mut stmt = tx.prepare_cached(
        "SELECT count, note, game FROM collection
         WHERE card = ?1 AND finish = ?2 AND condition = ?3 AND language = ?4 AND location = ?5",
    )?;
    Ok(stmt
        .query_row(
            params![
                key.card,
                key.finish.as_str(),
                condition_text(key.condition),
                key.language,
                key.location
            ],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?)
}

fn write_row(
    tx: &Transaction,
    key: &CopyKey,
    game: &str,
    count: u32,
    note: &str,
) -> Result<(), StoreError> {
    if count == 0 {
        let mut stmt = tx.prepare_cached(
            "DELETE FROM collection
             WHERE card = ?1 AND finish = ?2 AND condition = ?3 AND language = ?4 AND location = ?5",
        )?;
        stmt.execute(params![
            key.card,
            key.finish.as_str(),
            condition_text(key.condition),
            key.language,
            key.location
        ])?;
    } else {
        let mut stmt = tx.prepare_cached(
            "INSERT INTO collection (card, game, finish, condition, language, location, count, note)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT (card, finish, condition, language, location)
             DO UPDATE SET count = excluded.count, note = excluded.note",
        )?;
        stmt.execute(params![
            key.card,
            game,
            key.finish.as_str(),
            condition_text(key.condition),
            key.language,
            key.location,
            count,
            note
        ])?;
    }
    Ok(())
}

fn read_wish(tx: &Transaction, card: &str) -> Result<Option<u32>, StoreError> {
    let mut stmt = tx.prepare_cached("SELECT count FROM wishlist WHERE card = ?1")?;
    Ok(stmt.query_row([card], |r| r.get(0)).optional()?)
}

fn write_wish(tx: &Transaction, card: &str, game: &str, count: u32) -> Result<(), StoreError> {
    if count == 0 {
        tx.prepare_cached("DELETE FROM wishlist WHERE card = ?1")?
            .execute([card])?;
    } else {
        tx.prepare_cached(
            "INSERT INTO wishlist (card, game, count) VALUES (?1, ?2, ?3)
             ON CONFLICT (card) DO UPDATE SET count = excluded.count",
        )?
        .execute(params![card, game, count])?;
    }
    Ok(())
}

/// A row's identity in the collection or the wishlist, as stored (the primary key's
/// column order, so sorting by it writes the B-tree in order).
type RowKey = (
    &'static str,
    String,
    &'static str,
    &'static str,
    String,
    String,
);

/// Rows read in one scan: count, note and game by key.
type Scanned = HashMap<RowKey, (u32, String, String)>;

fn row_key(list: &'static str, key: &CopyKey) -> RowKey {
    (
        list,
        key.card.clone(),
        key.finish.as_str(),
        condition_text(key.condition),
        key.language.clone(),
        key.location.clone(),
    )
}

/// A row touched by a run of changes: as it was, and as it is now.
struct Touched {
    key: CopyKey,
    game: String,
    /// `(count, note)` before the run; `None`: there was no row.
    before: Option<(u32, String)>,
    /// `(count, note)` now; count 0: no row.
    now: (u32, String),
}

/// Above this many changes the touched rows are read in one scan, not one by one.
const SCAN_ABOVE: usize = 2_000;

impl Store {
    /// Applies `changes` in one transaction, recording the previous state of every touched
    /// row for one undo (which replaces the previous undo). With `dry_run` the transaction
    /// is rolled back: the report says what would change and nothing does.
    pub fn apply_collection_changes(
        &mut self,
        label: &str,
        changes: &[CollectionChange],
        dry_run: bool,
    ) -> Result<ChangeReport, StoreError> {
        self.apply_collection_changes_with_progress(label, changes, dry_run, &mut |_, _| {})
    }

    /// [`Store::apply_collection_changes`], calling `progress(done, total)` with rows
    /// written of rows to write.
    ///
    /// The changes are first applied in memory (each row read once, from one scan of the
    /// collection when there are many), then every touched row is written once, in key
    /// order, its undo record beside it.
    pub fn apply_collection_changes_with_progress(
        &mut self,
        label: &str,
        changes: &[CollectionChange],
        dry_run: bool,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<ChangeReport, StoreError> {
        if changes.len() > 10_000 {
            // A large import dirties more pages than SQLite's default 2 MB cache holds;
            // spilling them to the WAL mid-transaction costs more than the memory.
            self.conn.pragma_update(None, "cache_size", -64 * 1024)?;
        }
        let tx = write_tx(&mut self.conn)?;
        tx.execute("DELETE FROM collection_undo", [])?;
        tx.execute(
            "INSERT INTO collection_undo_label (id, label) VALUES (1, ?1)
             ON CONFLICT (id) DO UPDATE SET label = excluded.label,
                made_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
            [label],
        )?;
        let mut stored: Option<Scanned> = None;
        if changes.len() > SCAN_ABOVE {
            let mut stmt = tx.prepare(
                "SELECT card, finish, condition, language, location, count, note, game
                 FROM collection",
            )?;
            let mut rows = stmt.query([])?;
            let mut all = HashMap::new();
            while let Some(r) = rows.next()? {
                let finish = Finish::parse(&r.get::<_, String>(1)?).unwrap_or_default();
                let condition: String = r.get(2)?;
                let key = CopyKey {
                    card: r.get(0)?,
                    finish,
                    condition: Condition::parse(&condition),
                    language: r.get(3)?,
                    location: r.get(4)?,
                };
                all.insert(
                    row_key(LIST_COLLECTION, &key),
                    (r.get(5)?, r.get(6)?, r.get(7)?),
                );
            }
            stored = Some(all);
        }
        let mut touched: HashMap<RowKey, Touched> = HashMap::new();
        let mut report = ChangeReport::default();
        for change in changes {
            match change {
                CollectionChange::Add {
                    game,
                    key,
                    count,
                    note,
                }
                | CollectionChange::Set {
                    game,
                    key,
                    count,
                    note,
                } => {
                    let row = touch(
                        &tx,
                        &mut touched,
                        stored.as_ref(),
                        LIST_COLLECTION,
                        key,
                        game,
                    )?;
                    let old = (row.now.0 > 0).then(|| row.now.clone());
                    let old_count = row.now.0;
                    let new_count = match change {
                        CollectionChange::Add { .. } => old_count.saturating_add(*count),
                        _ => *count,
                    };
                    let new_note = note
                        .clone()
                        .or_else(|| old.as_ref().map(|o| o.1.clone()))
                        .unwrap_or_default();
                    count_change(&mut report, old.as_ref(), new_count, &new_note);
                    row.game.clone_from(game);
                    row.now = (new_count, new_note);
                }
                CollectionChange::Remove { key, count } => {
                    let row = touch(&tx, &mut touched, stored.as_ref(), LIST_COLLECTION, key, "")?;
                    let owned = row.now.0;
                    if owned == 0 || owned < *count {
                        return Err(StoreError::NotEnoughCopies {
                            card: key.card.clone(),
                            owned,
                            asked: *count,
                        });
                    }
                    let old = row.now.clone();
                    let new_count = owned - count;
                    count_change(&mut report, Some(&old), new_count, &old.1);
                    row.now.0 = new_count;
                }
                CollectionChange::WishAtLeast { game, card, count }
                | CollectionChange::WishSet { game, card, count } => {
                    let key = CopyKey::plain(card.clone());
                    let row = touch(&tx, &mut touched, None, LIST_WISHLIST, &key, game)?;
                    let old_count = row.now.0;
                    let new_count = match change {
                        CollectionChange::WishAtLeast { .. } => old_count.max(*count),
                        _ => *count,
                    };
                    report.wishlist_delta += i64::from(new_count) - i64::from(old_count);
                    row.game.clone_from(game);
                    row.now.0 = new_count;
                }
            }
        }
        let mut rows: Vec<(RowKey, Touched)> = touched.into_iter().collect();
        rows.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let total = rows.len() as u64;
        progress(0, total);
        let journal = Journal { tx: &tx };
        for (done, ((list, ..), row)) in rows.iter().enumerate() {
            journal.record(list, &row.key, &row.game, row.before.as_ref())?;
            let unchanged = match &row.before {
                Some(before) => *before == row.now,
                None => row.now.0 == 0,
            };
            if !unchanged {
                if *list == LIST_WISHLIST {
                    write_wish(&tx, &row.key.card, &row.game, row.now.0)?;
                } else {
                    write_row(&tx, &row.key, &row.game, row.now.0, &row.now.1)?;
                }
            }
            if done % 4096 == 4095 {
                progress(done as u64 + 1, total);
            }
        }
        if !dry_run {
            tx.commit()?;
        }
        progress(total, total);
        Ok(report)
    }

    /// Puts back every row the last change or import touched, once. `None` when there is
    /// nothing to undo.
    pub fn undo_collection(&mut self) -> Result<Option<UndoReport>, StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let label: Option<(String, String)> = tx
            .query_row(
                "SELECT label, made_at FROM collection_undo_label WHERE id = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((label, made_at)) = label else {
            return Ok(None);
        };
        let mut rows = 0;
        {
            let mut stmt = tx.prepare(
                "SELECT list, card, finish, condition, language, location, game, count, note
                 FROM collection_undo",
            )?;
            let entries = stmt.query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, String>(6)?,
                    r.get::<_, Option<u32>>(7)?,
                    r.get::<_, Option<String>>(8)?,
                ))
            })?;
            for entry in entries {
                let (list, card, finish, condition, language, location, game, count, note) = entry?;
                if list == LIST_WISHLIST {
                    write_wish(&tx, &card, &game, count.unwrap_or(0))?;
                } else {
                    let key = CopyKey {
                        card,
                        finish: Finish::parse(&finish).unwrap_or_default(),
                        condition: Condition::parse(&condition),
                        language,
                        location,
                    };
                    write_row(
                        &tx,
                        &key,
                        &game,
                        count.unwrap_or(0),
                        note.as_deref().unwrap_or(""),
                    )?;
                }
                rows += 1;
            }
        }
        tx.execute("DELETE FROM collection_undo", [])?;
        tx.execute("DELETE FROM collection_undo_label", [])?;
        tx.commit()?;
        Ok(Some(UndoReport {
            label,
            made_at,
            rows,
        }))
    }

    /// The label of the change an undo would revert.
    pub fn collection_undo_label(&self) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT label FROM collection_undo_label WHERE id = 1",
                [],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// The collection, optionally of one game, by game, name and key.
    pub fn collection(&self, game: Option<&str>) -> Result<Vec<CollectionRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT c.card, c.finish, c.condition, c.language, c.location, c.game,
                    COALESCE(k.name, c.card), k.set_code, k.number, c.count, c.note
             FROM collection c LEFT JOIN cards k ON k.id = c.card
             WHERE (?1 IS NULL OR c.game = ?1)
             ORDER BY c.game, COALESCE(k.name_key, c.card), c.card, c.finish = 'foil', c.condition,
                      c.language, c.location",
        )?;
        let rows = stmt.query_map([game], |r| {
            Ok(CollectionRow {
                key: CopyKey {
                    card: r.get(0)?,
                    finish: Finish::parse(&r.get::<_, String>(1)?).unwrap_or_default(),
                    condition: Condition::parse(&r.get::<_, String>(2)?),
                    language: r.get(3)?,
                    location: r.get(4)?,
                },
                game: r.get(5)?,
                name: r.get(6)?,
                set: r.get(7)?,
                number: r.get(8)?,
                count: r.get(9)?,
                note: r.get(10)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every row of one card.
    pub fn collection_rows_of(&self, card: &str) -> Result<Vec<CollectionRow>, StoreError> {
        Ok(self
            .collection(None)?
            .into_iter()
            .filter(|r| r.key.card == card)
            .collect())
    }

    /// Copies owned per card id (all finishes, conditions, places), optionally of one
    /// game: one scan of the `collection_by_game` index. For search filters and views.
    pub fn owned_counts(&self, game: Option<&str>) -> Result<HashMap<String, u32>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT card, SUM(count) FROM collection
             WHERE (?1 IS NULL OR game = ?1) GROUP BY card",
        )?;
        let rows = stmt.query_map([game], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Copies wanted per card id (the wishlist), optionally of one game.
    pub fn wanted_counts(&self, game: Option<&str>) -> Result<HashMap<String, u32>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT card, count FROM wishlist WHERE (?1 IS NULL OR game = ?1)")?;
        let rows = stmt.query_map([game], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Changes whenever the database may have changed: SQLite's `data_version` (commits by
    /// other connections, other processes included) and the rows this connection changed.
    /// Equal markers mean nothing was written in between; cheap enough to ask per search.
    pub fn change_marker(&self) -> Result<(i64, u64), StoreError> {
        let version: i64 = self
            .conn
            .query_row("PRAGMA data_version", [], |r| r.get(0))?;
        Ok((version, self.conn.total_changes()))
    }

    /// Copies owned per folded card name within one game: any printing of a card can be
    /// played in its place.
    pub fn owned_by_name(&self, game: &str) -> Result<HashMap<String, u32>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT k.name_key, SUM(c.count) FROM collection c JOIN cards k ON k.id = c.card
             WHERE c.game = ?1 GROUP BY k.name_key",
        )?;
        let rows = stmt.query_map([game], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Copies owned of every printing named `name_key` in `game`.
    pub fn owned_named(&self, game: &str, name_key: &str) -> Result<u32, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT COALESCE(SUM(c.count), 0) FROM cards k JOIN collection c ON c.card = k.id
             WHERE k.game = ?1 AND k.name_key = ?2",
        )?;
        Ok(stmt.query_row([game, name_key], |r| r.get(0))?)
    }

    /// The wishlist, optionally of one game.
    pub fn wishlist(&self, game: Option<&str>) -> Result<Vec<WishlistRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT w.card, w.game, COALESCE(k.name, w.card), w.count
             FROM wishlist w LEFT JOIN cards k ON k.id = w.card
             WHERE (?1 IS NULL OR w.game = ?1)
             ORDER BY w.game, COALESCE(k.name_key, w.card)",
        )?;
        let rows = stmt.query_map([game], |r| {
            Ok(WishlistRow {
                card: r.get(0)?,
                game: r.get(1)?,
                name: r.get(2)?,
                count: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every card's identity for resolving names in bulk, optionally of one game.
    pub fn card_refs(&self, game: Option<&str>) -> Result<Vec<CardRef>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, game, name, name_key, set_code, number FROM cards
             WHERE (?1 IS NULL OR game = ?1) ORDER BY game, id",
        )?;
        let rows = stmt.query_map([game], card_ref)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The identity of each of these card ids (unknown ids are left out).
    pub fn card_refs_by_id(
        &self,
        ids: impl IntoIterator<Item = impl AsRef<str>>,
    ) -> Result<HashMap<String, CardRef>, StoreError> {
        let ids: HashSet<String> = ids.into_iter().map(|id| id.as_ref().to_owned()).collect();
        // One statement for all of them: a thousand decks name tens of thousands of ids, and
        // a query per id costs more in round trips than the lookups themselves.
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, game, name, name_key, set_code, number FROM cards
             WHERE id IN (SELECT value FROM json_each(?1))",
        )?;
        let list = serde_json::to_string(&ids).expect("a set of strings always serializes");
        let rows = stmt.query_map([list], card_ref)?;
        let mut refs = HashMap::with_capacity(ids.len());
        for card in rows {
            let card = card?;
            refs.insert(card.id.clone(), card);
        }
        Ok(refs)
    }

    /// The ids of every printing named `name_key` in `game`.
    pub fn card_ids_named(&self, game: &str, name_key: &str) -> Result<Vec<String>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT id FROM cards WHERE game = ?1 AND name_key = ?2")?;
        let rows = stmt.query_map([game, name_key], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The newest content of every deck that is not deleted, optionally of one game.
    pub fn live_decks(&self, game: Option<&str>) -> Result<Vec<LiveDeck>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT d.id, v.name, d.game, v.cards
             FROM decks d JOIN deck_versions v ON v.deck_id = d.id AND v.version = d.version
             WHERE d.deleted_at IS NULL AND (?1 IS NULL OR d.game = ?1)
             ORDER BY d.game, v.name COLLATE NOCASE, d.id",
        )?;
        let rows = stmt.query_map([game], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
            ))
        })?;
        let mut decks = Vec::new();
        for row in rows {
            let (id, name, game, cards) = row?;
            let cards =
                serde_json::from_str(&cards).map_err(|e| crate::deck_store::corrupt_deck(id, e))?;
            decks.push(LiveDeck {
                id,
                name,
                game,
                cards,
            });
        }
        Ok(decks)
    }

    /// Per game and set: how many of the set's cards have at least one copy owned.
    pub fn set_completion(&self, game: Option<&str>) -> Result<Vec<SetCompletion>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT k.game, k.set_code, COALESCE(s.name, k.set_code),
                    SUM(EXISTS (SELECT 1 FROM collection c WHERE c.card = k.id)), COUNT(*)
             FROM cards k LEFT JOIN sets s ON s.game = k.game AND s.code = k.set_code
             WHERE k.set_code IS NOT NULL AND (?1 IS NULL OR k.game = ?1)
             GROUP BY k.game, k.set_code
             ORDER BY k.game, k.set_code",
        )?;
        let rows = stmt.query_map([game], |r| {
            Ok(SetCompletion {
                game: r.get(0)?,
                set: r.get(1)?,
                set_name: r.get(2)?,
                owned: r.get(3)?,
                total: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

fn card_ref(r: &rusqlite::Row) -> rusqlite::Result<CardRef> {
    Ok(CardRef {
        id: r.get(0)?,
        game: r.get(1)?,
        name: r.get(2)?,
        name_key: r.get(3)?,
        set: r.get(4)?,
        number: r.get(5)?,
    })
}

fn count_change(
    report: &mut ChangeReport,
    old: Option<&(u32, String)>,
    new_count: u32,
    new_note: &str,
) {
    let old_count = old.map_or(0, |o| o.0);
    report.copies_delta += i64::from(new_count) - i64::from(old_count);
    match old {
        None if new_count > 0 => report.new_rows += 1,
        None => {}
        Some(_) if new_count == 0 => report.removed_rows += 1,
        Some((c, n)) if *c != new_count || n != new_note => report.changed_rows += 1,
        Some(_) => {}
    }
}

#[cfg(test)]
#[path = "collection_tests.rs"]
pub(crate) mod tests;
