//! One card as a tantivy document.

use deckhand_core::{fold_name, natural_key, Card, StatValue};
use tantivy::TantivyDocument;

use crate::fields::Fields;

/// The document for `card`, whose name and text are `row` of the text store.
pub fn document(fields: &Fields, card: &Card, row: u64) -> TantivyDocument {
    let mut doc = TantivyDocument::default();
    doc.add_text(fields.id, &card.id);
    doc.add_text(fields.game, &card.game);
    doc.add_text(fields.name, &card.name);
    let name_key = fold_name(&card.name);
    doc.add_text(fields.name_order, natural_key(&name_key));
    doc.add_text(fields.name_key, name_key);
    doc.add_u64(fields.text_ref, row);
    if let Some(text) = &card.text {
        doc.add_text(fields.text, text);
    }
    doc.add_text(fields.card_type, &card.card_type);
    doc.add_text(fields.type_key, fold_name(&card.card_type));
    for subtype in &card.subtypes {
        doc.add_text(fields.subtypes, subtype);
    }
    for keyword in &card.keywords {
        doc.add_text(fields.keywords, keyword);
    }
    if let Some(set) = &card.set {
        doc.add_text(fields.set, set);
        doc.add_text(fields.set_key, fold_name(set));
    }
    if let Some(side) = card.side {
        doc.add_text(fields.side, side.as_str());
    }
    if let Some(color) = &card.color {
        doc.add_text(fields.color, color);
    }
    for (stat, value) in &card.stats {
        let Some(stat_fields) = fields.stats.get(stat) else {
            continue;
        };
        doc.add_text(fields.has_stat, stat);
        let mut first_number = None;
        for item in flatten(value) {
            match item {
                StatValue::Number(n) => {
                    doc.add_i64(stat_fields.numbers, *n);
                    first_number.get_or_insert(*n);
                }
                StatValue::Text(word) => {
                    let folded = fold_name(word);
                    // MAX is the largest value: it passes any lower bound (power>=9).
                    if folded == "max" {
                        doc.add_i64(stat_fields.numbers, i64::MAX);
                        first_number.get_or_insert(i64::MAX);
                    }
                    doc.add_text(stat_fields.words, &folded);
                }
                StatValue::List(_) => {}
            }
        }
        if let Some(n) = first_number {
            doc.add_i64(stat_fields.sort, n);
        }
    }
    doc
}

fn flatten(value: &StatValue) -> Vec<&StatValue> {
    match value {
        StatValue::List(items) => items.iter().flat_map(flatten).collect(),
        other => vec![other],
    }
}
