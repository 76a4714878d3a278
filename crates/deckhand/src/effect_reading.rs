//! Effects read off a card's text (the core's effect reader; docs/effects.md, "Reading
//! effects off the card"): `deckhand effects read` and the card editor's proposal, and
//! [`EffectFill`], which an import with `--read-effects` and `effects read --set …
//! --apply` give the cards that state no effects yet.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use deckhand_core::{Card, CardFacts, EffectReader, FieldProblem, Game, Games, StatValue};

use crate::{Deckhand, Error, Result};

pub use deckhand_core::{Effect, EffectReading, ReadingState, UnreadSentence};

/// What a card is besides its text, as the player gives it: each part optional. The type
/// picks a moment for sentences that name none, the stats fill costs ("Ability:" costs the
/// card's `ability_cost`), the name lets the text call the card by it, the keywords'
/// reminders are theirs.
#[derive(Debug, Clone, Default, Deserialize, ts_rs::TS)]
#[serde(default, deny_unknown_fields)]
pub struct CardFactsInput {
    pub name: Option<String>,
    #[serde(rename = "type")]
    pub card_type: Option<String>,
    pub color: Option<String>,
    pub keywords: Vec<String>,
    /// Stat values as written (`3`, `X`), by stat key.
    pub stats: BTreeMap<String, String>,
}

impl Deckhand {
    /// Reads effects off `text` for a card of `game`. A type or stat the game does not
    /// have is refused (every problem named); the reading itself never fails: what it
    /// cannot read it names.
    pub fn read_effects(
        &self,
        game: &str,
        text: &str,
        card: &CardFactsInput,
    ) -> Result<EffectReading> {
        let game = self.games.get(game)?;
        read_effects_for(game, text, card)
    }
}

/// How many cards had their effects read off their text, by how much of it was read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct EffectsRead {
    /// Every sentence read (as effects, or as having no goldfish effect).
    pub read: usize,
    /// Read in part: the card's goldfish note names the sentences that were not.
    pub partial: usize,
    /// No effect read: the note names what was not.
    pub not_read: usize,
}

impl EffectsRead {
    pub fn cards(&self) -> usize {
        self.read + self.partial + self.not_read
    }

    fn count(&mut self, state: ReadingState) {
        match state {
            ReadingState::Read => self.read += 1,
            ReadingState::Partial => self.partial += 1,
            ReadingState::NotRead => self.not_read += 1,
        }
    }
}

/// Gives the cards that state nothing yet (no effects, no goldfish note) what their text
/// reads as, counting how much was read: one reader per game, made at its first card.
pub(crate) struct EffectFill<'g> {
    games: &'g Games,
    readers: HashMap<String, EffectReader<'g>>,
    pub(crate) counts: EffectsRead,
}

impl<'g> EffectFill<'g> {
    pub(crate) fn new(games: &'g Games) -> Self {
        EffectFill {
            games,
            readers: HashMap::new(),
            counts: EffectsRead::default(),
        }
    }

    /// Fills `card` (see [`EffectReader::fill`]); true when it was given a reading.
    pub(crate) fn fill(&mut self, card: &mut Card) -> bool {
        let Ok(game) = self.games.get(&card.game) else {
            return false;
        };
        let reader = self
            .readers
            .entry(card.game.clone())
            .or_insert_with(|| EffectReader::new(game));
        match reader.fill(card) {
            Some(reading) => {
                self.counts.count(reading.state);
                true
            }
            None => false,
        }
    }
}

/// One stored card and what its text reads as.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct StoredCardReading {
    pub id: String,
    pub name: String,
    pub reading: EffectReading,
}

/// The readings of a game's (or one set's) stored cards that state no effects yet.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct StoredEffectsReading {
    pub game: String,
    pub set: Option<String>,
    /// Each card that states no effects and no goldfish note and has text, by name.
    pub cards: Vec<StoredCardReading>,
    pub counts: EffectsRead,
    /// Cards left as they are: they state effects or a note already, have no text, or
    /// are bundled samples (read-only).
    pub left: usize,
    /// The readings were given to the cards (one change; `card undo` takes it back).
    pub applied: bool,
}

