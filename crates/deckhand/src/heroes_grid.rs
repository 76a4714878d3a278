//! Import of the Heroes of the Grid community export: read the files, let
//! `deckhand_formats::heroes_grid` turn them into validated cards and starting decks, then
//! store the cards, save each starting deck and check it.

use std::path::Path;

use deckhand_core::{one_line, CardSet, Severity};
use deckhand_formats::heroes_grid::{self, HeroesGridFiles, STARTING_DECK_NOTES};
use deckhand_store::TaggedDeck;
use serde::Serialize;

use crate::decks::content_of;
use crate::{Deckhand, Error, Result};

/// What the import did, and everything odd it met.
#[derive(Debug, Clone, Default, Serialize)]
pub struct HeroesGridReport {
    pub cards_added: usize,
    pub cards_updated: usize,
    pub cards_unchanged: usize,
    /// Cards that could not be imported, each with the reason.
    pub skipped_cards: Vec<String>,
    /// Rangers whose printed deck is empty.
    pub rangers_without_deck: usize,
    pub decks_saved: usize,
    pub decks_unchanged: usize,
    /// Starting decks that break the construction rules, each with the first error.
    pub irregular_decks: Vec<String>,
    /// Notes about odd data that was kept (unknown deck card ids, odd values).
    pub notes: Vec<String>,
}

fn read_file(dir: &Path, file: &str) -> Result<(String, String)> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| Error::ReadFile {
        path: path.clone(),
        message: e.to_string(),
    })?;
    Ok((path.display().to_string(), text))
}

fn as_pair((name, text): &(String, String)) -> (&str, &str) {
    (name, text)
}

impl Deckhand {
    /// Imports the export in `dir` and saves each Ranger's printed starting deck as a deck,
    /// all in one transaction (cards and decks land together or not at all), then checks
    /// the decks.
    pub fn import_heroes_grid(&mut self, dir: &Path) -> Result<HeroesGridReport> {
        crate::logging::logged_import(
            "heroes-grid export",
            || self.import_heroes_grid_now(dir),
            |r| {
                format!(
                    "{} cards added, {} updated, {} unchanged, {} skipped; {} decks saved",
                    r.cards_added,
                    r.cards_updated,
                    r.cards_unchanged,
                    r.skipped_cards.len(),
                    r.decks_saved
                )
            },
        )
    }

    fn import_heroes_grid_now(&mut self, dir: &Path) -> Result<HeroesGridReport> {
        let ranger_cards = read_file(dir, "ranger_cards.json")?;
        let rangers = read_file(dir, "rangers.json")?;
        let enemies = read_file(dir, "enemies.json")?;
        let enemy_keywords = if dir.join("enemy_keywords.json").exists() {
            Some(read_file(dir, "enemy_keywords.json")?)
        } else {
            None
        };
        let files = HeroesGridFiles {
            ranger_cards: as_pair(&ranger_cards),
            rangers: as_pair(&rangers),
            enemies: as_pair(&enemies),
            enemy_keywords: enemy_keywords.as_ref().map(as_pair),
        };
        let export = heroes_grid::read_export(&files, self.games())?;
        let mut report = HeroesGridReport {
            skipped_cards: export.skipped_cards,
            rangers_without_deck: export.rangers_without_deck,
            notes: export.notes,
            ..HeroesGridReport::default()
        };
        let set = CardSet {
            source_name: dir.display().to_string(),
            game: "pr-hotg".into(),
            sets: Vec::new(),
            cards: export.cards,
        };
        let decks: Vec<TaggedDeck> = export
            .decks
            .iter()
            .map(|starting| TaggedDeck {
                identity: starting.identity.clone(),
                content: content_of(
                    &starting.deck,
                    // A name from a file: folded to one line rather than refused.
                    &one_line(&starting.name),
                    STARTING_DECK_NOTES,
                    vec![starting.identity.clone()],
                ),
            })
            .collect();
        // One transaction: the cards and the decks land together or not at all.
        let base_stamp = self.store().data_stamp()?;
        let (outcome, saved) = self
            .store_mut()
            .import_with_decks(std::slice::from_ref(&set), &decks)?;
        self.index_changes(&base_stamp, &outcome.changed, &mut |_| {})?;
        let imported = outcome.report;
        report.cards_added = imported.added;
        report.cards_updated = imported.updated;
        report.cards_unchanged = imported.unchanged;
        report.decks_saved = saved.iter().filter(|s| **s).count();
        report.decks_unchanged = saved.len() - report.decks_saved;
        for starting in &export.decks {
            let legality = self.check_deck(&starting.deck)?;
            if let Some(error) = legality
                .diagnostics
                .iter()
                .find(|d| d.severity == Severity::Error)
            {
                report
                    .irregular_decks
                    .push(format!("{}: {}", starting.name, error.message));
            }
        }
        Ok(report)
    }
}
