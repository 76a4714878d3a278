//! `deckhand bench tuning`: what `goldfish --impact` and `tune` cost on the Zoids sample
//! deck made 15 distinct cards (one Supply Drop swapped for a Windscout Drone): impact at
//! the given games per card per seat, and tune for the given rounds over the first 60
//! cards of the game (by name) as its pool. The same seed each time; figures only.

use std::time::Instant;

use deckhand::goldfish::SimOptions;
use deckhand::tuning::TuneReport;
use deckhand::{Deckhand, Error, Result};
use serde::Serialize;

/// The pool size the tuning benchmark uses.
pub const POOL: usize = 60;

#[derive(Debug, Clone, Serialize)]
pub struct TuningBenchReport {
    pub machine: String,
    pub profile: &'static str,
    pub threads: usize,
    pub deck_cards: u32,
    pub distinct_cards: usize,
    /// Impact: games per card per seat, and the seconds it took.
    pub impact_games: u64,
    pub impact_seconds: f64,
    /// Tune: its games per candidate per seat, rounds asked and swaps made.
    pub tune_games: u64,
    pub tune_rounds: u32,
    pub tune_steps: usize,
    pub tune_stopped: String,
    pub pool: usize,
    pub tune_seconds: f64,
}

pub fn tuning(impact_games: u64, tune_games: u64, rounds: u32) -> Result<TuningBenchReport> {
    let deckhand = Deckhand::open_in_memory()?;
    let file = deckhand::bundled::DECK_FILES
        .iter()
        .find(|f| f.path.ends_with("zoids-scramble/republic-vanguard.txt"))
        .ok_or_else(|| Error::Benchmark("the Republic Vanguard sample deck is missing".into()))?;
    let text = file
        .text
        .replacen("2 Supply Drop", "1 Supply Drop\n1 Windscout Drone", 1);
    let deck = deckhand.read_deck_text(file.path, &text, None, None)?;
    let deck_cards = deck.entries.iter().map(|e| e.count).sum();
    let distinct_cards = deck.entries.len();
    let playable = deckhand.playable(deck)?;
    let threads = deckhand::goldfish::worker_threads(0);
    let options = |games| SimOptions {
        games,
        seed: 42,
        threads,
        ..SimOptions::default()
    };
    let started = Instant::now();
    playable.impact(&options(impact_games), &mut |_| true)?;
    let impact_seconds = started.elapsed().as_secs_f64();
    let mut pool = deckhand.tune_pool("zoids-scramble", None, playable.deck.side)?;
    pool.truncate(POOL);
    let pool_size = pool.len();
    let started = Instant::now();
    let report: TuneReport = playable.tune(&options(tune_games), rounds, pool, &mut |_| true)?;
    let tune_seconds = started.elapsed().as_secs_f64();
    Ok(TuningBenchReport {
        machine: crate::machine(),
        profile: crate::PROFILE,
        threads,
        deck_cards,
        distinct_cards,
        impact_games,
        impact_seconds,
        tune_games,
        tune_rounds: rounds,
        tune_steps: report.steps.len(),
        tune_stopped: report.stopped,
        pool: pool_size,
        tune_seconds,
    })
}
