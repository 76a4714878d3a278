//! [`TextStore`]: every card's name and text, byte for byte, with a trigram index over their
//! folded forms. The `/regex/` filter asks it which cards can match (the trigrams), then
//! reads those cards' strings to run the regex (tantivy's document store decodes whole
//! documents one by one, far too slow for tens of thousands of candidates).
//!
//! A store is a list of parts, one file each (`texts-0.bin`, `texts-1.bin`…): a full build
//! writes one, each incremental update adds one. Rows (one per indexed card) are numbered
//! across parts; a card's `text_ref` fast field holds its row.
//!
//! A part, all little-endian:
//! ```text
//! records    per row: u32 name length, name, u32 text length (u32::MAX: none), text
//! offsets    per row: u32 position of its record
//! keys       sorted u64 trigram keys (bit 63 set: a trigram of the name)
//! ends       per key: u32 end of its postings (the start is the previous end)
//! postings   per key: the rows (minus the part's first row) holding it, as varint deltas
//! footer     first row u32, rows u32, keys u32, offsets at u64, keys at u64, ends at u64,
//!            postings at u64, magic u32
//! ```

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};

use tantivy::directory::OwnedBytes;

use crate::trigram::{fold_into, for_each_key};
use crate::trigram_query::TrigramQuery;

const NO_TEXT: u32 = u32::MAX;
const NAME_BIT: u64 = 1 << 63;
const MAGIC: u32 = 0xDEC7_7E01;
const FOOTER_LEN: usize = 4 + 4 + 4 + 8 * 4 + 4;

/// The name of the `n`th part in a generation directory.
pub fn file_name(n: usize) -> String {
    format!("texts-{n}.bin")
}

pub fn file_path(dir: &Path, n: usize) -> PathBuf {
    dir.join(file_name(n))
}

/// Which string of a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    Name,
    Text,
}

/// The parts of a store, read-only (memory-mapped or in RAM).
#[derive(Clone, Default)]
pub struct TextStore {
    parts: Vec<Part>,
}

#[derive(Clone)]
struct Part {
    bytes: OwnedBytes,
    first_row: u32,
    rows: u32,
    keys: u32,
    offsets_at: usize,
    keys_at: usize,
    ends_at: usize,
    postings_at: usize,
}

/// A set of rows, as a bitmap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowSet {
    words: Vec<u64>,
}

impl RowSet {
    fn empty(rows: u32) -> RowSet {
        RowSet {
            words: vec![0; (rows as usize).div_ceil(64)],
        }
    }

    fn insert(&mut self, row: u32) {
        if let Some(word) = self.words.get_mut(row as usize / 64) {
            *word |= 1 << (row % 64);
        }
    }

    pub fn contains(&self, row: u64) -> bool {
        self.words
            .get((row / 64) as usize)
            .is_some_and(|w| w & (1 << (row % 64)) != 0)
    }

    fn intersect(&mut self, other: &RowSet) {
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(a, b)| *a &= b);
    }

    fn unite(&mut self, other: &RowSet) {
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(a, b)| *a |= b);
    }

    fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }
}

impl TextStore {
    /// Opens the parts in order; `None` if one is malformed or does not follow the last.
    pub fn from_parts(files: Vec<OwnedBytes>) -> Option<TextStore> {
        let mut parts = Vec::with_capacity(files.len());
        let mut next_row = 0;
        for bytes in files {
            let part = Part::open(bytes)?;
            if part.first_row != next_row {
                return None;
            }
            next_row = part.first_row.checked_add(part.rows)?;
            parts.push(part);
        }
        Some(TextStore { parts })
    }

    /// The number of rows: the first row of a new part.
    pub fn rows(&self) -> u32 {
        self.parts.last().map_or(0, |p| p.first_row + p.rows)
    }

    /// A new store with one more part (which must start at [`TextStore::rows`]).
    pub fn with_part(&self, bytes: OwnedBytes) -> Option<TextStore> {
        let part = Part::open(bytes)?;
        if part.first_row != self.rows() {
            return None;
        }
        let mut parts = self.parts.clone();
        parts.push(part);
        Some(TextStore { parts })
    }

