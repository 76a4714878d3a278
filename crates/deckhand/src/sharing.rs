//! Sharing a set: `deckhand cards export` writes a game's cards (or one set's) as card-set
//! JSON or a CSV spreadsheet that `deckhand import` reads back to the same cards, and a
//! card pack (`deckhand pack export|import`) moves cards with their images in one zip:
//!
//! ```text
//! deckhand-pack.json   {"format": "deckhand-pack", "version": 1, "game": "…",
//!                       "images": {"<card id>": "images/1.png", …}}
//! cards.json           card-set JSON, as `cards export --format json` writes it
//! images/1.png …       each card's stored image, its bytes as stored
//! ```
//!
//! A pack imports in one transaction with its images (each checked like `image set`),
//! all or nothing.

use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use deckhand_core::{card_set_json, card_sheet_csv, Card};
use serde::{Deserialize, Serialize};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use crate::images::{checked, MAX_IMAGE_FILE_BYTES};
use crate::import::Reading;
use crate::output::{self, write_failed};
use crate::progress::ProgressSink;
use crate::{Deckhand, Error, ImportReport, Result};

/// What `cards export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardExportFormat {
    /// Card-set JSON.
    Json,
    /// A comma-separated spreadsheet with a `game` column.
    Csv,
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct CardExport {
    pub path: String,
    pub game: String,
    pub set: Option<String>,
    pub cards: usize,
    /// Images in a pack (0 for `cards export`).
    pub images: usize,
}

/// What a pack import did: the cards' report and how many images it stored.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct PackImportReport {
    #[serde(flatten)]
    pub report: ImportReport,
    pub images: usize,
}

const MANIFEST: &str = "deckhand-pack.json";
const CARDS: &str = "cards.json";
const PACK_FORMAT: &str = "deckhand-pack";
/// The most a pack's manifest or card file may unpack to: far past any real set, and a
/// zip that claims more (or inflates past it) is refused, not read into memory.
const MAX_CARDS_BYTES: u64 = 256 * 1024 * 1024;
/// The most a whole pack may unpack to, its images together (each is also capped, and
/// stored without bytes past its end): a small zip must not fill the disk.
pub const MAX_PACK_BYTES: u64 = 2 * 1024 * 1024 * 1024;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    format: String,
    version: u32,
    game: String,
    #[serde(default)]
    images: BTreeMap<String, String>,
}

impl Deckhand {
    /// The cards of `game` (in one set, if given), refusing an empty selection.
    fn cards_to_share(&self, game: &str, set: Option<&str>) -> Result<Vec<Card>> {
        let cards: Vec<Card> = self
            .cards(Some(game))?
            .into_iter()
            .filter(|c| set.is_none_or(|s| c.set.as_deref() == Some(s)))
            .collect();
        if cards.is_empty() {
            return Err(Error::Invalid(deckhand_core::CoreError::CardSet {
                source_name: "export".into(),
                location: deckhand_core::Location::Path("set".into()),
                message: match set {
                    Some(set) => {
                        format!("{game} has no cards in set '{}'", deckhand_core::clip(set))
                    }
                    None => format!("{game} has no cards"),
                },
            }));
        }
        Ok(cards)
    }

    /// The card-set JSON of these cards with the sets they use.
    fn set_json(&self, game: &str, cards: &[Card]) -> Result<String> {
        let used: HashSet<&str> = cards.iter().filter_map(|c| c.set.as_deref()).collect();
        let sets: Vec<_> = self
            .store
            .sets(game)?
            .into_iter()
            .filter(|s| used.contains(s.code.as_str()))
            .collect();
        Ok(card_set_json(game, &sets, cards))
    }

