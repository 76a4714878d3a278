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

/// Cards in flight to the indexing thread: enough to keep it busy, few to hold.
const QUEUE: usize = 1024;

/// The build under way alongside an import, while it still describes the database.
pub(crate) struct IndexAlongside {
    worker: Option<Worker>,
    /// Cards added by the import and sent to the build.
    added: usize,
}

/// The thread that feeds a build (documents, trigrams, tantivy's queue) while the caller
/// reads or stores cards; it hands the build back when its queue closes.
pub(crate) struct Worker {
    cards: SyncSender<Card>,
    thread: JoinHandle<Result<IndexBuild>>,
}

impl Worker {
    pub(crate) fn spawn(mut build: IndexBuild) -> Option<Worker> {
        let (cards, queue) = sync_channel::<Card>(QUEUE);
        let thread = std::thread::Builder::new()
            .name("index-alongside".into())
            .spawn(move || {
                for card in queue {
                    build.add(&card)?;
                }
                Ok(build)
            })
            .ok()?;
        Some(Worker { cards, thread })
    }

    /// Queues a card; `false` once the build has failed (`finish` tells why).
    pub(crate) fn send(&self, card: Card) -> bool {
        self.cards.send(card).is_ok()
    }

    /// Closes the queue and waits for the build.
    pub(crate) fn finish(self) -> Result<IndexBuild> {
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
        let stored = run.stored_cards();
        let incoming = (incoming_bytes / MIN_BYTES_PER_CARD) as usize;
        let none = IndexAlongside::none();
        if incoming <= UPDATE_AT_MOST.max(stored / 4) {
            return none;
        }
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
        let Some(worker) = &self.worker else {
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
