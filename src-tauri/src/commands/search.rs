use deckhand::SearchPage;
use tauri::State;

use super::UiError;
use crate::state::Db;

/// Runs a search query within one game. A query that does not parse rejects with code
/// `bad_query` and a message that names the column.
#[tauri::command]
pub async fn search_cards(
    db: State<'_, Db>,
    query: String,
    game: String,
    limit: usize,
) -> Result<SearchPage, UiError> {
    db.with(|deckhand| deckhand.search(&query, Some(&game), limit))
}
