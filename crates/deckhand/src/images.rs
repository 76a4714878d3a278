//! Card images: a front image per card (PNG, JPEG or WebP) kept in the database, with a
//! thumbnail made once when it is stored. `deckhand image set|remove|import`, the card
//! JSON's `image`, the app's thumbnails and print's stored images all come from here.
//!
//! Every image is checked before anything is written: its format from its first bytes,
//! its size from its header against print's caps (16,384 px a side, 100 megapixels; a
//! file of at most 512 MB), then decoded whole (a truncated or damaged file is refused,
//! JPEGs by print's own marker walk) to make the thumbnail.

use std::collections::HashMap;
use std::fs::File;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use deckhand_core::Card;
use deckhand_print::{MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE};
use deckhand_store::NewImage;
use image::{DynamicImage, ImageFormat, ImageReader, Limits, RgbImage};
use serde::Serialize;

use crate::ImageInfo;

use crate::print::{image_key, list_images};
use crate::{Deckhand, Error, Result};

/// The largest image file read: a PNG within print's pixel limits fits, and a huge file
/// is refused unread.
pub const MAX_IMAGE_FILE_BYTES: u64 = 512 * 1024 * 1024;

/// Thumbnails fit in this box (a card's shape at about 2.5 times a list row's height):
/// enough for a grid cell on a high-density screen, a few kilobytes each.
pub const THUMBNAIL_BOX: (u32, u32) = (180, 252);

/// Image files an image folder may hold, by extension (any case).
pub const IMAGE_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "webp"];

/// A card as its JSON shows it: the card's fields and its image, `null` without one.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct CardView {
    #[serde(flatten)]
    pub card: Card,
    pub image: Option<ImageInfo>,
}

/// What `deckhand image import` did: each file given to a card, and the files no card
/// matched (by id, else by name, as print matches them).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ImageImportReport {
    pub matched: Vec<MatchedImage>,
    pub unmatched: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchedImage {
    pub file: String,
    pub card: String,
    pub name: String,
    pub width: u32,
    pub height: u32,
}

/// A stored image's bytes with their media type (for the app's image protocol).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageBytes {
    pub mime: &'static str,
    pub data: Vec<u8>,
}

impl Deckhand {
    /// The card by id or name, with its image's size.
    pub fn card_view(&self, name_or_id: &str, game: Option<&str>) -> Result<CardView> {
        let card = self.card(name_or_id, game)?;
        let image = self.store.image_info(&card.id)?.map(Into::into);
        Ok(CardView { card, image })
    }

    /// Every card (of one game), each with its image's size.
    pub fn card_views(&self, game: Option<&str>) -> Result<Vec<CardView>> {
        let cards = self.cards(game)?;
        let mut infos = self.store.image_infos(game)?;
        Ok(cards
            .into_iter()
            .map(|card| {
                let image = infos.remove(&card.id).map(Into::into);
                CardView { card, image }
            })
            .collect())
    }

    /// The sizes of the images of a game's cards (or every card's), by card id.
    pub fn image_infos(&self, game: Option<&str>) -> Result<HashMap<String, ImageInfo>> {
        Ok(self
            .store
            .image_infos(game)?
            .into_iter()
            .map(|(id, info)| (id, info.into()))
            .collect())
    }

    /// Gives the card (by id or name) the image in `path`, replacing any it had.
    pub fn set_card_image(
        &mut self,
        name_or_id: &str,
        game: Option<&str>,
        path: &Path,
    ) -> Result<CardView> {
        let card = self.card(name_or_id, game)?;
        let data = read_image_file(path)?;
        let image = checked(&path.display().to_string(), &card.id, data)?;
        self.store.set_card_images(std::slice::from_ref(&image))?;
        let image = self.store.image_info(&card.id)?.map(Into::into);
        Ok(CardView { card, image })
    }

