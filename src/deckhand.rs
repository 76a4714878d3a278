//! [`Deckhand`]: an open database together with the game definitions.

use std::path::Path;

use deckhand_core::{Card, CardSet, Games};
use deckhand_store::{CardFilter, ImportReport, Store};
use serde::Serialize;

use crate::bundled::{self, BundledFile};
use crate::{Error, Result};

/// The bundled data's fingerprint in the `meta` table: when it differs from this build's,
/// the bundled card sets are (re)imported.
const BUNDLED_META_KEY: &str = "bundled_data_fingerprint";

/// An open Deckhand: game definitions plus the card database.
pub struct Deckhand {
    games: Games,
    store: Store,
}

/// A game as listed to users: the definition's names plus its card count.
#[derive(Debug, Clone, Serialize)]
pub struct GameSummary {
    pub id: String,
    pub name: String,
    pub short_name: String,
    pub card_count: usize,
    pub card_types: Vec<String>,
    pub stats: Vec<StatLabel>,
}

/// A stat's key and the label to show for it.
#[derive(Debug, Clone, Serialize)]
pub struct StatLabel {
    pub key: String,
    pub label: String,
}

impl Deckhand {
    /// Opens the database at `path` (creating it) and loads the bundled card data into it
    /// when it is new or when this build ships different bundled data.
    pub fn open(path: &Path) -> Result<Deckhand> {
        Deckhand::with_store(Store::open(path)?)
    }

    /// A Deckhand over a private in-memory database (tests, benchmarks).
    pub fn open_in_memory() -> Result<Deckhand> {
        Deckhand::with_store(Store::open_in_memory()?)
    }

    fn with_store(mut store: Store) -> Result<Deckhand> {
        let games = bundled_games()?;
        store.sync_games(games.iter())?;
        let mut deckhand = Deckhand { games, store };
        if deckhand.store.meta(BUNDLED_META_KEY)?.as_deref() != Some(bundled::FINGERPRINT) {
            deckhand.import_bundled()?;
        }
        Ok(deckhand)
    }

    /// Imports every bundled card set in one transaction; returns what changed.
    pub fn import_bundled(&mut self) -> Result<ImportReport> {
        let sets = bundled::CARD_FILES
            .iter()
            .map(|file| CardSet::from_json(file.path, file.text, &self.games))
            .collect::<Result<Vec<_>, _>>()
            .map_err(Error::BundledData)?;
        let report = self.store.import(&sets)?;
        self.store
            .set_meta(BUNDLED_META_KEY, bundled::FINGERPRINT)?;
        Ok(report)
    }

    pub fn games(&self) -> &Games {
        &self.games
    }

    /// Every game with its card count, in id order.
    pub fn game_summaries(&self) -> Result<Vec<GameSummary>> {
        let counts = self.store.card_counts()?;
        Ok(self
            .games
            .iter()
            .map(|game| GameSummary {
                id: game.id.clone(),
                name: game.name.clone(),
                short_name: game.display_short_name().to_owned(),
                card_count: counts
                    .iter()
                    .find(|(id, _)| *id == game.id)
                    .map_or(0, |(_, n)| *n),
                card_types: game.card_types.iter().map(|t| t.name.clone()).collect(),
                stats: game
                    .stats
                    .iter()
                    .map(|(key, def)| StatLabel {
                        key: key.clone(),
                        label: def.label.clone(),
                    })
                    .collect(),
            })
            .collect())
    }

