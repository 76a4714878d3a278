//! Printing: a deck's cards as a print-and-play PDF. `deckhand-print` lays the pages out
//! and writes the PDF; this area picks the cards (a stored deck, a deck file or the
//! editor's draft; chosen sections; one printed copy per card in the deck), finds their
//! images (in a folder given with `--images`, else the card's stored image), and writes
//! the file atomically.
//!
//! [`Deckhand::print_job`] needs the database; the [`PrintJob`] it returns does not (it
//! holds the stored images its cards use), so the app can release the database while a
//! large PDF is written on another thread.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use deckhand_core::{fold_name, Card, Deck, Game};
use deckhand_print::{CardSizes, ImageSource, PrintItem};
use serde::Serialize;

pub use deckhand_print::{
    Backs, Duplex, Layout, Mark, MarkKind, Marks, Orientation, Page, PageSide, Paper, PdfSummary,
    Placement, PrintError, PrintOptions, Rect, MAX_BLEED_MM,
};
pub use deckhand_print::{CardFace, FacePanel, PlacedLine, SmallFace, TextRole};

use crate::output::{self, OutputGuard};
use crate::{DeckContent, DeckFormat, Deckhand, Error, Result};

/// The section printed when none is chosen.
pub const DEFAULT_SECTION: &str = "main";

/// Image files recognised in an images folder, by extension (any case).
const IMAGE_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg"];

/// What a stored image's key starts with; it reads well in an error (`image 'stored image
/// of card zs-001': …`). Folder images are paths with their folder, and the job's stored
/// images are looked up first, by exactly these keys.
const STORED_KEY: &str = "stored image of card ";

/// Where the deck to print comes from.
#[derive(Debug, Clone, Copy)]
pub enum DeckSource<'a> {
    /// A stored deck's newest version, by name or id.
    Stored(&'a str),
    /// A deck file of any format (by extension); `game` when the file does not name it.
    File {
        path: &'a Path,
        game: Option<&'a str>,
    },
    /// The editor's deck, saved or not.
    Draft(&'a DeckContent),
}

/// Which of the deck's cards print, and where their images are.
#[derive(Debug, Clone, Default)]
pub struct PrintSelection {
    /// Deck sections by id (`main`, `side`, `characters`…); [`DEFAULT_SECTION`] when empty.
    pub sections: Vec<String>,
    /// A folder of card images named by card id or by card name (PNG or JPEG); a card
    /// without one there prints its stored image, else a text proxy.
    pub images: Option<PathBuf>,
    /// Only the copies the collection lacks (what `deckhand deck need` counts missing).
    pub missing: bool,
}

/// The most cards one PDF holds (over a thousand pages of nine): the layout and the
/// document are built in memory, so a deck file of a hundred thousand lines is refused.
pub const MAX_PRINT_CARDS: usize = 10_000;

/// One card line to print: the card, its copies and its image file, if any.
#[derive(Debug, Clone)]
struct JobLine {
    card: Card,
    copies: u32,
    image: Option<String>,
}

/// The cards of a deck, ready to lay out and print; owns everything it needs.
#[derive(Debug, Clone)]
pub struct PrintJob {
    pub game: Game,
    lines: Vec<JobLine>,
    /// The stored images the lines use, by key (see [`STORED_KEY`]), ready to print.
    stored: HashMap<String, std::result::Result<Vec<u8>, String>>,
    /// The database's files, which the PDF may not replace.
    guard: OutputGuard,
}

/// A printed copy as the app's preview labels it; index `i` is the layout's item `i`.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct PreviewItem {
    /// The card's id, by which [`Deckhand::card_faces`] finds its face.
    pub card: String,
    pub name: String,
    /// Whether the card prints from an image (else a text proxy).
    pub image: bool,
}

/// The layout in millimetres with what each placed item is: what the app previews.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct PrintPreview {
    #[serde(flatten)]
    pub layout: Layout,
    pub items: Vec<PreviewItem>,
}

/// How far a PDF write has come: images are what take time (and they are written last,
/// one at a time); a deck of text proxies has none and is done in a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct PrintProgress {
    pub images_done: usize,
    pub images_total: usize,
}

/// The most faces one call designs: a screenful of cards is far fewer.
pub const MAX_FACES: usize = 1_000;

