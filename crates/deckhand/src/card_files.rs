//! `deckhand import FILE...`: card-set JSON and card spreadsheets (CSV with `,` or `;`,
//! TSV) in one run, one transaction, all or nothing. The spreadsheet reader is the core's
//! (`read_sheet`); this module picks each file's format, keeps the bundled sample cards
//! read-only and turns a clash with another game's card id into a row problem.

use std::collections::HashMap;
use std::path::Path;

use deckhand_core::{read_sheet, sniff_delimiter, CardSet, CoreError, RowProblem, SheetOptions};
use deckhand_store::{ImportReport, StoreError};

use crate::bundled;
use crate::import::Reading;
use crate::progress::ProgressSink;
use crate::{Deckhand, Error, Result};

/// A card file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardFileFormat {
    /// Deckhand's card-set JSON.
    Json,
    /// Comma- or semicolon-separated (the header row tells which).
    Csv,
    /// Tab-separated.
    Tsv,
}

/// How `import_card_files` reads its files.
#[derive(Debug, Clone, Default)]
pub struct CardImportOptions {
    /// Every file's format; `None`: from the extension, then the content.
    pub format: Option<CardFileFormat>,
    /// The game of spreadsheets that have no `game` column.
    pub game: Option<String>,
    /// `(column, field)` renames for spreadsheets.
    pub map: Vec<(String, String)>,
    /// Spreadsheet columns to drop.
    pub ignore: Vec<String>,
    /// Report what would be added, updated and unchanged; write nothing.
    pub dry_run: bool,
}

impl CardFileFormat {
    /// The format of `path`: `.json`, `.tsv`/`.tab`, `.csv`/`.txt`; otherwise JSON when
    /// the text starts with `{`, else a spreadsheet.
    fn detect(path: &Path, bytes: &[u8]) -> CardFileFormat {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match extension.as_deref() {
            Some("json") => CardFileFormat::Json,
            Some("tsv" | "tab") => CardFileFormat::Tsv,
            Some("csv" | "txt") => CardFileFormat::Csv,
            _ => {
                let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
                match body.iter().find(|b| !b.is_ascii_whitespace()) {
                    Some(b'{') => CardFileFormat::Json,
                    _ => CardFileFormat::Csv,
                }
            }
        }
    }

    fn delimiter(self, bytes: &[u8]) -> u8 {
        match self {
            CardFileFormat::Tsv => b'\t',
            // A `.csv` whose header is tab-separated is read as what it is.
            _ => sniff_delimiter(bytes),
        }
    }
}

impl Deckhand {
    /// Reads and imports card files (JSON or spreadsheets), all or nothing: every
    /// spreadsheet problem is listed with its row and column and nothing is written.
    /// With `dry_run` the report says what would change and nothing is written.
    pub fn import_card_files(
        &mut self,
        paths: &[impl AsRef<Path>],
        options: &CardImportOptions,
        progress: ProgressSink,
    ) -> Result<ImportReport> {
        let kind = if options.dry_run {
            "card files (dry run)"
        } else {
            "card files"
        };
        crate::logging::logged_import(
            kind,
            || self.import_card_files_now(paths, options, progress),
            crate::import::counts,
        )
    }

    fn import_card_files_now(
        &mut self,
        paths: &[impl AsRef<Path>],
        options: &CardImportOptions,
        progress: ProgressSink,
    ) -> Result<ImportReport> {
        let read_error = |path: &Path, e: std::io::Error| Error::ReadFile {
            path: path.to_owned(),
            message: e.to_string(),
        };
        // Every file is read before the transaction opens: a missing one writes nothing.
        let mut files = Vec::with_capacity(paths.len());
        for path in paths {
            let path = path.as_ref();
            files.push((path, std::fs::read(path).map_err(|e| read_error(path, e))?));
        }
        let total = files.iter().map(|(_, bytes)| bytes.len() as u64).sum();
        let mut bundled_ids: Option<HashMap<String, String>> = None;
        let base_stamp = self.store.data_stamp()?;
        let mut reading = Reading::new(total, progress);
        let mut run = self.store.begin_import()?;
        for (path, bytes) in &files {
            let name = path.display().to_string();
            let format = options
                .format
                .unwrap_or_else(|| CardFileFormat::detect(path, bytes));
            if format == CardFileFormat::Json {
                let text = std::str::from_utf8(bytes).map_err(|e| Error::ReadFile {
                    path: path.to_path_buf(),
                    message: format!("not UTF-8 text ({e})"),
                })?;
                reading.file(&mut run, &self.games, &name, text)?;
                continue;
            }
            let sheet_options = SheetOptions {
                delimiter: format.delimiter(bytes),
                game: options.game.clone(),
                map: options.map.clone(),
                ignore: options.ignore.clone(),
            };
            let sheet = read_sheet(&name, bytes, &self.games, &sheet_options)?;
            let bundled_ids = match &mut bundled_ids {
                Some(ids) => ids,
                None => bundled_ids.insert(bundled_card_ids(&self.games)?),
            };
            run.begin_file(&name, &sheet.game);
            let mut problems = Vec::new();
            for (row, card) in &sheet.cards {
                let refused = if let Some(sample) = bundled_ids.get(&card.id) {
                    Some(format!(
                        "id '{}' is the bundled sample card '{sample}', which stays read-only (give your card another id)",
                        card.id
                    ))
                } else {
                    match run.card(card) {
                        Ok(()) => None,
                        Err(StoreError::IdInOtherGame {
                            id,
                            existing_name,
                            existing_game,
                            ..
                        }) => Some(format!(
                            "id '{id}' already belongs to '{existing_name}' of {existing_game} (give the card another id)"
                        )),
                        Err(e) => return Err(e.into()),
                    }
                };
                if let Some(message) = refused {
                    problems.push(RowProblem {
                        row: *row,
                        column: None,
                        message,
                    });
                }
            }
            if !problems.is_empty() {
                let more = problems
                    .len()
                    .saturating_sub(deckhand_core::MAX_ROW_PROBLEMS);
                problems.truncate(deckhand_core::MAX_ROW_PROBLEMS);
                return Err(CoreError::Rows {
                    source_name: name,
                    problems,
                    more,
                }
                .into());
            }
        }
        let outcome = reading.finish(run, options.dry_run)?;
        if options.dry_run {
            return Ok(outcome.report);
        }
        self.store.release_memory()?;
        self.index_changes(&base_stamp, &outcome.changed, reading.progress)?;
        Ok(outcome.report)
    }
}

/// Every bundled sample card's id and name.
fn bundled_card_ids(games: &deckhand_core::Games) -> Result<HashMap<String, String>> {
    let mut ids = HashMap::new();
    for file in bundled::CARD_FILES {
        let set = CardSet::from_json(file.path, file.text, games)
            .map_err(|e| Error::BundledData(e.to_string()))?;
        ids.extend(set.cards.into_iter().map(|card| (card.id, card.name)));
    }
    Ok(ids)
}
