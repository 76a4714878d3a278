//! The plain-text deck format, as Deckhand writes it (`3 Card Name` per line, `#` comments,
//! section header lines, `# game:` / `# side:` / `# name:` / `# format:` headers) and as people paste
//! lists from other tools (`SB: 2 Name`, `4x`, tabs, `(set) 123`, `*F*`, category headers
//! such as `Creature (12)` or `Trainer: 18`, titles).

use std::borrow::Cow;

use deckhand_core::{clip, one_line, Game, Location, Side};

use crate::error::FormatError;
use crate::import_report::SkippedLine;
use crate::sections::{is_foreign_zone, known_section, section_for, SectionNames};

/// What a deck file says about itself before any card is read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeckHeader {
    pub game: Option<String>,
    pub side: Option<Side>,
    /// A `# name:` line (written by Deckhand's export).
    pub name: Option<String>,
    /// A `# format:` line: the game's rule variant the deck is built for (its id or
    /// name; the facade checks that the game has it).
    pub format: Option<String>,
}

/// One card line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckLine {
    /// 1-based line number in the file (a JSON deck: the card's position in the file).
    pub line: usize,
    pub section: String,
    pub count: u32,
    pub name: String,
    pub set: Option<String>,
    pub number: Option<String>,
}

/// Reads the `# game:`, `# side:`, `# name:` and `# format:` comment lines. A `# side:` that is not
/// `hero` or `villain` is an error naming the file and line: silently ignoring it would
/// check the deck as the other side.
pub fn deck_header(source_name: &str, text: &str) -> Result<DeckHeader, FormatError> {
    let mut header = DeckHeader::default();
    for (index, line) in text_lines(text).lines().enumerate() {
        let Some(comment) = line.trim().strip_prefix('#') else {
            continue;
        };
        let Some((key, value)) = comment.split_once(':') else {
            continue;
        };
        match key.trim().to_ascii_lowercase().as_str() {
            "game" => header.game = Some(value.trim().to_owned()),
            "side" => {
                header.side = Some(Side::parse(value).ok_or_else(|| FormatError::Deck {
                    source_name: source_name.to_owned(),
                    location: Location::LineColumn {
                        line: index + 1,
                        column: 1,
                    },
                    message: format!(
                        "'# side: {}' is not a side: write hero or villain",
                        value.trim()
                    ),
                })?)
            }
            "name" => header.name = Some(value.trim().to_owned()).filter(|n| !n.is_empty()),
            "format" => header.format = Some(value.trim().to_owned()).filter(|n| !n.is_empty()),
            _ => {}
        }
    }
    Ok(header)
}

/// The biggest count one line may carry (and, after rows of one card are added up, one card
/// in one section).
pub const MAX_COUNT: u32 = 999;

/// A byte-order mark some editors write before the first character.
pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The text without a byte-order mark, its lines ended by LF or CRLF: old Mac editors end
/// lines with a lone CR, which the header and the card lines must both read as line ends.
fn text_lines(text: &str) -> Cow<'_, str> {
    let text = strip_bom(text);
    if text.contains('\r') && !text.contains('\n') {
        Cow::Owned(text.replace('\r', "\n"))
    } else {
        Cow::Borrowed(text)
    }
}

/// What a text list holds: its card lines, the section names it used and the lines it
/// skipped as headers or titles.
pub(crate) struct TextDeck {
    pub lines: Vec<DeckLine>,
    pub names: SectionNames,
    pub skipped: Vec<SkippedLine>,
}

