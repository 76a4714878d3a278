//! A large import indexes its cards while it writes them: the full build that would follow
//! it (more than a quarter of the index changed) runs on tantivy's threads during the
//! import instead of after it, fed from the cards already parsed rather than read back
//! from SQLite. The first import of 100,000 cards took the sum of the two; it now takes
//! about the longer.
//!
//! The build starts from the cards stored when the import began (read inside its
//! transaction, so nothing can come between), then takes every card the import adds, on a
//! thread of its own (documents and trigrams are made there, not on the thread that
//! parses and stores, which is the import's critical path). A
//! card it updates would leave its old document behind: the build is dropped (it publishes
//! nothing) and the index follows the import as before. So is it when the import fails or
//! is a dry run, or when the import turns out small.

use std::path::Path;
use std::sync::mpsc::{sync_channel, SyncSender};
use std::thread::JoinHandle;

use deckhand_core::{Card, Games};
use deckhand_search::IndexBuild;
use deckhand_store::{CardImport, CardOutcome};

use crate::progress::{ImportProgress, ImportStage, ProgressSink};
use crate::{Deckhand, Error, Result};

/// Bytes of input a card takes at the least (a spreadsheet row of a few short cells):
/// the guess of how many cards a file may hold is generous, so a large import is not
/// missed; a wrong guess costs a dropped build.
const MIN_BYTES_PER_CARD: u64 = 100;
/// An update of at most this many cards is incremental (`search.rs`), and so is one of at
/// most a quarter of the index: no full build would follow.
const UPDATE_AT_MOST: usize = crate::search::UPDATE_AT_MOST;

/// Cards go to the indexing thread in batches of this many: one channel hand-over (and
/// at most one futex wake of the thread) per batch, not per card; a wake a card was 4 %
/// of a 100k import's CPU on the thread that parses and stores.
const BATCH: usize = 64;
/// Batches in flight to the indexing thread: enough to keep it busy, few to hold.
const QUEUE: usize = 1024 / BATCH;

/// The build under way alongside an import, while it still describes the database.
pub(crate) struct IndexAlongside {
    worker: Option<Worker>,
    /// Cards added by the import and sent to the build.
    added: usize,
}

/// The thread that feeds a build (documents, trigrams, tantivy's queue) while the caller
/// reads or stores cards; it hands the build back when its queue closes.
pub(crate) struct Worker {
    cards: SyncSender<Vec<Card>>,
    /// Cards not yet handed over (fewer than [`BATCH`]).
    batch: Vec<Card>,
    thread: JoinHandle<Result<IndexBuild>>,
}

impl Worker {
    pub(crate) fn spawn(mut build: IndexBuild) -> Option<Worker> {
        let (cards, queue) = sync_channel::<Vec<Card>>(QUEUE);
        let thread = std::thread::Builder::new()
            .name("index-alongside".into())
            .spawn(move || {
                for batch in queue {
                    for card in &batch {
                        build.add(card)?;
                    }
                }
                Ok(build)
            })
            .ok()?;
        Some(Worker {
            cards,
            batch: Vec::with_capacity(BATCH),
            thread,
        })
    }

    /// Queues a card; `false` once the build has failed (`finish` tells why).
    pub(crate) fn send(&mut self, card: Card) -> bool {
        self.batch.push(card);
        if self.batch.len() < BATCH {
            return true;
        }
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        self.cards.send(batch).is_ok()
    }

    /// Hands over the last batch, closes the queue and waits for the build.
    pub(crate) fn finish(mut self) -> Result<IndexBuild> {
        if !self.batch.is_empty() {
            // A closed queue means the build failed: the join below says why.
            let _ = self.cards.send(std::mem::take(&mut self.batch));
        }
        drop(self.cards);
        self.thread
            .join()
            .map_err(|_| deckhand_search::SearchError::Directory {
                path: "index build".into(),
                message: "the indexing thread stopped".into(),
            })?
    }
}

impl Drop for IndexAlongside {
    /// A build not taken is dropped on its thread (it publishes nothing), after the few
    /// cards still queued.
    fn drop(&mut self) {
        if let Some(worker) = self.worker.take() {
            drop(worker.finish());
        }
    }
}

