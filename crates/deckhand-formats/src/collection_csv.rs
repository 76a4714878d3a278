//! Collection CSV files in the formats players already have, recognised from the header:
//! Deckhand's own, Moxfield-style, Dragon Shield-style and a plain `count,name` list (with
//! or without a header). Pure: bytes in, entries out (names are resolved elsewhere), and
//! rows in, text out. The writers put a cell a spreadsheet would run as a formula behind a
//! `'` and the reader takes it off (`deckhand_core::neutralise_formula`).

use deckhand_core::{neutralise_formula, read_neutralised, utf8_text, Condition, Finish, NotUtf8};
use serde::Serialize;

/// A collection CSV format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum CsvFormat {
    /// `count,card,name,game,set,number,finish,condition,language,location,note`.
    Deckhand,
    /// `Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Tags,…`.
    Moxfield,
    /// `Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,…`.
    DragonShield,
    /// `count,name`, with or without that header.
    Plain,
}

impl CsvFormat {
    pub const NAMES: [&'static str; 4] = ["deckhand", "moxfield", "dragon-shield", "plain"];

    pub fn name(self) -> &'static str {
        match self {
            CsvFormat::Deckhand => "deckhand",
            CsvFormat::Moxfield => "moxfield",
            CsvFormat::DragonShield => "dragon-shield",
            CsvFormat::Plain => "plain",
        }
    }

    pub fn parse_name(name: &str) -> Option<CsvFormat> {
        [
            CsvFormat::Deckhand,
            CsvFormat::Moxfield,
            CsvFormat::DragonShield,
            CsvFormat::Plain,
        ]
        .into_iter()
        .find(|f| f.name() == name)
    }
}

/// Deckhand's own columns, in the order it writes them.
pub const DECKHAND_COLUMNS: [&str; 11] = [
    "count",
    "card",
    "name",
    "game",
    "set",
    "number",
    "finish",
    "condition",
    "language",
    "location",
    "note",
];

const MOXFIELD_COLUMNS: [&str; 13] = [
    "Count",
    "Tradelist Count",
    "Name",
    "Edition",
    "Condition",
    "Language",
    "Foil",
    "Tags",
    "Last Modified",
    "Collector Number",
    "Alter",
    "Proxy",
    "Purchase Price",
];

const DRAGON_SHIELD_COLUMNS: [&str; 12] = [
    "Folder Name",
    "Quantity",
    "Trade Quantity",
    "Card Name",
    "Set Code",
    "Set Name",
    "Card Number",
    "Condition",
    "Printing",
    "Language",
    "Price Bought",
    "Date Bought",
];

/// One line of a collection file, before its card is looked up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvEntry {
    /// 1-based line in the file.
    pub line: u64,
    pub count: u32,
    /// A card id, when the file has one (Deckhand's format).
    pub card: Option<String>,
    pub name: String,
    pub game: Option<String>,
    pub set: Option<String>,
    pub number: Option<String>,
    pub finish: Finish,
    pub condition: Option<Condition>,
    pub language: String,
    pub location: String,
    pub note: Option<String>,
    /// The line's fields as read (a formula's `'` taken off, which [`write_fields`]
    /// puts back), to hand skipped lines back to the user.
    pub fields: Vec<String>,
}

/// A parsed collection file.
#[derive(Debug, Clone)]
pub struct CsvFile {
    pub format: CsvFormat,
    /// The header's fields, if the file has a header.
    pub header: Option<Vec<String>>,
    /// The field delimiter (a `sep=` first line may change it).
    pub delimiter: u8,
    pub entries: Vec<CsvEntry>,
}

/// Why a file is not a collection CSV: one line, with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvError {
    pub line: u64,
    pub column: usize,
    pub message: String,
}

fn fail<T>(line: u64, column: usize, message: impl Into<String>) -> Result<T, CsvError> {
    Err(CsvError {
        line,
        column,
        message: message.into(),
    })
}

