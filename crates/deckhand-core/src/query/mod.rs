//! The query language: a Scryfall-style syntax parsed into a [`Query`]. The card search
//! (`deckhand-search`) answers it with a tantivy index; effect filters answer it for one
//! card in memory ([`matches`]), with the same meaning.
//!
//! Pure: the parser needs only a [`Vocabulary`] (the stat names and game ids that exist) so
//! it can reject unknown fields with a suggestion. See docs/search.md
//! for the user-facing description.

mod ast;
mod error;
mod filter;
mod lexer;
mod matcher;
mod parser;

pub use ast::{CmpOp, CollectionList, Direction, Expr, Query, SortKey, StatOperand, TextTarget};
pub use error::QueryError;
pub use filter::{filter_error, parse_filter};
pub use matcher::{matches, word_tokens};
pub use parser::{is_query_word, parse, Vocabulary, MAX_NESTING};

#[cfg(test)]
mod matcher_tests;
#[cfg(test)]
mod tests;
