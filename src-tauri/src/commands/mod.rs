//! Tauri commands, one module per area. Each command parses, calls one API function and
//! maps the error; nothing else.

pub mod cards;
pub mod collection;
pub mod decks;
pub mod games;
pub mod search;

use serde::Serialize;

/// What a failed command sends the UI: a stable `code` to branch on and a message to show.
#[derive(Debug, Clone, Serialize)]
pub struct UiError {
    pub code: String,
    pub message: String,
}

impl From<deckhand::Error> for UiError {
    fn from(err: deckhand::Error) -> Self {
        UiError {
            code: err.code().to_owned(),
            message: err.to_string(),
        }
    }
}
