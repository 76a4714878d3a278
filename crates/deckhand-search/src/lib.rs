//! Deckhand's card search: a Scryfall-style query language ([`query`]) answered by a
//! tantivy index of every card ([`CardIndex`]).
//!
//! The index is derived data: the SQLite store stays the source of truth, and the index is
//! rebuilt from it whenever it is missing, corrupt, stale or built by an older schema.

mod compile;
mod error;
mod fields;
mod fuzzy;
mod index;
pub mod query;

pub use error::SearchError;
pub use fuzzy::suggest_names;
pub use index::{CardIndex, Hit, SearchOptions, SearchResults};
pub use query::{parse, Query, QueryError, Vocabulary};
