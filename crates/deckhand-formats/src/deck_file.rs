//! Deck file formats other programs use: Cockatrice `.cod`, OCTGN `.o8d` (cards matched by
//! name), LackeyCCG `.dek` (and MTGO's XML `.dek`), and Deckhand's own JSON — read into
//! deck lines with an [`ImportReport`], written from a resolved [`Deck`]. Plain text lives
//! in `deck_text.rs`, the XML tree in `xml.rs`.

use std::collections::{BTreeMap, HashMap, HashSet};

use quick_xml::escape::escape;
use serde::{Deserialize, Serialize};

use deckhand_core::{clip, fold_name, one_line, Deck, Game, Location, Side};

use crate::deck_text::{deck_header, parse_count, read_text, strip_bom, DeckLine, MAX_COUNT};
use crate::error::FormatError;
use crate::import_report::ImportReport;
use crate::sections::{section_for, SectionNames};
use crate::xml::{self, Element};

/// A deck file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DeckFormat {
    Text,
    Cockatrice,
    Octgn,
    Lackey,
    Json,
}

/// What a deck file holds, before names are matched to cards.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeckFile {
    pub name: Option<String>,
    pub game: Option<String>,
    pub side: Option<Side>,
    /// The rule variant a text file's `# format:` line names.
    pub format: Option<String>,
    pub notes: String,
    pub lines: Vec<DeckLine>,
    /// What the reader did: copies per section, section names mapped or kept, lines skipped.
    pub report: ImportReport,
}

impl DeckFormat {
    pub const ALL: [DeckFormat; 5] = [
        DeckFormat::Text,
        DeckFormat::Cockatrice,
        DeckFormat::Octgn,
        DeckFormat::Lackey,
        DeckFormat::Json,
    ];

    /// The format a file name's extension implies (`.txt`/`.dec` text).
    pub fn from_path(path: &str) -> Option<DeckFormat> {
        let extension = path.rsplit_once('.')?.1.to_ascii_lowercase();
        Some(match extension.as_str() {
            "txt" | "dec" => DeckFormat::Text,
            "cod" => DeckFormat::Cockatrice,
            "o8d" => DeckFormat::Octgn,
            "dek" => DeckFormat::Lackey,
            "json" => DeckFormat::Json,
            _ => return None,
        })
    }

    pub fn parse_name(name: &str) -> Option<DeckFormat> {
        DeckFormat::ALL
            .into_iter()
            .find(|f| f.name() == name.to_ascii_lowercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            DeckFormat::Text => "text",
            DeckFormat::Cockatrice => "cockatrice",
            DeckFormat::Octgn => "octgn",
            DeckFormat::Lackey => "lackey",
            DeckFormat::Json => "json",
        }
    }

    /// What a file of this format looks like, for the "no cards found" message.
    fn expected(self) -> &'static str {
        match self {
            DeckFormat::Text => "lines such as '3 Card Name'",
            DeckFormat::Cockatrice => "<zone> elements holding <card number=… name=…/>",
            DeckFormat::Octgn => "<section> elements holding <card qty=…>Name</card>",
            DeckFormat::Lackey => "<superzone> elements holding <card><name>…</name></card>",
            DeckFormat::Json => "sections holding {\"count\": 3, \"name\": …}",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            DeckFormat::Text => "txt",
            DeckFormat::Cockatrice => "cod",
            DeckFormat::Octgn => "o8d",
            DeckFormat::Lackey => "dek",
            DeckFormat::Json => "json",
        }
    }
}

// --- Reading -----------------------------------------------------------------------------

/// Deckhand's JSON deck format.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonDeck {
    format: String,
    game: String,
    name: String,
    #[serde(default)]
    side: Option<Side>,
    #[serde(default)]
    notes: String,
    /// Section id → lines, in order.
    sections: BTreeMap<String, Vec<JsonLine>>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonLine {
    /// Wide enough to report any number a file holds, rather than a parse error.
    count: i64,
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<String>,
}

const JSON_FORMAT: &str = "deckhand-deck/1";

/// Collects a deck's lines and section names as a reader walks a file.
struct Collector<'a> {
    source_name: &'a str,
    game: &'a Game,
    lines: Vec<DeckLine>,
    names: SectionNames,
}

