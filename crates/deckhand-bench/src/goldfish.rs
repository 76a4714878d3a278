//! `deckhand bench goldfish`: full games per second for every game the engine plays, on one
//! thread and on two, beside a yardstick measured in the same run (the minimal Zoids loop
//! in `shared/peers/zoidsim`), so each figure comes with a ratio. Also times the app's
//! path: what the Playtest view's Simulate button costs for [`APP_GAMES`] games, from the
//! editor's draft to the report, through the facade calls the Tauri command makes.
//!
//! With `runs` above 1 every configuration and the yardstick are timed once per round, the
//! rounds one after the other: a shared machine's speed swings between rounds (±15 % and
//! more on a VM with busy neighbours), so each figure is the median and the range of its
//! rounds, and the ratio to the yardstick is the median of the ratios within a round, where
//! both ran under the same conditions.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use deckhand::goldfish::{supports, GameOptions, SimOptions};
use deckhand::{DeckCard, DeckContent, Deckhand, Error, Result};
use serde::Serialize;

/// One measured configuration.
#[derive(Debug, Clone, Serialize)]
pub struct GoldfishTiming {
    pub game: String,
    pub deck: String,
    pub threads: usize,
    /// Games played in all (each seat plays `games / 2`).
    pub games: u64,
    /// The median round's.
    pub seconds: f64,
    pub games_per_second: f64,
    /// `games_per_second / threads`: the median of the rounds.
    pub per_core: f64,
    /// The slowest and the fastest round, per core.
    pub per_core_min: f64,
    pub per_core_max: f64,
    /// Rounds timed.
    pub runs: usize,
    /// The median over the rounds of this round's `per_core` over the yardstick's figure in
    /// the same round (with a yardstick).
    pub vs_peer: Option<f64>,
    /// The mean kill turn going first: a sanity figure (the same on every thread count).
    pub mean_kill_turn_first: Option<f64>,
}

/// The yardstick's own figure, parsed from its output.
#[derive(Debug, Clone, Serialize)]
pub struct PeerTiming {
    pub command: String,
    pub games: u64,
    /// The median of the rounds, and their range.
    pub games_per_second: f64,
    pub games_per_second_min: f64,
    pub games_per_second_max: f64,
}

/// The app's path for one game: a draft resolved, checked and played [`APP_GAMES`] times.
#[derive(Debug, Clone, Serialize)]
pub struct AppPathTiming {
    pub game: String,
    pub deck: String,
    /// Games played in all (half from each seat), on every core.
    pub games: u64,
    pub threads: usize,
    /// The fastest of [`APP_RUNS`] runs, and the slowest.
    pub best_seconds: f64,
    pub worst_seconds: f64,
    /// The mean kill turn going first: a sanity figure, to set beside the main timings'.
    pub mean_kill_turn_first: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct GoldfishBenchReport {
    pub machine: String,
    pub profile: &'static str,
    pub timings: Vec<GoldfishTiming>,
    pub peer: Option<PeerTiming>,
    pub app_path: Vec<AppPathTiming>,
}

/// Games per app-path run (the target: under 0.2 s).
pub const APP_GAMES: u64 = 10_000;
/// Timed app-path runs per game.
pub const APP_RUNS: usize = 5;

/// The enemies a Heroes of the Grid sample deck battles: bundled sample enemy decks.
pub const HOTG_LINEUP: &[(&str, u32)] = &[("Gravel Grunt", 3), ("Clockjaw", 1)];

/// Plays each game's first bundled sample deck `games` times per configuration (1 and 2
/// threads), `runs` rounds; runs `peer` (a built zoidsim) with the same number of games once
/// a round when given. PR Deck-Building plays the rules' starter deck; Heroes of the Grid
/// battles [`HOTG_LINEUP`].
pub fn goldfish(games: u64, peer: Option<&Path>, runs: usize) -> Result<GoldfishBenchReport> {
    let runs = runs.max(1);
    let deckhand = Deckhand::open_in_memory()?;
    let mut app_path = Vec::new();
    let mut configs = Vec::new();
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
        let enemies = match game {
            "pr-hotg" => deckhand.enemy_lineup("pr-hotg", HOTG_LINEUP)?,
            _ => Vec::new(),
        };
        app_path.push(time_app_path(&deckhand, &playable.deck, game, &name)?);
        for threads in [1, 2] {
            let options = SimOptions {
                games: (games / 2).max(1),
                seed: 42,
                threads,
                game: GameOptions::lineup(enemies.clone()),
                ..SimOptions::default()
            };
            // One short warm-up so page faults and lazy set-up are not timed.
            playable.simulate(
                &SimOptions {
                    games: 1000,
                    ..options.clone()
                },
                &mut |_| true,
            )?;
            configs.push((game, name.clone(), playable.clone(), options));
        }
    }
    // Per configuration, each round's (games played, seconds, mean kill turn going first).
    let mut rounds: Vec<Vec<(u64, f64, Option<f64>)>> = vec![Vec::new(); configs.len()];
    let mut peer_rounds = Vec::new();
    for _ in 0..runs {
        for ((_, _, playable, options), timed) in configs.iter().zip(&mut rounds) {
            let started = Instant::now();
            let report = playable.simulate(options, &mut |_| true)?;
            let seconds = started.elapsed().as_secs_f64();
            timed.push((2 * report.games, seconds, report.going_first.mean_kill_turn));
        }
        if let Some(path) = peer {
            peer_rounds.push(run_peer(path, games)?);
        }
    }
    let peer_rates: Vec<f64> = peer_rounds.iter().map(|p| p.games_per_second).collect();
    let timings = configs
        .iter()
        .zip(&rounds)
        .map(|((game, name, _, options), timed)| {
            let threads = options.threads;
            let per_core: Vec<f64> = timed
                .iter()
                .map(|&(played, seconds, _)| played as f64 / seconds / threads as f64)
                .collect();
            let (played, _, mean_kill_turn_first) = timed[0];
            let ratios: Vec<f64> = per_core
                .iter()
                .zip(&peer_rates)
                .map(|(a, b)| a / b)
                .collect();
            let (median, min, max) = spread(per_core);
            GoldfishTiming {
                game: (*game).to_owned(),
                deck: name.clone(),
                threads,
                games: played,
                seconds: played as f64 / (median * threads as f64),
                games_per_second: median * threads as f64,
                per_core: median,
                per_core_min: min,
                per_core_max: max,
                runs,
                vs_peer: (!ratios.is_empty()).then(|| spread(ratios).0),
                mean_kill_turn_first,
            }
        })
        .collect();
    let peer = peer_rounds.first().map(|first| {
        let (median, min, max) = spread(peer_rates);
        PeerTiming {
            command: first.command.clone(),
            games: first.games,
            games_per_second: median,
            games_per_second_min: min,
            games_per_second_max: max,
        }
    });
    Ok(GoldfishBenchReport {
        machine: crate::machine(),
        profile: crate::PROFILE,
        timings,
        peer,
        app_path,
    })
}

