//! Collection commands: the collection view, CSV import (with a dry-run preview) and
//! export, undo, set completion, decks against the collection, and backups. Each parses
//! its arguments, calls one API function and maps the error.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use deckhand::{
    BackupInfo, BuildableDeck, ChangeReport, CollectionChangeOutcome, CollectionImportOptions,
    CollectionImportReport, CollectionRow, Condition, CopySpec, CsvFormat, DeckContent, DeckNeed,
    Finish, ImportProgress, SetCompletion, UndoReport, WishOutcome, WishlistRow,
};
use tauri::ipc::Channel;
use tauri::{State, Window};
use tauri_plugin_dialog::DialogExt;

use super::decks::local_path;
use super::{test_hooks, UiError};
use crate::state::Db;

/// Files the user chose in a native dialog opened by the backend. A command that reads a
/// file takes only a path from this list (or one the app made, like its own backups), so
/// a compromised page cannot make the app read or replace a file the user did not choose.
#[derive(Default)]
pub struct ChosenFiles(Mutex<Vec<PathBuf>>);

impl ChosenFiles {
    pub(super) fn remember(&self, path: PathBuf) -> String {
        let shown = path.display().to_string();
        let mut chosen = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if !chosen.contains(&path) {
            chosen.push(path);
        }
        shown
    }

    pub(super) fn check(&self, path: &str) -> Result<PathBuf, UiError> {
        let chosen = self.0.lock().unwrap_or_else(|p| p.into_inner());
        chosen
            .iter()
            .find(|p| p.as_os_str() == path)
            .cloned()
            .ok_or_else(|| UiError {
                code: deckhand::ErrorCode::NotChosen,
                message: format!("{path} was not chosen in a file dialog"),
            })
    }
}

pub(crate) fn pick(
    window: &Window,
    title: &str,
    name: &str,
    extensions: &[&str],
) -> Option<tauri_plugin_dialog::FilePath> {
    if let Some(file) = test_hooks::open_file() {
        return Some(tauri_plugin_dialog::FilePath::Path(file));
    }
    window
        .dialog()
        .file()
        .set_title(title)
        .add_filter(name, extensions)
        .blocking_pick_file()
}

/// Asks for a collection CSV in a native dialog; the path it returns may then be previewed
/// and imported. `None` when the user cancels.
#[tauri::command]
pub async fn choose_collection_file(
    window: Window,
    chosen: State<'_, ChosenFiles>,
) -> Result<Option<String>, UiError> {
    match pick(&window, "Import a collection", "CSV", &["csv", "txt"]) {
        Some(picked) => Ok(Some(chosen.remember(local_path(picked)?))),
        None => Ok(None),
    }
}

/// Asks for a backup file in a native dialog, for Restore…
#[tauri::command]
pub async fn choose_backup_file(
    window: Window,
    chosen: State<'_, ChosenFiles>,
) -> Result<Option<String>, UiError> {
    match pick(
        &window,
        "Restore a backup",
        "Deckhand database",
        &["sqlite3", "db", "bak"],
    ) {
        Some(picked) => Ok(Some(chosen.remember(local_path(picked)?))),
        None => Ok(None),
    }
}

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
/// preview shown before anything is written). Progress goes to `on_progress`.
#[tauri::command]
pub async fn import_collection_file(
    db: State<'_, Db>,
    chosen: State<'_, ChosenFiles>,
    path: String,
    game: Option<String>,
    skip_unknown: bool,
    dry_run: bool,
    on_progress: Channel<ImportProgress>,
) -> Result<CollectionImportReport, UiError> {
    let path = chosen.check(&path)?;
    db.with(|d| {
        d.import_collection_path(
            &path,
            &CollectionImportOptions {
                game: game.as_deref(),
                skip_unknown,
                dry_run,
            },
            &mut |progress| {
                let _ = on_progress.send(progress);
            },
        )
    })
}

