//! The Deckhand API: the one surface the CLI and the Tauri shell call.
//!
//! It joins the pure libraries (the core's games and rules, the deck formats, the search
//! query language) to the store (SQLite) and the index (tantivy), and owns everything that
//! touches the outside world: where the database lives, reading and writing files, and
//! loading the bundled data into a new database. The API is organised by area, each a
//! module of `Deckhand` methods: `cards`, `decks`, `search`, `import` (card-set JSON;
//! `card_files` adds spreadsheets and format detection), `games`, `goldfish`,
//! `print` (print-and-play PDFs), `collection`, `backup`, and the Heroes of the Grid export in
//! `heroes_grid`. `logging` starts the log file both binaries write. Every file written for the user goes through `output`: never over the
//! database, never half written.

mod backup;
pub mod bundled;
mod card_edit;
mod card_files;
mod card_preview;
mod cards;
mod collection;
mod deckhand;
mod decks;
mod effect_reading;
mod error;
mod game_files;
mod game_rules;
mod games;
pub mod goldfish;
mod heroes_grid;
mod images;
mod import;
mod index_alongside;
mod logging;
mod output;
mod paths;
mod play_odds;
pub mod print;
mod progress;
mod search;
mod sharing;
mod transport;
pub mod tuning;
mod user_file;

pub use backup::daily_backup_of;
pub use card_edit::{CardChanges, CardCheck, CardForm};
pub use card_files::{CardFileFormat, CardImportOptions};
pub use card_preview::{
    CardImportPreview, FieldChange, PreviewCard, PreviewProblem, PreviewUpdate, PREVIEW_LISTED,
};
pub use cards::{CardCoverage, CardDetail, CardRowPage, UnreadableCard, MAX_ROW_WINDOW};
pub use collection::{
    parse_condition, BuildableDeck, CardChange as CollectionCardChange, CollectionChangeOutcome,
    CollectionImportOptions, CollectionImportReport, CopySpec, CsvError, CsvFormat, DeckNeed,
    MissingCard, NeedLine, SkippedLine as SkippedCollectionLine, WishOutcome, DECKHAND_COLUMNS,
};
pub use deckhand::Deckhand;
pub use deckhand_core::{
    clip, escape_controls, CardDraft, ColumnTarget, FieldProblem, SheetColumn,
};
pub use deckhand_core::{
    Card, Condition, CoverageState, Deck, DeckEntry, Diagnostic, Finish, Game, GameOrigin, Games,
    Legality, Severity, Side, StatValue,
};
pub use deckhand_formats::{
    DeckFormat, ImportReport as DeckImportReport, SectionCount, SectionName, SectionOutcome,
    SkippedLine as SkippedDeckLine, MAX_COUNT,
};
pub use deckhand_store::{GameUsage, StoredDeck, KEEP_BACKUPS};
pub use decks::{DeckDiff, DeckImport, DeckListItem, DeckView, DiffLine, SAMPLE_TAG};
pub use effect_reading::{
    read_effects_for, CardFactsInput, Effect, EffectReading, EffectsRead, ReadingState,
    StoredCardReading, StoredEffectsReading, UnreadSentence,
};
pub use error::{Error, ErrorCode, Result};
pub use game_files::{games_dir_for, write_game_template, AddedGame, GameFileProblem};
pub use game_rules::{FormatRules, GameRules, RuleWords};
pub use games::{FormatSummary, GameSummary, StatLabel};
pub use heroes_grid::HeroesGridReport;
pub use images::{
    CardView, ImageBytes, ImageImportReport, MatchedImage, IMAGE_EXTENSIONS, MAX_IMAGE_FILE_BYTES,
    THUMBNAIL_BOX,
};
pub use logging::{current_log_dir, init_logging, log_dir, KEEP_LOG_FILES, LOG_ENV};
pub use output::{AtomicFile, OutputGuard};
pub use paths::{default_db_path, resolve_db_path, DB_ENV};
pub use play_odds::PlayOdds;
pub use progress::{ImportProgress, ImportStage, ProgressSink};
pub use search::{ScoredCard, SearchPage, SearchRowPage, MAX_SEARCH_LIMIT};
pub use sharing::{CardExport, CardExportFormat, PackImportReport};
pub use transport::{
    BackupInfo, CardRow, CardUndoLabel, CardUndoReport, ChangeReport, CollectionRow, CopyKey,
    DeckCard, DeckContent, DeckSummary, DeckVersionSummary, ImageInfo, ImportReport, SetCompletion,
    SetImportReport, UndoReport, WishlistRow,
};
pub use user_file::{
    read_collection_file, read_deck_text_file, MAX_COLLECTION_FILE_BYTES, MAX_DECK_FILE_BYTES,
    MAX_GAME_FILE_BYTES,
};
