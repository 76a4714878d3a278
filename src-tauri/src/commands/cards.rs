use deckhand::{Card, CardDetail};
use tauri::State;

use super::UiError;
use crate::state::Db;

#[tauri::command]
pub async fn list_cards(db: State<'_, Db>, game: String) -> Result<Vec<Card>, UiError> {
    db.with(|deckhand| deckhand.cards(Some(&game)))
}

#[tauri::command]
pub async fn get_card(db: State<'_, Db>, id: String) -> Result<CardDetail, UiError> {
    db.with(|deckhand| deckhand.card_detail(&id, None))
}
