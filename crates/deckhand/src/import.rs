//! Card-set imports: JSON files read as a stream, each card validated against its game and
//! written as soon as it is parsed, all in one transaction (all or nothing); then the
//! search index takes in only the cards that were added or changed.

use std::collections::HashSet;
use std::path::Path;
use std::sync::mpsc::{sync_channel, SyncSender};
use std::sync::Arc;

use deckhand_core::{Card, CardSet, CardSetItem, CardSink, Games, SetInfo};
use deckhand_store::{CardImport, InputKeys, StoreError};

use crate::effect_reading::EffectFill;
use crate::index_alongside::IndexAlongside;
use crate::progress::{ImportProgress, ImportStage, ProgressSink};

use crate::{Deckhand, Error, ImportReport, Result};

/// How often (in cards) progress is reported while reading.
const REPORT_EVERY: usize = 1024;
/// A file's items go from the thread that parses to the one that stores in batches of this
/// many (one hand-over and at most one wake a batch), at most [`QUEUE`] batches ahead.
const BATCH: usize = 64;
const QUEUE: usize = 16;

impl Deckhand {
    /// Parses every `(source name, JSON text)` and imports them all in one transaction:
    /// if any file is invalid, nothing is written.
    pub fn import_sources<'a>(
        &mut self,
        sources: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<ImportReport> {
        crate::logging::logged_import("cards", || self.import_sources_now(sources), counts)
    }

    fn import_sources_now<'a>(
        &mut self,
        sources: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<ImportReport> {
        let sources: Vec<(&str, &str)> = sources.into_iter().collect();
        let total = sources.iter().map(|(_, text)| text.len() as u64).sum();
        let base_stamp = self.store.data_stamp()?;
        let mut silent = |_: ImportProgress| {};
        let mut reading = Reading::new(total, &mut silent);
        let mut run = self.store.begin_import()?;
        reading.alongside =
            IndexAlongside::arm(self.index_dir.as_deref(), &self.games, &run, total);
        for (name, text) in sources {
            reading.file(&mut run, &self.games, name, text, None)?;
        }
        let outcome = reading.commit(run)?;
        self.store.release_memory()?;
        let mut alongside = std::mem::replace(&mut reading.alongside, IndexAlongside::none());
        self.index_import(
            &mut alongside,
            &base_stamp,
            &outcome.changed,
            reading.progress,
        )?;
        Ok(outcome.report.into())
    }

    /// Imports already-validated card sets (benchmarks, generated data).
    pub fn import_card_sets(&mut self, sets: &[CardSet]) -> Result<ImportReport> {
        let base_stamp = self.store.data_stamp()?;
        let mut run = self.store.begin_import()?;
        for set in sets {
            run.begin_file(&set.source_name, &set.game);
            for info in &set.sets {
                run.set(info)?;
            }
            for card in &set.cards {
                run.card(card)?;
            }
        }
        let outcome = run.commit()?;
        self.store.release_memory()?;
        self.index_changes(&base_stamp, &outcome.changed, &mut |_| {})?;
        Ok(outcome.report.into())
    }

    /// Reads and imports card-set files, all or nothing, reporting progress: `Reading`
    /// in bytes of all the files (each card is checked and stored as it is read), then
    /// `Indexing` in cards when any card was added or changed.
    pub fn import_files(
        &mut self,
        paths: &[impl AsRef<Path>],
        progress: ProgressSink,
    ) -> Result<ImportReport> {
        crate::logging::logged_import(
            "card files",
            || self.import_files_now(paths, progress),
            counts,
        )
    }

    fn import_files_now(
        &mut self,
        paths: &[impl AsRef<Path>],
        progress: ProgressSink,
    ) -> Result<ImportReport> {
        let read_error = |path: &Path, e: std::io::Error| Error::ReadFile {
            path: path.to_owned(),
            message: e.to_string(),
        };
        // Every file must open before anything is read, as when they were read up front.
        let mut total = 0;
        for path in paths {
            let path = path.as_ref();
            let file = std::fs::File::open(path).map_err(|e| read_error(path, e))?;
            total += file.metadata().map_or(0, |m| m.len());
        }
        let base_stamp = self.store.data_stamp()?;
        let mut reading = Reading::new(total, progress);
        let mut run = self.store.begin_import()?;
        reading.alongside =
            IndexAlongside::arm(self.index_dir.as_deref(), &self.games, &run, total);
        for path in paths {
            let path = path.as_ref();
            let text = std::fs::read_to_string(path).map_err(|e| read_error(path, e))?;
            reading.file(
                &mut run,
                &self.games,
                &path.display().to_string(),
                &text,
                None,
            )?;
        }
        let outcome = reading.commit(run)?;
        self.store.release_memory()?;
        let mut alongside = std::mem::replace(&mut reading.alongside, IndexAlongside::none());
        self.index_import(
            &mut alongside,
            &base_stamp,
            &outcome.changed,
            reading.progress,
        )?;
        Ok(outcome.report.into())
    }
}

