//! Search: queries run on the tantivy index, hits read back from SQLite (the source of
//! truth), and the index kept in step with the database.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use deckhand_core::{Card, Games};
use deckhand_search::{
    CardIndex, Collection, IndexBuild, IndexChanges, SearchError, SearchOptions, SearchResults,
    UpdateOutcome,
};
use deckhand_store::{CardFilter, Store};

use crate::transport::CardRow;
use serde::Serialize;

use crate::index_alongside::Worker;
use crate::progress::{ImportProgress, ImportStage, ProgressSink};
use crate::{Deckhand, Error, Result};

/// One page of search results.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct SearchPage {
    /// How many cards match in all (the page may hold fewer).
    pub total: usize,
    pub cards: Vec<ScoredCard>,
    /// Words and phrases to highlight in names and texts.
    pub highlight: Vec<String>,
}

/// A card with its search score, serialised as the card's fields plus `score`.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct ScoredCard {
    #[serde(flatten)]
    pub card: Card,
    pub score: f32,
}

/// One window of search results as light rows, best first (the card browser's list).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct SearchRowPage {
    /// How many cards match in all.
    pub total: usize,
    pub offset: usize,
    pub rows: Vec<CardRow>,
    /// Words and phrases to highlight in names and texts.
    pub highlight: Vec<String>,
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

    /// Runs a search query (see docs/search.md) and returns up to `limit`
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

    /// The matches of `query` within `game` from `offset` on, up to `limit` (at most
    /// [`crate::MAX_ROW_WINDOW`]), as light rows in the search's order. The index ranks
    /// the first `offset + limit` hits (never more than the game has cards) and the
    /// window is cut from them; only its rows are read from the store.
    pub fn search_rows(
        &self,
        query: &str,
        game: &str,
        offset: usize,
        limit: usize,
    ) -> Result<SearchRowPage> {
        self.games.get(game)?;
        let cards = self.store.card_count(&CardFilter { game: Some(game) })?;
        let want = offset
            .saturating_add(limit.min(crate::MAX_ROW_WINDOW))
            .min(cards)
            .max(1);
        let results = self.run_search(query, Some(game), want)?;
        let ids: Vec<&str> = results
            .hits
            .iter()
            .skip(offset)
            .map(|h| h.id.as_str())
            .collect();
        Ok(SearchRowPage {
            total: results.total,
            offset,
            rows: self
                .store
                .card_rows_by_ids(&ids)?
                .into_iter()
                .map(Into::into)
                .collect(),
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

    /// Rebuilds the search index from the database (after a restore, or when the index
    /// cannot be updated).
    pub(crate) fn reindex(&mut self) -> Result<()> {
        self.reindex_with(&mut |_| {})
    }

    fn reindex_with(&mut self, progress: ProgressSink) -> Result<()> {
        self.index = build_index(
            &self.store,
            &self.games,
            self.index_dir.as_deref(),
            progress,
        )?;
        Ok(())
    }

    /// Brings the index up to date after an import that added or changed `changed` (by
    /// id) since the data stamp `base_stamp`: an incremental update by card id, or a full
    /// rebuild when the index does not describe `base_stamp` (another process changed it)
    /// or when the change touches so many cards that rebuilding is cheaper. Nothing
    /// changed: nothing is written.
    pub(crate) fn index_changes(
        &mut self,
        base_stamp: &str,
        changed: &[String],
        progress: ProgressSink,
    ) -> Result<()> {
        self.index_changes_and_removals(base_stamp, changed, &[], progress)
    }

    /// [`Deckhand::index_changes`] when cards were also deleted (`removed`, by id).
    pub(crate) fn index_changes_and_removals(
        &mut self,
        base_stamp: &str,
        changed: &[String],
        removed: &[String],
        progress: ProgressSink,
    ) -> Result<()> {
        if changed.is_empty() && removed.is_empty() {
            return Ok(());
        }
        let indexed = self.index.card_count() as usize;
        if changed.len() + removed.len() > UPDATE_AT_MOST.max(indexed / 4) {
            return self.reindex_with(progress);
        }
        let total = changed.len() as u64;
        progress(ImportProgress {
            stage: ImportStage::Indexing,
            done: 0,
            total,
        });
        let stamp = self.store.data_stamp()?;
        let ids: Vec<&str> = changed.iter().map(String::as_str).collect();
        let cards = self.store.cards_by_ids(&ids)?;
        let outcome = self.index.update(&IndexChanges {
            base_stamp,
            stamp: &stamp,
            changed: &cards,
            removed,
        })?;
        if outcome == UpdateOutcome::Stale {
            return self.reindex_with(progress);
        }
        progress(ImportProgress {
            stage: ImportStage::Indexing,
            done: total,
            total,
        });
        Ok(())
    }
}

/// An update re-indexes changed cards one by one after deleting the old ones; past this
/// many (or a quarter of the index) a fresh build is faster and leaves no deleted
/// documents behind.
pub(crate) const UPDATE_AT_MOST: usize = 5_000;

/// Builds the index of every card, streamed from the database (never all in memory).
pub(crate) fn build_index(
    store: &Store,
    games: &Games,
    dir: Option<&Path>,
    progress: ProgressSink,
) -> Result<CardIndex> {
    let filter = CardFilter::default();
    let total = store.card_count(&filter)? as u64;
    let stamp = store.data_stamp()?;
    let report = |done| ImportProgress {
        stage: ImportStage::Indexing,
        done,
        total,
    };
    progress(report(0));
    let started = std::time::Instant::now();
    let build = IndexBuild::start(dir, games, total as usize)?;
    // Rows are read and decoded here while another thread makes their documents.
    let mut worker = Worker::spawn(build).ok_or_else(|| SearchError::Directory {
        path: "index build".into(),
        message: "cannot start the indexing thread".into(),
    })?;
    let mut done = 0;
    let fed = store.for_each_card(&filter, |card| {
        if !worker.send(card) {
            // The build failed: `finish` below returns its error.
            return Err(Error::from(SearchError::Directory {
                path: "index build".into(),
                message: "the indexing thread stopped".into(),
            }));
        }
        done += 1;
        if done % 1024 == 0 {
            progress(report(done));
        }
        Ok::<(), Error>(())
    });
    // A failed build says why; a failed read, what it read.
    let build = worker.finish()?;
    fed?;
    let fed = started.elapsed();
    let index = build.finish(&stamp)?;
    // The two halves tell a slow read of the rows from a slow tantivy commit.
    tracing::info!(
        cards = total,
        ms = started.elapsed().as_millis() as u64,
        fed_ms = fed.as_millis() as u64,
        "search index built"
    );
    progress(report(total));
    Ok(index)
}
