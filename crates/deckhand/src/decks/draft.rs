//! The editor's view of a deck: stored decks resolved and checked, and unsaved drafts
//! (cards by id) checked after every change and saved as a new version.

use deckhand_core::{Deck, DeckEntry, Legality, Side};
use serde::Serialize;

use super::content_of;
use crate::{DeckContent, Deckhand, Error, Result, MAX_COUNT};

/// The longest section name a draft may use (names kept from files are cut to 60).
const MAX_SECTION_NAME: usize = 100;

/// A deck as the editor shows it: its content with every card resolved, and the verdict.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct DeckView {
    pub id: i64,
    pub version: i64,
    pub saved_at: String,
    pub deleted: bool,
    pub name: String,
    pub game: String,
    pub side: Option<Side>,
    /// The format (rule variant) the deck is built for, by id; `None` for the game's rules.
    pub format: Option<String>,
    pub notes: String,
    pub tags: Vec<String>,
    pub entries: Vec<DeckEntry>,
    pub legality: Legality,
}

impl Deckhand {
    /// A stored deck at `version` (newest when `None`), resolved and checked.
    pub fn deck_view(&self, id: i64, version: Option<i64>) -> Result<DeckView> {
        let (stored, deck) = self.load_deck(id, version)?;
        let legality = self.check_deck_stored(&deck, stored.content.format.as_deref())?;
        let deckhand_store::DeckContent {
            game,
            name,
            side,
            format,
            notes,
            tags,
            ..
        } = stored.content;
        Ok(DeckView {
            id: stored.id,
            version: stored.version,
            saved_at: stored.saved_at,
            deleted: stored.deleted,
            name,
            game,
            side,
            format,
            notes,
            tags,
            entries: deck.entries,
            legality,
        })
    }

    /// Resolves an unsaved deck (cards by id) for checking. Every line holds 1 to
    /// [`MAX_COUNT`] copies; a section the game does not have (kept from an imported file)
    /// is accepted, and the rules do not count it.
    pub(crate) fn resolve_draft(&self, draft: &DeckContent) -> Result<Deck> {
        self.games().get(&draft.game)?;
        let ids: Vec<&str> = draft.cards.iter().map(|c| c.card.as_str()).collect();
        let cards = self.store().cards_by_ids(&ids)?;
        let mut entries = Vec::with_capacity(draft.cards.len());
        for (i, line) in draft.cards.iter().enumerate() {
            let invalid = |message: String| Error::DeckGame {
                source_name: draft.name.clone(),
                message: format!(
                    "line {} ({} in {}): {message}",
                    i + 1,
                    line.card,
                    line.section
                ),
            };
            if !(1..=MAX_COUNT).contains(&line.count) {
                return Err(invalid(format!(
                    "a count must be between 1 and {MAX_COUNT}, found {}",
                    line.count
                )));
            }
            if line.section.trim().is_empty() || line.section.chars().count() > MAX_SECTION_NAME {
                return Err(invalid(format!(
                    "a section needs a name of 1 to {MAX_SECTION_NAME} characters"
                )));
            }
            let card = cards
                .iter()
                .find(|c| c.id == line.card && c.game == draft.game)
                .ok_or_else(|| Error::CardNotFound {
                    query: line.card.clone(),
                    game: Some(draft.game.clone()),
                    suggestions: Vec::new(),
                })?;
            entries.push(DeckEntry {
                section: line.section.clone(),
                count: line.count,
                card: card.clone(),
            });
        }
        Ok(Deck {
            game: draft.game.clone(),
            side: draft.side,
            entries,
        })
    }

    /// Checks an unsaved deck, as the editor does after every change.
    pub fn check_draft(&self, draft: &DeckContent) -> Result<Legality> {
        self.check_deck_stored(&self.resolve_draft(draft)?, draft.format.as_deref())
    }

    /// Saves a deck from the editor: a new deck (`id` None) or the next version of `id`.
    pub fn save_draft(&mut self, id: Option<i64>, draft: &DeckContent) -> Result<DeckView> {
        let deck = self.resolve_draft(draft)?;
        let name = draft.name.trim();
        if name.is_empty() {
            return Err(Error::DeckGame {
                source_name: "deck".into(),
                message: "a deck needs a name".into(),
            });
        }
        let mut content = content_of(&deck, name, &draft.notes, draft.tags.clone());
        content.format = self.format_id(&deck.game, draft.format.as_deref())?;
        let (id, version) = self.store_mut().save_deck(id, &content)?;
        self.deck_view(id, Some(version))
    }
}