    /// Gives the card (by id) the image in `data`, as dropped on the app's card detail;
    /// `source_name` (the dropped file's name) names it in errors.
    pub fn set_card_image_bytes(
        &mut self,
        id: &str,
        source_name: &str,
        data: Vec<u8>,
    ) -> Result<CardView> {
        if data.len() as u64 > MAX_IMAGE_FILE_BYTES {
            return Err(Error::Image {
                source_name: source_name.to_owned(),
                message: format!(
                    "the file is larger than {} MB, the most an image may have",
                    MAX_IMAGE_FILE_BYTES >> 20
                ),
            });
        }
        let card = self.card(id, None)?;
        let image = checked(source_name, &card.id, data)?;
        self.store.set_card_images(std::slice::from_ref(&image))?;
        let image = self.store.image_info(&card.id)?.map(Into::into);
        Ok(CardView { card, image })
    }

    /// Removes the card's image; the view's `image` is `None` either way, and the flag
    /// says whether it had one.
    pub fn remove_card_image(
        &mut self,
        name_or_id: &str,
        game: Option<&str>,
    ) -> Result<(CardView, bool)> {
        let card = self.card(name_or_id, game)?;
        let removed = self.store.remove_card_image(&card.id)?;
        Ok((CardView { card, image: None }, removed))
    }

    /// A card's full image, by card id.
    pub fn card_image(&self, id: &str) -> Result<Option<ImageBytes>> {
        Ok(self.store.card_image(id)?.map(|stored| ImageBytes {
            mime: mime_of(&stored.format),
            data: stored.data,
        }))
    }

    /// A card's thumbnail (a JPEG within [`THUMBNAIL_BOX`]), by card id.
    pub fn card_thumbnail(&self, id: &str) -> Result<Option<ImageBytes>> {
        Ok(self.store.card_thumbnail(id)?.map(|data| ImageBytes {
            mime: "image/jpeg",
            data,
        }))
    }

    /// Gives each card of `game` (or of every game) the image file in `dir` named by its
    /// id, else by its name, as `deckhand print --images` finds them; all or nothing: a
    /// file that is not a usable image stops the import naming it, and nothing is stored.
    /// Files are checked on every core while they are stored one at a time.
    pub fn import_card_images(
        &mut self,
        dir: &Path,
        game: Option<&str>,
    ) -> Result<ImageImportReport> {
        let files = list_images(dir, IMAGE_EXTENSIONS)?;
        let cards = self.cards(game)?;
        let by_key: HashMap<String, &PathBuf> = files
            .iter()
            .filter_map(|path| Some((image_key(path.file_stem()?.to_str()?), path)))
            .collect();
        // Each card takes the file of its id, else of its name; a file may serve several
        // printings of one name.
        let mut jobs: Vec<(&Card, &PathBuf)> = Vec::new();
        for card in &cards {
            if let Some(path) = [&card.id, &card.name]
                .into_iter()
                .find_map(|text| by_key.get(&image_key(text)))
            {
                jobs.push((card, path));
            }
        }
        let used: std::collections::HashSet<&PathBuf> = jobs.iter().map(|(_, p)| *p).collect();
        let unmatched = files
            .iter()
            .filter(|p| !used.contains(p))
            .map(|p| p.display().to_string())
            .collect();
        let mut write = self.store.begin_images()?;
        let mut matched = Vec::with_capacity(jobs.len());
        check_in_parallel(&jobs, &mut |index, image| {
            let (card, path) = jobs[index];
            write.put(&image)?;
            matched.push(MatchedImage {
                file: path.display().to_string(),
                card: card.id.clone(),
                name: card.name.clone(),
                width: image.width,
                height: image.height,
            });
            Ok(())
        })?;
        write.commit()?;
        // Workers finish in any order; the report does not.
        matched.sort_by(|a, b| (&a.file, &a.card).cmp(&(&b.file, &b.card)));
        Ok(ImageImportReport { matched, unmatched })
    }
}

