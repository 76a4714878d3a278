//! Cards a player adds, edits and deletes one at a time, and the one-step card undo that
//! also covers the last card import (the journal is written by `card_import.rs`).
//!
//! A card is never deleted while anything refers to it: decks and the collection refer to
//! cards by id without a foreign key (they must outlive a reload of the card data), so
//! the check is made here, and it names what uses the card.

use std::collections::{BTreeMap, HashSet};

use deckhand_core::Card;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::card_import::{bump_generation, journal_card, save_card_in, start_journal};
use crate::store::write_tx;
use crate::{Store, StoreError};

/// What the last undoable card change was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardUndoLabel {
    pub label: String,
    pub made_at: String,
}

/// What [`Store::undo_cards`] put back: the cards restored (for the search index) and
/// those removed again because the change had added them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CardUndoReport {
    pub label: String,
    pub made_at: String,
    pub restored: Vec<String>,
    pub removed: Vec<String>,
}

/// A card column whose values [`Store::card_values`] lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardColumn {
    Color,
    Set,
    Side,
}

/// Whether [`Store::save_card`] makes a card or changes one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveCard {
    /// The id must be free.
    New,
    /// The id must be a card of the same game.
    Existing,
}

impl Store {
    /// Adds or updates one card in one transaction, journaled under `label` for undo.
    /// Returns whether anything changed (an edit that changes nothing writes nothing and
    /// keeps the previous undo).
    pub fn save_card(
        &mut self,
        card: &Card,
        mode: SaveCard,
        label: &str,
    ) -> Result<bool, StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let existing: Option<(String, String)> = tx
            .query_row(
                "SELECT name, game FROM cards WHERE id = ?1",
                [&card.id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        match (mode, existing) {
            (SaveCard::New, Some((name, game))) => {
                return Err(StoreError::CardExists {
                    id: card.id.clone(),
                    name,
                    game,
                })
            }
            (SaveCard::Existing, None) => {
                return Err(StoreError::NoSuchCard {
                    id: card.id.clone(),
                })
            }
            (SaveCard::Existing, Some((name, game))) if game != card.game => {
                return Err(StoreError::IdInOtherGame {
                    source_name: label.to_owned(),
                    id: card.id.clone(),
                    existing_name: name,
                    existing_game: game,
                    new_game: card.game.clone(),
                })
            }
            _ => {}
        }
        if unchanged(&tx, card)? {
            return Ok(false);
        }
        start_journal(&tx, label)?;
        journal_card(&tx, &card.id, &card.game)?;
        save_card_in(&tx, card)?;
        bump_generation(&tx)?;
        tx.commit()?;
        Ok(true)
    }

    /// Deletes a card in one transaction, journaled under `label`; refused while a deck
    /// (any version, a deleted deck's too: it can be restored), the collection or the
    /// wishlist uses it.
    pub fn delete_card(&mut self, id: &str, label: &str) -> Result<(), StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let found: Option<(String, String)> = tx
            .query_row("SELECT name, game FROM cards WHERE id = ?1", [id], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()?;
        let Some((name, game)) = found else {
            return Err(StoreError::NoSuchCard { id: id.to_owned() });
        };
        let uses = card_uses(&tx, id)?;
        if !uses.is_empty() {
            return Err(StoreError::CardInUse {
                id: id.to_owned(),
                name,
                uses,
            });
        }
        start_journal(&tx, label)?;
        journal_card(&tx, id, &game)?;
        // The image goes with the card (ON DELETE CASCADE): keep it for the undo.
        tx.execute(
            "INSERT INTO card_undo_images (card, format, width, height, data, thumbnail, added_at)
             SELECT card, format, width, height, data, thumbnail, added_at
             FROM card_images WHERE card = ?1",
            [id],
        )?;
        tx.execute("DELETE FROM cards WHERE id = ?1", [id])?;
        bump_generation(&tx)?;
        tx.commit()?;
        self.forget_unreadable(id);
        Ok(())
    }

    /// What uses a card: decks (naming the versions when not the newest), the collection,
    /// the wishlist. Empty when nothing does.
    pub fn card_uses(&self, id: &str) -> Result<Vec<String>, StoreError> {
        card_uses(&self.conn, id)
    }

    /// Puts back every card the last card change or import touched, once: cards it
    /// changed or deleted return as they were, cards it added go again. Refused (nothing
    /// changes) while a deck or the collection uses a card it would remove. `None` when
    /// there is nothing to undo.
    pub fn undo_cards(&mut self) -> Result<Option<CardUndoReport>, StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let Some(label) = undo_label(&tx)? else {
            return Ok(None);
        };
        let mut restored = Vec::new();
        let mut removed = Vec::new();
        {
            let mut stmt = tx.prepare("SELECT id, existed FROM card_undo ORDER BY id")?;
            let rows =
                stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, bool>(1)?)))?;
            for row in rows {
                let (id, existed) = row?;
                if existed {
                    restored.push(id);
                } else {
                    removed.push(id);
                }
            }
        }
        if !removed.is_empty() {
            let used = used_card_ids(&tx)?;
            if let Some(id) = removed.iter().find(|id| used.contains(id.as_str())) {
                let name: String = tx
                    .query_row("SELECT name FROM cards WHERE id = ?1", [id], |r| r.get(0))
                    .optional()?
                    .unwrap_or_default();
                return Err(StoreError::CardInUse {
                    id: id.clone(),
                    name,
                    uses: card_uses(&tx, id)?,
                });
            }
        }
        tx.execute(
            "DELETE FROM cards WHERE id IN (SELECT id FROM card_undo WHERE existed = 0)",
            [],
        )?;
        tx.execute(
            "INSERT INTO cards (id, game, name, name_key, type, set_code, number, side, color,
                                subtypes, keywords, text, stats, content_hash, effects, goldfish,
                                name_order)
             SELECT id, game, name, name_key, type, set_code, number, side, color,
                    subtypes, keywords, text, stats, content_hash, effects, goldfish,
                    natural_key(name_key)
             FROM card_undo WHERE existed = 1
             ON CONFLICT (id) DO UPDATE SET
                game = excluded.game, name = excluded.name, name_key = excluded.name_key,
                type = excluded.type, set_code = excluded.set_code, number = excluded.number,
                side = excluded.side, color = excluded.color, subtypes = excluded.subtypes,
                keywords = excluded.keywords, text = excluded.text, stats = excluded.stats,
                content_hash = excluded.content_hash, effects = excluded.effects,
                goldfish = excluded.goldfish, name_order = excluded.name_order",
            [],
        )?;
        // Images of deleted cards return with them (only a delete journals one).
        tx.execute(
            "INSERT OR REPLACE INTO card_images (card, format, width, height, data, thumbnail, added_at)
             SELECT i.card, i.format, i.width, i.height, i.data, i.thumbnail, i.added_at
             FROM card_undo_images i JOIN cards c ON c.id = i.card",
            [],
        )?;
        tx.execute("DELETE FROM card_undo", [])?;
        tx.execute("DELETE FROM card_undo_images", [])?;
        tx.execute("DELETE FROM card_undo_label", [])?;
        bump_generation(&tx)?;
        tx.commit()?;
        Ok(Some(CardUndoReport {
            label: label.label,
            made_at: label.made_at,
            restored,
            removed,
        }))
    }

    /// The distinct values of a text column (`color`, `set_code`) among a game's cards,
    /// sorted: the choices the card form offers.
    pub fn card_values(&self, game: &str, column: CardColumn) -> Result<Vec<String>, StoreError> {
        let column = match column {
            CardColumn::Color => "color",
            CardColumn::Set => "set_code",
            CardColumn::Side => "side",
        };
        let mut stmt = self.conn.prepare(&format!(
            "SELECT DISTINCT {column} FROM cards WHERE game = ?1 AND {column} IS NOT NULL
             ORDER BY {column} COLLATE NOCASE"
        ))?;
        let rows = stmt.query_map([game], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// What an undo of the cards would revert, if anything.
    pub fn card_undo_label(&self) -> Result<Option<CardUndoLabel>, StoreError> {
        undo_label(&self.conn)
    }
}

fn undo_label(conn: &Connection) -> Result<Option<CardUndoLabel>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT label, made_at FROM card_undo_label WHERE id = 1",
            [],
            |r| {
                Ok(CardUndoLabel {
                    label: r.get(0)?,
                    made_at: r.get(1)?,
                })
            },
        )
        .optional()?)
}

