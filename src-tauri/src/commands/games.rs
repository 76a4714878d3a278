//! Game commands: the game list, the player's games (add from a file chosen in a native
//! dialog, remove, export), the files skipped at start-up, and a game's rules in plain
//! words. Each calls one API function and maps the error.

use deckhand::{AddedGame, GameFileProblem, GameRules, GameSummary};
use tauri::{State, Window};

use super::collection::{pick, save_path};
use super::decks::local_path;
use super::UiError;
use crate::state::Db;

#[tauri::command]
pub async fn list_games(db: State<'_, Db>) -> Result<Vec<GameSummary>, UiError> {
    db.with(|deckhand| deckhand.game_summaries())
}

/// The player's game files that did not load when the app started, with the reason.
#[tauri::command]
pub async fn game_problems(db: State<'_, Db>) -> Result<Vec<GameFileProblem>, UiError> {
    db.with(|deckhand| Ok(deckhand.game_problems().to_vec()))
}

/// Asks for a game definition in a native dialog opened here (the page never names a
/// path) and adds it; `None` when the user cancels.
#[tauri::command]
pub async fn add_game_file(
    window: Window,
    db: State<'_, Db>,
) -> Result<Option<AddedGame>, UiError> {
    let Some(picked) = pick(&window, "Add a game", "Game definition", &["toml"]) else {
        return Ok(None);
    };
    let path = local_path(picked)?;
    db.with(|deckhand| deckhand.add_game(&path, false))
        .map(Some)
}

#[tauri::command]
pub async fn remove_game(db: State<'_, Db>, id: String) -> Result<(), UiError> {
    db.with(|deckhand| deckhand.remove_game(&id)).map(|_| ())
}

/// Asks where to save game `id`'s definition in a native dialog and writes it there; the
/// path written, or `None` when the user cancels.
#[tauri::command]
pub async fn export_game_file(
    window: Window,
    db: State<'_, Db>,
    id: String,
) -> Result<Option<String>, UiError> {
    let name = format!("{id}.toml");
    let Some(path) = save_path(
        &window,
        "Export a game",
        ("Game definition", &["toml"]),
        &name,
    )?
    else {
        return Ok(None);
    };
    db.with(|deckhand| deckhand.export_game(&id, &path))?;
    Ok(Some(path.display().to_string()))
}

#[tauri::command]
pub async fn game_rules(db: State<'_, Db>, id: String) -> Result<GameRules, UiError> {
    db.with(|deckhand| deckhand.game_rules(&id))
}
