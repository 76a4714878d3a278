//! Odds beside play: at a position of a game played by hand, the exact chance of drawing at
//! least k more cards matching a query by each coming turn, from the cards not yet seen.
//!
//! "Not yet seen" is read from the board the player sees, never from the deck order: the
//! player's face-down cards (the deck, Zoids' base Energy) are the unseen pool, and which
//! of the deck list's cards are in it is the list minus every card face up in the player's
//! zones (hand, board, discard, cards set on others). A card shuffled back into the deck
//! is face down again, so it counts as unseen again. The draws to come are the game's
//! normal draws (`[play] draws_per_turn`) of each of your turns after the current one;
//! card effects that draw or search are not counted, as in the Odds tab.

use std::collections::HashMap;

use deckhand_core::{fold_name, Game};
use serde::{Deserialize, Serialize};

use crate::error::GoldfishError;
use crate::log::{Owner, Zone};
use crate::odds::{LnFactorials, MAX_ODDS_TURNS};

/// One card of the deck list the game deals the player's deck from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedCard {
    pub name: String,
    pub count: u32,
    /// Whether it matches the query asked about.
    pub matches: bool,
}

/// The odds of drawing matching cards from a position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct HereOdds {
    /// Your turn the position is at (0 = the setup).
    pub turn: u32,
    /// Cards face down in your zones: the pool the draws come from.
    pub unseen: u32,
    /// Matching cards in the deck list.
    pub matching: u32,
    /// Matching cards face up in your zones now.
    pub matching_seen: u32,
    /// Matching cards among the unseen.
    pub matching_unseen: u32,
    /// How many more matching cards are wanted.
    pub at_least: u32,
    pub draws_per_turn: u32,
    /// A row per turn after the current one, up to the turn asked.
    pub rows: Vec<HereOddsRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct HereOddsRow {
    pub turn: u32,
    /// Cards drawn from now by the end of that turn's draw.
    pub drawn: u32,
    /// P(at least `at_least` of them match).
    pub chance: f64,
}

/// The chance of drawing at least `at_least` more cards matching (the `matches` cards of
/// `list`) by each of your turns after `turn` up to `by_turn`, at a position whose zones
/// are `zones`.
pub fn odds_from_here(
    game: &Game,
    turn: u32,
    zones: &[Zone],
    list: &[ListedCard],
    at_least: u32,
    by_turn: u32,
) -> Result<HereOdds, GoldfishError> {
    if by_turn <= turn {
        return Err(GoldfishError::InvalidOdds(format!(
            "the game is at turn {turn}: ask about a later turn than that"
        )));
    }
    if by_turn - turn > MAX_ODDS_TURNS {
        return Err(GoldfishError::InvalidOdds(format!(
            "at most {MAX_ODDS_TURNS} turns ahead"
        )));
    }
    let mine = zones.iter().filter(|z| z.owner == Owner::You);
    let mut face_up: HashMap<String, u32> = HashMap::new();
    let mut unseen = 0u32;
    for zone in mine {
        unseen = unseen.saturating_add(zone.hidden);
        for card in &zone.cards {
            let names = std::iter::once(&card.name).chain(card.attached.iter().map(|a| &a.name));
            for name in names {
                *face_up.entry(fold_name(name)).or_default() += 1;
            }
        }
    }
    // Several list lines may share a name (a card in two sections): the face-up copies
    // are taken from them in order, never twice.
    let (mut matching, mut matching_seen) = (0u32, 0u32);
    for card in list.iter().filter(|c| c.matches) {
        matching = matching.saturating_add(card.count);
        let up = face_up.entry(fold_name(&card.name)).or_default();
        let seen = card.count.min(*up);
        *up -= seen;
        matching_seen += seen;
    }
    // Cards that joined the deck from elsewhere (bought ones) make the pool larger than
    // the list says; the matching ones can never be more than the pool.
    let matching_unseen = (matching - matching_seen).min(unseen);
    let draws_per_turn = game.play.draws_per_turn;
    let table = LnFactorials::new(unseen);
    let rows = (turn + 1..=by_turn)
        .map(|t| {
            let drawn = (u64::from(draws_per_turn) * u64::from(t - turn)).min(u64::from(unseen));
            let drawn = drawn as u32;
            HereOddsRow {
                turn: t,
                drawn,
                chance: table.at_least(unseen, matching_unseen, drawn, at_least),
            }
        })
        .collect();
    Ok(HereOdds {
        turn,
        unseen,
        matching,
        matching_seen,
        matching_unseen,
        at_least,
        draws_per_turn,
        rows,
    })
}

#[cfg(test)]
mod tests;
