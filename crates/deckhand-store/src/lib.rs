//! Deckhand's SQLite store: the card database, its forward-only migrations, card import
//! (one transaction per import run) and card queries.
//!
//! The store knows the card model from `deckhand-core` but nothing of where the data
//! came from: callers hand it validated [`CardSet`](deckhand_core::CardSet)s.

mod deck_store;
mod error;
mod migrations;
mod store;

pub use deck_store::{
    DeckCard, DeckContent, DeckSummary, DeckVersionSummary, StoredDeck, TaggedDeck,
};
pub use error::StoreError;
pub use store::{CardFilter, ImportReport, SetImportReport, Store};