    /// Writes the cards of `game` (one set's, if given) to `out` in `format`; `deckhand
    /// import` reads the file back to the same cards.
    pub fn export_cards(
        &self,
        game: &str,
        set: Option<&str>,
        format: CardExportFormat,
        out: &Path,
    ) -> Result<CardExport> {
        let definition = self.games.get(game)?;
        let cards = self.cards_to_share(game, set)?;
        let text = match format {
            CardExportFormat::Json => self.set_json(game, &cards)?,
            CardExportFormat::Csv => card_sheet_csv(definition, &cards),
        };
        output::write_file(&self.output_guard, out, text.as_bytes())?;
        Ok(CardExport {
            path: out.display().to_string(),
            game: game.to_owned(),
            set: set.map(str::to_owned),
            cards: cards.len(),
            images: 0,
        })
    }

    /// Writes a card pack: the cards of `game` (one set's, if given) and their stored
    /// images in one zip.
    pub fn export_pack(&self, game: &str, set: Option<&str>, out: &Path) -> Result<CardExport> {
        self.games.get(game)?;
        let cards = self.cards_to_share(game, set)?;
        let json = self.set_json(game, &cards)?;
        let with_image = self.store.image_infos(Some(game))?;
        let imaged: Vec<&Card> = cards
            .iter()
            .filter(|c| with_image.contains_key(&c.id))
            .collect();
        let mut manifest = Manifest {
            format: PACK_FORMAT.into(),
            version: 1,
            game: game.to_owned(),
            images: BTreeMap::new(),
        };
        let mut names = Vec::with_capacity(imaged.len());
        for (n, card) in imaged.iter().enumerate() {
            let Some(image) = self.store.card_image(&card.id)? else {
                continue;
            };
            let extension = if image.format == "jpeg" {
                "jpg"
            } else {
                &image.format
            };
            let name = format!("images/{}.{extension}", n + 1);
            manifest.images.insert(card.id.clone(), name.clone());
            names.push((name, card.id.clone()));
        }
        let manifest_json = serde_json::to_string_pretty(&manifest)
            .map_err(|e| Error::BundledData(e.to_string()))?;
        let images = names.len();
        output::write_with(&self.output_guard, out, |file| -> Result<()> {
            let failed = |e: zip::result::ZipError| write_failed(out, std::io::Error::other(e));
            let mut zip = ZipWriter::new_stream(file);
            let deflated =
                SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
            // Images are compressed already: stored as they are.
            let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
            zip.start_file(MANIFEST, deflated).map_err(failed)?;
            zip.write_all(manifest_json.as_bytes())
                .map_err(|e| write_failed(out, e))?;
            zip.start_file(CARDS, deflated).map_err(failed)?;
            zip.write_all(json.as_bytes())
                .map_err(|e| write_failed(out, e))?;
            // One image in memory at a time.
            for (name, id) in &names {
                let data = self
                    .store
                    .card_image(id)?
                    .map(|i| i.data)
                    .unwrap_or_default();
                zip.start_file(name.as_str(), stored).map_err(failed)?;
                zip.write_all(&data).map_err(|e| write_failed(out, e))?;
            }
            zip.finish().map_err(failed)?;
            Ok(())
        })?;
        Ok(CardExport {
            path: out.display().to_string(),
            game: game.to_owned(),
            set: set.map(str::to_owned),
            cards: cards.len(),
            images,
        })
    }

