use std::path::PathBuf;

use deckhand_core::{clip, CoreError};
use deckhand_formats::FormatError;
use deckhand_goldfish::GoldfishError;
use deckhand_print::PrintError;
use deckhand_search::SearchError;
use deckhand_store::StoreError;

/// Every failure of the API. [`Error::code`] gives the stable code the UI and scripts see;
/// the CLI exits with 2 for any of them.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Input the user supplied does not parse or does not fit its game.
    #[error(transparent)]
    Invalid(#[from] CoreError),
    /// A deck file or an export does not parse.
    #[error(transparent)]
    Format(#[from] FormatError),
    /// A deck cannot be played, or a goldfish option is out of range.
    #[error(transparent)]
    Goldfish(#[from] GoldfishError),
    /// A print option is out of range (the message names it), there is nothing to print,
    /// or a card image cannot be used.
    #[error(transparent)]
    Print(#[from] PrintError),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A card image that is not a PNG, JPEG or WebP, is damaged or truncated, or is
    /// larger than the caps (`source_name` is its file, or a pack's entry).
    #[error("{source_name}: {message}")]
    Image {
        source_name: String,
        message: String,
    },
    /// A file the user named cannot be read.
    #[error("{path}: {message}")]
    ReadFile { path: PathBuf, message: String },
    /// A file cannot be written (a deck export, a PDF).
    #[error("{path}: cannot write: {message}")]
    WriteFile { path: PathBuf, message: String },
    /// An output would replace the live database or one of its `-wal`, `-shm`, `-journal`
    /// files (links and `..` resolved); nothing was written.
    #[error("{path}: this is the Deckhand database (or one of its files); write to another file")]
    OutputIsDatabase { path: PathBuf },
    /// The database's folder cannot be created.
    #[error("cannot create the data directory {path}: {message}")]
    DataDir { path: PathBuf, message: String },
    /// No card has this name or id (a long query is cut in the message).
    #[error("no card named or with id '{}'{}{}", clip(query), in_game(.game), did_you_mean(.suggestions))]
    CardNotFound {
        query: String,
        game: Option<String>,
        suggestions: Vec<String>,
    },
    /// A deck file names cards its game does not have: the first [`LISTED_UNKNOWN`]
    /// described (with suggestions), the others counted.
    #[error("{source_name}: unknown cards in {game}: {}", listed(cards, *more))]
    UnknownCards {
        source_name: String,
        game: String,
        cards: Vec<String>,
        /// Unknown names not listed in `cards`.
        more: usize,
    },
    /// No card of `game` is in this set.
    #[error("no card of {game} is in set '{}' (its sets: {})", clip(set), if sets.is_empty() { "none".to_owned() } else { sets.join(", ") })]
    SetNotFound {
        game: String,
        set: String,
        sets: Vec<String>,
    },
    /// No stored deck has this name or id.
    #[error("no deck named or with id '{reference}'")]
    DeckNotFound { reference: String },
    /// A stored deck lists a card the database no longer has.
    #[error("deck {deck} lists card '{card}', which is not in the database")]
    DeckCardMissing { deck: i64, card: String },
    /// A deck file's game is missing or contradicts the one asked for.
    #[error("{source_name}: {message}")]
    DeckGame {
        source_name: String,
        message: String,
    },
    /// A deck file's `# format:` line names a format its game does not have.
    #[error("{source_name}: # format: {source}")]
    DeckFormat {
        source_name: String,
        source: CoreError,
    },
    /// A search query that does not parse, or an index failure.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The name is used by cards of several games.
    #[error("'{query}' names cards in several games ({games}); add --game")]
    AmbiguousCard { query: String, games: String },
    /// A bundled data file (a game, a card set, a sample deck) is broken: a bug in this
    /// build, caught by the tests that load all of `data/`.
    #[error("bundled data is invalid: {0}")]
    BundledData(String),
    /// A collection CSV file does not parse.
    #[error("{source_name}:{line}:{column}: {message}")]
    CollectionCsv {
        source_name: String,
        line: u64,
        column: usize,
        message: String,
    },
    /// Lines of a collection file name no card (or a card of several games); nothing was
    /// imported. The first [`LISTED_UNKNOWN`] are described, the others counted.
    #[error("{source_name}: {} line{} name no card; nothing was imported (--skip-unknown imports the rest): {}",
        lines.len() + more, if lines.len() + more == 1 { "" } else { "s" }, listed(lines, *more))]
    UnknownCollectionCards {
        source_name: String,
        lines: Vec<String>,
        /// Lines not described in `lines`.
        more: usize,
    },
    /// A card is in the collection in several finishes, conditions or places, and the
    /// command did not say which.
    #[error("'{card}' is in the collection as {rows}; say which with --foil, --condition, --language or --location")]
    AmbiguousCopy { card: String, rows: String },
    /// A note for a wishlist row the card does not have.
    #[error("{name} is not on the wishlist: want a copy of it before noting it")]
    NotWished { name: String },

    /// A wishlist note Deckhand does not keep (too long, a control character).
    #[error("wishlist note: {0}")]
    BadNote(String),

    /// A card typed by a player (card add/edit, the card form) does not fit its game:
    /// every problem, each with its field.
    #[error("card '{}': {}", clip(card), field_problems(problems))]
    CardInvalid {
        card: String,
        problems: Vec<deckhand_core::FieldProblem>,
    },
    /// A new card takes an id a card already has.
    #[error(
        "id '{id}' already belongs to '{}' of {game} (give the card another id, --id)",
        clip(name)
    )]
    CardIdTaken {
        id: String,
        name: String,
        game: String,
    },
    /// The bundled sample cards stay read-only.
    #[error("'{}' ({id}) is a bundled sample card, which stays read-only: duplicate it into a card of your own (deckhand card duplicate) and change that", clip(name))]
    BundledCard { id: String, name: String },
    /// Undo was asked for, but the last change was already undone (or there was none).
    #[error("nothing to undo")]
    NothingToUndo,
    /// A bundled game cannot be removed (only a player's).
    #[error("'{id}' is a bundled game and cannot be removed (game export writes its definition, to start a game of your own from)")]
    BundledGame { id: String },
    /// A player's game still has cards, decks or collection rows; nothing was removed.
    #[error(
        "cannot remove '{id}': the database still holds {}; delete them first",
        usage_words(usage)
    )]
    GameInUse {
        id: String,
        usage: deckhand_store::GameUsage,
    },
    /// A player's game cannot be added or replaced as asked: its id was taken meanwhile by
    /// another process, or cards the database holds would not fit the new definition.
    #[error("{source_name}: {message}")]
    GameNotAdded {
        source_name: String,
        message: String,
    },
    /// The goldfish engine has no procedure (a pilot written in Rust) for this game.
    #[error("the goldfish has no procedure for {name} ({id}): a game's pilot is written in Rust, and only {known} have one")]
    NoGoldfish {
        id: String,
        name: String,
        known: String,
    },
    /// A benchmark could not run one of its steps (a child process, its output).
    #[error("benchmark: {0}")]
    Benchmark(String),
}

