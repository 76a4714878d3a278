//! Collection files in and out: names resolved like deck imports (case-insensitive, a set
//! or number picks the printing, suggestions for unknown names), every problem reported at
//! once, and one transaction per import.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use deckhand_core::{clip, fold_name};
use deckhand_formats::collection_csv::{self, CsvEntry, CsvFormat};
use deckhand_store::{CardRef, CollectionChange, CopyKey};
use serde::Serialize;

use super::csv_row;
use crate::error::LISTED_UNKNOWN;
use crate::output::{self, AtomicFile};
use crate::progress::{ImportProgress, ImportStage, ProgressSink};
use crate::{ChangeReport, Deckhand, Error, Result};

const NO_SUCH_CARD: &str = "no such card";
/// How many `.skipped-N.csv` names an import tries before asking the user to tidy up.
const MAX_SKIPPED_FILES: u32 = 999;

/// How to import a collection file.
#[derive(Debug, Clone, Default)]
pub struct CollectionImportOptions<'a> {
    /// Only look for cards of this game (files other than Deckhand's own name no game).
    pub game: Option<&'a str>,
    /// Import the lines whose card is found and report the others, instead of refusing.
    pub skip_unknown: bool,
    /// Report what would change and write nothing (the app's preview).
    pub dry_run: bool,
}

/// A line an import left out, and why.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct SkippedLine {
    pub line: u64,
    pub name: String,
    pub reason: String,
    /// Known names close to it (for the first lines of a file with many).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
}

/// What an import did (or, dry run, would do).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct CollectionImportReport {
    pub format: CsvFormat,
    /// Lines imported.
    pub lines: usize,
    /// Copies those lines hold.
    pub copies: u64,
    #[serde(flatten)]
    pub change: ChangeReport,
    pub skipped: Vec<SkippedLine>,
    /// Where the skipped lines were written, for the user to fix and import again.
    pub skipped_file: Option<PathBuf>,
    pub dry_run: bool,
    /// Dry run only: per card, the copies owned now and the copies the import adds, in
    /// the file's order (what the app's preview lists).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardChange>,
}

/// What an import would do to one card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct CardChange {
    pub card: String,
    pub name: String,
    pub set: Option<String>,
    /// Copies owned before the import, in every row.
    pub owned: u32,
    /// Copies the import adds.
    pub adding: u32,
}

/// Every card of the database (or of one game), for resolving many lines at once.
struct CardLookup {
    cards: Vec<CardRef>,
    by_id: HashMap<String, usize>,
    by_name: HashMap<String, Vec<usize>>,
}

impl CardLookup {
    fn new(cards: Vec<CardRef>) -> CardLookup {
        let mut by_id = HashMap::with_capacity(cards.len());
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::with_capacity(cards.len());
        for (i, card) in cards.iter().enumerate() {
            by_id.insert(card.id.clone(), i);
            by_name.entry(card.name_key.clone()).or_default().push(i);
        }
        CardLookup {
            cards,
            by_id,
            by_name,
        }
    }

    /// The card a line means, or why there is none.
    fn resolve(&self, entry: &CsvEntry, game: Option<&str>) -> Result<&CardRef, String> {
        let game = game.or(entry.game.as_deref());
        if let Some(card) = entry
            .card
            .as_deref()
            .and_then(|id| self.by_id.get(id))
            .map(|&i| &self.cards[i])
            .filter(|c| game.is_none_or(|g| g == c.game))
        {
            return Ok(card);
        }
        let candidates: Vec<&CardRef> = self
            .by_name
            .get(&fold_name(&entry.name))
            .into_iter()
            .flatten()
            .map(|&i| &self.cards[i])
            .filter(|c| game.is_none_or(|g| g == c.game))
            .collect();
        let mut games: Vec<&str> = candidates.iter().map(|c| c.game.as_str()).collect();
        games.sort_unstable();
        games.dedup();
        if games.len() > 1 {
            return Err(format!(
                "names cards in several games ({}); import with --game",
                games.join(", ")
            ));
        }
        let same = |a: &Option<String>, b: &Option<String>| match (a, b) {
            (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
            _ => false,
        };
        candidates
            .iter()
            .find(|c| same(&c.set, &entry.set) && same(&c.number, &entry.number))
            .or_else(|| candidates.iter().find(|c| same(&c.set, &entry.set)))
            .or(candidates.first())
            .copied()
            .ok_or_else(|| NO_SUCH_CARD.to_owned())
    }
}

impl Deckhand {
    /// Imports a collection file's bytes (format recognised from the header), adding its
    /// copies to the collection in one transaction. Unknown names fail the whole import,
    /// each listed with its line, unless `skip_unknown`. `progress` hears `Reading` (bytes,
    /// at the start and once parsed and resolved) then `Storing` (rows written of rows
    /// touched); pass `&mut |_| {}` to ignore it.
    pub fn import_collection_csv(
        &mut self,
        source_name: &str,
        bytes: &[u8],
        options: &CollectionImportOptions,
        progress: ProgressSink,
    ) -> Result<CollectionImportReport> {
        self.import_collection(source_name, bytes, options, progress, None)
    }