impl Deckhand {
    /// The text-proxy faces of `game`'s cards named in `cards` (each an id, else a name:
    /// boards know their cards by name), in that order; `None` for one not found. The
    /// same design the PDF draws ([`deckhand_print::card_face`]), for the app to show
    /// where a card has no picture. At most [`MAX_FACES`] are answered.
    pub fn card_faces(&self, game: &str, cards: &[String]) -> Result<Vec<Option<CardFace>>> {
        let definition = self.games().get(game)?;
        let mut faces = Vec::with_capacity(cards.len().min(MAX_FACES));
        for reference in cards.iter().take(MAX_FACES) {
            let card = match self.store.card_by_id(reference)? {
                Some(card) if card.game == game => Some(card),
                _ => self
                    .store
                    .cards_named(reference, Some(game))?
                    .into_iter()
                    .next(),
            };
            faces.push(card.map(|card| deckhand_print::card_face(&card, definition)));
        }
        Ok(faces)
    }

    /// The deck `source` names, resolved against the database, with a label for messages.
    pub fn deck_from_source(&self, source: DeckSource<'_>) -> Result<(String, Deck)> {
        match source {
            DeckSource::Stored(reference) => {
                let (stored, deck) = self.load_deck(self.find_deck(reference)?, None)?;
                Ok((stored.content.name, deck))
            }
            DeckSource::File { path, game } => {
                let text = crate::read_deck_text_file(path)?;
                let label = path.display().to_string();
                let format = DeckFormat::from_path(&label).unwrap_or(DeckFormat::Text);
                let (deck, _) = self.read_deck(format, &label, &text, game, None)?;
                Ok((label, deck))
            }
            DeckSource::Draft(draft) => Ok((draft.name.clone(), self.resolve_draft(draft)?)),
        }
    }

    /// The cards of `source` that `selection` chooses, with their images found. Fails
    /// naming `sections` when a section is not the game's or holds no cards, and with
    /// [`Error::ReadFile`] when the images folder cannot be listed.
    pub fn print_job(
        &self,
        source: DeckSource<'_>,
        selection: &PrintSelection,
    ) -> Result<PrintJob> {
        let (label, deck) = self.deck_from_source(source)?;
        let game = self.games().get(&deck.game)?.clone();
        let sections: Vec<&str> = match selection.sections.as_slice() {
            [] => vec![DEFAULT_SECTION],
            chosen => chosen.iter().map(|s| s.trim()).collect(),
        };
        for section in &sections {
            if !game.has_section(section) {
                let known: Vec<&str> = game
                    .sections
                    .iter()
                    .map(|s| s.id.as_str())
                    .chain(deckhand_core::GENERIC_SECTIONS.iter().copied())
                    .collect();
                return Err(sections_error(format!(
                    "'{section}' is not a deck section of {} (use {})",
                    game.id,
                    known.join(", ")
                )));
            }
        }
        let images = match &selection.images {
            Some(dir) => ImageFolder::scan(dir)?,
            None => ImageFolder::default(),
        };
        let with_image = self.store.image_infos(Some(&game.id))?;
        // The deck's order within each chosen section, sections in the order chosen.
        let lines: Vec<JobLine> = sections
            .iter()
            .flat_map(|section| deck.entries.iter().filter(move |e| e.section == *section))
            .filter(|e| e.count > 0)
            .map(|e| JobLine {
                image: images.find(&e.card).or_else(|| {
                    with_image
                        .contains_key(&e.card.id)
                        .then(|| format!("{STORED_KEY}{}", e.card.id))
                }),
                copies: e.count,
                card: e.card.clone(),
            })
            .collect();
        if lines.is_empty() {
            return Err(sections_error(format!(
                "the deck has no cards in {}",
                sections.join(", ")
            )));
        }
        let lines = if selection.missing {
            self.only_missing(&deck, lines)?
        } else {
            lines
        };
        if lines.is_empty() {
            return Err(Error::Print(PrintError::Option {
                option: "missing",
                message: format!(
                    "the collection holds every card of {label} in {}: nothing is missing",
                    sections.join(", ")
                ),
            }));
        }
        let copies: u64 = lines.iter().map(|l| u64::from(l.copies)).sum();
        if copies > MAX_PRINT_CARDS as u64 {
            return Err(Error::Print(PrintError::Option {
                option: "sections",
                message: format!(
                    "{label} has {copies} cards to print in {}; one PDF holds at most {MAX_PRINT_CARDS} (print fewer sections, or split the deck)",
                    sections.join(", ")
                ),
            }));
        }
        let mut stored = HashMap::new();
        for key in lines.iter().filter_map(|l| l.image.as_deref()) {
            let Some(id) = key.strip_prefix(STORED_KEY) else {
                continue;
            };
            if stored.contains_key(key) {
                continue;
            }
            let bytes = match self.store.card_image(id)? {
                Some(image) => crate::images::printable(&image.format, image.data),
                None => Err("the card's stored image is gone".to_owned()),
            };
            stored.insert(key.to_owned(), bytes);
        }
        Ok(PrintJob {
            game,
            lines,
            stored,
            guard: self.output_guard.clone(),
        })
    }

