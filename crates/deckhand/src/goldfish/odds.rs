//! Exact draw odds for search queries: the deck's playing cards each query matches, and the
//! chance by turn of holding at least k of them (one query, or two at once).

use deckhand_core::Deck;
use deckhand_goldfish::{Category, OddsRow};
use serde::Serialize;

use crate::{Deckhand, Error, Result};

/// The most turns an odds table covers.
pub const MAX_ODDS_TURNS: u32 = 30;

/// One question of an odds table: at least `at_least` cards matching `query`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, Serialize, ts_rs::TS)]
pub struct OddsQuery {
    pub query: String,
    pub at_least: u32,
}

/// How many of the deck's playing cards a query matched, and which.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct OddsMatch {
    pub query: String,
    pub at_least: u32,
    /// Copies in the deck that match.
    pub matching: u32,
    /// The matching cards' names, with their copies ("3 Pilot Vera").
    pub cards: Vec<String>,
}

/// Exact odds by turn of holding the queried cards, going first and going second.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct OddsTable {
    pub game: String,
    /// The cards that play (the `main` section).
    pub deck_size: u32,
    pub queries: Vec<OddsMatch>,
    /// With two queries: copies that match both (each counts for one query only).
    pub overlap: u32,
    pub rows: Vec<OddsRow>,
}

impl Deckhand {
    /// Exact odds of seeing at least k cards matching each query (one, or two at once) by
    /// each turn, counting the game's real opening. Queries use the card search language.
    pub fn goldfish_odds(
        &self,
        deck: &Deck,
        queries: &[OddsQuery],
        turns: u32,
    ) -> Result<OddsTable> {
        if queries.is_empty() || queries.len() > 2 {
            return Err(Error::DeckGame {
                source_name: "odds".into(),
                message: "ask about one query, or two at once".into(),
            });
        }
        if turns > MAX_ODDS_TURNS {
            return Err(Error::DeckGame {
                source_name: "odds".into(),
                message: format!("--turns is at most {MAX_ODDS_TURNS}"),
            });
        }
        let library: Vec<_> = deck
            .entries
            .iter()
            .filter(|e| e.section == "main")
            .collect();
        let deck_size = library
            .iter()
            .map(|e| e.count)
            .fold(0u32, u32::saturating_add);
        let mut matched_ids = Vec::with_capacity(queries.len());
        let mut matches = Vec::with_capacity(queries.len());
        for question in queries {
            let ids = self.matching_card_ids(&question.query, &deck.game)?;
            let hits: Vec<_> = library
                .iter()
                .filter(|e| ids.contains(&e.card.id))
                .collect();
            matches.push(OddsMatch {
                query: question.query.clone(),
                at_least: question.at_least,
                matching: hits.iter().map(|e| e.count).sum(),
                cards: hits
                    .iter()
                    .map(|e| format!("{} {}", e.count, e.card.name))
                    .collect(),
            });
            matched_ids.push(ids);
        }
        let game = self.games().get(&deck.game)?;
        let category = |m: &OddsMatch| Category {
            matching: m.matching,
            at_least: m.at_least,
        };
        let (overlap, rows) = match matches.as_slice() {
            [one] => (
                0,
                deckhand_goldfish::odds_at_least(game, deck_size, category(one), turns)?,
            ),
            [a, b] => {
                let overlap = library
                    .iter()
                    .filter(|e| matched_ids[0].contains(&e.card.id))
                    .filter(|e| matched_ids[1].contains(&e.card.id))
                    .map(|e| e.count)
                    .sum();
                let rows = deckhand_goldfish::odds_both(
                    game,
                    deck_size,
                    category(a),
                    category(b),
                    overlap,
                    turns,
                )?;
                (overlap, rows)
            }
            _ => unreachable!("one or two queries, checked above"),
        };
        Ok(OddsTable {
            game: deck.game.clone(),
            deck_size,
            queries: matches,
            overlap,
            rows,
        })
    }
}
