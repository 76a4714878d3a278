//! Decks in the database: saving (each save a new version), listing, loading any version,
//! renaming, duplicating, deleting and restoring.

use deckhand_core::{line_breaker, Side};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::store::write_tx;
use crate::{Store, StoreError};

/// One line of a stored deck: the card is referenced by id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckCard {
    pub section: String,
    pub count: u32,
    pub card: String,
}

/// A deck's content at one version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckContent {
    pub game: String,
    pub name: String,
    pub side: Option<Side>,
    /// The game's format (rule variant) the deck is built for, by id; `None` for the
    /// game's own rules.
    #[serde(default)]
    pub format: Option<String>,
    pub notes: String,
    pub tags: Vec<String>,
    pub cards: Vec<DeckCard>,
}

/// A stored deck at a version, with its identity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoredDeck {
    pub id: i64,
    pub version: i64,
    pub saved_at: String,
    pub deleted: bool,
    #[serde(flatten)]
    pub content: DeckContent,
}

/// A deck as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckSummary {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub card_count: u32,
    pub version: i64,
    pub updated_at: String,
    pub deleted: bool,
}

/// One saved version, as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckVersionSummary {
    pub version: i64,
    pub saved_at: String,
    pub name: String,
    pub card_count: u32,
}

/// A stored, not deleted deck's newest content, for comparing decks with the collection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LiveDeck {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub cards: Vec<DeckCard>,
}

/// A deck with a stable identity (a tag such as `heroes-grid:ranger:12`), so that a
/// repeated import finds it again. The identity is added to the content's tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaggedDeck {
    pub identity: String,
    pub content: DeckContent,
}

/// [`Store::save_deck`] inside the caller's transaction. Every deck save comes here, so
/// this is where a deck name is held to one line: the text export writes it as a header
/// line, and a line break in it would inject lines into the file.
pub(crate) fn save_deck_in(
    tx: &Connection,
    id: Option<i64>,
    content: &DeckContent,
) -> Result<(i64, i64), StoreError> {
    one_line_name(&content.name)?;
    let count = card_count(content);
    let (id, version) = match id {
        None => {
            tx.execute(
                "INSERT INTO decks (game, name, version, card_count) VALUES (?1, ?2, 1, ?3)",
                params![content.game, content.name, count],
            )?;
            (tx.last_insert_rowid(), 1)
        }
        Some(id) => {
            let current: Option<i64> = tx
                .query_row("SELECT version FROM decks WHERE id = ?1", [id], |r| {
                    r.get(0)
                })
                .optional()?;
            let version = current.ok_or(StoreError::NoSuchDeck { id })? + 1;
            tx.execute(
                "UPDATE decks SET name = ?2, version = ?3, card_count = ?4,
                    updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ?1",
                params![id, content.name, version, count],
            )?;
            (id, version)
        }
    };
    tx.execute(
        "INSERT INTO deck_versions (deck_id, version, name, side, notes, tags, cards, format)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            id,
            version,
            content.name,
            content.side.map(Side::as_str),
            content.notes,
            serde_json::to_string(&content.tags).expect("tags serialise"),
            serde_json::to_string(&content.cards).expect("deck cards serialise"),
            content.format,
        ],
    )?;
    Ok((id, version))
}

