//! A deck as the rules see it: cards with counts, in sections, with the deck's side.

use serde::Serialize;

use crate::card::{Card, Side};

/// One line of a deck: `count` copies of `card` in `section` (`main`, `side`, `characters`…).
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct DeckEntry {
    pub section: String,
    pub count: u32,
    pub card: Card,
}

/// A resolved deck: every entry names a real card of `game`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Deck {
    pub game: String,
    /// The side the player chose; `None` lets the game's rules decide.
    pub side: Option<Side>,
    pub entries: Vec<DeckEntry>,
}
