//! The text proxy of a card and the game's generated back. What goes where comes from the
//! game's `[print]` section; this module only knows the shapes of a card.
//!
//! A proxy is first designed ([`design_proxy`]: boxes and fitted text, in mm) and then
//! drawn, so tests can measure exactly what will be drawn.

use deckhand_core::{parse_hex_color, Card, FrameBy, Game, StatValue};
use serde::Serialize;

use crate::canvas::{cap_baseline, darken, lighten, Canvas, Rgb8, BLACK, WHITE};
use crate::layout::{CardSizes, Rect};
use crate::text_fit::{fit_block, fit_line, Font, Paragraph, Style, LINE_SPACING, MM_PER_PT};

const DEFAULT_FRAME: Rgb8 = [0x70, 0x70, 0x70];
const DEFAULT_BACK: Rgb8 = [0x26, 0x32, 0x38];

/// What a piece of text on a proxy is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum TextRole {
    Name,
    TypeLine,
    /// A stat in a corner badge.
    Corner,
    SetNumber,
    /// Body stats, keywords and rules text.
    Rules,
}

/// A run of fitted text and the box it must stay inside.
#[derive(Debug, Clone, PartialEq)]
pub struct TextBox {
    pub role: TextRole,
    pub rect: Rect,
    pub size_pt: f64,
    /// Lines with their style and their top, from the top of `rect`.
    pub lines: Vec<(Style, String, f64)>,
    pub centered: bool,
    pub color: Rgb8,
}

/// Everything a proxy draws: filled panels, then text.
#[derive(Debug, Clone, PartialEq)]
pub struct ProxyDesign {
    pub panels: Vec<(Rect, Rgb8)>,
    pub texts: Vec<TextBox>,
}

/// The sizes a proxy is designed with, in mm and points for a 63 × 88 mm card (scaled with
/// the card). The PDF's are [`PRINT`]; [`SMALL`] is the same design with less on it and
/// larger text, for a face shown at a thumbnail's size.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Measures {
    /// The frame's width around the panels.
    inset: f64,
    name_bar: f64,
    type_bar: f64,
    foot: f64,
    /// Between the bars and the body.
    gap: f64,
    /// Text's distance from its panel's edges.
    pad: f64,
    name_pt: f64,
    type_pt: f64,
    corner_pt: f64,
    /// `None`: no set and number in the footer.
    set_pt: Option<f64>,
    rules_max_pt: f64,
    rules_min_pt: f64,
    /// How far a single line shrinks before its end is cut off, as a fraction of its
    /// largest size; `None`: to a 2.5th of it (at most 4 pt), as the PDF does.
    line_floor: Option<f64>,
}

/// The PDF's proxy: everything on the card, the rules text as large as fits.
const PRINT: Measures = Measures {
    inset: 2.5,
    name_bar: 8.0,
    type_bar: 6.0,
    foot: 7.0,
    gap: 1.0,
    pad: 1.2,
    name_pt: 10.0,
    type_pt: 7.0,
    corner_pt: 9.0,
    set_pt: Some(6.0),
    rules_max_pt: 8.0,
    rules_min_pt: 4.0,
    line_floor: None,
};

/// A face a little over 100 px wide (the card grid, the free table): text 6 to 8 px high,
/// so its name, type line, corner stats and the start of its rules text read; the rest
/// of the text is cut with an ellipsis, the set and number left out.
const SMALL: Measures = Measures {
    inset: 1.5,
    name_bar: 8.5,
    type_bar: 7.0,
    foot: 8.5,
    gap: 0.8,
    pad: 1.0,
    name_pt: 13.0,
    type_pt: 11.0,
    corner_pt: 12.0,
    set_pt: None,
    rules_max_pt: 13.0,
    rules_min_pt: 11.0,
    line_floor: Some(0.85),
};

/// Designs the text proxy of `card` with its trim at `trim` and bleed at `bleed`.
pub fn design_proxy(card: &Card, game: &Game, trim: Rect, bleed: Rect) -> ProxyDesign {
    design_with(&PRINT, card, game, trim, bleed)
}

