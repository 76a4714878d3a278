//! Where the database lives.

use std::path::{Path, PathBuf};

use crate::{Error, Result};

/// The environment variable that points the CLI and the app at another database file.
pub const DB_ENV: &str = "DECKHAND_DB";

/// The platform default: `<data dir>/deckhand/deckhand.sqlite3`
/// (`~/.local/share/deckhand/deckhand.sqlite3` on Linux).
pub fn default_db_path() -> Option<PathBuf> {
    dirs::data_dir().map(|dir| dir.join("deckhand").join("deckhand.sqlite3"))
}

/// The database to open: `explicit` (`--db`), else `$DECKHAND_DB`, else the platform
/// default. Creates the parent folder so a first run just works.
pub fn resolve_db_path(explicit: Option<&Path>) -> Result<PathBuf> {
    let path = match explicit {
        Some(path) => path.to_owned(),
        None => match std::env::var_os(DB_ENV).filter(|v| !v.is_empty()) {
            Some(path) => PathBuf::from(path),
            None => default_db_path().ok_or_else(|| Error::DataDir {
                path: PathBuf::from("~"),
                message: format!("no home or data directory; set {DB_ENV} or pass --db"),
            })?,
        },
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| Error::DataDir {
            path: parent.to_owned(),
            message: e.to_string(),
        })?;
    }
    Ok(path)
}
