//! Playtest commands: one game step by step, a Monte Carlo run in the background with
//! progress and Cancel, and exact draw odds — all for the editor's deck, saved or not.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use deckhand::goldfish::{
    random_seed, EffectsMode, EnemyDeck, FromHere, GameLog, GameOptions, OddsQuery, OddsTable,
    PlayOptions, PlayState, Playable, SimOptions, SimReport, StepOptions,
};
use deckhand::tuning::{pool_query, ImpactReport, TuneProgress, TuneReport};
use deckhand::{DeckContent, Deckhand, PlayOdds};
use tauri::ipc::Channel;
use tauri::State;

use super::UiError;
use crate::state::Db;

/// Set by `cancel_goldfish`; the running simulation stops at its next progress report.
#[derive(Default)]
pub struct Cancel(Arc<AtomicBool>);

/// How often the progress bar hears about a running simulation.
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// One enemy deck of a Heroes of the Grid line-up, as the picker sends it.
#[derive(Debug, Clone, serde::Deserialize, ts_rs::TS)]
#[ts(rename = "EnemyChoice")]
pub struct EnemyPick {
    pub name: String,
    pub figures: u32,
}

/// What a game's goldfish takes besides the deck: a named policy (PR Deck-Building), the
/// enemy line-up and die faces (Heroes of the Grid), all optional.
#[derive(Debug, Clone, Default, serde::Deserialize, ts_rs::TS)]
#[serde(default)]
pub struct PlayChoices {
    pub policy: Option<String>,
    pub enemies: Vec<EnemyPick>,
    pub die: Option<Vec<u8>>,
}

/// The game's own options the choices give (the line-up resolved against the stored
/// enemy decks); the engine refuses one the game does not take.
fn game_options(d: &Deckhand, game: &str, choices: &PlayChoices) -> deckhand::Result<GameOptions> {
    let picks: Vec<(&str, u32)> = choices
        .enemies
        .iter()
        .map(|p| (p.name.as_str(), p.figures))
        .collect();
    Ok(GameOptions {
        enemies: d.enemy_lineup(game, &picks)?,
        die_faces: choices.die.clone(),
        mulligan: None,
    })
}

/// Plays one game of the draft from the start (a new random seed unless one is given);
/// `mulligan` forces Showdown's mulligan decision either way.
#[tauri::command]
pub async fn goldfish_step(
    db: State<'_, Db>,
    draft: DeckContent,
    seed: Option<u64>,
    going_first: bool,
    choices: Option<PlayChoices>,
    mulligan: Option<bool>,
) -> Result<GameLog, UiError> {
    let choices = choices.unwrap_or_default();
    db.with(|d| {
        let options = StepOptions {
            seed: seed.unwrap_or_else(random_seed),
            going_first,
            side: draft.side,
            policy: choices.policy.clone(),
            effects: EffectsMode::All,
            game: GameOptions {
                mulligan,
                ..game_options(d, &draft.game, &choices)?
            },
            ..StepOptions::default()
        };
        d.playable_draft(&draft)?.step(&options)
    })
}

/// A played game as the page names it: the seed, seat, choices and picks.
fn play_options(
    d: &Deckhand,
    draft: &DeckContent,
    choices: &PlayChoices,
    seed: u64,
    going_first: bool,
    picks: Vec<u32>,
    pilot_rest: bool,
) -> deckhand::Result<PlayOptions> {
    Ok(PlayOptions {
        step: StepOptions {
            seed,
            going_first,
            side: draft.side,
            policy: choices.policy.clone(),
            game: game_options(d, &draft.game, choices)?,
            ..StepOptions::default()
        },
        picks,
        pilot_rest,
    })
}

