//! Where a key of a TOML document sits: the checks serde cannot make name a key path
//! (`formats[0].replace[1]`, `stats.power`); a player editing the file needs the line and
//! column, so the path is looked up in the document's spanned parse.

use toml::de::{DeTable, DeValue};

use crate::error::{line_column, Location};

/// The line and column of the value at `path` in `text`, or of the deepest part of the
/// path that exists; `None` when the text does not parse or nothing of the path exists.
pub(crate) fn locate(text: &str, path: &str) -> Option<Location> {
    let document = DeTable::parse(text).ok()?;
    let mut table = document.get_ref();
    let mut found: Option<std::ops::Range<usize>> = None;
    let mut segments = segments(path).into_iter().peekable();
    while let Some(Segment::Key(key)) = segments.next() {
        let Some((k, value)) = table.iter().find(|(k, _)| k.get_ref() == key) else {
            break;
        };
        // A key's own span, so the column points at what the player wrote.
        found = Some(k.span());
        let mut value = value;
        while let Some(Segment::Index(i)) = segments.peek() {
            let DeValue::Array(items) = value.get_ref() else {
                break;
            };
            let Some(item) = items.get(*i) else { break };
            found = Some(item.span());
            value = item;
            segments.next();
        }
        match value.get_ref() {
            DeValue::Table(inner) => table = inner,
            _ => break,
        }
    }
    found.map(|span| line_column(text, span.start))
}

#[derive(Debug, PartialEq)]
enum Segment<'a> {
    Key(&'a str),
    Index(usize),
}

/// `formats[0].replace[1]` → `formats`, 0, `replace`, 1. A segment that is not a key or
/// an index ends the path (the caller then points at its deepest known part).
fn segments(path: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    for part in path.split('.') {
        let (key, mut rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
        if !key.is_empty() {
            out.push(Segment::Key(key));
        }
        while let Some((index, after)) = rest.split_once(']') {
            match index.parse() {
                Ok(i) => out.push(Segment::Index(i)),
                Err(_) => return out,
            }
            rest = after.strip_prefix('[').unwrap_or(after);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_path_is_found_at_its_line_and_column() {
        let text = "id = \"x\"\n[[deck.rules]]\nid = \"a\"\n[[deck.rules]]\n  id = \"b\"\n[stats.power]\nlabel = \"P\"\n";
        let at = |path: &str| locate(text, path).map(|l| l.to_string());
        assert_eq!(at("id").as_deref(), Some("1:1"));
        assert_eq!(at("deck.rules[1].id").as_deref(), Some("5:3"));
        assert_eq!(at("stats.power.label").as_deref(), Some("7:1"));
        // A missing tail points at the deepest part that exists.
        assert_eq!(at("stats.power.nothing").as_deref(), Some("6:8"));
        assert_eq!(at("nothing"), None);
    }

    #[test]
    fn paths_split_into_keys_and_indexes() {
        assert_eq!(
            segments("formats[0].replace[12]"),
            [
                Segment::Key("formats"),
                Segment::Index(0),
                Segment::Key("replace"),
                Segment::Index(12)
            ]
        );
    }
}
