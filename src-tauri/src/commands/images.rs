//! Card images in the app: attach (native dialog, or a file dropped on the card detail),
//! remove, which cards have one, and the `card-image:` URI scheme that serves thumbnails
//! and full images to `<img>` tags. Sharing a set: Export cards… and Import pack…, through
//! native dialogs opened here (the page never names a path).
//!
//! Why a URI scheme and not base64 over IPC: the card grid shows hundreds of thumbnails;
//! as URLs the webview fetches only those in view (`loading="lazy"`), decodes them off the
//! script thread and caches them, and no image travels as JSON text.

use std::collections::HashMap;

use deckhand::{CardExport, CardExportFormat, CardView, ImageInfo, PackImportReport};
use tauri::http::{Request, Response, StatusCode};
use tauri::{AppHandle, Manager, State, UriSchemeContext, UriSchemeResponder, Window, Wry};

use super::collection::{pick, save_path};
use super::decks::local_path;
use super::UiError;
use crate::state::Db;

/// The scheme's name: `card-image://localhost/thumb/<card id>` (on Windows
/// `http://card-image.localhost/…`); `full` instead of `thumb` for the whole image.
pub const SCHEME: &str = "card-image";

/// The image sizes of a game's cards that have one, by card id.
#[tauri::command]
pub async fn card_images(
    db: State<'_, Db>,
    game: String,
) -> Result<HashMap<String, ImageInfo>, UiError> {
    db.with(|d| d.image_infos(Some(&game)))
}

/// Asks for an image file in a native dialog and gives it to the card. `None` when the
/// user cancels.
#[tauri::command]
pub async fn attach_card_image(
    window: Window,
    db: State<'_, Db>,
    card: String,
) -> Result<Option<CardView>, UiError> {
    let Some(picked) = pick(
        &window,
        "Attach a card image",
        "Images",
        deckhand::IMAGE_EXTENSIONS,
    ) else {
        return Ok(None);
    };
    let path = local_path(picked)?;
    db.with(|d| d.set_card_image(&card, None, &path)).map(Some)
}

/// Gives the card the image file dropped on the card detail: its bytes arrive as the
/// request's raw body (never a path), the card id and file name as headers.
#[tauri::command]
pub async fn drop_card_image(
    db: State<'_, Db>,
    request: tauri::ipc::Request<'_>,
) -> Result<CardView, UiError> {
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(percent_decode)
    };
    let card = header("card-id").ok_or_else(|| invalid("the dropped image names no card"))?;
    let name = header("file-name").unwrap_or_else(|| "dropped image".into());
    let tauri::ipc::InvokeBody::Raw(bytes) = request.body() else {
        return Err(invalid("the dropped image arrived without its bytes"));
    };
    let bytes = bytes.clone();
    db.with(|d| d.set_card_image_bytes(&card, &name, bytes))
}

#[tauri::command]
pub async fn remove_card_image(db: State<'_, Db>, card: String) -> Result<CardView, UiError> {
    db.with(|d| d.remove_card_image(&card, None).map(|(view, _)| view))
}

/// Asks where to save a game's cards (one set's, if given) as JSON, CSV or a card pack
/// (`pack`: cards and images in one .zip) and writes them. `None` when the user cancels.
#[tauri::command]
pub async fn export_card_set(
    window: Window,
    db: State<'_, Db>,
    game: String,
    set: Option<String>,
    format: String,
) -> Result<Option<CardExport>, UiError> {
    let stem = set.clone().unwrap_or_else(|| game.clone());
    let (filter, name) = match format.as_str() {
        "csv" => (("CSV", &["csv"][..]), format!("{stem}.csv")),
        "pack" => (("Card pack", &["zip"][..]), format!("{stem}.zip")),
        _ => (("Card-set JSON", &["json"][..]), format!("{stem}.json")),
    };
    let Some(path) = save_path(&window, "Export cards", filter, &name)? else {
        return Ok(None);
    };
    db.with(|d| match format.as_str() {
        "pack" => d.export_pack(&game, set.as_deref(), &path),
        "csv" => d.export_cards(&game, set.as_deref(), CardExportFormat::Csv, &path),
        _ => d.export_cards(&game, set.as_deref(), CardExportFormat::Json, &path),
    })
    .map(Some)
}

/// Asks for a card pack in a native dialog and imports it, all or nothing. `None` when
/// the user cancels.
#[tauri::command]
pub async fn import_card_pack(
    window: Window,
    db: State<'_, Db>,
) -> Result<Option<PackImportReport>, UiError> {
    let Some(picked) = pick(&window, "Import a card pack", "Card pack", &["zip"]) else {
        return Ok(None);
    };
    let path = local_path(picked)?;
    db.with(|d| d.import_pack(&path, &mut |_| {})).map(Some)
}

/// Serves `card-image://localhost/{thumb|full}/<card id>`: the bytes from the database,
/// 404 when the card has no image. A changed image gets a new URL (the page adds its size),
/// so responses may be cached.
///
/// Answered on a blocking thread, never on the main (GTK) thread that calls the handler:
/// the grid asks for dozens of thumbnails per frame while it scrolls, each waiting for the
/// database lock, and a main thread held by them delays the webview's frames (issue 17).
pub fn serve(
    ctx: UriSchemeContext<'_, Wry>,
    request: Request<Vec<u8>>,
    responder: UriSchemeResponder,
) {
    let app = ctx.app_handle().clone();
    tauri::async_runtime::spawn_blocking(move || responder.respond(answer(&app, &request)));
}

fn answer(app: &AppHandle, request: &Request<Vec<u8>>) -> Response<Vec<u8>> {
    // The page builds the URL with Tauri's convertFileSrc, which encodes the whole path.
    let path = percent_decode(request.uri().path().trim_start_matches('/'));
    let (kind, id) = path.split_once('/').unwrap_or(("", ""));
    let db = app.state::<Db>();
    let found = db.with(|d| match kind {
        "thumb" => d.card_thumbnail(id),
        "full" => d.card_image(id),
        _ => Ok(None),
    });
    let response = Response::builder();
    match found {
        Ok(Some(image)) => response
            .header("Content-Type", image.mime)
            .header("Cache-Control", "max-age=31536000, immutable")
            .body(image.data),
        Ok(None) => response.status(StatusCode::NOT_FOUND).body(Vec::new()),
        Err(err) => response
            .status(StatusCode::INTERNAL_SERVER_ERROR)
            .body(err.message.into_bytes()),
    }
    .unwrap_or_else(|_| Response::new(Vec::new()))
}

fn invalid(message: &str) -> UiError {
    UiError {
        code: deckhand::ErrorCode::InvalidInput,
        message: message.into(),
    }
}

/// `%20` and friends back to their characters: card ids in a URL path, and names in
/// headers, are percent-encoded by the page (`encodeURIComponent`).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let high = bytes.get(i + 1).copied().and_then(hex);
            let low = bytes.get(i + 2).copied().and_then(hex);
            if let (Some(h), Some(l)) = (high, low) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    #[test]
    fn percent_encoded_card_ids_are_decoded() {
        let cases = [
            ("zs-001", "zs-001"),
            ("a%20b%2Fc", "a b/c"),
            ("caf%C3%A9", "café"),
            ("100%", "100%"),
            ("%zz", "%zz"),
        ];
        for (text, id) in cases {
            assert_eq!(super::percent_decode(text), id, "{text}");
        }
    }
}