/// An import report in counts, for the log.
pub(crate) fn counts(report: &ImportReport) -> String {
    format!(
        "{} files: {} added, {} updated, {} unchanged",
        report.files.len(),
        report.added,
        report.updated,
        report.unchanged
    )
}

/// The reading half of an import run: files fed into one store transaction, progress in
/// bytes, and the first store failure kept until every file has been checked (so a bad
/// card in a later file is still reported first, as when files were read before storing).
pub(crate) struct Reading<'p> {
    pub(crate) progress: ProgressSink<'p>,
    total: u64,
    done: u64,
    store_error: Option<StoreError>,
    /// The index build that follows the cards as they are stored (large imports).
    pub(crate) alongside: IndexAlongside,
    /// Ids of the cards handed over to be stored in this run, in any file: such an id is
    /// read again even when its input is known, so the last file naming it wins.
    handed_over: HashSet<Arc<str>, foldhash::fast::RandomState>,
}

impl<'p> Reading<'p> {
    pub(crate) fn new(total: u64, progress: ProgressSink<'p>) -> Self {
        progress(ImportProgress {
            stage: ImportStage::Reading,
            done: 0,
            total,
        });
        Reading {
            progress,
            total,
            done: 0,
            store_error: None,
            alongside: IndexAlongside::none(),
            handed_over: HashSet::default(),
        }
    }