impl Collector<'_> {
    fn error(&self, line: usize, column: usize, message: String) -> FormatError {
        FormatError::Deck {
            source_name: self.source_name.to_owned(),
            location: Location::LineColumn { line, column },
            message,
        }
    }

    /// The section a zone named `written` maps to (noted for the report).
    fn zone(&mut self, written: Option<&str>) -> String {
        let name = section_for(self.game, written.unwrap_or(""));
        let section = name.section.clone();
        self.names.note(name);
        section
    }

    /// One card row read from an XML element: `count` as written, and the name.
    fn card(
        &mut self,
        at: &Element,
        section: &str,
        count: Option<&str>,
        name: &str,
        set: Option<&str>,
        number: Option<&str>,
    ) -> Result<(), FormatError> {
        let count = match count {
            Some(written) => parse_count(written).map_err(|m| self.error(at.line, at.column, m))?,
            None => 1,
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(self.error(at.line, at.column, "a card without a name".into()));
        }
        let clean = |v: Option<&str>| {
            v.map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_owned)
        };
        self.lines.push(DeckLine {
            line: at.line,
            section: section.to_owned(),
            count,
            name: name.to_owned(),
            set: clean(set),
            number: clean(number),
        });
        Ok(())
    }
}

/// Reads a deck file of `format` for `game` (which decides section names). A file that
/// does not parse is an error naming the file, line and column; so is a file with no
/// cards at all, so that a wrong format never reads as an empty deck. For the XML formats
/// the document itself decides: a Cockatrice, OCTGN, LackeyCCG or MTGO deck is read
/// whichever of them the extension said.
pub fn read_deck_file(
    format: DeckFormat,
    source_name: &str,
    text: &str,
    game: &Game,
) -> Result<DeckFile, FormatError> {
    let text = strip_bom(text);
    let mut file = DeckFile::default();
    let mut collector = Collector {
        source_name,
        game,
        lines: Vec::new(),
        names: SectionNames::default(),
    };
    let mut skipped = Vec::new();
    match format {
        DeckFormat::Text => {
            let header = deck_header(source_name, text)?;
            let deck = read_text(source_name, text, game)?;
            file.name = header.name;
            file.game = header.game;
            file.side = header.side;
            file.format = header.format;
            collector.lines = deck.lines;
            collector.names = deck.names;
            skipped = deck.skipped;
        }
        DeckFormat::Cockatrice | DeckFormat::Octgn | DeckFormat::Lackey => {
            let root = xml::parse(source_name, text)?;
            read_xml(&root, &mut collector, &mut file)?;
        }
        DeckFormat::Json => read_json(text, &mut collector, &mut file)?,
    }
    if collector.lines.is_empty() {
        return Err(FormatError::Deck {
            source_name: source_name.to_owned(),
            location: Location::Path(format.name().to_owned()),
            message: format!(
                "no cards found: is this a {} deck file? Expected {}",
                format.name(),
                format.expected()
            ),
        });
    }
    file.report = ImportReport::new(&collector.lines, collector.names.into_vec(), skipped);
    file.lines = collector.lines;
    Ok(file)
}

/// Reads whichever XML deck format the root element says.
fn read_xml(root: &Element, deck: &mut Collector, file: &mut DeckFile) -> Result<(), FormatError> {
    let has = |name: &str| root.children_named(name).next().is_some();
    let notes = |name: &str| {
        root.child_text(name)
            .map(|t| t.trim().to_owned())
            .unwrap_or_default()
    };
    if root.is("cockatrice_deck") {
        // <zone name="main"><card number="4" name="…" setShortName="…" collectorNumber="…"/>
        for zone in root.children_named("zone") {
            let section = deck.zone(zone.attribute("name"));
            for card in zone.children_named("card") {
                deck.card(
                    card,
                    &section,
                    card.attribute("number"),
                    card.attribute("name").unwrap_or_default(),
                    card.attribute("setShortName"),
                    card.attribute("collectorNumber"),
                )?;
            }
        }
        file.name = root
            .child_text("deckname")
            .map(|n| n.trim().to_owned())
            .filter(|n| !n.is_empty());
        file.notes = notes("comments");
    } else if root.is("deck") && has("superzone") {
        // LackeyCCG: one <card><name>…</name><set>…</set></card> per copy.
        for zone in root.children_named("superzone") {
            let section = deck.zone(zone.attribute("name"));
            // The zone's line of each card and printing (a map: thousands stay linear).
            let mut lines: HashMap<(String, Option<&str>), usize> = HashMap::new();
            for card in zone.children_named("card") {
                let name = card.child_text("name").unwrap_or_default().trim();
                let set = card
                    .child_text("set")
                    .map(str::trim)
                    .filter(|s| !s.is_empty());
                let key = (fold_name(name), set);
                match lines.get(&key).copied() {
                    Some(i) if deck.lines[i].count >= MAX_COUNT => {
                        return Err(deck.error(
                            card.line,
                            card.column,
                            format!(
                                "more than {MAX_COUNT} copies of '{}' in '{}'",
                                clip(name),
                                clip(&section)
                            ),
                        ))
                    }
                    Some(i) => deck.lines[i].count += 1,
                    None => {
                        deck.card(card, &section, None, name, set, None)?;
                        lines.insert(key, deck.lines.len() - 1);
                    }
                }
            }
        }
        file.game = root
            .children_named("meta")
            .find_map(|m| m.child_text("game"))
            .map(|g| g.trim().to_owned())
            .filter(|g| !g.is_empty());
    } else if root.is("deck") && has("section") {
        // OCTGN: <section name="Main"><card qty="2" id="…">Name</card>
        for section in root.children_named("section") {
            let id = deck.zone(section.attribute("name"));
            for card in section.children_named("card") {
                deck.card(card, &id, card.attribute("qty"), &card.text, None, None)?;
            }
        }
        file.notes = notes("notes");
    } else if root.is("deck") && has("cards") {
        // MTGO: <Cards Quantity="4" Sideboard="false" Name="…"/>
        for card in root.children_named("cards") {
            let side = card
                .attribute("Sideboard")
                .is_some_and(|s| s.trim().eq_ignore_ascii_case("true"));
            let section = deck.zone(Some(if side { "Sideboard" } else { "Main" }));
            deck.card(
                card,
                &section,
                card.attribute("Quantity"),
                card.attribute("Name").unwrap_or_default(),
                None,
                None,
            )?;
        }
    } else if !root.is("deck") {
        return Err(deck.error(
            root.line,
            root.column,
            format!(
                "<{}> is not a deck: expected <cockatrice_deck> (Cockatrice) or <deck> (OCTGN, LackeyCCG)",
                root.name
            ),
        ));
    }
    Ok(())
}