fn design_with(m: &Measures, card: &Card, game: &Game, trim: Rect, bleed: Rect) -> ProxyDesign {
    let print = &game.print;
    let frame = frame_color(card, game);
    let badge = darken(frame, 0.35);
    let u = (trim.width / 63.0).min(trim.height / 88.0);
    let inset = m.inset * u;
    let inner_w = trim.width - 2.0 * inset;
    let at = |dy: f64, h: f64| Rect {
        x: trim.x + inset,
        y: trim.y + dy,
        width: inner_w,
        height: h,
    };
    let name_bar = at(inset, m.name_bar * u);
    let type_bar = at(inset + (m.name_bar + m.gap) * u, m.type_bar * u);
    let foot_h = m.foot * u;
    let foot = at(trim.height - inset - foot_h, foot_h);
    let body = Rect {
        y: type_bar.bottom() + m.gap * u,
        height: foot.y - m.gap * u - (type_bar.bottom() + m.gap * u),
        ..type_bar
    };
    let mut panels = vec![
        (bleed, frame),
        (name_bar, lighten(frame, 0.85)),
        (type_bar, lighten(frame, 0.92)),
        (body, WHITE),
        (foot, lighten(frame, 0.85)),
    ];
    let mut texts = Vec::new();
    let pad = m.pad * u;
    let line = |role, bar, text: &str, style, max_pt: f64, pad, centered, color| {
        single_line(
            role,
            bar,
            text,
            style,
            max_pt,
            m.line_floor,
            pad,
            centered,
            color,
        )
    };
    let corners = &print.corners;
    // Corner badges: a square at each end of the name bar and the footer.
    let mut badge_at = |bar: Rect, right: bool, stats: &[String]| -> f64 {
        let Some(value) = first_stat(card, stats) else {
            return 0.0;
        };
        let side = bar.height;
        let square = Rect {
            x: if right { bar.right() - side } else { bar.x },
            width: side,
            ..bar
        };
        panels.push((square, badge));
        texts.push(line(
            TextRole::Corner,
            square,
            &value,
            Style::Bold,
            m.corner_pt * u,
            pad / 2.0,
            true,
            WHITE,
        ));
        side
    };
    let name_left = badge_at(name_bar, false, &corners.top_left);
    let name_right = badge_at(name_bar, true, &corners.top_right);
    let foot_left = badge_at(foot, false, &corners.bottom_left);
    let foot_right = badge_at(foot, true, &corners.bottom_right);
    let between = |bar: Rect, left: f64, right: f64| Rect {
        x: bar.x + left,
        width: bar.width - left - right,
        ..bar
    };
    texts.push(line(
        TextRole::Name,
        between(name_bar, name_left, name_right),
        &card.name,
        Style::Bold,
        m.name_pt * u,
        pad,
        true,
        BLACK,
    ));
    texts.push(line(
        TextRole::TypeLine,
        type_bar,
        &type_line(card, game),
        Style::Regular,
        m.type_pt * u,
        pad,
        false,
        BLACK,
    ));
    if let Some(set_pt) = m.set_pt {
        let set_line = [card.set.as_deref(), card.number.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ");
        texts.push(line(
            TextRole::SetNumber,
            between(foot, foot_left, foot_right),
            &set_line,
            Style::Regular,
            set_pt * u,
            pad,
            true,
            BLACK,
        ));
    }
    let mut paragraphs = Vec::new();
    let body_stats: Vec<String> = print
        .body
        .iter()
        .filter_map(|s| Some(format!("{} {}", stat_label(game, s), card.stats.get(s)?)))
        .collect();
    if !body_stats.is_empty() {
        paragraphs.push(Paragraph {
            style: Style::Regular,
            text: body_stats.join(" · "),
        });
    }
    if !card.keywords.is_empty() {
        paragraphs.push(Paragraph {
            style: Style::Bold,
            text: card.keywords.join(", "),
        });
    }
    if let Some(text) = &card.text {
        paragraphs.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| Paragraph {
                    style: Style::Regular,
                    text: l.to_owned(),
                }),
        );
    }
    let inner = Rect {
        x: body.x + pad,
        y: body.y + pad,
        width: body.width - 2.0 * pad,
        height: body.height - 2.0 * pad,
    };
    let block = fit_block(
        &paragraphs,
        inner.width,
        inner.height,
        m.rules_max_pt * u,
        m.rules_min_pt * u,
    );
    texts.push(TextBox {
        role: TextRole::Rules,
        rect: inner,
        size_pt: block.size_pt,
        lines: block
            .lines
            .into_iter()
            .map(|l| (l.style, l.text, l.top_mm))
            .collect(),
        centered: false,
        color: BLACK,
    });
    ProxyDesign { panels, texts }
}