/// Which column holds what, by header position.
#[derive(Default)]
struct Columns {
    count: usize,
    card: Option<usize>,
    name: usize,
    game: Option<usize>,
    set: Option<usize>,
    number: Option<usize>,
    finish: Option<usize>,
    condition: Option<usize>,
    language: Option<usize>,
    location: Option<usize>,
    note: Option<usize>,
}

fn key(header: &str) -> String {
    header.trim().to_lowercase()
}

fn detect(header: &[String]) -> Option<(CsvFormat, Columns)> {
    let find = |name: &str| header.iter().position(|h| key(h) == name);
    let has = |name: &str| find(name).is_some();
    if has("count") && has("card") && has("game") {
        return Some((
            CsvFormat::Deckhand,
            Columns {
                count: find("count")?,
                card: find("card"),
                name: find("name")?,
                game: find("game"),
                set: find("set"),
                number: find("number"),
                finish: find("finish"),
                condition: find("condition"),
                language: find("language"),
                location: find("location"),
                note: find("note"),
            },
        ));
    }
    if has("count") && has("tradelist count") && has("name") {
        return Some((
            CsvFormat::Moxfield,
            Columns {
                count: find("count")?,
                name: find("name")?,
                set: find("edition"),
                number: find("collector number"),
                finish: find("foil"),
                condition: find("condition"),
                language: find("language"),
                ..Columns::default()
            },
        ));
    }
    if has("quantity") && has("card name") {
        return Some((
            CsvFormat::DragonShield,
            Columns {
                count: find("quantity")?,
                name: find("card name")?,
                set: find("set code"),
                number: find("card number"),
                finish: find("printing"),
                condition: find("condition"),
                language: find("language"),
                location: find("folder name"),
                ..Columns::default()
            },
        ));
    }
    if header.len() == 2 {
        let count = ["count", "quantity", "qty", "amount"];
        let name = ["name", "card name", "card"];
        if count.contains(&key(&header[0]).as_str()) && name.contains(&key(&header[1]).as_str()) {
            return Some((
                CsvFormat::Plain,
                Columns {
                    count: 0,
                    name: 1,
                    ..Columns::default()
                },
            ));
        }
    }
    None
}

/// Where in the text a byte offset falls, 1-based.
fn place(text: &[u8], offset: usize) -> (u64, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, column)
}

/// Parses a collection file. Errors name the line and column of the first problem.
pub fn parse(bytes: &[u8]) -> Result<CsvFile, CsvError> {
    let mut entries = Vec::new();
    let layout = read_each(bytes, |entry| {
        entries.push(entry);
        Ok(())
    })?;
    Ok(CsvFile {
        format: layout.format,
        header: layout.header,
        delimiter: layout.delimiter,
        entries,
    })
}

/// What a collection file's first lines say: its format, header and delimiter.
#[derive(Debug, Clone)]
pub struct CsvLayout {
    pub format: CsvFormat,
    pub header: Option<Vec<String>>,
    pub delimiter: u8,
}

