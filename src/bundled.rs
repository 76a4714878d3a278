//! The data shipped inside the binary: game definitions, sample card sets, sample decks.

/// One embedded file, named by its path relative to the repository (`data/games/sms.toml`).
#[derive(Debug, Clone, Copy)]
pub struct BundledFile {
    pub path: &'static str,
    pub text: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));
