//! The PDF writer. printpdf builds the pages (vector drawing and text in the embedded,
//! subset font); images are only placeholders there. The document is then serialised
//! here object by object, and each image is fetched from the caller's [`ImageSource`]
//! when its turn comes, written and dropped: memory holds one image at a time however
//! many a deck has, and JPEG bytes go to the file untouched.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};

use deckhand_core::Game;
use lopdf::{Dictionary, Object, StringFormat};
use printpdf::{
    DictItem, ExternalStream, ExternalXObject, ParsedFont, PdfDocument, PdfPage, PdfSaveOptions,
    XObjectId,
};
use serde::Serialize;

use crate::canvas::{Canvas, Fonts};
use crate::error::PrintError;
use crate::image::prepare;
use crate::layout::{Layout, MarkKind, PageSide, Rect};
use crate::options::Backs;
use crate::proxy::{design_proxy, draw_game_back, draw_proxy};
use crate::text_fit::{BOLD_TTF, REGULAR_TTF};
use crate::PrintItem;

/// The dictionary key that marks a placeholder image stream (removed on output).
const PLACEHOLDER_KEY: &[u8] = b"DeckhandImage";
/// Crop marks and cut lines: 0.2 mm, black.
const MARK_WIDTH_MM: f64 = 0.2;

/// Where the writer gets image bytes: the caller reads files, the crate never does.
pub trait ImageSource {
    /// The PNG or JPEG bytes of the image the caller named `id`.
    fn image_bytes(&mut self, id: &str) -> Result<Vec<u8>, String>;
}

impl ImageSource for HashMap<String, Vec<u8>> {
    fn image_bytes(&mut self, id: &str) -> Result<Vec<u8>, String> {
        self.get(id).cloned().ok_or_else(|| "no such image".into())
    }
}

impl ImageSource for BTreeMap<String, Vec<u8>> {
    fn image_bytes(&mut self, id: &str) -> Result<Vec<u8>, String> {
        self.get(id).cloned().ok_or_else(|| "no such image".into())
    }
}

/// Any `FnMut(&str) -> Result<Vec<u8>, String>`, e.g. one that reads a file on demand.
pub struct ImageFn<F>(pub F);

impl<F: FnMut(&str) -> Result<Vec<u8>, String>> ImageSource for ImageFn<F> {
    fn image_bytes(&mut self, id: &str) -> Result<Vec<u8>, String> {
        (self.0)(id)
    }
}

/// What was printed, as the CLI reports it.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct PdfSummary {
    pub pages: usize,
    pub cards: usize,
    pub bytes: u64,
    pub paper_mm: [f64; 2],
    /// The size of the first card printed (most decks have one size).
    pub card_mm: [f64; 2],
}

impl PdfSummary {
    pub fn new(layout: &Layout, bytes: u64) -> PdfSummary {
        let first = layout.pages.iter().flat_map(|p| &p.cards).next();
        PdfSummary {
            pages: layout.pages.len(),
            cards: layout.card_count(),
            bytes,
            paper_mm: layout.paper_mm,
            card_mm: first.map_or([0.0, 0.0], |c| [c.trim.width, c.trim.height]),
        }
    }
}