/// Reads a collection file one line at a time, handing each entry to `each` as it is read:
/// nothing but the line being read is held, so a large file costs its entries' consumer
/// what it keeps, not a copy of every line. Stops at the first problem (or the first
/// error `each` returns), naming its line and column.
pub fn read_each(
    bytes: &[u8],
    mut each: impl FnMut(CsvEntry) -> Result<(), CsvError>,
) -> Result<CsvLayout, CsvError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match utf8_text(bytes) {
        Ok(_) => {}
        Err(NotUtf8::Binary { nul: true, at, .. }) => {
            let (line, column) = place(bytes, at);
            return fail(line, column, "not a CSV file: it holds binary data");
        }
        Err(NotUtf8::Binary { at, .. }) => {
            let (line, column) = place(bytes, at);
            return fail(line, column, "not a CSV file: it is not UTF-8 text");
        }
        Err(text) => {
            let (line, column) = text.place().unwrap_or((1, 1));
            return fail(line as u64, column, text.advice());
        }
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return fail(1, 1, "the file is empty");
    }
    // Spreadsheet exports (Dragon Shield's among them) may start with `sep=,`.
    let mut delimiter = b',';
    let mut body = bytes;
    let mut first_line = 1;
    if let Some(rest) = bytes
        .strip_prefix(b"sep=")
        .or(bytes.strip_prefix(b"\"sep="))
    {
        if let Some(&sep) = rest.first() {
            delimiter = sep;
            let end = bytes
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |p| p + 1);
            body = &bytes[end..];
            first_line = 2;
        }
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(body);
    let mut layout: Option<(CsvLayout, Columns, usize)> = None;
    let mut record = csv::StringRecord::new();
    loop {
        let read = reader.read_record(&mut record);
        match read {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                let line = e
                    .position()
                    .map_or(first_line, |p| p.line() + first_line - 1);
                return fail(line, 1, format!("not a CSV file: {e}"));
            }
        };
        let line = record
            .position()
            .map_or(first_line, |p| p.line() + first_line - 1);
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if record.iter().any(|f| f.starts_with('\'')) {
            record = record.iter().map(read_neutralised).collect();
        }
        let (layout, columns, width) = match &layout {
            Some(known) => known,
            None => {
                let header_fields: Vec<String> = record.iter().map(str::to_owned).collect();
                let (format, columns, header) =
                    match detect(&header_fields) {
                        Some((format, columns)) => (format, columns, Some(header_fields)),
                        // No header: a two-column list whose first field is a count.
                        None if record.len() == 2 && record[0].trim().parse::<i64>().is_ok() => (
                            CsvFormat::Plain,
                            Columns {
                                count: 0,
                                name: 1,
                                ..Columns::default()
                            },
                            None,
                        ),
                        None => return fail(
                            line,
                            1,
                            "not a collection CSV: the header matches none of the known formats \
                             (Deckhand, Moxfield, Dragon Shield, or 'count,name')",
                        ),
                    };
                let width = header.as_ref().map_or(2, Vec::len);
                let has_header = header.is_some();
                let known = layout.insert((
                    CsvLayout {
                        format,
                        header,
                        delimiter,
                    },
                    columns,
                    width,
                ));
                if has_header {
                    continue;
                }
                known
            }
        };
        let (format, width) = (layout.format, *width);
        if record.len() != width {
            let column = record.len().min(width) + 1;
            return fail(
                line,
                column,
                format!("expected {width} columns, found {}", record.len()),
            );
        }
        let field = |i: Option<usize>| i.map(|i| record[i].trim()).unwrap_or("");
        let optional =
            |i: Option<usize>| Some(field(i)).filter(|s| !s.is_empty()).map(str::to_owned);
        let count = parse_count(field(Some(columns.count)))
            .or_else(|m| fail(line, columns.count + 1, m))?;
        let finish = parse_finish(field(columns.finish)).ok_or_else(|| CsvError {
            line,
            column: columns.finish.map_or(1, |c| c + 1),
            message: format!(
                "unknown finish '{}' (normal or foil)",
                field(columns.finish)
            ),
        })?;
        let condition_text = field(columns.condition);
        let condition = parse_condition(format, condition_text).ok_or_else(|| CsvError {
            line,
            column: columns.condition.map_or(1, |c| c + 1),
            message: format!(
                "unknown condition '{condition_text}' (mint, near mint, lightly played, \
                 moderately played, heavily played or damaged)"
            ),
        })?;
        let name = field(Some(columns.name)).to_owned();
        let card = optional(columns.card);
        if name.is_empty() && card.is_none() {
            return fail(line, columns.name + 1, "the card name is empty");
        }
        each(CsvEntry {
            line,
            count,
            card,
            name,
            game: optional(columns.game),
            set: optional(columns.set),
            number: optional(columns.number),
            finish,
            condition,
            language: normalise_language(field(columns.language)),
            location: field(columns.location).to_owned(),
            note: columns.note.map(|i| record[i].trim().to_owned()),
            fields: record.iter().map(str::to_owned).collect(),
        })?;
    }
    match layout {
        Some((layout, ..)) => Ok(layout),
        None => fail(first_line, 1, "the file is empty"),
    }
}

