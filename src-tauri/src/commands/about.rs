//! The About dialog and Settings' log folder.

use serde::Serialize;
use tauri::State;

use super::UiError;
use crate::state::Db;

/// Licences of every third-party crate and npm package and of the bundled font, generated
/// from the lock files by `build/licences.rs`.
const LICENCES: &str = include_str!(concat!(env!("OUT_DIR"), "/licences.json"));

#[derive(Serialize)]
pub struct About {
    pub version: &'static str,
    /// The folder of the database (backups/ and logs/ sit in it too).
    pub data_dir: Option<String>,
    pub db_path: Option<String>,
    /// `None` when the log file could not be started (a read-only folder).
    pub log_dir: Option<String>,
    pub licences: serde_json::Value,
}

#[tauri::command]
pub async fn about(db: State<'_, Db>) -> Result<About, UiError> {
    let shown = |p: &std::path::Path| p.display().to_string();
    Ok(About {
        version: env!("CARGO_PKG_VERSION"),
        data_dir: db.path.as_deref().and_then(|p| p.parent()).map(shown),
        db_path: db.path.as_deref().map(shown),
        log_dir: deckhand::current_log_dir().map(shown),
        licences: serde_json::from_str(LICENCES).map_err(|e| UiError {
            code: "internal".into(),
            message: format!("the licence list is damaged: {e}"),
        })?,
    })
}

/// Opens the log folder in the desktop's file manager with `xdg-open` (Deckhand ships for
/// Linux; the .deb recommends xdg-utils). tauri-plugin-opener would do the same through
/// zbus and some thirty more crates. The page names no path: only this folder opens.
#[tauri::command]
pub async fn open_log_folder() -> Result<(), UiError> {
    let dir = deckhand::current_log_dir().ok_or_else(|| UiError {
        code: "not_found".into(),
        message: "this session has no log file (its folder could not be written)".into(),
    })?;
    // Reaped on a thread: xdg-open may stay until the file manager exits.
    std::process::Command::new("xdg-open")
        .arg(dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(|mut child| drop(std::thread::spawn(move || child.wait())))
        .map_err(|e| UiError {
            code: "unreadable_file".into(),
            message: format!("cannot open {} (xdg-open: {e})", dir.display()),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn licences() -> serde_json::Value {
        serde_json::from_str(LICENCES).unwrap()
    }

    fn named<'a>(list: &'a serde_json::Value, name: &str) -> Option<&'a serde_json::Value> {
        list.as_array().unwrap().iter().find(|e| e["name"] == name)
    }

    #[test]
    fn the_licence_list_holds_the_shipped_crates_and_not_the_test_ones() {
        let crates = &licences()["crates"];
        for shipped in ["tauri", "rusqlite", "tantivy", "clap", "serde"] {
            let entry = named(crates, shipped).unwrap_or_else(|| panic!("{shipped} is missing"));
            assert!(!entry["licence"].as_str().unwrap().is_empty(), "{entry}");
        }
        // Dev-only and build-only dependencies do not ship.
        for unshipped in ["proptest", "tauri-build", "cargo_toml"] {
            assert!(named(crates, unshipped).is_none(), "{unshipped} is listed");
        }
        for own in ["deckhand", "deckhand-core", "deckhand-app"] {
            assert!(named(crates, own).is_none(), "{own} is Deckhand itself");
        }
    }

    #[test]
    fn the_licence_list_holds_the_npm_packages_and_the_font() {
        let licences = licences();
        let svelte = named(&licences["npm"], "svelte").expect("svelte");
        assert_eq!(svelte["licence"], "MIT");
        assert!(named(&licences["npm"], "@tauri-apps/api").is_some());
        assert!(licences["font"]["text"]
            .as_str()
            .unwrap()
            .contains("Bitstream"));
    }
}
