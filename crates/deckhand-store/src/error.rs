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
    /// A deck name is not one line: it holds a line break or another control character
    /// (`name` is shown escaped, so the message stays one line).
    #[error("the deck name \"{name}\" is not one line: it holds {found} at character {at}; a deck name cannot hold line breaks or control characters")]
    DeckNameNotOneLine {
        name: String,
        found: String,
        at: usize,
    },
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
    /// A new card takes an id a card already has.
    #[error("id '{id}' already belongs to '{name}' of {game} (give the card another id)")]
    CardExists {
        id: String,
        name: String,
        game: String,
    },
    /// No card has this id.
    #[error("no card with id '{id}'")]
    NoSuchCard { id: String },
    /// A card cannot go while decks or the collection refer to it; `uses` names them.
    #[error("'{name}' ({id}) is used by {}: remove it there first", uses.join(", "))]
    CardInUse {
        id: String,
        name: String,
        uses: Vec<String>,
    },
    /// A stored row could not be read back (hand-edited database).
    #[error("corrupt row for card '{id}': {message}")]
    CorruptRow { id: String, message: String },
    /// A card would be stored in a form that does not read back as itself; nothing of
    /// the write is kept.
    #[error("card '{id}' cannot be stored: {message}")]
    Unstorable { id: String, message: String },
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

impl StoreError {
    /// The message for a user: SQLite's own text (table names, SQL) is replaced by what the
    /// failure means for them; every other variant reads as its `Display`.
    pub fn user_message(&self) -> String {
        match self {
            StoreError::Sqlite(err) => sqlite_in_words(err).to_owned(),
            other => other.to_string(),
        }
    }
}

fn sqlite_in_words(err: &rusqlite::Error) -> &'static str {
    use rusqlite::ErrorCode as Code;
    let code = match err {
        rusqlite::Error::SqliteFailure(failure, _) => Some(failure.code),
        _ => None,
    };
    match code {
        Some(Code::DatabaseBusy | Code::DatabaseLocked) => {
            "the database is busy (another Deckhand may be writing to it); try again in a moment"
        }
        Some(Code::NotADatabase | Code::DatabaseCorrupt) => {
            "the database file is damaged or is not a Deckhand database"
        }
        Some(Code::DiskFull) => "the disk is full: nothing was saved",
        Some(Code::ReadOnly | Code::PermissionDenied) => {
            "the database cannot be written (read-only file or folder): nothing was saved"
        }
        Some(Code::CannotOpen) => "the database file cannot be opened",
        Some(Code::SystemIoFailure) => "the database could not be read or written (disk error)",
        Some(Code::ConstraintViolation) => {
            "the database refused the change as inconsistent: nothing was saved"
        }
        _ => "the database failed: nothing was changed",
    }
}