impl Deckhand {
    /// Reads the effects of the stored cards of `game` (of `set` only, when given) that
    /// state none, and with `apply` gives each its reading (effects and goldfish note) in
    /// one transaction that `card undo` takes back whole; the search index follows.
    pub fn read_stored_effects(
        &mut self,
        game: &str,
        set: Option<&str>,
        apply: bool,
    ) -> Result<StoredEffectsReading> {
        let definition = self.games.get(game)?;
        let mut cards = self.cards(Some(game))?;
        if let Some(set) = set {
            cards.retain(|c| {
                c.set
                    .as_deref()
                    .is_some_and(|s| s.eq_ignore_ascii_case(set))
            });
            if cards.is_empty() {
                return Err(Error::SetNotFound {
                    game: definition.name.clone(),
                    set: set.to_owned(),
                    sets: self.card_sets(game)?,
                });
            }
        }
        let samples = self.sample_cards.get(&self.games)?;
        let reader = EffectReader::new(definition);
        let total = cards.len();
        let mut counts = EffectsRead::default();
        let mut readings = Vec::new();
        let mut filled = Vec::new();
        for mut card in cards {
            if samples.get(&card.id).is_some() {
                continue;
            }
            let Some(reading) = reader.fill(&mut card) else {
                continue;
            };
            counts.count(reading.state);
            if apply {
                filled.push(card.clone());
            }
            readings.push(StoredCardReading {
                id: card.id,
                name: card.name,
                reading,
            });
        }
        let left = total - readings.len();
        let applied = apply && !filled.is_empty();
        if applied {
            let label = format!(
                "effects read for {} card{}",
                filled.len(),
                if filled.len() == 1 { "" } else { "s" }
            );
            let base_stamp = self.store.data_stamp()?;
            let mut run = self.store.begin_undoable_import(&label)?;
            run.begin_file("effects read", game);
            for card in &filled {
                run.card(card)?;
            }
            let outcome = run.commit()?;
            self.index_changes(&base_stamp, &outcome.changed, &mut |_| {})?;
        }
        Ok(StoredEffectsReading {
            game: game.to_owned(),
            set: set.map(str::to_owned),
            cards: readings,
            counts,
            left,
            applied,
        })
    }
}

/// [`Deckhand::read_effects`] for a game definition in hand.
pub fn read_effects_for(game: &Game, text: &str, card: &CardFactsInput) -> Result<EffectReading> {
    let (card_type, stats) = checked_facts(game, card)?;
    let facts = CardFacts {
        name: card.name.as_deref().filter(|n| !n.trim().is_empty()),
        card_type: card_type.as_deref(),
        color: card.color.as_deref().filter(|c| !c.trim().is_empty()),
        keywords: &card.keywords,
        stats: Some(&stats),
    };
    Ok(EffectReader::new(game).read(text, &facts))
}