fn read_json(text: &str, deck: &mut Collector, file: &mut DeckFile) -> Result<(), FormatError> {
    let json: JsonDeck = serde_json::from_str(text).map_err(|e| {
        deck.error(
            e.line().max(1),
            e.column().max(1),
            format!("not a valid JSON deck: {}", strip_json_position(&e)),
        )
    })?;
    let error = |path: String, message: String| FormatError::Deck {
        source_name: deck.source_name.to_owned(),
        location: Location::Path(path),
        message,
    };
    if json.format != JSON_FORMAT {
        return Err(error(
            "format".into(),
            format!(
                "unknown format '{}', expected '{JSON_FORMAT}'",
                clip(&json.format)
            ),
        ));
    }
    for (written, cards) in &json.sections {
        let section = deck.zone(Some(written));
        for (i, card) in cards.iter().enumerate() {
            let path = || format!("sections.{written}[{i}]");
            let count = parse_count(&card.count.to_string())
                .map_err(|m| error(format!("{}.count", path()), m))?;
            let name = card.name.trim();
            if name.is_empty() {
                return Err(error(
                    format!("{}.name", path()),
                    "a card without a name".into(),
                ));
            }
            deck.lines.push(DeckLine {
                line: deck.lines.len() + 1,
                section: section.clone(),
                count,
                name: name.to_owned(),
                set: None,
                number: None,
            });
        }
    }
    file.name = Some(json.name).filter(|n| !n.trim().is_empty());
    file.game = Some(json.game);
    file.side = json.side;
    file.notes = json.notes;
    Ok(())
}

/// serde_json's message without its " at line L column C" (the location says it).
fn strip_json_position(error: &serde_json::Error) -> String {
    let message = error.to_string();
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message,
    }
}

// --- Writing -----------------------------------------------------------------------------

