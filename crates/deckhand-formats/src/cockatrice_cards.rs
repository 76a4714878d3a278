//! Cockatrice card databases (`cards.xml`, versions 3 and 4, as custom sets are written):
//! each `<card>` becomes a row of a table that the core's spreadsheet reader validates
//! (`deckhand_core::read_table`), so `--map`, `--ignore` and every message are the
//! spreadsheets'. This module only knows where each cell came from, so that a problem is
//! reported at its XML line and column.
//!
//! Columns: `name`, `text`, `type` (a v4 `<maintype>` when there is one: Cockatrice's
//! `<type>` is then the whole type line), `set` and `number` (the first `<set>`'s text and
//! its `num`), and every other child of `<prop>` (v4) or of `<card>` (v3) by its element
//! name; repeated elements (v3's `<color>`) are one list. Cockatrice's own bookkeeping
//! (`related`, `token`, `tablerow`, `cipt`, …) is skipped.

use std::collections::HashMap;

use deckhand_core::{Location, SetInfo};

use crate::error::FormatError;
use crate::xml::{parse_without_dtd, Element};

/// A card database as a table, with where each row and cell sits in the XML.
#[derive(Debug, Clone, PartialEq)]
pub struct CardTable {
    pub header: Vec<String>,
    /// Each card's row: numbered from 2 (row 1 is the header), as the core reports them.
    pub rows: Vec<(usize, Vec<String>)>,
    /// The sets the file declares (code and long name), for the sets its cards use.
    pub sets: Vec<SetInfo>,
    /// Per row (index = row number − 2): the `<card>`'s line and column, and per column
    /// the element the cell came from.
    positions: Vec<RowPositions>,
    /// Per column, the first element that gave it (where a header problem is reported).
    first: Vec<(usize, usize)>,
}

#[derive(Debug, Clone, PartialEq)]
struct RowPositions {
    card: (usize, usize),
    cells: HashMap<usize, (usize, usize)>,
}

/// Elements of a `<card>` that are Cockatrice's own and no card field.
const SKIPPED: &[&str] = &[
    "related",
    "reverse-related",
    "token",
    "tablerow",
    "cipt",
    "upsidedown",
    "landscapeorientation",
    "picurl",
];

impl CardTable {
    /// Where the problem of `row` (and `column`, 1-based, if one) sits: line and column.
    pub fn locate(&self, row: usize, column: Option<usize>) -> Option<(usize, usize)> {
        if row == 1 {
            return column.and_then(|c| self.first.get(c - 1).copied());
        }
        let at = self.positions.get(row.checked_sub(2)?)?;
        Some(
            column
                .and_then(|c| at.cells.get(&(c - 1)).copied())
                .unwrap_or(at.card),
        )
    }
}

