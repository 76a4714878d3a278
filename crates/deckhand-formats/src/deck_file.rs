//! Deck file formats other programs use: Cockatrice `.cod`, OCTGN `.o8d` (cards matched by
//! name), LackeyCCG `.dek`, and Deckhand's own JSON — read into deck lines, written from a
//! resolved [`Deck`]. Plain text lives in `deck_text.rs`.

use std::collections::BTreeMap;

use quick_xml::escape::escape;
use serde::{Deserialize, Serialize};

use deckhand_core::{Deck, Game, Location, Side};

use crate::deck_text::{deck_header, parse_deck_text, section_id, DeckLine};
use crate::error::FormatError;

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
    pub notes: String,
    pub lines: Vec<DeckLine>,
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

#[derive(Deserialize)]
struct Cod {
    #[serde(default)]
    deckname: Option<String>,
    #[serde(default)]
    comments: Option<String>,
    #[serde(rename = "zone", default)]
    zones: Vec<CodZone>,
}

#[derive(Deserialize)]
struct CodZone {
    #[serde(rename = "@name")]
    name: String,
    #[serde(rename = "card", default)]
    cards: Vec<CodCard>,
}

#[derive(Deserialize)]
struct CodCard {
    #[serde(rename = "@number")]
    number: u32,
    #[serde(rename = "@name")]
    name: String,
}

#[derive(Deserialize)]
struct O8d {
    #[serde(rename = "section", default)]
    sections: Vec<O8dSection>,
    #[serde(default)]
    notes: Option<String>,
}

#[derive(Deserialize)]
struct O8dSection {
    #[serde(rename = "@name")]
    name: String,
    #[serde(rename = "card", default)]
    cards: Vec<O8dCard>,
}

#[derive(Deserialize)]
struct O8dCard {
    #[serde(rename = "@qty")]
    qty: u32,
    #[serde(rename = "$text")]
    name: String,
}

#[derive(Deserialize)]
struct Dek {
    #[serde(default)]
    meta: Option<DekMeta>,
    #[serde(rename = "superzone", default)]
    zones: Vec<DekZone>,
}

#[derive(Deserialize)]
struct DekMeta {
    #[serde(default)]
    game: Option<String>,
}

#[derive(Deserialize)]
struct DekZone {
    #[serde(rename = "@name")]
    name: String,
    #[serde(rename = "card", default)]
    cards: Vec<DekCard>,
}

#[derive(Deserialize)]
struct DekCard {
    name: String,
    #[serde(default)]
    set: Option<String>,
}

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
    count: u32,
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<String>,
}

const JSON_FORMAT: &str = "deckhand-deck/1";

/// Reads a deck file of `format`. `game` decides section names; errors name the file.
pub fn read_deck_file(
    format: DeckFormat,
    source_name: &str,
    text: &str,
    game: &Game,
) -> Result<DeckFile, FormatError> {
    let error = |message: String| FormatError::Deck {
        source_name: source_name.to_owned(),
        location: Location::Path(format.name().to_owned()),
        message,
    };
    let xml = |e: quick_xml::DeError| error(format!("not a valid {} deck: {e}", format.name()));
    let mut lines = Vec::new();
    let mut push =
        |zone: &str, count: u32, name: &str, set: Option<String>| -> Result<(), FormatError> {
            let section =
                section_id(game, zone).ok_or_else(|| error(format!("unknown section '{zone}'")))?;
            let position = lines.len() + 1;
            lines.push(DeckLine {
                line: position,
                section,
                count,
                name: name.trim().to_owned(),
                set,
                number: None,
            });
            Ok(())
        };
    let mut file = DeckFile::default();
    match format {
        DeckFormat::Text => {
            let header = deck_header(text);
            return Ok(DeckFile {
                name: header.name,
                game: header.game,
                side: header.side,
                notes: String::new(),
                lines: parse_deck_text(source_name, text, game)?,
            });
        }
        DeckFormat::Cockatrice => {
            let cod: Cod = quick_xml::de::from_str(text).map_err(xml)?;
            for zone in &cod.zones {
                for card in &zone.cards {
                    push(&zone.name, card.number, &card.name, None)?;
                }
            }
            file.name = cod.deckname.filter(|n| !n.trim().is_empty());
            file.notes = cod.comments.unwrap_or_default();
        }
        DeckFormat::Octgn => {
            let o8d: O8d = quick_xml::de::from_str(text).map_err(xml)?;
            for section in &o8d.sections {
                for card in &section.cards {
                    push(&section.name, card.qty, &card.name, None)?;
                }
            }
            file.notes = o8d.notes.unwrap_or_default();
        }
        DeckFormat::Lackey => {
            let dek: Dek = quick_xml::de::from_str(text).map_err(xml)?;
            // LackeyCCG lists one <card> per copy: count consecutive copies.
            for zone in &dek.zones {
                let mut counted: Vec<(String, Option<String>, u32)> = Vec::new();
                for card in &zone.cards {
                    match counted
                        .iter_mut()
                        .find(|(n, s, _)| *n == card.name && *s == card.set)
                    {
                        Some(entry) => entry.2 += 1,
                        None => counted.push((card.name.clone(), card.set.clone(), 1)),
                    }
                }
                for (name, set, count) in counted {
                    push(&zone.name, count, &name, set)?;
                }
            }
            file.game = dek.meta.and_then(|m| m.game);
        }
        DeckFormat::Json => {
            let json: JsonDeck = serde_json::from_str(text)
                .map_err(|e| error(format!("not a valid JSON deck: {e}")))?;
            if json.format != JSON_FORMAT {
                return Err(error(format!(
                    "unknown format '{}', expected '{JSON_FORMAT}'",
                    json.format
                )));
            }
            for (section, cards) in &json.sections {
                for card in cards {
                    push(section, card.count, &card.name, None)?;
                }
            }
            file.name = Some(json.name);
            file.game = Some(json.game);
            file.side = json.side;
            file.notes = json.notes;
        }
    }
    if let Some(bad) = file
        .lines
        .iter()
        .chain(lines.iter())
        .find(|l| l.count == 0 || l.name.is_empty())
    {
        return Err(error(format!(
            "card {} has no name or a zero count",
            bad.line
        )));
    }
    file.lines = lines;
    Ok(file)
}

// --- Writing -----------------------------------------------------------------------------

/// Writes `deck` in `format`. `name` and `notes` travel where the format has room for them.
pub fn write_deck_file(
    format: DeckFormat,
    deck: &Deck,
    game: &Game,
    name: &str,
    notes: &str,
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
            out.push_str(&format!("# game: {}\n# name: {name}\n", deck.game));
            if let Some(side) = deck.side {
                out.push_str(&format!("# side: {side}\n"));
            }
            for note in notes.lines() {
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
                    out.push_str(&format!("{} {}\n", e.count, e.card.name));
                }
            }
        }
        DeckFormat::Cockatrice => {
            out.push_str(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cockatrice_deck version=\"1\">\n",
            );
            out.push_str(&format!("    <deckname>{}</deckname>\n", escape(name)));
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
                        count: e.count,
                        name: e.card.name.clone(),
                        id: Some(e.card.id.clone()),
                    });
            }
            out = serde_json::to_string_pretty(&json).expect("a deck serialises") + "\n";
        }
    }
    out
}

fn sections_in_order(deck: &Deck) -> Vec<String> {
    let mut sections: Vec<String> = Vec::new();
    for entry in &deck.entries {
        if !sections.contains(&entry.section) {
            sections.push(entry.section.clone());
        }
    }
    sections
}
