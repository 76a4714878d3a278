//! Deckhand's SQLite store: the card database, its forward-only migrations, card import
//! (one transaction per import run), card queries, decks, the collection with its undo
//! journal, and backups.
//!
//! The store knows the card model from `deckhand-core` but nothing of where the data
//! came from: callers hand it validated [`CardSet`](deckhand_core::CardSet)s.

mod backup;
mod card_edit;
mod card_import;
mod card_rows;
mod collection;
mod deck_store;
mod error;
mod images;
mod migrations;
mod restore;
mod store;

pub use backup::{backup_dir, BackupKind, KEEP_BACKUPS};
pub use card_edit::{CardColumn, CardUndoLabel, CardUndoReport, SaveCard};
pub use card_import::{
    CardImport, CardOutcome, ImportOutcome, ImportReport, InputKeys, SetImportReport,
};
pub use card_rows::{CardRow, ROW_STATS};
pub use collection::{
    CardRef, ChangeReport, CollectionChange, CollectionRow, CopyKey, SetCompletion, UndoReport,
    WishlistRow,
};
pub use deck_store::{
    DeckCard, DeckContent, DeckSummary, DeckVersionSummary, LiveDeck, StoredDeck, TaggedDeck,
};
pub use error::StoreError;
pub use images::{ImageInfo, ImageWrite, NewImage, StoredImage};
pub use migrations::SCHEMA_VERSION;
pub use restore::{check_backup, BackupInfo};
pub use store::{CardFilter, GameUsage, Store};
