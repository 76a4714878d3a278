//! Card spreadsheets (CSV with `,` or `;`, TSV): one row per card, a header naming the
//! fields. Each row becomes the same [`CardInput`] the JSON reader builds and goes through
//! the same [`check_card`]; every problem is collected with its row and column.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use serde_json::Value;

use super::{check_card, CardInput};
use crate::card::Card;
#[cfg(test)]
use crate::card_set::CardSet;
use crate::effect::{CoverageState, GoldfishNote};
use crate::effect_text::{parse_effects, EffectWords};
use crate::encoding::{utf8_text, NotUtf8};
use crate::error::{CoreError, RowProblem, MAX_ROW_PROBLEMS};
use crate::formula::read_neutralised;
use crate::game::{Game, StatKind};
use crate::games::Games;
use crate::name::{fold_name, slug};

/// How to read a spreadsheet.
#[derive(Debug, Clone, Default)]
pub struct SheetOptions {
    /// The cell separator: `b','`, `b';'` or `b'\t'`.
    pub delimiter: u8,
    /// The game of every row (else the file's `game` column, with one value).
    pub game: Option<String>,
    /// `(column, field)`: read the column as that field or stat.
    pub map: Vec<(String, String)>,
    /// Columns to drop.
    pub ignore: Vec<String>,
}

impl SheetOptions {
    /// Lists inside a cell: `;`, except in a `;`-separated file, where `|` is what a
    /// player can type without quoting every list.
    pub fn list_separator(&self) -> char {
        if self.delimiter == b';' {
            '|'
        } else {
            ';'
        }
    }
}

/// A validated spreadsheet: its game and its cards with their 1-based row (the header is
/// row 1, as a spreadsheet program numbers them).
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    pub game: String,
    pub cards: Vec<(usize, Card)>,
}

/// The plain fields a column can name (besides the stats).
pub(crate) const FIELDS: &[&str] = &[
    "id", "name", "type", "set", "number", "side", "color", "subtypes", "keywords", "text", "game",
    "effects", "goldfish",
];

/// What a column holds.
#[derive(Debug, Clone, PartialEq)]
enum Column {
    Field(&'static str),
    Stat(String),
    Ignored,
}

/// Collects problems up to [`MAX_ROW_PROBLEMS`], counting the rest.
#[derive(Default)]
struct Problems {
    listed: Vec<RowProblem>,
    more: usize,
}

impl Problems {
    fn push(&mut self, row: usize, column: Option<(usize, &str)>, message: String) {
        if self.listed.len() < MAX_ROW_PROBLEMS {
            self.listed.push(RowProblem {
                row,
                column: column.map(|(n, name)| (n, name.to_owned())),
                message,
            });
        } else {
            self.more += 1;
        }
    }

    fn into_result<T>(self, source_name: &str, value: T) -> Result<T, CoreError> {
        if self.listed.is_empty() {
            return Ok(value);
        }
        Err(self.into_error(source_name))
    }

    fn into_error(self, source_name: &str) -> CoreError {
        CoreError::Rows {
            source_name: source_name.to_owned(),
            problems: self.listed,
            more: self.more,
        }
    }
}

/// Reads `bytes` (UTF-8, with or without a BOM) as a card spreadsheet of one game.
pub fn read_sheet(
    source_name: &str,
    bytes: &[u8],
    games: &Games,
    options: &SheetOptions,
) -> Result<Sheet, CoreError> {
    let single = |row: usize, column: Option<(usize, &str)>, message: String| {
        let mut problems = Problems::default();
        problems.push(row, column, message);
        Err(problems.into_error(source_name))
    };
    let text = match as_text(bytes) {
        Ok(text) => text,
        Err(message) => return single(0, None, message),
    };
    if let Some((row, column)) = unclosed_quote(text, options.delimiter) {
        return single(
            row,
            Some((column, "")),
            "a quote opened here is never closed (unbalanced quotes)".into(),
        );
    }
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(options.delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(header)) => header,
        Some(Err(e)) => return single(1, None, e.to_string()),
        None => return single(0, None, "the file is empty (a header row is needed)".into()),
    };
    let header = header_cells(&header);
    let mut rows = Vec::new();
    let mut problems = Problems::default();
    for record in records {
        match record {
            Ok(record) => {
                let row = record.position().map_or(0, |p| p.line() as usize);
                rows.push((row, unquoted_formulas(record)));
            }
            Err(e) => {
                let row = e.position().map_or(0, |p| p.line() as usize);
                problems.push(row, None, e.to_string());
            }
        }
    }
    read_rows(source_name, header, rows, problems, games, options)
}

