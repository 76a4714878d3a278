//! Deckhand's pure core: the card model, game definitions, card-set validation, deck
//! construction rules and legality.
//!
//! Nothing here touches files, SQL, clocks or the UI. Callers hand in text (a game's TOML,
//! a card set's JSON) together with a *source name* used only in error messages, and get
//! typed, validated values back.

mod card;
mod card_set;
mod copy;
mod coverage;
mod deck;
mod effect;
mod effect_check;
mod effect_reader;
mod effect_text;
mod encoding;
mod error;
mod format;
mod formula;
mod game;
mod game_template;
mod games;
mod legality;
mod locate;
mod name;
pub mod plural;
pub mod query;
mod quote;
mod rules;
mod table;

pub use card::{Card, Side, StatValue};
pub use card_set::{
    card_set_json, card_sheet_csv, input_key, read_sheet, read_table, reading_fingerprint,
    sheet_columns, sniff_delimiter, CardDraft, CardSet, CardSetItem, CardSetSummary, CardSink,
    ColumnTarget, FieldProblem, SetInfo, Sheet, SheetColumn, SheetOptions, CARD_READER_VERSION,
    MAX_FIELD_CHARS, MAX_ID_CHARS, MAX_LIST_ITEMS, MAX_NAME_CHARS, MAX_TEXT_CHARS,
};
pub use copy::{Condition, Finish};
pub use coverage::{coverage, has_effect_text};
pub use deck::{Deck, DeckEntry};
pub use effect::{
    choice_nesting, Amount, CoverageState, Duration, Effect, EffectsDef, Filter, GoldfishNote,
    HpCheck, PerCount, Requirement, Step, StepKind, Target, Trigger, MAX_CHOICE_NESTING,
};
pub use effect_check::MAX_AMOUNT;
pub use effect_reader::{
    read_effects, CardFacts, EffectReader, EffectReading, MomentWords, NoEffectWords, ReadingState,
    SentenceWords, StatedByStats, TextWords, UnreadSentence, UpToOrder,
};
pub use effect_text::{
    fill_template, parse_effects, print_effects, EffectTextError, EffectWords, EFFECT_SEPARATOR,
};
pub use encoding::{utf8_text, NotUtf8};
pub use error::{CoreError, Location, RowProblem, MAX_ROW_PROBLEMS};
pub use format::{FormatDef, DEFAULT_FORMAT};
pub use formula::{neutralise_formula, read_neutralised};
pub use game::{
    parse_hex_color, validate_die_faces, CardSize, CardTypeDef, EnemyPick, FrameBy, Game,
    GoldfishDef, KeywordDef, KeywordValue, PrintBack, PrintCorners, PrintDef, SectionDef, StatDef,
    StatKind, GENERIC_SECTIONS, MAX_DIE_FACES, MAX_FACE_HITS, MAX_FOOT_FIGURES,
};
pub use game_template::game_template;
pub use games::{GameOrigin, Games};
pub use legality::{check_deck, check_deck_as, Diagnostic, Legality};
pub use name::{
    fold_name, line_breaker, line_breaker_words, natural_key, one_line, same_folded, slug,
};
pub use quote::{clip, escape_controls, QUOTED_CHARS};
pub use rules::{CardFilter, Composition, DeckRules, DefaultSide, Hook, Rule, RuleKind, Severity};
pub use table::{PlayDef, MAX_DEAL, MAX_TABLE_ZONES};
