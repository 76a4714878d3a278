//! The formats crate's one error type.

use deckhand_core::Location;

/// Everything a deck file or an export can be rejected for. Each message is one line that
/// names the source and, where there is one, the line and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// A deck file is malformed: a line that is neither a card nor a section header, or an
    /// XML/JSON document that does not parse.
    #[error("{source_name}:{location}: {message}")]
    Deck {
        source_name: String,
        location: Location,
        message: String,
    },
    /// A card database file (a Cockatrice `cards.xml`) is malformed or not one.
    #[error("{source_name}:{location}: {message}")]
    CardFile {
        source_name: String,
        location: Location,
        message: String,
    },
    /// A file of the Heroes of the Grid export is not the JSON the reader expects.
    #[error("{source_name}: not the expected JSON: {message}")]
    Export {
        source_name: String,
        message: String,
    },
}
