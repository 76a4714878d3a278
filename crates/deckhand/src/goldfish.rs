//! Goldfish: a deck played against an opponent who does nothing (the `deckhand-goldfish`
//! engine), two decks compared, and exact draw odds for a search query. This area adds
//! what the pure engine leaves to its caller: the deck's legality (an illegal deck still
//! plays, with its errors in the report) and turning a search query into deck cards.

use std::collections::HashSet;

use deckhand_core::{Deck, Legality, Severity};
use deckhand_goldfish::{
    self as engine, Category, Comparison, GameLog, OddsRow, SimOptions, SimReport, StepOptions,
};
use deckhand_search::SearchOptions;
use serde::Serialize;

use crate::{Deckhand, Result};

/// An odds question: at least `at_least` cards matching `query`, optionally together with
/// at least `and_at_least` cards matching `and` (two different cards).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddsRequest {
    pub query: String,
    pub at_least: u32,
    pub and: Option<(String, u32)>,
    /// Rows for turns `0..=turns` (turn 0 is the opening hand).
    pub turns: u32,
}

/// One query's share of the deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OddsQuery {
    pub query: String,
    /// Copies in the main deck that match.
    pub matching: u32,
    pub at_least: u32,
    /// The names of the matching cards.
    pub cards: Vec<String>,
}

/// The answer to an [`OddsRequest`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OddsTable {
    pub game: String,
    pub deck_size: u32,
    pub queries: Vec<OddsQuery>,
    /// Copies that match both queries (they count for one of them only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overlap: Option<u32>,
    pub rows: Vec<OddsRow>,
}

fn errors_of(legality: &Legality) -> Vec<String> {
    legality
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message.clone())
        .collect()
}

impl Deckhand {
    /// Plays `options.games` goldfish games from each seat. The deck's side is used when
    /// the options name none; the report carries the deck's legality.
    pub fn goldfish(
        &self,
        deck: &Deck,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<SimReport> {
        let game = self.games().get(&deck.game)?;
        let options = SimOptions {
            side: options.side.or(deck.side),
            ..options.clone()
        };
        let mut report = engine::simulate(game, deck, &options, progress)?;
        self.attach_legality(deck, &mut report)?;
        Ok(report)
    }

    /// Plays one goldfish game turn by turn (game 0 of [`Deckhand::goldfish`] with the
    /// same seed and seat).
    pub fn goldfish_step(&self, deck: &Deck, options: &StepOptions) -> Result<GameLog> {
        let game = self.games().get(&deck.game)?;
        let options = StepOptions {
            side: options.side.or(deck.side),
            ..options.clone()
        };
        Ok(engine::step(game, deck, &options)?)
    }

    /// Plays two decks of one game on common random numbers and states how B differs from
    /// A. Each side's report carries its deck's legality.
    pub fn goldfish_compare(
        &self,
        a: &Deck,
        b: &Deck,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Comparison> {
        let game = self.games().get(&a.game)?;
        let mut comparison = engine::compare(game, a, b, options, progress)?;
        self.attach_legality(a, &mut comparison.a)?;
        self.attach_legality(b, &mut comparison.b)?;
        Ok(comparison)
    }

    fn attach_legality(&self, deck: &Deck, report: &mut SimReport) -> Result<()> {
        let legality = self.check_deck(deck)?;
        report.legal = Some(legality.legal);
        report.legality_errors = errors_of(&legality);
        Ok(())
    }

    /// The exact chance of having seen the cards a search query names, by turn.
    pub fn odds(&self, deck: &Deck, request: &OddsRequest) -> Result<OddsTable> {
        let main: Vec<_> = deck
            .entries
            .iter()
            .filter(|e| e.section == "main")
            .collect();
        let deck_size: u32 = main.iter().map(|e| e.count).sum();
        let matches = |query: &str| -> Result<HashSet<String>> {
            let options = |limit| SearchOptions {
                game: Some(&deck.game),
                limit,
            };
            let total = self.index.search_text(query, &options(1))?.total;
            let hits = self.index.search_text(query, &options(total.max(1)))?.hits;
            Ok(hits.into_iter().map(|h| h.id).collect())
        };
        let describe = |query: &str, ids: &HashSet<String>, at_least: u32| {
            let hits: Vec<_> = main.iter().filter(|e| ids.contains(&e.card.id)).collect();
            let mut cards: Vec<String> = hits.iter().map(|e| e.card.name.clone()).collect();
            cards.dedup();
            OddsQuery {
                query: query.to_owned(),
                matching: hits.iter().map(|e| e.count).sum(),
                at_least,
                cards,
            }
        };
        let first_ids = matches(&request.query)?;
        let first = describe(&request.query, &first_ids, request.at_least);
        let want = |q: &OddsQuery| Category {
            matching: q.matching,
            at_least: q.at_least,
        };
        match &request.and {
            None => Ok(OddsTable {
                game: deck.game.clone(),
                deck_size,
                rows: engine::odds_at_least(&deck.game, deck_size, want(&first), request.turns)?,
                queries: vec![first],
                overlap: None,
            }),
            Some((query, at_least)) => {
                let second_ids = matches(query)?;
                let second = describe(query, &second_ids, *at_least);
                let overlap = main
                    .iter()
                    .filter(|e| first_ids.contains(&e.card.id) && second_ids.contains(&e.card.id))
                    .map(|e| e.count)
                    .sum();
                let rows = engine::odds_both(
                    &deck.game,
                    deck_size,
                    want(&first),
                    want(&second),
                    overlap,
                    request.turns,
                )?;
                Ok(OddsTable {
                    game: deck.game.clone(),
                    deck_size,
                    queries: vec![first, second],
                    overlap: Some(overlap),
                    rows,
                })
            }
        }
    }
}
