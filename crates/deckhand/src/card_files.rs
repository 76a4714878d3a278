//! `deckhand import FILE...`: card-set JSON, card spreadsheets (CSV with `,` or `;`, TSV),
//! Cockatrice `cards.xml` and LackeyCCG `carddata.txt` in one run, one transaction, all or
//! nothing. The spreadsheet reader is the core's (`read_sheet`, and `read_table` for a
//! Cockatrice file turned into rows by `deckhand_formats`); this module picks each file's
//! format, keeps the bundled sample cards read-only and turns a clash with another game's
//! card id into a row problem (for XML, at its line and column).

use std::path::Path;

use deckhand_core::{
    read_sheet, read_table, sniff_delimiter, CoreError, NotUtf8, RowProblem, SetInfo, Sheet,
    SheetOptions,
};
use deckhand_formats::{read_cockatrice_cards, CardTable};
use deckhand_store::StoreError;

use crate::effect_reading::EffectFill;
use crate::import::Reading;
use crate::index_alongside::IndexAlongside;
use crate::progress::ProgressSink;
use crate::{Deckhand, Error, ImportReport, Result};

/// A card file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardFileFormat {
    /// Deckhand's card-set JSON.
    Json,
    /// Comma- or semicolon-separated (the header row tells which).
    Csv,
    /// Tab-separated.
    Tsv,
    /// A Cockatrice card database (`cards.xml`, versions 3 and 4).
    Cockatrice,
    /// A LackeyCCG `carddata.txt`: tab-separated, the header row naming the columns
    /// (its `ImageFile` column, a path in Lackey's folders, is skipped).
    Lackey,
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
    /// Give the cards that state no effects (and no goldfish note) what their text reads
    /// as (docs/effects.md, "Reading effects off the card").
    pub read_effects: bool,
}

impl CardFileFormat {
    /// The format of `path`: `.json`, `.xml` (Cockatrice), `.tsv`/`.tab`, `.csv`/`.txt`
    /// (Lackey when the header is tab-separated and names `Name` first and an `ImageFile`
    /// column, as Lackey writes it); otherwise JSON when the text starts with `{`, a
    /// Cockatrice database when it starts with `<`, else a spreadsheet.
    pub(crate) fn detect(path: &Path, bytes: &[u8]) -> CardFileFormat {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let lackey = || {
            let header = body.split(|&b| b == b'\n').next().unwrap_or_default();
            let cells: Vec<String> = String::from_utf8_lossy(header)
                .split('\t')
                .map(|c| c.trim().to_ascii_lowercase())
                .collect();
            cells.len() > 1 && cells[0] == "name" && cells.iter().any(|c| c == "imagefile")
        };
        match extension.as_deref() {
            Some("json") => CardFileFormat::Json,
            Some("xml") => CardFileFormat::Cockatrice,
            Some("tsv" | "tab" | "csv" | "txt") if lackey() => CardFileFormat::Lackey,
            Some("tsv" | "tab") => CardFileFormat::Tsv,
            Some("csv" | "txt") => CardFileFormat::Csv,
            _ => match body.iter().find(|b| !b.is_ascii_whitespace()) {
                Some(b'{') => CardFileFormat::Json,
                Some(b'<') => CardFileFormat::Cockatrice,
                _ if lackey() => CardFileFormat::Lackey,
                _ => CardFileFormat::Csv,
            },
        }
    }