    /// Imports a collection file from disk. With `skip_unknown`, the skipped lines are
    /// written beside it as `<name>.skipped.csv` (same header), ready to fix and import;
    /// an existing file of that name is kept and the lines go to `<name>.skipped-2.csv`
    /// (or `-3`, …). The file is written before the import commits and removed if the
    /// import fails: there is never one without the other.
    pub fn import_collection_path(
        &mut self,
        path: &Path,
        options: &CollectionImportOptions,
        progress: ProgressSink,
    ) -> Result<CollectionImportReport> {
        let bytes = crate::read_collection_file(path)?;
        let label = path.display().to_string();
        let skipped_beside = (!options.dry_run).then_some(path);
        self.import_collection(&label, &bytes, options, progress, skipped_beside)
    }

    fn import_collection(
        &mut self,
        source_name: &str,
        bytes: &[u8],
        options: &CollectionImportOptions,
        progress: ProgressSink,
        skipped_beside: Option<&Path>,
    ) -> Result<CollectionImportReport> {
        let kind = if options.dry_run {
            "collection (dry run)"
        } else {
            "collection"
        };
        crate::logging::logged_import(
            kind,
            || self.import_collection_now(source_name, bytes, options, progress, skipped_beside),
            |r| {
                format!(
                    "{} lines, {} copies, {} skipped",
                    r.lines,
                    r.copies,
                    r.skipped.len()
                )
            },
        )
    }

    fn import_collection_now(
        &mut self,
        source_name: &str,
        bytes: &[u8],
        options: &CollectionImportOptions,
        progress: ProgressSink,
        skipped_beside: Option<&Path>,
    ) -> Result<CollectionImportReport> {
        if let Some(game) = options.game {
            self.games.get(game)?;
        }
        let bytes_total = bytes.len() as u64;
        let reading = |done| ImportProgress {
            stage: ImportStage::Reading,
            done,
            total: bytes_total,
        };
        progress(reading(0));
        let lookup = CardLookup::new(self.store.card_refs(options.game)?);
        let mut changes = Vec::new();
        let mut skipped = Vec::new();
        // Only a skipped line's fields are kept (to hand it back): each line is resolved as
        // it is read, so the file's lines are never all in memory at once.
        let mut skipped_fields: Vec<Vec<String>> = Vec::new();
        let mut copies = 0u64;
        let mut lines = 0usize;
        let layout = collection_csv::read_each(bytes, |entry| {
            lines += 1;
            match lookup.resolve(&entry, options.game) {
                Ok(card) => {
                    copies += u64::from(entry.count);
                    if entry.count > 0 {
                        changes.push(CollectionChange::Add {
                            game: card.game.clone(),
                            key: CopyKey {
                                card: card.id.clone(),
                                finish: entry.finish,
                                condition: entry.condition,
                                language: entry.language,
                                location: entry.location,
                            },
                            count: entry.count,
                            note: entry.note.filter(|n| !n.is_empty()),
                        });
                    }
                }
                Err(reason) => {
                    skipped.push(SkippedLine {
                        line: entry.line,
                        name: entry.name,
                        reason,
                        suggestions: Vec::new(),
                    });
                    skipped_fields.push(entry.fields);
                }
            }
            Ok(())
        })
        .map_err(|e| Error::CollectionCsv {
            source_name: source_name.to_owned(),
            line: e.line,
            column: e.column,
            message: e.message,
        })?;
        progress(ImportProgress {
            stage: ImportStage::Reading,
            done: bytes_total,
            total: bytes_total,
        });
        self.suggest_for(&mut skipped, options.game)?;
        if !skipped.is_empty() && !options.skip_unknown {
            return Err(Error::UnknownCollectionCards {
                source_name: source_name.to_owned(),
                lines: skipped
                    .iter()
                    .take(LISTED_UNKNOWN)
                    .map(describe_skipped)
                    .collect(),
                more: skipped.len().saturating_sub(LISTED_UNKNOWN),
            });
        }
        progress(reading(bytes_total));
        let label = format!(
            "import {}",
            Path::new(source_name)
                .file_name()
                .map_or_else(|| source_name.into(), |n| n.to_string_lossy())
        );
        let cards = if options.dry_run {
            self.card_changes(&lookup, &changes, options.game)?
        } else {
            Vec::new()
        };
        let skipped_file = match skipped_beside.filter(|_| !skipped.is_empty()) {
            Some(source) => Some(self.write_skipped(
                source,
                &collection_csv::write_fields(
                    layout.delimiter,
                    layout.header.as_deref(),
                    skipped_fields.iter().map(Vec::as_slice),
                ),
            )?),
            None => None,
        };
        let change = self.store.apply_collection_changes_with_progress(
            &label,
            &changes,
            options.dry_run,
            &mut |done, total| {
                progress(ImportProgress {
                    stage: ImportStage::Storing,
                    done,
                    total,
                })
            },
        );
        let change = match change {
            Ok(change) => change,
            Err(e) => {
                // Nothing was imported: the skipped lines' file would mislead.
                if let Some(written) = &skipped_file {
                    let _ = std::fs::remove_file(written);
                }
                return Err(e.into());
            }
        };
        Ok(CollectionImportReport {
            format: layout.format,
            lines: lines - skipped.len(),
            copies,
            change: change.into(),
            skipped,
            skipped_file,
            dry_run: options.dry_run,
            cards,
        })
    }

