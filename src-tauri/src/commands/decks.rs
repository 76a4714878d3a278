//! Deck commands for the editor. Each parses its arguments, calls one API function and
//! maps the error. The file commands open their native dialog here, in Rust, so that
//! the only paths the app reads or writes are ones the user chose.

use std::path::{Path, PathBuf};

use deckhand::{
    DeckContent, DeckDiff, DeckImport, DeckListItem, DeckVersionSummary, DeckView, Legality,
};
use tauri::{State, Window};
use tauri_plugin_dialog::{DialogExt, FileDialogBuilder, FilePath};

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

/// The deck file formats Deckhand reads and writes, for the native file dialogs.
const DECK_FILE_FILTERS: &[(&str, &[&str])] = &[
    ("Deck files", &["txt", "dec", "cod", "o8d", "dek", "json"]),
    ("Text", &["txt", "dec"]),
    ("Cockatrice", &["cod"]),
    ("OCTGN", &["o8d"]),
    ("LackeyCCG", &["dek"]),
    ("JSON", &["json"]),
];

/// A native file dialog with the deck filters, over the app's window where the platform
/// supports a parent (as the dialog plugin's own commands do).
fn deck_file_dialog(window: &Window, title: &str) -> FileDialogBuilder<tauri::Wry> {
    let mut dialog = window.dialog().file().set_title(title);
    for (name, extensions) in DECK_FILE_FILTERS {
        dialog = dialog.add_filter(*name, extensions);
    }
    #[cfg(any(windows, target_os = "macos"))]
    {
        dialog = dialog.set_parent(window);
    }
    dialog
}

/// A path from a dialog, or the error a user sees when the platform gave a URL that is
/// not a local file.
pub(crate) fn local_path(picked: FilePath) -> Result<PathBuf, UiError> {
    picked.into_path().map_err(|e| UiError {
        code: deckhand::ErrorCode::UnreadableFile,
        message: format!("the chosen file is not a local file: {e}"),
    })
}

/// Asks the user for a deck file in a native dialog opened here, and imports it (format by
/// extension): the new deck and what the reader did with the file. The page never names a
/// path: a compromised page cannot make the app read a file the user did not choose.
/// `None` when the user cancels.
#[tauri::command]
pub async fn import_deck_file(
    window: Window,
    db: State<'_, Db>,
    game: Option<String>,
) -> Result<Option<DeckImport<DeckView>>, UiError> {
    let Some(picked) = deck_file_dialog(&window, "Import a deck").blocking_pick_file() else {
        return Ok(None);
    };
    let path = local_path(picked)?;
    db.with(|d| d.import_deck_path(&path, game.as_deref()))
        .map(Some)
}

/// Asks the user where to export deck `id` in a native dialog opened here (the extension
/// picks the format) and writes it there. The page only suggests a file name, never a
/// folder. Returns the path written, or `None` when the user cancels.
#[tauri::command]
pub async fn export_deck_file(
    window: Window,
    db: State<'_, Db>,
    id: i64,
    suggested_name: String,
) -> Result<Option<String>, UiError> {
    // Only the last component: a suggestion cannot point the dialog at another folder.
    let file_name = Path::new(&suggested_name)
        .file_name()
        .map_or_else(|| "deck.txt".into(), |n| n.to_string_lossy().into_owned());
    let dialog = deck_file_dialog(&window, "Export deck").set_file_name(file_name);
    let Some(picked) = dialog.blocking_save_file() else {
        return Ok(None);
    };
    let path = local_path(picked)?;
    db.with(|d| d.export_deck_path(id, &path))?;
    Ok(Some(path.display().to_string()))
}