/// A table another format was turned into (a Cockatrice `cards.xml`): a header naming the
/// fields and stats, then rows with the number they are reported by, each exactly as a
/// spreadsheet's would be (resolved, `--map`ped, validated), problems collected.
pub fn read_table(
    source_name: &str,
    header: Vec<String>,
    rows: Vec<(usize, Vec<String>)>,
    games: &Games,
    options: &SheetOptions,
) -> Result<Sheet, CoreError> {
    let rows = rows
        .into_iter()
        .map(|(row, cells)| (row, csv::StringRecord::from(cells)))
        .collect();
    read_rows(
        source_name,
        header,
        rows,
        Problems::default(),
        games,
        options,
    )
}

/// Resolves the header, then validates each row into a card.
fn read_rows(
    source_name: &str,
    header: Vec<String>,
    rows: Vec<(usize, csv::StringRecord)>,
    mut problems: Problems,
    games: &Games,
    options: &SheetOptions,
) -> Result<Sheet, CoreError> {
    let single = |row: usize, column: Option<(usize, &str)>, message: String| {
        let mut problems = Problems::default();
        problems.push(row, column, message);
        Err(problems.into_error(source_name))
    };
    let game = match sheet_game(games, options, &header, &rows) {
        Ok(game) => game,
        Err(message) => return single(1, None, message),
    };
    for (index, first) in nameless_columns(&header, &rows).iter().enumerate() {
        if let Some(row) = first {
            problems.push(
                1,
                Some((index + 1, "")),
                format!(
                    "this column has no name but holds values (row {row} first): name it in the header row, or delete it"
                ),
            );
        }
    }
    let columns = resolve_columns(game, &header, options, &mut problems);
    if problems.listed.is_empty() {
        for field in ["name", "type"] {
            if !columns.contains(&Column::Field(field)) {
                problems.push(1, None, format!("the header needs a '{field}' column"));
            }
        }
    }
    if !problems.listed.is_empty() {
        return Err(problems.into_error(source_name));
    }
    let list = options.list_separator();
    let mut cards = Vec::with_capacity(rows.len());
    let mut ids: HashMap<String, usize> = HashMap::new();
    for (row, record) in &rows {
        let row = *row;
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        // Missing trailing cells are empty, as LackeyCCG and spreadsheet programs leave
        // them out; cells past the header's have no column to go to.
        if record.len() > header.len() {
            problems.push(
                row,
                None,
                format!(
                    "this row has {} cells, the header has {}",
                    record.len(),
                    header.len()
                ),
            );
            continue;
        }
        let input = match row_input(game, &columns, record, list) {
            Ok(input) => input,
            Err((key, message)) => {
                let column = column_of(&columns, &header, &key);
                problems.push(row, column.as_ref().map(|(n, h)| (*n, h.as_str())), message);
                continue;
            }
        };
        match check_card(game, input) {
            Ok(card) => {
                if let Some(first) = ids.insert(card.id.clone(), row) {
                    let id_column = column_of(&columns, &header, ".id");
                    problems.push(
                        row,
                        id_column.as_ref().map(|(n, h)| (*n, h.as_str())),
                        format!("id '{}' is used again (first by row {first})", card.id),
                    );
                } else {
                    cards.push((row, card));
                }
            }
            Err(found) => {
                for (key, message) in found {
                    let column = column_of(&columns, &header, &key);
                    // Inside one effects cell, the path says which effect and step.
                    let message = match key.strip_prefix(".effects") {
                        Some(inner) if !inner.is_empty() => format!("effects{inner}: {message}"),
                        _ => message,
                    };
                    problems.push(row, column.as_ref().map(|(n, h)| (*n, h.as_str())), message);
                }
            }
        }
    }
    problems.into_result(
        source_name,
        Sheet {
            game: game.id.clone(),
            cards,
        },
    )
}

