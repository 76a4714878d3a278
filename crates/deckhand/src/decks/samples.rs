//! The bundled sample decks (`data/decks/`): saved into every database once, so a new user
//! finds decks to open, check and change. Each carries the `sample` tag and is an ordinary
//! deck from then on: editable, deletable, restorable. A sample the user deletes stays
//! deleted: the meta table remembers that the samples were given.

use deckhand_formats::DeckFormat;

use super::content_of;
use super::files::default_deck_name;
use crate::{bundled, Deckhand, Error, Result};

/// The tag that marks a bundled sample deck.
pub const SAMPLE_TAG: &str = "sample";

/// Set in the meta table once the samples were saved into a database.
const SAMPLES_GIVEN_META_KEY: &str = "sample_decks_given";

impl Deckhand {
    /// Saves every bundled sample deck as a deck tagged [`SAMPLE_TAG`], unless this database
    /// already got them (then nothing is written, even if the user deleted some). One
    /// transaction. Returns how many decks were saved.
    pub(crate) fn give_sample_decks(&mut self) -> Result<usize> {
        if self.store().meta(SAMPLES_GIVEN_META_KEY)?.is_some() {
            return Ok(0);
        }
        let mut decks = Vec::with_capacity(bundled::DECK_FILES.len());
        for file in bundled::DECK_FILES {
            let (deck, parsed) = self
                .read_deck(DeckFormat::Text, file.path, file.text, None, None)
                .map_err(|e| Error::BundledData(e.to_string()))?;
            let name = parsed.name.unwrap_or_else(|| default_deck_name(file.path));
            decks.push(content_of(
                &deck,
                &name,
                &leading_comments(file.text),
                vec![SAMPLE_TAG.to_owned()],
            ));
        }
        Ok(self
            .store_mut()
            .save_decks_once(SAMPLES_GIVEN_META_KEY, &decks)?)
    }
}

/// The comment lines a sample deck opens with, as its notes (`# game:`-style headers left
/// out): "Crimson Falcon solo combat deck: 10 cards…".
fn leading_comments(text: &str) -> String {
    let headers = ["game", "side", "name"];
    text.lines()
        .map(str::trim)
        .take_while(|line| line.starts_with('#'))
        .map(|line| line.trim_start_matches('#').trim())
        .filter(|comment| {
            let key = comment.split(':').next().unwrap_or_default();
            !comment.contains(':') || !headers.contains(&key.trim().to_ascii_lowercase().as_str())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_deck_opens_with_its_comments_as_notes() {
        let text = "# game: pr-hotg\n# Two-player mode: one player.\n# Second line.\nRanger\n# Not this\n1 X\n";
        assert_eq!(
            leading_comments(text),
            "Two-player mode: one player.\nSecond line."
        );
    }
}