    /// Keeps the copies the collection lacks: per card name (any printing counts as
    /// owned), the deck's missing copies, taken from the first lines in print order.
    fn only_missing(&self, deck: &Deck, lines: Vec<JobLine>) -> Result<Vec<JobLine>> {
        let need = self.deck_need(deck, None)?;
        let mut left: HashMap<String, u32> = need
            .lines
            .iter()
            .map(|l| (fold_name(&l.name), l.missing))
            .collect();
        Ok(lines
            .into_iter()
            .filter_map(|mut line| {
                let left = left.get_mut(&fold_name(&line.card.name))?;
                line.copies = line.copies.min(*left);
                *left -= line.copies;
                (line.copies > 0).then_some(line)
            })
            .collect())
    }
}

fn sections_error(message: String) -> Error {
    Error::Print(PrintError::Option {
        option: "sections",
        message,
    })
}

impl PrintJob {
    /// Printed copies: a line of 3 is three cards.
    pub fn card_count(&self) -> usize {
        self.lines.iter().map(|l| l.copies as usize).sum()
    }

    /// Printed copies that have an image (the rest are text proxies).
    pub fn image_count(&self) -> usize {
        self.lines
            .iter()
            .filter(|l| l.image.is_some())
            .map(|l| l.copies as usize)
            .sum()
    }

    fn items(&self) -> Vec<PrintItem<'_>> {
        self.lines
            .iter()
            .flat_map(|line| {
                let item = PrintItem {
                    card: &line.card,
                    image: line.image.as_deref(),
                };
                std::iter::repeat_n(item, line.copies as usize)
            })
            .collect()
    }

    /// The pages in millimetres; fails naming the option when one is out of range.
    pub fn layout(&self, options: &PrintOptions) -> Result<Layout> {
        Ok(deckhand_print::layout(
            &self.items(),
            &CardSizes::of(&self.game),
            options,
        )?)
    }

    /// The layout with each item's name, for a preview.
    pub fn preview(&self, options: &PrintOptions) -> Result<PrintPreview> {
        let items = self
            .items()
            .iter()
            .map(|item| PreviewItem {
                card: item.card.id.clone(),
                name: item.card.name.clone(),
                image: item.image.is_some(),
            })
            .collect();
        Ok(PrintPreview {
            layout: self.layout(options)?,
            items,
        })
    }

    /// Writes the PDF to `out`, replacing it only once the whole file is written (nothing
    /// is created when an option is bad). Images are read from disk one at a time as the
    /// PDF is written; `progress` hears after each. A back image (`Backs::Image`) is a
    /// file path.
    pub fn write(
        &self,
        options: &PrintOptions,
        out: &Path,
        progress: &mut dyn FnMut(PrintProgress),
    ) -> Result<PdfSummary> {
        let items = self.items();
        let layout = deckhand_print::layout(&items, &CardSizes::of(&self.game), options)?;
        let mut ids: BTreeSet<&str> = items.iter().filter_map(|i| i.image).collect();
        if let Backs::Image(path) = &options.backs {
            // Say which file is missing before anything is written.
            fs::metadata(path).map_err(|e| Error::ReadFile {
                path: PathBuf::from(path),
                message: e.to_string(),
            })?;
            ids.insert(path);
        }
        let mut source = FileImages {
            stored: &self.stored,
            progress: PrintProgress {
                images_done: 0,
                images_total: ids.len(),
            },
            report: progress,
        };
        write_pdf_file(&self.guard, out, |file| {
            deckhand_print::write_pdf_to(&layout, &items, &self.game, &mut source, file)
        })
    }
}