fn parse_count(text: &str) -> Result<u32, String> {
    match text.parse::<i64>() {
        Ok(n) if n < 0 => Err(format!("the count must not be negative, found '{text}'")),
        Ok(n) => u32::try_from(n).map_err(|_| format!("the count {text} is too large")),
        Err(_) if text.is_empty() => Err("the count is empty".into()),
        Err(_) => Err(format!("the count is not a whole number: '{text}'")),
    }
}

fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn parse_finish(text: &str) -> Option<Finish> {
    match squash(text).as_str() {
        "" | "normal" | "nonfoil" | "false" | "no" | "0" => Some(Finish::Normal),
        "foil" | "etched" | "true" | "yes" | "1" => Some(Finish::Foil),
        _ => None,
    }
}

/// A condition word in `format`'s vocabulary; `Some(None)` for an empty field. Dragon
/// Shield uses Cardmarket's seven grades, mapped to the six most stores use
/// (excellent → lightly played, good and light played → moderately played, played →
/// heavily played, poor → damaged).
pub fn parse_condition(format: CsvFormat, text: &str) -> Option<Option<Condition>> {
    use Condition::*;
    let word = squash(text);
    if word.is_empty() {
        return Some(None);
    }
    if format == CsvFormat::DragonShield {
        match word.as_str() {
            "lightplayed" | "good" => return Some(Some(ModeratelyPlayed)),
            "played" => return Some(Some(HeavilyPlayed)),
            _ => {}
        }
    }
    let condition = match word.as_str() {
        "m" | "mint" => Mint,
        "nm" | "nearmint" | "nmm" => NearMint,
        "lp" | "lightlyplayed" | "lightplayed" | "slightlyplayed" | "sp" | "excellent" | "ex" => {
            LightlyPlayed
        }
        "mp" | "moderatelyplayed" | "good" | "gd" | "played" | "pl" => ModeratelyPlayed,
        "hp" | "heavilyplayed" | "heavyplayed" => HeavilyPlayed,
        "d" | "dmg" | "damaged" | "poor" | "po" => Damaged,
        _ => return None,
    };
    Some(Some(condition))
}

/// Language names and codes as stores write them, to one code each.
const LANGUAGES: [(&str, &str); 11] = [
    ("en", "English"),
    ("de", "German"),
    ("fr", "French"),
    ("it", "Italian"),
    ("es", "Spanish"),
    ("pt", "Portuguese"),
    ("ja", "Japanese"),
    ("ko", "Korean"),
    ("ru", "Russian"),
    ("zhs", "Chinese Simplified"),
    ("zht", "Chinese Traditional"),
];

/// `English`, `en`, `EN` → `en`; unknown languages are kept as written.
pub fn normalise_language(text: &str) -> String {
    let word = squash(text);
    LANGUAGES
        .iter()
        .find(|(code, name)| {
            word == *code || word == squash(name) || (*code == "ja" && word == "jp")
        })
        .map_or_else(|| text.trim().to_owned(), |(code, _)| (*code).to_owned())
}

fn language_name(code: &str) -> &str {
    LANGUAGES
        .iter()
        .find(|(c, _)| *c == code)
        .map_or(code, |(_, name)| name)
}

