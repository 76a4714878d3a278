//! A file that should be UTF-8 text and is not: UTF-16 (Windows' "Unicode" text, as Notepad
//! and spreadsheet programs save it), an older 8-bit encoding (Latin-1, Windows-1252), or
//! no text at all. Every reader of a user's text file asks [`utf8_text`], so each says
//! which and how to save the file as UTF-8, and keeps calling a binary file binary.

use std::fmt;

/// What a file is when it is not UTF-8 text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotUtf8 {
    /// UTF-16 or UTF-32 (`bits`): a byte-order mark, or a NUL in every other byte.
    Wide { bits: u8 },
    /// Not UTF-8, but with no NUL and hardly a control byte: Latin-1 or Windows-1252 text,
    /// most likely. `at` is the first byte that is not UTF-8, on 1-based `line`, `column`.
    Legacy {
        at: usize,
        line: usize,
        column: usize,
    },
    /// Not text: a NUL byte (`nul`), or bytes that are neither UTF-8 nor text, from `at`.
    Binary {
        at: usize,
        nul: bool,
        line: usize,
        column: usize,
    },
}

/// The advice every encoding message ends with.
const SAVE_AS_UTF8: &str =
    "save it as UTF-8 (in most editors: Save As, Encoding: UTF-8) and import it again";

impl NotUtf8 {
    /// What the file is and how to save it as UTF-8, without where.
    pub fn advice(&self) -> String {
        match self {
            NotUtf8::Wide { bits } => format!("this file is UTF-{bits} text; {SAVE_AS_UTF8}"),
            NotUtf8::Legacy { .. } => format!(
                "this file is not UTF-8 but Latin-1 or Windows-1252 text, most likely; {SAVE_AS_UTF8}"
            ),
            NotUtf8::Binary { .. } => "not a text file: it holds binary data".to_owned(),
        }
    }

    /// The 1-based line and column of the first byte at fault (none for UTF-16).
    pub fn place(&self) -> Option<(usize, usize)> {
        match *self {
            NotUtf8::Wide { .. } => None,
            NotUtf8::Legacy { line, column, .. } | NotUtf8::Binary { line, column, .. } => {
                Some((line, column))
            }
        }
    }
}

/// One line: where, when there is a place, then [`NotUtf8::advice`].
impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place() {
            Some((line, column)) => write!(f, "line {line}, column {column}: {}", self.advice()),
            None => f.write_str(&self.advice()),
        }
    }
}

/// `bytes` as UTF-8 text (a UTF-8 byte-order mark is the caller's to strip or keep), or
/// what they are instead.
pub fn utf8_text(bytes: &[u8]) -> Result<&str, NotUtf8> {
    if let Some(bits) = wide(bytes) {
        return Err(NotUtf8::Wide { bits });
    }
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        let (line, column) = place(bytes, at);
        return Err(NotUtf8::Binary {
            at,
            nul: true,
            line,
            column,
        });
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let (line, column) = place(bytes, at);
        if looks_like_text(bytes) {
            NotUtf8::Legacy { at, line, column }
        } else {
            NotUtf8::Binary {
                at,
                nul: false,
                line,
                column,
            }
        }
    })
}

/// UTF-16 or UTF-32 by their byte-order mark, or UTF-16 without one: text that is mostly
/// ASCII has a NUL in every other byte (the odd ones little-endian, the even ones big).
fn wide(bytes: &[u8]) -> Option<u8> {
    if bytes.starts_with(b"\xFF\xFE\0\0") || bytes.starts_with(b"\0\0\xFE\xFF") {
        return Some(32);
    }
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Some(16);
    }
    let sample = &bytes[..bytes.len().min(1024)];
    let pairs = sample.len() / 2;
    if pairs < 2 {
        return None;
    }
    let (mut little, mut big) = (0, 0);
    for pair in sample.chunks_exact(2) {
        match (pair[0], pair[1]) {
            (0, 0) => {}
            (_, 0) => little += 1,
            (0, _) => big += 1,
            _ => {}
        }
    }
    // Nine pairs in ten: a binary file's NULs come in runs, not one to a pair.
    (little.max(big) * 10 >= pairs * 9).then_some(16)
}

/// Whether bytes with no NUL read as text in an 8-bit encoding: fewer than one in a
/// hundred is a control byte other than a tab, a line break or a form feed.
fn looks_like_text(bytes: &[u8]) -> bool {
    let control = bytes
        .iter()
        .filter(|&&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C)) || b == 0x7F)
        .count();
    control * 100 < bytes.len()
}

/// The 1-based line and column (in characters) of byte `at`.
fn place(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
        let mut bytes = Vec::new();
        let units = bom.then_some(0xFEFF).into_iter().chain(text.encode_utf16());
        for unit in units {
            let pair = if big_endian {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            };
            bytes.extend(pair);
        }
        bytes
    }

    /// Issue "Nothing a file can say breaks Deckhand": UTF-16 and Latin-1 files were
    /// called binary.
    #[test]
    fn utf16_and_latin1_files_are_named_as_what_they_are_and_binary_stays_binary() {
        let deck = "3 Dawnmane Liger\r\n1 Café Zoid\r\n";
        let wide = NotUtf8::Wide { bits: 16 };
        let cases: Vec<(Vec<u8>, Result<&str, NotUtf8>)> = vec![
            (deck.as_bytes().to_vec(), Ok(deck)),
            (utf16(deck, false, true), Err(wide)),
            (utf16(deck, true, true), Err(wide)),
            (utf16(deck, false, false), Err(wide)),
            (utf16(deck, true, false), Err(wide)),
            (
                b"\xFF\xFE\0\0x\0\0\0".to_vec(),
                Err(NotUtf8::Wide { bits: 32 }),
            ),
            (
                b"3 Dawnmane Liger\n1 Caf\xe9 Zoid\n".to_vec(),
                Err(NotUtf8::Legacy {
                    at: 22,
                    line: 2,
                    column: 6,
                }),
            ),
            (
                b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
                Err(NotUtf8::Binary {
                    at: 8,
                    nul: true,
                    line: 3,
                    column: 1,
                }),
            ),
            (
                b"3 Dawnmane Liger\n\x7fELF\x02\x01\x01\0\0\0".to_vec(),
                Err(NotUtf8::Binary {
                    at: 24,
                    nul: true,
                    line: 2,
                    column: 8,
                }),
            ),
            (
                b"\xff\xd8\xff\xe0\x01\x02\x03\x04\x05\x06".to_vec(),
                Err(NotUtf8::Binary {
                    at: 0,
                    nul: false,
                    line: 1,
                    column: 1,
                }),
            ),
        ];
        for (bytes, expected) in cases {
            assert_eq!(utf8_text(&bytes), expected, "{bytes:?}");
        }
        assert_eq!(
            wide.to_string(),
            "this file is UTF-16 text; save it as UTF-8 (in most editors: Save As, Encoding: UTF-8) and import it again"
        );
        let latin1 = utf8_text(b"1 Caf\xe9\n").unwrap_err();
        assert_eq!(
            latin1.to_string(),
            "line 1, column 6: this file is not UTF-8 but Latin-1 or Windows-1252 text, most likely; save it as UTF-8 (in most editors: Save As, Encoding: UTF-8) and import it again"
        );
    }
}