/// Reads and checks every job's file on as many threads as there are cores and hands each
/// checked image to `store` on this thread, as it comes (in no set order). A few images
/// are in flight at a time: a folder of a thousand large files never sits in memory. The
/// first failure stops the workers and is returned.
fn check_in_parallel(
    jobs: &[(&Card, &PathBuf)],
    store: &mut dyn FnMut(usize, NewImage) -> Result<()>,
) -> Result<()> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc::sync_channel;

    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (sender, receiver) = sync_channel::<(usize, Result<NewImage>)>(threads * 2);
        for _ in 0..threads {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some((card, path)) = jobs.get(index) else {
                    break;
                };
                let name = path.display().to_string();
                let image = read_image_file(path).and_then(|data| checked(&name, &card.id, data));
                // The receiver is gone once an image failed: stop.
                if sender.send((index, image)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        // Returning drops the receiver, which stops the workers on their next send.
        for (index, image) in receiver {
            store(index, image?)?;
        }
        Ok(())
    })
}

/// Reads an image file of at most [`MAX_IMAGE_FILE_BYTES`] (a larger one is refused
/// unread; `take` guards a file that grows while it is read).
pub(crate) fn read_image_file(path: &Path) -> Result<Vec<u8>> {
    let unreadable = |message: String| Error::ReadFile {
        path: path.to_owned(),
        message,
    };
    read_capped(path).map_err(unreadable)
}

pub(crate) fn read_capped(path: &Path) -> std::result::Result<Vec<u8>, String> {
    let too_large = || {
        format!(
            "the file is larger than {} MB, the most an image may have",
            MAX_IMAGE_FILE_BYTES >> 20
        )
    };
    let file = File::open(path).map_err(|e| e.to_string())?;
    let size = file.metadata().map_err(|e| e.to_string())?.len();
    if size > MAX_IMAGE_FILE_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_IMAGE_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_IMAGE_FILE_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Checks `data` as a card image for `card` and makes its thumbnail; errors name
/// `source_name`.
pub(crate) fn checked(source_name: &str, card: &str, mut data: Vec<u8>) -> Result<NewImage> {
    let bad = |message: String| Error::Image {
        source_name: source_name.to_owned(),
        message,
    };
    let format = sniff(&data).ok_or_else(|| {
        bad("not a PNG, JPEG or WebP image (its first bytes say otherwise)".into())
    })?;
    let (width, height, decoded) = decode(format, &data).map_err(bad)?;
    // Bytes past the image's end are not stored: a pack of small pictures padded with
    // zeros would otherwise fill the disk.
    let end = image_end(format, &data).ok_or_else(|| {
        bad(format!(
            "damaged {}: no end",
            format_name(format).to_uppercase()
        ))
    })?;
    data.truncate(end);
    let thumbnail = thumbnail(&decoded).map_err(bad)?;
    Ok(NewImage {
        card: card.to_owned(),
        format: format_name(format),
        width,
        height,
        data,
        thumbnail,
    })
}

/// Where the image in `data` ends: a PNG after its `IEND` chunk, a JPEG after its end
/// marker, a WebP after its RIFF size.
fn image_end(format: ImageFormat, data: &[u8]) -> Option<usize> {
    match format {
        ImageFormat::Png => {
            let mut at = 8;
            loop {
                let length = u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?);
                let kind = data.get(at + 4..at + 8)?;
                let next = at.checked_add(12)?.checked_add(length as usize)?;
                if kind == b"IEND" {
                    return Some(next.min(data.len()));
                }
                at = next;
            }
        }
        ImageFormat::Jpeg => deckhand_print::jpeg_size(data).ok().map(|(_, _, end)| end),
        _ => {
            let size = u32::from_le_bytes(data.get(4..8)?.try_into().ok()?) as usize;
            // A RIFF chunk is padded to an even length.
            Some(
                8usize
                    .checked_add(size)?
                    .checked_add(size % 2)?
                    .min(data.len()),
            )
        }
    }
}

/// The format by the file's first bytes (its extension may lie).
fn sniff(data: &[u8]) -> Option<ImageFormat> {
    if data.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageFormat::Png)
    } else if data.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if data.len() >= 12 && &data[..4] == b"RIFF" && &data[8..12] == b"WEBP" {
        Some(ImageFormat::WebP)
    } else {
        None
    }
}

fn format_name(format: ImageFormat) -> &'static str {
    match format {
        ImageFormat::Png => "png",
        ImageFormat::Jpeg => "jpeg",
        _ => "webp",
    }
}

