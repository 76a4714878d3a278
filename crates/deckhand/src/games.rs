//! The games as the UI lists them: names, card counts, stats and deck sections.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::{Deckhand, Result};

/// A game as listed to users: the definition's names plus its card count.
#[derive(Debug, Clone, Serialize)]
pub struct GameSummary {
    pub id: String,
    pub name: String,
    pub short_name: String,
    pub card_count: usize,
    pub card_types: Vec<String>,
    pub stats: Vec<StatLabel>,
    /// Deck sections, the game's own then the generic `side` and `maybe`.
    pub sections: Vec<StatLabel>,
    /// The stat the deck editor's curve chart counts.
    pub curve_stat: Option<String>,
    /// Whether a deck of this game is a hero or a villain deck.
    pub sided: bool,
    /// Card types that always go to one section (`sms` characters), by type name.
    pub section_of_type: BTreeMap<String, String>,
    /// Whether the goldfish engine plays this game (the Playtest view).
    pub goldfish: bool,
}

/// A stat's key and the label to show for it.
#[derive(Debug, Clone, Serialize)]
pub struct StatLabel {
    pub key: String,
    pub label: String,
}

impl Deckhand {
    /// Every game with its card count, in id order.
    pub fn game_summaries(&self) -> Result<Vec<GameSummary>> {
        let counts = self.store.card_counts()?;
        Ok(self
            .games
            .iter()
            .map(|game| GameSummary {
                id: game.id.clone(),
                name: game.name.clone(),
                short_name: game.display_short_name().to_owned(),
                card_count: counts
                    .iter()
                    .find(|(id, _)| *id == game.id)
                    .map_or(0, |(_, n)| *n),
                card_types: game.card_types.iter().map(|t| t.name.clone()).collect(),
                stats: game
                    .stats
                    .iter()
                    .map(|(key, def)| StatLabel {
                        key: key.clone(),
                        label: def.label.clone(),
                    })
                    .collect(),
                sections: game
                    .sections
                    .iter()
                    .map(|s| StatLabel {
                        key: s.id.clone(),
                        label: s.name.clone(),
                    })
                    .chain([
                        StatLabel {
                            key: "side".into(),
                            label: "Side".into(),
                        },
                        StatLabel {
                            key: "maybe".into(),
                            label: "Maybe".into(),
                        },
                    ])
                    .collect(),
                curve_stat: game.deck.curve_stat.clone(),
                sided: game.deck.default_side != deckhand_core::DefaultSide::None,
                section_of_type: game.deck.section_of_type.clone(),
                goldfish: deckhand_goldfish::supports(&game.id),
            })
            .collect())
    }
}