/// One line fitted into `bar` less `pad` on each side, vertically centred. It shrinks
/// down to `floor` of its size (see [`Measures::line_floor`]), then is cut.
#[allow(clippy::too_many_arguments)]
fn single_line(
    role: TextRole,
    bar: Rect,
    text: &str,
    style: Style,
    max_pt: f64,
    floor: Option<f64>,
    pad: f64,
    centered: bool,
    color: Rgb8,
) -> TextBox {
    let rect = Rect {
        x: bar.x + pad,
        width: (bar.width - 2.0 * pad).max(0.0),
        ..bar
    };
    // Never taller than the bar.
    let max_pt = max_pt.min(bar.height / (LINE_SPACING * MM_PER_PT));
    let min_pt = floor.map_or((max_pt / 2.5).min(4.0), |f| max_pt * f);
    let (fitted, size) = fit_line(text, style, rect.width, max_pt, min_pt);
    TextBox {
        role,
        rect,
        size_pt: size,
        lines: vec![(style, fitted, 0.0)],
        centered,
        color,
    }
}

/// `Type — Subtype, Subtype · Label value`.
fn type_line(card: &Card, game: &Game) -> String {
    let mut line = card.card_type.clone();
    if !card.subtypes.is_empty() {
        line = format!("{line} — {}", card.subtypes.join(", "));
    }
    for stat in &game.print.type_line {
        if let Some(value) = card.stats.get(stat) {
            line = format!("{line} · {} {value}", stat_label(game, stat));
        }
    }
    line
}

fn stat_label<'g>(game: &'g Game, stat: &'g str) -> &'g str {
    game.stats.get(stat).map_or(stat, |s| s.label.as_str())
}

fn first_stat(card: &Card, stats: &[String]) -> Option<String> {
    stats.iter().find_map(|s| match card.stats.get(s)? {
        StatValue::List(items) if items.is_empty() => None,
        value => Some(value.to_string()),
    })
}

fn frame_color(card: &Card, game: &Game) -> Rgb8 {
    let print = &game.print;
    let key = match print.frame_by {
        FrameBy::None => None,
        FrameBy::Color => card.color.clone(),
        FrameBy::Side => card.side.map(|s| s.as_str().to_owned()),
        FrameBy::Type => Some(card.card_type.clone()),
    };
    key.and_then(|key| {
        print
            .frame_colors
            .iter()
            .find(|(value, _)| value.eq_ignore_ascii_case(key.trim()))
            .and_then(|(_, color)| parse_hex_color(color))
    })
    .or_else(|| print.frame_default.as_deref().and_then(parse_hex_color))
    .unwrap_or(DEFAULT_FRAME)
}

/// One line of a proxy's text where it is drawn: its start, its baseline and its width
/// (measured with the embedded font), in mm.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct PlacedLine {
    pub role: TextRole,
    pub x: f64,
    pub baseline: f64,
    /// The line's width in the PDF's font: a screen in another font stretches it to this.
    pub width: f64,
    pub size_pt: f64,
    pub bold: bool,
    /// Sent as `#rrggbb`.
    #[serde(serialize_with = "as_hex")]
    #[ts(type = "string")]
    pub color: Rgb8,
    pub text: String,
}

/// A filled box of a proxy; its colour is sent as `#rrggbb`.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct FacePanel {
    pub rect: Rect,
    #[serde(serialize_with = "as_hex")]
    #[ts(type = "string")]
    pub color: Rgb8,
}

/// A card's text proxy with its trim at the origin: what the app draws as the card's face
/// where it has no picture, from the same design and placement as the PDF's.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct CardFace {
    /// The trim's size in mm.
    pub width: f64,
    pub height: f64,
    /// The frame colour that fills the card and its bleed, sent as `#rrggbb`.
    #[serde(serialize_with = "as_hex")]
    #[ts(type = "string")]
    pub background: Rgb8,
    /// The panels drawn over the background, in order.
    pub panels: Vec<FacePanel>,
    pub lines: Vec<PlacedLine>,
    /// The same card designed to be shown a little over 100 px wide (a grid's thumbnail),
    /// where the PDF's rules text would be a few pixels high: larger text, less of it.
    pub small: SmallFace,
}

