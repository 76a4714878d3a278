//! The formats crate's one error type.

use deckhand_core::{escape_controls, Location};

/// Everything a deck file or an export can be rejected for. Each message is one line that
/// names the source and, where there is one, the line and column; whatever the file said
/// in it has its control characters escaped (`deckhand_core::escape_controls`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// A deck file is malformed: a line that is neither a card nor a section header, or an
    /// XML/JSON document that does not parse.
    #[error("{}", one_line(.source_name, &.location.to_string(), .message))]
    Deck {
        source_name: String,
        location: Location,
        message: String,
    },
    /// A card database file (a Cockatrice `cards.xml`) is malformed or not one.
    #[error("{}", one_line(.source_name, &.location.to_string(), .message))]
    CardFile {
        source_name: String,
        location: Location,
        message: String,
    },
    /// A file of the Heroes of the Grid export is not the JSON the reader expects.
    #[error("{}: not the expected JSON: {}", escape_controls(.source_name), escape_controls(.message))]
    Export {
        source_name: String,
        message: String,
    },
}

/// `source:location: message`, each part with its control characters escaped.
fn one_line(source_name: &str, location: &str, message: &str) -> String {
    format!(
        "{}:{}: {}",
        escape_controls(source_name),
        escape_controls(location),
        escape_controls(message)
    )
}
