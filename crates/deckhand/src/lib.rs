//! The Deckhand API: the one surface the CLI and the Tauri shell call.
//!
//! It joins the pure libraries (the core's games and rules, the deck formats, the search
//! query language) to the store (SQLite) and the index (tantivy), and owns everything that
//! touches the outside world: where the database lives, reading and writing files, and
//! loading the bundled data into a new database. The API is organised by area, each a
//! module of `Deckhand` methods: `cards`, `decks`, `search`, `import`, `games`, `goldfish`, `print`
//! (print-and-play PDFs), and the Heroes of the Grid export in `heroes_grid`.

pub mod bundled;
mod cards;
mod deckhand;
mod decks;
mod error;
mod games;
pub mod goldfish;
mod heroes_grid;
mod import;
mod paths;
pub mod print;
mod search;

pub use deckhand::Deckhand;
pub use deckhand_core::{
    Card, Deck, DeckEntry, Diagnostic, Game, Games, Legality, Severity, Side, StatValue,
};
pub use deckhand_formats::DeckFormat;
pub use deckhand_store::{
    DeckCard, DeckContent, DeckSummary, DeckVersionSummary, ImportReport, SetImportReport,
    StoredDeck,
};
pub use decks::{DeckDiff, DeckListItem, DeckView, DiffLine, SAMPLE_TAG};
pub use error::{Error, Result};
pub use games::{GameSummary, StatLabel};
pub use heroes_grid::HeroesGridReport;
pub use paths::{default_db_path, resolve_db_path, DB_ENV};
pub use search::{ScoredCard, SearchPage};
