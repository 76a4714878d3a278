//! The data shipped inside the binary: game definitions, sample card sets, sample decks.

use deckhand_core::Games;

use crate::{Error, Result};

/// One embedded file, named by its path relative to the repository (`data/games/sms.toml`).
#[derive(Debug, Clone, Copy)]
pub struct BundledFile {
    pub path: &'static str,
    pub text: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The bundled game definitions, validated.
pub fn games() -> Result<Games> {
    Games::from_sources(
        GAME_FILES
            .iter()
            .map(|BundledFile { path, text }| (*path, *text)),
    )
    .map_err(|e| Error::BundledData(e.to_string()))
}
