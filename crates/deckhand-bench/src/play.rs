//! `deckhand bench play`: what playing a hand yourself costs, for each game's first bundled
//! sample deck, through the facade calls the app's Play tab makes. Targets (issue 33): a
//! pick answered (the seed and the picks replayed, the board built) in ≤ 50 ms for a
//! 20-turn game; From here with 10,000 continuations, and Which option is best with 2,000 a
//! option, each in ≤ 300 ms on 2 cores.

use std::time::Instant;

use deckhand::goldfish::{supports, PlayOptions, StepOptions};
use deckhand::{Deckhand, Result};
use serde::Serialize;

use crate::goldfish::HOTG_LINEUP;

/// Continuations of the From here estimate, and per option of the comparison.
pub const FROM_HERE: u32 = 10_000;
pub const PER_OPTION: u32 = 2_000;

#[derive(Debug, Clone, Serialize)]
pub struct PlayTiming {
    pub game: String,
    pub deck: String,
    /// The turn of the decision a pick is answered at, and its number in the game.
    pub pick_turn: u32,
    pub pick_decision: u32,
    /// The fastest and slowest of `runs` answers to that pick, in milliseconds.
    pub pick_ms: [f64; 2],
    /// From here at the first decision: the fastest and slowest run. The first run plays
    /// the deck's own games beside the continuations; the later ones find them kept (as
    /// every estimate after a deck's first does in the app), so the slowest is the first.
    pub from_here_ms: [f64; 2],
    /// Which option is best at the first decision, and how many options it compared.
    pub compare_ms: [f64; 2],
    pub options: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayBenchReport {
    pub profile: &'static str,
    pub threads: usize,
    pub runs: usize,
    pub timings: Vec<PlayTiming>,
}

/// Times each game's first sample deck `runs` times: the pilot's whole game is played for
/// its picks, then a pick late in it (three quarters of its decisions in) is answered, and
/// From here and Which option is best run at the game's first decision.
pub fn play(runs: usize) -> Result<PlayBenchReport> {
    let runs = runs.max(1);
    let deckhand = Deckhand::open_in_memory()?;
    let mut seen = Vec::new();
    let mut timings = Vec::new();
    for file in deckhand::bundled::DECK_FILES {
        let game = file.path.split('/').nth(2).unwrap_or_default();
        if !supports(game) || seen.contains(&game) {
            continue;
        }
        seen.push(game);
        let deck = deckhand.read_deck_text(file.path, file.text, None, None)?;
        let playable = deckhand.playable(deck)?;
        let enemies = match game {
            "pr-hotg" => deckhand.enemy_lineup("pr-hotg", HOTG_LINEUP)?,
            _ => Vec::new(),
        };
        let step = StepOptions {
            seed: 42,
            going_first: true,
            game: deckhand::goldfish::GameOptions::lineup(enemies),
            ..StepOptions::default()
        };
        let at = |picks: Vec<u32>, pilot_rest: bool| PlayOptions {
            step: step.clone(),
            picks,
            pilot_rest,
        };
        let whole = playable.play(&at(Vec::new(), true))?;
        let late = whole.picks.len() * 3 / 4;
        let picks = whole.picks[..late].to_vec();
        let mut pick_ms = Vec::new();
        let mut pick_turn = 0;
        for _ in 0..runs {
            let start = Instant::now();
            let state = playable.play(&at(picks.clone(), false))?;
            pick_ms.push(start.elapsed().as_secs_f64() * 1000.0);
            pick_turn = state.turn;
        }
        let first = at(Vec::new(), false);
        let options = playable
            .play(&first)?
            .decision
            .map_or(0, |d| d.options.len());
        let mut from_here_ms = Vec::new();
        let mut compare_ms = Vec::new();
        for _ in 0..runs {
            let start = Instant::now();
            playable.from_here(&first, FROM_HERE, false)?;
            from_here_ms.push(start.elapsed().as_secs_f64() * 1000.0);
            let start = Instant::now();
            playable.from_here(&first, PER_OPTION, true)?;
            compare_ms.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        timings.push(PlayTiming {
            game: game.to_owned(),
            deck: file.path.rsplit('/').next().unwrap_or(file.path).to_owned(),
            pick_turn,
            pick_decision: late as u32,
            pick_ms: range(&pick_ms),
            from_here_ms: range(&from_here_ms),
            compare_ms: range(&compare_ms),
            options,
        });
    }
    Ok(PlayBenchReport {
        profile: crate::PROFILE,
        threads: deckhand::goldfish::worker_threads(0),
        runs,
        timings,
    })
}

/// The fastest and the slowest of `values`.
fn range(values: &[f64]) -> [f64; 2] {
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    let max = values.iter().copied().fold(0.0, f64::max);
    [min, max]
}
