//! The plain-text deck format: `3 Card Name` or `3x Card Name` per line, optionally
//! followed by `(SET) 123`; `#` comments; section header lines (`Main`, `Side`, `Maybe`, or a
//! section of the game such as `Characters`); a first-line `# game: id` and a `# side:` line.

use deckhand_core::{fold_name, Game, Location, Side};

use crate::error::FormatError;

/// What a deck file says about itself before any card is read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeckHeader {
    pub game: Option<String>,
    pub side: Option<Side>,
    /// A `# name:` line (written by Deckhand's export).
    pub name: Option<String>,
}

/// One card line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckLine {
    /// 1-based line number in the file.
    pub line: usize,
    pub section: String,
    pub count: u32,
    pub name: String,
    pub set: Option<String>,
    pub number: Option<String>,
}

/// Reads the `# game:` and `# side:` comment lines.
pub fn deck_header(text: &str) -> DeckHeader {
    let mut header = DeckHeader::default();
    for line in text.lines() {
        let Some(comment) = line.trim().strip_prefix('#') else {
            continue;
        };
        let Some((key, value)) = comment.split_once(':') else {
            continue;
        };
        match key.trim().to_ascii_lowercase().as_str() {
            "game" => header.game = Some(value.trim().to_owned()),
            "side" => header.side = Side::parse(value),
            "name" => header.name = Some(value.trim().to_owned()).filter(|n| !n.is_empty()),
            _ => {}
        }
    }
    header
}

/// Parses the card lines of a deck file for `game`. Errors name the file and line.
pub fn parse_deck_text(
    source_name: &str,
    text: &str,
    game: &Game,
) -> Result<Vec<DeckLine>, FormatError> {
    let mut section = "main".to_owned();
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        if let Some(id) = section_id(game, line) {
            section = id;
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
        let (count, rest) = split_count(line).ok_or_else(|| {
            error(format!(
                "expected '3 Card Name' or a section header, found '{line}'"
            ))
        })?;
        if count == 0 || count > 999 {
            return Err(error(format!(
                "a count must be between 1 and 999, found {count}"
            )));
        }
        let (name, set, set_number) = split_printing(rest);
        if name.is_empty() {
            return Err(error(
                "a card line needs a card name after its count".into(),
            ));
        }
        lines.push(DeckLine {
            line: number,
            section: section.clone(),
            count,
            name,
            set,
            number: set_number,
        });
    }
    Ok(lines)
}

/// The section a header line names, if it is one: a game section's id or name, or a
/// generic one (`Side`/`Sideboard`, `Maybe`/`Maybeboard`); a trailing `:` is allowed.
pub(crate) fn section_id(game: &Game, line: &str) -> Option<String> {
    let key = fold_name(line.trim_end_matches(':'));
    let key = key.split(" (").next().unwrap_or(&key).trim().to_owned();
    match key.as_str() {
        "side" | "sideboard" => return Some("side".into()),
        "maybe" | "maybeboard" => return Some("maybe".into()),
        "main" | "main deck" | "maindeck" | "deck" => return Some("main".into()),
        _ => {}
    }
    game.sections
        .iter()
        .find(|s| fold_name(&s.id) == key || fold_name(&s.name) == key)
        .map(|s| s.id.clone())
}

/// `3 Name`, `3x Name`, `3X Name` → (3, "Name").
fn split_count(line: &str) -> Option<(u32, &str)> {
    let digits = line.find(|c: char| !c.is_ascii_digit())?;
    if digits == 0 {
        return None;
    }
    let count = line[..digits].parse().ok()?;
    let rest = &line[digits..];
    let rest = rest.strip_prefix(['x', 'X']).unwrap_or(rest);
    rest.starts_with(char::is_whitespace)
        .then(|| (count, rest.trim()))
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

    #[test]
    fn lines_counts_sections_and_printings_are_read() {
        let text = "# game: tiny\n# side: Villain\n\nCharacters\n1 Big Boss\nDeck:\n3 Storm Hawk\n2x Rock (T1) 042\n// note\nSideboard\n4X Ember Cub (T2)\nMaybe\n1 Odd (Name) Card\n";
        assert_eq!(
            deck_header(text),
            DeckHeader {
                game: Some("tiny".into()),
                side: Some(Side::Villain),
                name: None
            }
        );
        let lines = parse_deck_text("d.txt", text, &game()).unwrap();
        let summary: Vec<String> = lines
            .iter()
            .map(|l| {
                format!(
                    "{} {} {}x {} {:?} {:?}",
                    l.line, l.section, l.count, l.name, l.set, l.number
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                "5 characters 1x Big Boss None None",
                "7 main 3x Storm Hawk None None",
                "8 main 2x Rock Some(\"T1\") Some(\"042\")",
                "11 side 4x Ember Cub Some(\"T2\") None",
                "13 maybe 1x Odd (Name) Card None None",
            ]
        );
    }

    #[test]
    fn bad_lines_name_the_file_and_line() {
        let cases = [
            (
                "3 Hawk\nHawk\n",
                "d.txt:2:1: expected '3 Card Name' or a section header, found 'Hawk'",
            ),
            (
                "0 Hawk\n",
                "d.txt:1:1: a count must be between 1 and 999, found 0",
            ),
            (
                "3x\n",
                "d.txt:1:1: expected '3 Card Name' or a section header, found '3x'",
            ),
            (
                "12345 Hawk\n",
                "d.txt:1:1: a count must be between 1 and 999, found 12345",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                parse_deck_text("d.txt", text, &game())
                    .unwrap_err()
                    .to_string(),
                expected,
                "{text:?}"
            );
        }
    }
}
