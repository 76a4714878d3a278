//! A large import indexes its cards while it writes them: the full build that would follow
//! it (more than a quarter of the index changed) runs on tantivy's threads during the
//! import instead of after it, fed from the cards already parsed rather than read back
//! from SQLite. The first import of 100,000 cards took the sum of the two; it now takes
//! about the longer.
//!
//! A file large enough to hold that many cards only arms the build: it starts once the
//! import has added enough cards to make the index rebuild (a re-import of an unchanged
//! or updated set never starts it; starting it up front had such a re-import index every
//! stored card for nothing, 4 s of a 100k set's 5). It starts from the cards stored at
//! that moment (read inside the import's transaction, so the cards added so far are among
//! them and nothing can come between), then takes every card the import adds, on a thread
//! of its own (documents and trigrams are made there, not on the thread that parses and
//! stores, which is the import's critical path). The table's name indexes are dropped then
//! too, and made once at the end. A card the import updates would leave its old document
//! behind: the build is dropped (it publishes nothing) and the index follows the import as
//! before. So is it when the import fails or is a dry run, or when it turns out small.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, SyncSender};
use std::thread::JoinHandle;

use deckhand_core::{Card, Games};
use deckhand_search::IndexBuild;
use deckhand_store::{CardImport, CardOutcome, StoreError};

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
    state: State,
    /// Cards added by the import and sent to the build.
    added: usize,
}

enum State {
    /// Nothing followed: a small import, a dry run, a build given up or that failed.
    Off,
    /// A file that may hold enough new cards: the build starts when the import has added
    /// more than `start_after` cards.
    Armed {
        index_dir: Option<PathBuf>,
        games: Box<Games>,
        /// The cards the file may hold, for the build's sizing.
        expected: usize,
        start_after: usize,
    },
    Following(Worker),
}

/// The thread that feeds a build (documents, trigrams, tantivy's queue) while the caller
/// reads or stores cards; it hands the build back when its queue closes.
pub(crate) struct Worker {
    queue: Option<SyncSender<ToBuild>>,
    /// Cards not yet handed over (fewer than [`BATCH`]).
    batch: Vec<Card>,
    thread: JoinHandle<Result<IndexBuild>>,
}

/// What the thread that feeds a build is sent.
enum ToBuild {
    Cards(Vec<Card>),
    /// No more cards: write the segments now ([`IndexBuild::seal`]), while the caller
    /// commits the import.
    Seal,
}

