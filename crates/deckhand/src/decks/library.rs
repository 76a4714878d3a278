//! Stored decks: saving, finding, loading with cards resolved, listing with verdicts,
//! versions, renaming, duplicating and recoverable deletion.

use deckhand_core::{Deck, DeckEntry, Legality, Severity, Side};
use deckhand_store::StoredDeck;
use serde::Serialize;

use super::content_of;
use crate::{DeckContent, DeckSummary, DeckVersionSummary, Deckhand, Error, Result, MAX_COUNT};

/// One deck in the app's deck list: the summary, its tags and whether it is legal.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct DeckListItem {
    #[serde(flatten)]
    pub summary: DeckSummary,
    pub tags: Vec<String>,
    pub legal: bool,
    /// How many errors the construction rules find.
    pub errors: usize,
}

impl Deckhand {
    /// A stored deck's content at `version` (newest when `None`), cards by id: what the
    /// editor starts a draft from.
    pub fn deck_content(&self, id: i64, version: Option<i64>) -> Result<DeckContent> {
        Ok(self.store().deck(id, version)?.content.into())
    }

    /// Saves a resolved deck as a new stored deck.
    pub fn save_new_deck(&mut self, deck: &Deck, name: &str, notes: &str) -> Result<StoredDeck> {
        let content = content_of(deck, name, notes, Vec::new());
        let (id, version) = self.store_mut().save_deck(None, &content)?;
        Ok(self.store().deck(id, Some(version))?)
    }

    /// Checks a stored deck (its newest version) as `side` and `format` when given, else
    /// with its own side and format.
    pub fn check_stored_deck(
        &self,
        id: i64,
        side: Option<Side>,
        format: Option<&str>,
    ) -> Result<(StoredDeck, Legality)> {
        let (stored, mut deck) = self.load_deck(id, None)?;
        deck.side = side.or(deck.side);
        // A format asked for must exist; the stored one may have vanished since.
        let legality = match format {
            Some(format) => self.check_deck_as(&deck, Some(format))?,
            None => self.check_deck_stored(&deck, stored.content.format.as_deref())?,
        };
        Ok((stored, legality))
    }

    /// The id of the deck `reference` names: a number is an id, anything else a name.
    pub fn find_deck(&self, reference: &str) -> Result<i64> {
        if let Ok(id) = reference.trim().parse::<i64>() {
            if self.store().deck(id, None).is_ok() {
                return Ok(id);
            }
        }
        self.store()
            .decks_named(reference)?
            .first()
            .copied()
            .ok_or_else(|| Error::DeckNotFound {
                reference: reference.to_owned(),
            })
    }

    /// A stored deck at `version` (newest when `None`), with its cards resolved.
    pub fn load_deck(&self, id: i64, version: Option<i64>) -> Result<(StoredDeck, Deck)> {
        let stored = self.store().deck(id, version)?;
        let ids: Vec<&str> = stored
            .content
            .cards
            .iter()
            .map(|c| c.card.as_str())
            .collect();
        let cards = self.store().cards_by_ids(&ids)?;
        let mut entries = Vec::with_capacity(stored.content.cards.len());
        for line in &stored.content.cards {
            // A database written before counts were checked may hold any number; no
            // exporter should be asked to write four billion copies.
            if !(1..=MAX_COUNT).contains(&line.count) {
                return Err(Error::DeckGame {
                    source_name: format!("deck {id}"),
                    message: format!(
                        "{} copies of {} in {}: a count must be between 1 and {MAX_COUNT}",
                        line.count, line.card, line.section
                    ),
                });
            }
            let card =
                cards
                    .iter()
                    .find(|c| c.id == line.card)
                    .ok_or_else(|| Error::DeckCardMissing {
                        deck: id,
                        card: line.card.clone(),
                    })?;
            entries.push(DeckEntry {
                section: line.section.clone(),
                count: line.count,
                card: card.clone(),
            });
        }
        let deck = Deck {
            game: stored.content.game.clone(),
            side: stored.content.side,
            entries,
        };
        Ok((stored, deck))
    }

    /// Stored decks of one game (or all), by game and name. Each `card_count` is the deck's
    /// size as its game's rules count it (the core's `Legality::size`: not Side, Maybe,
    /// characters or a starter deck).
    pub fn list_decks(
        &self,
        game: Option<&str>,
        include_deleted: bool,
    ) -> Result<Vec<DeckSummary>> {
        Ok(self
            .deck_list_items(game, include_deleted)?
            .into_iter()
            .map(|item| item.summary)
            .collect())
    }

    /// The deck list as the app shows it: each deck with its tags and its verdict.
    pub fn deck_list_items(
        &self,
        game: Option<&str>,
        include_deleted: bool,
    ) -> Result<Vec<DeckListItem>> {
        if let Some(game) = game {
            self.games().get(game)?;
        }
        self.store()
            .decks(game, include_deleted)?
            .into_iter()
            .map(|summary| {
                let mut summary: DeckSummary = summary.into();
                if self.games().get(&summary.game).is_err() {
                    // A player's game whose file no longer loads: its decks stay listed
                    // (unchecked) and the other games' decks keep working.
                    let tags = self.store().deck(summary.id, None)?.content.tags;
                    return Ok(DeckListItem {
                        tags,
                        legal: false,
                        errors: 0,
                        summary,
                    });
                }
                let (stored, deck) = self.load_deck(summary.id, None)?;
                let legality = self.check_deck_stored(&deck, stored.content.format.as_deref())?;
                summary.card_count = legality.size;
                Ok(DeckListItem {
                    tags: stored.content.tags,
                    legal: legality.legal,
                    errors: legality
                        .diagnostics
                        .iter()
                        .filter(|d| d.severity == Severity::Error)
                        .count(),
                    summary,
                })
            })
            .collect()
    }

    pub fn deck_versions(&self, id: i64) -> Result<Vec<DeckVersionSummary>> {
        Ok(self
            .store()
            .deck_versions(id)?
            .into_iter()
            .map(Into::into)
            .collect())
    }

    /// Saves the newest version again under a new name (a new version).
    pub fn rename_deck(&mut self, id: i64, name: &str) -> Result<StoredDeck> {
        let mut content = self.store().deck(id, None)?.content;
        content.name = name.trim().to_owned();
        let (_, version) = self.store_mut().save_deck(Some(id), &content)?;
        Ok(self.store().deck(id, Some(version))?)
    }

    /// A new deck with the newest content of `id`.
    pub fn duplicate_deck(&mut self, id: i64, name: &str) -> Result<StoredDeck> {
        let mut content = self.store().deck(id, None)?.content;
        content.name = name.trim().to_owned();
        let (new_id, version) = self.store_mut().save_deck(None, &content)?;
        Ok(self.store().deck(new_id, Some(version))?)
    }

    pub fn set_deck_deleted(&mut self, id: i64, deleted: bool) -> Result<()> {
        Ok(self.store_mut().set_deck_deleted(id, deleted)?)
    }
}
