//! What the facade hands its callers in place of the store's rows: the app's commands
//! send these (their TypeScript types are derived here, never on a store type), so a
//! change to a table's row type cannot silently change what the page receives.
//!
//! Each type mirrors its store counterpart field for field today and is converted where
//! the facade reads the store (`From`). A deck draft the app sends is resolved against
//! the cards (`resolve_draft`) and saved through the core's `Deck`, never passed down.

use std::collections::BTreeMap;

use deckhand_core::{Condition, Finish, Side, StatValue};
use serde::{Deserialize, Serialize};

/// Which collection row a copy belongs to: the same card may be owned in several
/// finishes, conditions, languages and places. Empty strings mean "not stated".
#[derive(
    Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS,
)]
pub struct CopyKey {
    pub card: String,
    pub finish: Finish,
    pub condition: Option<Condition>,
    pub language: String,
    pub location: String,
}

/// One row of the collection as listed: the key, the count, and the card's name and game
/// (the card id stands in for the name when the card is no longer in the database).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct WishlistRow {
    pub card: String,
    pub game: String,
    pub name: String,
    pub count: u32,
    /// The player's note ('' when none).
    pub note: String,
}

/// What a change or an import did (or, dry run, would do).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct UndoReport {
    /// The label of the change undone ("import cards.csv", "add 2 Shield Liger", …).
    pub label: String,
    pub made_at: String,
    /// How many rows were restored.
    pub rows: usize,
}

/// Owned distinct cards of one set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct SetCompletion {
    pub game: String,
    pub set: String,
    pub set_name: String,
    pub owned: u32,
    pub total: u32,
}

/// One line of a deck: the card is referenced by id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct DeckCard {
    pub section: String,
    pub count: u32,
    pub card: String,
}

/// A deck's content, cards by id: a stored version, or the editor's unsaved draft.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct DeckContent {
    pub game: String,
    pub name: String,
    pub side: Option<Side>,
    /// The game's format (rule variant) the deck is built for, by id; `None` for the
    /// game's own rules.
    #[serde(default)]
    pub format: Option<String>,
    pub notes: String,
    pub tags: Vec<String>,
    pub cards: Vec<DeckCard>,
}

/// A deck as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct DeckSummary {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub card_count: u32,
    pub version: i64,
    pub updated_at: String,
    pub deleted: bool,
}

/// One saved version, as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct DeckVersionSummary {
    pub version: i64,
    pub saved_at: String,
    pub name: String,
    pub card_count: u32,
}

/// What a backup file holds, as checked before a restore.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct BackupInfo {
    pub schema_version: i64,
    pub cards: i64,
    pub decks: i64,
    pub collection_rows: i64,
}

/// What a card's JSON says of its image: the pixels and the stored bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct ImageInfo {
    pub width: u32,
    pub height: u32,
    pub bytes: u64,
}

/// What the last undoable card change was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct CardUndoLabel {
    pub label: String,
    pub made_at: String,
}

/// What an undo of the cards put back: the cards restored and those removed again
/// because the change had added them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct CardUndoReport {
    pub label: String,
    pub made_at: String,
    pub restored: Vec<String>,
    pub removed: Vec<String>,
}

/// A card as a list shows it: not the whole card (no text, keywords or effects).
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct CardRow {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub card_type: String,
    pub set: Option<String>,
    pub side: Option<Side>,
    /// The card's first three stats, in the card's (alphabetical) order.
    pub stats: BTreeMap<String, StatValue>,
    /// Its stored image's size (the grid's thumbnail), `null` without one.
    pub image: Option<ImageInfo>,
}

/// What one card import run changed, per file and in total.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
#[ts(rename = "CardImportReport")]
pub struct ImportReport {
    pub files: Vec<SetImportReport>,
    pub added: usize,
    pub updated: usize,
    pub unchanged: usize,
    /// With `--read-effects`: the cards that stated no effects and were given what their
    /// text reads as.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub effects_read: Option<crate::EffectsRead>,
}

impl From<deckhand_store::ImportReport> for ImportReport {
    fn from(report: deckhand_store::ImportReport) -> ImportReport {
        let deckhand_store::ImportReport {
            files,
            added,
            updated,
            unchanged,
        } = report;
        ImportReport {
            files: files.into_iter().map(Into::into).collect(),
            added,
            updated,
            unchanged,
            effects_read: None,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct SetImportReport {
    pub file: String,
    pub game: String,
    pub added: usize,
    pub updated: usize,
    pub unchanged: usize,
}

/// `From<store type>` for transport types whose fields have the same names: the fields
/// before `;` move as they are, those after it are converted (`into` one value, `each` of
/// a list, `option` of an optional one).
macro_rules! from_store {
    ($($ty:ident { $($field:ident),* $(; $($conv:ident: $how:ident),*)? })*) => {$(
        impl From<deckhand_store::$ty> for $ty {
            fn from(row: deckhand_store::$ty) -> $ty {
                let deckhand_store::$ty { $($field,)* $($($conv,)*)? } = row;
                $ty { $($field,)* $($($conv: convert!($how, $conv),)*)? }
            }
        }
    )*};
}

macro_rules! convert {
    (into, $value:ident) => {
        $value.into()
    };
    (each, $value:ident) => {
        $value.into_iter().map(Into::into).collect()
    };
    (option, $value:ident) => {
        $value.map(Into::into)
    };
}

from_store! {
    CopyKey { card, finish, condition, language, location }
    WishlistRow { card, game, name, count, note }
    ChangeReport { new_rows, changed_rows, removed_rows, copies_delta, wishlist_delta }
    UndoReport { label, made_at, rows }
    SetCompletion { game, set, set_name, owned, total }
    DeckCard { section, count, card }
    DeckSummary { id, name, game, card_count, version, updated_at, deleted }
    DeckVersionSummary { version, saved_at, name, card_count }
    BackupInfo { schema_version, cards, decks, collection_rows }
    ImageInfo { width, height, bytes }
    CardUndoLabel { label, made_at }
    CardUndoReport { label, made_at, restored, removed }
    SetImportReport { file, game, added, updated, unchanged }
    CardRow { id, name, card_type, set, side, stats; image: option }
    CollectionRow { game, name, set, number, count, note; key: into }
    DeckContent { game, name, side, format, notes, tags; cards: each }
}