/// The type as the game spells it and the stats as values, or every problem with them.
fn checked_facts(
    game: &Game,
    card: &CardFactsInput,
) -> Result<(Option<String>, BTreeMap<String, StatValue>)> {
    let mut problems = Vec::new();
    let card_type = match card.card_type.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(written) => match game.card_type(written) {
            Some(def) => Some(def.name.clone()),
            None => {
                let types: Vec<&str> = game.card_types.iter().map(|t| t.name.as_str()).collect();
                problems.push(FieldProblem {
                    field: "type".into(),
                    message: format!(
                        "'{}' is not a card type of {} (its types: {})",
                        deckhand_core::clip(written),
                        game.name,
                        types.join(", ")
                    ),
                });
                None
            }
        },
    };
    let mut stats = BTreeMap::new();
    for (key, value) in &card.stats {
        if !game.stats.contains_key(key) {
            let keys: Vec<&str> = game.stats.keys().map(String::as_str).collect();
            problems.push(FieldProblem {
                field: format!("stats.{}", deckhand_core::clip(key)),
                message: format!(
                    "not a stat of {} (its stats: {})",
                    game.name,
                    keys.join(", ")
                ),
            });
            continue;
        }
        let value = value.trim();
        let parsed = value
            .parse::<i64>()
            .map_or_else(|_| StatValue::Text(value.to_owned()), StatValue::Number);
        stats.insert(key.clone(), parsed);
    }
    if problems.is_empty() {
        Ok((card_type, stats))
    } else {
        Err(Error::CardInvalid {
            card: card.name.clone().unwrap_or_else(|| "(effects read)".into()),
            problems,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> Game {
        crate::bundled::games().unwrap().get(id).unwrap().clone()
    }

    #[test]
    fn a_text_reads_with_the_card_s_type_and_stats() {
        let card = CardFactsInput {
            card_type: Some("hero".into()),
            stats: [("ability_cost".to_owned(), "3".to_owned())].into(),
            ..CardFactsInput::default()
        };
        let reading = read_effects_for(
            &game("pr-dbg"),
            "Ability: Draw 2 cards. Battle: Heal 1.",
            &card,
        )
        .unwrap();
        assert_eq!(
            reading.effects_text,
            "activate (spend 3 energy): draw 2 | when battling: heal 1"
        );
        assert_eq!(reading.state, ReadingState::Read);
    }

    /// A Zoids Scramble set of three cards: one to read, one stating its effects, one with
    /// a sentence the reader does not read.
    const SET: &str = r#"{"game": "zoids-scramble", "sets": [{"code": "MY", "name": "Mine"}],
      "cards": [
        {"id": "my-1", "name": "Reader Raptor", "type": "Zoid", "set": "MY",
         "text": "When you set this Zoid, draw 1 card."},
        {"id": "my-2", "name": "Stated Shield", "type": "Zoid", "set": "MY",
         "text": "When you set this Zoid, draw 1 card.",
         "effects": [{"trigger": "set", "steps": [{"do": "draw", "count": 2}]}]},
        {"id": "my-3", "name": "Half Hound", "type": "Zoid", "set": "MY",
         "text": "When you set this Zoid, draw 1 card. Destroy target Zoid with 3 or less power."}
      ]}"#;

    fn opened(dir: &std::path::Path) -> (Deckhand, std::path::PathBuf) {
        let file = dir.join("mine.json");
        std::fs::write(&file, SET).unwrap();
        (Deckhand::open(&dir.join("d.sqlite3")).unwrap(), file)
    }

    fn effects_of(deckhand: &Deckhand, id: &str) -> (String, Option<String>) {
        let card = deckhand.card(id, Some("zoids-scramble")).unwrap();
        (
            deckhand_core::print_effects(&card.effects),
            card.goldfish
                .map(|n| format!("{}: {}", n.state.id(), n.reason)),
        )
    }

    #[test]
    fn an_import_reading_effects_fills_only_cards_without_and_one_undo_takes_it_back() {
        let dir = tempfile::tempdir().unwrap();
        let (mut deckhand, file) = opened(dir.path());
        let options = crate::CardImportOptions {
            read_effects: true,
            ..Default::default()
        };
        let report = deckhand
            .import_card_files(&[&file], &options, &mut |_| {})
            .unwrap();
        let counts = report.effects_read.unwrap();
        assert_eq!((counts.read, counts.partial, counts.not_read), (1, 1, 0));
        assert_eq!(
            effects_of(&deckhand, "my-1"),
            ("when set: draw 1".into(), None)
        );
        assert_eq!(
            effects_of(&deckhand, "my-2"),
            ("when set: draw 2".into(), None)
        );
        let (effects, note) = effects_of(&deckhand, "my-3");
        assert_eq!(effects, "when set: draw 1");
        assert!(note
            .unwrap()
            .starts_with("partial: not read: 'Destroy target Zoid"));

        // The same file read again is unchanged: the readings are what is stored.
        let again = deckhand
            .import_card_files(&[&file], &options, &mut |_| {})
            .unwrap();
        assert_eq!(again.unchanged, 3);
        deckhand.undo_cards().unwrap();
        assert!(deckhand.card("my-1", Some("zoids-scramble")).is_err());
    }

    #[test]
    fn stored_cards_are_read_as_a_preview_and_given_their_readings_only_with_apply() {
        let dir = tempfile::tempdir().unwrap();
        let (mut deckhand, file) = opened(dir.path());
        deckhand
            .import_card_files(&[&file], &crate::CardImportOptions::default(), &mut |_| {})
            .unwrap();
        let preview = deckhand
            .read_stored_effects("zoids-scramble", Some("my"), false)
            .unwrap();
        let names: Vec<&str> = preview.cards.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Half Hound", "Reader Raptor"]);
        assert_eq!((preview.left, preview.applied), (1, false));
        assert_eq!(effects_of(&deckhand, "my-1"), (String::new(), None));

        let applied = deckhand
            .read_stored_effects("zoids-scramble", Some("MY"), true)
            .unwrap();
        assert!(applied.applied);
        assert_eq!(
            effects_of(&deckhand, "my-1"),
            ("when set: draw 1".into(), None)
        );
        // Now every card states something: nothing is left to read.
        let after = deckhand
            .read_stored_effects("zoids-scramble", Some("MY"), true)
            .unwrap();
        assert!(after.cards.is_empty() && !after.applied);

        let undone = deckhand.undo_cards().unwrap();
        assert_eq!(undone.restored.len(), 2);
        assert_eq!(effects_of(&deckhand, "my-1"), (String::new(), None));
        let error = deckhand
            .read_stored_effects("zoids-scramble", Some("NOPE"), false)
            .unwrap_err();
        assert!(error.to_string().contains("its sets: MY"), "{error}");
    }

    #[test]
    fn a_type_or_stat_the_game_lacks_is_refused_naming_each() {
        let card = CardFactsInput {
            card_type: Some("Wizard".into()),
            stats: [("mana".to_owned(), "2".to_owned())].into(),
            ..CardFactsInput::default()
        };
        let err = read_effects_for(&game("zoids-scramble"), "Draw 1 card.", &card).unwrap_err();
        let message = err.to_string();
        assert!(
            message.contains("type: 'Wizard' is not a card type of Zoids Scramble"),
            "{message}"
        );
        assert!(
            message.contains("stats.mana: not a stat of Zoids Scramble"),
            "{message}"
        );
    }
}