/// Writes the PDF of `layout` into memory. See [`write_pdf_to`].
pub fn write_pdf(
    layout: &Layout,
    items: &[PrintItem<'_>],
    game: &Game,
    images: &mut dyn ImageSource,
) -> Result<Vec<u8>, PrintError> {
    let mut bytes = Vec::new();
    write_pdf_to(layout, items, game, images, &mut bytes)?;
    Ok(bytes)
}

/// Writes the PDF of `layout` to `out`: text proxies for items without an image, the
/// item's image otherwise, the chosen backs on back pages, marks on fronts. On error `out`
/// may hold part of a file: write to a temporary file and rename it when this succeeds.
pub fn write_pdf_to<W: Write>(
    layout: &Layout,
    items: &[PrintItem<'_>],
    game: &Game,
    images: &mut dyn ImageSource,
    out: W,
) -> Result<PdfSummary, PrintError> {
    let mut builder = Builder::new(&format!("{} — proxies", game.name))?;
    let [paper_w, paper_h] = layout.paper_mm;
    let mut pages = Vec::with_capacity(layout.pages.len());
    let fonts = builder.fonts.clone();
    for page in &layout.pages {
        let mut canvas = Canvas::new(paper_w, paper_h, layout.content_scale, &fonts);
        // Cut lines go beneath the cards; crop marks never meet a card.
        for mark in &page.marks {
            canvas.line(mark.from, mark.to, MARK_WIDTH_MM, [0, 0, 0]);
            debug_assert!(mark.kind == MarkKind::Line || mark.kind == MarkKind::Crop);
        }
        for placement in &page.cards {
            let item = items.get(placement.item).ok_or(PrintError::NoCards)?;
            let (trim, bleed) = (placement.trim, placement.bleed);
            match page.side {
                PageSide::Front => match item.image {
                    Some(id) => {
                        let xobject = builder.image(id);
                        draw_image(&mut canvas, &xobject, trim, bleed);
                    }
                    None => {
                        let design = design_proxy(item.card, game, trim, bleed);
                        draw_proxy(&mut canvas, &design);
                    }
                },
                PageSide::Back => match &layout.backs {
                    Backs::None => {}
                    Backs::Game => draw_game_back(&mut canvas, game, trim, bleed),
                    Backs::Image(id) => {
                        let xobject = builder.image(id);
                        draw_image(&mut canvas, &xobject, trim, bleed);
                    }
                },
            }
        }
        pages.push(PdfPage::new(
            printpdf::Mm(paper_w as f32),
            printpdf::Mm(paper_h as f32),
            canvas.finish(),
        ));
    }
    let bytes = builder.finish(pages, images, out)?;
    Ok(PdfSummary::new(layout, bytes))
}

/// The image stretched over the trim; with bleed, mirrored copies across each edge fill
/// the bleed (edge extension), clipped to the bleed box.
fn draw_image(canvas: &mut Canvas, xobject: &XObjectId, trim: Rect, bleed: Rect) {
    if bleed == trim {
        canvas.image(xobject, trim, false, false);
        return;
    }
    canvas.clip(bleed);
    for dy in [-1.0, 0.0, 1.0] {
        for dx in [-1.0, 0.0, 1.0] {
            let copy = Rect {
                x: trim.x + dx * trim.width,
                y: trim.y + dy * trim.height,
                ..trim
            };
            canvas.image(xobject, copy, dx != 0.0, dy != 0.0);
        }
    }
    canvas.restore();
}

/// A printpdf document with the fonts registered and image placeholders handed out.
pub(crate) struct Builder {
    doc: PdfDocument,
    pub fonts: Fonts,
    /// Image ids in placeholder order, and their XObjects.
    images: Vec<String>,
    xobjects: HashMap<String, XObjectId>,
}

impl Builder {
    pub fn new(title: &str) -> Result<Builder, PrintError> {
        let mut doc = PdfDocument::new(title);
        let mut warnings = Vec::new();
        let mut add = |bytes: &[u8], name: &str| {
            ParsedFont::from_bytes(bytes, 0, &mut warnings)
                .map(|font| doc.add_font(&font))
                .ok_or_else(|| PrintError::Font(format!("{name} did not parse")))
        };
        let fonts = Fonts {
            regular: add(REGULAR_TTF, "DejaVu Sans")?,
            bold: add(BOLD_TTF, "DejaVu Sans Bold")?,
        };
        Ok(Builder {
            doc,
            fonts,
            images: Vec::new(),
            xobjects: HashMap::new(),
        })
    }

    /// The XObject for image `id`, one per distinct id however often it is drawn.
    pub fn image(&mut self, id: &str) -> XObjectId {
        if let Some(xobject) = self.xobjects.get(id) {
            return xobject.clone();
        }
        let index = self.images.len() as i64;
        let dict = BTreeMap::from([
            ("Type".to_owned(), DictItem::Name(b"XObject".to_vec())),
            ("Subtype".to_owned(), DictItem::Name(b"Image".to_vec())),
            (
                String::from_utf8_lossy(PLACEHOLDER_KEY).into_owned(),
                DictItem::Int(index),
            ),
        ]);
        let xobject = self.doc.add_xobject(&ExternalXObject {
            stream: ExternalStream {
                dict,
                content: Vec::new(),
                compress: false,
            },
            width: None,
            height: None,
            dpi: None,
        });
        self.images.push(id.to_owned());
        self.xobjects.insert(id.to_owned(), xobject.clone());
        xobject
    }

    /// Serialises the document to `out`, streaming the images in; returns the byte count.
    pub fn finish<W: Write>(
        mut self,
        pages: Vec<PdfPage>,
        source: &mut dyn ImageSource,
        out: W,
    ) -> Result<u64, PrintError> {
        self.doc.with_pages(pages);
        let options = PdfSaveOptions {
            optimize: true,
            subset_fonts: true,
            secure: true,
            image_optimization: None,
        };
        let mut warnings = Vec::new();
        let mut doc = printpdf::serialize::to_lopdf_doc(&self.doc, &options, &mut warnings);
        drop(self.doc);
        doc.compress();
        let mut out = Counting {
            inner: io::BufWriter::with_capacity(1 << 16, out),
            written: 0,
        };
        write!(out, "%PDF-{}\n%\u{e2}\u{e3}\u{cf}\u{d3}\n", doc.version)?;
        let max_id = doc.max_id;
        let mut offsets = vec![None; max_id as usize + 1];
        for (&(id, generation), object) in &doc.objects {
            offsets[id as usize] = Some((out.written, generation));
            writeln!(out, "{id} {generation} obj")?;
            match placeholder_index(object) {
                Some(index) => {
                    let name = &self.images[index];
                    let bytes =
                        source
                            .image_bytes(name)
                            .map_err(|message| PrintError::ImageSource {
                                id: name.clone(),
                                message,
                            })?;
                    let image = prepare(bytes).map_err(|message| PrintError::ImageFormat {
                        id: name.clone(),
                        message,
                    })?;
                    write_image(&mut out, &image)?;
                }
                None => write_object(&mut out, object)?,
            }
            out.write_all(b"\nendobj\n")?;
        }
        let xref_at = out.written;
        write!(out, "xref\n0 {}\n0000000000 65535 f \n", max_id + 1)?;
        for entry in &offsets[1..] {
            match entry {
                Some((offset, generation)) => writeln!(out, "{offset:010} {generation:05} n ")?,
                None => out.write_all(b"0000000000 00001 f \n")?,
            }
        }
        doc.trailer.set("Size", Object::Integer(max_id as i64 + 1));
        out.write_all(b"trailer\n")?;
        write_dictionary(&mut out, &doc.trailer)?;
        write!(out, "\nstartxref\n{xref_at}\n%%EOF\n")?;
        out.inner.flush()?;
        Ok(out.written)
    }
}

fn placeholder_index(object: &Object) -> Option<usize> {
    match object {
        Object::Stream(stream) => stream
            .dict
            .get(PLACEHOLDER_KEY)
            .ok()
            .and_then(|o| o.as_i64().ok())
            .map(|i| i as usize),
        _ => None,
    }
}

fn write_image(out: &mut dyn Write, image: &crate::image::ImageStream) -> io::Result<()> {
    write!(
        out,
        "<</Type/XObject/Subtype/Image/Width {}/Height {}/ColorSpace/{}/BitsPerComponent 8\
         /Filter/{}{}/Length {}>>\nstream\n",
        image.width,
        image.height,
        image.color_space,
        image.filter,
        if image.inverted_cmyk {
            "/Decode[1 0 1 0 1 0 1 0]"
        } else {
            ""
        },
        image.data.len()
    )?;
    out.write_all(&image.data)?;
    out.write_all(b"\nendstream")
}

/// Counts what passes through, for the cross-reference table's offsets.
struct Counting<W: Write> {
    inner: io::BufWriter<W>,
    written: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

// lopdf keeps its object writer private, so the PDF syntax of objects is written here
// (ISO 32000-1, 7.3).

fn write_object(out: &mut dyn Write, object: &Object) -> io::Result<()> {
    match object {
        Object::Null => out.write_all(b"null"),
        Object::Boolean(b) => out.write_all(if *b { b"true" } else { b"false" }),
        Object::Integer(i) => write!(out, "{i}"),
        Object::Real(r) => write_real(out, *r),
        Object::Name(name) => write_name(out, name),
        Object::String(bytes, format) => write_string(out, bytes, *format),
        Object::Array(items) => {
            out.write_all(b"[")?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.write_all(b" ")?;
                }
                write_object(out, item)?;
            }
            out.write_all(b"]")
        }
        Object::Dictionary(dict) => write_dictionary(out, dict),
        Object::Stream(stream) => {
            let mut dict = stream.dict.clone();
            dict.set("Length", Object::Integer(stream.content.len() as i64));
            write_dictionary(out, &dict)?;
            out.write_all(b"\nstream\n")?;
            out.write_all(&stream.content)?;
            out.write_all(b"\nendstream")
        }
        Object::Reference((id, generation)) => write!(out, "{id} {generation} R"),
    }
}

fn write_dictionary(out: &mut dyn Write, dict: &Dictionary) -> io::Result<()> {
    out.write_all(b"<<")?;
    for (key, value) in dict.iter() {
        write_name(out, key)?;
        out.write_all(b" ")?;
        write_object(out, value)?;
    }
    out.write_all(b">>")
}

fn write_real(out: &mut dyn Write, value: f32) -> io::Result<()> {
    if !value.is_finite() {
        return out.write_all(b"0");
    }
    let text = format!("{value:.5}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    out.write_all(if text == "-0" || text.is_empty() {
        b"0"
    } else {
        text.as_bytes()
    })
}