/// Reads the card lines of a text deck list for `game`, as people paste them: a line that
/// starts with a count is a card (`4 Name`, `4x Name`, `4<TAB>Name`, `SB: 2 Name`, with
/// an optional `(set) 123` and a trailing foil marker `*F*`); a line naming a section
/// switches to it; any other line is a category header or a title and is skipped (and
/// reported). Errors name the file and line.
pub(crate) fn read_text(
    source_name: &str,
    text: &str,
    game: &Game,
) -> Result<TextDeck, FormatError> {
    let mut section = "main".to_owned();
    let mut deck = TextDeck {
        lines: Vec::new(),
        names: SectionNames::default(),
        skipped: Vec::new(),
    };
    for (index, raw) in text_lines(text).lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        let error = |message: String| FormatError::Deck {
            source_name: source_name.to_owned(),
            location: Location::LineColumn {
                line: number,
                column: 1,
            },
            message,
        };
        let (card_section, card) = match strip_prefix_ignore_case(line, "SB:") {
            Some(rest) => ("side".to_owned(), rest.trim_start()),
            None => (section.clone(), line),
        };
        let Some((digits, rest)) = split_count(card) else {
            if card_section != section {
                return Err(error(format!(
                    "expected a count and a card name after 'SB:', found '{}'",
                    clip(line)
                )));
            }
            if let Some(id) = known_section(game, line) {
                section = id;
                deck.names.note(section_for(game, line));
            } else if is_foreign_zone(line) {
                let name = section_for(game, line);
                section = name.section.clone();
                deck.names.note(name);
            } else {
                deck.skipped.push(SkippedLine {
                    line: number,
                    // Shown back as it was, less what would break the report's line.
                    text: one_line(line),
                });
            }
            continue;
        };
        let count = parse_count(digits).map_err(error)?;
        let (name, set, set_number) = split_printing(&strip_foil_marker(rest));
        if name.is_empty() {
            return Err(error(format!(
                "a card line needs a card name after its count, found '{}'",
                clip(line)
            )));
        }
        deck.lines.push(DeckLine {
            line: number,
            section: card_section,
            count,
            name,
            set,
            number: set_number,
        });
    }
    Ok(deck)
}

/// A count as written (digits, or anything else a file put there) → 1 to [`MAX_COUNT`].
pub(crate) fn parse_count(written: &str) -> Result<u32, String> {
    let trimmed = written.trim();
    let (negative, digits) = match trimmed.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, trimmed.strip_prefix('+').unwrap_or(trimmed)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "a count must be a whole number, found '{}'",
            clip(trimmed)
        ));
    }
    let value = digits.trim_start_matches('0');
    match value.parse::<u32>() {
        Ok(count) if !negative && value.len() <= 3 && (1..=MAX_COUNT).contains(&count) => Ok(count),
        _ => Err(format!(
            "a count must be between 1 and {MAX_COUNT}, found {}",
            clip(trimmed)
        )),
    }
}

fn strip_prefix_ignore_case<'a>(line: &'a str, prefix: &str) -> Option<&'a str> {
    let head = line.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &line[prefix.len()..])
}

/// `3 Name`, `3x Name`, `3X Name`, `3<TAB>Name` → ("3", "Name"); a line whose leading
/// digits are not followed by a space (`1st place`) is not a card line.
fn split_count(line: &str) -> Option<(&str, &str)> {
    let end = line
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(line.len());
    if end == 0 {
        return None;
    }
    let rest = &line[end..];
    let rest = rest.strip_prefix(['x', 'X']).unwrap_or(rest);
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then(|| (&line[..end], rest.trim()))
}

/// `Name *F*` → `Name`: the foil and etched markers deck sites append.
fn strip_foil_marker(rest: &str) -> String {
    let mut name = rest.trim_end();
    while let Some(before) = ["*F*", "*f*", "*E*", "*e*"]
        .iter()
        .find_map(|m| name.strip_suffix(m))
        .filter(|before| before.is_empty() || before.ends_with(char::is_whitespace))
    {
        name = before.trim_end();
    }
    name.to_owned()
}

