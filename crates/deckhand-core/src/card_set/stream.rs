//! The card-set file read as a stream: a serde visitor over the top-level object and the
//! `cards` array that validates each card as soon as it is parsed and hands it on, so a
//! 100k-card file is never held as a `Vec` of inputs or of cards.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

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
    sets_seen: usize,
    cards_seen: usize,
    ids: HashMap<String, usize>,
    on_item: &'f mut dyn FnMut(CardSetItem<'_>),
}

impl<'g, 'f, 'de> Reader<'g, 'f, 'de> {
    pub(super) fn new(
        source_name: &'g str,
        text: &'de str,
        games: &'g Games,
        on_item: &'f mut dyn FnMut(CardSetItem<'_>),
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
            sets_seen: 0,
            cards_seen: 0,
            ids: HashMap::new(),
            on_item,
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

    fn set_game(&mut self, id: String) {
        match self.games.get(&id) {
            Ok(game) => {
                self.game = Some(game);
                if !self.problem() {
                    (self.on_item)(CardSetItem::Begin { game: &game.id });
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
            self.validate(index, input);
        }
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
            (self.on_item)(CardSetItem::Set(&set));
        }
    }

    fn card(&mut self, input: CardInput<'de>) {
        let index = self.cards_seen;
        self.cards_seen += 1;
        if self.game_id.is_none() {
            self.pending_cards.push(input);
        } else {
            self.validate(index, input);
        }
    }

    fn validate(&mut self, index: usize, input: CardInput<'de>) {
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
        if let Some(first) = self.ids.insert(card.id.clone(), index) {
            self.card_problem = Some(self.error(
                format!("cards[{index}].id"),
                format!("id '{}' is used again (first by cards[{first}])", card.id),
            ));
            return;
        }
        if !self.problem() {
            (self.on_item)(CardSetItem::Card { card, read });
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
                    self.0.set_game(id);
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
        while let Some(input) = seq.next_element::<CardInput<'de>>()? {
            self.0.card(input);
        }
        Ok(())
    }
}