/// Whether the stored card is exactly `card`.
fn unchanged(tx: &Connection, card: &Card) -> Result<bool, StoreError> {
    let stored = tx
        .prepare_cached(&format!(
            "SELECT {} FROM cards WHERE id = ?1",
            crate::store::CARD_COLUMNS
        ))?
        .query_row([&card.id], crate::store::card_from_row)
        .optional()?
        .transpose()?;
    Ok(stored.as_ref() == Some(card))
}

/// Everything that uses card `id`, one line each: `deck 'Name'` (its newest version),
/// `deck 'Name' (versions 1, 2)` (only older ones), `deleted deck 'Name'`, `the
/// collection (3 copies)`, `the wishlist`.
fn card_uses(conn: &Connection, id: &str) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT d.id, d.name, d.version, d.deleted_at IS NOT NULL, v.version
         FROM deck_versions v JOIN decks d ON d.id = v.deck_id
         WHERE EXISTS (SELECT 1 FROM json_each(v.cards) j
                       WHERE json_extract(j.value, '$.card') = ?1)
         ORDER BY d.name COLLATE NOCASE, d.id, v.version",
    )?;
    let rows = stmt.query_map([id], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, bool>(3)?,
            r.get::<_, i64>(4)?,
        ))
    })?;
    // deck id → (name, deleted, newest version uses it, older versions that do)
    let mut decks: BTreeMap<(String, i64), (bool, bool, Vec<i64>)> = BTreeMap::new();
    for row in rows {
        let (deck, name, newest, deleted, version) = row?;
        let entry = decks
            .entry((name, deck))
            .or_insert((deleted, false, Vec::new()));
        if version == newest {
            entry.1 = true;
        } else {
            entry.2.push(version);
        }
    }
    let mut uses: Vec<String> = decks
        .into_iter()
        .map(|((name, _), (deleted, newest, older))| {
            let deck = if deleted {
                format!("deleted deck '{name}'")
            } else {
                format!("deck '{name}'")
            };
            if newest {
                deck
            } else {
                let versions: Vec<String> = older.iter().map(i64::to_string).collect();
                let plural = if older.len() == 1 { "" } else { "s" };
                format!("{deck} (version{plural} {})", versions.join(", "))
            }
        })
        .collect();
    let copies: i64 = conn.query_row(
        "SELECT COALESCE(SUM(count), 0) FROM collection WHERE card = ?1",
        [id],
        |r| r.get(0),
    )?;
    if copies > 0 {
        let plural = if copies == 1 { "copy" } else { "copies" };
        uses.push(format!("the collection ({copies} {plural})"));
    }
    let wanted: Option<i64> = conn
        .query_row(
            "SELECT count FROM wishlist WHERE card = ?1",
            params![id],
            |r| r.get(0),
        )
        .optional()?;
    if wanted.is_some() {
        uses.push("the wishlist".to_owned());
    }
    Ok(uses)
}

/// Every card id a deck version, the collection or the wishlist refers to (read once, for
/// checking many cards).
fn used_card_ids(conn: &Connection) -> Result<HashSet<String>, StoreError> {
    let mut stmt = conn.prepare(
        "SELECT json_extract(j.value, '$.card') FROM deck_versions v, json_each(v.cards) j
         UNION SELECT card FROM collection
         UNION SELECT card FROM wishlist",
    )?;
    let rows = stmt.query_map([], |r| r.get::<_, Option<String>>(0))?;
    let mut used = HashSet::new();
    for row in rows {
        if let Some(id) = row? {
            used.insert(id);
        }
    }
    Ok(used)
}

#[cfg(test)]
#[path = "card_edit_tests.rs"]
mod tests;
