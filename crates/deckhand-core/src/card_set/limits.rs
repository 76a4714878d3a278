//! How long a card's fields may be, and what a list item may hold. Documented in
//! docs/limits.md: the tables, the search index, every message that quotes a card and the
//! spreadsheet export stay usable whatever a file says.

use serde_json::Value;

use super::{CardInput, CardProblem};

/// A card id, in characters: above the longest id made from a game id and a name.
pub const MAX_ID_CHARS: usize = 256;
/// A card name, in characters.
pub const MAX_NAME_CHARS: usize = 200;
/// A short field: type, set, number, side, colour, each subtype, keyword and text stat.
pub const MAX_FIELD_CHARS: usize = 200;
/// A card's rules text, in characters.
pub const MAX_TEXT_CHARS: usize = 10_000;
/// Subtypes, keywords or items of a list stat on one card.
pub const MAX_LIST_ITEMS: usize = 100;

/// What separates a list's items in a spreadsheet cell as Deckhand writes one
/// ([`card_sheet_csv`](super::card_sheet_csv)); an item holding it would come back as two.
pub const LIST_ITEM_SEPARATOR: char = ';';

/// Every field of `input` longer than its limit, and every list item holding the
/// [`LIST_ITEM_SEPARATOR`], as a problem at its key.
pub(super) fn check_limits(input: &CardInput) -> Vec<CardProblem> {
    let mut problems = Vec::new();
    let separator = |key: String, item: &str| {
        item.contains(LIST_ITEM_SEPARATOR).then(|| {
            (
                key,
                format!(
                    "a list item cannot hold '{LIST_ITEM_SEPARATOR}', which separates the items \
                     in a spreadsheet (make it two items)"
                ),
            )
        })
    };
    for (key, list) in [
        (".subtypes", &input.subtypes),
        (".keywords", &input.keywords),
    ] {
        problems.extend(
            list.iter()
                .enumerate()
                .filter_map(|(i, item)| separator(format!("{key}[{i}]"), item)),
        );
    }
    for (name, value) in &input.stats {
        if let Value::Array(items) = value {
            problems.extend(items.iter().enumerate().filter_map(|(i, item)| {
                item.as_str()
                    .and_then(|text| separator(format!(".stats.{name}[{i}]"), text))
            }));
        }
    }
    // The key is made only for a problem: most cards have none, and a key a field was
    // a fifth of an unchanged 100k-card import's allocations.
    let mut check = |key: &dyn Fn() -> String, text: &str, limit: usize| {
        // A string of at most `limit` bytes has at most `limit` characters.
        if text.len() <= limit {
            return;
        }
        let length = text.chars().count();
        if length > limit {
            problems.push((
                key(),
                format!("{length} characters is too long: at most {limit}"),
            ));
        }
    };
    check(&|| ".name".into(), &input.name, MAX_NAME_CHARS);
    if let Some(id) = &input.id {
        check(&|| ".id".into(), id, MAX_ID_CHARS);
    }
    check(&|| ".type".into(), &input.card_type, MAX_FIELD_CHARS);
    for (key, value) in [
        (".set", &input.set),
        (".number", &input.number),
        (".side", &input.side),
        (".color", &input.color),
    ] {
        if let Some(value) = value {
            check(&|| key.into(), value, MAX_FIELD_CHARS);
        }
    }
    if let Some(text) = &input.text {
        check(&|| ".text".into(), text, MAX_TEXT_CHARS);
    }
    for (key, list) in [
        (".subtypes", &input.subtypes),
        (".keywords", &input.keywords),
    ] {
        for (i, item) in list.iter().enumerate() {
            check(&|| format!("{key}[{i}]"), item, MAX_FIELD_CHARS);
        }
    }
    for (name, value) in &input.stats {
        let key = || format!(".stats.{name}");
        check(&key, name, MAX_FIELD_CHARS);
        let items: &[Value] = match value {
            Value::Array(items) => items,
            one => std::slice::from_ref(one),
        };
        for item in items {
            if let Value::String(text) = item {
                check(&key, text, MAX_FIELD_CHARS);
            }
        }
    }
    for (key, count) in [
        (".subtypes", input.subtypes.len()),
        (".keywords", input.keywords.len()),
    ] {
        if count > MAX_LIST_ITEMS {
            problems.push((
                key.into(),
                format!("{count} items is too many: at most {MAX_LIST_ITEMS}"),
            ));
        }
    }
    problems
}
