//! `deckhand bench goldfish`: full games per second for every game the engine plays, on one
//! thread and on two, beside a yardstick measured in the same run (the minimal Zoids loop
//! in `shared/peers/zoidsim`), so each figure comes with a ratio.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use deckhand::goldfish::{supports, SimOptions};
use deckhand::{Deckhand, Error, Result};
use serde::Serialize;

/// One measured configuration.
#[derive(Debug, Clone, Serialize)]
pub struct GoldfishTiming {
    pub game: String,
    pub deck: String,
    pub threads: usize,
    /// Games played in all (each seat plays `games / 2`).
    pub games: u64,
    pub seconds: f64,
    pub games_per_second: f64,
    /// `games_per_second / threads`.
    pub per_core: f64,
    /// The mean kill turn going first: a sanity figure (the same on every thread count).
    pub mean_kill_turn_first: Option<f64>,
}

/// The yardstick's own figure, parsed from its output.
#[derive(Debug, Clone, Serialize)]
pub struct PeerTiming {
    pub command: String,
    pub games: u64,
    pub games_per_second: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct GoldfishBenchReport {
    pub machine: String,
    pub profile: &'static str,
    pub timings: Vec<GoldfishTiming>,
    pub peer: Option<PeerTiming>,
}

/// Plays each game's first bundled sample deck `games` times per configuration (1 and 2
/// threads); runs `peer` (a built zoidsim) with the same number of games when given.
pub fn goldfish(games: u64, peer: Option<&Path>) -> Result<GoldfishBenchReport> {
    let deckhand = Deckhand::open_in_memory()?;
    let mut timings = Vec::new();
    let mut seen = Vec::new();
    for file in deckhand::bundled::DECK_FILES {
        let game = file.path.split('/').nth(2).unwrap_or_default();
        if !supports(game) || seen.contains(&game) {
            continue;
        }
        seen.push(game);
        let deck = deckhand.read_deck_text(file.path, file.text, None, None)?;
        let playable = deckhand.playable(deck)?;
        let name = file.path.rsplit('/').next().unwrap_or(file.path).to_owned();
        for threads in [1, 2] {
            let options = SimOptions {
                games: (games / 2).max(1),
                seed: 42,
                threads,
                side: None,
                policy: None,
            };
            // One short warm-up so page faults and lazy set-up are not timed.
            playable.simulate(
                &SimOptions {
                    games: 1000,
                    ..options.clone()
                },
                &mut |_| true,
            )?;
            let started = Instant::now();
            let report = playable.simulate(&options, &mut |_| true)?;
            let seconds = started.elapsed().as_secs_f64();
            let played = 2 * report.games;
            timings.push(GoldfishTiming {
                game: game.to_owned(),
                deck: name.clone(),
                threads,
                games: played,
                seconds,
                games_per_second: played as f64 / seconds,
                per_core: played as f64 / seconds / threads as f64,
                mean_kill_turn_first: report.going_first.mean_kill_turn,
            });
        }
    }
    let peer = peer.map(|path| run_peer(path, games)).transpose()?;
    Ok(GoldfishBenchReport {
        machine: crate::machine(),
        profile: crate::PROFILE,
        timings,
        peer,
    })
}

/// Runs `zoidsim smallrng_fy N` and reads its `games_per_s=` figure.
fn run_peer(path: &Path, games: u64) -> Result<PeerTiming> {
    let failed = |message: String| Error::ReadFile {
        path: path.to_owned(),
        message,
    };
    let output = Command::new(path)
        .args(["smallrng_fy", &games.to_string()])
        .output()
        .map_err(|e| failed(format!("cannot run the yardstick: {e}")))?;
    let text = String::from_utf8_lossy(&output.stdout);
    let games_per_second = text
        .split_whitespace()
        .find_map(|word| word.strip_prefix("games_per_s="))
        .and_then(|n| n.parse::<f64>().ok())
        .ok_or_else(|| failed(format!("no games_per_s= in its output: {}", text.trim())))?;
    Ok(PeerTiming {
        command: format!("{} smallrng_fy {games}", path.display()),
        games,
        games_per_second,
    })
}
