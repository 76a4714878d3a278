//! The Deckhand API: the one surface the CLI and the Tauri shell call.
//!
//! It joins the pure core (game definitions, card validation) to the store (SQLite) and
//! owns everything that touches the outside world: where the database lives, reading
//! import files, and loading the bundled data into a new database.

pub mod bench;
pub mod bundled;
pub(crate) mod deckhand;
mod decks;
mod heroes_grid;
pub use deckhand_store::{DeckCard, DeckContent, DeckSummary, DeckVersionSummary, StoredDeck};
pub use decks::{DeckDiff, DeckListItem, DeckView, DiffLine};
pub use heroes_grid::HeroesGridReport;
mod error;
mod paths;

pub use deckhand::{Deckhand, GameSummary, ScoredCard, SearchPage, StatLabel};
pub use deckhand_core::{
    Card, Deck, DeckEntry, DeckFormat, Diagnostic, Game, Legality, Severity, Side, StatValue,
};
pub use deckhand_store::{ImportReport, SetImportReport};
pub use error::{Error, Result};
pub use paths::{default_db_path, resolve_db_path, DB_ENV};