/// How many unknown names an error describes (and looks up suggestions for): a file with
/// thousands of them gives one readable line, and a user fixes a few at a time.
pub(crate) const LISTED_UNKNOWN: usize = 20;

/// `a; b; c`, then `; and 7 more` when some were left out.
fn listed(items: &[String], more: usize) -> String {
    let mut text = items.join("; ");
    if more > 0 {
        text.push_str(&format!("; and {more} more"));
    }
    text
}

/// `12 cards, 2 decks (1 of them deleted) and 3 collection rows`.
fn usage_words(usage: &deckhand_store::GameUsage) -> String {
    let plural = |n: usize, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    let mut parts = Vec::new();
    if usage.cards > 0 {
        parts.push(plural(usage.cards, "card"));
    }
    let decks = usage.decks + usage.deleted_decks;
    if decks > 0 {
        let mut words = plural(decks, "deck");
        if usage.deleted_decks > 0 {
            words.push_str(&format!(" ({} of them deleted)", usage.deleted_decks));
        }
        parts.push(words);
    }
    if usage.collection_rows > 0 {
        parts.push(plural(usage.collection_rows, "collection or wishlist row"));
    }
    match parts.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => "nothing".into(),
    }
}

/// `name: a card needs a name; stats.power: 99 is out of range (0..20)`.
fn field_problems(problems: &[deckhand_core::FieldProblem]) -> String {
    let listed: Vec<String> = problems
        .iter()
        .map(|p| format!("{}: {}", p.field, p.message))
        .collect();
    listed.join("; ")
}

