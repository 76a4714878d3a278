//! The rules' starter decks of PR Deck-Building, which the caller adds to a deck that has none.

use deckhand_core::Side;

/// The rules' starter decks (GAMES.md), by side: what the caller adds when a deck has none.
const HERO_STARTER: &[(&str, u32)] = &[
    ("Teamwork", 7),
    ("Attitude", 1),
    ("Power Coin", 1),
    ("Recovery", 1),
];
const VILLAIN_STARTER: &[(&str, u32)] = &[
    ("Mayhem", 7),
    ("Disposable", 1),
    ("Putty Clay", 1),
    ("Rebuild", 1),
];

/// The starter deck of `side`, by card name and count.
pub fn starter_deck(side: Side) -> &'static [(&'static str, u32)] {
    match side {
        Side::Hero => HERO_STARTER,
        Side::Villain => VILLAIN_STARTER,
    }
}