/// What one header cell of a spreadsheet reads as, after `--map` and `--ignore`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ColumnTarget {
    /// A card field (`name`, `type`, `subtypes`…).
    Field { field: String },
    /// A stat of the game, by its id.
    Stat { stat: String },
    /// Dropped (`--ignore`, or `game`).
    Ignored,
    /// Neither a field nor a stat: the import refuses it until it is mapped or ignored.
    Unknown { suggestions: Vec<String> },
}

/// A spreadsheet's header cell and what it reads as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct SheetColumn {
    pub header: String,
    #[serde(flatten)]
    pub target: ColumnTarget,
}

/// A spreadsheet's game and its header, each named cell with what it reads as: what the
/// app's mapping step shows before the rows are read.
pub fn sheet_columns(
    source_name: &str,
    bytes: &[u8],
    games: &Games,
    options: &SheetOptions,
) -> Result<(String, Vec<SheetColumn>), CoreError> {
    let fail = |message: String| {
        let mut problems = Problems::default();
        problems.push(1, None, message);
        problems.into_error(source_name)
    };
    let text = as_text(bytes).map_err(|message| {
        // The file as a whole, as `read_sheet` says it.
        let mut problems = Problems::default();
        problems.push(0, None, message);
        problems.into_error(source_name)
    })?;
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(options.delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut header = Vec::new();
    let mut rows = Vec::new();
    for (index, record) in reader.records().enumerate() {
        // A broken row is the import's to report, with its row; the header is enough here.
        let Ok(record) = record else { continue };
        if index == 0 {
            header = header_cells(&record);
        } else {
            rows.push((index + 1, unquoted_formulas(record)));
        }
    }
    if header.is_empty() {
        return Err(fail("the file is empty (a header row is needed)".into()));
    }
    let game = sheet_game(games, options, &header, &rows).map_err(fail)?;
    // A nameless column is no column to map: dropped when empty, refused by the import
    // (with its row) when it holds values.
    let described = header
        .iter()
        .filter(|cell| !cell.is_empty())
        .map(|cell| {
            let dropped = options
                .ignore
                .iter()
                .any(|i| fold_name(i) == fold_name(cell));
            let wanted = mapped(options, cell);
            let target = match resolve(game, wanted) {
                _ if dropped => ColumnTarget::Ignored,
                Some(Column::Field("game")) | Some(Column::Ignored) => ColumnTarget::Ignored,
                Some(Column::Field(field)) => ColumnTarget::Field {
                    field: field.to_owned(),
                },
                Some(Column::Stat(stat)) => ColumnTarget::Stat { stat },
                None => ColumnTarget::Unknown {
                    suggestions: close_matches(game, wanted),
                },
            };
            SheetColumn {
                header: cell.clone(),
                target,
            }
        })
        .collect();
    Ok((game.id.clone(), described))
}

/// A header row's names, trimmed, each read as [`unquoted_formulas`] reads a cell.
fn header_cells(record: &csv::StringRecord) -> Vec<String> {
    record
        .iter()
        .map(|h| read_neutralised(h).trim().to_owned())
        .collect()
}

/// A spreadsheet row with the `'` a CSV writer puts before a cell that would run as a
/// formula taken off ([`read_neutralised`]): an export reads back to the same text.
fn unquoted_formulas(record: csv::StringRecord) -> csv::StringRecord {
    if !record.iter().any(|cell| cell.starts_with('\'')) {
        return record;
    }
    record.iter().map(read_neutralised).collect()
}

/// The field a header cell is renamed to by `--map`, or the cell itself.
fn mapped<'a>(options: &'a SheetOptions, cell: &'a str) -> &'a str {
    options
        .map
        .iter()
        .find(|(column, _)| fold_name(column) == fold_name(cell))
        .map_or(cell, |(_, field)| field.as_str())
}

/// The text of a file that must be a spreadsheet: a binary file or an image is named as
/// such rather than parsed into nonsense rows, and UTF-16 or Latin-1 text as what it is.
fn as_text(bytes: &[u8]) -> Result<&str, String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    utf8_text(bytes).map_err(|e| match e {
        NotUtf8::Binary { at, nul: true, .. } => {
            format!("byte {at} is a NUL: this is a binary file or an image, not a spreadsheet")
        }
        NotUtf8::Binary { at, .. } => format!(
            "byte {at} is not UTF-8: this is a binary file or an image, not a UTF-8 spreadsheet"
        ),
        text => text.to_string(),
    })
}

