//! Odds beside play: at the pending decision of a game played by hand, the exact chance of
//! drawing at least k more cards matching a search query by each coming turn, from the
//! cards the player has not seen (`deckhand_goldfish::odds_from_here`). The query is
//! resolved to the deck's cards here, where the database is.

use deckhand_goldfish::{HereOdds, ListedCard};
use serde::Serialize;

use crate::goldfish::{PlayOptions, Playable};
use crate::{Deckhand, Error, Result};

/// The odds of drawing the queried cards from the position a game is at.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct PlayOdds {
    pub query: String,
    /// The deck's cards the query matches, as "3 Name", in list order.
    pub cards: Vec<String>,
    #[serde(flatten)]
    pub odds: HereOdds,
}

impl Deckhand {
    /// The game `options` replays, at its pending decision (or its end): the chance of
    /// drawing at least `at_least` more cards matching `query` by each turn up to `by_turn`.
    pub fn play_odds(
        &self,
        playable: &Playable,
        options: &PlayOptions,
        query: &str,
        at_least: u32,
        by_turn: u32,
    ) -> Result<PlayOdds> {
        if query.trim().is_empty() {
            return Err(Error::DeckGame {
                source_name: "odds".into(),
                message: "ask about a search query (for example t:zoid)".into(),
            });
        }
        let state = playable.play(options)?;
        let deck = playable.deck_for(options.step.side);
        // The player's own deck: the starter deck where the game deals one (PR
        // Deck-Building's main deck feeds the Grid, not the player), else the main deck.
        let section = match deck.entries.iter().any(|e| e.section == "starter") {
            true => "starter",
            false => "main",
        };
        let ids = self.matching_card_ids(query, &playable.game.id)?;
        let list: Vec<ListedCard> = deck
            .entries
            .iter()
            .filter(|e| e.section == section)
            .map(|e| ListedCard {
                name: e.card.name.clone(),
                count: e.count,
                matches: ids.contains(&e.card.id),
            })
            .collect();
        let cards = list
            .iter()
            .filter(|c| c.matches)
            .map(|c| format!("{} {}", c.count, c.name))
            .collect();
        let odds = deckhand_goldfish::odds_from_here(
            &playable.game,
            state.turn,
            &state.zones,
            &list,
            at_least,
            by_turn,
        )?;
        Ok(PlayOdds {
            query: query.to_owned(),
            cards,
            odds,
        })
    }
}
