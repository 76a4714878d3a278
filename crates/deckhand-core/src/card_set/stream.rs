//! The card-set file read as a stream: a serde visitor over the top-level object and the
//! `cards` array that validates each card as soon as it is parsed and hands it on, so a
//! 100k-card file is never held as a `Vec` of inputs or of cards.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;

use super::input_key::{input_key, reading_fingerprint, CardSink};
use super::{validate_card, CardInput, CardSetItem, CardSetSummary, SetInfo};
use crate::error::{CoreError, Location};
use crate::game::Game;
use crate::games::Games;

/// The keys of a card-set file, in the order `deny_unknown_fields` lists them.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Field {
    Game,
    Sets,
    Cards,
}

const FIELDS: &[&str] = &["game", "sets", "cards"];

/// What the visitor has learnt so far, and where the items go.
pub(super) struct Reader<'g, 'f, 'de> {
    source_name: &'g str,
    text: &'de str,
    games: &'g Games,
    game: Option<&'g Game>,
    game_id: Option<String>,
    /// An unknown game: reported before any card problem.
    game_problem: Option<CoreError>,
    /// The first bad card (or repeated id), in file order.
    card_problem: Option<CoreError>,
    /// The first set with an empty code: reported after card problems.
    set_problem: Option<CoreError>,
    /// Sets and cards read before the `game` key (a file may put it last).
    pending_sets: Vec<SetInfo>,
    pending_cards: Vec<CardInput<'de>>,
    /// The same, as written, when the sink wants input keys.
    pending_raw: Vec<&'de RawValue>,
    /// Whether cards are read as written first, for their input keys.
    wants_keys: bool,
    sets_seen: usize,
    cards_seen: usize,
    /// foldhash: std's SipHash over 100k ids was a tenth of an unchanged re-import.
    ids: foldhash::HashMap<Arc<str>, usize>,
    /// The game's [`reading_fingerprint`] when the sink wants input keys.
    fingerprint: Option<u64>,
    sink: &'f mut dyn CardSink,
}

impl<'g, 'f, 'de> Reader<'g, 'f, 'de> {
    pub(super) fn new(
        source_name: &'g str,
        text: &'de str,
        games: &'g Games,
        sink: &'f mut dyn CardSink,
    ) -> Self {
        Reader {
            source_name,
            text,
            games,
            game: None,
            game_id: None,
            game_problem: None,
            card_problem: None,
            set_problem: None,
            pending_sets: Vec::new(),
            pending_cards: Vec::new(),
            pending_raw: Vec::new(),
            wants_keys: sink.wants_input_keys(),
            sets_seen: 0,
            cards_seen: 0,
            ids: foldhash::HashMap::default(),
            fingerprint: None,
            sink,
        }
    }

    fn error(&self, path: String, message: String) -> CoreError {
        CoreError::CardSet {
            source_name: self.source_name.to_owned(),
            location: Location::Path(path),
            message,
        }
    }

    fn problem(&self) -> bool {
        self.game_problem.is_some() || self.card_problem.is_some() || self.set_problem.is_some()
    }

    fn set_game(&mut self, id: String) -> serde_json::Result<()> {
        match self.games.get(&id) {
            Ok(game) => {
                self.game = Some(game);
                if self.wants_keys {
                    self.fingerprint = Some(reading_fingerprint(game));
                }
                if !self.problem() {
                    self.sink.item(CardSetItem::Begin { game: &game.id });
                }
            }
            Err(e) => self.game_problem = Some(self.error("game".into(), e.to_string())),
        }
        self.game_id = Some(id);
        for set in std::mem::take(&mut self.pending_sets) {
            self.set(set);
        }
        for (index, input) in std::mem::take(&mut self.pending_cards)
            .into_iter()
            .enumerate()
        {
            self.validate(index, input, None);
        }
        for raw in std::mem::take(&mut self.pending_raw) {
            self.card_as_written(raw)?;
        }
        Ok(())
    }

    fn set(&mut self, set: SetInfo) {
        let index = self.sets_seen;
        self.sets_seen += 1;
        if self.game_id.is_none() {
            self.pending_sets.push(set);
            return;
        }
        if set.code.trim().is_empty() {
            if self.set_problem.is_none() {
                self.set_problem =
                    Some(self.error(format!("sets[{index}].code"), "must not be empty".into()));
            }
            return;
        }
        if !self.problem() {
            self.sink.item(CardSetItem::Set(&set));
        }
    }

    fn card(&mut self, input: CardInput<'de>) {
        let index = self.cards_seen;
        self.cards_seen += 1;
        if self.game_id.is_none() {
            self.pending_cards.push(input);
        } else {
            self.validate(index, input, None);
        }
    }

    /// A card as written, when the sink wants input keys: kept until the game is known,
    /// then read with its key (or, for a game that does not exist, read as any card is).
    fn card_as_written(&mut self, raw: &'de RawValue) -> serde_json::Result<()> {
        if self.game_id.is_none() {
            self.pending_raw.push(raw);
            return Ok(());
        }
        match (self.fingerprint, self.game) {
            (Some(fingerprint), Some(_)) => self.raw_card(raw, fingerprint),
            _ => {
                let input = parse_card(raw.get())?;
                self.card(input);
                Ok(())
            }
        }
    }