impl Worker {
    pub(crate) fn spawn(mut build: IndexBuild) -> Option<Worker> {
        let (queue, receiver) = sync_channel::<ToBuild>(QUEUE);
        let thread = std::thread::Builder::new()
            .name("index-alongside".into())
            .spawn(move || {
                for message in receiver {
                    match message {
                        ToBuild::Cards(batch) => {
                            for card in &batch {
                                build.add(card)?;
                            }
                        }
                        ToBuild::Seal => {
                            build.seal()?;
                            break;
                        }
                    }
                }
                Ok(build)
            })
            .ok()?;
        Some(Worker {
            queue: Some(queue),
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
        self.queue
            .as_ref()
            .is_some_and(|queue| queue.send(ToBuild::Cards(batch)).is_ok())
    }

    /// Hands over the last batch and has the build seal itself on its thread; the queue
    /// is closed after. A closed queue means the build failed: `finish` says why.
    pub(crate) fn seal(&mut self) {
        if let Some(queue) = self.queue.take() {
            if !self.batch.is_empty() {
                let _ = queue.send(ToBuild::Cards(std::mem::take(&mut self.batch)));
            }
            let _ = queue.send(ToBuild::Seal);
        }
    }

    /// Hands over the last batch unless [`Worker::seal`] did, closes the queue and waits
    /// for the build.
    pub(crate) fn finish(mut self) -> Result<IndexBuild> {
        if let Some(queue) = self.queue.take() {
            if !self.batch.is_empty() {
                // A closed queue means the build failed: the join below says why.
                let _ = queue.send(ToBuild::Cards(std::mem::take(&mut self.batch)));
            }
        }
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
        self.give_up();
    }
}

impl IndexAlongside {
    /// Arms the build when `incoming_bytes` of files may hold enough cards to make the
    /// index rebuild after the import (the database holds few against them); otherwise
    /// a build that does nothing.
    pub(crate) fn arm(
        index_dir: Option<&Path>,
        games: &Games,
        run: &CardImport,
        incoming_bytes: u64,
    ) -> IndexAlongside {
        let mut alongside = IndexAlongside::none();
        if is_large(run, incoming_bytes) {
            let stored = run.stored_cards();
            alongside.state = State::Armed {
                index_dir: index_dir.map(Path::to_owned),
                games: Box::new(games.clone()),
                expected: stored + (incoming_bytes / MIN_BYTES_PER_CARD) as usize,
                start_after: rebuild_past(stored),
            };
        }
        alongside
    }

    /// Follows one card the import handled: an armed build starts once enough cards were
    /// added (and the name indexes are deferred then); an update gives the build up.
    pub(crate) fn card(
        &mut self,
        run: &mut CardImport,
        card: Card,
        outcome: CardOutcome,
    ) -> std::result::Result<(), StoreError> {
        match (&mut self.state, outcome) {
            (State::Off, _) | (_, CardOutcome::Unchanged) => {}
            // Its old document would stay in the build: give the build up.
            (_, CardOutcome::Updated) => self.give_up(),
            (State::Following(worker), CardOutcome::Added) => {
                // A closed queue means the build failed: `take` finds out.
                if worker.send(card) {
                    self.added += 1;
                }
            }
            (State::Armed { start_after, .. }, CardOutcome::Added) => {
                self.added += 1;
                if self.added > *start_after {
                    // The cards added so far are stored: the build reads them with the rest.
                    self.start(run)?;
                }
            }
        }
        Ok(())
    }

    /// Starts the armed build from every card the run's transaction holds now, and defers
    /// the name indexes; a build that cannot start leaves the index to follow as usual.
    fn start(&mut self, run: &mut CardImport) -> std::result::Result<(), StoreError> {
        let State::Armed {
            index_dir,
            games,
            expected,
            ..
        } = std::mem::replace(&mut self.state, State::Off)
        else {
            return Ok(());
        };
        if let Ok(build) = start_build(index_dir.as_deref(), &games, run, expected) {
            if let Some(worker) = Worker::spawn(build) {
                self.state = State::Following(worker);
            }
        }
        run.defer_name_indexes()
    }

    /// The import has read its last card: a following build seals itself on its thread
    /// while the caller commits the import (the two took turns before; tantivy's commit
    /// was a seventh of a 100k-card first import).
    pub(crate) fn seal(&mut self) {
        if let State::Following(worker) = &mut self.state {
            worker.seal();
        }
    }

    fn give_up(&mut self) {
        if let State::Following(worker) = std::mem::replace(&mut self.state, State::Off) {
            drop(worker.finish());
        }
    }

    /// Whether the build waits for enough added cards to start (tests).
    #[cfg(test)]
    pub(crate) fn is_armed(&self) -> bool {
        matches!(self.state, State::Armed { .. })
    }

    /// Whether the build runs beside the import (tests).
    #[cfg(test)]
    pub(crate) fn is_following(&self) -> bool {
        matches!(self.state, State::Following(_))
    }

    /// A build that follows nothing (imports that never index along).
    pub(crate) fn none() -> IndexAlongside {
        IndexAlongside {
            state: State::Off,
            added: 0,
        }
    }

    /// The finished build when it holds every card the import added (`changed`, by id)
    /// and the import was large enough that the index would be rebuilt; else `None`.
    fn take(&mut self, changed: &[String], indexed: usize) -> Option<IndexBuild> {
        let State::Following(worker) = std::mem::replace(&mut self.state, State::Off) else {
            return None;
        };
        let build = worker.finish().ok()?;
        let rebuild = changed.len() > rebuild_past(indexed);
        (rebuild && self.added == changed.len()).then_some(build)
    }
}

/// More changed cards than this rebuild an index of `indexed` cards (`search.rs`).
fn rebuild_past(indexed: usize) -> usize {
    UPDATE_AT_MOST.max(indexed / 4)
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

/// Whether `incoming_bytes` of files may hold enough new cards to make the index rebuild
/// after the import: the guess is generous ([`MIN_BYTES_PER_CARD`]), as it only arms the
/// build.
fn is_large(run: &CardImport, incoming_bytes: u64) -> bool {
    let incoming = (incoming_bytes / MIN_BYTES_PER_CARD) as usize;
    incoming > rebuild_past(run.stored_cards())
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
