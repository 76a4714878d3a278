//! Deck files as other tools write them, and the Heroes of the Grid community export.
//!
//! Pure like the core: callers hand in the text of a file together with a *source name*
//! used only in error messages, and get typed values back. Matching names to real cards
//! happens in the `deckhand` facade, which knows the database.

pub mod card_pack;
mod cockatrice_cards;
pub mod collection_csv;
mod deck_file;
mod deck_text;
mod error;
pub mod heroes_grid;
mod import_report;
mod sections;
mod xml;

pub use card_pack::{PackError, PackManifest, PackReader};
pub use cockatrice_cards::{read_cockatrice_cards, CardTable};
pub use collection_csv::{CsvEntry, CsvError, CsvFile, CsvFormat, CsvRow, DECKHAND_COLUMNS};
pub use deck_file::{read_deck_file, write_deck_file, DeckFile, DeckFormat};
pub use deck_text::{deck_header, DeckHeader, DeckLine, MAX_COUNT};
pub use error::FormatError;
pub use import_report::{ImportReport, SectionCount, SectionName, SectionOutcome, SkippedLine};