/// A face's design for thumbnails: drawn over the same background as the full face.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct SmallFace {
    pub panels: Vec<FacePanel>,
    pub lines: Vec<PlacedLine>,
}

fn as_hex<S: serde::Serializer>(c: &Rgb8, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2]))
}

impl ProxyDesign {
    /// Every line where [`draw_proxy`] draws it: single lines centred on their capitals
    /// (and horizontally when `centered`), block lines at 0.95 em below their top, inside
    /// their 1.2 em line box (DejaVu's ascent is 0.93 em, its descent 0.24 em).
    pub fn placed_lines(&self) -> Vec<PlacedLine> {
        let mut out = Vec::new();
        for text in &self.texts {
            let single = text.lines.len() == 1 && text.lines[0].2 == 0.0;
            for (style, line, top) in &text.lines {
                if line.is_empty() {
                    continue;
                }
                let width = Font::get(*style).width_mm(line, text.size_pt);
                let (x, baseline) = if single {
                    let x = if text.centered {
                        text.rect.x + (text.rect.width - width) / 2.0
                    } else {
                        text.rect.x
                    };
                    (x, cap_baseline(text.rect, text.size_pt))
                } else {
                    (
                        text.rect.x,
                        text.rect.y + top + 0.95 * text.size_pt * MM_PER_PT,
                    )
                };
                out.push(PlacedLine {
                    role: text.role,
                    x,
                    baseline,
                    width,
                    size_pt: text.size_pt,
                    bold: *style == Style::Bold,
                    color: text.color,
                    text: line.clone(),
                });
            }
        }
        out
    }
}

/// The face of `card` at its game's size for its type, trim at the origin: the design
/// the PDF draws for it ([`design_proxy`]) at that size, and its small design.
pub fn card_face(card: &Card, game: &Game) -> CardFace {
    let size = CardSizes::of(game).size_of(&card.card_type);
    let trim = Rect {
        x: 0.0,
        y: 0.0,
        width: size.width,
        height: size.height,
    };
    let design = design_proxy(card, game, trim, trim);
    let small = design_with(&SMALL, card, game, trim, trim);
    // The first panel is the frame over the bleed (here the trim): the background.
    let background = design.panels.first().map_or(DEFAULT_FRAME, |p| p.1);
    CardFace {
        width: size.width,
        height: size.height,
        background,
        panels: face_panels(&design),
        lines: design.placed_lines(),
        small: SmallFace {
            panels: face_panels(&small),
            lines: small.placed_lines(),
        },
    }
}

/// A design's panels over its background (the first panel, the frame).
fn face_panels(design: &ProxyDesign) -> Vec<FacePanel> {
    design
        .panels
        .iter()
        .skip(1)
        .map(|(rect, color)| FacePanel {
            rect: *rect,
            color: *color,
        })
        .collect()
}

pub fn draw_proxy(canvas: &mut Canvas, design: &ProxyDesign) {
    for (rect, color) in &design.panels {
        canvas.fill_rect(*rect, *color);
    }
    for line in design.placed_lines() {
        let style = if line.bold {
            Style::Bold
        } else {
            Style::Regular
        };
        canvas.text(
            line.x,
            line.baseline,
            &line.text,
            style,
            line.size_pt,
            line.color,
        );
    }
}