fn did_you_mean(suggestions: &[String]) -> String {
    match suggestions {
        [] => String::new(),
        names => format!(
            " — did you mean {}?",
            names
                .iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn in_game(game: &Option<String>) -> String {
    game.as_ref()
        .map(|g| format!(" in {g}"))
        .unwrap_or_default()
}

/// Every code a command's error can carry: the facade's ([`Error::error_code`]) and the
/// app's own (`internal` for a panic, `not_chosen` for a file the page did not choose).
/// The app's bindings declare it as a union of strings, so the page cannot match on a
/// code that is never sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    Ambiguous,
    BadQuery,
    Benchmark,
    BundledData,
    BundledGame,
    Cancelled,
    CardInUse,
    DataDir,
    Database,
    DeckGame,
    GameInUse,
    Internal,
    InvalidBackup,
    InvalidInput,
    NoGoldfish,
    NotChosen,
    NotEnoughCopies,
    NotFound,
    NotPlayable,
    NothingToUndo,
    OutputIsDatabase,
    ReadOnly,
    SearchIndex,
    UnknownCards,
    UnknownFormat,
    UnknownGame,
    UnreadableFile,
    UnwritableFile,
}

impl ErrorCode {
    /// Every code, for the tests that hold `as_str` and serde to the same words.
    pub const ALL: &[ErrorCode] = &[
        ErrorCode::Ambiguous,
        ErrorCode::BadQuery,
        ErrorCode::Benchmark,
        ErrorCode::BundledData,
        ErrorCode::BundledGame,
        ErrorCode::Cancelled,
        ErrorCode::CardInUse,
        ErrorCode::DataDir,
        ErrorCode::Database,
        ErrorCode::DeckGame,
        ErrorCode::GameInUse,
        ErrorCode::Internal,
        ErrorCode::InvalidBackup,
        ErrorCode::InvalidInput,
        ErrorCode::NoGoldfish,
        ErrorCode::NotChosen,
        ErrorCode::NotEnoughCopies,
        ErrorCode::NotFound,
        ErrorCode::NotPlayable,
        ErrorCode::NothingToUndo,
        ErrorCode::OutputIsDatabase,
        ErrorCode::ReadOnly,
        ErrorCode::SearchIndex,
        ErrorCode::UnknownCards,
        ErrorCode::UnknownFormat,
        ErrorCode::UnknownGame,
        ErrorCode::UnreadableFile,
        ErrorCode::UnwritableFile,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Ambiguous => "ambiguous",
            ErrorCode::BadQuery => "bad_query",
            ErrorCode::Benchmark => "benchmark",
            ErrorCode::BundledData => "bundled_data",
            ErrorCode::BundledGame => "bundled_game",
            ErrorCode::Cancelled => "cancelled",
            ErrorCode::CardInUse => "card_in_use",
            ErrorCode::DataDir => "data_dir",
            ErrorCode::Database => "database",
            ErrorCode::DeckGame => "deck_game",
            ErrorCode::GameInUse => "game_in_use",
            ErrorCode::Internal => "internal",
            ErrorCode::InvalidBackup => "invalid_backup",
            ErrorCode::InvalidInput => "invalid_input",
            ErrorCode::NoGoldfish => "no_goldfish",
            ErrorCode::NotChosen => "not_chosen",
            ErrorCode::NotEnoughCopies => "not_enough_copies",
            ErrorCode::NotFound => "not_found",
            ErrorCode::NotPlayable => "not_playable",
            ErrorCode::NothingToUndo => "nothing_to_undo",
            ErrorCode::OutputIsDatabase => "output_is_database",
            ErrorCode::ReadOnly => "read_only",
            ErrorCode::SearchIndex => "search_index",
            ErrorCode::UnknownCards => "unknown_cards",
            ErrorCode::UnknownFormat => "unknown_format",
            ErrorCode::UnknownGame => "unknown_game",
            ErrorCode::UnreadableFile => "unreadable_file",
            ErrorCode::UnwritableFile => "unwritable_file",
        }
    }
}

impl Error {
    /// A stable, machine-readable code: the UI matches on this, never on messages.
    pub fn code(&self) -> &'static str {
        self.error_code().as_str()
    }

    /// [`Error::code`] as the type the app's bindings declare.
    pub fn error_code(&self) -> ErrorCode {
        match self {
            Error::Invalid(CoreError::UnknownGame { .. }) => ErrorCode::UnknownGame,
            Error::Invalid(CoreError::UnknownFormat { .. }) => ErrorCode::UnknownFormat,
            Error::Invalid(_) | Error::Format(_) => ErrorCode::InvalidInput,
            Error::Store(StoreError::NoSuchDeck { .. } | StoreError::NoSuchDeckVersion { .. }) => {
                ErrorCode::NotFound
            }
            Error::Store(StoreError::IdInOtherGame { .. } | StoreError::CardExists { .. }) => {
                ErrorCode::InvalidInput
            }
            Error::Store(StoreError::NoSuchCard { .. }) => ErrorCode::NotFound,
            Error::Store(StoreError::CardInUse { .. }) => ErrorCode::CardInUse,
            Error::CardInvalid { .. } | Error::CardIdTaken { .. } => ErrorCode::InvalidInput,
            Error::BundledCard { .. } => ErrorCode::ReadOnly,
            Error::Store(StoreError::InvalidBackup { .. }) => ErrorCode::InvalidBackup,
            Error::Store(StoreError::NotEnoughCopies { .. }) => ErrorCode::NotEnoughCopies,
            Error::Store(StoreError::DeckNameNotOneLine { .. } | StoreError::Unstorable { .. }) => {
                ErrorCode::InvalidInput
            }
            Error::Store(_) => ErrorCode::Database,
            Error::Goldfish(GoldfishError::Cancelled) => ErrorCode::Cancelled,
            Error::Goldfish(GoldfishError::TooFewCards { .. }) => ErrorCode::NotPlayable,
            Error::Goldfish(_) => ErrorCode::InvalidInput,
            Error::Print(PrintError::ImageSource { .. }) => ErrorCode::UnreadableFile,
            Error::Print(PrintError::Io(_)) => ErrorCode::UnwritableFile,
            Error::Print(PrintError::Font(_)) => ErrorCode::BundledData,
            Error::Print(_) => ErrorCode::InvalidInput,
            Error::Image { .. } => ErrorCode::InvalidInput,
            Error::ReadFile { .. } => ErrorCode::UnreadableFile,
            Error::WriteFile { .. } => ErrorCode::UnwritableFile,
            Error::OutputIsDatabase { .. } => ErrorCode::OutputIsDatabase,
            Error::DataDir { .. } => ErrorCode::DataDir,
            Error::CardNotFound { .. } | Error::DeckNotFound { .. } => ErrorCode::NotFound,
            Error::DeckCardMissing { .. } | Error::SetNotFound { .. } => ErrorCode::NotFound,
            Error::AmbiguousCard { .. } => ErrorCode::Ambiguous,
            Error::BundledData(_) => ErrorCode::BundledData,
            Error::Search(SearchError::Query(_)) => ErrorCode::BadQuery,
            Error::UnknownCards { .. } => ErrorCode::UnknownCards,
            Error::DeckGame { .. } => ErrorCode::DeckGame,
            Error::DeckFormat { .. } => ErrorCode::UnknownFormat,
            Error::Search(_) => ErrorCode::SearchIndex,
            Error::CollectionCsv { .. } => ErrorCode::InvalidInput,
            Error::UnknownCollectionCards { .. } => ErrorCode::UnknownCards,
            Error::AmbiguousCopy { .. } => ErrorCode::Ambiguous,
            Error::NotWished { .. } => ErrorCode::NotFound,
            Error::BadNote(_) => ErrorCode::InvalidInput,
            Error::NothingToUndo => ErrorCode::NothingToUndo,
            Error::Benchmark(_) => ErrorCode::Benchmark,
            Error::BundledGame { .. } => ErrorCode::BundledGame,
            Error::GameInUse { .. } => ErrorCode::GameInUse,
            Error::GameNotAdded { .. } => ErrorCode::InvalidInput,
            Error::NoGoldfish { .. } => ErrorCode::NoGoldfish,
        }
    }

    /// The message to show a user who cannot read SQLite's own words: the same as
    /// [`Error`]'s `Display`, except that a database failure says what it means for them
    /// (busy, damaged, full, read-only…) instead of SQLite's text. Callers that show it
    /// should log the full error for a bug report.
    pub fn user_message(&self) -> String {
        match self {
            Error::Store(err) => err.user_message(),
            other => other.to_string(),
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod code_tests {
    use super::ErrorCode;

    #[test]
    fn every_error_code_is_sent_as_the_string_it_names() {
        for code in ErrorCode::ALL {
            let sent = serde_json::to_value(code).unwrap();
            assert_eq!(sent, code.as_str(), "{code:?}");
        }
    }
}