    pub(crate) fn delimiter(self, bytes: &[u8]) -> u8 {
        match self {
            CardFileFormat::Tsv | CardFileFormat::Lackey => b'\t',
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
        let started = std::time::Instant::now();
        let base_stamp = self.store.data_stamp()?;
        let mut reading = Reading::new(total, progress);
        let label = import_label(&files);
        let mut fill = options.read_effects.then(|| EffectFill::new(&self.games));
        let mut run = self.store.begin_undoable_import(&label)?;
        if !options.dry_run {
            reading.alongside =
                IndexAlongside::arm(self.index_dir.as_deref(), &self.games, &run, total);
        }
        for (path, bytes) in &files {
            let name = path.display().to_string();
            let format = options
                .format
                .unwrap_or_else(|| CardFileFormat::detect(path, bytes));
            if format == CardFileFormat::Json {
                let text = text_of(path, bytes, "card-set JSON")?;
                reading.file(&mut run, &self.games, &name, text, fill.as_mut())?;
                continue;
            }
            let mut sheet_options = SheetOptions {
                delimiter: format.delimiter(bytes),
                game: options.game.clone(),
                map: options.map.clone(),
                ignore: options.ignore.clone(),
            };
            let mut table: Option<CardTable> = None;
            let sheet = match format {
                CardFileFormat::Cockatrice => {
                    let (sheet, read) = cockatrice_table(path, bytes, &self.games, &sheet_options)?;
                    table = Some(read);
                    sheet
                }
                _ => {
                    if format == CardFileFormat::Lackey {
                        sheet_options.ignore.push("ImageFile".into());
                    }
                    read_sheet(&name, bytes, &self.games, &sheet_options)?
                }
            };
            let samples = self.sample_cards.get(&self.games)?;
            run.begin_file(&name, &sheet.game);
            if let Some(table) = &table {
                for set in used_sets(&table.sets, &sheet) {
                    run.set(set)?;
                }
            }
            let mut problems = Vec::new();
            for (row, mut card) in sheet.cards {
                if let Some(fill) = fill.as_mut() {
                    fill.fill(&mut card);
                }
                let refused = if let Some(sample) = samples.get(&card.id) {
                    Some(format!(
                        "id '{}' is the bundled sample card '{}', which stays read-only (give your card another id)",
                        card.id, sample.name
                    ))
                } else {
                    match run.card(&card) {
                        Ok(outcome) => {
                            reading.alongside.card(&mut run, card, outcome)?;
                            None
                        }
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
                        row,
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
                let error = CoreError::Rows {
                    source_name: name,
                    problems,
                    more,
                };
                return Err(match &table {
                    Some(table) => at_xml_positions(error, table),
                    None => error,
                }
                .into());
            }
        }
        let outcome = reading.finish(run, options.dry_run)?;
        let mut report: ImportReport = outcome.report.into();
        report.effects_read = fill.map(|fill| fill.counts);
        if options.dry_run {
            return Ok(report);
        }
        tracing::info!(
            ms = started.elapsed().as_millis() as u64,
            "card files read and stored"
        );
        self.store.release_memory()?;
        let mut alongside = std::mem::replace(&mut reading.alongside, IndexAlongside::none());
        self.index_import(
            &mut alongside,
            &base_stamp,
            &outcome.changed,
            reading.progress,
        )?;
        Ok(report)
    }
}

/// A Cockatrice `cards.xml` read as the table the import and the preview go through, with
/// its problems told at their XML line and column.
fn cockatrice_table(
    path: &Path,
    bytes: &[u8],
    games: &deckhand_core::Games,
    options: &SheetOptions,
) -> Result<(Sheet, CardTable)> {
    let name = path.display().to_string();
    let text = text_of(path, bytes, "Cockatrice cards.xml")?;
    let read = read_cockatrice_cards(&name, text)?;
    let sheet = read_table(
        &name,
        read.header.clone(),
        read.rows.clone(),
        games,
        options,
    )
    .map_err(|e| at_xml_positions(e, &read))?;
    Ok((sheet, read))
}

/// The text of a card file that must be `kind`: UTF-16 or Latin-1 text is named as such,
/// with how to save it as UTF-8, and anything else not UTF-8 as a binary file.
pub(crate) fn text_of<'a>(path: &Path, bytes: &'a [u8], kind: &str) -> Result<&'a str> {
    deckhand_core::utf8_text(bytes).map_err(|e| Error::ReadFile {
        path: path.to_path_buf(),
        message: match (e, std::str::from_utf8(bytes)) {
            (NotUtf8::Binary { .. }, Err(e)) => format!(
                "byte {} is not UTF-8: this is a binary file or an image, not a {kind}",
                e.valid_up_to()
            ),
            (NotUtf8::Binary { at, .. }, Ok(_)) => {
                format!("byte {at} is a NUL: this is a binary file or an image, not a {kind}")
            }
            (text, _) => text.to_string(),
        },
    })
}

/// The cards of a Cockatrice file, for the app's preview (as the import reads them).
pub(crate) fn read_cockatrice_sheet(
    name: &str,
    bytes: &[u8],
    games: &deckhand_core::Games,
    options: &crate::CardImportOptions,
) -> Result<Sheet> {
    let sheet_options = SheetOptions {
        delimiter: b',',
        game: options.game.clone(),
        map: options.map.clone(),
        ignore: options.ignore.clone(),
    };
    Ok(cockatrice_table(Path::new(name), bytes, games, &sheet_options)?.0)
}

/// The sets a Cockatrice file declares that its cards use (with their long names).
fn used_sets<'a>(sets: &'a [SetInfo], sheet: &Sheet) -> Vec<&'a SetInfo> {
    let used: std::collections::HashSet<&str> = sheet
        .cards
        .iter()
        .filter_map(|(_, c)| c.set.as_deref())
        .collect();
    sets.iter()
        .filter(|s| used.contains(s.code.as_str()))
        .collect()
}

