//! Measuring and fitting text with the embedded font's own advance widths (the same `hmtx`
//! numbers the PDF's `/W` array carries, and printpdf maps characters to glyphs one to one
//! without shaping), so a line measured to fit does fit on paper.

use std::sync::OnceLock;

/// DejaVu Sans (Bitstream Vera licence, see `fonts/LICENSE-DejaVu.txt`).
pub(crate) const REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
pub(crate) const BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// Millimetres per typographic point.
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// Line height as a multiple of the font size.
pub const LINE_SPACING: f64 = 1.2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Regular,
    Bold,
}

/// One of the embedded faces, parsed once.
pub struct Font {
    face: ttf_parser::Face<'static>,
}

impl Font {
    pub fn get(style: Style) -> &'static Font {
        static REGULAR: OnceLock<Font> = OnceLock::new();
        static BOLD: OnceLock<Font> = OnceLock::new();
        let (cell, bytes) = match style {
            Style::Regular => (&REGULAR, REGULAR_TTF),
            Style::Bold => (&BOLD, BOLD_TTF),
        };
        cell.get_or_init(|| Font {
            // The bytes are compiled in and tested; failing here is a build defect.
            face: ttf_parser::Face::parse(bytes, 0).expect("embedded DejaVu font parses"),
        })
    }

    /// The text with every character the font lacks replaced by one it has: full-width
    /// forms (`＊`, `Ａ`) by their ordinary counterparts, anything else by `?`. What is
    /// measured is then exactly what is drawn.
    pub fn printable(&self, text: &str) -> String {
        text.chars()
            .map(|c| {
                if c.is_control() {
                    return ' ';
                }
                if self.face.glyph_index(c).is_some() {
                    return c;
                }
                let folded = match c as u32 {
                    0xFF01..=0xFF5E => char::from_u32(c as u32 - 0xFEE0),
                    0x3000 => Some(' '),
                    _ => None,
                };
                folded
                    .filter(|f| self.face.glyph_index(*f).is_some())
                    .unwrap_or('?')
            })
            .collect()
    }

    /// Width of `text` (already [`printable`](Font::printable)) at `size_pt`, in mm.
    pub fn width_mm(&self, text: &str, size_pt: f64) -> f64 {
        let units: u32 = text
            .chars()
            .map(|c| {
                self.face
                    .glyph_index(c)
                    .and_then(|g| self.face.glyph_hor_advance(g))
                    .unwrap_or(0) as u32
            })
            .sum();
        units as f64 / self.face.units_per_em() as f64 * size_pt * MM_PER_PT
    }

    /// Height above the baseline of the tallest glyphs, as a fraction of the size.
    pub fn ascent(&self) -> f64 {
        self.face.ascender() as f64 / self.face.units_per_em() as f64
    }
}

/// A single line shrunk to fit `max_width_mm`: the largest size from `max_pt` down to
/// `min_pt` (in quarter points) at which it fits, else `min_pt` with the end cut off and
/// an ellipsis.
pub fn fit_line(
    text: &str,
    style: Style,
    max_width_mm: f64,
    max_pt: f64,
    min_pt: f64,
) -> (String, f64) {
    let font = Font::get(style);
    let text = font.printable(text.trim());
    let mut size = max_pt;
    while size > min_pt && font.width_mm(&text, size) > max_width_mm {
        size -= 0.25;
    }
    let size = size.max(min_pt);
    (truncate(font, &text, size, max_width_mm), size)
}

/// Cuts `text` to fit, ending in `…` when anything was cut.
fn truncate(font: &Font, text: &str, size: f64, max_width_mm: f64) -> String {
    if font.width_mm(text, size) <= max_width_mm {
        return text.to_owned();
    }
    let mut cut: String = text.to_owned();
    while !cut.is_empty() {
        cut.pop();
        let candidate = format!("{}…", cut.trim_end());
        if font.width_mm(&candidate, size) <= max_width_mm {
            return candidate;
        }
    }
    String::new()
}

/// A paragraph to flow into a box.
#[derive(Debug, Clone, PartialEq)]
pub struct Paragraph {
    pub style: Style,
    pub text: String,
}

