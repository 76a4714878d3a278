//! Card images (migration 8): one front image per card, its bytes as the user gave them,
//! its size and a thumbnail made once when it was stored. The store checks nothing about
//! the bytes: the facade decodes and measures an image before it hands it over.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::card_import::CardImport;
use crate::store::write_tx;
use crate::{Store, StoreError};

/// What a card's JSON says of its image: the pixels and the stored bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ImageInfo {
    pub width: u32,
    pub height: u32,
    pub bytes: u64,
}

/// An image to store for a card, already checked and measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewImage {
    pub card: String,
    /// `png`, `jpeg` or `webp` (the table's CHECK refuses anything else).
    pub format: &'static str,
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
    pub thumbnail: Vec<u8>,
}

/// A stored image's bytes and format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredImage {
    pub format: String,
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl Store {
    /// Stores (or replaces) the images of several cards in one transaction. Each card must
    /// exist: a foreign key refuses an image of an unknown card.
    pub fn set_card_images(&mut self, images: &[NewImage]) -> Result<(), StoreError> {
        let mut write = self.begin_images()?;
        for image in images {
            write.put(image)?;
        }
        write.commit()
    }

    /// Removes a card's image; false when it had none.
    pub fn remove_card_image(&mut self, card: &str) -> Result<bool, StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let removed = tx.execute("DELETE FROM card_images WHERE card = ?1", [card])?;
        tx.commit()?;
        Ok(removed > 0)
    }

    /// A card's full image, if it has one.
    pub fn card_image(&self, card: &str) -> Result<Option<StoredImage>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT format, width, height, data FROM card_images WHERE card = ?1")?
            .query_row([card], |row| {
                Ok(StoredImage {
                    format: row.get(0)?,
                    width: row.get(1)?,
                    height: row.get(2)?,
                    data: row.get(3)?,
                })
            })
            .optional()?)
    }

    /// A card's thumbnail (a JPEG), if it has an image.
    pub fn card_thumbnail(&self, card: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT thumbnail FROM card_images WHERE card = ?1")?
            .query_row([card], |row| row.get(0))
            .optional()?)
    }

    /// The image sizes of every card that has an image, of one game or all, by card id:
    /// one indexed scan that reads no image bytes.
    pub fn image_infos(
        &self,
        game: Option<&str>,
    ) -> Result<HashMap<String, ImageInfo>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT i.card, i.width, i.height, length(i.data) FROM card_images i
             JOIN cards c ON c.id = i.card WHERE ?1 IS NULL OR c.game = ?1",
        )?;
        let rows = stmt.query_map([game], |row| {
            Ok((
                row.get::<_, String>(0)?,
                ImageInfo {
                    width: row.get(1)?,
                    height: row.get(2)?,
                    bytes: row.get::<_, i64>(3)?.max(0) as u64,
                },
            ))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// One card's image size, if it has an image.
    pub fn image_info(&self, card: &str) -> Result<Option<ImageInfo>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT width, height, length(data) FROM card_images WHERE card = ?1")?
            .query_row([card], |row| {
                Ok(ImageInfo {
                    width: row.get(0)?,
                    height: row.get(1)?,
                    bytes: row.get::<_, i64>(2)?.max(0) as u64,
                })
            })
            .optional()?)
    }
}

/// Images written one by one in one transaction (see [`Store::begin_images`]); dropped
/// without [`ImageWrite::commit`], it writes nothing.
pub struct ImageWrite<'s> {
    tx: rusqlite::Transaction<'s>,
}

impl Store {
    /// Starts writing many images in one transaction, so that a folder of them is read,
    /// checked and stored one at a time and lands whole or not at all.
    pub fn begin_images(&mut self) -> Result<ImageWrite<'_>, StoreError> {
        Ok(ImageWrite {
            tx: write_tx(&mut self.conn)?,
        })
    }
}

impl ImageWrite<'_> {
    /// Stores (or replaces) one card's image.
    pub fn put(&mut self, image: &NewImage) -> Result<(), StoreError> {
        put(&self.tx, image)
    }

    pub fn commit(self) -> Result<(), StoreError> {
        self.tx.commit()?;
        Ok(())
    }
}

impl CardImport<'_> {
    /// Stores a card's image in the import's transaction (a card pack): it lands with the
    /// cards or not at all. The card must be stored already, by this run or before.
    pub fn image(&mut self, image: &NewImage) -> Result<(), StoreError> {
        put(self.transaction(), image)
    }
}

fn put(conn: &Connection, image: &NewImage) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO card_images (card, format, width, height, data, thumbnail)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (card) DO UPDATE SET
            format = excluded.format, width = excluded.width, height = excluded.height,
            data = excluded.data, thumbnail = excluded.thumbnail,
            added_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
    )?
    .execute(params![
        image.card,
        image.format,
        image.width,
        image.height,
        image.data,
        image.thumbnail
    ])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(card: &str) -> NewImage {
        NewImage {
            card: card.into(),
            format: "png",
            width: 3,
            height: 4,
            data: vec![1, 2, 3, 4, 5],
            thumbnail: vec![9],
        }
    }

    const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Unit"
[[sections]]
id = "main"
name = "Main"
"#;

    fn store_with_card() -> (Store, String) {
        let games = deckhand_core::Games::from_sources([("tiny.toml", GAME)]).unwrap();
        let mut store = Store::open_in_memory().unwrap();
        store.sync_games(games.iter()).unwrap();
        let json = r#"{"game": "tiny", "cards": [{"id": "t-1", "name": "One", "type": "Unit"}]}"#;
        let set = deckhand_core::CardSet::from_json("t.json", json, &games).unwrap();
        store.import(&[set]).unwrap();
        (store, "t-1".into())
    }

    #[test]
    fn an_image_is_stored_replaced_measured_and_removed() {
        let (mut store, id) = store_with_card();
        assert_eq!(store.image_info(&id).unwrap(), None);
        store.set_card_images(&[image(&id)]).unwrap();
        let info = ImageInfo {
            width: 3,
            height: 4,
            bytes: 5,
        };
        assert_eq!(store.image_info(&id).unwrap(), Some(info));
        assert_eq!(store.image_infos(Some("tiny")).unwrap()[&id], info);
        assert!(store.image_infos(Some("other")).unwrap().is_empty());
        let mut bigger = image(&id);
        bigger.data = vec![0; 7];
        store.set_card_images(&[bigger]).unwrap();
        assert_eq!(store.card_image(&id).unwrap().unwrap().data.len(), 7);
        assert_eq!(store.card_thumbnail(&id).unwrap(), Some(vec![9]));
        assert!(store.remove_card_image(&id).unwrap());
        assert!(!store.remove_card_image(&id).unwrap());
        assert_eq!(store.card_image(&id).unwrap(), None);
    }

    #[test]
    fn an_image_of_an_unknown_card_is_refused_and_nothing_is_stored() {
        let (mut store, id) = store_with_card();
        let err = store
            .set_card_images(&[image(&id), image("no-such-card")])
            .unwrap_err();
        assert!(matches!(err, StoreError::Sqlite(_)), "{err:?}");
        assert_eq!(store.image_info(&id).unwrap(), None);
    }
}