/// Writes the calibration sheet (two pages: rulers and scales, and the back's cross) to
/// `out`, unless `guard` protects it; returns its size in bytes. It needs no open
/// database: [`OutputGuard::for_database`] protects one by its path.
pub fn write_calibration(options: &PrintOptions, out: &Path, guard: &OutputGuard) -> Result<u64> {
    let bytes = deckhand_print::calibration_pdf(options)?;
    write_pdf_file(guard, out, |file| {
        file.write_all(&bytes)?;
        Ok(bytes.len() as u64)
    })
}

/// Image files by their matching key (see [`image_key`]).
#[derive(Debug, Default)]
struct ImageFolder {
    by_key: BTreeMap<String, String>,
}

impl ImageFolder {
    /// Lists `dir` (names only; nothing is read until the PDF is written).
    fn scan(dir: &Path) -> Result<ImageFolder> {
        let mut by_key = BTreeMap::new();
        for path in list_images(dir, IMAGE_EXTENSIONS)? {
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            by_key
                .entry(image_key(stem))
                .or_insert_with(|| path.display().to_string());
        }
        Ok(ImageFolder { by_key })
    }

    /// The image named by the card's id, else by its name.
    fn find(&self, card: &Card) -> Option<String> {
        [&card.id, &card.name]
            .into_iter()
            .find_map(|text| self.by_key.get(&image_key(text)))
            .cloned()
    }
}

/// The files of `dir` with one of `extensions` (any case), sorted, so that of `a.png` and
/// `a.jpg` the same one always wins.
pub(crate) fn list_images(dir: &Path, extensions: &[&str]) -> Result<Vec<PathBuf>> {
    let unreadable = |e: io::Error| Error::ReadFile {
        path: dir.to_owned(),
        message: e.to_string(),
    };
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(unreadable)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.iter().any(|x| x.eq_ignore_ascii_case(e)))
        })
        .filter(|path| path.is_file())
        .collect();
    paths.sort();
    Ok(paths)
}

/// What a file stem and a card id or name are compared by: case and curly quotes folded,
/// and the characters file systems refuse (or users put for spaces) read as spaces, so
/// `Liger Zero: Jager` is found as `liger zero jager.png` or `Liger_Zero_Jager.JPG`.
pub(crate) fn image_key(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| {
            if matches!(
                c,
                '\\' | '/' | ':' | '*' | '?' | '"' | '<' | '>' | '|' | '_'
            ) {
                ' '
            } else {
                c
            }
        })
        .collect();
    fold_name(&spaced)
}

/// Hands the writer each image when it asks (a stored one from the job, a file read from
/// disk then), and reports progress.
struct FileImages<'a> {
    stored: &'a HashMap<String, std::result::Result<Vec<u8>, String>>,
    progress: PrintProgress,
    report: &'a mut dyn FnMut(PrintProgress),
}

impl ImageSource for FileImages<'_> {
    fn image_bytes(&mut self, id: &str) -> std::result::Result<Vec<u8>, String> {
        let bytes = match self.stored.get(id) {
            Some(stored) => stored.clone()?,
            None => crate::images::read_capped(Path::new(id))?,
        };
        self.progress.images_done += 1;
        (self.report)(self.progress);
        Ok(bytes)
    }
}

