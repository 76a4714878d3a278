//! What the integration tests over the bundled data share: the five games and their card
//! sets, read from `data/` as the app embeds them.

use std::path::{Path, PathBuf};

use deckhand_core::{CardSet, Games};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == ext))
        .collect();
    found.sort();
    found
}

pub fn bundled() -> (Games, Vec<CardSet>) {
    let sources: Vec<(String, String)> = files(&data_dir().join("games"), "toml")
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path.display().to_string(), text)
        })
        .collect();
    let games = Games::from_sources(sources.iter().map(|(n, t)| (n.as_str(), t.as_str())))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut sets = Vec::new();
    for game in games.iter() {
        let dir = data_dir().join("cards").join(&game.id);
        for path in files(&dir, "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.display().to_string();
            sets.push(CardSet::from_json(&name, &text, &games).unwrap_or_else(|e| panic!("{e}")));
        }
    }
    (games, sets)
}