    /// Writes the skipped lines beside `source` under the first free name of
    /// `<stem>.skipped.csv`, `<stem>.skipped-2.csv`, …: an earlier file is never replaced.
    fn write_skipped(&self, source: &Path, text: &str) -> Result<PathBuf> {
        let stem = source
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "collection".into());
        let names = std::iter::once(format!("{stem}.skipped.csv"))
            .chain((2..=MAX_SKIPPED_FILES).map(|n| format!("{stem}.skipped-{n}.csv")))
            .map(OsString::from);
        let mut file = AtomicFile::create(
            &self.output_guard,
            &source.with_file_name(format!("{stem}.skipped.csv")),
        )?;
        file.write_all(text.as_bytes())
            .map_err(|e| Error::WriteFile {
                path: file.path().to_owned(),
                message: e.to_string(),
            })?;
        file.commit_without_replacing(names)
    }

    /// Per card the import touches: copies owned now and copies added, in file order.
    fn card_changes(
        &self,
        lookup: &CardLookup,
        changes: &[CollectionChange],
        game: Option<&str>,
    ) -> Result<Vec<CardChange>> {
        let owned = self.store.owned_counts(game)?;
        let mut cards: Vec<CardChange> = Vec::new();
        let mut index: HashMap<&str, usize> = HashMap::new();
        for change in changes {
            let CollectionChange::Add { key, count, .. } = change else {
                continue;
            };
            match index.get(key.card.as_str()) {
                Some(&i) => cards[i].adding += count,
                None => {
                    let Some(card) = lookup.by_id.get(&key.card).map(|&i| &lookup.cards[i]) else {
                        continue;
                    };
                    index.insert(&key.card, cards.len());
                    cards.push(CardChange {
                        card: card.id.clone(),
                        name: card.name.clone(),
                        set: card.set.clone(),
                        owned: owned.get(&card.id).copied().unwrap_or(0),
                        adding: *count,
                    });
                }
            }
        }
        Ok(cards)
    }

    /// Fills in the suggestions of the first [`LISTED_UNKNOWN`] unknown names: looking
    /// them up costs, and a user fixes a few at a time.
    fn suggest_for(&self, skipped: &mut [SkippedLine], game: Option<&str>) -> Result<()> {
        if skipped.is_empty() {
            return Ok(());
        }
        let names = self.store.card_names(game)?;
        for line in skipped
            .iter_mut()
            .filter(|s| s.reason == NO_SUCH_CARD)
            .take(LISTED_UNKNOWN)
        {
            line.suggestions =
                deckhand_search::suggest_names(&line.name, names.iter().map(String::as_str), 3)
                    .into_iter()
                    .map(str::to_owned)
                    .collect();
        }
        Ok(())
    }

    /// Writes [`Deckhand::export_collection_csv`] to `out` (never over the database,
    /// never half).
    pub fn export_collection_file(
        &self,
        format: CsvFormat,
        game: Option<&str>,
        out: &Path,
    ) -> Result<()> {
        let text = self.export_collection_csv(format, game)?;
        output::write_file(&self.output_guard, out, text.as_bytes())
    }

    /// The collection (optionally of one game) as a CSV file in `format`.
    pub fn export_collection_csv(&self, format: CsvFormat, game: Option<&str>) -> Result<String> {
        let rows = self.collection(game, None)?;
        let set_names: HashMap<(String, String), String> = self
            .store
            .set_completion(game)?
            .into_iter()
            .map(|s| ((s.game, s.set), s.set_name))
            .collect();
        Ok(collection_csv::write(
            format,
            rows.iter().map(csv_row),
            |game, set| set_names.get(&(game.to_owned(), set.to_owned())).cloned(),
        ))
    }
}

/// `line 4 'Sheild Liger' (did you mean 'Shield Liger'?)`.
fn describe_skipped(line: &SkippedLine) -> String {
    let mut text = format!("line {} '{}'", line.line, clip(&line.name));
    if line.reason != NO_SUCH_CARD {
        text.push_str(&format!(" {}", line.reason));
    } else if !line.suggestions.is_empty() {
        let quoted: Vec<String> = line.suggestions.iter().map(|n| format!("'{n}'")).collect();
        text.push_str(&format!(" (did you mean {}?)", quoted.join(", ")));
    }
    text
}
