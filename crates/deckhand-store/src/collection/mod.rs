//! The collection (the copies a player owns), the wishlist, and a one-step undo journal.
//!
//! Every change or import is one transaction that first records, in `collection_undo`,
//! each touched row as it was; [`Store::undo_collection`] puts those rows back once.
//!
//! [`Store::undo_collection`]: crate::Store::undo_collection

mod change;
mod query;
mod undo;

use deckhand_core::{Condition, Finish};
use serde::{Deserialize, Serialize};

pub(super) fn condition_text(condition: Option<Condition>) -> &'static str {
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
    /// The player's note ('' when none).
    pub note: String,
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
    /// Raises the wishlist count of `card` to at least `count`; its note stays.
    WishAtLeast {
        game: String,
        card: String,
        count: u32,
    },
    /// Sets the wishlist count of `card` (0 removes it, note and all); a `note` replaces
    /// the row's note.
    WishSet {
        game: String,
        card: String,
        count: u32,
        note: Option<String>,
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

pub(super) const LIST_COLLECTION: &str = "collection";
pub(super) const LIST_WISHLIST: &str = "wishlist";

#[cfg(test)]
pub(crate) mod tests;