    /// The name and text of `row`; `None` for a row that is not there (a damaged file):
    /// the card then matches no regex rather than panicking.
    pub fn get(&self, row: u64) -> Option<(&[u8], Option<&[u8]>)> {
        let row = u32::try_from(row).ok()?;
        let index = self.parts.partition_point(|p| p.first_row <= row);
        let part = self.parts.get(index.checked_sub(1)?)?;
        part.record(row - part.first_row)
    }

    /// The rows whose folded name (or text) satisfies `query`; `None` means every row.
    pub fn candidates(&self, query: &TrigramQuery, which: Which) -> Option<RowSet> {
        match query {
            TrigramQuery::All => None,
            TrigramQuery::Trigram(key) => {
                let key = match which {
                    Which::Name => key | NAME_BIT,
                    Which::Text => *key,
                };
                let mut set = RowSet::empty(self.rows());
                for part in &self.parts {
                    part.postings(key, |row| set.insert(part.first_row + row));
                }
                Some(set)
            }
            TrigramQuery::And(items) => {
                let mut result: Option<RowSet> = None;
                for item in items {
                    let Some(set) = self.candidates(item, which) else {
                        continue;
                    };
                    match &mut result {
                        Some(r) => r.intersect(&set),
                        None => result = Some(set),
                    }
                    if result.as_ref().is_some_and(RowSet::is_empty) {
                        break;
                    }
                }
                result
            }
            TrigramQuery::Or(items) => {
                let mut result = RowSet::empty(self.rows());
                for item in items {
                    result.unite(&self.candidates(item, which)?);
                }
                Some(result)
            }
        }
    }
}

fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

fn read_u64(bytes: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?))
}

impl Part {
    fn open(bytes: OwnedBytes) -> Option<Part> {
        let data = bytes.as_slice();
        let footer = data.len().checked_sub(FOOTER_LEN)?;
        if read_u32(data, footer + FOOTER_LEN - 4)? != MAGIC {
            return None;
        }
        let at = |n: usize| -> Option<usize> {
            usize::try_from(read_u64(data, footer + 12 + 8 * n)?).ok()
        };
        let part = Part {
            first_row: read_u32(data, footer)?,
            rows: read_u32(data, footer + 4)?,
            keys: read_u32(data, footer + 8)?,
            offsets_at: at(0)?,
            keys_at: at(1)?,
            ends_at: at(2)?,
            postings_at: at(3)?,
            bytes: OwnedBytes::empty(),
        };
        let ordered = part.offsets_at + 4 * part.rows as usize <= part.keys_at
            && part.keys_at + 8 * part.keys as usize <= part.ends_at
            && part.ends_at + 4 * part.keys as usize <= part.postings_at
            && part.postings_at <= footer;
        ordered.then_some(Part { bytes, ..part })
    }

    fn record(&self, row: u32) -> Option<(&[u8], Option<&[u8]>)> {
        if row >= self.rows {
            return None;
        }
        let data = self.bytes.as_slice();
        let mut at = read_u32(data, self.offsets_at + 4 * row as usize)? as usize;
        let name = field(data, &mut at)??;
        let text = field(data, &mut at)?;
        Some((name, text))
    }

    /// Calls `each` with every row (within the part) holding `key`.
    fn postings(&self, key: u64, mut each: impl FnMut(u32)) {
        let data = self.bytes.as_slice();
        let (mut low, mut high) = (0usize, self.keys as usize);
        while low < high {
            let mid = (low + high) / 2;
            match read_u64(data, self.keys_at + 8 * mid) {
                Some(k) if k < key => low = mid + 1,
                Some(_) => high = mid,
                None => return,
            }
        }
        if low >= self.keys as usize || read_u64(data, self.keys_at + 8 * low) != Some(key) {
            return;
        }
        let end_of = |i: usize| read_u32(data, self.ends_at + 4 * i).map(|e| e as usize);
        let start = if low == 0 { Some(0) } else { end_of(low - 1) };
        let (Some(start), Some(end)) = (start, end_of(low)) else {
            return;
        };
        let Some(bytes) = data.get(self.postings_at + start..self.postings_at + end) else {
            return;
        };
        let (mut row, mut value, mut shift) = (0u32, 0u32, 0u32);
        for byte in bytes {
            value |= u32::from(byte & 0x7f).checked_shl(shift).unwrap_or(0);
            if byte & 0x80 == 0 {
                row = row.wrapping_add(value);
                each(row);
                (value, shift) = (0, 0);
            } else {
                shift += 7;
            }
        }
    }
}

