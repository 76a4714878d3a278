//! Deck files: reading a text deck list against the card database and checking it.

use std::collections::{BTreeMap, BTreeSet};

use deckhand_core::{
    check_deck, deck_header, read_deck_file, write_deck_file, Deck, DeckEntry, DeckFile,
    DeckFormat, Legality, Severity, Side,
};
use deckhand_store::{DeckCard, DeckContent, DeckSummary, DeckVersionSummary, StoredDeck};
use serde::Serialize;

use crate::{Deckhand, Error, Result};

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
            DeckFormat::Text => deck_header(text).game,
            DeckFormat::Json => serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("game").and_then(|g| g.as_str()).map(str::to_owned)),
            _ => None,
        };
        let game_id = match (game, declared.as_deref()) {
            (Some(given), Some(declared)) if given != declared => {
                return Err(Error::DeckGame {
                    source_name: source_name.to_owned(),
                    message: format!(
                        "the file says it is for '{declared}' but the game asked for is '{given}'"
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
        let mut entries = Vec::with_capacity(file.lines.len());
        let mut unknown = Vec::new();
        for line in &file.lines {
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
                    section: line.section.clone(),
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
                    let place = if format == DeckFormat::Text {
                        "line"
                    } else {
                        "card"
                    };
                    unknown.push(format!("{place} {} '{}'{hint}", line.line, line.name));
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
        let deck = Deck {
            game: game.id.clone(),
            side: side.or(file.side),
            entries,
        };
        Ok((deck, file))
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
        ))
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
    /// Reads a deck file and saves it as a new deck, named `name`, else the file's own
    /// name, else after the file. Nothing is saved if any card fails.
    pub fn import_deck(
        &mut self,
        format: DeckFormat,
        source_name: &str,
        text: &str,
        game: Option<&str>,
        name: Option<&str>,
    ) -> Result<StoredDeck> {
        let (deck, file) = self.read_deck(format, source_name, text, game, None)?;
        let name = name
            .map(str::to_owned)
            .or(file.name)
            .unwrap_or_else(|| default_deck_name(source_name));
        self.save_new_deck(&deck, &name, &file.notes)
    }

    /// Reads a deck file and saves it as the next version of deck `id` (keeping its
    /// name, notes and tags).
    pub fn import_deck_version(
        &mut self,
        id: i64,
        format: DeckFormat,
        source_name: &str,
        text: &str,
    ) -> Result<StoredDeck> {
        let current = self.store().deck(id, None)?.content;
        let (deck, _) =
            self.read_deck(format, source_name, text, Some(&current.game), current.side)?;
        let content = content_of(&deck, &current.name, &current.notes, current.tags);
        let (_, version) = self.store_mut().save_deck(Some(id), &content)?;
        Ok(self.store().deck(id, Some(version))?)
    }

    /// Saves `deck` as the live deck of `game` tagged `identity` (a stable key such as
    /// `heroes-grid:ranger:12`): a new deck, or its next version when the cards or name
    /// differ. Returns whether anything was written, so repeated imports do not pile up
    /// identical versions.
    pub fn save_deck_if_changed(
        &mut self,
        deck: &Deck,
        identity: &str,
        name: &str,
        notes: &str,
    ) -> Result<bool> {
        let content = content_of(deck, name, notes, vec![identity.to_owned()]);
        for summary in self.store().decks(Some(&deck.game), false)? {
            let existing = self.store().deck(summary.id, None)?;
            if !existing.content.tags.iter().any(|t| t == identity) {
                continue;
            }
            if existing.content.cards == content.cards && existing.content.name == content.name {
                return Ok(false);
            }
            self.store_mut().save_deck(Some(summary.id), &content)?;
            return Ok(true);
        }
        self.store_mut().save_deck(None, &content)?;
        Ok(true)
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

    /// The deck list as the app shows it: each deck with its tags and its verdict.
    pub fn deck_list_items(
        &self,
        game: Option<&str>,
        include_deleted: bool,
    ) -> Result<Vec<DeckListItem>> {
        self.list_decks(game, include_deleted)?
            .into_iter()
            .map(|summary| {
                let (stored, deck) = self.load_deck(summary.id, None)?;
                let legality = self.check_deck(&deck)?;
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

/// One deck in the app's deck list: the summary, its tags and whether it is legal.
#[derive(Debug, Clone, Serialize)]
pub struct DeckListItem {
    #[serde(flatten)]
    pub summary: DeckSummary,
    pub tags: Vec<String>,
    pub legal: bool,
    /// How many errors the construction rules find.
    pub errors: usize,
}

/// A deck as the editor shows it: its content with every card resolved, and the verdict.
#[derive(Debug, Clone, Serialize)]
pub struct DeckView {
    pub id: i64,
    pub version: i64,
    pub saved_at: String,
    pub deleted: bool,
    pub name: String,
    pub game: String,
    pub side: Option<Side>,
    pub notes: String,
    pub tags: Vec<String>,
    pub entries: Vec<DeckEntry>,
    pub legality: Legality,
}

impl Deckhand {
    /// A stored deck at `version` (newest when `None`), resolved and checked.
    pub fn deck_view(&self, id: i64, version: Option<i64>) -> Result<DeckView> {
        let (stored, deck) = self.load_deck(id, version)?;
        let legality = self.check_deck(&deck)?;
        let DeckContent {
            game,
            name,
            side,
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
            notes,
            tags,
            entries: deck.entries,
            legality,
        })
    }

    /// Resolves an unsaved deck (cards by id) for checking.
    fn resolve_draft(&self, draft: &DeckContent) -> Result<Deck> {
        self.games().get(&draft.game)?;
        let ids: Vec<&str> = draft.cards.iter().map(|c| c.card.as_str()).collect();
        let cards = self.store().cards_by_ids(&ids)?;
        let mut entries = Vec::with_capacity(draft.cards.len());
        for line in draft.cards.iter().filter(|l| l.count > 0) {
            let card = cards
                .iter()
                .find(|c| c.id == line.card && c.game == draft.game)
                .ok_or_else(|| Error::CardNotFound {
                    query: line.card.clone(),
                    game: Some(draft.game.clone()),
                    suggestions: Vec::new(),
                })?;
            if !self.games().get(&draft.game)?.has_section(&line.section) {
                return Err(Error::DeckGame {
                    source_name: draft.name.clone(),
                    message: format!("'{}' is not a deck section of {}", line.section, draft.game),
                });
            }
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
        self.check_deck(&self.resolve_draft(draft)?)
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
        let content = content_of(&deck, name, &draft.notes, draft.tags.clone());
        let (id, version) = self.store_mut().save_deck(id, &content)?;
        self.deck_view(id, Some(version))
    }

    /// Imports a deck file from disk (format by extension) as a new deck.
    pub fn import_deck_path(
        &mut self,
        path: &std::path::Path,
        game: Option<&str>,
    ) -> Result<DeckView> {
        let text = std::fs::read_to_string(path).map_err(|e| Error::ReadFile {
            path: path.to_owned(),
            message: e.to_string(),
        })?;
        let label = path.display().to_string();
        let format = DeckFormat::from_path(&label).unwrap_or(DeckFormat::Text);
        let stored = self.import_deck(format, &label, &text, game, None)?;
        self.deck_view(stored.id, Some(stored.version))
    }

    /// Writes a stored deck to disk in the format its extension names (text otherwise).
    pub fn export_deck_path(&self, id: i64, path: &std::path::Path) -> Result<()> {
        let format = DeckFormat::from_path(&path.display().to_string()).unwrap_or(DeckFormat::Text);
        let text = self.export_deck(id, None, format)?;
        std::fs::write(path, text).map_err(|e| Error::ReadFile {
            path: path.to_owned(),
            message: format!("cannot write: {e}"),
        })
    }
}
