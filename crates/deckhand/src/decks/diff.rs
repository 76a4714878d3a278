//! What changed between two versions of a stored deck.

use std::collections::{BTreeMap, BTreeSet};

use deckhand_core::Deck;
use serde::Serialize;

use crate::{Deckhand, Result};

/// What changed between two versions of a deck: per card and section, counts before/after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct DeckDiff {
    pub from: i64,
    pub to: i64,
    pub added: usize,
    pub removed: usize,
    pub changed: usize,
    pub lines: Vec<DiffLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct DiffLine {
    pub section: String,
    pub name: String,
    pub from: u32,
    pub to: u32,
}

impl Deckhand {
    /// Compares two versions of a deck.
    pub fn diff_deck(&self, id: i64, from: i64, to: i64) -> Result<DeckDiff> {
        let (_, before) = self.load_deck(id, Some(from))?;
        let (_, after) = self.load_deck(id, Some(to))?;
        let tally = |deck: &Deck| {
            let mut map: BTreeMap<(String, String), u32> = BTreeMap::new();
            for e in &deck.entries {
                *map.entry((e.section.clone(), e.card.name.clone()))
                    .or_insert(0) += e.count;
            }
            map
        };
        let (a, b) = (tally(&before), tally(&after));
        let keys: BTreeSet<&(String, String)> = a.keys().chain(b.keys()).collect();
        let mut diff = DeckDiff {
            from,
            to,
            added: 0,
            removed: 0,
            changed: 0,
            lines: Vec::new(),
        };
        for key in keys {
            let (old, new) = (
                a.get(key).copied().unwrap_or(0),
                b.get(key).copied().unwrap_or(0),
            );
            match (old, new) {
                (o, n) if o == n => continue,
                (0, _) => diff.added += 1,
                (_, 0) => diff.removed += 1,
                _ => diff.changed += 1,
            }
            diff.lines.push(DiffLine {
                section: key.0.clone(),
                name: key.1.clone(),
                from: old,
                to: new,
            });
        }
        Ok(diff)
    }
}
