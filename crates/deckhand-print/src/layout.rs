//! Where everything goes on paper: a pure function from the cards, their sizes and the
//! options to pages of boxes and marks in millimetres. The PDF writer and the app's preview
//! both draw from this, so what you see is what prints.
//!
//! Coordinates are millimetres from the top-left corner of the sheet, x to the right and
//! y down, as seen looking at that side of the paper.

use std::collections::BTreeMap;

use deckhand_core::{fold_name, CardSize, Game};
use serde::Serialize;

use crate::error::PrintError;
use crate::options::{fmt_mm, Backs, Duplex, Marks, PrintOptions};
use crate::PrintItem;

/// Distance between the block of cards (bleed included) and the start of a crop mark.
pub const MARK_OFFSET_MM: f64 = 1.0;
/// The longest crop mark; shorter when the margin is narrower.
pub const MARK_LENGTH_MM: f64 = 5.0;
/// A crop mark shorter than this is left out.
const MIN_MARK_MM: f64 = 1.0;

/// Physical card sizes: one for the game, and overrides by card type.
#[derive(Debug, Clone, PartialEq)]
pub struct CardSizes {
    default: CardSize,
    by_type: BTreeMap<String, CardSize>,
}

impl CardSizes {
    /// The game's `card_size_mm` and its `[print.card_sizes]`.
    pub fn of(game: &Game) -> CardSizes {
        CardSizes {
            default: game.card_size_mm,
            by_type: game
                .print
                .card_sizes
                .iter()
                .map(|(name, size)| (fold_name(name), *size))
                .collect(),
        }
    }

    /// Every card the same size.
    pub fn uniform(size: CardSize) -> CardSizes {
        CardSizes {
            default: size,
            by_type: BTreeMap::new(),
        }
    }

    pub fn size_of(&self, card_type: &str) -> CardSize {
        *self
            .by_type
            .get(&fold_name(card_type))
            .unwrap_or(&self.default)
    }
}

/// A box in millimetres; `x`, `y` are its top-left corner.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ts_rs::TS)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub fn right(&self) -> f64 {
        self.x + self.width
    }

    pub fn bottom(&self) -> f64 {
        self.y + self.height
    }

    fn grow(&self, by: f64) -> Rect {
        Rect {
            x: self.x - by,
            y: self.y - by,
            width: self.width + 2.0 * by,
            height: self.height + 2.0 * by,
        }
    }

    fn rounded(self) -> Rect {
        Rect {
            x: round(self.x),
            y: round(self.y),
            width: round(self.width),
            height: round(self.height),
        }
    }
}

/// The sheet's side a page prints on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum PageSide {
    Front,
    Back,
}

/// One card on a page.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct Placement {
    /// Index into the items given to [`layout`].
    pub item: usize,
    /// The cut line: exactly the card's physical size.
    pub trim: Rect,
    /// The trim grown by the bleed on every side (equal to `trim` without bleed).
    pub bleed: Rect,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    /// A short crop mark in the margin.
    Crop,
    /// A cut line across the sheet, drawn beneath the cards.
    Line,
}

/// A straight guide line from `from` to `to`.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct Mark {
    pub kind: MarkKind,
    pub from: [f64; 2],
    pub to: [f64; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct Page {
    pub side: PageSide,
    /// For a back page, the index of the front page it prints behind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub behind: Option<usize>,
    pub cards: Vec<Placement>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
}

/// Every page of a print job.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct Layout {
    /// The sheet after orientation, width and height.
    pub paper_mm: [f64; 2],
    /// The printer correction: the writer draws each page scaled by these factors about
    /// the page's centre (`100 / scale_x_pct`, `100 / scale_y_pct`). Boxes here are true size.
    pub content_scale: [f64; 2],
    /// What the back pages show (no back pages when `None`).
    pub backs: Backs,
    pub pages: Vec<Page>,
}

impl Layout {
    /// Front pages only.
    pub fn front_pages(&self) -> impl Iterator<Item = &Page> {
        self.pages.iter().filter(|p| p.side == PageSide::Front)
    }

    /// How many cards the fronts hold.
    pub fn card_count(&self) -> usize {
        self.front_pages().map(|p| p.cards.len()).sum()
    }
}