fn condition_words(format: CsvFormat, condition: Option<Condition>) -> &'static str {
    use Condition::*;
    match (format, condition) {
        (_, None) => "",
        (CsvFormat::DragonShield, Some(c)) => match c {
            Mint => "Mint",
            NearMint => "NearMint",
            LightlyPlayed => "Excellent",
            ModeratelyPlayed => "Good",
            HeavilyPlayed => "Played",
            Damaged => "Poor",
        },
        (CsvFormat::Moxfield, Some(c)) => match c {
            Mint => "Mint",
            NearMint => "Near Mint",
            LightlyPlayed => "Lightly Played",
            ModeratelyPlayed => "Moderately Played",
            HeavilyPlayed => "Heavily Played",
            Damaged => "Damaged",
        },
        (_, Some(c)) => c.as_str(),
    }
}

/// One collection row to write: the caller's rows, borrowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CsvRow<'a> {
    pub count: u32,
    pub card: &'a str,
    pub name: &'a str,
    pub game: &'a str,
    pub set: Option<&'a str>,
    pub number: Option<&'a str>,
    pub finish: Finish,
    pub condition: Option<Condition>,
    pub language: &'a str,
    pub location: &'a str,
    pub note: &'a str,
}

/// Writes collection rows in `format`. `set_name` gives a set's name for formats that
/// have that column.
pub fn write<'a>(
    format: CsvFormat,
    rows: impl IntoIterator<Item = CsvRow<'a>>,
    set_name: impl Fn(&str, &str) -> Option<String>,
) -> String {
    let mut writer = csv::WriterBuilder::new().from_writer(Vec::new());
    let mut put = |fields: &[&str]| {
        writer
            .write_record(fields.iter().map(|f| neutralise_formula(f).into_owned()))
            .expect("writing to memory cannot fail")
    };
    match format {
        CsvFormat::Deckhand => put(&DECKHAND_COLUMNS),
        CsvFormat::Moxfield => put(&MOXFIELD_COLUMNS),
        CsvFormat::DragonShield => put(&DRAGON_SHIELD_COLUMNS),
        CsvFormat::Plain => put(&["count", "name"]),
    }
    for row in rows {
        let count = row.count.to_string();
        let set = row.set.unwrap_or("");
        let number = row.number.unwrap_or("");
        let condition = condition_words(format, row.condition);
        let foil = row.finish == Finish::Foil;
        match format {
            CsvFormat::Deckhand => put(&[
                &count,
                row.card,
                row.name,
                row.game,
                set,
                number,
                row.finish.as_str(),
                condition,
                row.language,
                row.location,
                row.note,
            ]),
            CsvFormat::Moxfield => put(&[
                &count,
                "0",
                row.name,
                &set.to_lowercase(),
                condition,
                language_name(row.language),
                if foil { "foil" } else { "" },
                "",
                "",
                number,
                "False",
                "False",
                "",
            ]),
            CsvFormat::DragonShield => put(&[
                row.location,
                &count,
                "0",
                row.name,
                set,
                &set_name(row.game, set).unwrap_or_default(),
                number,
                condition,
                if foil { "Foil" } else { "Normal" },
                language_name(row.language),
                "",
                "",
            ]),
            CsvFormat::Plain => put(&[&count, row.name]),
        }
    }
    let bytes = writer.into_inner().expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("the fields are UTF-8")
}

