use deckhand::{SearchPage, SearchRowPage};
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

/// One window of a search's matches within one game, as light rows (the card browser);
/// errors as [`search_cards`].
#[tauri::command]
pub async fn search_card_rows(
    db: State<'_, Db>,
    query: String,
    game: String,
    offset: usize,
    limit: usize,
) -> Result<SearchRowPage, UiError> {
    db.with(|deckhand| deckhand.search_rows(&query, &game, offset, limit))
}
