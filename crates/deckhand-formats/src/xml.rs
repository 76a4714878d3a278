//! A small element tree read with quick-xml's event reader, for the three XML deck formats.
//!
//! Why not serde: real files carry extra attributes and elements, single quotes, CDATA,
//! entities and byte-order marks, and a refusal must name the line and column. The event
//! reader gives exact positions; a tree of the (small) document keeps each format's
//! reader a plain walk. Names compare without case or namespace prefix.

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use deckhand_core::Location;

use crate::error::FormatError;

/// Deeper than any deck file nests; a limit keeps hostile input from exhausting the stack
/// when the tree is dropped or walked.
const MAX_DEPTH: usize = 64;

/// One element: its name, attributes, text (CDATA and entities resolved) and children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
    pub text: String,
    pub children: Vec<Element>,
    /// Where the start tag begins (1-based line and column).
    pub line: usize,
    pub column: usize,
}

impl Element {
    /// The attribute `name` (any case), if present.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// Direct children named `name`.
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> {
        self.children.iter().filter(move |c| c.is(name))
    }

    /// The text of the first child named `name`.
    pub fn child_text<'a>(&'a self, name: &'a str) -> Option<&'a str> {
        self.children_named(name).next().map(|c| c.text.as_str())
    }
}

/// Line starts of a text, to turn byte offsets into line:column.
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines { text, starts }
    }

    /// 1-based line and column (in characters) of byte `offset`.
    fn locate(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let column = self
            .text
            .get(start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        (line, column)
    }
}

/// Parses `text` (a byte-order mark already removed) into its root element. A document
/// that is not well-formed is an error naming `source_name`, the line and the column.
pub(crate) fn parse(source_name: &str, text: &str) -> Result<Element, FormatError> {
    parse_with(source_name, text, false)
}

/// [`parse`], refusing a `<!DOCTYPE …>`: a document type can declare entities, and a few
/// nested ones expand to gigabytes (the "billion laughs"). Deck files never had one
/// declaring anything, so they keep being read as before; card databases refuse it.
pub(crate) fn parse_without_dtd(source_name: &str, text: &str) -> Result<Element, FormatError> {
    parse_with(source_name, text, true)
}

fn parse_with(source_name: &str, text: &str, refuse_dtd: bool) -> Result<Element, FormatError> {
    let lines = Lines::new(text);
    let error_at = |offset: usize, message: String| {
        let (line, column) = lines.locate(offset);
        FormatError::Deck {
            source_name: source_name.to_owned(),
            location: Location::LineColumn { line, column },
            message,
        }
    };
    let mut reader = Reader::from_str(text);
    // Every start tag must be closed by its own name; a stray `&` is an error.
    reader.config_mut().check_end_names = true;
    let mut stack: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    loop {
        let offset = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let event = reader.read_event().map_err(|e| {
            let at = usize::try_from(reader.error_position()).unwrap_or(usize::MAX);
            error_at(at, format!("not well-formed XML: {e}"))
        })?;
        let (line, column) = lines.locate(offset);
        match event {
            Event::Start(_) | Event::Empty(_) if root.is_some() => {
                return Err(error_at(offset, "a second root element".into()));
            }
            Event::Start(start) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(error_at(
                        offset,
                        format!("elements nested more than {MAX_DEPTH} deep"),
                    ));
                }
                let element =
                    element(&start, line, column).map_err(|message| error_at(offset, message))?;
                stack.push(element);
            }
            Event::Empty(start) => {
                let element =
                    element(&start, line, column).map_err(|message| error_at(offset, message))?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(element),
                    None => root = Some(element),
                }
            }
            Event::End(_) => {
                // check_end_names guarantees a matching open element.
                let Some(done) = stack.pop() else {
                    return Err(error_at(offset, "a closing tag with no opening tag".into()));
                };
                match stack.last_mut() {
                    Some(parent) => parent.children.push(done),
                    None => root = Some(done),
                }
            }
            Event::Text(t) => {
                let content = t.xml10_content();
                match stack.last_mut() {
                    Some(parent) => parent.text.push_str(&content),
                    None if content.trim().is_empty() => {}
                    None => return Err(error_at(offset, "text outside the root element".into())),
                }
            }
            Event::CData(c) => {
                if let Some(parent) = stack.last_mut() {
                    parent.text.push_str(&c.xml10_content());
                }
            }
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => c,
                    Ok(None) => predefined_entity(&r)
                        .ok_or_else(|| error_at(offset, format!("unknown entity &{};", &*r)))?,
                    Err(e) => {
                        return Err(error_at(offset, format!("bad character reference: {e}")))
                    }
                };
                match stack.last_mut() {
                    Some(parent) => parent.text.push(resolved),
                    None => return Err(error_at(offset, "text outside the root element".into())),
                }
            }
            Event::Eof => break,
            Event::DocType(_) if refuse_dtd => {
                return Err(error_at(
                    offset,
                    "a <!DOCTYPE> (a DTD, which may declare entities) is not accepted: remove it"
                        .into(),
                ));
            }
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
        }
    }
    if let Some(open) = stack.last() {
        return Err(error_at(
            text.len(),
            format!(
                "<{}> opened at {}:{} is never closed",
                open.name, open.line, open.column
            ),
        ));
    }
    root.ok_or_else(|| error_at(0, "no XML element found".into()))
}

