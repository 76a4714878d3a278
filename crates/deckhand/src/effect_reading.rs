//! Effects read off a card's text (the core's effect reader, README "Reading effects off
//! the card"): `deckhand effects read`, and what an import with `--read-effects`, `effects
//! read --apply` and the card editor build on. A reading is a proposal; nothing here
//! changes a card.

use std::collections::BTreeMap;

use serde::Deserialize;

use deckhand_core::{CardFacts, EffectReader, FieldProblem, Game, StatValue};

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
