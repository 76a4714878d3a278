//! Printing from the deck editor: the layout the live preview draws, and the PDF written
//! where the user chooses in a native save dialog opened here, so the page never names a
//! path (which is also why it may ask for no back image: that would be a file to read).

use std::path::Path;

use deckhand::print::{
    Backs, CardFace, DeckSource, PdfSummary, PrintOptions, PrintPreview, PrintProgress,
    PrintSelection,
};
use deckhand::DeckContent;
use serde::Serialize;
use tauri::ipc::Channel;
use tauri::{State, Window};
use tauri_plugin_dialog::DialogExt;

use super::{test_hooks, UiError};
use crate::state::Db;

/// Where a PDF was saved and what it holds.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct SavedPdf {
    pub path: String,
    #[serde(flatten)]
    pub summary: PdfSummary,
}

fn selection(sections: Vec<String>, missing: bool) -> PrintSelection {
    PrintSelection {
        sections,
        images: None,
        missing,
    }
}

/// The page may choose no back image: only a native dialog may name a file to read.
fn page_options(options: PrintOptions) -> Result<PrintOptions, UiError> {
    if let Backs::Image(_) = options.backs {
        return Err(UiError {
            code: deckhand::ErrorCode::InvalidInput,
            message: "backs: the app prints no backs or the game's back".into(),
        });
    }
    Ok(options)
}

/// The pages of the editor's deck (`missing`: only the copies the collection lacks)
/// in millimetres, with each card's name: the preview.
#[tauri::command]
pub async fn print_layout(
    db: State<'_, Db>,
    draft: DeckContent,
    sections: Vec<String>,
    missing: bool,
    options: PrintOptions,
) -> Result<PrintPreview, UiError> {
    let options = page_options(options)?;
    db.with(|d| {
        d.print_job(DeckSource::Draft(&draft), &selection(sections, missing))?
            .preview(&options)
    })
}

/// The text-proxy faces of `game`'s `cards` (ids, or names where a board knows only
/// those), in order, `null` for one not found: the app's card face wherever a card has no
/// picture, designed as the PDF draws it. The page asks for a screenful at a time.
#[tauri::command]
pub async fn card_faces(
    db: State<'_, Db>,
    game: String,
    cards: Vec<String>,
) -> Result<Vec<Option<CardFace>>, UiError> {
    db.with(|d| d.card_faces(&game, &cards))
}

/// Asks where to save the PDF of the editor's deck (starting from `suggested_name`) and
/// writes it off the UI's thread, with the database released, reporting image progress
/// on `on_progress`. `None` when the user cancels. Bad options fail before the dialog.
#[tauri::command]
// A command's arguments are the page's named fields: a struct would only rename them.
#[allow(clippy::too_many_arguments)]
pub async fn print_pdf(
    window: Window,
    db: State<'_, Db>,
    draft: DeckContent,
    sections: Vec<String>,
    missing: bool,
    options: PrintOptions,
    suggested_name: String,
    on_progress: Channel<PrintProgress>,
) -> Result<Option<SavedPdf>, UiError> {
    let options = page_options(options)?;
    let job = db.with(|d| {
        let job = d.print_job(DeckSource::Draft(&draft), &selection(sections, missing))?;
        job.layout(&options)?;
        Ok(job)
    })?;
    // Only the last component: a suggestion cannot point the dialog at another folder.
    let file_name = Path::new(&suggested_name)
        .file_name()
        .map_or_else(|| "deck.pdf".into(), |n| n.to_string_lossy().into_owned());
    let path = match test_hooks::save_dir() {
        Some(dir) => dir.join(&file_name),
        None => {
            let dialog = window
                .dialog()
                .file()
                .set_title("Save PDF")
                .add_filter("PDF", &["pdf"])
                .set_file_name(file_name);
            #[cfg(any(windows, target_os = "macos"))]
            let dialog = dialog.set_parent(&window);
            let Some(picked) = dialog.blocking_save_file() else {
                return Ok(None);
            };
            picked.into_path().map_err(|e| UiError {
                code: deckhand::ErrorCode::UnwritableFile,
                message: format!("the chosen file is not a local file: {e}"),
            })?
        }
    };
    tauri::async_runtime::spawn_blocking(move || {
        let summary = job
            .write(&options, &path, &mut |progress| {
                let _ = on_progress.send(progress);
            })
            .map_err(UiError::from)?;
        Ok(Some(SavedPdf {
            path: path.display().to_string(),
            summary,
        }))
    })
    .await
    .map_err(|e| UiError {
        code: deckhand::ErrorCode::Internal,
        message: format!("writing the PDF stopped: {e}"),
    })?
}
