//! Reading a file the user names without trusting it: a file far larger than its kind
//! ever is, or one that is not text, is refused with its name before it is read whole.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::{Error, Result};

/// The largest deck file read (any format). Real deck lists are a few KB; a file this
/// large is something else, and reading it whole would only lead to a huge error.
pub const MAX_DECK_FILE_BYTES: u64 = 8 << 20;

/// The largest collection file read: some 130,000 rows of Deckhand's own export, past any
/// real collection. Lines are resolved as they are read, but the import still holds its
/// changes, their undo and the rows they touch: 357 MB at its peak for a 16 MB file of
/// 256,000 new rows, 285 MB for 20 MB of 1.2 million shortest lines of one card. At 8 MB the
/// largest file stays within 300 MB.
pub const MAX_COLLECTION_FILE_BYTES: u64 = 8 << 20;

/// How much of a file is read before deciding whether it is text at all.
const SNIFF_BYTES: usize = 64 << 10;

/// The largest game definition read: the bundled ones are a few KB.
pub const MAX_GAME_FILE_BYTES: u64 = 1 << 20;

/// A deck file's text: at most [`MAX_DECK_FILE_BYTES`], UTF-8, and no NUL byte (the mark of
/// a binary file, found in its first bytes without reading the rest).
pub fn read_deck_text_file(path: &Path) -> Result<String> {
    read_text_file(path, MAX_DECK_FILE_BYTES, "a deck file")
}

/// A game definition's text, read like a deck file, at most [`MAX_GAME_FILE_BYTES`].
pub(crate) fn read_game_file(path: &Path) -> Result<String> {
    read_text_file(path, MAX_GAME_FILE_BYTES, "a game definition")
}

fn read_text_file(path: &Path, max: u64, kind: &str) -> Result<String> {
    let fail = |message: String| Error::ReadFile {
        path: path.to_owned(),
        message,
    };
    let mut file = open(path, max, kind)?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(e.to_string()))?;
    // UTF-16 has NULs too: told apart from a binary file in the first bytes.
    if memchr_nul(&bytes).is_some() {
        return Err(fail(not_utf8(&bytes)));
    }
    read_rest(file, &mut bytes, max, kind).map_err(fail)?;
    if let Err(e) = deckhand_core::utf8_text(&bytes) {
        return Err(fail(not_text_message(e)));
    }
    String::from_utf8(bytes).map_err(|e| fail(e.to_string()))
}

/// Why `bytes` are not UTF-8 text, in one line.
fn not_utf8(bytes: &[u8]) -> String {
    match deckhand_core::utf8_text(bytes) {
        Ok(_) => String::new(),
        Err(e) => not_text_message(e),
    }
}

/// UTF-16 and Latin-1 text as what they are, with how to save them as UTF-8; anything
/// else not text is binary data.
fn not_text_message(e: deckhand_core::NotUtf8) -> String {
    match e {
        deckhand_core::NotUtf8::Binary { line, column, .. } => {
            format!("not a text file: it holds binary data (line {line}, column {column})")
        }
        text => text.to_string(),
    }
}

/// A collection file's bytes, at most [`MAX_COLLECTION_FILE_BYTES`] (the CSV reader
/// checks that they are text, naming the line).
pub fn read_collection_file(path: &Path) -> Result<Vec<u8>> {
    let file = open(path, MAX_COLLECTION_FILE_BYTES, "a collection file")?;
    let mut bytes = Vec::new();
    read_rest(
        file,
        &mut bytes,
        MAX_COLLECTION_FILE_BYTES,
        "a collection file",
    )
    .map_err(|message| Error::ReadFile {
        path: path.to_owned(),
        message,
    })?;
    Ok(bytes)
}

/// Opens `path` and refuses it unread when it is larger than `max` bytes.
fn open(path: &Path, max: u64, kind: &str) -> Result<File> {
    let fail = |message: String| Error::ReadFile {
        path: path.to_owned(),
        message,
    };
    let file = File::open(path).map_err(|e| fail(e.to_string()))?;
    let size = file.metadata().map_err(|e| fail(e.to_string()))?.len();
    if size > max {
        return Err(fail(too_large(max, kind)));
    }
    Ok(file)
}

/// Reads the rest of `file` onto `bytes`, at most `max` bytes in all (a file may grow
/// after its size was checked, and a pipe has none).
fn read_rest(file: File, bytes: &mut Vec<u8>, max: u64, kind: &str) -> Result<(), String> {
    file.take(max + 1 - bytes.len() as u64)
        .read_to_end(bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(too_large(max, kind));
    }
    Ok(())
}

fn too_large(max: u64, kind: &str) -> String {
    format!(
        "larger than {} MB, too large for {kind}: is it the right file?",
        max >> 20
    )
}

fn memchr_nul(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 16: a file that is not a deck list is refused with its name, and a binary
    /// one after its first bytes. Issue "Nothing a file can say breaks Deckhand": UTF-16
    /// and Latin-1 text are named as such, with how to save them as UTF-8.
    #[test]
    fn a_deck_file_that_is_binary_utf16_latin1_or_absurdly_large_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let mut binary = b"3 Dawnmane Liger\n\x7fELF\x02\x01\x01\x00".to_vec();
        binary.resize(4 << 20, 0x90);
        const SAVE_AS_UTF8: &str =
            "save it as UTF-8 (in most editors: Save As, Encoding: UTF-8) and import it again";
        let cases: [(&str, Vec<u8>, String); 4] = [
            (
                "binary.txt",
                binary,
                "not a text file: it holds binary data (line 2, column 8)".into(),
            ),
            (
                "latin1.txt",
                b"3 Dawnmane Liger\n1 Caf\xe9\n".to_vec(),
                format!("line 2, column 6: this file is not UTF-8 but Latin-1 or Windows-1252 text, most likely; {SAVE_AS_UTF8}"),
            ),
            (
                "utf16.txt",
                "\u{feff}3 Dawnmane Liger\r\n"
                    .encode_utf16()
                    .flat_map(u16::to_le_bytes)
                    .collect(),
                format!("this file is UTF-16 text; {SAVE_AS_UTF8}"),
            ),
            (
                "huge.txt",
                b"1 Dawnmane Liger\n".repeat(600_000),
                "larger than 8 MB, too large for a deck file: is it the right file?".into(),
            ),
        ];
        for (name, bytes, message) in cases {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            let err = read_deck_text_file(&path).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("{}: {message}", path.display()),
                "{name}"
            );
        }
        let path = dir.path().join("deck.txt");
        std::fs::write(&path, "3 Dawnmane Liger\n").unwrap();
        assert_eq!(read_deck_text_file(&path).unwrap(), "3 Dawnmane Liger\n");
    }
}