/// Reads a Cockatrice card database into a [`CardTable`]. Not well-formed XML, a DTD, a
/// root that is not `<cockatrice_carddatabase>` or a version other than 3 or 4 is an
/// error naming the line and column.
pub fn read_cockatrice_cards(source_name: &str, text: &str) -> Result<CardTable, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let root = parse_without_dtd(source_name, text)?;
    let error = |line: usize, column: usize, message: String| FormatError::CardFile {
        source_name: source_name.to_owned(),
        location: Location::LineColumn { line, column },
        message,
    };
    if !root.is("cockatrice_carddatabase") {
        return Err(error(
            root.line,
            root.column,
            format!(
                "the root element is <{}>, not <cockatrice_carddatabase>: not a Cockatrice card database",
                root.name
            ),
        ));
    }
    match root.attribute("version").map(str::trim) {
        None | Some("3" | "4") => {}
        Some(other) => {
            return Err(error(
                root.line,
                root.column,
                format!("Cockatrice card database version {other}: versions 3 and 4 are read"),
            ))
        }
    }
    let sets = root
        .children_named("sets")
        .flat_map(|s| s.children_named("set"))
        .filter_map(|set| {
            let code = set.child_text("name")?.trim().to_owned();
            let long = set.child_text("longname").map(str::trim).unwrap_or("");
            Some(SetInfo {
                name: if long.is_empty() {
                    code.clone()
                } else {
                    long.to_owned()
                },
                code,
            })
        })
        .collect();
    let mut table = CardTable {
        header: Vec::new(),
        rows: Vec::new(),
        sets,
        positions: Vec::new(),
        first: Vec::new(),
    };
    let mut columns: HashMap<String, usize> = HashMap::new();
    let cards = root
        .children_named("cards")
        .flat_map(|c| c.children_named("card"));
    for card in cards {
        let mut cells: Vec<(String, String, (usize, usize))> = Vec::new();
        let put = |cells: &mut Vec<(String, String, (usize, usize))>,
                   name: &str,
                   value: &str,
                   at: &Element| {
            let value = value.trim();
            if let Some(cell) = cells.iter_mut().find(|(n, _, _)| n == name) {
                // A repeated element (v3's <color>) is a list.
                if !value.is_empty() {
                    if !cell.1.is_empty() {
                        cell.1.push_str("; ");
                    }
                    cell.1.push_str(value);
                }
            } else {
                cells.push((name.to_owned(), value.to_owned(), (at.line, at.column)));
            }
        };
        let has_maintype = card
            .children_named("prop")
            .any(|p| p.children_named("maintype").next().is_some())
            || card.children_named("maintype").next().is_some();
        let props = card.children_named("prop").flat_map(|p| p.children.iter());
        for child in card.children.iter().filter(|c| !c.is("prop")).chain(props) {
            let name = child.name.to_ascii_lowercase();
            match name.as_str() {
                "set" => {
                    if !cells.iter().any(|(n, _, _)| n == "set") {
                        put(&mut cells, "set", &child.text, child);
                        if let Some(num) = child.attribute("num") {
                            put(&mut cells, "number", num, child);
                        }
                    }
                }
                "maintype" => put(&mut cells, "type", &child.text, child),
                "type" if has_maintype => {}
                _ if SKIPPED.contains(&name.as_str()) => {}
                _ => put(&mut cells, &child.name, &child.text, child),
            }
        }
        let mut row = vec![String::new(); table.header.len()];
        let mut at = RowPositions {
            card: (card.line, card.column),
            cells: HashMap::new(),
        };
        for (name, value, position) in cells {
            let index = *columns.entry(name.to_ascii_lowercase()).or_insert_with(|| {
                table.header.push(name.clone());
                table.first.push(position);
                table.header.len() - 1
            });
            if row.len() <= index {
                row.resize(index + 1, String::new());
            }
            row[index] = value;
            at.cells.insert(index, position);
        }
        table.rows.push((table.rows.len() + 2, row));
        table.positions.push(at);
    }
    if table.rows.is_empty() {
        return Err(error(
            root.line,
            root.column,
            "no <card> in <cards>: the file holds no cards".into(),
        ));
    }
    // Rows read before a later card added a column are short: pad them.
    let width = table.header.len();
    for (_, row) in &mut table.rows {
        row.resize(width, String::new());
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    const V4: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_carddatabase version="4">
  <sets><set><name>MY1</name><longname>My First Set</longname></set></sets>
  <cards>
    <card>
      <name>Test Liger</name>
      <text>Charge.</text>
      <prop>
        <type>Zoid — Liger</type>
        <maintype>Zoid</maintype>
        <power>5</power>
      </prop>
      <set num="7" picurl="http://example.invalid/a.png">MY1</set>
      <tablerow>2</tablerow>
    </card>
    <card>
      <name>Other</name>
      <prop><maintype>Pilot</maintype><cost>2</cost></prop>
    </card>
  </cards>
</cockatrice_carddatabase>"#;

    #[test]
    fn a_v4_card_becomes_a_row_with_maintype_set_number_and_props() {
        let table = read_cockatrice_cards("cards.xml", V4).unwrap();
        // Direct children first, then the props, each column where first seen.
        assert_eq!(
            table.header,
            ["name", "text", "set", "number", "type", "power", "cost"]
        );
        assert_eq!(
            table.rows[0].1,
            ["Test Liger", "Charge.", "MY1", "7", "Zoid", "5", ""]
        );
        assert_eq!(table.rows[1].0, 3);
        assert_eq!(table.rows[1].1, ["Other", "", "", "", "Pilot", "", "2"]);
        assert_eq!(table.sets[0].name, "My First Set");
        assert_eq!(table.locate(2, Some(6)), Some((11, 9)));
        assert_eq!(table.locate(3, None), Some((16, 5)));
        assert_eq!(table.locate(1, Some(7)), Some((18, 39)));
    }

    #[test]
    fn a_v3_card_takes_its_direct_children_and_repeated_colors_as_a_list() {
        let text = "<cockatrice_carddatabase version='3'><cards><card><name>A</name><set num='1'>S</set><color>W</color><color>U</color><type>Unit</type><related>B</related></card></cards></cockatrice_carddatabase>";
        let table = read_cockatrice_cards("cards.xml", text).unwrap();
        assert_eq!(table.header, ["name", "set", "number", "color", "type"]);
        assert_eq!(table.rows[0].1, ["A", "S", "1", "W; U", "Unit"]);
    }

    #[test]
    fn files_that_are_not_cockatrice_card_databases_name_the_line_and_column() {
        let cases = [
            (
                "<cockatrice_deck/>",
                "c.xml:1:1: the root element is <cockatrice_deck>",
            ),
            (
                "<cockatrice_carddatabase version='5'><cards/></cockatrice_carddatabase>",
                "c.xml:1:1: Cockatrice card database version 5",
            ),
            (
                "<cockatrice_carddatabase><cards/></cockatrice_carddatabase>",
                "c.xml:1:1: no <card>",
            ),
            (
                "<cockatrice_carddatabase>\n<cards><card></cards>",
                "c.xml:2:",
            ),
            (
                "<!DOCTYPE x [<!ENTITY a 'b'>]><cockatrice_carddatabase/>",
                "c.xml:1:1: a <!DOCTYPE>",
            ),
        ];
        for (text, expected) in cases {
            let message = read_cockatrice_cards("c.xml", text)
                .unwrap_err()
                .to_string();
            assert!(message.starts_with(expected), "{text}: {message}");
        }
    }
}