/// [`Store::save_tagged_deck`] inside the caller's transaction.
pub(crate) fn save_tagged_deck_in(tx: &Connection, deck: &TaggedDeck) -> Result<bool, StoreError> {
    let mut content = deck.content.clone();
    if !content.tags.contains(&deck.identity) {
        content.tags.insert(0, deck.identity.clone());
    }
    let mut stmt = tx.prepare_cached(
        "SELECT d.id, v.name, v.tags, v.cards FROM decks d
         JOIN deck_versions v ON v.deck_id = d.id AND v.version = d.version
         WHERE d.game = ?1 AND d.deleted_at IS NULL ORDER BY d.id",
    )?;
    // Read them all before writing: no write while the query still walks the table.
    let rows = stmt
        .query_map([&content.game], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    for (id, name, tags, cards) in rows {
        let corrupt = |e| corrupt_deck(id, e);
        let tags: Vec<String> = serde_json::from_str(&tags).map_err(corrupt)?;
        if !tags.contains(&deck.identity) {
            continue;
        }
        let cards: Vec<DeckCard> = serde_json::from_str(&cards).map_err(corrupt)?;
        if cards == content.cards && name == content.name {
            return Ok(false);
        }
        save_deck_in(tx, Some(id), &content)?;
        return Ok(true);
    }
    save_deck_in(tx, None, &content)?;
    Ok(true)
}

/// Refuses a deck name with a line break or control character, naming the first one.
fn one_line_name(name: &str) -> Result<(), StoreError> {
    match line_breaker(name) {
        None => Ok(()),
        Some((at, found)) => Err(StoreError::DeckNameNotOneLine {
            name: name.chars().take(80).flat_map(char::escape_debug).collect(),
            found: match found {
                '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}' => "a line break".into(),
                '\t' => "a tab".into(),
                other => format!("the control character U+{:04X}", u32::from(other)),
            },
            at: at + 1,
        }),
    }
}

fn card_count(content: &DeckContent) -> u32 {
    content
        .cards
        .iter()
        .filter(|c| c.section != "side" && c.section != "maybe")
        .fold(0, |n: u32, c| n.saturating_add(c.count))
}

impl Store {
    /// Saves `content` as a new deck (`id` None) or as the next version of deck `id`, in one
    /// transaction. Returns the deck's id and the new version number.
    pub fn save_deck(
        &mut self,
        id: Option<i64>,
        content: &DeckContent,
    ) -> Result<(i64, i64), StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let saved = save_deck_in(&tx, id, content)?;
        tx.commit()?;
        Ok(saved)
    }

    /// Saves `deck` as the live deck carrying its identity tag: a new deck, or the next
    /// version of that deck when its cards or name differ. Returns whether anything was
    /// written, so repeated imports do not pile up identical versions.
    pub fn save_tagged_deck(&mut self, deck: &TaggedDeck) -> Result<bool, StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let saved = save_tagged_deck_in(&tx, deck)?;
        tx.commit()?;
        Ok(saved)
    }

    /// Saves `decks` as new decks, once per database: when the meta key `marker` is set
    /// nothing is written, else the decks and the marker land in one transaction. Returns
    /// how many decks were saved. Deleting one later does not bring it back.
    pub fn save_decks_once(
        &mut self,
        marker: &str,
        decks: &[DeckContent],
    ) -> Result<usize, StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let done: Option<String> = tx
            .query_row("SELECT value FROM meta WHERE key = ?1", [marker], |r| {
                r.get(0)
            })
            .optional()?;
        if done.is_some() {
            return Ok(0);
        }
        for deck in decks {
            save_deck_in(&tx, None, deck)?;
        }
        tx.execute(
            "INSERT INTO meta (key, value) VALUES (?1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
            [marker],
        )?;
        tx.commit()?;
        Ok(decks.len())
    }

    /// Decks of one game (or all), by name; deleted ones only when asked.
    pub fn decks(
        &self,
        game: Option<&str>,
        include_deleted: bool,
    ) -> Result<Vec<DeckSummary>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, name, game, card_count, version, updated_at, deleted_at IS NOT NULL FROM decks
             WHERE (?1 IS NULL OR game = ?1) AND (?2 OR deleted_at IS NULL)
             ORDER BY game, name COLLATE NOCASE, id",
        )?;
        let rows = stmt.query_map(params![game, include_deleted], |r| {
            Ok(DeckSummary {
                id: r.get(0)?,
                name: r.get(1)?,
                game: r.get(2)?,
                card_count: r.get(3)?,
                version: r.get(4)?,
                updated_at: r.get(5)?,
                deleted: r.get(6)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// A deck at `version` (the newest when `None`).
    pub fn deck(&self, id: i64, version: Option<i64>) -> Result<StoredDeck, StoreError> {
        let row = self
            .conn
            .query_row(
                "SELECT d.game, d.deleted_at IS NOT NULL, v.version, v.saved_at, v.name, v.side,
                        v.notes, v.tags, v.cards, v.format
                 FROM decks d JOIN deck_versions v ON v.deck_id = d.id
                 WHERE d.id = ?1 AND v.version = COALESCE(?2, d.version)",
                params![id, version],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, bool>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, Option<String>>(5)?,
                        r.get::<_, String>(6)?,
                        r.get::<_, String>(7)?,
                        r.get::<_, String>(8)?,
                        r.get::<_, Option<String>>(9)?,
                    ))
                },
            )
            .optional()?
            .ok_or(match version {
                Some(version) => StoreError::NoSuchDeckVersion { id, version },
                None => StoreError::NoSuchDeck { id },
            })?;
        let (game, deleted, version, saved_at, name, side, notes, tags, cards, format) = row;
        let corrupt = |e| corrupt_deck(id, e);
        Ok(StoredDeck {
            id,
            version,
            saved_at,
            deleted,
            content: DeckContent {
                game,
                name,
                side: side.as_deref().and_then(Side::parse),
                format,
                notes,
                tags: serde_json::from_str(&tags).map_err(corrupt)?,
                cards: serde_json::from_str(&cards).map_err(corrupt)?,
            },
        })
    }

    /// Every saved version of a deck, oldest first.
    pub fn deck_versions(&self, id: i64) -> Result<Vec<DeckVersionSummary>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT version, saved_at, name, cards FROM deck_versions WHERE deck_id = ?1 ORDER BY version",
        )?;
        let rows = stmt.query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
            ))
        })?;
        let mut versions = Vec::new();
        for row in rows {
            let (version, saved_at, name, cards) = row?;
            let cards: Vec<DeckCard> =
                serde_json::from_str(&cards).map_err(|e| corrupt_deck(id, e))?;
            let card_count = cards
                .iter()
                .filter(|c| c.section != "side" && c.section != "maybe")
                .fold(0, |n: u32, c| n.saturating_add(c.count));
            versions.push(DeckVersionSummary {
                version,
                saved_at,
                name,
                card_count,
            });
        }
        if versions.is_empty() {
            return Err(StoreError::NoSuchDeck { id });
        }
        Ok(versions)
    }

    /// Marks a deck deleted (`true`) or restores it (`false`).
    pub fn set_deck_deleted(&mut self, id: i64, deleted: bool) -> Result<(), StoreError> {
        let changed = self.conn.execute(
            "UPDATE decks SET deleted_at = CASE WHEN ?2 THEN strftime('%Y-%m-%dT%H:%M:%SZ', 'now') END
             WHERE id = ?1",
            params![id, deleted],
        )?;
        if changed == 0 {
            return Err(StoreError::NoSuchDeck { id });
        }
        Ok(())
    }

    /// Decks whose name matches (case-insensitively), newest first.
    pub fn decks_named(&self, name: &str) -> Result<Vec<i64>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id FROM decks WHERE name = ?1 COLLATE NOCASE ORDER BY deleted_at IS NOT NULL, updated_at DESC, id DESC",
        )?;
        let rows = stmt.query_map([name.trim()], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The newest content of every deck that is not deleted, optionally of one game.
    pub fn live_decks(&self, game: Option<&str>) -> Result<Vec<LiveDeck>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT d.id, v.name, d.game, v.cards
             FROM decks d JOIN deck_versions v ON v.deck_id = d.id AND v.version = d.version
             WHERE d.deleted_at IS NULL AND (?1 IS NULL OR d.game = ?1)
             ORDER BY d.game, v.name COLLATE NOCASE, d.id",
        )?;
        let rows = stmt.query_map([game], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
            ))
        })?;
        let mut decks = Vec::new();
        for row in rows {
            let (id, name, game, cards) = row?;
            let cards = serde_json::from_str(&cards).map_err(|e| corrupt_deck(id, e))?;
            decks.push(LiveDeck {
                id,
                name,
                game,
                cards,
            });
        }
        Ok(decks)
    }
}

/// A stored deck whose JSON column does not read back: the database was edited by hand or
/// damaged. Named by deck id so the user can find it.
pub(crate) fn corrupt_deck(id: i64, error: serde_json::Error) -> StoreError {
    StoreError::CorruptRow {
        id: format!("deck {id}"),
        message: error.to_string(),
    }
}