/// A table's row problems told at the XML line and column they came from (`cards.xml:
/// line 12, column 9 (<power>): …`) instead of a row number no one can see in the file.
fn at_xml_positions(error: CoreError, table: &CardTable) -> CoreError {
    let CoreError::Rows {
        source_name,
        problems,
        more,
    } = error
    else {
        return error;
    };
    let problems = problems
        .into_iter()
        .map(|p| {
            let column = p.column.as_ref().map(|(n, _)| *n);
            let message = match table.locate(p.row, column) {
                Some((line, col)) => {
                    let element = match &p.column {
                        Some((_, name)) if !name.is_empty() => format!(" (<{name}>)"),
                        _ => String::new(),
                    };
                    format!("line {line}, column {col}{element}: {}", p.message)
                }
                None => p.message,
            };
            RowProblem {
                row: 0,
                column: None,
                message,
            }
        })
        .collect();
    CoreError::Rows {
        source_name,
        problems,
        more,
    }
}

/// The undo label of an import: "import cards.csv", "import a.csv and 2 more files".
fn import_label(files: &[(&Path, Vec<u8>)]) -> String {
    let name = |path: &Path| {
        path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    };
    match files {
        [] => "import cards".to_owned(),
        [(path, _)] => format!("import {}", deckhand_core::clip(&name(path))),
        [(path, _), rest @ ..] => format!(
            "import {} and {} more file{}",
            deckhand_core::clip(&name(path)),
            rest.len(),
            if rest.len() == 1 { "" } else { "s" }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue "Nothing a file can say breaks Deckhand": a UTF-16 card file was called
    /// binary; an image still is.
    #[test]
    fn a_utf16_card_file_says_how_to_save_it_and_an_image_is_still_binary() {
        let json: Vec<u8> = "\u{feff}{\"game\": \"zoids-scramble\", \"cards\": []}"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let jpeg = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01";
        let cases: [(&str, &[u8], &str, &str); 3] = [
            (
                "cards.json",
                &json,
                "card-set JSON",
                "cards.json: this file is UTF-16 text; save it as UTF-8 (in most editors: Save As, Encoding: UTF-8) and import it again",
            ),
            (
                "red.jpg",
                jpeg,
                "Cockatrice cards.xml",
                "red.jpg: byte 0 is not UTF-8: this is a binary file or an image, not a Cockatrice cards.xml",
            ),
            (
                "nul.json",
                b"{\"game\": \0}",
                "card-set JSON",
                "nul.json: byte 9 is a NUL: this is a binary file or an image, not a card-set JSON",
            ),
        ];
        for (name, bytes, kind, message) in cases {
            let error = text_of(Path::new(name), bytes, kind).unwrap_err();
            assert_eq!(error.to_string(), message);
        }
    }
}