    /// Parses every `(source name, JSON text)` and imports them all in one transaction:
    /// if any file is invalid, nothing is written.
    pub fn import_sources<'a>(
        &mut self,
        sources: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<ImportReport> {
        let sets = sources
            .into_iter()
            .map(|(name, text)| CardSet::from_json(name, text, &self.games))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self.store.import(&sets)?)
    }

    /// Reads and imports card-set files, all or nothing.
    pub fn import_files(&mut self, paths: &[impl AsRef<Path>]) -> Result<ImportReport> {
        let mut sources = Vec::with_capacity(paths.len());
        for path in paths {
            let path = path.as_ref();
            let text = std::fs::read_to_string(path).map_err(|e| Error::ReadFile {
                path: path.to_owned(),
                message: e.to_string(),
            })?;
            sources.push((path.display().to_string(), text));
        }
        self.import_sources(sources.iter().map(|(n, t)| (n.as_str(), t.as_str())))
    }

    /// All cards, or one game's, ordered by game and name.
    pub fn cards(&self, game: Option<&str>) -> Result<Vec<Card>> {
        if let Some(game) = game {
            self.games.get(game)?;
        }
        Ok(self.store.cards(&CardFilter { game })?)
    }

    /// The card with this id, or else the one with this name (within `game` if given).
    pub fn card(&self, name_or_id: &str, game: Option<&str>) -> Result<Card> {
        if let Some(game) = game {
            self.games.get(game)?;
        }
        if let Some(card) = self.store.card_by_id(name_or_id.trim())? {
            if game.is_none_or(|g| g == card.game) {
                return Ok(card);
            }
        }
        let mut named = self.store.cards_named(name_or_id, game)?;
        match named.len() {
            0 => Err(Error::CardNotFound {
                query: name_or_id.to_owned(),
                game: game.map(str::to_owned),
            }),
            1 => Ok(named.remove(0)),
            _ => {
                let mut games: Vec<&str> = named.iter().map(|c| c.game.as_str()).collect();
                games.dedup();
                if games.len() == 1 {
                    // Same name twice in one game (two printings): the first by id.
                    return Ok(named.remove(0));
                }
                Err(Error::AmbiguousCard {
                    query: name_or_id.to_owned(),
                    games: games.join(", "),
                })
            }
        }
    }
}

fn bundled_games() -> Result<Games> {
    Games::from_sources(
        bundled::GAME_FILES
            .iter()
            .map(|BundledFile { path, text }| (*path, *text)),
    )
    .map_err(Error::BundledData)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_data_loads_and_every_game_has_a_full_sample_set() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        let summaries = deckhand.game_summaries().unwrap();
        let ids: Vec<&str> = summaries.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(
            ids,
            ["pr-acg", "pr-dbg", "pr-hotg", "sms", "zoids-scramble"]
        );
        for game in &summaries {
            assert!(
                game.card_count >= 60,
                "{} has only {} cards",
                game.id,
                game.card_count
            );
        }
    }

    #[test]
    fn every_bundled_card_type_is_represented() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        for game in deckhand.games().iter() {
            let cards = deckhand.cards(Some(&game.id)).unwrap();
            for card_type in &game.card_types {
                assert!(
                    cards.iter().any(|c| c.card_type == card_type.name),
                    "{} has no {} card",
                    game.id,
                    card_type.name
                );
            }
        }
    }

    #[test]
    fn a_card_is_found_by_id_or_by_name_in_any_case() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        let any = deckhand.cards(Some("zoids-scramble")).unwrap().remove(0);
        assert_eq!(deckhand.card(&any.id, None).unwrap(), any);
        assert_eq!(
            deckhand
                .card(&any.name.to_uppercase(), Some("zoids-scramble"))
                .unwrap(),
            any
        );
        assert!(matches!(
            deckhand.card("No Such Card", None),
            Err(Error::CardNotFound { .. })
        ));
    }

    /// Until deck parsing lands, at least every line of every sample deck must name a
    /// bundled card of its game, and each deck must say which game it is for.
    #[test]
    fn every_sample_deck_names_real_cards_of_its_game() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        assert!(bundled::DECK_FILES.len() >= 10);
        for file in bundled::DECK_FILES {
            let game = file.path.split('/').nth(2).unwrap();
            assert!(
                file.text.starts_with(&format!("# game: {game}")),
                "{}",
                file.path
            );
            for (number, line) in file.text.lines().enumerate() {
                let line = line.trim();
                let Some((count, name)) = line.split_once(' ') else {
                    continue;
                };
                if line.starts_with('#') || count.trim_end_matches('x').parse::<u32>().is_err() {
                    continue;
                }
                let card = deckhand.card(name, Some(game));
                assert!(
                    card.is_ok(),
                    "{}:{}: unknown card {name:?}",
                    file.path,
                    number + 1
                );
            }
        }
    }
}