/// (median, min, max) of a few figures; the median of an even count is the mean of the
/// middle two. All 0 when there are none.
fn spread(mut values: Vec<f64>) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let median = match n {
        0 => 0.0,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    };
    let (min, max) = (values.first(), values.last());
    (
        median,
        min.copied().unwrap_or(0.0),
        max.copied().unwrap_or(0.0),
    )
}

/// What `goldfish_simulate` in src-tauri does for the Simulate button: resolve the editor's
/// draft (`playable_draft`: card look-ups and the legality check), build the enemy line-up,
/// and simulate on every core with a progress callback. Timed whole, best of [`APP_RUNS`].
fn time_app_path(
    deckhand: &Deckhand,
    deck: &deckhand::Deck,
    game: &str,
    name: &str,
) -> Result<AppPathTiming> {
    let draft = DeckContent {
        game: deck.game.clone(),
        name: name.to_owned(),
        side: deck.side,
        format: None,
        notes: String::new(),
        tags: Vec::new(),
        cards: deck
            .entries
            .iter()
            .map(|e| DeckCard {
                section: e.section.clone(),
                count: e.count,
                card: e.card.id.clone(),
            })
            .collect(),
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut times = Vec::with_capacity(APP_RUNS);
    let mut mean_kill_turn_first = None;
    for run in 0..=APP_RUNS {
        let started = Instant::now();
        let playable = deckhand.playable_draft(&draft)?;
        let enemies = match game {
            "pr-hotg" => deckhand.enemy_lineup("pr-hotg", HOTG_LINEUP)?,
            _ => Vec::new(),
        };
        let options = SimOptions {
            games: APP_GAMES / 2,
            seed: 42 + run as u64,
            threads,
            side: draft.side,
            game: GameOptions::lineup(enemies),
            ..SimOptions::default()
        };
        // The command's progress callback reads the clock on every report, as here.
        let mut last = Instant::now();
        let report = playable.simulate(&options, &mut |_done| {
            if last.elapsed().as_millis() >= 50 {
                last = Instant::now();
            }
            true
        })?;
        mean_kill_turn_first = report.going_first.mean_kill_turn;
        // Run 0 warms up (page faults, lazy set-up); it is not counted.
        if run > 0 {
            times.push(started.elapsed().as_secs_f64());
        }
    }
    Ok(AppPathTiming {
        game: game.to_owned(),
        deck: name.to_owned(),
        games: APP_GAMES,
        threads,
        best_seconds: times.iter().copied().fold(f64::INFINITY, f64::min),
        worst_seconds: times.iter().copied().fold(0.0, f64::max),
        mean_kill_turn_first,
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
        games_per_second_min: games_per_second,
        games_per_second_max: games_per_second,
    })
}