/// Where a quoted cell starts that never ends (1-based row and column), if one does. The
/// csv crate would quietly read the rest of the file into that cell.
fn unclosed_quote(text: &str, delimiter: u8) -> Option<(usize, usize)> {
    let (mut row, mut column) = (1, 1);
    let mut at_cell_start = true;
    let mut open: Option<(usize, usize)> = None;
    let mut bytes = text.bytes().peekable();
    while let Some(b) = bytes.next() {
        if open.is_some() {
            if b == b'"' {
                if bytes.peek() == Some(&b'"') {
                    bytes.next();
                } else {
                    open = None;
                }
            } else if b == b'\n' {
                row += 1;
            }
            continue;
        }
        match b {
            b'"' if at_cell_start => open = Some((row, column)),
            b'\n' => {
                row += 1;
                column = 1;
                at_cell_start = true;
                continue;
            }
            _ if b == delimiter => {
                column += 1;
                at_cell_start = true;
                continue;
            }
            _ => {}
        }
        at_cell_start = false;
    }
    open
}

/// The game: the one value of a `game` column, else `--game` (which serves every
/// spreadsheet of a run that has no `game` column).
fn sheet_game<'g>(
    games: &'g Games,
    options: &SheetOptions,
    header: &[String],
    rows: &[(usize, csv::StringRecord)],
) -> Result<&'g Game, String> {
    let game_column = header.iter().position(|h| fold_name(h) == "game");
    let mut found: Option<(usize, String)> = None;
    if let Some(index) = game_column {
        for (row, record) in rows {
            let value = record.get(index).unwrap_or("").trim();
            if value.is_empty() {
                continue;
            }
            match &found {
                None => found = Some((*row, value.to_owned())),
                Some((_, game)) if fold_name(game) == fold_name(value) => {}
                Some((first, game)) => {
                    return Err(format!(
                    "row {row} is for game '{value}', row {first} for '{game}': one game per file"
                ))
                }
            }
        }
    }
    let id = found
        .map(|(_, game)| game)
        .or_else(|| options.game.clone())
        .ok_or("a spreadsheet needs --game GAME (or a 'game' column)")?;
    games.get(&id).map_err(|e| e.to_string())
}

/// For each header cell, `None` unless it has no name and a row holds a value in its
/// column: then the first such row. A nameless column no row fills (the run of tabs or
/// commas that LackeyCCG and spreadsheet programs leave at the end of a header) is
/// dropped; one that holds values is refused, as no one can say what it is.
fn nameless_columns(header: &[String], rows: &[(usize, csv::StringRecord)]) -> Vec<Option<usize>> {
    let mut first = vec![None; header.len()];
    if header.iter().all(|cell| !cell.is_empty()) {
        return first;
    }
    // One pass over the cells: a file of many nameless columns and many rows stays linear.
    for (row, record) in rows {
        for ((name, cell), first) in header.iter().zip(record.iter()).zip(&mut first) {
            if name.is_empty() && first.is_none() && !cell.trim().is_empty() {
                *first = Some(*row);
            }
        }
    }
    first
}

