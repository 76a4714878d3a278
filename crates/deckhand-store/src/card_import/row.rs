//! A card's row: its column values ([`CardRow`]), their hash, and the statements that
//! insert or replace it.

use deckhand_core::{fold_name, Card, Side};
use rusqlite::Connection;
use serde::Serialize;

use crate::store::read_json_columns;
use crate::StoreError;

/// The insert of a card's row, its values in the order of [`card_values`].
macro_rules! insert_card {
    () => {
        "INSERT INTO cards (id, game, name, name_key, type, set_code, number, side, color,
                            subtypes, keywords, text, stats, content_hash, effects, goldfish,
                            name_order, input_key, input_key_of)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                 natural_key(?4), ?17, ?14)"
    };
}

/// Inserts the row of a card whose id the database does not hold (the run knows: it read
/// every stored id). A plain single-row `INSERT`, unlike the upsert of [`write_card`],
/// needs no statement journal: SQLite copied every B-tree page the upsert touched into
/// one (`subjournalPageIfRequired`, 10 % of a 100k first import's storing thread).
pub(super) fn insert_new_card(
    tx: &Connection,
    card: &Card,
    row: &CardRow,
    hash: i64,
    input_key: Option<i64>,
) -> Result<(), StoreError> {
    row.read_back()?;
    tx.prepare_cached(insert_card!())?
        .execute(&card_values(card, row, &hash, &input_key)[..])?;
    Ok(())
}

/// Inserts or replaces a card's row; `input_key` is the input it was read from, if known.
pub(super) fn write_card(
    tx: &Connection,
    card: &Card,
    row: &CardRow,
    hash: i64,
    input_key: Option<i64>,
) -> Result<(), StoreError> {
    row.read_back()?;
    tx.prepare_cached(concat!(
        insert_card!(),
        "
         ON CONFLICT (id) DO UPDATE SET
            game = excluded.game, name = excluded.name, name_key = excluded.name_key,
            type = excluded.type, set_code = excluded.set_code, number = excluded.number,
            side = excluded.side, color = excluded.color, subtypes = excluded.subtypes,
            keywords = excluded.keywords, text = excluded.text, stats = excluded.stats,
            content_hash = excluded.content_hash, effects = excluded.effects,
            goldfish = excluded.goldfish, name_order = excluded.name_order,
            input_key = excluded.input_key, input_key_of = excluded.input_key_of"
    ))?
    .execute(&card_values(card, row, &hash, &input_key)[..])?;
    Ok(())
}

/// The values of [`insert_card!`]'s parameters.
fn card_values<'a>(
    card: &'a Card,
    row: &'a CardRow,
    hash: &'a i64,
    input_key: &'a Option<i64>,
) -> [&'a dyn rusqlite::ToSql; 17] {
    [
        &card.id,
        &card.game,
        &card.name,
        &row.name_key,
        &card.card_type,
        &card.set,
        &card.number,
        &row.side,
        &card.color,
        &row.subtypes,
        &row.keywords,
        &card.text,
        &row.stats,
        hash,
        &row.effects,
        &row.goldfish,
        input_key,
    ]
}

/// A card's column values as stored.
pub(super) struct CardRow<'c> {
    card: &'c Card,
    name_key: String,
    side: Option<&'static str>,
    subtypes: String,
    keywords: String,
    stats: String,
    effects: String,
    goldfish: Option<String>,
}

impl<'c> CardRow<'c> {
    pub(super) fn new(card: &'c Card) -> CardRow<'c> {
        CardRow {
            card,
            name_key: fold_name(&card.name),
            side: card.side.map(Side::as_str),
            subtypes: json(&card.subtypes),
            keywords: json(&card.keywords),
            stats: json(&card.stats),
            effects: json(&card.effects),
            goldfish: card.goldfish.as_ref().map(json),
        }
    }

    /// Reads the JSON columns back with the reader every later read uses, before they
    /// are written: a value that would not read back as the card (nested past serde_json's
    /// limit, a number JSON cannot hold) is refused here instead of bricking the database.
    fn read_back(&self) -> Result<(), StoreError> {
        let card = self.card;
        let unstorable = |message: String| StoreError::Unstorable {
            id: card.id.clone(),
            message,
        };
        let columns = read_json_columns(
            &self.subtypes,
            &self.keywords,
            &self.stats,
            &self.effects,
            self.goldfish.as_deref(),
        )
        .map_err(|e| unstorable(format!("it would not read back ({e})")))?;
        let same = columns.subtypes == card.subtypes
            && columns.keywords == card.keywords
            && columns.stats == card.stats
            && columns.effects == card.effects
            && columns.goldfish == card.goldfish;
        if same {
            Ok(())
        } else {
            Err(unstorable("it would read back as another card".into()))
        }
    }

    /// FNV-1a over every stored column, each preceded by its length (or a marker for
    /// NULL) so that no two rows hash the same text. Stable across builds and platforms:
    /// it is kept in the database.
    pub(super) fn hash(&self) -> i64 {
        let card = self.card;
        let columns: [Option<&str>; 12] = [
            Some(&card.id),
            Some(&card.game),
            Some(&card.name),
            Some(&card.card_type),
            card.set.as_deref(),
            card.number.as_deref(),
            self.side,
            card.color.as_deref(),
            Some(&self.subtypes),
            Some(&self.keywords),
            card.text.as_deref(),
            Some(&self.stats),
        ];
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                hash ^= u64::from(b);
                hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        // Effects join the hash only when a card has them, so that the hashes stored before
        // effects existed still match the same cards.
        let stated = !card.effects.is_empty() || card.goldfish.is_some();
        let effects = [Some(self.effects.as_str()), self.goldfish.as_deref()];
        let extra: &[Option<&str>] = if stated { &effects } else { &[] };
        for column in columns.into_iter().chain(extra.iter().copied()) {
            match column {
                Some(text) => {
                    eat(&(text.len() as u64).to_le_bytes());
                    eat(text.as_bytes());
                }
                None => eat(&u64::MAX.to_le_bytes()),
            }
        }
        hash as i64
    }
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("card fields always serialise")
}
