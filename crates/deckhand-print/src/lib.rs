//! Print-and-play PDFs of a deck: cards at their true physical size, ready to cut and to
//! print double-sided.
//!
//! Two steps, as in typst: [`layout`] is a pure function from the cards, their sizes and
//! the [`PrintOptions`] to pages of boxes and marks in millimetres (snapshot-tested, and
//! what the app previews); [`write_pdf`] turns a layout into PDF bytes. The crate reads no
//! files: images come from the caller's [`ImageSource`], the font is compiled in.

mod calibration;
mod canvas;
mod error;
mod image;
mod layout;
mod options;
mod pdf;
mod proxy;
mod text_fit;

use deckhand_core::Card;

pub use calibration::calibration_pdf;
pub use error::PrintError;
pub use image::{jpeg_size, MAX_DECODED_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE};
pub use layout::{
    layout, CardSizes, Layout, Mark, MarkKind, Page, PageSide, Placement, Rect, MARK_LENGTH_MM,
    MARK_OFFSET_MM,
};
pub use options::{Backs, Duplex, Marks, Orientation, Paper, PrintOptions, MAX_BLEED_MM};
pub use pdf::{write_pdf, write_pdf_to, ImageFn, ImageSource, PdfSummary};
pub use proxy::{
    card_face, design_proxy, CardFace, FacePanel, PlacedLine, ProxyDesign, SmallFace, TextBox,
    TextRole,
};
pub use text_fit::{Font, Style, LINE_SPACING, MM_PER_PT};

/// One printed copy of a card: a deck line with 3 copies is three items.
#[derive(Debug, Clone, Copy)]
pub struct PrintItem<'a> {
    pub card: &'a Card,
    /// The id of its image in the caller's [`ImageSource`]; a text proxy when `None`.
    pub image: Option<&'a str>,
}