/// Writes `header` (if any) and the given lines' fields back as CSV, for the lines an
/// import skipped.
pub fn write_fields<'a>(
    delimiter: u8,
    header: Option<&[String]>,
    lines: impl IntoIterator<Item = &'a [String]>,
) -> String {
    let mut writer = csv::WriterBuilder::new()
        .delimiter(delimiter)
        .from_writer(Vec::new());
    if let Some(header) = header {
        writer
            .write_record(header)
            .expect("writing to memory cannot fail");
    }
    for fields in lines {
        writer
            .write_record(fields.iter().map(|f| neutralise_formula(f).into_owned()))
            .expect("writing to memory cannot fail");
    }
    let bytes = writer.into_inner().expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("the fields are UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue "Nothing a file can say breaks Deckhand": what a spreadsheet would run as a
    /// formula is written behind a `'`, and the export reads back to the same rows and,
    /// written again, to the same bytes.
    #[test]
    fn formula_cells_are_neutralised_on_export_and_read_back_unchanged() {
        let names = [
            "=HYPERLINK(\"http://x.test\",\"free cards\")",
            "@risk",
            "-1 Power",
            "+2 Shield",
            "'=typed with a quote",
            "Shield Liger",
        ];
        let rows: Vec<CsvRow> = names
            .iter()
            .map(|name| CsvRow {
                count: 2,
                card: "zoids-1",
                name,
                game: "zoids-scramble",
                set: Some("-1"),
                number: Some("=7"),
                finish: Finish::Normal,
                condition: None,
                language: "en",
                location: "@binder",
                note: "-1",
            })
            .collect();
        for format in [
            CsvFormat::Deckhand,
            CsvFormat::Moxfield,
            CsvFormat::DragonShield,
            CsvFormat::Plain,
        ] {
            let written = write(format, rows.iter().copied(), |_, _| None);
            assert!(
                written.contains("'=HYPERLINK(") && written.contains("'@risk"),
                "{written}"
            );
            assert!(
                !written.contains(",=") && !written.contains(",@") && !written.contains(",+2"),
                "{written}"
            );
            let file = parse(written.as_bytes()).unwrap();
            let read: Vec<&str> = file.entries.iter().map(|e| e.name.as_str()).collect();
            assert_eq!(read, names, "{format:?}");
            let again: Vec<CsvRow> = file
                .entries
                .iter()
                .map(|e| CsvRow {
                    count: e.count,
                    card: e.card.as_deref().unwrap_or("zoids-1"),
                    name: &e.name,
                    game: "zoids-scramble",
                    set: e.set.as_deref(),
                    number: e.number.as_deref(),
                    finish: e.finish,
                    condition: e.condition,
                    language: &e.language,
                    location: &e.location,
                    note: e.note.as_deref().unwrap_or(""),
                })
                .collect();
            assert_eq!(write(format, again, |_, _| None), written, "{format:?}");
            let skipped = write_fields(
                file.delimiter,
                file.header.as_deref(),
                file.entries.iter().map(|e| e.fields.as_slice()),
            );
            assert_eq!(skipped, written, "{format:?}");
        }
        let deckhand = write(CsvFormat::Deckhand, rows[..1].iter().copied(), |_, _| None);
        // A number stays a number; a text starting with `-` does not.
        assert!(deckhand.ends_with(",'@binder,-1\n"), "{deckhand}");
        let entry = &parse(deckhand.as_bytes()).unwrap().entries[0];
        assert_eq!(
            (
                entry.set.as_deref(),
                entry.number.as_deref(),
                entry.location.as_str()
            ),
            (Some("-1"), Some("=7"), "@binder")
        );
    }

    #[test]
    fn a_utf16_or_latin1_collection_says_how_to_save_it_as_utf8() {
        let text = "count,name\n2,Café Liger\n";
        let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let latin1: Vec<u8> = text.chars().map(|c| c as u8).collect();
        let advice =
            "save it as UTF-8 (in most editors: Save As, Encoding: UTF-8) and import it again";
        let cases = [
            (utf16, 1, 1, format!("this file is UTF-16 text; {advice}")),
            (
                latin1,
                2,
                6,
                format!("this file is not UTF-8 but Latin-1 or Windows-1252 text, most likely; {advice}"),
            ),
            (
                b"\x89PNG\r\n\x1a\n\0\0".to_vec(),
                3,
                1,
                "not a CSV file: it holds binary data".to_owned(),
            ),
        ];
        for (bytes, line, column, message) in cases {
            let error = parse(&bytes).unwrap_err();
            assert_eq!(
                error,
                CsvError {
                    line,
                    column,
                    message
                }
            );
        }
    }
}
