//! Goldfish: a deck (stored, read from a file, or the editor's unsaved draft) played by
//! `deckhand-goldfish`, and exact draw odds for search queries.
//!
//! Resolving a deck needs the database; playing it does not. [`Deckhand::playable`] returns
//! a [`Playable`] that owns its game definition, deck and verdict, so a caller such as the
//! app can release the database while a long simulation runs on another thread.

use deckhand_core::{Deck, Game, Legality, Severity};
use deckhand_goldfish::Category;
pub use deckhand_goldfish::{
    supports, Comparison, Difference, GameLog, GoldfishError, OddsRow, Outcome, Owner,
    SeatComparison, SeatReport, SimOptions, SimReport, StepOptions, Zone, DEFAULT_POLICY,
    MAX_GAMES,
};
use serde::Serialize;

use crate::{DeckContent, Deckhand, Error, Result};

/// A seed for a run the user did not seed: random per call, from the OS's hasher keys.
/// (The engine itself only ever takes seeds as arguments.) It has 53 bits, so it survives
/// the trip through JSON into JavaScript and back exactly.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0x9e37_79b9_7f4a_7c15);
    hasher.finish() >> 11
}

/// The most turns an odds table covers.
pub const MAX_ODDS_TURNS: u32 = 30;

/// A deck ready to play: its game, its cards and what the construction rules said.
/// Illegal decks play too (players goldfish while they build); the report says so.
#[derive(Debug, Clone)]
pub struct Playable {
    pub game: Game,
    pub deck: Deck,
    pub legality: Legality,
}

impl Playable {
    /// The legality errors, one line each.
    pub fn legality_errors(&self) -> Vec<String> {
        self.legality
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message.clone())
            .collect()
    }

    /// Monte Carlo: `options.games` games from each seat. `progress` gets the games done per
    /// seat; returning false cancels.
    pub fn simulate(
        &self,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<SimReport> {
        let mut report = deckhand_goldfish::simulate(&self.game, &self.deck, options, progress)?;
        report.legal = Some(self.legality.legal);
        report.legality_errors = self.legality_errors();
        Ok(report)
    }

    /// One game, turn by turn, every decision with its reason.
    pub fn step(&self, options: &StepOptions) -> Result<GameLog> {
        Ok(deckhand_goldfish::step(&self.game, &self.deck, options)?)
    }

    /// This deck (A) against `other` (B) on common random numbers; each side's report
    /// carries its deck's legality.
    pub fn compare(
        &self,
        other: &Playable,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Comparison> {
        if other.game.id != self.game.id {
            return Err(Error::DeckGame {
                source_name: "--against".into(),
                message: format!(
                    "cannot compare a {} deck with a {} deck",
                    self.game.id, other.game.id
                ),
            });
        }
        let mut comparison =
            deckhand_goldfish::compare(&self.game, &self.deck, &other.deck, options, progress)?;
        for (report, deck) in [(&mut comparison.a, self), (&mut comparison.b, other)] {
            report.legal = Some(deck.legality.legal);
            report.legality_errors = deck.legality_errors();
        }
        Ok(comparison)
    }

    /// Copies in the part of the deck that plays (the `main` section).
    pub fn library_size(&self) -> u32 {
        self.deck
            .entries
            .iter()
            .filter(|e| e.section == "main")
            .map(|e| e.count)
            .fold(0u32, u32::saturating_add)
    }
}

/// One question of an odds table: at least `at_least` cards matching `query`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, Serialize)]
pub struct OddsQuery {
    pub query: String,
    pub at_least: u32,
}

/// How many of the deck's playing cards a query matched, and which.
#[derive(Debug, Clone, Serialize)]
pub struct OddsMatch {
    pub query: String,
    pub at_least: u32,
    /// Copies in the deck that match.
    pub matching: u32,
    /// The matching cards' names, with their copies ("3 Pilot Vera").
    pub cards: Vec<String>,
}

/// Exact odds by turn of holding the queried cards, going first and going second.
#[derive(Debug, Clone, Serialize)]
pub struct OddsTable {
    pub game: String,
    /// The cards that play (the `main` section).
    pub deck_size: u32,
    pub queries: Vec<OddsMatch>,
    /// With two queries: copies that match both (each counts for one query only).
    pub overlap: u32,
    pub rows: Vec<OddsRow>,
}

impl Deckhand {
    /// Checks `deck` and packs it with its game for playing.
    pub fn playable(&self, deck: Deck) -> Result<Playable> {
        let legality = self.check_deck(&deck)?;
        let game = self.games().get(&deck.game)?.clone();
        Ok(Playable {
            game,
            deck,
            legality,
        })
    }

    /// The editor's unsaved deck, ready to play.
    pub fn playable_draft(&self, draft: &DeckContent) -> Result<Playable> {
        let deck = self.resolve_draft(draft)?;
        self.playable(deck)
    }

    /// Exact odds of seeing at least k cards matching each query (one, or two at once) by
    /// each turn, counting the game's real opening. Queries use the card search language.
    pub fn goldfish_odds(
        &self,
        deck: &Deck,
        queries: &[OddsQuery],
        turns: u32,
    ) -> Result<OddsTable> {
        if queries.is_empty() || queries.len() > 2 {
            return Err(Error::DeckGame {
                source_name: "odds".into(),
                message: "ask about one query, or two at once".into(),
            });
        }
        if turns > MAX_ODDS_TURNS {
            return Err(Error::DeckGame {
                source_name: "odds".into(),
                message: format!("--turns is at most {MAX_ODDS_TURNS}"),
            });
        }
        let library: Vec<_> = deck
            .entries
            .iter()
            .filter(|e| e.section == "main")
            .collect();
        let deck_size = library
            .iter()
            .map(|e| e.count)
            .fold(0u32, u32::saturating_add);
        let mut matched_ids = Vec::with_capacity(queries.len());
        let mut matches = Vec::with_capacity(queries.len());
        for question in queries {
            let ids = self.matching_card_ids(&question.query, &deck.game)?;
            let hits: Vec<_> = library
                .iter()
                .filter(|e| ids.contains(&e.card.id))
                .collect();
            matches.push(OddsMatch {
                query: question.query.clone(),
                at_least: question.at_least,
                matching: hits.iter().map(|e| e.count).sum(),
                cards: hits
                    .iter()
                    .map(|e| format!("{} {}", e.count, e.card.name))
                    .collect(),
            });
            matched_ids.push(ids);
        }
        let category = |m: &OddsMatch| Category {
            matching: m.matching,
            at_least: m.at_least,
        };
        let (overlap, rows) = match matches.as_slice() {
            [one] => (
                0,
                deckhand_goldfish::odds_at_least(&deck.game, deck_size, category(one), turns)?,
            ),
            [a, b] => {
                let overlap = library
                    .iter()
                    .filter(|e| matched_ids[0].contains(&e.card.id))
                    .filter(|e| matched_ids[1].contains(&e.card.id))
                    .map(|e| e.count)
                    .sum();
                let rows = deckhand_goldfish::odds_both(
                    &deck.game,
                    deck_size,
                    category(a),
                    category(b),
                    overlap,
                    turns,
                )?;
                (overlap, rows)
            }
            _ => unreachable!("one or two queries, checked above"),
        };
        Ok(OddsTable {
            game: deck.game.clone(),
            deck_size,
            queries: matches,
            overlap,
            rows,
        })
    }
}
