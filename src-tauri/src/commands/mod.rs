//! Tauri commands, one module per area. Each command parses, calls one API function and
//! maps the error; nothing else.

pub mod about;
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
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct UiError {
    pub code: deckhand::ErrorCode,
    pub message: String,
}

impl UiError {
    /// What the page gets when a command panicked (a bug): the details are in the log.
    pub fn internal() -> UiError {
        UiError {
            code: deckhand::ErrorCode::Internal,
            message: "Deckhand hit an internal error and stopped this action. The log folder \
                      (Settings) has the details for a bug report."
                .into(),
        }
    }

    /// Converts `err` and logs it with its code and the command's place in the source.
    /// The user message stays at debug level: it may quote a card or deck name.
    pub fn logged(err: deckhand::Error, command: &std::panic::Location<'_>) -> UiError {
        let ui = UiError::from(err);
        tracing::warn!(code = ui.code.as_str(), %command, "command failed");
        tracing::debug!(code = ui.code.as_str(), message = %ui.message, "command failed");
        ui
    }
}

impl From<deckhand::Error> for UiError {
    /// The UI gets the stable code and a message in a user's words: a database failure is
    /// described, never quoted (SQLite's text goes to the log for a bug report).
    fn from(err: deckhand::Error) -> Self {
        let message = err.user_message();
        if message != err.to_string() {
            tracing::warn!(code = err.code(), error = %err, "failure behind the message");
            eprintln!("deckhand-app: {}: {err}", err.code());
        }
        UiError {
            code: err.error_code(),
            message,
        }
    }
}
