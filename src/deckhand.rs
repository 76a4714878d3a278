//! [`Deckhand`]: an open database together with the game definitions.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use deckhand_core::{Card, CardSet, Games};
use deckhand_search::{CardIndex, SearchOptions};
use deckhand_store::{CardFilter, ImportReport, Store};
use serde::Serialize;

use crate::bundled::{self, BundledFile};
use crate::{Error, Result};

/// The bundled data's fingerprint in the `meta` table: when it differs from this build's,
/// the bundled card sets are (re)imported.
const BUNDLED_META_KEY: &str = "bundled_data_fingerprint";

/// An open Deckhand: game definitions, the card database and its search index.
pub struct Deckhand {
    games: Games,
    store: Store,
    index: CardIndex,
    /// Where the index is persisted; `None` keeps it in memory.
    index_dir: Option<PathBuf>,
}

/// One page of search results.
#[derive(Debug, Clone, Serialize)]
pub struct SearchPage {
    /// How many cards match in all (the page may hold fewer).
    pub total: usize,
    pub cards: Vec<ScoredCard>,
    /// Words and phrases to highlight in names and texts.
    pub highlight: Vec<String>,
}

/// A card with its search score, serialised as the card's fields plus `score`.
#[derive(Debug, Clone, Serialize)]
pub struct ScoredCard {
    #[serde(flatten)]
    pub card: Card,
    pub score: f32,
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
    /// Deck sections, the game's own then the generic `side` and `maybe`.
    pub sections: Vec<StatLabel>,
    /// The stat the deck editor's curve chart counts.
    pub curve_stat: Option<String>,
    /// Whether a deck of this game is a hero or a villain deck.
    pub sided: bool,
    /// Card types that always go to one section (`sms` characters), by type name.
    pub section_of_type: BTreeMap<String, String>,
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
    /// The search index lives beside it, in `<file>.index/`, and is rebuilt when missing,
    /// stale, corrupt or from an older schema.
    pub fn open(path: &Path) -> Result<Deckhand> {
        let mut index_dir = path.as_os_str().to_owned();
        index_dir.push(".index");
        Deckhand::with_store(Store::open(path)?, Some(PathBuf::from(index_dir)))
    }

    /// A Deckhand over a private in-memory database (tests, benchmarks).
    pub fn open_in_memory() -> Result<Deckhand> {
        Deckhand::with_store(Store::open_in_memory()?, None)
    }

    fn with_store(mut store: Store, index_dir: Option<PathBuf>) -> Result<Deckhand> {
        let games = bundled_games()?;
        store.sync_games(games.iter())?;
        if store.meta(BUNDLED_META_KEY)?.as_deref() != Some(bundled::FINGERPRINT) {
            import_bundled(&mut store, &games)?;
        }
        let stamp = store.data_stamp()?;
        let existing = index_dir
            .as_deref()
            .and_then(|dir| CardIndex::open(dir, &games, &stamp));
        let index = match existing {
            Some(index) => index,
            None => build_index(&store, &games, index_dir.as_deref())?,
        };
        Ok(Deckhand {
            games,
            store,
            index,
            index_dir,
        })
    }

    /// Rebuilds the search index from the database (after every import).
    fn reindex(&mut self) -> Result<()> {
        self.index = build_index(&self.store, &self.games, self.index_dir.as_deref())?;
        Ok(())
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
                sections: game
                    .sections
                    .iter()
                    .map(|s| StatLabel {
                        key: s.id.clone(),
                        label: s.name.clone(),
                    })
                    .chain([
                        StatLabel {
                            key: "side".into(),
                            label: "Side".into(),
                        },
                        StatLabel {
                            key: "maybe".into(),
                            label: "Maybe".into(),
                        },
                    ])
                    .collect(),
                curve_stat: game.deck.curve_stat.clone(),
                sided: game.deck.default_side != deckhand_core::DefaultSide::None,
                section_of_type: game.deck.section_of_type.clone(),
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
        let report = self.store.import(&sets)?;
        self.reindex()?;
        Ok(report)
    }

    /// Imports already-validated card sets (benchmarks, generated data).
    pub fn import_card_sets(&mut self, sets: &[CardSet]) -> Result<ImportReport> {
        let report = self.store.import(sets)?;
        self.reindex()?;
        Ok(report)
    }

    /// Runs a search query (see the README's search syntax) and returns up to `limit`
    /// cards, best first, with the total number of matches.
    pub fn search(&self, query: &str, game: Option<&str>, limit: usize) -> Result<SearchPage> {
        if let Some(game) = game {
            self.games.get(game)?;
        }
        let results = self
            .index
            .search_text(query, &SearchOptions { game, limit })?;
        let ids: Vec<&str> = results.hits.iter().map(|h| h.id.as_str()).collect();
        // Join by id: a card missing from the store (an index that lags behind) is skipped
        // rather than shifting every later score onto the wrong card.
        let scores: std::collections::HashMap<&str, f32> = results
            .hits
            .iter()
            .map(|h| (h.id.as_str(), h.score))
            .collect();
        let cards = self
            .store
            .cards_by_ids(&ids)?
            .into_iter()
            .map(|card| {
                let score = scores.get(card.id.as_str()).copied().unwrap_or_default();
                ScoredCard { card, score }
            })
            .collect();
        Ok(SearchPage {
            total: results.total,
            cards,
            highlight: results.highlight,
        })
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn store_mut(&mut self) -> &mut Store {
        &mut self.store
    }

    /// The search index (benchmarks query it directly).
    pub fn index(&self) -> &CardIndex {
        &self.index
    }

    /// Up to `limit` card names close to `name` (typos, partial names), best first.
    pub fn suggest_card_names(
        &self,
        name: &str,
        game: Option<&str>,
        limit: usize,
    ) -> Result<Vec<String>> {
        let names = self.store.card_names(game)?;
        Ok(
            deckhand_search::suggest_names(name, names.iter().map(String::as_str), limit)
                .into_iter()
                .map(str::to_owned)
                .collect(),
        )
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

    /// The cards of `game` with this name (several printings may share it).
    pub fn cards_named(&self, name: &str, game: &str) -> Result<Vec<Card>> {
        Ok(self.store.cards_named(name, Some(game))?)
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
                suggestions: self.suggest_card_names(name_or_id, game, 3)?,
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

fn import_bundled(store: &mut Store, games: &Games) -> Result<ImportReport> {
    let sets = bundled::CARD_FILES
        .iter()
        .map(|file| CardSet::from_json(file.path, file.text, games))
        .collect::<Result<Vec<_>, _>>()
        .map_err(Error::BundledData)?;
    let report = store.import(&sets)?;
    store.set_meta(BUNDLED_META_KEY, bundled::FINGERPRINT)?;
    Ok(report)
}

fn build_index(store: &Store, games: &Games, dir: Option<&Path>) -> Result<CardIndex> {
    let cards = store.cards(&CardFilter::default())?;
    Ok(match dir {
        Some(dir) => CardIndex::build_in_dir(dir, games, &store.data_stamp()?, &cards)?,
        None => CardIndex::build_in_ram(games, &cards)?,
    })
}

pub(crate) fn bundled_games() -> Result<Games> {
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