    /// Imports a card pack, all or nothing: its cards (validated like any card-set file)
    /// and its images (each checked like `image set`) in one transaction.
    pub fn import_pack(&mut self, path: &Path, progress: ProgressSink) -> Result<PackImportReport> {
        let name = path.display().to_string();
        let bad = |message: String| Error::Image {
            source_name: name.clone(),
            message,
        };
        let file = File::open(path).map_err(|e| Error::ReadFile {
            path: path.to_owned(),
            message: e.to_string(),
        })?;
        let mut zip = ZipArchive::new(file)
            .map_err(|e| bad(format!("not a card pack (a .zip file): {e}")))?;
        let listed = zip.len();
        match duplicate_entry(path, zip.central_directory_start(), listed) {
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
        let manifest_text = entry_text(&mut zip, MANIFEST, &name)?;
        let manifest: Manifest =
            serde_json::from_str(&manifest_text).map_err(|e| bad(format!("{MANIFEST}: {e}")))?;
        if manifest.format != PACK_FORMAT || manifest.version != 1 {
            return Err(bad(format!(
                "{MANIFEST}: a {} version {} pack; this Deckhand reads {PACK_FORMAT} version 1",
                deckhand_core::clip(&manifest.format),
                manifest.version
            )));
        }
        let cards_text = entry_text(&mut zip, CARDS, &name)?;
        let base_stamp = self.store.data_stamp()?;
        let mut reading = Reading::new(cards_text.len() as u64, progress);
        let mut run = self.store.begin_import()?;
        let cards_name = format!("{name}:{CARDS}");
        let set = deckhand_core::CardSet::from_json(&cards_name, &cards_text, &self.games)?;
        if set.game != manifest.game {
            return Err(bad(format!(
                "{MANIFEST} is for {} but {CARDS} for {}",
                manifest.game, set.game
            )));
        }
        reading.file(&mut run, &self.games, &cards_name, &cards_text, None)?;
        let ids: HashSet<&str> = set.cards.iter().map(|c| c.id.as_str()).collect();
        let mut unpacked = (manifest_text.len() + cards_text.len()) as u64;
        for (card, entry) in &manifest.images {
            let source = format!("{name}:{entry}");
            if !ids.contains(card.as_str()) {
                return Err(bad(format!(
                    "{MANIFEST} gives an image to card '{}', which {CARDS} does not hold",
                    deckhand_core::clip(card)
                )));
            }
            let data = entry_bytes(&mut zip, entry, MAX_IMAGE_FILE_BYTES, &name)?;
            unpacked += data.len() as u64;
            if unpacked > MAX_PACK_BYTES {
                return Err(bad(format!(
                    "unpacks to more than {} MB in all, the most a pack may hold",
                    MAX_PACK_BYTES >> 20
                )));
            }
            run.image(&checked(&source, card, data)?)?;
        }
        let outcome = reading.finish(run, false)?;
        self.store.release_memory()?;
        self.index_changes(&base_stamp, &outcome.changed, reading.progress)?;
        Ok(PackImportReport {
            report: outcome.report.into(),
            images: manifest.images.len(),
        })
    }
}

/// A zip entry's bytes, refused past `cap` (as claimed, and as inflated).
fn entry_bytes(zip: &mut ZipArchive<File>, entry: &str, cap: u64, name: &str) -> Result<Vec<u8>> {
    let bad = |message: String| Error::Image {
        source_name: format!("{name}:{entry}"),
        message,
    };
    let index = zip
        .index_for_name(entry)
        .ok_or_else(|| bad("missing from the pack".into()))?;
    // What the entry is, before it is decrypted or inflated.
    {
        let raw = zip
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
    let mut file = zip
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
    Ok(bytes)
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

/// The name of an entry the central directory lists twice, if one is (empty when two
/// names differ as bytes but read as one, which `listed`, the archive's count of names,
/// gives away). The zip crate keeps the last of them and other zip tools show the first:
/// a pack could show one image and import another.
fn duplicate_entry(path: &Path, start: u64, listed: usize) -> std::io::Result<Option<String>> {
    let mut reader = std::io::BufReader::new(File::open(path)?);
    reader.seek(SeekFrom::Start(start))?;
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

fn entry_text(zip: &mut ZipArchive<File>, entry: &str, name: &str) -> Result<String> {
    let bytes = entry_bytes(zip, entry, MAX_CARDS_BYTES, name)?;
    String::from_utf8(bytes).map_err(|e| Error::Image {
        source_name: format!("{name}:{entry}"),
        message: format!("not UTF-8 text ({e})"),
    })
}

#[cfg(test)]
#[path = "sharing_tests.rs"]
mod tests;
