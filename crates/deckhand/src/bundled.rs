//! The data shipped inside the binary: game definitions, sample card sets, sample decks.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use deckhand_core::Games;

use crate::{Error, Result};

/// One embedded file, named by its path relative to the repository (`data/games/sms.toml`).
#[derive(Debug, Clone, Copy)]
pub struct BundledFile {
    pub path: &'static str,
    pub text: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The bundled game definitions, validated.
pub fn games() -> Result<Games> {
    Games::from_sources(
        GAME_FILES
            .iter()
            .map(|BundledFile { path, text }| (*path, *text)),
    )
    .map_err(|e| Error::BundledData(e.to_string()))
}

/// A bundled sample card, as the read-only checks need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SampleCard {
    pub game: String,
    pub name: String,
}

/// Every bundled sample card by id, parsed from the embedded JSON on first use and kept
/// until the games change (the card form asks on every keystroke's check, an import once
/// per file; parsing every sample set each time cost milliseconds a call).
#[derive(Debug, Default)]
pub(crate) struct SampleCards(OnceLock<Arc<HashMap<String, SampleCard>>>);

impl SampleCards {
    pub(crate) fn get(&self, games: &Games) -> Result<Arc<HashMap<String, SampleCard>>> {
        if let Some(cards) = self.0.get() {
            return Ok(Arc::clone(cards));
        }
        let mut cards = HashMap::new();
        for file in CARD_FILES {
            let set = deckhand_core::CardSet::from_json(file.path, file.text, games)
                .map_err(|e| Error::BundledData(e.to_string()))?;
            cards.extend(set.cards.into_iter().map(|card| {
                let sample = SampleCard {
                    game: card.game,
                    name: card.name,
                };
                (card.id, sample)
            }));
        }
        #[cfg(test)]
        PARSED.with(|n| n.set(n.get() + 1));
        Ok(Arc::clone(self.0.get_or_init(|| Arc::new(cards))))
    }

    /// Forgets the cards: the next [`SampleCards::get`] reads them with the new games.
    pub(crate) fn invalidate(&mut self) {
        self.0 = OnceLock::new();
    }
}

#[cfg(test)]
thread_local! {
    /// How many times this thread parsed the sample sets (tests of the cache).
    pub(crate) static PARSED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}