/// The game's generated back: its colours, a border and its title.
pub fn draw_game_back(canvas: &mut Canvas, game: &Game, trim: Rect, bleed: Rect) {
    let back = &game.print.back;
    let background = back
        .background
        .as_deref()
        .and_then(parse_hex_color)
        .unwrap_or(DEFAULT_BACK);
    let accent = back
        .accent
        .as_deref()
        .and_then(parse_hex_color)
        .unwrap_or(WHITE);
    let u = (trim.width / 63.0).min(trim.height / 88.0);
    canvas.fill_rect(bleed, background);
    let inset = 4.0 * u;
    let border = Rect {
        x: trim.x + inset,
        y: trim.y + inset,
        width: trim.width - 2.0 * inset,
        height: trim.height - 2.0 * inset,
    };
    canvas.stroke_rect(border, 0.8 * u, accent);
    let inner = Rect {
        x: border.x + 2.0 * u,
        y: border.y + 2.0 * u,
        width: border.width - 4.0 * u,
        height: border.height - 4.0 * u,
    };
    canvas.stroke_rect(inner, 0.3 * u, lighten(background, 0.3));
    let title = back.title.as_deref().unwrap_or(&game.name);
    // The title on up to three lines, as large as fits.
    let words = Paragraph {
        style: Style::Bold,
        text: title.to_owned(),
    };
    let area = Rect {
        x: inner.x + 3.0 * u,
        y: inner.y + inner.height * 0.3,
        width: inner.width - 6.0 * u,
        height: inner.height * 0.4,
    };
    let block = fit_block(&[words], area.width, area.height, 18.0 * u, 5.0 * u);
    let top = area.y + (area.height - block.height_mm) / 2.0;
    for line in &block.lines {
        let row = Rect {
            x: area.x,
            y: top + line.top_mm,
            width: area.width,
            height: block.size_pt * LINE_SPACING * MM_PER_PT,
        };
        canvas.text_centered(row, &line.text, line.style, block.size_pt, accent);
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use deckhand_core::{CardSet, Games};
    use printpdf::{FontId, Op, PdfFontHandle, TextItem};

    use super::*;
    use crate::canvas::Fonts;

    fn bundled() -> (Games, Vec<Card>) {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
        let mut sources = Vec::new();
        for entry in std::fs::read_dir(data.join("games")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            sources.push((name, std::fs::read_to_string(&path).unwrap()));
        }
        let games =
            Games::from_sources(sources.iter().map(|(n, t)| (n.as_str(), t.as_str()))).unwrap();
        let mut cards = Vec::new();
        for game in std::fs::read_dir(data.join("cards")).unwrap() {
            for set in std::fs::read_dir(game.unwrap().path()).unwrap() {
                let path = set.unwrap().path();
                let text = std::fs::read_to_string(&path).unwrap();
                let set = CardSet::from_json(&path.to_string_lossy(), &text, &games).unwrap();
                cards.extend(set.cards);
            }
        }
        (games, cards)
    }

    /// What a canvas drew: each fill's box and each text with its cursor, in PDF points.
    #[derive(Debug, PartialEq)]
    enum Drawn {
        Fill([f32; 4]),
        Text([f32; 3], String, bool),
    }

    fn drawn(ops: &[Op]) -> Vec<Drawn> {
        let (mut size, mut cursor, mut bold) = (0.0, [0.0; 2], false);
        let mut out = Vec::new();
        for op in ops {
            match op {
                Op::DrawRectangle { rectangle: r } => {
                    out.push(Drawn::Fill([r.x.0, r.y.0, r.width.0, r.height.0]))
                }
                Op::SetFont { font, size: s } => {
                    size = s.0;
                    bold = matches!(font, PdfFontHandle::External(FontId(id)) if id == "bold");
                }
                Op::SetTextCursor { pos } => cursor = [pos.x.0, pos.y.0],
                Op::ShowText { items } => {
                    for item in items {
                        if let TextItem::Text(text) = item {
                            out.push(Drawn::Text(
                                [cursor[0], cursor[1], size],
                                text.clone(),
                                bold,
                            ));
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    fn close(a: &Drawn, b: &Drawn) -> bool {
        let near = |x: &[f32], y: &[f32]| x.iter().zip(y).all(|(p, q)| (p - q).abs() < 0.01);
        match (a, b) {
            (Drawn::Fill(p), Drawn::Fill(q)) => near(p, q),
            (Drawn::Text(p, s, x), Drawn::Text(q, t, y)) => near(p, q) && s == t && x == y,
            _ => false,
        }
    }

    #[test]
    fn a_cards_face_is_exactly_the_proxy_the_pdf_draws_for_it_moved_to_the_origin() {
        let (games, cards) = bundled();
        let fonts = Fonts {
            regular: FontId("regular".into()),
            bold: FontId("bold".into()),
        };
        let page_h = 297.0;
        let pt = |mm: f64| (mm * 72.0 / 25.4) as f32;
        let mut checked = 0;
        for card in &cards {
            let game = games.get(&card.game).unwrap();
            let face = card_face(card, game);
            // Where a layout would put it: somewhere on the page, with 3 mm of bleed.
            let (dx, dy) = (14.5, 31.25);
            let trim = Rect {
                x: dx,
                y: dy,
                width: face.width,
                height: face.height,
            };
            let bleed = Rect {
                x: dx - 3.0,
                y: dy - 3.0,
                width: face.width + 6.0,
                height: face.height + 6.0,
            };
            let mut canvas = Canvas::new(210.0, page_h, [1.0, 1.0], &fonts);
            draw_proxy(&mut canvas, &design_proxy(card, game, trim, bleed));
            let pdf = drawn(&canvas.finish());

            let fill = |r: Rect| {
                Drawn::Fill([pt(r.x), pt(page_h - r.bottom()), pt(r.width), pt(r.height)])
            };
            let mut expected = vec![fill(bleed)];
            for panel in &face.panels {
                let r = panel.rect;
                expected.push(fill(Rect {
                    x: r.x + dx,
                    y: r.y + dy,
                    ..r
                }));
            }
            for line in &face.lines {
                expected.push(Drawn::Text(
                    [
                        pt(line.x + dx),
                        pt(page_h - line.baseline - dy),
                        line.size_pt as f32,
                    ],
                    line.text.clone(),
                    line.bold,
                ));
            }
            assert_eq!(pdf.len(), expected.len(), "{}: {pdf:?}", card.name);
            for (a, b) in pdf.iter().zip(&expected) {
                assert!(
                    close(a, b),
                    "{}: the PDF draws {a:?}, the face {b:?}",
                    card.name
                );
            }
            // The frame colour fills the bleed in the PDF and the face's background.
            assert_eq!(
                design_proxy(card, game, trim, bleed).panels[0].1,
                face.background
            );
            checked += 1;
        }
        assert!(checked > 300, "only {checked} cards checked");
    }

    #[test]
    fn a_small_face_shows_its_type_line_and_the_start_of_its_rules_text_at_least_5_5_px_high_in_the_grid(
    ) {
        let (games, cards) = bundled();
        // The card grid draws a face 112 px wide; CardFace leaves out text under 5.5 px.
        const GRID_PX: f64 = 112.0;
        const MIN_PX: f64 = 5.5;
        let mut with_rules = 0;
        for card in &cards {
            let face = card_face(card, games.get(&card.game).unwrap());
            let px = |line: &PlacedLine| line.size_pt * MM_PER_PT * GRID_PX / face.width;
            let lines = &face.small.lines;
            let type_line = lines.iter().find(|l| l.role == TextRole::TypeLine);
            let type_line = type_line.unwrap_or_else(|| panic!("{}: no type line", card.name));
            assert!(
                px(type_line) >= MIN_PX,
                "{}: type line {} px",
                card.name,
                px(type_line)
            );
            let rules: Vec<_> = lines.iter().filter(|l| l.role == TextRole::Rules).collect();
            if card.text.as_deref().is_some_and(|t| !t.trim().is_empty()) {
                assert!(
                    !rules.is_empty(),
                    "{}: {} lines of rules text",
                    card.name,
                    rules.len()
                );
                assert!(
                    rules.iter().all(|l| px(l) >= MIN_PX),
                    "{}: rules text under {MIN_PX} px",
                    card.name
                );
                with_rules += 1;
            }
            // Everything inside the card, the set line left out.
            for line in lines {
                assert!(
                    line.role != TextRole::SetNumber,
                    "{}: a set line",
                    card.name
                );
                assert!(
                    line.x >= 0.0
                        && line.x + line.width <= face.width + 1e-9
                        && line.baseline <= face.height,
                    "{}: {line:?} leaves the card",
                    card.name
                );
            }
        }
        assert!(with_rules > 200, "only {with_rules} cards with rules text");
    }

    #[test]
    fn a_face_is_sent_with_its_colours_as_hex_and_its_text_roles_in_words() {
        let (games, cards) = bundled();
        let card = &cards[0];
        let face = card_face(card, games.get(&card.game).unwrap());
        let json = serde_json::to_value(&face).unwrap();
        assert!(json["background"].as_str().unwrap().starts_with('#'));
        assert_eq!(json["background"].as_str().unwrap().len(), 7);
        let name = json["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["role"] == "name")
            .unwrap();
        assert_eq!(name["text"], card.name.as_str());
    }
}
