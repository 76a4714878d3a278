//! [`QueryError`]: what the lexer and the parser report. Its own module so that the lexer
//! (which runs first) need not import the parser.

use std::fmt;

/// A query the parser rejects: where (1-based column), what, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct QueryError {
    pub column: usize,
    pub message: String,
    pub hint: Option<String>,
}

impl QueryError {
    pub(super) fn new(column: usize, message: String, hint: Option<String>) -> QueryError {
        QueryError {
            column,
            message,
            hint,
        }
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, " — {hint}")?;
        }
        Ok(())
    }
}