/// A game of the draft played by the player: the seed replayed with their picks up to the
/// next decision (or, with `pilot_rest`, to the end).
#[tauri::command]
pub async fn goldfish_play(
    db: State<'_, Db>,
    draft: DeckContent,
    seed: u64,
    going_first: bool,
    choices: Option<PlayChoices>,
    picks: Vec<u32>,
    pilot_rest: bool,
) -> Result<PlayState, UiError> {
    let choices = choices.unwrap_or_default();
    db.with(|d| {
        let options = play_options(d, &draft, &choices, seed, going_first, picks, pilot_rest)?;
        d.playable_draft(&draft)?.play(&options)
    })
}

/// How the player's game is likely to end from its pending decision (`continuations` games
/// played on by the pilot, the unseen cards dealt anew), and with `compare` each option's.
#[tauri::command]
#[allow(clippy::too_many_arguments)] // The game as `goldfish_play` takes it, and the estimate's size.
pub async fn goldfish_from_here(
    db: State<'_, Db>,
    draft: DeckContent,
    seed: u64,
    going_first: bool,
    choices: Option<PlayChoices>,
    picks: Vec<u32>,
    continuations: u32,
    compare: bool,
) -> Result<FromHere, UiError> {
    let choices = choices.unwrap_or_default();
    db.with(|d| {
        let options = play_options(d, &draft, &choices, seed, going_first, picks, false)?;
        d.playable_draft(&draft)?
            .from_here(&options, continuations, compare)
    })
}

/// Odds beside play: at the player's pending decision, the exact chance of drawing at
/// least `at_least` more cards matching `query` by each turn up to `by_turn`, from the
/// cards they have not seen.
#[tauri::command]
#[allow(clippy::too_many_arguments)] // The game as `goldfish_play` takes it, and the question.
pub async fn goldfish_play_odds(
    db: State<'_, Db>,
    draft: DeckContent,
    seed: u64,
    going_first: bool,
    choices: Option<PlayChoices>,
    picks: Vec<u32>,
    query: String,
    at_least: u32,
    by_turn: u32,
) -> Result<PlayOdds, UiError> {
    let choices = choices.unwrap_or_default();
    db.with(|d| {
        let options = play_options(d, &draft, &choices, seed, going_first, picks, false)?;
        let playable = d.playable_draft(&draft)?;
        d.play_odds(&playable, &options, &query, at_least, by_turn)
    })
}

/// A new random seed, for the page to deal a game it will replay with picks.
#[tauri::command]
pub async fn goldfish_new_seed() -> Result<u64, UiError> {
    Ok(random_seed())
}

/// The Heroes of the Grid enemy decks stored, for the enemy picker.
#[tauri::command]
pub async fn goldfish_enemy_decks(
    db: State<'_, Db>,
    game: String,
) -> Result<Vec<EnemyDeck>, UiError> {
    db.with(|d| d.enemy_decks(&game))
}

/// Plays `games` games from each seat on every core, off the UI's thread, reporting games
/// done per seat on `on_progress`. The database is released while it runs.
#[tauri::command]
pub async fn goldfish_simulate(
    db: State<'_, Db>,
    cancel: State<'_, Cancel>,
    draft: DeckContent,
    games: u64,
    seed: Option<u64>,
    choices: Option<PlayChoices>,
    on_progress: Channel<u64>,
) -> Result<SimReport, UiError> {
    let (playable, options) = db.with(|d| run_on_draft(d, &draft, games, seed, choices))?;
    in_background(&cancel, move |cancelled| {
        let mut report = reporter(on_progress, cancelled);
        playable.simulate(&options, &mut |done| report(&done))
    })
    .await
}

/// The draft made playable, and the options of a run of `games` games a seat on it as the
/// running playtest has it set (a new random seed unless one is given).
fn run_on_draft(
    d: &Deckhand,
    draft: &DeckContent,
    games: u64,
    seed: Option<u64>,
    choices: Option<PlayChoices>,
) -> deckhand::Result<(Playable, SimOptions)> {
    let choices = choices.unwrap_or_default();
    let playable = d.playable_draft(draft)?;
    let game = game_options(d, &draft.game, &choices)?;
    let options = SimOptions {
        games,
        seed: seed.unwrap_or_else(random_seed),
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        side: draft.side,
        policy: choices.policy,
        effects: EffectsMode::All,
        game,
    };
    Ok((playable, options))
}