/// What each header cell names, after `--ignore` and `--map`. A nameless cell is dropped:
/// the caller has refused one that holds values ([`nameless_columns`]).
fn resolve_columns(
    game: &Game,
    header: &[String],
    options: &SheetOptions,
    problems: &mut Problems,
) -> Vec<Column> {
    // A `--map` or `--ignore` column missing here is not an error: one run may import
    // several files, and a misspelt one leaves its column unknown, which is reported.
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut columns = Vec::with_capacity(header.len());
    for (index, cell) in header.iter().enumerate() {
        let at = Some((index + 1, cell.as_str()));
        if cell.is_empty() {
            columns.push(Column::Ignored);
            continue;
        }
        if options
            .ignore
            .iter()
            .any(|i| fold_name(i) == fold_name(cell))
        {
            columns.push(Column::Ignored);
            continue;
        }
        let wanted = options
            .map
            .iter()
            .find(|(column, _)| fold_name(column) == fold_name(cell))
            .map_or(cell.as_str(), |(_, field)| field.as_str());
        let Some(column) = resolve(game, wanted) else {
            let close = close_matches(game, wanted);
            let hint = if close.is_empty() {
                String::new()
            } else {
                format!("; did you mean {}?", close.join(", "))
            };
            problems.push(
                1,
                at,
                format!(
                    "'{wanted}' is not a card field or a stat of {} (--map COLUMN=FIELD or --ignore COLUMN){hint}",
                    game.name
                ),
            );
            columns.push(Column::Ignored);
            continue;
        };
        let key = format!("{column:?}");
        if let Some(first) = seen.insert(key, index + 1) {
            problems.push(1, at, format!("names the same field as column {first}"));
        }
        columns.push(column);
    }
    columns
}

fn resolve(game: &Game, wanted: &str) -> Option<Column> {
    let folded = fold_name(wanted);
    if let Some(field) = FIELDS.iter().find(|f| **f == folded) {
        return Some(Column::Field(field));
    }
    game.stats
        .iter()
        .find(|(id, def)| fold_name(id) == folded || fold_name(&def.label) == folded)
        .map(|(id, _)| Column::Stat(id.clone()))
}

/// Up to three known names close to `wanted`, best first.
fn close_matches(game: &Game, wanted: &str) -> Vec<String> {
    let folded = fold_name(wanted);
    let candidates = FIELDS.iter().map(|f| (*f).to_owned()).chain(
        game.stats
            .iter()
            .flat_map(|(id, def)| [id.clone(), def.label.clone()]),
    );
    let mut scored: Vec<(f64, String)> = candidates
        .map(|c| (strsim::jaro_winkler(&folded, &fold_name(&c)), c))
        .filter(|(score, _)| *score >= 0.8)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut names: Vec<String> = Vec::new();
    for (_, name) in scored {
        // `power` and its label `Power` are one suggestion.
        if !names.iter().any(|n| fold_name(n) == fold_name(&name)) && names.len() < 3 {
            names.push(name);
        }
    }
    names
}

