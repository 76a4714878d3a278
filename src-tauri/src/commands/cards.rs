//! Card commands: listing and showing cards, the card form (its definition, checking and
//! reading effects off the text as the player types, saving, duplicating, deleting, undo)
//! and Cards → Import cards… (a native dialog, a preview with a mapping step, the import
//! with progress). Each parses, calls one API function and maps the error.

use deckhand::{
    Card, CardCheck, CardDetail, CardDraft, CardFactsInput, CardFileFormat, CardForm,
    CardImportOptions, CardImportPreview, CardRowPage, CardUndoLabel, CardUndoReport,
    EffectReading, ImportProgress, ImportReport, UnreadableCard,
};
use tauri::ipc::Channel;
use tauri::{State, Window};

use super::collection::{pick, ChosenFiles};
use super::decks::local_path;
use super::UiError;
use crate::state::Db;

#[tauri::command]
pub async fn list_cards(db: State<'_, Db>, game: String) -> Result<Vec<Card>, UiError> {
    db.with(|deckhand| deckhand.cards(Some(&game)))
}

/// One window of a game's card list (light rows) and the game's card count: the card
/// browser asks for the rows it shows as it scrolls.
#[tauri::command]
pub async fn list_card_rows(
    db: State<'_, Db>,
    game: String,
    offset: usize,
    limit: usize,
) -> Result<CardRowPage, UiError> {
    db.with(|deckhand| deckhand.card_rows(&game, offset, limit))
}

/// The set codes a game's cards name (the browser's Export… choice).
#[tauri::command]
pub async fn card_sets(db: State<'_, Db>, game: String) -> Result<Vec<String>, UiError> {
    db.with(|deckhand| deckhand.card_sets(&game))
}

/// The card with its effects written out, its coverage and its image's size.
#[tauri::command]
pub async fn get_card(db: State<'_, Db>, id: String) -> Result<CardDetail, UiError> {
    db.with(|deckhand| deckhand.card_detail(&id, None))
}

/// What the card form of a game is generated from.
#[tauri::command]
pub async fn card_form(db: State<'_, Db>, game: String) -> Result<CardForm, UiError> {
    db.with(|d| d.card_form(&game))
}

/// Checks the form as the player types (`original`: the card edited, `None` for a new one).
#[tauri::command]
pub async fn validate_card(
    db: State<'_, Db>,
    game: String,
    original: Option<String>,
    draft: CardDraft,
) -> Result<CardCheck, UiError> {
    db.with(|d| d.check_card_draft(&game, original.as_deref(), &draft))
}

/// What the effect reader reads off the form's rules text, for the card as typed so far
/// (its type, stats, name and keywords): a proposal the player may use.
#[tauri::command]
pub async fn read_card_effects(
    db: State<'_, Db>,
    game: String,
    text: String,
    card: CardFactsInput,
) -> Result<EffectReading, UiError> {
    db.with(|d| d.read_effects(&game, &text, &card))
}

/// Saves the form: a new card, or every field of card `original`.
#[tauri::command]
pub async fn save_card(
    db: State<'_, Db>,
    game: String,
    original: Option<String>,
    draft: CardDraft,
) -> Result<Card, UiError> {
    db.with(|d| d.save_card_draft(&game, original.as_deref(), &draft))
}

#[tauri::command]
pub async fn duplicate_card(
    db: State<'_, Db>,
    id: String,
    new_id: Option<String>,
) -> Result<Card, UiError> {
    db.with(|d| d.duplicate_card(&id, None, new_id.as_deref()))
}

/// The card rows the database holds but cannot read, each with why (the Cards view's
/// banner; `delete_card` removes one by its id).
#[tauri::command]
pub async fn unreadable_cards(db: State<'_, Db>) -> Result<Vec<UnreadableCard>, UiError> {
    db.with(|d| d.check_card_rows())
}

#[tauri::command]
pub async fn delete_card(db: State<'_, Db>, id: String) -> Result<Card, UiError> {
    db.with(|d| d.delete_card(&id, None))
}

#[tauri::command]
pub async fn undo_cards(db: State<'_, Db>) -> Result<CardUndoReport, UiError> {
    db.with(|d| d.undo_cards())
}

/// What Undo would revert ("import cards.csv", "edit card 'X'"), if anything.
#[tauri::command]
pub async fn card_undo_label(db: State<'_, Db>) -> Result<Option<CardUndoLabel>, UiError> {
    db.with(|d| d.card_undo_label())
}

/// Asks for a card file (JSON or a spreadsheet) in a native dialog; `None` on cancel.
#[tauri::command]
pub async fn choose_card_file(
    window: Window,
    chosen: State<'_, ChosenFiles>,
) -> Result<Option<String>, UiError> {
    match pick(
        &window,
        "Import cards",
        "Card files",
        &["csv", "tsv", "tab", "txt", "json"],
    ) {
        Some(picked) => Ok(Some(chosen.remember(local_path(picked)?))),
        None => Ok(None),
    }
}

/// The import's options from the page: the game, column renames and columns to drop; the
/// format from the file, the rest as an import does by default.
fn import_options(
    game: String,
    map: Vec<(String, String)>,
    ignore: Vec<String>,
) -> CardImportOptions {
    CardImportOptions {
        format: None::<CardFileFormat>,
        game: Some(game),
        map,
        ignore,
        ..CardImportOptions::default()
    }
}

/// What importing a chosen card file would do; writes nothing.
#[tauri::command]
pub async fn preview_card_import(
    db: State<'_, Db>,
    chosen: State<'_, ChosenFiles>,
    path: String,
    game: String,
    map: Vec<(String, String)>,
    ignore: Vec<String>,
) -> Result<CardImportPreview, UiError> {
    let path = chosen.check(&path)?;
    let options = import_options(game, map, ignore);
    db.with(|d| d.preview_card_file(&path, &options))
}

/// Imports a chosen card file, all or nothing, with progress on `on_progress`; undoable.
#[tauri::command]
pub async fn import_card_file(
    db: State<'_, Db>,
    chosen: State<'_, ChosenFiles>,
    path: String,
    game: String,
    map: Vec<(String, String)>,
    ignore: Vec<String>,
    on_progress: Channel<ImportProgress>,
) -> Result<ImportReport, UiError> {
    let path = chosen.check(&path)?;
    let options = import_options(game, map, ignore);
    db.with(|d| {
        d.import_card_files(&[&path], &options, &mut |progress| {
            let _ = on_progress.send(progress);
        })
    })
}
