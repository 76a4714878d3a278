//! Deck commands for the editor. Each parses its arguments, calls one API function and
//! maps the error.

use std::path::PathBuf;

use deckhand::{
    DeckContent, DeckDiff, DeckImport, DeckListItem, DeckVersionSummary, DeckView, Legality,
};
use tauri::State;

use super::UiError;
use crate::state::Db;

/// A game's decks (with the deleted ones when `deleted`), each with its verdict.
#[tauri::command]
pub async fn list_decks(
    db: State<'_, Db>,
    game: Option<String>,
    deleted: bool,
) -> Result<Vec<DeckListItem>, UiError> {
    db.with(|d| d.deck_list_items(game.as_deref(), deleted))
}

#[tauri::command]
pub async fn get_deck(
    db: State<'_, Db>,
    id: i64,
    version: Option<i64>,
) -> Result<DeckView, UiError> {
    db.with(|d| d.deck_view(id, version))
}

/// Saves the editor's deck: a new deck when `id` is null, else its next version.
#[tauri::command]
pub async fn save_deck(
    db: State<'_, Db>,
    id: Option<i64>,
    draft: DeckContent,
) -> Result<DeckView, UiError> {
    db.with(|d| d.save_draft(id, &draft))
}

/// Checks the editor's unsaved deck.
#[tauri::command]
pub async fn check_deck_draft(db: State<'_, Db>, draft: DeckContent) -> Result<Legality, UiError> {
    db.with(|d| d.check_draft(&draft))
}

#[tauri::command]
pub async fn rename_deck(db: State<'_, Db>, id: i64, name: String) -> Result<DeckView, UiError> {
    db.with(|d| {
        d.rename_deck(id, &name)
            .and_then(|s| d.deck_view(s.id, Some(s.version)))
    })
}

#[tauri::command]
pub async fn duplicate_deck(db: State<'_, Db>, id: i64, name: String) -> Result<DeckView, UiError> {
    db.with(|d| {
        d.duplicate_deck(id, &name)
            .and_then(|s| d.deck_view(s.id, Some(s.version)))
    })
}

#[tauri::command]
pub async fn delete_deck(db: State<'_, Db>, id: i64, deleted: bool) -> Result<(), UiError> {
    db.with(|d| d.set_deck_deleted(id, deleted))
}

#[tauri::command]
pub async fn deck_versions(db: State<'_, Db>, id: i64) -> Result<Vec<DeckVersionSummary>, UiError> {
    db.with(|d| d.deck_versions(id))
}

#[tauri::command]
pub async fn diff_deck(
    db: State<'_, Db>,
    id: i64,
    from: i64,
    to: i64,
) -> Result<DeckDiff, UiError> {
    db.with(|d| d.diff_deck(id, from, to))
}

/// Imports a deck file the user picked (format by extension): the new deck and what the
/// reader did with the file.
#[tauri::command]
pub async fn import_deck_file(
    db: State<'_, Db>,
    path: PathBuf,
    game: Option<String>,
) -> Result<DeckImport<DeckView>, UiError> {
    db.with(|d| d.import_deck_path(&path, game.as_deref()))
}

/// Writes a deck to the file the user picked (format by extension).
#[tauri::command]
pub async fn export_deck_file(db: State<'_, Db>, id: i64, path: PathBuf) -> Result<(), UiError> {
    db.with(|d| d.export_deck_path(id, &path))
}
