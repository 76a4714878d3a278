//! The collection: what the player owns (`add`/`remove`/`set`/list, one undo), CSV files
//! in and out (`deckhand_formats::collection_csv` parses and writes, `import` resolves
//! names and stores), set
//! completion, the wishlist, and decks measured against the collection (`need`).

mod import;
mod need;
mod wishlist;

use std::collections::{HashMap, HashSet};

use deckhand_core::{Condition, Finish};
use deckhand_formats::collection_csv::{self, CsvRow};
use deckhand_store::{CollectionChange, CopyKey};
use serde::Serialize;

pub use collection_csv::{CsvError, CsvFormat, DECKHAND_COLUMNS};
pub use import::{CardChange, CollectionImportOptions, CollectionImportReport, SkippedLine};
pub use need::{BuildableDeck, DeckNeed, MissingCard, NeedLine};
pub use wishlist::WishOutcome;

use crate::{ChangeReport, CollectionRow, Deckhand, Error, Result, SetCompletion, UndoReport};

/// Which copies a command is about: finish, condition, language, place. Fields left
/// `None` were not stated by the user.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CopySpec {
    pub finish: Option<Finish>,
    pub condition: Option<Condition>,
    pub language: Option<String>,
    pub location: Option<String>,
    /// Replaces the row's note when given.
    pub note: Option<String>,
}

impl CopySpec {
    fn is_unstated(&self) -> bool {
        self.finish.is_none()
            && self.condition.is_none()
            && self.language.is_none()
            && self.location.is_none()
    }

    fn key(&self, card: &str) -> CopyKey {
        CopyKey {
            card: card.to_owned(),
            finish: self.finish.unwrap_or_default(),
            condition: self.condition,
            language: self
                .language
                .as_deref()
                .map(collection_csv::normalise_language)
                .unwrap_or_default(),
            location: self.location.as_deref().unwrap_or("").trim().to_owned(),
        }
    }
}

/// Parses a condition as a user types it (`nm`, `near mint`, `near_mint`, `LP`, …).
pub fn parse_condition(text: &str) -> Option<Condition> {
    collection_csv::parse_condition(CsvFormat::Deckhand, text).flatten()
}

/// A collection row as the CSV writer takes it.
fn csv_row(row: &CollectionRow) -> CsvRow<'_> {
    CsvRow {
        count: row.count,
        card: &row.key.card,
        name: &row.name,
        game: &row.game,
        set: row.set.as_deref(),
        number: row.number.as_deref(),
        finish: row.key.finish,
        condition: row.key.condition,
        language: &row.key.language,
        location: &row.key.location,
        note: &row.note,
    }
}

/// A change to one card: the row it touched, and the card's copies in all rows after it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct CollectionChangeOutcome {
    pub card: String,
    pub name: String,
    pub game: String,
    /// The touched row's count after the change (0: the row is gone).
    pub count: u32,
    /// All copies of the card, in every row.
    pub total: u32,
    pub report: ChangeReport,
}

enum Edit {
    Add,
    Remove,
    Set,
}

impl Deckhand {
    /// Adds `count` copies of a card (by id or name) to the collection.
    pub fn collection_add(
        &mut self,
        name_or_id: &str,
        game: Option<&str>,
        count: u32,
        spec: &CopySpec,
    ) -> Result<CollectionChangeOutcome> {
        self.edit_collection(Edit::Add, name_or_id, game, count, spec)
    }

    /// Removes `count` copies. Without finish, condition, language or location, the card's
    /// only row is meant, else its plain row (normal, nothing stated); other rows need
    /// the user to say which.
    pub fn collection_remove(
        &mut self,
        name_or_id: &str,
        game: Option<&str>,
        count: u32,
        spec: &CopySpec,
    ) -> Result<CollectionChangeOutcome> {
        self.edit_collection(Edit::Remove, name_or_id, game, count, spec)
    }

    /// Sets a row's count (0 removes it); rows are chosen as for
    /// [`Deckhand::collection_remove`].
    pub fn collection_set(
        &mut self,
        name_or_id: &str,
        game: Option<&str>,
        count: u32,
        spec: &CopySpec,
    ) -> Result<CollectionChangeOutcome> {
        self.edit_collection(Edit::Set, name_or_id, game, count, spec)
    }