fn write_name(out: &mut dyn Write, name: &[u8]) -> io::Result<()> {
    out.write_all(b"/")?;
    for &b in name {
        let regular = b.is_ascii_graphic() && !b"()<>[]{}/%#".contains(&b);
        if regular {
            out.write_all(&[b])?;
        } else {
            write!(out, "#{b:02X}")?;
        }
    }
    Ok(())
}

fn write_string(out: &mut dyn Write, bytes: &[u8], format: StringFormat) -> io::Result<()> {
    match format {
        StringFormat::Hexadecimal => {
            out.write_all(b"<")?;
            for b in bytes {
                write!(out, "{b:02X}")?;
            }
            out.write_all(b">")
        }
        StringFormat::Literal => {
            out.write_all(b"(")?;
            for &b in bytes {
                match b {
                    b'(' | b')' | b'\\' => out.write_all(&[b'\\', b])?,
                    b'\r' => out.write_all(b"\\r")?,
                    b'\n' => out.write_all(b"\\n")?,
                    _ => out.write_all(&[b])?,
                }
            }
            out.write_all(b")")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(write: impl Fn(&mut Vec<u8>) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        write(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn objects_are_written_in_pdf_syntax() {
        let cases: Vec<(Object, &str)> = vec![
            (Object::Real(12.5), "12.5"),
            (Object::Real(-0.000001), "0"),
            (Object::Real(3.0), "3"),
            (Object::Name(b"A B#".to_vec()), "/A#20B#23"),
            (
                Object::String(b"a(b)\\".to_vec(), StringFormat::Literal),
                "(a\\(b\\)\\\\)",
            ),
            (
                Object::String(vec![0, 255], StringFormat::Hexadecimal),
                "<00FF>",
            ),
            (
                Object::Array(vec![Object::Integer(1), Object::Reference((4, 0))]),
                "[1 4 0 R]",
            ),
        ];
        for (object, expected) in cases {
            assert_eq!(text_of(|out| write_object(out, &object)), expected);
        }
    }
}
