//! The index schema: which tantivy field holds what.

use std::collections::BTreeMap;

use tantivy::schema::{Field, Schema, FAST, INDEXED, STORED, STRING, TEXT};

/// Bump when the schema or what goes into it changes: older indexes are then rebuilt.
pub const SCHEMA_VERSION: u32 = 1;

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
    /// Whole name and text as single terms, for `/regex/` over the full string.
    pub name_raw: Field,
    pub text_raw: Field,
    pub card_type: Field,
    pub subtypes: Field,
    pub keywords: Field,
    pub set: Field,
    pub side: Field,
    pub color: Field,
    /// The names of the stats a card carries, for `stat!=value`.
    pub has_stat: Field,
    /// Sort ranks (position in the sorted list of distinct values), fast fields.
    pub name_rank: Field,
    pub type_rank: Field,
    pub set_rank: Field,
    pub game_rank: Field,
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
            game: builder.add_text_field("game", STRING),
            name: builder.add_text_field("name", TEXT),
            text: builder.add_text_field("text", TEXT),
            name_key: builder.add_text_field("name_key", STRING),
            name_raw: builder.add_text_field("name_raw", STRING),
            text_raw: builder.add_text_field("text_raw", STRING),
            card_type: builder.add_text_field("type", TEXT),
            subtypes: builder.add_text_field("sub", TEXT),
            keywords: builder.add_text_field("kw", TEXT),
            set: builder.add_text_field("set", TEXT),
            side: builder.add_text_field("side", STRING),
            color: builder.add_text_field("color", TEXT),
            has_stat: builder.add_text_field("has_stat", STRING),
            name_rank: builder.add_i64_field("name_rank", FAST),
            type_rank: builder.add_i64_field("type_rank", FAST),
            set_rank: builder.add_i64_field("set_rank", FAST),
            game_rank: builder.add_i64_field("game_rank", FAST),
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