/// Where to save a file: asked in a native save dialog, or (e2e build) in the test's
/// folder. `None` when the user cancels.
pub(crate) fn save_path(
    window: &Window,
    title: &str,
    filter: (&str, &[&str]),
    file_name: &str,
) -> Result<Option<PathBuf>, UiError> {
    if let Some(dir) = test_hooks::save_dir() {
        return Ok(Some(dir.join(file_name)));
    }
    window
        .dialog()
        .file()
        .set_title(title)
        .add_filter(filter.0, filter.1)
        .set_file_name(file_name)
        .blocking_save_file()
        .map(local_path)
        .transpose()
}

/// Asks where to save the collection in a native dialog opened here and writes it there.
/// Returns the path written, or `None` when the user cancels.
#[tauri::command]
pub async fn export_collection_file(
    window: Window,
    db: State<'_, Db>,
    format: String,
    game: Option<String>,
) -> Result<Option<String>, UiError> {
    let filter = ("CSV", &["csv"][..]);
    let Some(path) = save_path(&window, "Export the collection", filter, "collection.csv")? else {
        return Ok(None);
    };
    let format = CsvFormat::parse_name(&format).unwrap_or(CsvFormat::Deckhand);
    db.with(|d| d.export_collection_file(format, game.as_deref(), &path))?;
    Ok(Some(path.display().to_string()))
}

/// Asks where to save the wishlist (`csv`: Deckhand's CSV columns, else a `2 Name` text
/// list) and writes it there. Returns the path written, or `None` when the user cancels.
#[tauri::command]
pub async fn export_wishlist_file(
    window: Window,
    db: State<'_, Db>,
    csv: bool,
    game: Option<String>,
) -> Result<Option<String>, UiError> {
    let (filter, name) = if csv {
        (("CSV", &["csv"][..]), "wishlist.csv")
    } else {
        (("Text", &["txt"][..]), "wishlist.txt")
    };
    let Some(path) = save_path(&window, "Export the wishlist", filter, name)? else {
        return Ok(None);
    };
    db.with(|d| d.export_wishlist_file(game.as_deref(), csv, &path))?;
    Ok(Some(path.display().to_string()))
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

/// Sets how many copies of a card are wanted (0 takes it off the wishlist).
#[tauri::command]
pub async fn wish_card(
    db: State<'_, Db>,
    card: String,
    count: u32,
) -> Result<WishOutcome, UiError> {
    db.with(|d| d.wish(&card, None, count))
}

/// Replaces the note on a card's wishlist row ('' clears it); its count stays.
#[tauri::command]
pub async fn wish_note(
    db: State<'_, Db>,
    card: String,
    note: String,
) -> Result<WishOutcome, UiError> {
    db.with(|d| d.wish_note(&card, None, &note))
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

/// "Restore…": replaces the database with a checked backup — one of the app's own backups
/// or a file the user chose with `choose_backup_file` — once the user confirmed it in a
/// native dialog asked here, whatever the page asked before. `None` when they cancel.
#[tauri::command]
pub async fn restore_backup(
    window: Window,
    db: State<'_, Db>,
    chosen: State<'_, ChosenFiles>,
    path: String,
) -> Result<Option<BackupInfo>, UiError> {
    let path = db
        .with(|d| {
            let own = d
                .backups()
                .into_iter()
                .find(|b| b.as_os_str() == Path::new(&path).as_os_str());
            Ok(own)
        })?
        .map_or_else(|| chosen.check(&path), Ok)?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let message = format!(
        "Replace everything in Deckhand (decks, collection, wishlist) with the backup {name}? \
         What is there now is kept as a “before restore” backup, and unsaved deck changes are lost."
    );
    let confirmed =
        super::dialogs::confirm(window, message, "Restore a backup".into(), "Restore".into()).await;
    if !confirmed {
        return Ok(None);
    }
    db.with(|d| d.restore(&path)).map(Some)
}