fn element(start: &BytesStart, line: usize, column: usize) -> Result<Element, String> {
    let name = local(start.name().as_ref());
    let mut attributes = Vec::new();
    for attribute in start.attributes() {
        let attribute = attribute.map_err(|e| format!("bad attribute in <{name}>: {e}"))?;
        let value = attribute
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|e| format!("bad attribute value in <{name}>: {e}"))?;
        attributes.push((local(attribute.key.as_ref()), value.into_owned()));
    }
    Ok(Element {
        name,
        attributes,
        text: String::new(),
        children: Vec::new(),
        line,
        column,
    })
}

/// `ns:name` → `name`.
fn local(name: &str) -> String {
    name.rsplit_once(':')
        .map_or(name, |(_, local)| local)
        .to_owned()
}

fn predefined_entity(name: &str) -> Option<char> {
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_cdata_and_single_quotes_are_read() {
        let root = parse(
            "d.cod",
            "<?xml version='1.0'?>\r\n<deck a='R&amp;D &apos;x&apos;'><n>A &amp; B&#233;</n><c><![CDATA[<raw> & text]]></c><e/></deck>",
        )
        .unwrap();
        assert_eq!(root.attribute("A"), Some("R&D 'x'"));
        assert_eq!(root.child_text("n"), Some("A & Bé"));
        assert_eq!(root.child_text("c"), Some("<raw> & text"));
        assert_eq!(root.children[2].name, "e");
        assert_eq!((root.children[2].line, root.children[2].column), (2, 86));
    }

    #[test]
    fn malformed_documents_name_the_line_and_column() {
        let cases = [
            ("<a>\n<b>x & y</b></a>", "d.xml:2:"),
            (
                "<a>\n  <b name=\"R&D\"/></a>",
                "d.xml:2:3: bad attribute value",
            ),
            ("<a><b></a>", "d.xml:1:"),
            ("<a>", "d.xml:1:4: <a> opened at 1:1 is never closed"),
            ("", "d.xml:1:1: no XML element found"),
            ("<a/><b/>", "d.xml:1:5: a second root element"),
            ("<a>&bogus;</a>", "d.xml:1:4: unknown entity &bogus;"),
        ];
        for (text, expected) in cases {
            let message = parse("d.xml", text).unwrap_err().to_string();
            assert!(message.starts_with(expected), "{text:?}: {message}");
            assert_eq!(message.lines().count(), 1, "{message}");
        }
    }

    #[test]
    fn a_dtd_is_refused_where_asked_and_its_entities_never_expand() {
        let bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n]>\n<lolz>&lol2;</lolz>";
        let message = parse_without_dtd("c.xml", bomb).unwrap_err().to_string();
        assert!(message.starts_with("c.xml:2:1: a <!DOCTYPE>"), "{message}");
        // Without the refusal the entity is still unknown: never expanded.
        let message = parse("c.xml", bomb).unwrap_err().to_string();
        assert!(message.contains("unknown entity &lol2;"), "{message}");
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let text = "<a>".repeat(100_000);
        let message = parse("d.xml", &text).unwrap_err().to_string();
        assert!(message.contains("nested more than 64 deep"), "{message}");
    }
}
