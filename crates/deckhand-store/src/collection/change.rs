//! Applying changes: each touched row is read once, changed in memory, then written once
//! in key order with its undo record beside it.

use std::collections::HashMap;

use deckhand_core::{Condition, Finish};
use rusqlite::{params, OptionalExtension, Transaction};

use super::undo::Journal;
use super::{
    condition_text, ChangeReport, CollectionChange, CopyKey, LIST_COLLECTION, LIST_WISHLIST,
};
use crate::store::write_tx;
use crate::{Store, StoreError};

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
                (LIST_WISHLIST, _) => read_wish(tx, &key.card)?.map(|(c, n)| (c, n, String::new())),
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

pub(super) fn read_row(
    tx: &Transaction,
    key: &CopyKey,
) -> Result<Option<(u32, String, String)>, StoreError> {
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

pub(super) fn write_row(
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

/// A wishlist row's count and note.
fn read_wish(tx: &Transaction, card: &str) -> Result<Option<(u32, String)>, StoreError> {
    let mut stmt = tx.prepare_cached("SELECT count, note FROM wishlist WHERE card = ?1")?;
    Ok(stmt
        .query_row([card], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

pub(super) fn write_wish(
    tx: &Transaction,
    card: &str,
    game: &str,
    count: u32,
    note: &str,
) -> Result<(), StoreError> {
    if count == 0 {
        tx.prepare_cached("DELETE FROM wishlist WHERE card = ?1")?
            .execute([card])?;
    } else {
        tx.prepare_cached(
            "INSERT INTO wishlist (card, game, count, note) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (card) DO UPDATE SET count = excluded.count, note = excluded.note",
        )?
        .execute(params![card, game, count, note])?;
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
                | CollectionChange::WishSet {
                    game, card, count, ..
                } => {
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
                    if let CollectionChange::WishSet {
                        note: Some(note), ..
                    } = change
                    {
                        row.now.1.clone_from(note);
                    }
                    // A row taken off the list takes its note with it (an undo brings both).
                    if new_count == 0 {
                        row.now.1.clear();
                    }
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
                    write_wish(&tx, &row.key.card, &row.game, row.now.0, &row.now.1)?;
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
