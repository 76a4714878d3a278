//! Deck files: reading any format against the card database (names resolved, unknown ones
//! reported with suggestions), importing them as stored decks, and writing them back out.

use std::collections::HashMap;
use std::path::Path;

use deckhand_core::{clip, one_line, Card, Deck, DeckEntry, Legality, Side};
use deckhand_formats::{
    deck_header, read_deck_file, write_deck_file, DeckFile, DeckFormat, DeckLine, ImportReport,
    MAX_COUNT,
};
use deckhand_store::StoredDeck;
use serde::Serialize;

use super::{content_of, DeckView};
use crate::error::LISTED_UNKNOWN;
use crate::{Deckhand, Error, Result};

/// A deck file saved as a stored deck, with what the reader did with the file.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct DeckImport<T> {
    #[serde(flatten)]
    pub deck: T,
    pub report: ImportReport,
}

impl Deckhand {
    /// Reads a plain-text deck list; see [`Deckhand::read_deck`].
    pub fn read_deck_text(
        &self,
        source_name: &str,
        text: &str,
        game: Option<&str>,
        side: Option<Side>,
    ) -> Result<Deck> {
        Ok(self
            .read_deck(DeckFormat::Text, source_name, text, game, side)?
            .0)
    }

    /// Reads a deck file of any format. The game is `game`, else the one the file names;
    /// the side is `side`, else the file's. Every card name must exist in that game: unknown
    /// names are one error listing each with its line (or position) and suggestions.
    /// Returns the deck with the file's name and notes.
    pub fn read_deck(
        &self,
        format: DeckFormat,
        source_name: &str,
        text: &str,
        game: Option<&str>,
        side: Option<Side>,
    ) -> Result<(Deck, DeckFile)> {
        // Only text and JSON name their game inside; parse once to learn it when needed.
        let declared = match format {
            DeckFormat::Text => deck_header(source_name, text)?.game,
            DeckFormat::Json => {
                serde_json::from_str::<serde_json::Value>(text.trim_start_matches('\u{feff}'))
                    .ok()
                    .and_then(|v| v.get("game").and_then(|g| g.as_str()).map(str::to_owned))
            }
            _ => None,
        };
        let game_id = match (game, declared.as_deref()) {
            (Some(given), Some(declared)) if given != declared => {
                return Err(Error::DeckGame {
                    source_name: source_name.to_owned(),
                    message: format!(
                        "the file says it is for '{}' but the game asked for is '{}'",
                        clip(declared),
                        clip(given)
                    ),
                })
            }
            (Some(given), _) => given,
            (None, Some(declared)) => declared,
            (None, None) => return Err(Error::DeckGame {
                source_name: source_name.to_owned(),
                message:
                    "which game is this deck for? Pass --game or add a '# game: <id>' first line"
                        .into(),
            }),
        };
        let game = self.games().get(game_id)?;
        let file = read_deck_file(format, source_name, text, game)?;
        let mut entries: Vec<DeckEntry> = Vec::with_capacity(file.lines.len());
        // Each card and section's entry (a map: a file of 50,000 zones stays linear).
        let mut entry_of: HashMap<(String, String), usize> = HashMap::new();
        // The first few unknown names are described with suggestions (comparing a name
        // with every card's costs); the rest are only counted.
        let mut unknown = Vec::new();
        let mut unknown_count = 0;
        let place = if format == DeckFormat::Json {
            "card"
        } else {
            "line"
        };
        for line in &file.lines {
            let Some(card) = self.card_for_line(line, &game.id)? else {
                unknown_count += 1;
                if unknown.len() == LISTED_UNKNOWN {
                    continue;
                }
                let suggestions = self.suggest_card_names(&line.name, Some(&game.id), 3)?;
                let hint = match suggestions.as_slice() {
                    [] => String::new(),
                    names => format!(
                        " (did you mean {}?)",
                        names
                            .iter()
                            .map(|n| format!("'{n}'"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                unknown.push(format!(
                    "{place} {} '{}'{hint}",
                    line.line,
                    clip(&line.name)
                ));
                continue;
            };
            // Rows of one card in one section (several printings, one row per copy) are
            // one deck line: every copy counts, up to the limit of one line.
            let key = (card.id.clone(), line.section.clone());
            match entry_of.get(&key).map(|&i| &mut entries[i]) {
                Some(entry) if entry.count + line.count > MAX_COUNT => {
                    return Err(Error::DeckGame {
                        source_name: source_name.to_owned(),
                        message: format!(
                            "{place} {}: more than {MAX_COUNT} copies of '{}' in {}",
                            line.line,
                            card.name,
                            clip(&line.section)
                        ),
                    })
                }
                Some(entry) => entry.count += line.count,
                None => {
                    entry_of.insert(key, entries.len());
                    entries.push(DeckEntry {
                        section: line.section.clone(),
                        count: line.count,
                        card,
                    });
                }
            }
        }
        if !unknown.is_empty() {
            return Err(Error::UnknownCards {
                source_name: source_name.to_owned(),
                game: game.id.clone(),
                more: unknown_count - unknown.len(),
                cards: unknown,
            });
        }
        let deck = Deck {
            game: game.id.clone(),
            side: side.or(file.side),
            entries,
        };
        Ok((deck, file))
    }

    /// The card a deck line names in `game`: by its name (a `(SET)` picks that printing
    /// when there is one), else, for a double-faced `Front | Back` or `Front // Back`
    /// written in full where the game knows only the front, by its front face.
    fn card_for_line(&self, line: &DeckLine, game: &str) -> Result<Option<Card>> {
        let mut candidates = self.cards_named(&line.name, game)?;
        if candidates.is_empty() {
            if let Some((front, _)) = line
                .name
                .split_once(" | ")
                .or_else(|| line.name.split_once(" // "))
            {
                candidates = self.cards_named(front.trim(), game)?;
            }
        }
        let in_set = candidates.iter().position(|c| {
            line.set.as_deref().is_some_and(|s| {
                c.set
                    .as_deref()
                    .is_some_and(|cs| cs.eq_ignore_ascii_case(s))
            })
        });
        Ok(match in_set {
            Some(i) => Some(candidates.swap_remove(i)),
            None => candidates.into_iter().next(),
        })
    }

    /// Reads a deck file and checks it against `format` (`--as`), else the format its
    /// `# format:` line names, else the game's own rules.
    pub fn check_deck_file(
        &self,
        file_format: DeckFormat,
        source_name: &str,
        text: &str,
        game: Option<&str>,
        side: Option<Side>,
        format: Option<&str>,
    ) -> Result<Legality> {
        let (deck, file) = self.read_deck(file_format, source_name, text, game, side)?;
        match format {
            Some(given) => self.check_deck_as(&deck, Some(given)),
            None => {
                let declared =
                    self.file_format_id(&deck.game, source_name, file.format.as_deref())?;
                self.check_deck_as(&deck, declared.as_deref())
            }
        }
    }

    /// Reads a deck file and saves it as a new deck, named `name`, else the file's own
    /// name, else after the file. Nothing is saved if any card fails. Returns the stored
    /// deck and what the reader did (copies per section, sections renamed or kept, lines
    /// skipped). A name from the file is made one line (line breaks and control characters
    /// fold to spaces: the player did not type it, and refusing the whole file for it would
    /// help no one); a `name` given here must be one line already, like a rename.
    pub fn import_deck(
        &mut self,
        format: DeckFormat,
        source_name: &str,
        text: &str,
        game: Option<&str>,
        name: Option<&str>,
    ) -> Result<DeckImport<StoredDeck>> {
        let (deck, file) = self.read_deck(format, source_name, text, game, None)?;
        let name = match name {
            Some(given) => given.to_owned(),
            None => file
                .name
                .as_deref()
                .map(one_line)
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| one_line(&default_deck_name(source_name))),
        };
        let mut content = content_of(&deck, &name, &file.notes, Vec::new());
        content.format = self.file_format_id(&deck.game, source_name, file.format.as_deref())?;
        let (id, version) = self.store_mut().save_deck(None, &content)?;
        Ok(DeckImport {
            deck: self.store().deck(id, Some(version))?,
            report: file.report,
        })
    }

    /// Reads a deck file and saves it as the next version of deck `id` (keeping its
    /// name, notes and tags).
    pub fn import_deck_version(
        &mut self,
        id: i64,
        format: DeckFormat,
        source_name: &str,
        text: &str,
    ) -> Result<DeckImport<StoredDeck>> {
        let current = self.store().deck(id, None)?.content;
        let (deck, file) =
            self.read_deck(format, source_name, text, Some(&current.game), current.side)?;
        let mut content = content_of(&deck, &current.name, &current.notes, current.tags);
        // The file's `# format:` line, else the format the deck had.
        content.format = match file.format.as_deref() {
            Some(declared) => self.file_format_id(&deck.game, source_name, Some(declared))?,
            None => current.format,
        };
        let (_, version) = self.store_mut().save_deck(Some(id), &content)?;
        Ok(DeckImport {
            deck: self.store().deck(id, Some(version))?,
            report: file.report,
        })
    }

    /// Imports a deck file from disk (format by extension) as a new deck.
    pub fn import_deck_path(
        &mut self,
        path: &Path,
        game: Option<&str>,
    ) -> Result<DeckImport<DeckView>> {
        let text = crate::read_deck_text_file(path)?;
        let label = path.display().to_string();
        let format = DeckFormat::from_path(&label).unwrap_or(DeckFormat::Text);
        let imported = self.import_deck(format, &label, &text, game, None)?;
        Ok(DeckImport {
            deck: self.deck_view(imported.deck.id, Some(imported.deck.version))?,
            report: imported.report,
        })
    }

    /// Writes a stored deck in `format`.
    pub fn export_deck(&self, id: i64, version: Option<i64>, format: DeckFormat) -> Result<String> {
        let (stored, deck) = self.load_deck(id, version)?;
        let game = self.games().get(&deck.game)?;
        Ok(write_deck_file(
            format,
            &deck,
            game,
            &stored.content.name,
            &stored.content.notes,
            stored.content.format.as_deref(),
        ))
    }

    /// Writes a stored deck to disk in the format its extension names (text otherwise).
    pub fn export_deck_path(&self, id: i64, path: &Path) -> Result<()> {
        let format = DeckFormat::from_path(&path.display().to_string()).unwrap_or(DeckFormat::Text);
        self.export_deck_file(id, None, format, path)
    }

    /// Writes a stored deck (its newest version, or `version`) to `out` in `format`
    /// (never over the database, never half).
    pub fn export_deck_file(
        &self,
        id: i64,
        version: Option<i64>,
        format: DeckFormat,
        out: &Path,
    ) -> Result<()> {
        let text = self.export_deck(id, version, format)?;
        crate::output::write_file(&self.output_guard, out, text.as_bytes())
    }
}

/// `decks/red-rush.txt` → "Red Rush".
pub(super) fn default_deck_name(source_name: &str) -> String {
    let stem = std::path::Path::new(source_name)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let words: Vec<String> = stem
        .split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        })
        .collect();
    if words.is_empty() {
        "Imported deck".to_owned()
    } else {
        words.join(" ")
    }
}
