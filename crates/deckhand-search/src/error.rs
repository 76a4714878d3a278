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
    /// The index directory could not be prepared.
    #[error("search index directory {path}: {message}")]
    Directory { path: String, message: String },
}
