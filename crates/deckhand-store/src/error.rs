/// Everything the store can fail with.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused an operation (I/O, a locked or corrupt file…).
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The file was written by a newer Deckhand whose schema this one does not know.
    #[error("the database has schema version {found}, newer than this Deckhand understands ({known}); update Deckhand")]
    NewerSchema { found: i64, known: i64 },
    /// No deck has this id.
    #[error("no deck with id {id}")]
    NoSuchDeck { id: i64 },
    /// The deck exists but not at this version.
    #[error("deck {id} has no version {version}")]
    NoSuchDeckVersion { id: i64, version: i64 },
    /// A stored row could not be read back (hand-edited database).
    #[error("corrupt row for card '{id}': {message}")]
    CorruptRow { id: String, message: String },
    /// A removal asks for more copies than the collection row holds.
    #[error("cannot remove {asked} of card '{card}': the collection holds {owned}")]
    NotEnoughCopies {
        card: String,
        owned: u32,
        asked: u32,
    },
    /// A backup could not be written.
    #[error("cannot write the backup {path}: {message}")]
    Backup {
        path: std::path::PathBuf,
        message: String,
    },
    /// A file offered for restore is not an intact Deckhand database.
    #[error("{path}: cannot restore: {message}")]
    InvalidBackup {
        path: std::path::PathBuf,
        message: String,
    },
}
