use crate::QueryError;

/// Everything search can fail with.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// The query does not parse; carries the column and a hint.
    #[error("{0}")]
    Query(#[from] QueryError),
    /// tantivy failed (I/O on the index directory, a corrupt segment…).
    #[error("search index error: {0}")]
    Index(#[from] tantivy::TantivyError),
    /// A regex the parser accepted that the regex engine refuses (too large once compiled).
    #[error("regex /{pattern}/: {message}")]
    Regex { pattern: String, message: String },
    /// The query counts copies (`owned`, `wanted`) but the caller passed no collection.
    #[error("owned and wanted need the collection, which this search was not given")]
    NoCollection,
    /// tantivy's term dictionary could not be read while laying out the collection.
    #[error("search index error: {0}")]
    Io(#[from] std::io::Error),
    /// The index directory could not be prepared, locked or written.
    #[error("search index directory {path}: {message}")]
    Directory { path: String, message: String },
}
