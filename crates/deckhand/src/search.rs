//! Search: queries run on the tantivy index, hits read back from SQLite (the source of
//! truth), and the index kept in step with the database.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use deckhand_core::{Card, Games};
use deckhand_search::{CardIndex, Collection, SearchOptions, SearchResults};
use deckhand_store::{CardFilter, Store};
use serde::Serialize;

use crate::{Deckhand, Result};

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

/// The most results one search returns; tantivy allocates for the limit up front, so an
/// unbounded one aborts the process.
pub const MAX_SEARCH_LIMIT: usize = 10_000;

impl Deckhand {
    /// The ids of every card of `game` that `query` matches (no page limit).
    pub(crate) fn matching_card_ids(
        &self,
        query: &str,
        game: &str,
    ) -> Result<std::collections::HashSet<String>> {
        let limit = self
            .store
            .card_counts()?
            .into_iter()
            .find(|(id, _)| id == game)
            .map_or(1, |(_, n)| n.max(1));
        let results = self.run_search(query, Some(game), limit)?;
        Ok(results.hits.into_iter().map(|h| h.id).collect())
    }

    /// Runs a search query (see the README's search syntax) and returns up to `limit`
    /// cards (at most [`MAX_SEARCH_LIMIT`]), best first, with the total number of matches.
    pub fn search(&self, query: &str, game: Option<&str>, limit: usize) -> Result<SearchPage> {
        let limit = limit.clamp(1, MAX_SEARCH_LIMIT);
        if let Some(game) = game {
            self.games.get(game)?;
        }
        let results = self.run_search(query, game, limit)?;
        let ids: Vec<&str> = results.hits.iter().map(|h| h.id.as_str()).collect();
        // Join by id: a card missing from the store (an index that lags behind) is skipped
        // rather than shifting every later score onto the wrong card.
        let scores: HashMap<&str, f32> = results
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

    /// Parses and runs `query` on the index; a query that counts copies (`owned>=1`,
    /// `wanted:0`) gets the collection as it is now.
    pub(crate) fn run_search(
        &self,
        query: &str,
        game: Option<&str>,
        limit: usize,
    ) -> Result<SearchResults> {
        let query = deckhand_search::parse(query, self.index.vocabulary())
            .map_err(deckhand_search::SearchError::from)?;
        let collection = if query.uses_collection() {
            Some(self.search_collection()?)
        } else {
            None
        };
        let options = SearchOptions {
            game,
            limit,
            collection: collection.as_deref(),
        };
        Ok(self.index.search(&query, &options)?)
    }

    /// The copies owned and wanted per card, read from the store and kept until the
    /// database changes (through this process or any other): a search with `owned` costs
    /// one `PRAGMA data_version` when nothing changed, and the index is never rebuilt for
    /// a collection change.
    fn search_collection(&self) -> Result<Arc<Collection>> {
        let marker = self.store.change_marker()?;
        let mut cache = self
            .collection_cache
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some((seen, collection)) = cache.as_ref() {
            if *seen == marker {
                return Ok(Arc::clone(collection));
            }
        }
        let collection = Arc::new(Collection::new(
            self.store.owned_counts(None)?,
            self.store.wanted_counts(None)?,
        ));
        *cache = Some((marker, Arc::clone(&collection)));
        Ok(collection)
    }

    /// Drops the cached collection (after a restore replaced the database's content).
    pub(crate) fn forget_collection(&self) {
        *self
            .collection_cache
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The search index (benchmarks query it directly).
    pub fn index(&self) -> &CardIndex {
        &self.index
    }

    /// Rebuilds the search index from the database (after every import).
    pub(crate) fn reindex(&mut self) -> Result<()> {
        self.index = build_index(&self.store, &self.games, self.index_dir.as_deref())?;
        Ok(())
    }
}

pub(crate) fn build_index(store: &Store, games: &Games, dir: Option<&Path>) -> Result<CardIndex> {
    let cards = store.cards(&CardFilter::default())?;
    Ok(match dir {
        Some(dir) => CardIndex::build_in_dir(dir, games, &store.data_stamp()?, &cards)?,
        None => CardIndex::build_in_ram(games, &cards)?,
    })
}
