//! The card-set import format (one JSON file per set) and its validation against a game.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::de::DeserializeSeed;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::card::{Card, Side, StatValue};
use crate::error::{CoreError, Location};
use crate::game::{Game, KeywordValue, StatDef, StatKind};
use crate::games::Games;
use crate::name::{fold_name, same_folded, slug};

/// A set's code and display name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetInfo {
    pub code: String,
    pub name: String,
}

/// A parsed and validated card-set file.
#[derive(Debug, Clone, PartialEq)]
pub struct CardSet {
    pub source_name: String,
    pub game: String,
    pub sets: Vec<SetInfo>,
    pub cards: Vec<Card>,
}

/// One item of a card-set file, handed out while the file is read (see
/// [`CardSet::read_json`]).
#[derive(Debug)]
// Handed to a callback once per item and never stored: boxing the card would only add an
// allocation per card.
#[allow(clippy::large_enum_variant)]
pub enum CardSetItem<'a> {
    /// The file is for this game (its id); comes first, before any set or card.
    Begin { game: &'a str },
    /// A set the file declares.
    Set(&'a SetInfo),
    /// A validated card, and how many bytes of the text have been read up to it; with its
    /// input key when the sink asked for keys and the reader could take one (see
    /// [`input_key`]).
    Card {
        card: Card,
        read: usize,
        input_key: Option<i64>,
    },
}

/// What [`CardSet::read_json`] read, besides the items it handed out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSetSummary {
    /// The game's id.
    pub game: String,
    /// How many cards the file holds.
    pub cards: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CardInput<'a> {
    /// Borrowed from the text when it has no escapes: its address says how far the
    /// reader has come.
    #[serde(borrow)]
    name: Cow<'a, str>,
    #[serde(rename = "type")]
    card_type: String,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    set: Option<String>,
    #[serde(default)]
    number: Option<String>,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    color: Option<String>,
    #[serde(default)]
    subtypes: Vec<String>,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    stats: BTreeMap<String, Value>,
    #[serde(default)]
    effects: Vec<crate::effect::Effect>,
    #[serde(default)]
    goldfish: Option<crate::effect::GoldfishNote>,
}

impl CardSet {
    /// Parses `text` as a card-set file and validates every card against its game.
    /// Errors name `source_name` and either a JSON path (`cards[12].stats.power`) or, for
    /// malformed JSON, a line and column.
    pub fn from_json(source_name: &str, text: &str, games: &Games) -> Result<CardSet, CoreError> {
        let mut sets = Vec::new();
        let mut cards = Vec::new();
        let summary = CardSet::read_json(source_name, text, games, &mut |item| match item {
            CardSetItem::Begin { .. } => {}
            CardSetItem::Set(info) => sets.push(info.clone()),
            CardSetItem::Card { card, .. } => cards.push(card),
        })?;
        Ok(CardSet {
            source_name: source_name.to_owned(),
            game: summary.game,
            sets,
            cards,
        })
    }

