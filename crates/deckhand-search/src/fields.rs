//! The index schema: which tantivy field holds what.

use std::collections::BTreeMap;

use tantivy::schema::{Field, Schema, FAST, INDEXED, STORED, STRING, TEXT};

/// Bump when the schema or what goes into it changes: older indexes are then rebuilt.
pub const SCHEMA_VERSION: u32 = 3;

/// Fast columns read by name.
pub const NAME_KEY: &str = "name_key";
pub const NAME_ORDER: &str = "name_order";
pub const TYPE_KEY: &str = "type_key";
pub const SET_KEY: &str = "set_key";
pub const GAME: &str = "game";
pub const TEXT_REF: &str = "text_ref";

/// Every field of the card index.
#[derive(Debug, Clone)]
pub struct Fields {
    pub id: Field,
    pub game: Field,
    /// Tokenised name and text: word, phrase and prefix matching, scored with BM25.
    pub name: Field,
    pub text: Field,
    /// The folded whole name, for `!"Exact Name"`.
    pub name_key: Field,
    /// The name's natural key (`deckhand_core::natural_key`: numbers as numbers, "553"
    /// before "5530"), fast only: the column names sort by (`order:name`, and ties).
    pub name_order: Field,
    /// The card's row in the [`crate::text_store::TextStore`] (its name, text and their
    /// trigrams, for `/regex/`).
    pub text_ref: Field,
    pub card_type: Field,
    pub subtypes: Field,
    pub keywords: Field,
    pub set: Field,
    pub side: Field,
    pub color: Field,
    /// The names of the stats a card carries, for `stat!=value`.
    pub has_stat: Field,
    /// Folded type and set, fast only: `order:type`, `order:set`.
    pub type_key: Field,
    pub set_key: Field,
    pub stats: BTreeMap<String, StatFields>,
}

/// The three fields behind one stat.
#[derive(Debug, Clone)]
pub struct StatFields {
    /// Every numeric value (lists give several; `MAX` is `i64::MAX`): range queries.
    pub numbers: Field,
    /// Every non-numeric value, folded (`x`, `max`, `rock`, `liger`): term queries.
    pub words: Field,
    /// The first numeric value, fast: sorting. Its column name is `sort_<stat>`.
    pub sort: Field,
    pub sort_column: String,
}

impl Fields {
    pub fn schema(stat_names: impl IntoIterator<Item = String>) -> (Schema, Fields) {
        let mut builder = Schema::builder();
        let mut fields = Fields {
            id: builder.add_text_field("id", STRING | STORED),
            game: builder.add_text_field(GAME, STRING | FAST),
            name: builder.add_text_field("name", TEXT),
            text: builder.add_text_field("text", TEXT),
            name_key: builder.add_text_field(NAME_KEY, STRING),
            name_order: builder.add_text_field(NAME_ORDER, FAST),
            text_ref: builder.add_u64_field(TEXT_REF, FAST),
            card_type: builder.add_text_field("type", TEXT),
            subtypes: builder.add_text_field("sub", TEXT),
            keywords: builder.add_text_field("kw", TEXT),
            set: builder.add_text_field("set", TEXT),
            side: builder.add_text_field("side", STRING),
            color: builder.add_text_field("color", TEXT),
            has_stat: builder.add_text_field("has_stat", STRING),
            type_key: builder.add_text_field(TYPE_KEY, FAST),
            set_key: builder.add_text_field(SET_KEY, FAST),
            stats: BTreeMap::new(),
        };
        for stat in stat_names {
            let sort_column = format!("sort_{stat}");
            let stat_fields = StatFields {
                numbers: builder.add_i64_field(&format!("num_{stat}"), INDEXED),
                words: builder.add_text_field(&format!("word_{stat}"), STRING),
                sort: builder.add_i64_field(&sort_column, FAST),
                sort_column,
            };
            fields.stats.insert(stat, stat_fields);
        }
        (builder.build(), fields)
    }
}
