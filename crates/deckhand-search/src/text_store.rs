//! [`TextStore`]: every card's name and text, byte for byte, where a regex can check them
//! quickly. tantivy's own document store decodes whole documents one by one (about a
//! microsecond each); a regex over 30,000 candidates needs something closer to a slice.
//!
//! A store is a list of append-only files (`texts-0.bin`, `texts-1.bin`…): a full build
//! writes one, each incremental update adds one. A card's `text_ref` fast field points at
//! its record as `(file << 40) | offset`. A record is `u32 name length, name, u32 text
//! length (u32::MAX: no text), text`, little-endian.

use std::path::{Path, PathBuf};

use tantivy::directory::OwnedBytes;

const NO_TEXT: u32 = u32::MAX;
const OFFSET_BITS: u32 = 40;

/// The name of the `n`th store file in a generation directory.
pub fn file_name(n: usize) -> String {
    format!("texts-{n}.bin")
}

pub fn file_path(dir: &Path, n: usize) -> PathBuf {
    dir.join(file_name(n))
}

/// The files of a store, read-only (memory-mapped or in RAM).
#[derive(Clone, Default)]
pub struct TextStore {
    files: Vec<OwnedBytes>,
}

impl TextStore {
    pub fn from_files(files: Vec<OwnedBytes>) -> TextStore {
        TextStore { files }
    }

    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    /// A new store with one more file.
    pub fn with_file(&self, file: OwnedBytes) -> TextStore {
        let mut files = self.files.clone();
        files.push(file);
        TextStore { files }
    }

    /// The name and text of the record at `reference`; `None` for a reference that points
    /// nowhere (a damaged file): the card then matches no regex rather than panicking.
    pub fn get(&self, reference: u64) -> Option<(&[u8], Option<&[u8]>)> {
        let file = self.files.get((reference >> OFFSET_BITS) as usize)?;
        let bytes = file.as_slice();
        let mut at = (reference & ((1 << OFFSET_BITS) - 1)) as usize;
        let name = field(bytes, &mut at)?;
        let text = field(bytes, &mut at)?;
        Some((name?, text))
    }
}

/// Reads one length-prefixed field; `Some(None)` for the "no text" marker.
fn field<'a>(bytes: &'a [u8], at: &mut usize) -> Option<Option<&'a [u8]>> {
    let len_bytes: [u8; 4] = bytes.get(*at..*at + 4)?.try_into().ok()?;
    let len = u32::from_le_bytes(len_bytes);
    *at += 4;
    if len == NO_TEXT {
        return Some(None);
    }
    let value = bytes.get(*at..*at + len as usize)?;
    *at += len as usize;
    Some(Some(value))
}

/// Writes one store file in memory; `push` returns the record's reference.
pub struct TextWriter {
    file: u64,
    bytes: Vec<u8>,
}

impl TextWriter {
    /// A writer for the store's file number `file`.
    pub fn new(file: usize) -> TextWriter {
        TextWriter {
            file: file as u64,
            bytes: Vec::new(),
        }
    }

    pub fn push(&mut self, name: &str, text: Option<&str>) -> u64 {
        let reference = (self.file << OFFSET_BITS) | self.bytes.len() as u64;
        push_field(&mut self.bytes, Some(name));
        push_field(&mut self.bytes, text);
        reference
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

fn push_field(bytes: &mut Vec<u8>, value: Option<&str>) {
    match value {
        // A value longer than 4 GiB cannot come from a card file; cut it rather than fail.
        Some(v) => {
            let len = v.len().min(NO_TEXT as usize - 1);
            bytes.extend_from_slice(&(len as u32).to_le_bytes());
            bytes.extend_from_slice(&v.as_bytes()[..len]);
        }
        None => bytes.extend_from_slice(&NO_TEXT.to_le_bytes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_as_written_across_files() {
        let mut first = TextWriter::new(0);
        let a = first.push("Storm Hawk", Some("Flying."));
        let b = first.push("Quick Order", None);
        let mut second = TextWriter::new(1);
        let c = second.push("Ember Cub", Some(""));
        let store = TextStore::from_files(vec![
            OwnedBytes::new(first.into_bytes()),
            OwnedBytes::new(second.into_bytes()),
        ]);
        assert_eq!(
            store.get(a),
            Some((&b"Storm Hawk"[..], Some(&b"Flying."[..])))
        );
        assert_eq!(store.get(b), Some((&b"Quick Order"[..], None)));
        assert_eq!(store.get(c), Some((&b"Ember Cub"[..], Some(&b""[..]))));
    }

    #[test]
    fn a_reference_into_nowhere_reads_as_nothing() {
        let mut writer = TextWriter::new(0);
        writer.push("A", Some("B"));
        let store = TextStore::from_files(vec![OwnedBytes::new(writer.into_bytes())]);
        for reference in [3, 1000, 5 << OFFSET_BITS] {
            assert_eq!(store.get(reference), None, "{reference}");
        }
    }
}
