//! The wishlist: cards wanted, with counts. Set by hand (`wish`), filled from a deck's
//! missing cards (`need`), and written out as a shopping list (text or CSV).

use std::path::Path;

use deckhand_formats::collection_csv::{self, CsvFormat};
use deckhand_store::CollectionChange;
use serde::Serialize;

use super::csv_row;
use crate::{Card, ChangeReport, CollectionRow, CopyKey, Deckhand, Error, Result, WishlistRow};

/// A wishlist count set by hand: the card and its wanted count after the change.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct WishOutcome {
    pub card: String,
    pub name: String,
    pub game: String,
    /// Copies wanted now (0: the card is off the wishlist).
    pub count: u32,
    pub report: ChangeReport,
}

/// One card of a shopping list: which card, and how many copies.
pub(super) struct ListedCard<'a> {
    pub card: &'a str,
    pub name: &'a str,
    pub game: &'a str,
    pub count: u32,
    /// Written in the CSV's note column ('' for none).
    pub note: &'a str,
}

/// The longest note a wishlist row keeps, in characters ("the foil one, ask at the shop
/// on Friday" is 45): a line, not a document.
pub const MAX_NOTE: usize = 200;

/// A note as a row keeps it: one line, its whitespace folded, within [`MAX_NOTE`], with
/// no control character (refused, not stripped: what is stored is what was typed).
fn clean_note(note: &str) -> Result<String> {
    let note = note.split_whitespace().collect::<Vec<_>>().join(" ");
    if note.chars().any(char::is_control) {
        return Err(Error::BadNote("it may hold no control characters".into()));
    }
    let length = note.chars().count();
    if length > MAX_NOTE {
        return Err(Error::BadNote(format!(
            "at most {MAX_NOTE} characters, not {length}"
        )));
    }
    Ok(note)
}

impl Deckhand {
    /// Sets how many copies of a card (by id or name) are wanted; 0 takes it off the
    /// wishlist. One undo reverts it, like any other collection change.
    pub fn wish(
        &mut self,
        name_or_id: &str,
        game: Option<&str>,
        count: u32,
    ) -> Result<WishOutcome> {
        let card = self.card(name_or_id, game)?;
        let wanted_now = self
            .store
            .wishlist(Some(&card.game))?
            .into_iter()
            .find(|row| row.card == card.id)
            .map_or(0, |row| row.count);
        if wanted_now == count {
            // Nothing to change: keep the last real change as the one Undo reverts.
            return Ok(WishOutcome {
                card: card.id,
                name: card.name,
                game: card.game,
                count,
                report: Default::default(),
            });
        }
        let label = if count == 0 {
            format!("unwish {}", card.name)
        } else {
            format!("wish {count} {}", card.name)
        };
        self.set_wish(card, count, None, &label)
    }

    /// Sets how many copies of a card are wanted and the note on its row, as one change
    /// that one undo reverts (`collection wish --note`). The note as [`Self::wish_note`]
    /// takes it; a count of 0 takes no note.
    pub fn wish_noted(
        &mut self,
        name_or_id: &str,
        game: Option<&str>,
        count: u32,
        note: &str,
    ) -> Result<WishOutcome> {
        let note = clean_note(note)?;
        if count == 0 {
            return Err(Error::BadNote(
                "a note is kept on a wishlist row: wish at least 1 copy".into(),
            ));
        }
        let card = self.card(name_or_id, game)?;
        let label = format!("wish {count} {} with a note", card.name);
        self.set_wish(card, count, Some(note), &label)
    }

    /// Replaces the note on a card's wishlist row (its count stays), as one change that
    /// one undo reverts. A note is one line: line breaks become spaces, and the ends are
    /// trimmed; it holds at most [`MAX_NOTE`] characters and no control character. Fails
    /// when the card is not on the wishlist.
    pub fn wish_note(
        &mut self,
        name_or_id: &str,
        game: Option<&str>,
        note: &str,
    ) -> Result<WishOutcome> {
        let note = clean_note(note)?;
        let card = self.card(name_or_id, game)?;
        let row = self
            .store
            .wishlist(Some(&card.game))?
            .into_iter()
            .find(|row| row.card == card.id)
            .ok_or_else(|| Error::NotWished {
                name: card.name.clone(),
            })?;
        if row.note == note {
            // Nothing to change: keep the last real change as the one Undo reverts.
            return Ok(WishOutcome {
                card: card.id,
                name: card.name,
                game: card.game,
                count: row.count,
                report: Default::default(),
            });
        }
        let label = if note.is_empty() {
            format!("clear the note on {}", card.name)
        } else {
            format!("note on {}", card.name)
        };
        self.set_wish(card, row.count, Some(note), &label)
    }

    /// Sets `card`'s wanted count (and its note, when given) as one collection change
    /// named `label`, which one undo reverts.
    fn set_wish(
        &mut self,
        card: Card,
        count: u32,
        note: Option<String>,
        label: &str,
    ) -> Result<WishOutcome> {
        let report = self.store.apply_collection_changes(
            label,
            &[CollectionChange::WishSet {
                game: card.game.clone(),
                card: card.id.clone(),
                count,
                note,
            }],
            false,
        )?;
        Ok(WishOutcome {
            card: card.id,
            name: card.name,
            game: card.game,
            count,
            report: report.into(),
        })
    }

    /// The wishlist, optionally of one game.
    pub fn wishlist(&self, game: Option<&str>) -> Result<Vec<WishlistRow>> {
        if let Some(game) = game {
            self.games.get(game)?;
        }
        Ok(self
            .store
            .wishlist(game)?
            .into_iter()
            .map(Into::into)
            .collect())
    }

    /// The wishlist as a text list (`2 Shield Liger` per line) or, `csv`, in Deckhand's
    /// collection CSV format (so a store or another tool can read it).
    pub fn wishlist_list(&self, game: Option<&str>, csv: bool) -> Result<String> {
        let rows = self.wishlist(game)?;
        let cards: Vec<ListedCard> = rows
            .iter()
            .map(|r| ListedCard {
                card: &r.card,
                name: &r.name,
                game: &r.game,
                count: r.count,
                note: &r.note,
            })
            .collect();
        self.card_list(&cards, csv)
    }

    /// Writes [`Deckhand::wishlist_list`] to `out` (never over the database, never half).
    pub fn export_wishlist_file(&self, game: Option<&str>, csv: bool, out: &Path) -> Result<()> {
        let text = self.wishlist_list(game, csv)?;
        crate::output::write_file(&self.output_guard, out, text.as_bytes())
    }

    /// Cards with counts as a text list or in Deckhand's collection CSV format.
    pub(super) fn card_list(&self, cards: &[ListedCard], csv: bool) -> Result<String> {
        if !csv {
            return Ok(cards
                .iter()
                .map(|c| format!("{} {}\n", c.count, c.name))
                .collect());
        }
        let refs = self.store.card_refs_by_id(cards.iter().map(|c| c.card))?;
        let rows: Vec<CollectionRow> = cards
            .iter()
            .map(|c| CollectionRow {
                key: CopyKey {
                    card: c.card.to_owned(),
                    ..CopyKey::default()
                },
                game: c.game.to_owned(),
                name: c.name.to_owned(),
                set: refs.get(c.card).and_then(|r| r.set.clone()),
                number: refs.get(c.card).and_then(|r| r.number.clone()),
                count: c.count,
                note: c.note.to_owned(),
            })
            .collect();
        Ok(collection_csv::write(
            CsvFormat::Deckhand,
            rows.iter().map(csv_row),
            |_, _| None,
        ))
    }
}