    /// Reads a card-set file as [`CardSet::from_json`] does, but hands each set and each
    /// validated card to `on_item` as soon as it is read, in file order, instead of
    /// collecting them: a large file is never held as cards. Items stop at the first
    /// problem; on `Err` the caller discards what it was given. The error is the one
    /// `from_json` reports (malformed JSON first, then the game, then the first bad card,
    /// then the first bad set).
    pub fn read_json(
        source_name: &str,
        text: &str,
        games: &Games,
        on_item: &mut dyn FnMut(CardSetItem<'_>),
    ) -> Result<CardSetSummary, CoreError> {
        let mut sink = |item: CardSetItem<'_>| on_item(item);
        CardSet::read_json_into(source_name, text, games, &mut sink)
    }

    /// [`CardSet::read_json`] into a [`CardSink`], which may know some cards by their input
    /// keys: those are neither parsed nor handed on (the sink was told), but still count
    /// for the file's repeated-id check. Any error is reported as `read_json` reports it.
    pub fn read_json_into(
        source_name: &str,
        text: &str,
        games: &Games,
        sink: &mut dyn CardSink,
    ) -> Result<CardSetSummary, CoreError> {
        let error = |location: Location, message: String| CoreError::CardSet {
            source_name: source_name.to_owned(),
            location,
            message,
        };
        let json_error = |path: String, inner: &serde_json::Error| {
            let message = strip_position(&inner.to_string());
            let at_position = Location::LineColumn {
                line: inner.line(),
                column: inner.column(),
            };
            match inner.classify() {
                // A wrong value: say where in the document it is.
                serde_json::error::Category::Data if path != "." => {
                    error(Location::Path(path), message)
                }
                // Malformed JSON (or a wrong top-level value): say where in the text.
                _ => error(at_position, message),
            }
        };
        let mut reader = stream::Reader::new(source_name, text, games, sink);
        let mut deserializer = serde_json::Deserializer::from_str(text);
        // Tracking the path costs on every value, and only a failure needs it: parse
        // untracked, and only when that fails parse again, tracked, handing nothing on
        // (the caller drops what it was handed before an error).
        if stream::FileSeed(&mut reader)
            .deserialize(&mut deserializer)
            .is_err()
        {
            let mut nothing = |_: CardSetItem<'_>| {};
            // Read as a plain parse (no input keys), so serde_path_to_error sees every value.
            let mut reader = stream::Reader::new(source_name, text, games, &mut nothing);
            let mut deserializer = serde_json::Deserializer::from_str(text);
            let mut track = serde_path_to_error::Track::new();
            let parsed = stream::FileSeed(&mut reader).deserialize(
                serde_path_to_error::Deserializer::new(&mut deserializer, &mut track),
            );
            return Err(match parsed {
                Err(err) => json_error(track.path().to_string(), &err),
                Ok(()) => error(
                    Location::Path(".".into()),
                    "the file read differently on a second reading".into(),
                ),
            });
        }
        deserializer
            .end()
            .map_err(|err| json_error(".".into(), &err))?;
        reader.finish()
    }
}

/// serde_json appends " at line L column C" to its messages; we report the position
/// ourselves, in front.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}

type CardProblem = (String, String);

/// Why `text` (a card's name or id) cannot be stored, if it holds a line break or another
/// control character: what and where, as a deck name's rule says it (`deck_store`).
fn not_one_line(what: &str, text: &str) -> Option<String> {
    let (at, found) = crate::name::line_breaker(text)?;
    Some(format!(
        "{what} cannot hold line breaks or control characters: it holds {} at character {}",
        crate::name::line_breaker_words(found),
        at + 1
    ))
}

/// The first problem of a card, for readers that stop at one (the JSON reader).
fn validate_card(game: &Game, input: CardInput) -> Result<Card, CardProblem> {
    check_card(game, input).map_err(|mut problems| problems.swap_remove(0))
}

/// Validates a card against its game and lists every problem at once (never empty on
/// `Err`), each with its field key (`.type`, `.stats.power[1]`) in field order.
fn check_card(game: &Game, input: CardInput) -> Result<Card, Vec<CardProblem>> {
    let mut problems: Vec<CardProblem> = limits::check_limits(&input);
    if !problems.is_empty() {
        // Nothing else is read of a card past a limit: its other messages would quote it.
        return Err(problems);
    }
    let name = input.name.trim().to_owned();
    if name.is_empty() {
        problems.push((".name".into(), "a card needs a name".into()));
    }
    if let Some(problem) = not_one_line("a card name", &name) {
        problems.push((".name".into(), problem));
    }
    let card_type = game.card_type(&input.card_type);
    if card_type.is_none() {
        let known: Vec<&str> = game.card_types.iter().map(|t| t.name.as_str()).collect();
        problems.push((
            ".type".to_owned(),
            format!(
                "'{}' is not a card type of {} (types: {})",
                input.card_type,
                game.name,
                known.join(", ")
            ),
        ));
    }
    let side = match input.side.as_deref() {
        None => None,
        Some(text) => {
            let side = Side::parse(text);
            if side.is_none() {
                problems.push((
                    ".side".to_owned(),
                    format!("'{text}' is not a side (hero or villain)"),
                ));
            }
            side
        }
    };
    let mut keywords = Vec::with_capacity(input.keywords.len());
    for (i, written) in input.keywords.iter().enumerate() {
        match validate_keyword(game, written) {
            Ok(keyword) => keywords.push(keyword),
            Err(message) => problems.push((format!(".keywords[{i}]"), message)),
        }
    }
    let mut stats = BTreeMap::new();
    // Stats are checked against the type only when the type is known.
    if let Some(card_type) = card_type {
        for (stat_name, value) in input.stats {
            let key = || format!(".stats.{stat_name}");
            if !card_type.stats.contains(&stat_name) {
                let carried = if card_type.stats.is_empty() {
                    "none".to_owned()
                } else {
                    card_type.stats.join(", ")
                };
                problems.push((
                    key(),
                    format!(
                        "'{stat_name}' is not a stat of a {} card (its stats: {carried})",
                        card_type.name
                    ),
                ));
                continue;
            }
            let def = &game.stats[&stat_name];
            match validate_stat(def, &value) {
                Ok(value) => {
                    stats.insert(stat_name, value);
                }
                Err((sub, message)) => problems.push((key() + &sub, message)),
            }
        }
    }
    let id = match input.id {
        Some(id) if !id.trim().is_empty() => {
            let id = id.trim().to_owned();
            if let Some(problem) = not_one_line("an id", &id) {
                problems.push((".id".into(), problem));
            }
            id
        }
        Some(_) => {
            problems.push((".id".into(), "an id, when given, must not be empty".into()));
            String::new()
        }
        None => slug(&format!("{} {}", game.id, name)),
    };
    if let Err(problem) =
        crate::effect_check::check_card_effects(game, &input.effects, input.goldfish.as_ref())
    {
        problems.push(problem);
    }
    let Some(card_type) = card_type.filter(|_| problems.is_empty()) else {
        return Err(problems);
    };
    let non_empty = |s: Option<String>| s.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    Ok(Card {
        id,
        game: game.id.clone(),
        name,
        card_type: card_type.name.clone(),
        set: non_empty(input.set),
        number: non_empty(input.number),
        side,
        color: non_empty(input.color),
        subtypes: input
            .subtypes
            .into_iter()
            .map(|s| s.trim().to_owned())
            .collect(),
        keywords,
        text: non_empty(input.text),
        stats,
        effects: input.effects,
        goldfish: input.goldfish,
    })
}

fn validate_keyword(game: &Game, written: &str) -> Result<String, String> {
    let written = written.trim();
    let (name, value) = match written.split_once(':') {
        Some((name, value)) => (name.trim(), Some(value.trim())),
        None => (written, None),
    };
    let Some(def) = game.keyword(name) else {
        if game.open_keywords && !name.is_empty() {
            return Ok(written.to_owned());
        }
        let known: Vec<&str> = game.keywords.iter().map(|k| k.name.as_str()).collect();
        return Err(format!(
            "'{name}' is not a keyword of {} (keywords: {})",
            game.name,
            known.join(", ")
        ));
    };
    match (def.value, value) {
        (None, None) => Ok(def.name.clone()),
        (None, Some(_)) => Err(format!("'{}' takes no value", def.name)),
        (Some(_), None) | (Some(_), Some("")) => Err(format!(
            "'{}' needs a value, as in '{}: 1'",
            def.name, def.name
        )),
        (Some(KeywordValue::Number), Some(v)) if v.parse::<i64>().is_err() => {
            Err(format!("'{}' needs a number, not '{v}'", def.name))
        }
        (Some(_), Some(v)) => Ok(format!("{}: {v}", def.name)),
    }
}

fn validate_stat(def: &StatDef, value: &Value) -> Result<StatValue, CardProblem> {
    match def.kind {
        StatKind::Number => validate_number(def, value).map_err(|m| (String::new(), m)),
        StatKind::Text => match value {
            Value::String(s) => validate_word(def, s).map_err(|m| (String::new(), m)),
            other => Err((
                String::new(),
                format!("expected text, found {}", describe(other)),
            )),
        },
        StatKind::List => {
            let items = value.as_array().ok_or_else(|| {
                (
                    String::new(),
                    format!("expected a list, found {}", describe(value)),
                )
            })?;
            items
                .iter()
                .enumerate()
                .map(|(i, item)| match item {
                    Value::String(s) => validate_word(def, s).map_err(|m| (format!("[{i}]"), m)),
                    other => Err((
                        format!("[{i}]"),
                        format!("expected text, found {}", describe(other)),
                    )),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(StatValue::List)
        }
        StatKind::NumberList => {
            let items = value.as_array().ok_or_else(|| {
                (
                    String::new(),
                    format!("expected a list, found {}", describe(value)),
                )
            })?;
            if let Some(length) = def.length {
                if items.len() != length {
                    return Err((
                        String::new(),
                        format!("expected {length} values, found {}", items.len()),
                    ));
                }
            }
            items
                .iter()
                .enumerate()
                .map(|(i, item)| validate_number(def, item).map_err(|m| (format!("[{i}]"), m)))
                .collect::<Result<Vec<_>, _>>()
                .map(StatValue::List)
        }
    }
}

fn validate_word(def: &StatDef, word: &str) -> Result<StatValue, String> {
    let word = word.trim();
    // An empty `set_letter` would read as a set of its own (and break `same_value` rules):
    // a card without the stat leaves it out.
    if word.is_empty() {
        return Err("must not be empty (leave the stat out when a card has none)".into());
    }
    if def.values.is_empty() {
        return Ok(StatValue::Text(word.to_owned()));
    }
    def.values
        .iter()
        .find(|v| same_folded(v, word))
        .map(|v| StatValue::Text(v.clone()))
        .ok_or_else(|| format!("'{word}' is not one of {}", def.values.join(", ")))
}

fn validate_number(def: &StatDef, value: &Value) -> Result<StatValue, String> {
    let number = match value {
        Value::Number(n) => n
            .as_i64()
            .ok_or_else(|| format!("expected a whole number, found {n}"))?,
        Value::String(s) => {
            if let Some(word) = def.allow.iter().find(|w| fold_name(w) == fold_name(s)) {
                return Ok(StatValue::Text(word.clone()));
            }
            // Numbers written as strings ("3") are common in community exports.
            s.trim().parse::<i64>().map_err(|_| {
                let words = if def.allow.is_empty() {
                    String::new()
                } else {
                    format!(" or one of {}", def.allow.join(", "))
                };
                format!("expected a number{words}, found \"{s}\"")
            })?
        }
        other => return Err(format!("expected a number, found {}", describe(other))),
    };
    if def.min.is_some_and(|min| number < min) || def.max.is_some_and(|max| number > max) {
        return Err(format!(
            "{number} is out of range ({}..{})",
            def.min.map_or(String::new(), |m| m.to_string()),
            def.max.map_or(String::new(), |m| m.to_string())
        ));
    }
    Ok(StatValue::Number(number))
}

fn describe(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true/false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

mod draft;
mod export;
mod input_key;
mod limits;
mod sheet;
mod stream;

pub use draft::{CardDraft, FieldProblem};

/// Whether `name` is one of a card's own fields, as card files name their columns.
pub(crate) fn is_card_field(name: &str) -> bool {
    sheet::FIELDS.contains(&name)
}
pub use export::{card_set_json, card_sheet_csv};
pub use input_key::{input_key, reading_fingerprint, CardSink, CARD_READER_VERSION};
pub use limits::{MAX_FIELD_CHARS, MAX_ID_CHARS, MAX_LIST_ITEMS, MAX_NAME_CHARS, MAX_TEXT_CHARS};
pub use sheet::{
    read_sheet, read_table, sheet_columns, sniff_delimiter, ColumnTarget, Sheet, SheetColumn,
    SheetOptions,
};

#[cfg(test)]
mod tests;
