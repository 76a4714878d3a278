use deckhand::{Card, CardView};
use tauri::State;

use super::UiError;
use crate::state::Db;

#[tauri::command]
pub async fn list_cards(db: State<'_, Db>, game: String) -> Result<Vec<Card>, UiError> {
    db.with(|deckhand| deckhand.cards(Some(&game)))
}

/// The card with its image's size (`image`: null without one).
#[tauri::command]
pub async fn get_card(db: State<'_, Db>, id: String) -> Result<CardView, UiError> {
    db.with(|deckhand| deckhand.card_view(&id, None))
}