impl IndexAlongside {
    /// Starts the build when `incoming_bytes` of files may hold enough cards to make the
    /// index rebuild after the import (the database holds few against them); otherwise,
    /// or when the build cannot start, a build that does nothing.
    pub(crate) fn start(
        index_dir: Option<&Path>,
        games: &Games,
        run: &CardImport,
        incoming_bytes: u64,
    ) -> IndexAlongside {
        let none = IndexAlongside::none();
        if !is_large(run, incoming_bytes) {
            return none;
        }
        let stored = run.stored_cards();
        let incoming = (incoming_bytes / MIN_BYTES_PER_CARD) as usize;
        let Ok(build) = start_build(index_dir, games, run, stored + incoming) else {
            return none;
        };
        IndexAlongside {
            worker: Worker::spawn(build),
            added: 0,
        }
    }

    /// Follows one card the import handled.
    pub(crate) fn card(&mut self, card: Card, outcome: CardOutcome) {
        let Some(worker) = &mut self.worker else {
            return;
        };
        match outcome {
            CardOutcome::Unchanged => {}
            // A closed queue means the build failed: `take` finds out.
            CardOutcome::Added => {
                if worker.send(card) {
                    self.added += 1;
                }
            }
            // Its old document is in the build: give the build up (on its thread).
            CardOutcome::Updated => {
                if let Some(worker) = self.worker.take() {
                    drop(worker.finish());
                }
            }
        }
    }

    /// Whether cards are followed (the caller need not copy a card that is not).
    pub(crate) fn is_following(&self) -> bool {
        self.worker.is_some()
    }

    /// A build that follows nothing (imports that never index along).
    pub(crate) fn none() -> IndexAlongside {
        IndexAlongside {
            worker: None,
            added: 0,
        }
    }

    /// The finished build when it holds every card the import added (`changed`, by id)
    /// and the import was large enough that the index would be rebuilt; else `None`.
    fn take(&mut self, changed: &[String], indexed: usize) -> Option<IndexBuild> {
        let build = self.worker.take()?.finish().ok()?;
        let rebuild = changed.len() > UPDATE_AT_MOST.max(indexed / 4);
        (rebuild && self.added == changed.len()).then_some(build)
    }
}

impl Deckhand {
    /// Brings the index up to date after a committed import: the build that ran alongside
    /// it when that one holds the import, else [`Deckhand::index_changes`].
    pub(crate) fn index_import(
        &mut self,
        alongside: &mut IndexAlongside,
        base_stamp: &str,
        changed: &[String],
        progress: ProgressSink,
    ) -> Result<()> {
        let indexed = self.index.card_count() as usize;
        let Some(build) = alongside.take(changed, indexed) else {
            return self.index_changes(base_stamp, changed, progress);
        };
        let started = std::time::Instant::now();
        let total = changed.len() as u64;
        progress(ImportProgress {
            stage: ImportStage::Indexing,
            done: 0,
            total,
        });
        self.index = build.finish(&self.store.data_stamp()?)?;
        tracing::info!(
            cards = total,
            ms = started.elapsed().as_millis() as u64,
            "search index built alongside the import"
        );
        progress(ImportProgress {
            stage: ImportStage::Indexing,
            done: total,
            total,
        });
        Ok(())
    }
}

/// Whether `incoming_bytes` of files may hold enough cards to make the index rebuild after
/// the import (the database holds few against them): a large import, which builds its
/// index alongside and defers the table's name indexes to its end.
pub(crate) fn is_large(run: &CardImport, incoming_bytes: u64) -> bool {
    let incoming = (incoming_bytes / MIN_BYTES_PER_CARD) as usize;
    incoming > UPDATE_AT_MOST.max(run.stored_cards() / 4)
}

/// Starts a large import's extras: its index build alongside, and its name indexes
/// made once at the end (`CardImport::defer_name_indexes`).
pub(crate) fn start_large(
    index_dir: Option<&Path>,
    games: &Games,
    run: &mut CardImport,
    incoming_bytes: u64,
) -> Result<IndexAlongside> {
    // The build reads the stored cards in name order first, while the indexes are there.
    let alongside = IndexAlongside::start(index_dir, games, run, incoming_bytes);
    if is_large(run, incoming_bytes) {
        run.defer_name_indexes()?;
    }
    Ok(alongside)
}

fn start_build(
    index_dir: Option<&Path>,
    games: &Games,
    run: &CardImport,
    expected: usize,
) -> Result<IndexBuild> {
    let mut build = IndexBuild::start(index_dir, games, expected)?;
    run.for_each_stored_card(|card| build.add(&card).map_err(Error::from))?;
    Ok(build)
}
