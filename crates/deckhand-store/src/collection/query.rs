//! Reading the collection and the wishlist, and card identities for matching names.

use std::collections::{HashMap, HashSet};

use deckhand_core::{Condition, Finish};

use super::{CardRef, CollectionRow, CopyKey, SetCompletion, WishlistRow};
use crate::{Store, StoreError};

impl Store {
    /// The collection, optionally of one game, by game, name (numbers as numbers) and key.
    pub fn collection(&self, game: Option<&str>) -> Result<Vec<CollectionRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT c.card, c.finish, c.condition, c.language, c.location, c.game,
                    COALESCE(k.name, c.card), k.set_code, k.number, c.count, c.note
             FROM collection c LEFT JOIN cards k ON k.id = c.card
             WHERE (?1 IS NULL OR c.game = ?1)
             ORDER BY c.game, COALESCE(k.name_order, c.card), c.card, c.finish = 'foil', c.condition,
                      c.language, c.location",
        )?;
        let rows = stmt.query_map([game], |r| {
            Ok(CollectionRow {
                key: CopyKey {
                    card: r.get(0)?,
                    finish: Finish::parse(&r.get::<_, String>(1)?).unwrap_or_default(),
                    condition: Condition::parse(&r.get::<_, String>(2)?),
                    language: r.get(3)?,
                    location: r.get(4)?,
                },
                game: r.get(5)?,
                name: r.get(6)?,
                set: r.get(7)?,
                number: r.get(8)?,
                count: r.get(9)?,
                note: r.get(10)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every row of one card.
    pub fn collection_rows_of(&self, card: &str) -> Result<Vec<CollectionRow>, StoreError> {
        Ok(self
            .collection(None)?
            .into_iter()
            .filter(|r| r.key.card == card)
            .collect())
    }

    /// Copies owned per card id (all finishes, conditions, places), optionally of one
    /// game: one scan of the `collection_by_game` index. For search filters and views.
    pub fn owned_counts(&self, game: Option<&str>) -> Result<HashMap<String, u32>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT card, SUM(count) FROM collection
             WHERE (?1 IS NULL OR game = ?1) GROUP BY card",
        )?;
        let rows = stmt.query_map([game], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Copies wanted per card id (the wishlist), optionally of one game.
    pub fn wanted_counts(&self, game: Option<&str>) -> Result<HashMap<String, u32>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT card, count FROM wishlist WHERE (?1 IS NULL OR game = ?1)")?;
        let rows = stmt.query_map([game], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Changes whenever the database may have changed: SQLite's `data_version` (commits by
    /// other connections, other processes included) and the rows this connection changed.
    /// Equal markers mean nothing was written in between; cheap enough to ask per search.
    pub fn change_marker(&self) -> Result<(i64, u64), StoreError> {
        let version: i64 = self
            .conn
            .query_row("PRAGMA data_version", [], |r| r.get(0))?;
        Ok((version, self.conn.total_changes()))
    }

    /// Copies owned per folded card name within one game: any printing of a card can be
    /// played in its place.
    pub fn owned_by_name(&self, game: &str) -> Result<HashMap<String, u32>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT k.name_key, SUM(c.count) FROM collection c JOIN cards k ON k.id = c.card
             WHERE c.game = ?1 GROUP BY k.name_key",
        )?;
        let rows = stmt.query_map([game], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Copies owned of every printing named `name_key` in `game`.
    pub fn owned_named(&self, game: &str, name_key: &str) -> Result<u32, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT COALESCE(SUM(c.count), 0) FROM cards k JOIN collection c ON c.card = k.id
             WHERE k.game = ?1 AND k.name_key = ?2",
        )?;
        Ok(stmt.query_row([game, name_key], |r| r.get(0))?)
    }

    /// The wishlist, optionally of one game.
    pub fn wishlist(&self, game: Option<&str>) -> Result<Vec<WishlistRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT w.card, w.game, COALESCE(k.name, w.card), w.count, w.note
             FROM wishlist w LEFT JOIN cards k ON k.id = w.card
             WHERE (?1 IS NULL OR w.game = ?1)
             ORDER BY w.game, COALESCE(k.name_order, w.card), w.card",
        )?;
        let rows = stmt.query_map([game], |r| {
            Ok(WishlistRow {
                card: r.get(0)?,
                game: r.get(1)?,
                name: r.get(2)?,
                count: r.get(3)?,
                note: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every card's identity for resolving names in bulk, optionally of one game.
    pub fn card_refs(&self, game: Option<&str>) -> Result<Vec<CardRef>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, game, name, name_key, set_code, number FROM cards
             WHERE (?1 IS NULL OR game = ?1) ORDER BY game, id",
        )?;
        let rows = stmt.query_map([game], card_ref)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The identity of each of these card ids (unknown ids are left out).
    pub fn card_refs_by_id(
        &self,
        ids: impl IntoIterator<Item = impl AsRef<str>>,
    ) -> Result<HashMap<String, CardRef>, StoreError> {
        let ids: HashSet<String> = ids.into_iter().map(|id| id.as_ref().to_owned()).collect();
        // One statement for all of them: a thousand decks name tens of thousands of ids, and
        // a query per id costs more in round trips than the lookups themselves.
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, game, name, name_key, set_code, number FROM cards
             WHERE id IN (SELECT value FROM json_each(?1))",
        )?;
        let list = serde_json::to_string(&ids).expect("a set of strings always serializes");
        let rows = stmt.query_map([list], card_ref)?;
        let mut refs = HashMap::with_capacity(ids.len());
        for card in rows {
            let card = card?;
            refs.insert(card.id.clone(), card);
        }
        Ok(refs)
    }

    /// The ids of every printing named `name_key` in `game`.
    pub fn card_ids_named(&self, game: &str, name_key: &str) -> Result<Vec<String>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT id FROM cards WHERE game = ?1 AND name_key = ?2")?;
        let rows = stmt.query_map([game, name_key], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
    /// Per game and set: how many of the set's cards have at least one copy owned.
    pub fn set_completion(&self, game: Option<&str>) -> Result<Vec<SetCompletion>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT k.game, k.set_code, COALESCE(s.name, k.set_code),
                    SUM(EXISTS (SELECT 1 FROM collection c WHERE c.card = k.id)), COUNT(*)
             FROM cards k LEFT JOIN sets s ON s.game = k.game AND s.code = k.set_code
             WHERE k.set_code IS NOT NULL AND (?1 IS NULL OR k.game = ?1)
             GROUP BY k.game, k.set_code
             ORDER BY k.game, k.set_code",
        )?;
        let rows = stmt.query_map([game], |r| {
            Ok(SetCompletion {
                game: r.get(0)?,
                set: r.get(1)?,
                set_name: r.get(2)?,
                owned: r.get(3)?,
                total: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

fn card_ref(r: &rusqlite::Row) -> rusqlite::Result<CardRef> {
    Ok(CardRef {
        id: r.get(0)?,
        game: r.get(1)?,
        name: r.get(2)?,
        name_key: r.get(3)?,
        set: r.get(4)?,
        number: r.get(5)?,
    })
}