/// `Name (SET) 123` → ("Name", Some("SET"), Some("123")).
fn split_printing(rest: &str) -> (String, Option<String>, Option<String>) {
    if let Some(open) = rest.rfind(" (") {
        if let Some(close) = rest[open..].find(')') {
            let set = rest[open + 2..open + close].trim();
            let after = rest[open + close + 1..].trim();
            // A collector number has a digit: "Odd (Name) Card" is a name, not a printing.
            let looks_like_number = after.is_empty()
                || (after.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    && after.chars().any(|c| c.is_ascii_digit()));
            if !set.is_empty() && !set.contains(' ') && looks_like_number {
                let number = (!after.is_empty()).then(|| after.to_owned());
                return (rest[..open].trim().to_owned(), Some(set.to_owned()), number);
            }
        }
    }
    (rest.trim().to_owned(), None, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Unit"
[[sections]]
id = "characters"
name = "Characters"
[[sections]]
id = "main"
name = "Deck"
"#;

    fn game() -> Game {
        Game::from_toml("tiny.toml", GAME).unwrap()
    }

    fn summary(text: &str) -> Vec<String> {
        read_text("d.txt", text, &game())
            .unwrap()
            .lines
            .iter()
            .map(|l| {
                format!(
                    "{} {} {}x {} {:?} {:?}",
                    l.line, l.section, l.count, l.name, l.set, l.number
                )
            })
            .collect()
    }

    #[test]
    fn lines_counts_sections_and_printings_are_read() {
        let text = "# game: tiny\n# side: Villain\n# Format:  One of each Super \n\nCharacters\n1 Big Boss\nDeck:\n3 Storm Hawk\n2x Rock (T1) 042\n// note\nSideboard\n4X Ember Cub (T2)\nMaybe\n1 Odd (Name) Card\n";
        assert_eq!(
            deck_header("d.txt", text).unwrap(),
            DeckHeader {
                game: Some("tiny".into()),
                side: Some(Side::Villain),
                name: None,
                format: Some("One of each Super".into()),
            }
        );
        assert_eq!(
            summary(text),
            [
                "6 characters 1x Big Boss None None",
                "8 main 3x Storm Hawk None None",
                "9 main 2x Rock Some(\"T1\") Some(\"042\")",
                "12 side 4x Ember Cub Some(\"T2\") None",
                "14 maybe 1x Odd (Name) Card None None",
            ]
        );
    }

    #[test]
    fn an_invalid_side_header_names_the_file_and_line() {
        for (text, expected) in [
            (
                "# game: tiny\n# side: hreo\n3 Hawk\n",
                "d.txt:2:1: '# side: hreo' is not a side: write hero or villain",
            ),
            (
                "# side:\n",
                "d.txt:1:1: '# side: ' is not a side: write hero or villain",
            ),
        ] {
            assert_eq!(
                deck_header("d.txt", text).unwrap_err().to_string(),
                expected
            );
        }
        // A header read from a file with a byte-order mark and lone-CR line ends is the
        // header line alone, not the rest of the file.
        for text in ["#  SIDE :  Hero \n", "\u{feff}# side: hero\r1 Hawk\r"] {
            assert_eq!(
                deck_header("d.txt", text).unwrap().side,
                Some(Side::Hero),
                "{text:?}"
            );
        }
    }

    #[test]
    fn pasted_lists_from_other_tools_are_read_line_by_line() {
        let cases: &[(&str, &[&str])] = &[
            (
                "SB: 2 Hawk\nSB:  3 Rock",
                &["1 side 2x Hawk None None", "2 side 3x Rock None None"],
            ),
            (
                "4\tHawk\n  2 Rock  \n\t1x Cub",
                &[
                    "1 main 4x Hawk None None",
                    "2 main 2x Rock None None",
                    "3 main 1x Cub None None",
                ],
            ),
            (
                "1 Hawk (zsx) 30p *F*\n1 Rock *F*",
                &[
                    "1 main 1x Hawk Some(\"zsx\") Some(\"30p\")",
                    "2 main 1x Rock None None",
                ],
            ),
            (
                "Creature (2)\n2 Hawk\nTrainer: 18\n1 Ninja: Dan",
                &["2 main 2x Hawk None None", "4 main 1x Ninja: Dan None None"],
            ),
            (
                "SIDEBOARD:\n1 Hawk\nDeck\n1 Rock",
                &["2 side 1x Hawk None None", "4 main 1x Rock None None"],
            ),
            (
                "Reserve\n1 Hawk\nCommand Zone:\n1 Rock",
                &[
                    "2 Reserve 1x Hawk None None",
                    "4 Command Zone 1x Rock None None",
                ],
            ),
            (
                "1 Æther ＊Star＊ = #9 | Back \"Q\"  ",
                &["1 main 1x Æther ＊Star＊ = #9 | Back \"Q\" None None"],
            ),
            (
                "\u{feff}1 Hawk\r\n1 Rock\r\n",
                &["1 main 1x Hawk None None", "2 main 1x Rock None None"],
            ),
            (
                "1 Hawk\r1 Rock\r",
                &["1 main 1x Hawk None None", "2 main 1x Rock None None"],
            ),
            (
                "1st Place Deck\n1 Hawk\n\nExported from somewhere",
                &["2 main 1x Hawk None None"],
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(summary(text), *expected, "{text:?}");
        }
    }

    #[test]
    fn skipped_lines_and_sections_are_reported() {
        let deck = read_text(
            "d.txt",
            "My Deck\nCreature (2)\n2 Hawk\nSideboard\n1 Rock\nReserve\n1 Cub\nby Someone",
            &game(),
        )
        .unwrap();
        let skipped: Vec<(usize, &str)> = deck
            .skipped
            .iter()
            .map(|s| (s.line, s.text.as_str()))
            .collect();
        assert_eq!(
            skipped,
            [(1, "My Deck"), (2, "Creature (2)"), (8, "by Someone")]
        );
        let names = deck.names.into_vec();
        let names: Vec<(&str, &str)> = names
            .iter()
            .map(|n| (n.written.as_str(), n.section.as_str()))
            .collect();
        assert_eq!(names, [("Sideboard", "side"), ("Reserve", "Reserve")]);
    }

    #[test]
    fn bad_lines_name_the_file_and_line() {
        let cases = [
            (
                "0 Hawk\n",
                "d.txt:1:1: a count must be between 1 and 999, found 0",
            ),
            (
                "3 Hawk\n3x\n",
                "d.txt:2:1: a card line needs a card name after its count, found '3x'",
            ),
            (
                "12345 Hawk\n",
                "d.txt:1:1: a count must be between 1 and 999, found 12345",
            ),
            (
                "4294967296 Hawk\n",
                "d.txt:1:1: a count must be between 1 and 999, found 4294967296",
            ),
            (
                "SB: Hawk\n",
                "d.txt:1:1: expected a count and a card name after 'SB:', found 'SB: Hawk'",
            ),
        ];
        for (text, expected) in cases {
            let error = read_text("d.txt", text, &game()).err().unwrap();
            assert_eq!(error.to_string(), expected, "{text:?}");
        }
    }

    #[test]
    fn counts_are_whole_numbers_from_1_to_999() {
        let cases = [
            ("1", Ok(1)),
            ("999", Ok(999)),
            ("007", Ok(7)),
            (" 4 ", Ok(4)),
            ("0", Err("a count must be between 1 and 999, found 0")),
            ("1000", Err("a count must be between 1 and 999, found 1000")),
            ("-2", Err("a count must be between 1 and 999, found -2")),
            (
                "4294967295",
                Err("a count must be between 1 and 999, found 4294967295"),
            ),
            (
                "99999999999999999999999",
                Err("a count must be between 1 and 999, found 99999999999999999999999"),
            ),
            ("2.5", Err("a count must be a whole number, found '2.5'")),
            ("", Err("a count must be a whole number, found ''")),
        ];
        for (written, expected) in cases {
            assert_eq!(
                parse_count(written),
                expected.map_err(str::to_owned),
                "{written:?}"
            );
        }
    }
}