/// Runs `work` on a blocking thread with the cancel flag cleared; `work` gets the flag.
async fn in_background<T: Send + 'static>(
    cancel: &Cancel,
    work: impl FnOnce(Arc<AtomicBool>) -> deckhand::Result<T> + Send + 'static,
) -> Result<T, UiError> {
    cancel.0.store(false, Ordering::SeqCst);
    let cancelled = Arc::clone(&cancel.0);
    tauri::async_runtime::spawn_blocking(move || work(cancelled).map_err(UiError::from))
        .await
        .map_err(|e| UiError {
            code: deckhand::ErrorCode::Internal,
            message: format!("the run stopped: {e}"),
        })?
}

/// A background run's progress callback: it sends the progress on `on_progress` at most
/// every [`PROGRESS_EVERY`] (the page redraws no faster) and says whether to go on (false
/// once Cancel is pressed).
fn reporter<T: tauri::ipc::IpcResponse + Clone>(
    on_progress: Channel<T>,
    cancelled: Arc<AtomicBool>,
) -> impl FnMut(&T) -> bool {
    let mut last = Instant::now();
    move |progress| {
        if last.elapsed() >= PROGRESS_EVERY {
            last = Instant::now();
            let _ = on_progress.send(progress.clone());
        }
        !cancelled.load(Ordering::SeqCst)
    }
}

/// Each card's impact on the draft (`games` per seat), in the background like
/// `goldfish_simulate`; Cancel stops it.
#[tauri::command]
pub async fn goldfish_impact(
    db: State<'_, Db>,
    cancel: State<'_, Cancel>,
    draft: DeckContent,
    games: u64,
    seed: Option<u64>,
    choices: Option<PlayChoices>,
    on_progress: Channel<u64>,
) -> Result<ImpactReport, UiError> {
    let (playable, options) = db.with(|d| run_on_draft(d, &draft, games, seed, choices))?;
    in_background(&cancel, move |cancelled| {
        let mut report = reporter(on_progress, cancelled);
        playable.impact(&options, &mut |done| report(&done))
    })
    .await
}

/// Tunes the draft with swaps from the pool (`pool` a search query, `owned` only the
/// cards owned), reporting each round's progress and the swaps so far; Cancel stops it.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn goldfish_tune(
    db: State<'_, Db>,
    cancel: State<'_, Cancel>,
    draft: DeckContent,
    games: u64,
    rounds: u32,
    pool: String,
    owned: bool,
    seed: Option<u64>,
    choices: Option<PlayChoices>,
    on_progress: Channel<TuneProgress>,
) -> Result<TuneReport, UiError> {
    let (playable, options, cards) = db.with(|d| {
        let (playable, options) = run_on_draft(d, &draft, games, seed, choices)?;
        let query = pool_query(&pool, owned);
        let cards = d.tune_pool(&playable.game.id, query.as_deref(), draft.side)?;
        Ok((playable, options, cards))
    })?;
    in_background(&cancel, move |cancelled| {
        playable.tune(
            &options,
            rounds,
            cards,
            &mut reporter(on_progress, cancelled),
        )
    })
    .await
}

/// Stops the running simulation, if any.
#[tauri::command]
pub async fn cancel_goldfish(cancel: State<'_, Cancel>) -> Result<(), UiError> {
    cancel.0.store(true, Ordering::SeqCst);
    Ok(())
}

/// Exact odds by turn of holding cards that match one or two search queries.
#[tauri::command]
pub async fn goldfish_odds(
    db: State<'_, Db>,
    draft: DeckContent,
    queries: Vec<OddsQuery>,
    turns: u32,
) -> Result<OddsTable, UiError> {
    db.with(|d| {
        let playable = d.playable_draft(&draft)?;
        d.goldfish_odds(&playable.deck, &queries, turns)
    })
}
