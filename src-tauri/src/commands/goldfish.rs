//! Playtest commands: one game step by step, a Monte Carlo run in the background with
//! progress and Cancel, and exact draw odds — all for the editor's deck, saved or not.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use deckhand::goldfish::{
    random_seed, GameLog, OddsQuery, OddsTable, SimOptions, SimReport, StepOptions,
};
use deckhand::DeckContent;
use tauri::ipc::Channel;
use tauri::State;

use super::UiError;
use crate::state::Db;

/// Set by `cancel_goldfish`; the running simulation stops at its next progress report.
#[derive(Default)]
pub struct Cancel(Arc<AtomicBool>);

/// How often the progress bar hears about a running simulation.
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// Plays one game of the draft from the start (a new random seed unless one is given).
#[tauri::command]
pub async fn goldfish_step(
    db: State<'_, Db>,
    draft: DeckContent,
    seed: Option<u64>,
    going_first: bool,
) -> Result<GameLog, UiError> {
    let options = StepOptions {
        seed: seed.unwrap_or_else(random_seed),
        going_first,
        side: draft.side,
        policy: None,
    };
    db.with(|d| d.playable_draft(&draft)?.step(&options))
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
    on_progress: Channel<u64>,
) -> Result<SimReport, UiError> {
    let playable = db.with(|d| d.playable_draft(&draft))?;
    let options = SimOptions {
        games,
        seed: seed.unwrap_or_else(random_seed),
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        side: draft.side,
        policy: None,
    };
    cancel.0.store(false, Ordering::SeqCst);
    let cancelled = Arc::clone(&cancel.0);
    tauri::async_runtime::spawn_blocking(move || {
        let mut last = Instant::now();
        playable
            .simulate(&options, &mut |done| {
                if last.elapsed() >= PROGRESS_EVERY {
                    last = Instant::now();
                    let _ = on_progress.send(done);
                }
                !cancelled.load(Ordering::SeqCst)
            })
            .map_err(UiError::from)
    })
    .await
    .map_err(|e| UiError {
        code: "internal".into(),
        message: format!("the simulation stopped: {e}"),
    })?
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
