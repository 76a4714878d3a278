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
    /// An imported card takes an id that a card of another game already has. Ids are
    /// unique across games; moving the card silently would break that game's decks.
    #[error("{source_name}: card id '{id}' already belongs to '{existing_name}' of {existing_game}; a card of {new_game} cannot take it (give the card another id)")]
    IdInOtherGame {
        source_name: String,
        id: String,
        existing_name: String,
        existing_game: String,
        new_game: String,
    },
    /// A stored row could not be read back (hand-edited database).
    #[error("corrupt row for card '{id}': {message}")]
    CorruptRow { id: String, message: String },
}