    /// A card as written, its game known: a card the sink knows by its key is only checked
    /// for a repeated id; any other is parsed from the same text and validated as
    /// [`Reader::card`] does.
    fn raw_card(&mut self, raw: &'de RawValue, fingerprint: u64) -> serde_json::Result<()> {
        let written = raw.get();
        let key = input_key(fingerprint, written);
        if !self.problem() {
            let read = (written.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize);
            if let Some(id) = self.sink.known(key, read) {
                let index = self.cards_seen;
                self.cards_seen += 1;
                self.check_repeated_id(index, id);
                return Ok(());
            }
        }
        let input = parse_card(written)?;
        let index = self.cards_seen;
        self.cards_seen += 1;
        self.validate(index, input, Some(key));
        Ok(())
    }

    /// Notes the first card that repeats an earlier card's id; false when `id` repeats.
    fn check_repeated_id(&mut self, index: usize, id: Arc<str>) -> bool {
        if let Some(first) = self.ids.insert(id.clone(), index) {
            if self.card_problem.is_none() {
                self.card_problem = Some(self.error(
                    format!("cards[{index}].id"),
                    format!("id '{id}' is used again (first by cards[{first}])"),
                ));
            }
            return false;
        }
        true
    }

    fn validate(&mut self, index: usize, input: CardInput<'de>, input_key: Option<i64>) {
        let Some(game) = self.game else {
            return;
        };
        if self.card_problem.is_some() {
            return;
        }
        let read = match &input.name {
            Cow::Borrowed(name) => {
                (name.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize)
            }
            Cow::Owned(_) => 0,
        };
        let card = match validate_card(game, input) {
            Ok(card) => card,
            Err((key, message)) => {
                self.card_problem = Some(self.error(format!("cards[{index}]{key}"), message));
                return;
            }
        };
        if !self.check_repeated_id(index, Arc::from(card.id.as_str())) {
            return;
        }
        if !self.problem() {
            self.sink.item(CardSetItem::Card {
                card,
                read,
                input_key,
            });
        }
    }

    /// The result once the whole text has parsed.
    pub(super) fn finish(self) -> Result<CardSetSummary, CoreError> {
        if let Some(problem) = self.game_problem.or(self.card_problem).or(self.set_problem) {
            return Err(problem);
        }
        Ok(CardSetSummary {
            game: self.game.map(|g| g.id.clone()).unwrap_or_default(),
            cards: self.cards_seen,
        })
    }
}

/// Parses one card's JSON object, cut from its file, as a plain read of the file would.
fn parse_card(written: &str) -> serde_json::Result<CardInput<'_>> {
    if nested_past(written, CARD_NESTING) {
        // Parsed by itself, the card would get the depth the file's object and its `cards`
        // list take up in a plain read: fail, so that the plain reading that follows a
        // failure reports what it reports.
        return Err(serde::de::Error::custom("recursion limit exceeded"));
    }
    serde_json::from_str(written)
}

/// How deep a card's own JSON may nest in a plain read of its file: serde_json refuses a
/// 128th level, and the file's object and its `cards` list are two of them.
const CARD_NESTING: usize = 125;

/// Whether the JSON value `written` nests deeper than `limit` lists and objects.
fn nested_past(written: &str, limit: usize) -> bool {
    let bytes = written.as_bytes();
    // Most cards open a handful of lists and objects: counting every bracket (a loop the
    // compiler vectorises) settles them without walking strings.
    if bytes.iter().filter(|&&b| b == b'[' || b == b'{').count() <= limit {
        return false;
    }
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for &b in bytes {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// The whole file: `{"game": …, "sets": […], "cards": […]}` in any key order.
pub(super) struct FileSeed<'r, 'g, 'f, 'de>(pub(super) &'r mut Reader<'g, 'f, 'de>);

impl<'de> DeserializeSeed<'de> for FileSeed<'_, '_, '_, 'de> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_struct("CardSetFile", FIELDS, self)
    }
}

impl<'de> Visitor<'de> for FileSeed<'_, '_, '_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct CardSetFile")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let (mut game, mut sets, mut cards) = (false, false, false);
        while let Some(key) = map.next_key::<Field>()? {
            match key {
                Field::Game => {
                    if std::mem::replace(&mut game, true) {
                        return Err(de::Error::duplicate_field("game"));
                    }
                    let id: String = map.next_value()?;
                    self.0.set_game(id).map_err(de::Error::custom)?;
                }
                Field::Sets => {
                    if std::mem::replace(&mut sets, true) {
                        return Err(de::Error::duplicate_field("sets"));
                    }
                    for set in map.next_value::<Vec<SetInfo>>()? {
                        self.0.set(set);
                    }
                }
                Field::Cards => {
                    if std::mem::replace(&mut cards, true) {
                        return Err(de::Error::duplicate_field("cards"));
                    }
                    map.next_value_seed(CardsSeed(&mut *self.0))?;
                }
            }
        }
        if !game {
            return Err(de::Error::missing_field("game"));
        }
        Ok(())
    }
}

/// The `cards` array, one card at a time.
struct CardsSeed<'r, 'g, 'f, 'de>(&'r mut Reader<'g, 'f, 'de>);

impl<'de> DeserializeSeed<'de> for CardsSeed<'_, '_, '_, 'de> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for CardsSeed<'_, '_, '_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        if self.0.wants_keys {
            while let Some(raw) = seq.next_element::<&'de RawValue>()? {
                self.0.card_as_written(raw).map_err(de::Error::custom)?;
            }
            return Ok(());
        }
        while let Some(input) = seq.next_element::<CardInput<'de>>()? {
            self.0.card(input);
        }
        Ok(())
    }
}
