//! The one-step undo journal: the rows a change touched, as they were before it.

use deckhand_core::{Condition, Finish};
use rusqlite::{params, OptionalExtension, Transaction};

use super::change::{write_row, write_wish};
use super::{condition_text, CopyKey, UndoReport, LIST_WISHLIST};
use crate::store::write_tx;
use crate::{Store, StoreError};

pub(super) struct Journal<'t> {
    pub(super) tx: &'t Transaction<'t>,
}

impl Journal<'_> {
    /// Records a row's state before the change; only the first record per row counts,
    /// so an import touching a row twice still undoes to the state before the import.
    pub(super) fn record(
        &self,
        list: &str,
        key: &CopyKey,
        game: &str,
        before: Option<&(u32, String)>,
    ) -> Result<(), StoreError> {
        let mut stmt = self.tx.prepare_cached(
            "INSERT OR IGNORE INTO collection_undo
                (list, card, finish, condition, language, location, game, count, note)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        )?;
        stmt.execute(params![
            list,
            key.card,
            key.finish.as_str(),
            condition_text(key.condition),
            key.language,
            key.location,
            game,
            before.map(|b| b.0),
            before.map(|b| b.1.as_str()),
        ])?;
        Ok(())
    }
}

impl Store {
    /// Puts back every row the last change or import touched, once. `None` when there is
    /// nothing to undo.
    pub fn undo_collection(&mut self) -> Result<Option<UndoReport>, StoreError> {
        let tx = write_tx(&mut self.conn)?;
        let label: Option<(String, String)> = tx
            .query_row(
                "SELECT label, made_at FROM collection_undo_label WHERE id = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((label, made_at)) = label else {
            return Ok(None);
        };
        let mut rows = 0;
        {
            let mut stmt = tx.prepare(
                "SELECT list, card, finish, condition, language, location, game, count, note
                 FROM collection_undo",
            )?;
            let entries = stmt.query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, String>(6)?,
                    r.get::<_, Option<u32>>(7)?,
                    r.get::<_, Option<String>>(8)?,
                ))
            })?;
            for entry in entries {
                let (list, card, finish, condition, language, location, game, count, note) = entry?;
                if list == LIST_WISHLIST {
                    write_wish(
                        &tx,
                        &card,
                        &game,
                        count.unwrap_or(0),
                        note.as_deref().unwrap_or(""),
                    )?;
                } else {
                    let key = CopyKey {
                        card,
                        finish: Finish::parse(&finish).unwrap_or_default(),
                        condition: Condition::parse(&condition),
                        language,
                        location,
                    };
                    write_row(
                        &tx,
                        &key,
                        &game,
                        count.unwrap_or(0),
                        note.as_deref().unwrap_or(""),
                    )?;
                }
                rows += 1;
            }
        }
        tx.execute("DELETE FROM collection_undo", [])?;
        tx.execute("DELETE FROM collection_undo_label", [])?;
        tx.commit()?;
        Ok(Some(UndoReport {
            label,
            made_at,
            rows,
        }))
    }

    /// The label of the change an undo would revert.
    pub fn collection_undo_label(&self) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT label FROM collection_undo_label WHERE id = 1",
                [],
                |r| r.get(0),
            )
            .optional()?)
    }
}