/// Writes `deck` in `format`. `name` and `notes` travel where the format has room for them;
/// `deck_format` (the rule variant, a format id) only in text, as a `# format:` line.
/// Counts are expected to be 1 to [`MAX_COUNT`], as every reader and the facade's deck
/// loading ensure: LackeyCCG writes one row per copy.
pub fn write_deck_file(
    format: DeckFormat,
    deck: &Deck,
    game: &Game,
    name: &str,
    notes: &str,
    deck_format: Option<&str>,
) -> String {
    let sections = sections_in_order(deck);
    let zone_name = |section: &str| -> String {
        match section {
            "main" => "main".into(),
            "side" => "side".into(),
            "maybe" => "maybe".into(),
            other => game
                .sections
                .iter()
                .find(|s| s.id == other)
                .map_or(other.to_owned(), |s| s.name.clone()),
        }
    };
    let mut out = String::new();
    match format {
        DeckFormat::Text => {
            // Every line is one line: a name or note holding a line break (a database from
            // before names were checked, a hand-edited one) cannot inject lines.
            out.push_str(&format!(
                "# game: {}\n# name: {}\n",
                deck.game,
                one_line(name)
            ));
            if let Some(side) = deck.side {
                out.push_str(&format!("# side: {side}\n"));
            }
            if let Some(deck_format) = deck_format {
                out.push_str(&format!("# format: {}\n", one_line(deck_format)));
            }
            for note in note_lines(notes) {
                out.push_str(&format!("# {note}\n"));
            }
            for section in &sections {
                let header = match section.as_str() {
                    "main" => "Main".to_owned(),
                    "side" => "Side".to_owned(),
                    "maybe" => "Maybe".to_owned(),
                    other => zone_name(other),
                };
                out.push_str(&format!("\n{header}\n"));
                for e in deck.entries.iter().filter(|e| &e.section == section) {
                    out.push_str(&format!("{} {}\n", e.count, one_line(&e.card.name)));
                }
            }
        }
        DeckFormat::Cockatrice => {
            out.push_str(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cockatrice_deck version=\"1\">\n",
            );
            out.push_str(&format!(
                "    <deckname>{}</deckname>\n",
                escape(one_line(name))
            ));
            out.push_str(&format!("    <comments>{}</comments>\n", escape(notes)));
            for section in &sections {
                out.push_str(&format!(
                    "    <zone name=\"{}\">\n",
                    escape(zone_name(section))
                ));
                for e in deck.entries.iter().filter(|e| &e.section == section) {
                    out.push_str(&format!(
                        "        <card number=\"{}\" name=\"{}\"/>\n",
                        e.count,
                        escape(&e.card.name)
                    ));
                }
                out.push_str("    </zone>\n");
            }
            out.push_str("</cockatrice_deck>\n");
        }
        DeckFormat::Octgn => {
            out.push_str("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n");
            out.push_str(&format!("<deck game=\"{}\">\n", escape(&deck.game)));
            for section in &sections {
                out.push_str(&format!(
                    "  <section name=\"{}\" shared=\"False\">\n",
                    escape(zone_name(section))
                ));
                for e in deck.entries.iter().filter(|e| &e.section == section) {
                    out.push_str(&format!(
                        "    <card qty=\"{}\" id=\"{}\">{}</card>\n",
                        e.count,
                        escape(&e.card.id),
                        escape(&e.card.name)
                    ));
                }
                out.push_str("  </section>\n");
            }
            out.push_str(&format!("  <notes>{}</notes>\n</deck>\n", escape(notes)));
        }
        DeckFormat::Lackey => {
            out.push_str("<deck version=\"0.8\">\n");
            out.push_str(&format!(
                "  <meta>\n    <game>{}</game>\n  </meta>\n",
                escape(&deck.game)
            ));
            for section in &sections {
                let zone = match section.as_str() {
                    "main" => "Deck".to_owned(),
                    "side" => "Sideboard".to_owned(),
                    other => zone_name(other),
                };
                out.push_str(&format!("  <superzone name=\"{}\">\n", escape(zone)));
                for e in deck.entries.iter().filter(|e| &e.section == section) {
                    for _ in 0..e.count {
                        out.push_str(&format!(
                            "    <card><name id=\"{}\">{}</name>",
                            escape(&e.card.id),
                            escape(&e.card.name)
                        ));
                        if let Some(set) = &e.card.set {
                            out.push_str(&format!("<set>{}</set>", escape(set)));
                        }
                        out.push_str("</card>\n");
                    }
                }
                out.push_str("  </superzone>\n");
            }
            out.push_str("</deck>\n");
        }
        DeckFormat::Json => {
            let mut json = JsonDeck {
                format: JSON_FORMAT.into(),
                game: deck.game.clone(),
                name: name.to_owned(),
                side: deck.side,
                notes: notes.to_owned(),
                sections: BTreeMap::new(),
            };
            for e in &deck.entries {
                json.sections
                    .entry(e.section.clone())
                    .or_default()
                    .push(JsonLine {
                        count: i64::from(e.count),
                        name: e.card.name.clone(),
                        id: Some(e.card.id.clone()),
                    });
            }
            out = serde_json::to_string_pretty(&json).expect("a deck serialises") + "\n";
        }
    }
    out
}

/// `notes` as comment lines: split at every kind of line break (not only `\n`, which is
/// all `str::lines` knows besides `\r\n`), other control characters but tabs shown as
/// spaces.
fn note_lines(notes: &str) -> Vec<String> {
    let mut lines: Vec<String> = notes
        .replace("\r\n", "\n")
        .split(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'])
        .map(|line| {
            line.chars()
                .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
                .collect()
        })
        .collect();
    if lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// The deck's sections in the order first used (a set beside the list: linear).
fn sections_in_order(deck: &Deck) -> Vec<String> {
    let mut seen: HashSet<&str> = HashSet::new();
    deck.entries
        .iter()
        .filter(|entry| seen.insert(&entry.section))
        .map(|entry| entry.section.clone())
        .collect()
}