fn mime_of(format: &str) -> &'static str {
    match format {
        "png" => "image/png",
        "jpeg" => "image/jpeg",
        _ => "image/webp",
    }
}

/// The size from the header, refused past print's caps before anything is decoded, then
/// the whole image decoded (which finds truncated and damaged files).
fn decode(
    format: ImageFormat,
    data: &[u8],
) -> std::result::Result<(u32, u32, DynamicImage), String> {
    let kind = format_name(format).to_uppercase();
    let reader = || {
        let mut reader = ImageReader::with_format(Cursor::new(data), format);
        let mut limits = Limits::default();
        limits.max_image_width = Some(MAX_IMAGE_SIDE);
        limits.max_image_height = Some(MAX_IMAGE_SIDE);
        limits.max_alloc = Some(MAX_IMAGE_PIXELS * 4 + (64 << 20));
        reader.limits(limits);
        reader
    };
    let too_large = |width: u32, height: u32| {
        format!(
            "{width}×{height} pixels is too large: images may have at most {MAX_IMAGE_SIDE} \
             pixels a side and {} megapixels",
            MAX_IMAGE_PIXELS / 1_000_000
        )
    };
    let (width, height) = if format == ImageFormat::Jpeg {
        // Print's marker walk: a JPEG cut short is refused (decoders pad it with grey).
        let (width, height, _) = deckhand_print::jpeg_size(data)?;
        (width, height)
    } else {
        header_size(format, data).ok_or_else(|| format!("damaged {kind}: no size in its header"))?
    };
    if width == 0 || height == 0 {
        return Err(format!("damaged {kind}: the image has no size"));
    }
    if width > MAX_IMAGE_SIDE
        || height > MAX_IMAGE_SIDE
        || u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS
    {
        return Err(too_large(width, height));
    }
    let image = reader().decode().map_err(|e| match e {
        // Within the pixel caps but not the memory one: 16 bits a channel, say.
        image::ImageError::Limits(_) => format!(
            "{width}×{height} pixels needs more memory to open than an image may take              (16 bits a channel?): save it with 8 bits a channel, or smaller"
        ),
        e => format!("damaged or truncated {kind}: {e}"),
    })?;
    Ok((image.width(), image.height(), image))
}

/// The size a PNG's or WebP's header claims, read without decoding.
fn header_size(format: ImageFormat, data: &[u8]) -> Option<(u32, u32)> {
    let be = |at: usize| Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?));
    match format {
        ImageFormat::Png if data.get(12..16) == Some(b"IHDR") => Some((be(16)?, be(20)?)),
        ImageFormat::Png => None,
        // WebP headers differ by kind (VP8, VP8L, VP8X); the decoder reads only them.
        _ => ImageReader::with_format(Cursor::new(data), format)
            .into_dimensions()
            .ok(),
    }
}

/// A JPEG thumbnail within [`THUMBNAIL_BOX`], transparency laid on white.
fn thumbnail(image: &DynamicImage) -> std::result::Result<Vec<u8>, String> {
    let (w, h) = THUMBNAIL_BOX;
    let small = if image.width() > w || image.height() > h {
        let (tw, th) = fit_within(image.width(), image.height(), w, h);
        shrink(image, tw, th)
    } else {
        image.clone()
    };
    let rgb = on_white(&small);
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 82)
        .encode_image(&rgb)
        .map_err(|e| format!("cannot make the thumbnail: {e}"))?;
    Ok(out)
}

/// The largest size of `width`×`height`'s shape within `box_w`×`box_h`, rounded as
/// `DynamicImage::thumbnail` rounds it (thumbnails keep the sizes they always had).
fn fit_within(width: u32, height: u32, box_w: u32, box_h: u32) -> (u32, u32) {
    let ratio = f64::min(
        f64::from(box_w) / f64::from(width),
        f64::from(box_h) / f64::from(height),
    );
    let side = |len: u32| ((f64::from(len) * ratio).round() as u32).max(1);
    (side(width), side(height))
}

