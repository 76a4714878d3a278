use deckhand::GameSummary;
use tauri::State;

use super::UiError;
use crate::state::Db;

#[tauri::command]
pub async fn list_games(db: State<'_, Db>) -> Result<Vec<GameSummary>, UiError> {
    db.with(|deckhand| deckhand.game_summaries())
}
