//! Cards: listing, finding by id or name (with "did you mean"), name suggestions.

use deckhand_core::{coverage, print_effects, Card, CoverageState};
use deckhand_store::CardFilter;

use crate::transport::CardRow;
use serde::Serialize;

use crate::{Deckhand, Error, Result};

/// A card as its detail shows it (`deckhand card --json`, the app's card view): every card
/// field, its effects in the written form, and what its data says of its goldfish coverage.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct CardDetail {
    #[serde(flatten)]
    pub card: Card,
    /// The effects as a player reads and types them (`when set: may draw 1`); empty for none.
    pub effects_text: String,
    pub coverage: CardCoverage,
    /// Its stored image's size, `null` without one.
    pub image: Option<crate::ImageInfo>,
}

/// A card's coverage state (`simulated`, `partial`, `no_effect`, `not_simulated`) and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct CardCoverage {
    pub state: CoverageState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// One window of a game's card list: how many cards there are in all, and the light rows
/// from `offset` on (the list's columns, not whole cards).
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct CardRowPage {
    pub total: usize,
    pub offset: usize,
    pub rows: Vec<CardRow>,
}

/// A card row the database holds but cannot read (a damaged or hand-edited file): left
/// out of every list and search, and named so that the player can delete it by its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct UnreadableCard {
    pub id: String,
    /// Why it cannot be read, as the reader said it.
    pub reason: String,
}

/// The most rows one window holds: the page asks for a screenful and a little more.
pub const MAX_ROW_WINDOW: usize = 1_000;

impl Deckhand {
    /// Up to `limit` rows (at most [`MAX_ROW_WINDOW`]) of `game`'s cards from `offset` on,
    /// in the order of [`Deckhand::cards`], with the game's card count: the card browser
    /// asks for what it shows instead of every card of a large game.
    pub fn card_rows(&self, game: &str, offset: usize, limit: usize) -> Result<CardRowPage> {
        self.games.get(game)?;
        let filter = CardFilter { game: Some(game) };
        Ok(CardRowPage {
            total: self.store.card_count(&filter)?,
            offset,
            rows: self
                .store
                .card_rows(game, offset, limit.min(MAX_ROW_WINDOW))?
                .into_iter()
                .map(Into::into)
                .collect(),
        })
    }

    /// The set codes `game`'s cards name, sorted (the browser's Export… choice).
    pub fn card_sets(&self, game: &str) -> Result<Vec<String>> {
        self.games.get(game)?;
        Ok(self.store.card_set_codes(game)?)
    }

    /// The card rows left out of what was read so far because they cannot be read (a
    /// damaged or hand-edited database): each one's id and why.
    pub fn unreadable_cards(&self) -> Vec<(String, String)> {
        self.store.unreadable_rows()
    }

    /// Every card row of the database that cannot be read, by id: the whole table is read
    /// on the first call of an open database, later calls answer from what reads and
    /// deletes have kept up to date since (the app's Cards view names them).
    pub fn check_card_rows(&self) -> Result<Vec<UnreadableCard>> {
        Ok(self
            .store
            .check_card_rows()?
            .into_iter()
            .map(|(id, reason)| UnreadableCard { id, reason })
            .collect())
    }

    /// All cards, or one game's, ordered by game and name.
    pub fn cards(&self, game: Option<&str>) -> Result<Vec<Card>> {
        if let Some(game) = game {
            self.games.get(game)?;
        }
        Ok(self.store.cards(&CardFilter { game })?)
    }

    /// The cards of `game` with this name (several printings may share it).
    pub fn cards_named(&self, name: &str, game: &str) -> Result<Vec<Card>> {
        Ok(self.store.cards_named(name, Some(game))?)
    }

    /// The card with this id, or else the one with this name (within `game` if given).
    pub fn card(&self, name_or_id: &str, game: Option<&str>) -> Result<Card> {
        if let Some(game) = game {
            self.games.get(game)?;
        }
        if let Some(card) = self.store.card_by_id(name_or_id.trim())? {
            if game.is_none_or(|g| g == card.game) {
                return Ok(card);
            }
        }
        let mut named = self.store.cards_named(name_or_id, game)?;
        match named.len() {
            0 => Err(Error::CardNotFound {
                query: name_or_id.to_owned(),
                game: game.map(str::to_owned),
                suggestions: self.suggest_card_names(name_or_id, game, 3)?,
            }),
            1 => Ok(named.remove(0)),
            _ => {
                let mut games: Vec<&str> = named.iter().map(|c| c.game.as_str()).collect();
                games.dedup();
                if games.len() == 1 {
                    // Same name twice in one game (two printings): the first by id.
                    return Ok(named.remove(0));
                }
                Err(Error::AmbiguousCard {
                    query: name_or_id.to_owned(),
                    games: games.join(", "),
                })
            }
        }
    }

    /// [`Deckhand::card`] with its effects written out and its coverage.
    pub fn card_detail(&self, name_or_id: &str, game: Option<&str>) -> Result<CardDetail> {
        let card = self.card(name_or_id, game)?;
        let (state, reason) = coverage(&card, self.games.get(&card.game)?);
        let image = self.store.image_info(&card.id)?.map(Into::into);
        Ok(CardDetail {
            image,
            effects_text: print_effects(&card.effects),
            coverage: CardCoverage { state, reason },
            card,
        })
    }

    /// Up to `limit` card names close to `name` (typos, partial names), best first.
    pub fn suggest_card_names(
        &self,
        name: &str,
        game: Option<&str>,
        limit: usize,
    ) -> Result<Vec<String>> {
        let names = self.store.card_names(game)?;
        Ok(
            deckhand_search::suggest_names(name, names.iter().map(String::as_str), limit)
                .into_iter()
                .map(str::to_owned)
                .collect(),
        )
    }
}