/// `image` shrunk to `tw`×`th` by averaging the block of source pixels under each target
/// pixel, in integers: the area filter of `DynamicImage::thumbnail` without its per-pixel
/// floating point, which was 15 % of an image import's CPU (a 600×838 JPEG). 8-bit images
/// are read as they are; others are converted to 8 bits first.
fn shrink(image: &DynamicImage, tw: u32, th: u32) -> DynamicImage {
    let converted;
    let source: &DynamicImage = match image {
        DynamicImage::ImageLuma8(_)
        | DynamicImage::ImageLumaA8(_)
        | DynamicImage::ImageRgb8(_)
        | DynamicImage::ImageRgba8(_) => image,
        other if other.color().has_alpha() => {
            converted = DynamicImage::ImageRgba8(other.to_rgba8());
            &converted
        }
        other => {
            converted = DynamicImage::ImageRgb8(other.to_rgb8());
            &converted
        }
    };
    let channels = usize::from(source.color().channel_count());
    let pixels = shrink_pixels(
        source.as_bytes(),
        (source.width() as usize, source.height() as usize),
        channels,
        (tw as usize, th as usize),
    );
    let built = match source {
        DynamicImage::ImageLuma8(_) => {
            image::GrayImage::from_raw(tw, th, pixels).map(DynamicImage::ImageLuma8)
        }
        DynamicImage::ImageLumaA8(_) => {
            image::GrayAlphaImage::from_raw(tw, th, pixels).map(DynamicImage::ImageLumaA8)
        }
        DynamicImage::ImageRgba8(_) => {
            image::RgbaImage::from_raw(tw, th, pixels).map(DynamicImage::ImageRgba8)
        }
        _ => RgbImage::from_raw(tw, th, pixels).map(DynamicImage::ImageRgb8),
    };
    // The buffer is exactly tw × th × channels, so `from_raw` cannot refuse it.
    built.unwrap_or_else(|| image.thumbnail_exact(tw, th))
}

/// The box filter of [`shrink`] over interleaved 8-bit samples: target row `ty` averages
/// source rows `ty·sh/th .. (ty+1)·sh/th`, and likewise for columns (every block is at
/// least one pixel, since the target is smaller than the source).
fn shrink_pixels(
    src: &[u8],
    (sw, sh): (usize, usize),
    channels: usize,
    (tw, th): (usize, usize),
) -> Vec<u8> {
    let span = |t: usize, target: usize, source: usize| {
        let start = t * source / target;
        let end = ((t + 1) * source / target).max(start + 1).min(source);
        start..end
    };
    let columns: Vec<std::ops::Range<usize>> = (0..tw).map(|tx| span(tx, tw, sw)).collect();
    let mut out = Vec::with_capacity(tw * th * channels);
    // One source row's samples summed over the target row's block of rows.
    let mut sums = vec![0u32; sw * channels];
    for ty in 0..th {
        let rows = span(ty, th, sh);
        sums.fill(0);
        for y in rows.clone() {
            let row = &src[y * sw * channels..(y + 1) * sw * channels];
            for (sum, &sample) in sums.iter_mut().zip(row) {
                *sum += u32::from(sample);
            }
        }
        for xs in &columns {
            let count = (rows.len() * xs.len()) as u32;
            for c in 0..channels {
                let total: u32 = xs.clone().map(|x| sums[x * channels + c]).sum();
                out.push(((total + count / 2) / count) as u8);
            }
        }
    }
    out
}

fn on_white(image: &DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.to_rgb8();
    }
    let rgba = image.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        image::Rgb([over(r), over(g), over(b)])
    })
}

/// Bytes print can take for a stored image: PNG and JPEG as stored, WebP as a PNG.
pub(crate) fn printable(format: &str, data: Vec<u8>) -> std::result::Result<Vec<u8>, String> {
    if format != "webp" {
        return Ok(data);
    }
    let (_, _, image) = decode(ImageFormat::WebP, &data)?;
    let mut png = Vec::new();
    image
        .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
        .map_err(|e| format!("cannot convert the WebP image for printing: {e}"))?;
    Ok(png)
}

#[cfg(test)]
#[path = "images_tests.rs"]
mod tests;
