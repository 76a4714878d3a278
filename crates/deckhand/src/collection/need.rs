//! Decks measured against the collection: what a deck needs, what is owned, what other
//! stored decks already use, what is missing; which stored decks can be built now or are
//! a few cards away; the missing cards as a shopping list or on the wishlist.
//!
//! Cards are compared by name within a game: any printing of a card can be played in its
//! place. The `maybe` section is not part of the deck and needs nothing.

use std::collections::{HashMap, HashSet};

use deckhand_core::{fold_name, Deck};
use deckhand_store::CollectionChange;
use serde::Serialize;

use super::wishlist::ListedCard;
use crate::{ChangeReport, Deckhand, Result};

/// One card of a deck against the collection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct NeedLine {
    /// The card id the deck names (its first line, when printings are mixed).
    pub card: String,
    pub name: String,
    /// Copies the deck plays (all sections but `maybe`).
    pub needed: u32,
    /// Copies owned, of any printing.
    pub owned: u32,
    /// Copies the other stored decks of the game play.
    pub used_elsewhere: u32,
    /// What the collection lacks for this deck alone: `needed - owned`, at least 0.
    pub missing: u32,
}

/// A deck against the collection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct DeckNeed {
    pub game: String,
    pub lines: Vec<NeedLine>,
    /// Copies missing for this deck alone.
    pub missing: u32,
    /// Copies of this deck's cards missing to keep it and every other stored deck of its
    /// game built at once (`needed + used_elsewhere - owned` per card).
    pub missing_with_other_decks: u32,
}

/// A card a deck lacks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct MissingCard {
    pub card: String,
    pub name: String,
    pub count: u32,
}

/// A stored deck that can be built now (`missing` 0) or is a few cards away.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct BuildableDeck {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub missing: u32,
    pub cards: Vec<MissingCard>,
}

/// Copies needed per card name, in the order the deck first names them.
struct Needs {
    /// (name key, first card id, copies)
    lines: Vec<(String, String, u32)>,
    index: HashMap<String, usize>,
}

impl Needs {
    fn new() -> Needs {
        Needs {
            lines: Vec::new(),
            index: HashMap::new(),
        }
    }

    fn add(&mut self, key: &str, card: &str, count: u32) {
        match self.index.get(key) {
            Some(&i) => self.lines[i].2 += count,
            None => {
                self.index.insert(key.to_owned(), self.lines.len());
                self.lines.push((key.to_owned(), card.to_owned(), count));
            }
        }
    }
}

fn counts(section: &str) -> bool {
    section != "maybe"
}

impl Deckhand {
    /// What `deck` needs from the collection; other stored decks of its game (but not
    /// `stored_id`, the deck itself when it is stored) count as `used_elsewhere`.
    pub fn deck_need(&self, deck: &Deck, stored_id: Option<i64>) -> Result<DeckNeed> {
        let mut needs = Needs::new();
        let mut names = HashMap::new();
        for entry in deck.entries.iter().filter(|e| counts(&e.section)) {
            let key = fold_name(&entry.card.name);
            names
                .entry(key.clone())
                .or_insert_with(|| entry.card.name.clone());
            needs.add(&key, &entry.card.id, entry.count);
        }
        // Every printing of the deck's names, to count the other decks' copies.
        let mut key_of_id: HashMap<String, usize> = HashMap::new();
        for (i, (key, _, _)) in needs.lines.iter().enumerate() {
            for id in self.store.card_ids_named(&deck.game, key)? {
                key_of_id.insert(id, i);
            }
        }
        let mut used = vec![0u32; needs.lines.len()];
        for other in self.store.live_decks(Some(&deck.game))? {
            if Some(other.id) == stored_id {
                continue;
            }
            for line in other.cards.iter().filter(|l| counts(&l.section)) {
                if let Some(&i) = key_of_id.get(&line.card) {
                    used[i] += line.count;
                }
            }
        }
        let mut lines = Vec::with_capacity(needs.lines.len());
        let mut with_others = 0;
        for ((key, card, needed), used_elsewhere) in needs.lines.into_iter().zip(used) {
            let owned = self.store.owned_named(&deck.game, &key)?;
            with_others += (needed + used_elsewhere).saturating_sub(owned);
            lines.push(NeedLine {
                name: names.remove(&key).unwrap_or_default(),
                card,
                needed,
                owned,
                used_elsewhere,
                missing: needed.saturating_sub(owned),
            });
        }
        Ok(DeckNeed {
            game: deck.game.clone(),
            missing: lines.iter().map(|l| l.missing).sum(),
            missing_with_other_decks: with_others,
            lines,
        })
    }

