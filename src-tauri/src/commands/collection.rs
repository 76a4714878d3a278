//! Collection commands: the collection view, CSV import (with a dry-run preview) and
//! export, undo, set completion, decks against the collection, and backups. Each parses
//! its arguments, calls one API function and maps the error.

use std::collections::HashMap;
use std::path::PathBuf;

use deckhand::{
    BackupInfo, BuildableDeck, ChangeReport, CollectionChangeOutcome, CollectionImportOptions,
    CollectionImportReport, CollectionRow, Condition, CopySpec, CsvFormat, DeckContent, DeckNeed,
    Finish, SetCompletion, UndoReport, WishlistRow,
};
use tauri::State;

use super::UiError;
use crate::state::Db;

#[tauri::command]
pub async fn list_collection(
    db: State<'_, Db>,
    game: Option<String>,
    query: Option<String>,
) -> Result<Vec<CollectionRow>, UiError> {
    db.with(|d| d.collection(game.as_deref(), query.as_deref()))
}

/// Copies owned per card id of a game, for counts beside search results.
#[tauri::command]
pub async fn owned_counts(
    db: State<'_, Db>,
    game: Option<String>,
) -> Result<HashMap<String, u32>, UiError> {
    db.with(|d| d.owned_counts(game.as_deref()))
}

/// Adds (`delta` > 0) or removes copies of one row, or sets its count (`set`).
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn change_collection(
    db: State<'_, Db>,
    card: String,
    count: u32,
    mode: String,
    finish: Option<Finish>,
    condition: Option<Condition>,
    language: Option<String>,
    location: Option<String>,
) -> Result<CollectionChangeOutcome, UiError> {
    let spec = CopySpec {
        finish,
        condition,
        language,
        location,
        note: None,
    };
    db.with(|d| match mode.as_str() {
        "remove" => d.collection_remove(&card, None, count, &spec),
        "set" => d.collection_set(&card, None, count, &spec),
        _ => d.collection_add(&card, None, count, &spec),
    })
}

/// Imports a collection CSV; with `dry_run` it only reports what would change (the
/// preview shown before anything is written).
#[tauri::command]
pub async fn import_collection_file(
    db: State<'_, Db>,
    path: PathBuf,
    game: Option<String>,
    skip_unknown: bool,
    dry_run: bool,
) -> Result<CollectionImportReport, UiError> {
    db.with(|d| {
        d.import_collection_path(
            &path,
            &CollectionImportOptions {
                game: game.as_deref(),
                skip_unknown,
                dry_run,
            },
        )
    })
}

#[tauri::command]
pub async fn export_collection_file(
    db: State<'_, Db>,
    path: PathBuf,
    format: String,
    game: Option<String>,
) -> Result<(), UiError> {
    db.with(|d| {
        let format = CsvFormat::parse_name(&format).unwrap_or(CsvFormat::Deckhand);
        let text = d.export_collection_csv(format, game.as_deref())?;
        std::fs::write(&path, text).map_err(|e| deckhand::Error::ReadFile {
            path: path.clone(),
            message: format!("cannot write: {e}"),
        })
    })
}

#[tauri::command]
pub async fn undo_collection(db: State<'_, Db>) -> Result<UndoReport, UiError> {
    db.with(|d| d.collection_undo())
}

/// What Undo would revert ("import cards.csv"), if anything.
#[tauri::command]
pub async fn collection_undo_label(db: State<'_, Db>) -> Result<Option<String>, UiError> {
    db.with(|d| d.collection_undo_label())
}

#[tauri::command]
pub async fn set_completion(
    db: State<'_, Db>,
    game: Option<String>,
) -> Result<Vec<SetCompletion>, UiError> {
    db.with(|d| d.set_completion(game.as_deref()))
}

#[tauri::command]
pub async fn wishlist(
    db: State<'_, Db>,
    game: Option<String>,
) -> Result<Vec<WishlistRow>, UiError> {
    db.with(|d| d.wishlist(game.as_deref()))
}

/// The editor's deck against the collection: owned / needed per line, missing in all.
#[tauri::command]
pub async fn deck_need(
    db: State<'_, Db>,
    id: Option<i64>,
    draft: DeckContent,
) -> Result<DeckNeed, UiError> {
    db.with(|d| d.draft_need(&draft, id))
}

/// Puts the missing cards of the editor's deck on the wishlist.
#[tauri::command]
pub async fn wish_missing(
    db: State<'_, Db>,
    id: Option<i64>,
    draft: DeckContent,
) -> Result<ChangeReport, UiError> {
    db.with(|d| {
        let need = d.draft_need(&draft, id)?;
        d.wish_missing(&need, &draft.name)
    })
}

#[tauri::command]
pub async fn buildable_decks(
    db: State<'_, Db>,
    game: Option<String>,
) -> Result<Vec<BuildableDeck>, UiError> {
    db.with(|d| d.buildable_decks(game.as_deref(), 3))
}

/// "Back up now": a backup in the backups folder beside the database.
#[tauri::command]
pub async fn backup_now(db: State<'_, Db>) -> Result<PathBuf, UiError> {
    db.with(|d| d.backup(None))
}

#[tauri::command]
pub async fn list_backups(db: State<'_, Db>) -> Result<Vec<PathBuf>, UiError> {
    db.with(|d| Ok(d.backups()))
}

/// "Restore…": replaces the database with a checked backup.
#[tauri::command]
pub async fn restore_backup(db: State<'_, Db>, path: PathBuf) -> Result<BackupInfo, UiError> {
    db.with(|d| d.restore(&path))
}