/// Writes the PDF `write` produces to `out` through [`crate::output`]: never over the
/// database, and a failed or interrupted write never leaves a half PDF under the user's name.
fn write_pdf_file<T>(
    guard: &OutputGuard,
    out: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::result::Result<T, PrintError>,
) -> Result<T> {
    output::write_with(guard, out, |file| {
        write(file).map_err(|err| match err {
            PrintError::Io(e) => Error::WriteFile {
                path: out.to_owned(),
                message: e.to_string(),
            },
            other => Error::Print(other),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "Republic Vanguard";

    fn fixture_jpeg() -> Vec<u8> {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/print/orange.jpg");
        fs::read(path).unwrap()
    }

    fn sample_job(deckhand: &Deckhand, selection: &PrintSelection) -> PrintJob {
        deckhand
            .print_job(DeckSource::Stored(SAMPLE), selection)
            .unwrap()
    }

    fn option_named(err: Error) -> &'static str {
        match err {
            Error::Print(PrintError::Option { option, .. }) => option,
            other => panic!("not an option error: {other:?}"),
        }
    }

    #[test]
    fn every_copy_of_the_main_section_is_one_printed_card() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        let id = deckhand.find_deck(SAMPLE).unwrap();
        let (_, deck) = deckhand.load_deck(id, None).unwrap();
        let main: u32 = deck
            .entries
            .iter()
            .filter(|e| e.section == "main")
            .map(|e| e.count)
            .sum();
        let job = sample_job(&deckhand, &PrintSelection::default());
        assert_eq!(job.card_count(), main as usize);
        let preview = job.preview(&PrintOptions::default()).unwrap();
        assert_eq!(preview.items.len(), main as usize);
        assert_eq!(preview.layout.card_count(), main as usize);
        // 63 × 88 mm cards on A4 with 5 mm margins: 3 × 3 a page.
        assert_eq!(preview.layout.pages.len(), (main as usize).div_ceil(9));
    }

    #[test]
    fn a_section_the_game_lacks_or_an_empty_one_names_the_sections_option() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        for sections in [vec!["sideboard".to_owned()], vec!["maybe".to_owned()]] {
            let err = deckhand
                .print_job(
                    DeckSource::Stored(SAMPLE),
                    &PrintSelection {
                        sections,
                        images: None,
                        missing: false,
                    },
                )
                .unwrap_err();
            assert_eq!(err.code(), "invalid_input");
            assert_eq!(option_named(err), "sections");
        }
    }

    #[test]
    fn missing_prints_only_the_copies_the_collection_lacks() {
        let mut deckhand = Deckhand::open_in_memory().unwrap();
        let all = sample_job(&deckhand, &PrintSelection::default()).card_count();
        let spec = crate::CopySpec::default();
        // 4 played: 1 owned leaves 3; 4 owned (any printing) leaves none.
        deckhand
            .collection_add("Cinderpaw Cub", Some("zoids-scramble"), 1, &spec)
            .unwrap();
        deckhand
            .collection_add("Dawnmane Liger", Some("zoids-scramble"), 4, &spec)
            .unwrap();
        let missing = PrintSelection {
            missing: true,
            ..Default::default()
        };
        let job = sample_job(&deckhand, &missing);
        assert_eq!(job.card_count(), all - 1 - 4);
        let copies = |name: &str| {
            job.lines
                .iter()
                .filter(|l| l.card.name == name)
                .map(|l| l.copies)
                .sum::<u32>()
        };
        assert_eq!((copies("Cinderpaw Cub"), copies("Dawnmane Liger")), (3, 0));
    }

    #[test]
    fn missing_with_everything_owned_names_the_missing_option() {
        let mut deckhand = Deckhand::open_in_memory().unwrap();
        let job = sample_job(&deckhand, &PrintSelection::default());
        let spec = crate::CopySpec::default();
        for line in &job.lines {
            deckhand
                .collection_add(&line.card.id, None, line.copies, &spec)
                .unwrap();
        }
        let err = deckhand
            .print_job(
                DeckSource::Stored(SAMPLE),
                &PrintSelection {
                    missing: true,
                    ..Default::default()
                },
            )
            .unwrap_err();
        assert_eq!(option_named(err), "missing");
    }

    #[test]
    fn images_are_found_by_card_id_or_name_in_any_case() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        let job = sample_job(&deckhand, &PrintSelection::default());
        let [first, second, third] = [0, 1, 2].map(|i| job.lines[i].card.clone());
        let dir = tempfile::tempdir().unwrap();
        let jpeg = fixture_jpeg();
        fs::write(
            dir.path().join(format!("{}.JPG", first.id.to_uppercase())),
            &jpeg,
        )
        .unwrap();
        let by_name = second.name.to_lowercase().replace(' ', "_");
        fs::write(dir.path().join(format!("{by_name}.jpeg")), &jpeg).unwrap();
        // Not an image by its extension: ignored.
        fs::write(dir.path().join(format!("{}.txt", third.name)), "x").unwrap();
        let job = sample_job(
            &deckhand,
            &PrintSelection {
                sections: Vec::new(),
                images: Some(dir.path().to_owned()),
                missing: false,
            },
        );
        let found: Vec<bool> = job.lines.iter().map(|l| l.image.is_some()).collect();
        assert_eq!(&found[..3], [true, true, false]);
        assert!(found[3..].iter().all(|f| !f));
        let expected = (job.lines[0].copies + job.lines[1].copies) as usize;
        assert_eq!(job.image_count(), expected);

        let out = dir.path().join("deck.pdf");
        let mut reports = Vec::new();
        let summary = job
            .write(&PrintOptions::default(), &out, &mut |p| reports.push(p))
            .unwrap();
        let written = fs::read(&out).unwrap();
        assert!(written.starts_with(b"%PDF-"));
        assert_eq!(summary.bytes, written.len() as u64);
        assert_eq!(summary.cards, job.card_count());
        // Two distinct image files, each read once.
        assert_eq!(
            reports.last(),
            Some(&PrintProgress {
                images_done: 2,
                images_total: 2
            })
        );
    }

    #[test]
    fn a_bad_option_writes_nothing_and_names_the_option() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        let job = sample_job(&deckhand, &PrintSelection::default());
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("deck.pdf");
        let options = PrintOptions {
            bleed_mm: 2.0,
            ..PrintOptions::default()
        };
        let err = job.write(&options, &out, &mut |_| {}).unwrap_err();
        assert_eq!(option_named(err), "bleed");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let images = dir.path().join("images");
        fs::create_dir(&images).unwrap();
        let job = sample_job(&deckhand, &PrintSelection::default());
        let name = job.lines[0].card.name.clone();
        // A file that claims to be a PNG but is not one: found by name, fails when written.
        fs::write(images.join(format!("{name}.png")), "not a picture").unwrap();
        let job = sample_job(
            &deckhand,
            &PrintSelection {
                sections: Vec::new(),
                images: Some(images),
                missing: false,
            },
        );
        let out = dir.path().join("deck.pdf");
        fs::write(&out, "the old file").unwrap();
        let err = job
            .write(&PrintOptions::default(), &out, &mut |_| {})
            .unwrap_err();
        assert!(err.to_string().contains("not a PNG or JPEG"), "{err}");
        assert_eq!(fs::read_to_string(&out).unwrap(), "the old file");
        let left: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
    }

    #[test]
    fn a_missing_back_image_is_a_read_error_before_anything_is_written() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        let job = sample_job(&deckhand, &PrintSelection::default());
        let dir = tempfile::tempdir().unwrap();
        let options = PrintOptions {
            backs: Backs::Image(dir.path().join("back.png").display().to_string()),
            ..PrintOptions::default()
        };
        let err = job
            .write(&options, &dir.path().join("deck.pdf"), &mut |_| {})
            .unwrap_err();
        assert_eq!(err.code(), "unreadable_file");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn the_editor_draft_prints_its_chosen_sections() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        let id = deckhand.find_deck(SAMPLE).unwrap();
        let mut draft = deckhand.deck_content(id, None).unwrap();
        let side_card = draft.cards[0].card.clone();
        draft.cards.push(crate::DeckCard {
            section: "side".into(),
            count: 2,
            card: side_card,
        });
        let main = sample_job(&deckhand, &PrintSelection::default()).card_count();
        let job = deckhand
            .print_job(
                DeckSource::Draft(&draft),
                &PrintSelection {
                    sections: vec!["main".into(), "side".into()],
                    images: None,
                    missing: false,
                },
            )
            .unwrap();
        assert_eq!(job.card_count(), main + 2);
    }

    #[test]
    fn calibration_is_written_to_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("calibration.pdf");
        let bytes =
            write_calibration(&PrintOptions::default(), &out, &OutputGuard::default()).unwrap();
        assert_eq!(fs::metadata(&out).unwrap().len(), bytes);
    }

    #[test]
    fn image_keys_ignore_case_and_characters_files_cannot_hold() {
        let cases = [
            ("Liger Zero: Jager", "liger zero  jager"),
            ("Liger_Zero_Jager", "liger zero jager"),
            ("LIGER ZERO JAGER", "liger zero jager"),
            ("Pilot \u{2019}Vera\u{2019}", "pilot 'vera'"),
            ("zs-001", "zs-001"),
        ];
        for (text, key) in cases {
            assert_eq!(image_key(text), fold_name(key), "{text}");
        }
    }
}