    /// What the editor's unsaved deck needs; `id` is the stored deck it edits, if any.
    pub fn draft_need(&self, draft: &crate::DeckContent, id: Option<i64>) -> Result<DeckNeed> {
        self.deck_need(&self.resolve_draft(draft)?, id)
    }

    /// What stored deck `id` needs from the collection.
    pub fn stored_deck_need(&self, id: i64) -> Result<DeckNeed> {
        let (_, deck) = self.load_deck(id, None)?;
        self.deck_need(&deck, Some(id))
    }

    /// The stored decks (optionally of one game) that the collection can build now or
    /// that lack at most `within` copies, fewest missing first. Each deck is judged on
    /// its own: copies are not shared out between decks.
    pub fn buildable_decks(&self, game: Option<&str>, within: u32) -> Result<Vec<BuildableDeck>> {
        if let Some(game) = game {
            self.games.get(game)?;
        }
        let decks = self.store.live_decks(game)?;
        let ids: HashSet<&str> = decks
            .iter()
            .flat_map(|d| d.cards.iter().map(|c| c.card.as_str()))
            .collect();
        let refs = self.store.card_refs_by_id(ids)?;
        let mut owned_by_game: HashMap<String, HashMap<String, u32>> = HashMap::new();
        let mut found = Vec::new();
        for deck in &decks {
            if !owned_by_game.contains_key(&deck.game) {
                owned_by_game.insert(deck.game.clone(), self.store.owned_by_name(&deck.game)?);
            }
            let owned = &owned_by_game[&deck.game];
            let mut needs = Needs::new();
            for line in deck.cards.iter().filter(|l| counts(&l.section)) {
                // A card gone from the database is still needed, under its id.
                let key = refs.get(&line.card).map_or(&line.card, |r| &r.name_key);
                needs.add(key, &line.card, line.count);
            }
            let mut missing = 0;
            let mut cards = Vec::new();
            for (key, card, needed) in &needs.lines {
                let lacking = needed.saturating_sub(owned.get(key).copied().unwrap_or(0));
                if lacking == 0 {
                    continue;
                }
                missing += lacking;
                if missing > within {
                    break;
                }
                cards.push(MissingCard {
                    name: refs
                        .get(card)
                        .map_or_else(|| card.clone(), |r| r.name.clone()),
                    card: card.clone(),
                    count: lacking,
                });
            }
            if missing <= within {
                found.push(BuildableDeck {
                    id: deck.id,
                    name: deck.name.clone(),
                    game: deck.game.clone(),
                    missing,
                    cards,
                });
            }
        }
        found.sort_by(|a, b| {
            (a.missing, &a.game, a.name.to_lowercase(), a.id).cmp(&(
                b.missing,
                &b.game,
                b.name.to_lowercase(),
                b.id,
            ))
        });
        Ok(found)
    }

    /// The missing cards of `need` as a text list (`2 Shield Liger` per line, readable as
    /// a deck list) or, `csv`, in Deckhand's collection CSV format.
    pub fn missing_cards_list(&self, need: &DeckNeed, csv: bool) -> Result<String> {
        let missing: Vec<ListedCard> = need
            .lines
            .iter()
            .filter(|l| l.missing > 0)
            .map(|l| ListedCard {
                card: &l.card,
                name: &l.name,
                game: &need.game,
                count: l.missing,
                note: "",
            })
            .collect();
        self.card_list(&missing, csv)
    }

    /// Puts the missing cards of `need` on the wishlist: each card's wished count becomes
    /// at least what is missing (so adding twice does not double it). One undo reverts it.
    pub fn wish_missing(&mut self, need: &DeckNeed, label: &str) -> Result<ChangeReport> {
        let changes: Vec<CollectionChange> = need
            .lines
            .iter()
            .filter(|l| l.missing > 0)
            .map(|l| CollectionChange::WishAtLeast {
                game: need.game.clone(),
                card: l.card.clone(),
                count: l.missing,
            })
            .collect();
        Ok(self
            .store
            .apply_collection_changes(
                &format!("wishlist the missing cards of {label}"),
                &changes,
                false,
            )?
            .into())
    }
}