    /// Reads one file and stores its cards. The text is parsed and checked on a thread of
    /// its own while this one stores what it hands over, in the order read: storing was
    /// half of a 100k-card first import's critical path, parsing and checking the rest.
    /// The transaction stays on this thread (SQLite's connection is not shared).
    pub(crate) fn file(
        &mut self,
        run: &mut CardImport,
        games: &Games,
        name: &str,
        text: &str,
        fill: Option<&mut EffectFill>,
    ) -> Result<()> {
        let before = self.done;
        // Effects filled in from the card's text make the stored card more than its input
        // says, so such a run neither trusts nor records input keys.
        let input_keys = fill.is_none().then(|| run.input_keys());
        let handed_over = &mut self.handed_over;
        let mut sink = FileSink {
            name,
            run,
            fill,
            progress: &mut *self.progress,
            before,
            total: self.total,
            cards: 0,
            store_error: &mut self.store_error,
            alongside: &mut self.alongside,
        };
        let read: Result<_> = std::thread::scope(|scope| {
            let (queue, batches) = sync_channel::<Vec<Item>>(QUEUE);
            let reader = std::thread::Builder::new()
                .name("card-reader".into())
                .spawn_scoped(scope, move || {
                    let mut ahead = ReadAhead {
                        queue,
                        batch: Vec::with_capacity(BATCH),
                        input_keys,
                        handed_over,
                    };
                    let read = CardSet::read_json_into(name, text, games, &mut ahead);
                    ahead.flush();
                    read
                });
            let reader = reader.map_err(|e| Error::ReadFile {
                path: name.into(),
                message: format!("could not start a thread to read it: {e}"),
            })?;
            for batch in batches {
                for item in batch {
                    sink.take(item);
                }
            }
            match reader.join() {
                Ok(read) => Ok(read?),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
        read?;
        self.done = (before + text.len() as u64).min(self.total.max(before));
        Ok(())
    }

    pub(crate) fn commit(&mut self, run: CardImport) -> Result<deckhand_store::ImportOutcome> {
        self.finish(run, false)
    }

    /// Commits the run, or with `dry_run` only reports what it would do.
    pub(crate) fn finish(
        &mut self,
        run: CardImport,
        dry_run: bool,
    ) -> Result<deckhand_store::ImportOutcome> {
        if let Some(e) = self.store_error.take() {
            return Err(e.into());
        }
        let outcome = if dry_run {
            run.report_only()?
        } else {
            // The index build's segments are written while SQLite makes its indexes.
            self.alongside.seal();
            run.commit()?
        };
        (self.progress)(ImportProgress {
            stage: ImportStage::Reading,
            done: self.total,
            total: self.total,
        });
        Ok(outcome)
    }
}

/// Where one file's items go: into the run, with progress, keeping the first store failure.
struct FileSink<'a, 'p, 'r, 'g> {
    name: &'a str,
    run: &'a mut CardImport<'r>,
    fill: Option<&'a mut EffectFill<'g>>,
    progress: &'a mut (dyn FnMut(ImportProgress) + 'p),
    before: u64,
    total: u64,
    cards: usize,
    store_error: &'a mut Option<StoreError>,
    alongside: &'a mut IndexAlongside,
}

impl FileSink<'_, '_, '_, '_> {
    fn count_card(&mut self, read: usize) {
        self.cards += 1;
        if self.cards % REPORT_EVERY == 0 {
            (self.progress)(ImportProgress {
                stage: ImportStage::Reading,
                done: (self.before + read as u64).min(self.total),
                total: self.total,
            });
        }
    }
}

impl FileSink<'_, '_, '_, '_> {
    /// Stores one item the reader handed over.
    fn take(&mut self, item: Item) {
        if self.store_error.is_some() {
            return;
        }
        let stored = match item {
            Item::Begin(game) => {
                self.run.begin_file(self.name, &game);
                Ok(())
            }
            Item::Set(info) => self.run.set(&info),
            Item::Card {
                mut card,
                read,
                input_key,
            } => {
                if let Some(fill) = self.fill.as_deref_mut() {
                    fill.fill(&mut card);
                }
                self.count_card(read);
                self.run
                    .card_with_input(&card, input_key)
                    .and_then(|outcome| self.alongside.card(self.run, card, outcome))
            }
            Item::Known { read } => {
                self.run.count_known_input();
                self.count_card(read);
                Ok(())
            }
        };
        if let Err(e) = stored {
            *self.store_error = Some(e);
        }
    }
}

/// A file's item, handed from the thread that reads to the one that stores.
// Nearly every item is a card: boxing it would add an allocation a card and save nothing.
#[allow(clippy::large_enum_variant)]
enum Item {
    Begin(String),
    Set(SetInfo),
    Card {
        card: Card,
        read: usize,
        input_key: Option<i64>,
    },
    /// A card recognised by its input key: stored as it was read.
    Known {
        read: usize,
    },
}

impl Item {
    fn of(item: CardSetItem<'_>) -> Item {
        match item {
            CardSetItem::Begin { game } => Item::Begin(game.to_owned()),
            CardSetItem::Set(info) => Item::Set(info.clone()),
            CardSetItem::Card {
                card,
                read,
                input_key,
            } => Item::Card {
                card,
                read,
                input_key,
            },
        }
    }
}

/// Whether a card input with `input_key` is stored as it was read: its key is a stored
/// card's, and that id has not been handed over to be stored in this run.
fn known_input(
    input_keys: Option<&InputKeys>,
    handed_over: &HashSet<Arc<str>, foldhash::fast::RandomState>,
    input_key: i64,
) -> Option<Arc<str>> {
    let id = input_keys?.get(&input_key)?;
    (!handed_over.contains(id)).then(|| id.clone())
}

/// The reading thread's side: items go to the storing thread in batches.
struct ReadAhead<'h> {
    queue: SyncSender<Vec<Item>>,
    batch: Vec<Item>,
    /// `None` when the run neither trusts nor records input keys.
    input_keys: Option<InputKeys>,
    handed_over: &'h mut HashSet<Arc<str>, foldhash::fast::RandomState>,
}

impl ReadAhead<'_> {
    fn push(&mut self, item: Item) {
        self.batch.push(item);
        if self.batch.len() >= BATCH {
            self.flush();
        }
    }

    /// Hands over the batch. The storing thread takes every batch, so a send only fails
    /// when it has stopped; what is left then would not be stored anyway.
    fn flush(&mut self) {
        if !self.batch.is_empty() {
            let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
            let _ = self.queue.send(batch);
        }
    }
}

impl CardSink for ReadAhead<'_> {
    fn item(&mut self, item: CardSetItem<'_>) {
        if let CardSetItem::Card { card, .. } = &item {
            self.handed_over.insert(Arc::from(card.id.as_str()));
        }
        self.push(Item::of(item));
    }

    fn wants_input_keys(&self) -> bool {
        self.input_keys.is_some()
    }

    fn known(&mut self, input_key: i64, read: usize) -> Option<Arc<str>> {
        let id = known_input(self.input_keys.as_ref(), self.handed_over, input_key)?;
        self.push(Item::Known { read });
        Some(id)
    }
}

#[cfg(test)]
#[path = "import_tests.rs"]
mod tests;
