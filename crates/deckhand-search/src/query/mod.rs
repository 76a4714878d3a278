//! The search query language: a Scryfall-style syntax parsed into a [`Query`].
//!
//! Pure: no tantivy here. The parser needs only a [`Vocabulary`] (the stat names and game
//! ids that exist) so it can reject unknown fields with a suggestion. See the README's
//! "Search syntax" section for the user-facing description.

mod ast;
mod error;
mod lexer;
mod parser;

pub use ast::{CmpOp, CollectionList, Direction, Expr, Query, SortKey, StatOperand, TextTarget};
pub use error::QueryError;
pub use parser::{parse, Vocabulary, MAX_NESTING};

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) use tests::on_small_stack;
