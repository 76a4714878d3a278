//! Light card rows for lists that show a window of a large game: the columns a list or
//! grid draws, read one window at a time in the browser's order.

use std::collections::BTreeMap;

use deckhand_core::{Side, StatValue};
use rusqlite::{OptionalExtension, Row};
use serde::Serialize;

use crate::{ImageInfo, Store, StoreError};

/// How many stats a row carries: the list's headline shows the first three.
pub const ROW_STATS: usize = 3;

/// A card as a list shows it: not the whole card (no text, keywords or effects).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardRow {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub card_type: String,
    pub set: Option<String>,
    pub side: Option<Side>,
    /// The card's first [`ROW_STATS`] stats, in the card's (alphabetical) order.
    pub stats: BTreeMap<String, StatValue>,
    /// Its stored image's size (the grid's thumbnail), `null` without one.
    pub image: Option<ImageInfo>,
}

const ROW_COLUMNS: &str =
    "c.id, c.name, c.type, c.set_code, c.side, c.stats, i.width, i.height, length(i.data)";

impl Store {
    /// Up to `limit` rows of `game`'s cards from `offset` on, in the order of
    /// [`Store::cards`] (name, numbers as numbers, then id). The window is chosen on the
    /// covering index `cards_by_game_order` (migration 12), so skipping rows never reads
    /// the table; only the rows returned are read.
    pub fn card_rows(
        &self,
        game: &str,
        offset: usize,
        limit: usize,
    ) -> Result<Vec<CardRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {ROW_COLUMNS}
             FROM (SELECT id FROM cards WHERE game = ?1 ORDER BY name_order, id
                   LIMIT ?2 OFFSET ?3) AS page
             JOIN cards c ON c.id = page.id
             LEFT JOIN card_images i ON i.card = c.id
             ORDER BY c.name_order, c.id"
        ))?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let offset = i64::try_from(offset).unwrap_or(i64::MAX);
        let rows = stmt.query_map(rusqlite::params![game, limit, offset], row_from)?;
        let mut out = Vec::new();
        for row in rows {
            // A row that cannot be read is left out and remembered, as bulk reads do: one
            // damaged row must not empty the whole window.
            out.extend(self.skip_unreadable(row?)?);
        }
        Ok(out)
    }

    /// The rows of the cards with these ids, in the order given (unknown ids and unreadable
    /// rows skipped).
    pub fn card_rows_by_ids(&self, ids: &[&str]) -> Result<Vec<CardRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {ROW_COLUMNS} FROM cards c LEFT JOIN card_images i ON i.card = c.id
             WHERE c.id = ?1"
        ))?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(row) = stmt.query_row([id], row_from).optional()? {
                out.extend(self.skip_unreadable(row)?);
            }
        }
        Ok(out)
    }

    /// The set codes `game`'s cards name, sorted. Read from the game's few sets, each
    /// kept when a card names it (the first one found), never by reading every card.
    pub fn card_set_codes(&self, game: &str) -> Result<Vec<String>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT s.code FROM sets s WHERE s.game = ?1
             AND EXISTS (SELECT 1 FROM cards c WHERE c.game = s.game AND c.set_code = s.code)
             ORDER BY s.code",
        )?;
        let codes = stmt.query_map([game], |row| row.get(0))?;
        Ok(codes.collect::<Result<_, _>>()?)
    }
}

/// Reads one row; stats that do not parse are a [`StoreError::CorruptRow`], not a panic.
fn row_from(row: &Row) -> rusqlite::Result<Result<CardRow, StoreError>> {
    let id: String = row.get(0)?;
    let side: Option<String> = row.get(4)?;
    let stats: String = row.get(5)?;
    let stats: BTreeMap<String, StatValue> = match serde_json::from_str(&stats) {
        Ok(stats) => stats,
        Err(e) => {
            return Ok(Err(StoreError::CorruptRow {
                id,
                message: e.to_string(),
            }))
        }
    };
    let image = match row.get::<_, Option<u32>>(6)? {
        Some(width) => Some(ImageInfo {
            width,
            height: row.get(7)?,
            bytes: row.get::<_, i64>(8)?.max(0) as u64,
        }),
        None => None,
    };
    Ok(Ok(CardRow {
        name: row.get(1)?,
        card_type: row.get(2)?,
        set: row.get(3)?,
        side: side.as_deref().and_then(Side::parse),
        stats: stats.into_iter().take(ROW_STATS).collect(),
        image,
        id,
    }))
}

#[cfg(test)]
mod tests;
