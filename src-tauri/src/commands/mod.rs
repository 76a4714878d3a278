//! Tauri commands, one module per area. Each command parses, calls one API function and
//! maps the error; nothing else.

pub mod cards;
pub mod collection;
pub mod decks;
pub mod dialogs;
pub mod games;
pub mod goldfish;
pub mod images;
pub mod print;
pub mod search;
pub mod test_hooks;

use serde::Serialize;

/// What a failed command sends the UI: a stable `code` to branch on and a message to show.
#[derive(Debug, Clone, Serialize)]
pub struct UiError {
    pub code: String,
    pub message: String,
}

impl From<deckhand::Error> for UiError {
    /// The UI gets the stable code and a message in a user's words: a database failure is
    /// described, never quoted (SQLite's text goes to the log for a bug report).
    fn from(err: deckhand::Error) -> Self {
        let message = err.user_message();
        if message != err.to_string() {
            eprintln!("deckhand-app: {}: {err}", err.code());
        }
        UiError {
            code: err.code().to_owned(),
            message,
        }
    }
}