/// A line of a fitted block, with its style.
#[derive(Debug, Clone, PartialEq)]
pub struct FittedLine {
    pub style: Style,
    pub text: String,
    /// Top of the line's box, from the top of the block, in mm.
    pub top_mm: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FittedBlock {
    pub size_pt: f64,
    pub lines: Vec<FittedLine>,
    /// Height the lines take, in mm (never more than the box).
    pub height_mm: f64,
}

/// Flows paragraphs into a `width × height` box at the largest size that fits, from
/// `max_pt` down to `min_pt`. If even `min_pt` overflows, the lines that fit are kept and
/// the last one ends in `…`: the text never leaves its box.
pub fn fit_block(
    paragraphs: &[Paragraph],
    width_mm: f64,
    height_mm: f64,
    max_pt: f64,
    min_pt: f64,
) -> FittedBlock {
    let mut size = max_pt;
    loop {
        let block = flow(paragraphs, width_mm, size);
        if block.height_mm <= height_mm + 1e-9 {
            return block;
        }
        if size - 0.25 < min_pt {
            return cut_to_height(block, width_mm, height_mm);
        }
        size -= 0.25;
    }
}

fn flow(paragraphs: &[Paragraph], width_mm: f64, size_pt: f64) -> FittedBlock {
    let line_mm = size_pt * LINE_SPACING * MM_PER_PT;
    let mut lines = Vec::new();
    let mut top = 0.0;
    for (i, paragraph) in paragraphs.iter().enumerate() {
        if i > 0 {
            top += line_mm * 0.35;
        }
        let font = Font::get(paragraph.style);
        for text in wrap(font, &font.printable(&paragraph.text), width_mm, size_pt) {
            lines.push(FittedLine {
                style: paragraph.style,
                text,
                top_mm: top,
            });
            top += line_mm;
        }
    }
    FittedBlock {
        size_pt,
        lines,
        height_mm: top,
    }
}

fn cut_to_height(mut block: FittedBlock, width_mm: f64, height_mm: f64) -> FittedBlock {
    let line_mm = block.size_pt * LINE_SPACING * MM_PER_PT;
    block
        .lines
        .retain(|l| l.top_mm + line_mm <= height_mm + 1e-9);
    if let Some(last) = block.lines.last_mut() {
        let font = Font::get(last.style);
        let with_dots = format!("{}…", last.text.trim_end_matches('…'));
        last.text = truncate(font, &with_dots, block.size_pt, width_mm);
        if !last.text.ends_with('…') {
            last.text = truncate(font, &format!("{with_dots} "), block.size_pt, width_mm);
        }
    }
    block.height_mm = block.lines.last().map_or(0.0, |l| l.top_mm + line_mm);
    block
}

/// Greedy word wrap; a word wider than the line is broken between characters.
fn wrap(font: &Font, text: &str, width_mm: f64, size_pt: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if font.width_mm(&candidate, size_pt) <= width_mm {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // The word alone: break it if it is still too wide.
        for c in word.chars() {
            line.push(c);
            if font.width_mm(&line, size_pt) > width_mm && line.chars().count() > 1 {
                line.pop();
                lines.push(std::mem::replace(&mut line, c.to_string()));
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_missing_from_the_font_print_as_their_nearest_form() {
        let font = Font::get(Style::Regular);
        assert_eq!(font.printable("Æther Öl ＊Ｓｔａｒ"), "Æther Öl *Star");
        assert_eq!(font.printable("a\tb"), "a b");
    }

    #[test]
    fn a_long_name_shrinks_before_it_is_cut() {
        let (text, size) = fit_line(
            "Megazord Battle Configuration",
            Style::Bold,
            40.0,
            10.0,
            5.0,
        );
        assert_eq!(text, "Megazord Battle Configuration");
        assert!((5.0..10.0).contains(&size));
        assert!(Font::get(Style::Bold).width_mm(&text, size) <= 40.0);
        let (cut, size) = fit_line(&"W".repeat(60), Style::Bold, 40.0, 10.0, 5.0);
        assert_eq!(size, 5.0);
        assert!(cut.ends_with('…'));
        assert!(Font::get(Style::Bold).width_mm(&cut, size) <= 40.0);
    }
}
