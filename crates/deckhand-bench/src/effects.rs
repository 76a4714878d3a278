//! The effect reader's speed (issue 35: 10,000 card texts in at most a second, release):
//! the bundled cards' texts, with their types, stats, names and keywords, read round-robin
//! until `texts` are read, one reader per game compiled first (as an import would).

use std::time::Instant;

use serde::Serialize;

use deckhand::{Error, Result};
use deckhand_core::{Card, CardFacts, CardSet, EffectReader, ReadingState};

use crate::Timing;

/// What `bench effects` reports.
#[derive(Debug, Clone, Serialize)]
pub struct EffectsBenchReport {
    /// Texts read per round.
    pub texts: usize,
    /// Distinct card texts they cycle through (every bundled card with text).
    pub distinct: usize,
    /// One round: compiling the five games' words, then reading `texts` texts.
    pub rounds: Timing,
    /// Compiling the five games' words alone (once per round).
    pub compile: Timing,
    /// Per distinct text: read whole, in part, not at all.
    pub read: usize,
    pub partial: usize,
    pub not_read: usize,
    pub profile: &'static str,
}

/// Reads `texts` card texts `runs` times.
pub fn effects(texts: usize, runs: usize) -> Result<EffectsBenchReport> {
    let games = deckhand::bundled::games()?;
    let mut cards: Vec<Card> = Vec::new();
    for file in deckhand::bundled::CARD_FILES {
        let set = CardSet::from_json(file.path, file.text, &games)
            .map_err(|e| Error::BundledData(e.to_string()))?;
        cards.extend(
            set.cards
                .into_iter()
                .filter(|c| c.text.as_deref().is_some_and(|t| !t.trim().is_empty())),
        );
    }
    if cards.is_empty() {
        return Err(Error::Benchmark("no bundled card has text".into()));
    }
    let ids: Vec<String> = games.iter().map(|g| g.id.clone()).collect();
    let game_of: Vec<usize> = cards
        .iter()
        .map(|c| ids.iter().position(|id| *id == c.game).unwrap_or(0))
        .collect();

    let (mut read, mut partial, mut not_read) = (0, 0, 0);
    let mut rounds = Vec::with_capacity(runs.max(1));
    let mut compiles = Vec::with_capacity(runs.max(1));
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        let readers: Vec<EffectReader> = games.iter().map(EffectReader::new).collect();
        compiles.push(started.elapsed());
        let mut states = [0usize; 3];
        for i in 0..texts {
            let card = &cards[i % cards.len()];
            let facts = CardFacts::of(card);
            let reading =
                readers[game_of[i % cards.len()]].read(card.text.as_deref().unwrap_or(""), &facts);
            if i < cards.len() {
                states[match reading.state {
                    ReadingState::Read => 0,
                    ReadingState::Partial => 1,
                    ReadingState::NotRead => 2,
                }] += 1;
            }
            std::hint::black_box(reading);
        }
        rounds.push(started.elapsed());
        [read, partial, not_read] = states;
    }
    Ok(EffectsBenchReport {
        texts,
        distinct: cards.len(),
        rounds: Timing::from_samples(format!("read {texts} card texts"), rounds),
        compile: Timing::from_samples("compile the five games' words", compiles),
        read,
        partial,
        not_read,
        profile: crate::PROFILE,
    })
}