/// One row as the JSON reader's input: empty cells are absent values. The `effects` cell is
/// the written form and `goldfish` is `state: reason`; either may be unreadable.
fn row_input<'a>(
    game: &Game,
    columns: &[Column],
    record: &'a csv::StringRecord,
    list: char,
) -> Result<CardInput<'a>, (String, String)> {
    let mut input = CardInput {
        name: Cow::Borrowed(""),
        card_type: String::new(),
        id: None,
        set: None,
        number: None,
        side: None,
        color: None,
        subtypes: Vec::new(),
        keywords: Vec::new(),
        text: None,
        stats: BTreeMap::new(),
        effects: Vec::new(),
        goldfish: None,
    };
    let split = |cell: &str| -> Vec<String> {
        cell.split(list)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    };
    for (column, cell) in columns.iter().zip(record.iter()) {
        let value = cell.trim();
        if value.is_empty() {
            continue;
        }
        let owned = Some(value.to_owned());
        match column {
            Column::Ignored | Column::Field("game") => {}
            Column::Field("id") => input.id = owned,
            Column::Field("name") => input.name = Cow::Borrowed(value),
            Column::Field("type") => input.card_type = value.to_owned(),
            Column::Field("set") => input.set = owned,
            Column::Field("number") => input.number = owned,
            Column::Field("side") => input.side = owned,
            Column::Field("color") => input.color = owned,
            Column::Field("subtypes") => input.subtypes = split(value),
            Column::Field("keywords") => input.keywords = split(value),
            Column::Field("effects") => {
                input.effects = parse_effects(value, Some(&EffectWords::for_game(game)))
                    .map_err(|err| (".effects".to_owned(), err.to_string()))?;
            }
            Column::Field("goldfish") => {
                input.goldfish =
                    Some(parse_note(value).map_err(|message| (".goldfish".to_owned(), message))?);
            }
            Column::Field(_) => input.text = owned,
            Column::Stat(stat) => {
                let value = match game.stats[stat].kind {
                    StatKind::List | StatKind::NumberList => {
                        Value::Array(split(value).into_iter().map(Value::String).collect())
                    }
                    StatKind::Number | StatKind::Text => Value::String(value.to_owned()),
                };
                input.stats.insert(stat.clone(), value);
            }
        }
    }
    // Without an id the card is known by set and number, else by name (the validator's
    // default): the same row imported again keeps its id and updates the card.
    if input.id.is_none() {
        if let (Some(set), Some(number)) = (&input.set, &input.number) {
            input.id = Some(slug(&format!("{} {set} {number}", game.id)));
        }
    }
    Ok(input)
}

/// A goldfish note as one cell: `no_effect: only matters when the opponent blocks`.
fn parse_note(cell: &str) -> Result<GoldfishNote, String> {
    let (state, reason) = cell.split_once(':').unwrap_or((cell, ""));
    let state = [
        CoverageState::Simulated,
        CoverageState::Partial,
        CoverageState::NoEffect,
        CoverageState::NotSimulated,
    ]
    .into_iter()
    .find(|s| s.id() == fold_name(state).replace(' ', "_"))
    .ok_or_else(|| {
        format!(
            "'{}' is not a goldfish state: write partial, no_effect or not_simulated, then ': ' and the reason",
            crate::clip(state.trim())
        )
    })?;
    Ok(GoldfishNote {
        state,
        reason: reason.trim().to_owned(),
    })
}

/// The 1-based column number and header of the validator's key (`.stats.power[1]`,
/// `.keywords[0]`, `.type`).
fn column_of(columns: &[Column], header: &[String], key: &str) -> Option<(usize, String)> {
    let key = key.trim_start_matches('.');
    let wanted = match key.strip_prefix("stats.") {
        Some(stat) => {
            let stat = stat.split(['[', '.']).next().unwrap_or(stat);
            Column::Stat(stat.to_owned())
        }
        None => {
            let field = key.split(['[', '.']).next().unwrap_or(key);
            Column::Field(FIELDS.iter().find(|f| **f == field)?)
        }
    };
    let index = columns.iter().position(|c| *c == wanted)?;
    Some((index + 1, header[index].clone()))
}

/// The cell separator of a spreadsheet whose extension does not say: the one of tab, `;`
/// and `,` found most often in the header row (outside quotes).
pub fn sniff_delimiter(bytes: &[u8]) -> u8 {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut counts = [(b'\t', 0usize), (b';', 0), (b',', 0)];
    let mut quoted = false;
    for &b in bytes.iter().take_while(|&&b| b != b'\n') {
        if b == b'"' {
            quoted = !quoted;
        } else if !quoted {
            for (d, n) in &mut counts {
                if b == *d {
                    *n += 1;
                }
            }
        }
    }
    // Ties go to the earlier entry: a tab is never typed inside a field name.
    counts
        .iter()
        .rev()
        .filter(|(_, n)| *n > 0)
        .max_by_key(|(_, n)| *n)
        .map_or(b',', |(d, _)| *d)
}

#[cfg(test)]
#[path = "sheet_tests.rs"]
mod tests;