/// Lays the items out on pages. Cards of different sizes go on separate pages, in the order
/// their size first appears; within a size the items' order is kept, row by row. The block
/// of cards is centred on the sheet, so every page of one size cuts the same way. With
/// backs, each front page is followed by its back page, where each card's back sits
/// exactly behind it for the chosen flip, moved by the offsets.
pub fn layout(
    items: &[PrintItem<'_>],
    sizes: &CardSizes,
    options: &PrintOptions,
) -> Result<Layout, PrintError> {
    options.validate()?;
    if items.is_empty() {
        return Err(PrintError::NoCards);
    }
    let (paper_w, paper_h) = options.paper_mm();
    let mut groups: Vec<(CardSize, Vec<usize>)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let size = sizes.size_of(&item.card.card_type);
        match groups.iter_mut().find(|(s, _)| *s == size) {
            Some((_, members)) => members.push(i),
            None => groups.push((size, vec![i])),
        }
    }
    let mut pages = Vec::new();
    for (size, members) in groups {
        let grid = Grid::fit(size, options)?;
        for chunk in members.chunks(grid.cols * grid.rows) {
            let cards: Vec<Placement> = chunk
                .iter()
                .enumerate()
                .map(|(slot, &item)| {
                    let trim = grid.cell(slot % grid.cols, slot / grid.cols);
                    Placement {
                        item,
                        trim: trim.rounded(),
                        bleed: trim.grow(options.bleed_mm).rounded(),
                    }
                })
                .collect();
            let marks = marks_for(&cards, options.marks, paper_w, paper_h);
            let front_index = pages.len();
            let back = (options.backs != Backs::None).then(|| Page {
                side: PageSide::Back,
                behind: Some(front_index),
                cards: cards
                    .iter()
                    .map(|p| Placement {
                        item: p.item,
                        trim: behind(p.trim, options),
                        bleed: behind(p.bleed, options),
                    })
                    .collect(),
                marks: Vec::new(),
            });
            pages.push(Page {
                side: PageSide::Front,
                behind: None,
                cards,
                marks,
            });
            pages.extend(back);
        }
    }
    Ok(Layout {
        paper_mm: [paper_w, paper_h],
        content_scale: [
            round_fine(100.0 / options.scale_x_pct),
            round_fine(100.0 / options.scale_y_pct),
        ],
        backs: options.backs.clone(),
        pages,
    })
}

/// The cells of one card size on the sheet.
struct Grid {
    cols: usize,
    rows: usize,
    origin: (f64, f64),
    size: CardSize,
    gap: f64,
}

impl Grid {
    fn fit(size: CardSize, options: &PrintOptions) -> Result<Grid, PrintError> {
        let (paper_w, paper_h) = options.paper_mm();
        let (m, b, gap) = (options.margin_mm, options.bleed_mm, options.gap_mm);
        // The outer bleed stays inside the margins; neighbours are a gap apart.
        let count =
            |room: f64, card: f64| ((room - 2.0 * m - 2.0 * b + gap) / (card + gap) + 1e-9).floor();
        let cols = count(paper_w, size.width);
        let rows = count(paper_h, size.height);
        if cols < 1.0 || rows < 1.0 {
            return Err(PrintError::option(
                "paper",
                format!(
                    "a {} × {} mm card{} does not fit on {} × {} mm paper inside {} mm margins",
                    fmt_mm(size.width),
                    fmt_mm(size.height),
                    if b > 0.0 {
                        format!(" with {} mm bleed", fmt_mm(b))
                    } else {
                        String::new()
                    },
                    fmt_mm(paper_w),
                    fmt_mm(paper_h),
                    fmt_mm(m)
                ),
            ));
        }
        let (cols, rows) = (cols as usize, rows as usize);
        let block_w = cols as f64 * size.width + (cols - 1) as f64 * gap;
        let block_h = rows as f64 * size.height + (rows - 1) as f64 * gap;
        Ok(Grid {
            cols,
            rows,
            origin: ((paper_w - block_w) / 2.0, (paper_h - block_h) / 2.0),
            size,
            gap,
        })
    }

