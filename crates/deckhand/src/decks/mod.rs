//! Decks: files in and out (`files`), the stored library (`library`), version diffs
//! (`diff`), the editor's drafts (`draft`) and the bundled sample decks (`samples`). Construction rules are the core's; this
//! area resolves names and ids against the database and stores the result.

mod diff;
mod draft;
mod files;
mod library;
mod samples;

use deckhand_core::{check_deck_as, Deck, Diagnostic, Legality, Severity};
use deckhand_store::{DeckCard, DeckContent};

pub use diff::{DeckDiff, DiffLine};
pub use draft::DeckView;
pub use files::DeckImport;
pub use library::DeckListItem;
pub use samples::SAMPLE_TAG;

use crate::{Deckhand, Result};

impl Deckhand {
    /// Checks a deck against its game's construction rules.
    pub fn check_deck(&self, deck: &Deck) -> Result<Legality> {
        self.check_deck_as(deck, None)
    }

    /// Checks a deck against one of its game's formats, by id or name (`None` or
    /// `default`: the game's own rules). An unknown format is an error naming the
    /// game's formats.
    pub fn check_deck_as(&self, deck: &Deck, format: Option<&str>) -> Result<Legality> {
        let game = self.games().get(&deck.game)?;
        let format = match format {
            Some(name) => game.format(name)?,
            None => None,
        };
        Ok(check_deck_as(game, format, deck))
    }

    /// Checks a stored deck (or the editor's draft of one) with the format it was saved
    /// with. A format its game no longer defines (the definition was edited) is not an
    /// error: the deck is checked against the game's own rules, with a warning saying so,
    /// so that the deck list and the editor keep working.
    pub(crate) fn check_deck_stored(&self, deck: &Deck, format: Option<&str>) -> Result<Legality> {
        let game = self.games().get(&deck.game)?;
        match format.map(|name| game.format(name)) {
            Some(Err(deckhand_core::CoreError::UnknownFormat { format, known, .. })) => {
                let mut legality = check_deck_as(game, None, deck);
                legality.diagnostics.insert(
                    0,
                    Diagnostic {
                        severity: Severity::Warning,
                        rule: "format-missing".into(),
                        message: format!(
                            "{} no longer has the format '{}' this deck was saved with; checked against the game's own rules",
                            game.name,
                            deckhand_core::clip(&format)
                        ),
                        cards: Vec::new(),
                        hint: Some(format!("Choose one of its formats: {known}.")),
                    },
                );
                Ok(legality)
            }
            _ => self.check_deck_as(deck, format),
        }
    }

    /// The id of `game`'s format `format` (an id or a name), or `None` for the game's own
    /// rules; an unknown format is an error.
    pub(crate) fn format_id(&self, game: &str, format: Option<&str>) -> Result<Option<String>> {
        let Some(name) = format else {
            return Ok(None);
        };
        let format = self.games().get(game)?.format(name)?;
        Ok(format.map(|f| f.id.clone()))
    }

    /// [`Deckhand::format_id`] for a deck file's `# format:` line: the error names the file.
    pub(crate) fn file_format_id(
        &self,
        game: &str,
        source_name: &str,
        format: Option<&str>,
    ) -> Result<Option<String>> {
        self.format_id(game, format).map_err(|err| match err {
            crate::Error::Invalid(source) => crate::Error::DeckFormat {
                source_name: source_name.to_owned(),
                source,
            },
            other => other,
        })
    }
}

pub(crate) fn content_of(deck: &Deck, name: &str, notes: &str, tags: Vec<String>) -> DeckContent {
    DeckContent {
        game: deck.game.clone(),
        name: name.trim().to_owned(),
        side: deck.side,
        format: None,
        notes: notes.to_owned(),
        tags,
        cards: deck
            .entries
            .iter()
            .map(|e| DeckCard {
                section: e.section.clone(),
                count: e.count,
                card: e.card.id.clone(),
            })
            .collect(),
    }
}
