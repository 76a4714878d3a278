//! Shared fixtures: the bundled game definitions and card sets, read from `data/`.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use deckhand_core::{Card, CardSet, Game, Games};

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn games() -> Games {
    let dir = repo().join("data/games");
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        sources.push((
            path.file_name().unwrap().to_string_lossy().into_owned(),
            text,
        ));
    }
    Games::from_sources(sources.iter().map(|(n, t)| (n.as_str(), t.as_str()))).unwrap()
}

pub fn game(id: &str) -> Game {
    games().get(id).unwrap().clone()
}

/// Every card of the game's bundled sets.
pub fn cards(id: &str) -> Vec<Card> {
    let games = games();
    let mut cards = Vec::new();
    for entry in std::fs::read_dir(repo().join("data/cards").join(id)).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        cards.extend(
            CardSet::from_json(&path.to_string_lossy(), &text, &games)
                .unwrap()
                .cards,
        );
    }
    cards
}

/// A card set kept with the tests (names in several scripts, very long rules text).
pub fn fixture_cards(file: &str) -> Vec<Card> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    CardSet::from_json(file, &text, &games()).unwrap().cards
}
