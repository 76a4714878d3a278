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
//! all or nothing; `deckhand_formats::card_pack` reads the zip and says what a pack may be.

use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::Write;
use std::path::Path;

use deckhand_core::{card_set_json, card_sheet_csv, Card};
use deckhand_formats::card_pack::{CARDS, MANIFEST, PACK_FORMAT};
use deckhand_formats::{PackError, PackManifest, PackReader};
use serde::Serialize;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

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
        let mut manifest = PackManifest {
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
        let mut pack =
            PackReader::open(std::io::BufReader::new(file), &name).map_err(pack_error)?;
        let manifest = std::mem::replace(
            &mut pack.manifest,
            PackManifest {
                format: String::new(),
                version: 0,
                game: String::new(),
                images: BTreeMap::new(),
            },
        );
        let cards_text = std::mem::take(&mut pack.cards_text);
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
        for (card, entry) in &manifest.images {
            let source = format!("{name}:{entry}");
            if !ids.contains(card.as_str()) {
                return Err(bad(format!(
                    "{MANIFEST} gives an image to card '{}', which {CARDS} does not hold",
                    deckhand_core::clip(card)
                )));
            }
            let data = pack
                .image(entry, MAX_IMAGE_FILE_BYTES)
                .map_err(pack_error)?;
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

/// A pack's problem as the import reports it (as an image's: the file and the entry).
fn pack_error(e: PackError) -> Error {
    Error::Image {
        source_name: e.source_name,
        message: e.message,
    }
}

#[cfg(test)]
#[path = "sharing_tests.rs"]
mod tests;