/// Reads one length-prefixed field; `Some(None)` for the "no text" marker.
fn field<'a>(bytes: &'a [u8], at: &mut usize) -> Option<Option<&'a [u8]>> {
    let len = read_u32(bytes, *at)?;
    *at += 4;
    if len == NO_TEXT {
        return Some(None);
    }
    let value = bytes.get(*at..*at + len as usize)?;
    *at += len as usize;
    Some(Some(value))
}

/// Hashes trigram keys (already well spread) with one multiplication.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 =
                (self.0.rotate_left(5) ^ u64::from(*b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = (key ^ (key >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The postings of one key while a part is written.
struct Postings {
    bytes: Vec<u8>,
    /// The last row added, plus one (0: none yet).
    last: u32,
}

/// Writes one part in memory; `push` returns the card's row.
pub struct PartWriter {
    first_row: u32,
    records: Vec<u8>,
    offsets: Vec<u32>,
    postings: HashMap<u64, Postings, BuildHasherDefault<KeyHasher>>,
    folded: Vec<u8>,
}

impl PartWriter {
    /// A writer whose first row is `first_row` (the store's row count so far).
    pub fn new(first_row: u32) -> PartWriter {
        PartWriter {
            first_row,
            records: Vec::new(),
            offsets: Vec::new(),
            postings: HashMap::default(),
            folded: Vec::new(),
        }
    }

    pub fn push(&mut self, name: &str, text: Option<&str>) -> u64 {
        let local = self.offsets.len() as u32;
        self.offsets.push(self.records.len() as u32);
        push_field(&mut self.records, Some(name));
        push_field(&mut self.records, text);
        for (value, bit) in [(Some(name), NAME_BIT), (text, 0)] {
            let Some(value) = value else { continue };
            fold_into(value.as_bytes(), &mut self.folded);
            let postings = &mut self.postings;
            for_each_key(&self.folded, |key| {
                let entry = postings.entry(key | bit).or_insert(Postings {
                    bytes: Vec::new(),
                    last: 0,
                });
                if entry.last == local + 1 {
                    return;
                }
                // The first row is stored as is, later ones as the gap to the previous.
                let mut delta = local - entry.last.saturating_sub(1);
                while delta >= 0x80 {
                    entry.bytes.push((delta as u8 & 0x7f) | 0x80);
                    delta >>= 7;
                }
                entry.bytes.push(delta as u8);
                entry.last = local + 1;
            });
        }
        u64::from(self.first_row + local)
    }

    pub fn into_bytes(self) -> Vec<u8> {
        let mut keys: Vec<(u64, Postings)> = self.postings.into_iter().collect();
        keys.sort_unstable_by_key(|(k, _)| *k);
        let mut out = self.records;
        let offsets_at = out.len() as u64;
        for offset in &self.offsets {
            out.extend_from_slice(&offset.to_le_bytes());
        }
        let keys_at = out.len() as u64;
        for (key, _) in &keys {
            out.extend_from_slice(&key.to_le_bytes());
        }
        let ends_at = out.len() as u64;
        let mut end = 0u32;
        for (_, postings) in &keys {
            end += postings.bytes.len() as u32;
            out.extend_from_slice(&end.to_le_bytes());
        }
        let postings_at = out.len() as u64;
        for (_, postings) in &keys {
            out.extend_from_slice(&postings.bytes);
        }
        out.extend_from_slice(&self.first_row.to_le_bytes());
        out.extend_from_slice(&(self.offsets.len() as u32).to_le_bytes());
        out.extend_from_slice(&(keys.len() as u32).to_le_bytes());
        for at in [offsets_at, keys_at, ends_at, postings_at] {
            out.extend_from_slice(&at.to_le_bytes());
        }
        out.extend_from_slice(&MAGIC.to_le_bytes());
        out
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
mod tests;