    fn cell(&self, col: usize, row: usize) -> Rect {
        Rect {
            x: self.origin.0 + col as f64 * (self.size.width + self.gap),
            y: self.origin.1 + row as f64 * (self.size.height + self.gap),
            width: self.size.width,
            height: self.size.height,
        }
    }
}

/// Where a box on the front lands on the back page: mirrored across the flip axis (the
/// paper's long edge for long-edge flipping, whatever the orientation), then offset.
fn behind(front: Rect, options: &PrintOptions) -> Rect {
    let (paper_w, paper_h) = options.paper_mm();
    let portrait = paper_w <= paper_h;
    // Flipping about a vertical edge mirrors x; about a horizontal edge, y.
    let mirror_x = match options.flip() {
        Duplex::LongEdge => portrait,
        Duplex::ShortEdge => !portrait,
    };
    let (x, y) = if mirror_x {
        (paper_w - front.right(), front.y)
    } else {
        (front.x, paper_h - front.bottom())
    };
    Rect {
        x: x + options.offset_x_mm,
        y: y + options.offset_y_mm,
        ..front
    }
    .rounded()
}

/// Crop marks around the block, or cut lines across the sheet, at every distinct cut.
fn marks_for(cards: &[Placement], marks: Marks, paper_w: f64, paper_h: f64) -> Vec<Mark> {
    if marks == Marks::None || cards.is_empty() {
        return Vec::new();
    }
    let cuts = |edges: &mut dyn Iterator<Item = f64>| {
        let mut values: Vec<f64> = edges.collect();
        values.sort_by(f64::total_cmp);
        values.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
        values
    };
    let xs = cuts(&mut cards.iter().flat_map(|c| [c.trim.x, c.trim.right()]));
    let ys = cuts(&mut cards.iter().flat_map(|c| [c.trim.y, c.trim.bottom()]));
    let mut out = Vec::new();
    let line = |kind, from: [f64; 2], to: [f64; 2]| Mark {
        kind,
        from: from.map(round),
        to: to.map(round),
    };
    if marks == Marks::Lines {
        out.extend(
            xs.iter()
                .map(|&x| line(MarkKind::Line, [x, 0.0], [x, paper_h])),
        );
        out.extend(
            ys.iter()
                .map(|&y| line(MarkKind::Line, [0.0, y], [paper_w, y])),
        );
        return out;
    }
    let top = cards
        .iter()
        .map(|c| c.bleed.y)
        .fold(f64::INFINITY, f64::min);
    let bottom = cards
        .iter()
        .map(|c| c.bleed.bottom())
        .fold(f64::NEG_INFINITY, f64::max);
    let left = cards
        .iter()
        .map(|c| c.bleed.x)
        .fold(f64::INFINITY, f64::min);
    let right = cards
        .iter()
        .map(|c| c.bleed.right())
        .fold(f64::NEG_INFINITY, f64::max);
    // Each mark starts MARK_OFFSET_MM outside the block and runs towards the paper's edge.
    let length = |room: f64| (room - MARK_OFFSET_MM).min(MARK_LENGTH_MM);
    let (up, down) = (length(top), length(paper_h - bottom));
    let (leftward, rightward) = (length(left), length(paper_w - right));
    let (t, b) = (top - MARK_OFFSET_MM, bottom + MARK_OFFSET_MM);
    let (l, r) = (left - MARK_OFFSET_MM, right + MARK_OFFSET_MM);
    for &x in &xs {
        if up >= MIN_MARK_MM {
            out.push(line(MarkKind::Crop, [x, t - up], [x, t]));
        }
        if down >= MIN_MARK_MM {
            out.push(line(MarkKind::Crop, [x, b], [x, b + down]));
        }
    }
    for &y in &ys {
        if leftward >= MIN_MARK_MM {
            out.push(line(MarkKind::Crop, [l - leftward, y], [l, y]));
        }
        if rightward >= MIN_MARK_MM {
            out.push(line(MarkKind::Crop, [r, y], [r + rightward, y]));
        }
    }
    out
}

/// Millimetres to the nearest micrometre, so snapshots are stable.
fn round(mm: f64) -> f64 {
    (mm * 1000.0).round() / 1000.0 + 0.0
}

fn round_fine(factor: f64) -> f64 {
    (factor * 1e6).round() / 1e6
}
