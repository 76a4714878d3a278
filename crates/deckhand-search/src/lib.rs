//! Deckhand's card search: a Scryfall-style query language ([`query`]) answered by a
//! tantivy index of every card ([`CardIndex`]).
//!
//! The index is derived data: the SQLite store stays the source of truth, and the index is
//! rebuilt from it whenever it is missing, corrupt, stale or built by an older schema, or
//! updated card by card after an import ([`CardIndex::update`]). Several processes may use
//! one index directory at once (see the `generations` module).

mod collection;
mod compile;
mod document;
mod error;
mod fields;
mod fuzzy;
mod generations;
mod index;
pub use deckhand_core::query;
mod regex_filter;
mod text_store;
mod top_cards;
mod trigram;
mod trigram_query;

pub use collection::Collection;
pub use error::SearchError;
pub use fuzzy::suggest_names;
pub use index::{
    CardIndex, Hit, IndexBuild, IndexChanges, SearchOptions, SearchResults, UpdateOutcome,
};
pub use query::{parse, CollectionList, Query, QueryError, Vocabulary, MAX_NESTING};
