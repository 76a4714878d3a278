//! Deck files: reading a text deck list against the card database and checking it.

use std::collections::{BTreeMap, BTreeSet};

use deckhand_core::{check_deck, deck_header, parse_deck_text, Deck, DeckEntry, Legality, Side};
use deckhand_store::{DeckCard, DeckContent, DeckSummary, DeckVersionSummary, StoredDeck};
use serde::Serialize;

use crate::{Deckhand, Error, Result};

impl Deckhand {
    /// Reads a plain-text deck list. The game is `game`, else the file's `# game:` line;
    /// the side is `side`, else the file's `# side:` line. Every card name must exist in
    /// that game: unknown names are one error listing each with its line and suggestions.
    pub fn read_deck_text(
        &self,
        source_name: &str,
        text: &str,
        game: Option<&str>,
        side: Option<Side>,
    ) -> Result<Deck> {
        let header = deck_header(text);
        let game_id = match (game, header.game.as_deref()) {
            (Some(given), Some(declared)) if given != declared => {
                return Err(Error::DeckGame {
                    source_name: source_name.to_owned(),
                    message: format!(
                        "the file says '# game: {declared}' but the game asked for is '{given}'"
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
        let lines = parse_deck_text(source_name, text, game)?;
        let mut entries = Vec::with_capacity(lines.len());
        let mut unknown = Vec::new();
        for line in lines {
            let candidates = self.cards_named(&line.name, &game.id)?;
            // A `(SET)` picks that printing when there is one; otherwise the first.
            let chosen = candidates
                .iter()
                .find(|c| {
                    line.set.as_deref().is_some_and(|s| {
                        c.set
                            .as_deref()
                            .is_some_and(|cs| cs.eq_ignore_ascii_case(s))
                    })
                })
                .or(candidates.first());
            match chosen {
                Some(card) => entries.push(DeckEntry {
                    section: line.section,
                    count: line.count,
                    card: card.clone(),
                }),
                None => {
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
                    unknown.push(format!("line {} '{}'{hint}", line.line, line.name));
                }
            }
        }
        if !unknown.is_empty() {
            return Err(Error::UnknownCards {
                source_name: source_name.to_owned(),
                game: game.id.clone(),
                cards: unknown,
            });
        }
        Ok(Deck {
            game: game.id.clone(),
            side: side.or(header.side),
            entries,
        })
    }

    /// Checks a deck against its game's construction rules.
    pub fn check_deck(&self, deck: &Deck) -> Result<Legality> {
        Ok(check_deck(self.games().get(&deck.game)?, deck))
    }
}

/// What changed between two versions of a deck: per card and section, counts before/after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckDiff {
    pub from: i64,
    pub to: i64,
    pub added: usize,
    pub removed: usize,
    pub changed: usize,
    pub lines: Vec<DiffLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiffLine {
    pub section: String,
    pub name: String,
    pub from: u32,
    pub to: u32,
}

impl Deckhand {
    /// Reads a text deck list and saves it as a new deck (named `name`, else after the
    /// file). Nothing is saved if any line fails.
    pub fn import_deck_text(
        &mut self,
        source_name: &str,
        text: &str,
        game: Option<&str>,
        name: Option<&str>,
    ) -> Result<StoredDeck> {
        let deck = self.read_deck_text(source_name, text, game, None)?;
        let name = name
            .map(str::to_owned)
            .or(deck_header(text).name)
            .unwrap_or_else(|| default_deck_name(source_name));
        self.save_new_deck(&deck, &name, "")
    }

    /// Reads a text deck list and saves it as the next version of deck `id` (keeping its
    /// name, notes and tags).
    pub fn import_deck_version(
        &mut self,
        id: i64,
        source_name: &str,
        text: &str,
    ) -> Result<StoredDeck> {
        let current = self.store().deck(id, None)?.content;
        let deck = self.read_deck_text(source_name, text, Some(&current.game), current.side)?;
        let content = content_of(&deck, &current.name, &current.notes, current.tags);
        let (_, version) = self.store_mut().save_deck(Some(id), &content)?;
        Ok(self.store().deck(id, Some(version))?)
    }

    /// Saves a resolved deck as a new stored deck.
    pub fn save_new_deck(&mut self, deck: &Deck, name: &str, notes: &str) -> Result<StoredDeck> {
        let content = content_of(deck, name, notes, Vec::new());
        let (id, version) = self.store_mut().save_deck(None, &content)?;
        Ok(self.store().deck(id, Some(version))?)
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
            let card =
                cards
                    .iter()
                    .find(|c| c.id == line.card)
                    .ok_or_else(|| Error::DeckNotFound {
                        reference: format!("card {} of deck {id}", line.card),
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

    pub fn list_decks(
        &self,
        game: Option<&str>,
        include_deleted: bool,
    ) -> Result<Vec<DeckSummary>> {
        if let Some(game) = game {
            self.games().get(game)?;
        }
        Ok(self.store().decks(game, include_deleted)?)
    }

    pub fn deck_versions(&self, id: i64) -> Result<Vec<DeckVersionSummary>> {
        Ok(self.store().deck_versions(id)?)
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

    /// Compares two versions of a deck.
    pub fn diff_deck(&self, id: i64, from: i64, to: i64) -> Result<DeckDiff> {
        let (_, before) = self.load_deck(id, Some(from))?;
        let (_, after) = self.load_deck(id, Some(to))?;
        let tally = |deck: &Deck| {
            let mut map: BTreeMap<(String, String), u32> = BTreeMap::new();
            for e in &deck.entries {
                *map.entry((e.section.clone(), e.card.name.clone()))
                    .or_insert(0) += e.count;
            }
            map
        };
        let (a, b) = (tally(&before), tally(&after));
        let keys: BTreeSet<&(String, String)> = a.keys().chain(b.keys()).collect();
        let mut diff = DeckDiff {
            from,
            to,
            added: 0,
            removed: 0,
            changed: 0,
            lines: Vec::new(),
        };
        for key in keys {
            let (old, new) = (
                a.get(key).copied().unwrap_or(0),
                b.get(key).copied().unwrap_or(0),
            );
            match (old, new) {
                (o, n) if o == n => continue,
                (0, _) => diff.added += 1,
                (_, 0) => diff.removed += 1,
                _ => diff.changed += 1,
            }
            diff.lines.push(DiffLine {
                section: key.0.clone(),
                name: key.1.clone(),
                from: old,
                to: new,
            });
        }
        Ok(diff)
    }
}

/// The plain-text form of a deck: `# game:`/`# side:` header, then sections with
/// `count name` lines. Reading it back gives the same deck.
pub fn deck_to_text(deck: &Deck, name: &str) -> String {
    let mut out = format!("# game: {}\n# name: {name}\n", deck.game);
    if let Some(side) = deck.side {
        out.push_str(&format!("# side: {side}\n"));
    }
    let mut sections: Vec<&str> = Vec::new();
    for entry in &deck.entries {
        if !sections.contains(&entry.section.as_str()) {
            sections.push(&entry.section);
        }
    }
    for section in sections {
        out.push_str(&format!("\n{}\n", section_header(section)));
        for entry in deck.entries.iter().filter(|e| e.section == section) {
            out.push_str(&format!("{} {}\n", entry.count, entry.card.name));
        }
    }
    out
}

fn section_header(section: &str) -> String {
    let mut chars = section.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn content_of(deck: &Deck, name: &str, notes: &str, tags: Vec<String>) -> DeckContent {
    DeckContent {
        game: deck.game.clone(),
        name: name.trim().to_owned(),
        side: deck.side,
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

/// `decks/red-rush.txt` → "Red Rush".
fn default_deck_name(source_name: &str) -> String {
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
