//! Heroes of the Grid's enemies: the enemy decks stored for a game (for a picker), a
//! line-up resolved from enemy deck names and figure counts, and the `--enemies` and
//! `--die` option texts.

use std::collections::BTreeMap;

use deckhand_core::fold_name;
use deckhand_goldfish::EnemyGroup;
use serde::Serialize;

use crate::{Deckhand, Error, Result};

impl Deckhand {
    /// The enemy decks of `game_id` (Heroes of the Grid): the cards of its definition's
    /// `enemy_types`, grouped by their subtype (the enemy's name), with their type, sorted
    /// by name. Empty for a game without enemies.
    pub fn enemy_decks(&self, game_id: &str) -> Result<Vec<EnemyDeck>> {
        let types = self.enemy_types(game_id)?;
        let mut decks: BTreeMap<String, EnemyDeck> = BTreeMap::new();
        for card in self.cards(Some(game_id))? {
            let Some(at) = types.iter().position(|t| *t == fold_name(&card.card_type)) else {
                continue;
            };
            for subtype in &card.subtypes {
                let deck = decks
                    .entry(fold_name(subtype))
                    .or_insert_with(|| EnemyDeck {
                        name: subtype.trim().to_owned(),
                        kind: card.card_type.clone(),
                        cards: 0,
                    });
                deck.cards += 1;
                // A deck with a card of a whole-deck type (a Monster) is of that type.
                if deck.kind != card.card_type && at > 0 {
                    deck.kind = card.card_type.clone();
                }
            }
        }
        Ok(decks.into_values().collect())
    }

    /// `game_id`'s enemy card types, folded, in the definition's order.
    fn enemy_types(&self, game_id: &str) -> Result<Vec<String>> {
        let game = self.games().get(game_id)?;
        Ok(game
            .goldfish
            .iter()
            .flat_map(|g| &g.enemy_types)
            .map(|t| fold_name(t))
            .collect())
    }

    /// An enemy line-up of `game_id` (Heroes of the Grid): each pick is an enemy deck's
    /// name (its cards' subtype, compared case-insensitively) and a count of foot-soldier
    /// figures (a Monster or Boss always brings 4 cards).
    pub fn enemy_lineup(&self, game_id: &str, picks: &[(&str, u32)]) -> Result<Vec<EnemyGroup>> {
        if picks.is_empty() {
            return Ok(Vec::new());
        }
        let types = self.enemy_types(game_id)?;
        let cards = self.cards(Some(game_id))?;
        picks
            .iter()
            .map(|&(name, figures)| {
                let key = fold_name(name);
                let deck: Vec<_> = cards
                    .iter()
                    .filter(|c| types.contains(&fold_name(&c.card_type)))
                    .filter(|c| c.subtypes.iter().any(|s| fold_name(s) == key))
                    .cloned()
                    .collect();
                if deck.is_empty() {
                    let known = self.enemy_decks(game_id)?;
                    let close: Vec<String> = known
                        .iter()
                        .filter(|d| {
                            let folded = fold_name(&d.name);
                            key.split_whitespace().any(|w| folded.contains(w))
                        })
                        .map(|d| format!("'{}'", d.name))
                        .take(8)
                        .collect();
                    return Err(Error::DeckGame {
                        source_name: "--enemies".into(),
                        message: match close.is_empty() {
                            true => format!(
                                "no enemy deck named '{name}' ({} enemy decks are stored; list them with the enemy picker)",
                                known.len()
                            ),
                            false => format!(
                                "no enemy deck named '{name}'; did you mean {}?",
                                close.join(", ")
                            ),
                        },
                    });
                }
                Ok(EnemyGroup {
                    name: deck
                        .iter()
                        .flat_map(|c| &c.subtypes)
                        .find(|s| fold_name(s) == key)
                        .map_or_else(|| name.to_owned(), |s| s.trim().to_owned()),
                    cards: deck,
                    figures,
                })
            })
            .collect()
    }
}

/// An enemy deck of Heroes of the Grid, for a picker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct EnemyDeck {
    /// The enemy's name, as its cards' subtype gives it ("Putty Patrollers").
    pub name: String,
    /// Foot Soldier, Monster or Boss.
    pub kind: String,
    /// Distinct enemy cards stored for it.
    pub cards: usize,
}

/// Reads one `--enemies` value: `"Putty Patrollers:3"` (3 figures) or `"Goldar"` (1).
pub fn parse_enemy_pick(text: &str) -> Result<(String, u32)> {
    let text = text.trim();
    let bad = |message: String| Error::DeckGame {
        source_name: "--enemies".into(),
        message,
    };
    let (name, figures) = match text.rsplit_once(':') {
        Some((name, count)) if !count.trim().is_empty() => {
            let figures = count.trim().parse::<u32>().map_err(|_| {
                bad(format!(
                    "'{count}' is not a number of figures (write 'Name:3')"
                ))
            })?;
            (name.trim(), figures)
        }
        _ => (text.trim_end_matches(':').trim(), 1),
    };
    if name.is_empty() {
        return Err(bad("an enemy needs a name ('Putty Patrollers:3')".into()));
    }
    Ok((name.to_owned(), figures))
}

/// Reads `--die 0,0,1,1,1,2`: the hits on each face of the combat die.
pub fn parse_die_faces(text: &str) -> Result<Vec<u8>> {
    let bad = |message: String| Error::DeckGame {
        source_name: "--die".into(),
        message,
    };
    let faces = text
        .split(',')
        .map(|face| {
            face.trim()
                .parse::<u8>()
                .map_err(|_| bad(format!("'{}' is not a number of hits", face.trim())))
        })
        .collect::<Result<Vec<u8>>>()?;
    deckhand_core::validate_die_faces(&faces).map_err(bad)?;
    Ok(faces)
}
