//! Card packs as `deckhand pack export` writes them, read: the pure half of `pack import`
//! (the facade validates the cards and images and stores them). Any `Read + Seek` will
//! do, so the fuzz target reads packs from memory exactly as the import reads a file.
//!
//! ```text
//! deckhand-pack.json   {"format": "deckhand-pack", "version": 1, "game": "…",
//!                       "images": {"<card id>": "images/1.png", …}}
//! cards.json           card-set JSON, as `cards export --format json` writes it
//! images/1.png …       each card's stored image
//! ```
//!
//! What a pack may be: no two entries of one name (other zip tools show the first and the
//! zip crate keeps the last, so a pack could show one image and import another), stored or
//! deflated entries without a password, the manifest and card file at most
//! [`MAX_CARDS_BYTES`] each, and everything together at most [`MAX_PACK_BYTES`] unpacked.

use std::collections::{BTreeMap, HashSet};
use std::io::{Read, Seek, SeekFrom};

use serde::{Deserialize, Serialize};
use zip::{CompressionMethod, ZipArchive};

/// The pack's manifest entry.
pub const MANIFEST: &str = "deckhand-pack.json";
/// The pack's card-set JSON entry.
pub const CARDS: &str = "cards.json";
/// The manifest's `format`.
pub const PACK_FORMAT: &str = "deckhand-pack";
/// The most a pack's manifest or card file may unpack to: far past any real set, and a
/// zip that claims more (or inflates past it) is refused, not read into memory.
pub const MAX_CARDS_BYTES: u64 = 256 * 1024 * 1024;
/// The most a whole pack may unpack to, its images together (each is also capped by the
/// caller): a small zip must not fill the disk.
pub const MAX_PACK_BYTES: u64 = 2 * 1024 * 1024 * 1024;

/// What the manifest says: the game, and which entry holds each card's image.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackManifest {
    pub format: String,
    pub version: u32,
    pub game: String,
    #[serde(default)]
    pub images: BTreeMap<String, String>,
}

/// Why a pack, or one of its entries, cannot be read: `source_name` is the pack, or
/// `pack:entry`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{source_name}: {message}")]
pub struct PackError {
    pub source_name: String,
    pub message: String,
}

/// A pack opened: its manifest and card file read and checked; its images are read one
/// at a time ([`PackReader::image`]), so a pack never sits in memory whole.
pub struct PackReader<R> {
    zip: ZipArchive<R>,
    name: String,
    pub manifest: PackManifest,
    pub cards_text: String,
    /// Bytes unpacked so far, against [`MAX_PACK_BYTES`].
    unpacked: u64,
}

impl<R: Read + Seek> PackReader<R> {
    /// Opens the pack read from `reader` (`name` is for messages): refuses a zip with two
    /// entries of one name, reads and checks the manifest, then reads the card file.
    pub fn open(reader: R, name: &str) -> Result<PackReader<R>, PackError> {
        let bad = |message: String| PackError {
            source_name: name.to_owned(),
            message,
        };
        let zip = ZipArchive::new(reader)
            .map_err(|e| bad(format!("not a card pack (a .zip file): {e}")))?;
        let (start, listed) = (zip.central_directory_start(), zip.len());
        let mut reader = zip.into_inner();
        match duplicate_entry(&mut reader, start, listed) {
            Ok(None) => {}
            Ok(Some(entry)) => {
                let which = if entry.is_empty() {
                    "two entries read as one name".to_owned()
                } else {
                    format!("two entries are named '{}'", deckhand_core::clip(&entry))
                };
                return Err(bad(format!(
                    "{which}: other zip tools show the first and Deckhand would read the last, so the pack is refused"
                )));
            }
            Err(e) => return Err(bad(format!("damaged: {e}"))),
        }
        reader
            .seek(SeekFrom::Start(0))
            .map_err(|e| bad(format!("damaged: {e}")))?;
        let zip = ZipArchive::new(reader)
            .map_err(|e| bad(format!("not a card pack (a .zip file): {e}")))?;
        let mut pack = PackReader {
            zip,
            name: name.to_owned(),
            manifest: PackManifest {
                format: String::new(),
                version: 0,
                game: String::new(),
                images: BTreeMap::new(),
            },
            cards_text: String::new(),
            unpacked: 0,
        };
        let manifest_text = pack.text(MANIFEST)?;
        let manifest: PackManifest =
            serde_json::from_str(&manifest_text).map_err(|e| bad(format!("{MANIFEST}: {e}")))?;
        if manifest.format != PACK_FORMAT || manifest.version != 1 {
            return Err(bad(format!(
                "{MANIFEST}: a {} version {} pack; this Deckhand reads {PACK_FORMAT} version 1",
                deckhand_core::clip(&manifest.format),
                manifest.version
            )));
        }
        pack.manifest = manifest;
        pack.cards_text = pack.text(CARDS)?;
        Ok(pack)
    }