    fn edit_collection(
        &mut self,
        edit: Edit,
        name_or_id: &str,
        game: Option<&str>,
        count: u32,
        spec: &CopySpec,
    ) -> Result<CollectionChangeOutcome> {
        let card = self.card(name_or_id, game)?;
        let rows = self.store.collection_rows_of(&card.id)?;
        let plain = spec.key(&card.id);
        let key = match edit {
            Edit::Remove | Edit::Set
                if spec.is_unstated() && rows.len() > 1 && !rows.iter().any(|r| r.key == plain) =>
            {
                return Err(Error::AmbiguousCopy {
                    card: card.name.clone(),
                    rows: rows.iter().map(describe_row).collect::<Vec<_>>().join(", "),
                })
            }
            Edit::Remove | Edit::Set if spec.is_unstated() && rows.len() == 1 => {
                rows[0].key.clone()
            }
            _ => plain,
        };
        let (change, label) = match edit {
            Edit::Add => (
                CollectionChange::Add {
                    game: card.game.clone(),
                    key: key.clone(),
                    count,
                    note: spec.note.clone(),
                },
                format!("add {count} {}", card.name),
            ),
            Edit::Remove => (
                CollectionChange::Remove {
                    key: key.clone(),
                    count,
                },
                format!("remove {count} {}", card.name),
            ),
            Edit::Set => (
                CollectionChange::Set {
                    game: card.game.clone(),
                    key: key.clone(),
                    count,
                    note: spec.note.clone(),
                },
                format!("set {} to {count}", card.name),
            ),
        };
        let report = self
            .store
            .apply_collection_changes(&label, &[change], false)?;
        let after = self.store.collection_rows_of(&card.id)?;
        Ok(CollectionChangeOutcome {
            count: after.iter().find(|r| r.key == key).map_or(0, |r| r.count),
            total: after.iter().map(|r| r.count).sum(),
            card: card.id,
            name: card.name,
            game: card.game,
            report: report.into(),
        })
    }

    /// The collection, optionally of one game, optionally only the cards a search query
    /// matches (the query language of `deckhand search`).
    pub fn collection(
        &self,
        game: Option<&str>,
        query: Option<&str>,
    ) -> Result<Vec<CollectionRow>> {
        if let Some(game) = game {
            self.games.get(game)?;
        }
        let rows = self.store.collection(game)?;
        let Some(query) = query.filter(|q| !q.trim().is_empty()) else {
            return Ok(rows.into_iter().map(Into::into).collect());
        };
        let all: usize = self.store.card_counts()?.iter().map(|(_, n)| n).sum();
        let hits = self.run_search(query, game, all.max(1))?;
        let matching: HashSet<&str> = hits.hits.iter().map(|h| h.id.as_str()).collect();
        Ok(rows
            .into_iter()
            .filter(|r| matching.contains(r.key.card.as_str()))
            .map(Into::into)
            .collect())
    }

    /// Copies owned per card id, optionally of one game (one indexed query).
    pub fn owned_counts(&self, game: Option<&str>) -> Result<HashMap<String, u32>> {
        Ok(self.store.owned_counts(game)?)
    }

    /// Reverts the last change or import, once.
    pub fn collection_undo(&mut self) -> Result<UndoReport> {
        self.store
            .undo_collection()?
            .map(Into::into)
            .ok_or(Error::NothingToUndo)
    }

    /// What an undo would revert, if anything.
    pub fn collection_undo_label(&self) -> Result<Option<String>> {
        Ok(self.store.collection_undo_label()?)
    }

    /// Per game and set: owned distinct cards out of the set's cards.
    pub fn set_completion(&self, game: Option<&str>) -> Result<Vec<SetCompletion>> {
        if let Some(game) = game {
            self.games.get(game)?;
        }
        Ok(self
            .store
            .set_completion(game)?
            .into_iter()
            .map(Into::into)
            .collect())
    }
}

/// `2 foil near_mint in Binder A` — how a row is named in messages.
fn describe_row(row: &deckhand_store::CollectionRow) -> String {
    let mut words = vec![row.count.to_string(), row.key.finish.as_str().to_owned()];
    if let Some(condition) = row.key.condition {
        words.push(condition.as_str().to_owned());
    }
    if !row.key.language.is_empty() {
        words.push(row.key.language.clone());
    }
    if !row.key.location.is_empty() {
        words.push(format!("in {}", row.key.location));
    }
    words.join(" ")
}

#[cfg(test)]
mod tests;