    /// The bytes of the image entry `entry`, refused past `cap` (as claimed, and as
    /// inflated) or past [`MAX_PACK_BYTES`] with everything read before it.
    pub fn image(&mut self, entry: &str, cap: u64) -> Result<Vec<u8>, PackError> {
        let bytes = self.entry_bytes(entry, cap)?;
        if self.unpacked > MAX_PACK_BYTES {
            return Err(PackError {
                source_name: self.name.clone(),
                message: format!(
                    "unpacks to more than {} MB in all, the most a pack may hold",
                    MAX_PACK_BYTES >> 20
                ),
            });
        }
        Ok(bytes)
    }

    /// The pack's name, as messages give it.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn text(&mut self, entry: &str) -> Result<String, PackError> {
        let bytes = self.entry_bytes(entry, MAX_CARDS_BYTES)?;
        String::from_utf8(bytes).map_err(|e| PackError {
            source_name: format!("{}:{entry}", self.name),
            message: format!("not UTF-8 text ({e})"),
        })
    }

    /// A zip entry's bytes, refused past `cap` (as claimed, and as inflated).
    fn entry_bytes(&mut self, entry: &str, cap: u64) -> Result<Vec<u8>, PackError> {
        let source_name = format!("{}:{entry}", self.name);
        let bad = |message: String| PackError {
            source_name: source_name.clone(),
            message,
        };
        let index = self
            .zip
            .index_for_name(entry)
            .ok_or_else(|| bad("missing from the pack".into()))?;
        // What the entry is, before it is decrypted or inflated.
        {
            let raw = self
                .zip
                .by_index_raw(index)
                .map_err(|e| bad(format!("damaged: {e}")))?;
            if raw.encrypted() {
                return Err(bad(
                    "is encrypted: Deckhand reads packs as `deckhand pack export` writes them, without a password".into(),
                ));
            }
            match raw.compression() {
                CompressionMethod::Stored | CompressionMethod::Deflated => {}
                other => {
                    return Err(bad(format!(
                        "uses the compression method {}, which Deckhand does not read (only stored and deflated)",
                        method_name(other)
                    )))
                }
            }
        }
        let mut file = self
            .zip
            .by_index(index)
            .map_err(|e| bad(format!("cannot be read: {e}")))?;
        let too_large = || bad(format!("unpacks to more than {} MB", cap >> 20));
        if file.size() > cap {
            return Err(too_large());
        }
        let mut bytes = Vec::with_capacity(file.size() as usize);
        (&mut file)
            .take(cap + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| bad(format!("damaged: {e}")))?;
        if bytes.len() as u64 > cap {
            return Err(too_large());
        }
        self.unpacked += bytes.len() as u64;
        Ok(bytes)
    }
}

/// A zip compression method other than stored and deflated, as zip tools name it.
fn method_name(method: CompressionMethod) -> String {
    #[allow(deprecated)]
    let number = match method {
        CompressionMethod::Unsupported(number) => number,
        other => return other.to_string(),
    };
    let name = match number {
        1 => "Shrink",
        2..=5 => "Reduce",
        6 => "Implode",
        9 => "Deflate64",
        12 => "bzip2",
        14 => "LZMA",
        93 => "Zstandard",
        95 => "XZ",
        98 => "PPMd",
        99 => "AES",
        _ => return format!("number {number}"),
    };
    format!("{name} (number {number})")
}

/// The name of an entry the central directory (from `start`) lists twice, if one is
/// (empty when two names differ as bytes but read as one, which `listed`, the archive's
/// count of names, gives away).
fn duplicate_entry(
    reader: &mut (impl Read + Seek),
    start: u64,
    listed: usize,
) -> std::io::Result<Option<String>> {
    reader.seek(SeekFrom::Start(start))?;
    let mut reader = std::io::BufReader::new(reader);
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut header = [0u8; 46];
    // Each central directory header: its signature, fixed fields, then the name, the
    // extra field and the comment, whose lengths sit at 28, 30 and 32.
    while reader.read_exact(&mut header).is_ok() && header[..4] == *b"PK\x01\x02" {
        let length = |at: usize| usize::from(u16::from_le_bytes([header[at], header[at + 1]]));
        let mut name = vec![0; length(28)];
        reader.read_exact(&mut name)?;
        reader.seek_relative((length(30) + length(32)) as i64)?;
        if seen.contains(&name) {
            return Ok(Some(String::from_utf8_lossy(&name).into_owned()));
        }
        seen.insert(name);
    }
    Ok((seen.len() > listed).then(String::new))
}
