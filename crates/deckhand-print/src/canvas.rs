//! Drawing in layout millimetres (top-left origin, y down) as printpdf operations in PDF
//! points (bottom-left origin, y up). Everything the writer draws goes through here.

use printpdf::{
    Color, CurTransMat, FontId, Line, LinePoint, Op, PaintMode, PdfFontHandle, Point, Pt, Rgb,
    TextItem, WindingOrder, XObjectId, XObjectTransform,
};

use crate::layout::Rect;
use crate::text_fit::{Font, Style, MM_PER_PT};

/// An sRGB colour.
pub type Rgb8 = [u8; 3];

pub const BLACK: Rgb8 = [0, 0, 0];
pub const WHITE: Rgb8 = [255, 255, 255];

const PT_PER_MM: f64 = 72.0 / 25.4;

/// The two embedded faces, registered with the document.
#[derive(Clone)]
pub struct Fonts {
    pub regular: FontId,
    pub bold: FontId,
}

pub struct Canvas<'a> {
    ops: Vec<Op>,
    page_height_mm: f64,
    fonts: &'a Fonts,
}

impl<'a> Canvas<'a> {
    /// A page `width × height` mm; `scale` is the printer correction applied about the
    /// page's centre.
    pub fn new(width_mm: f64, height_mm: f64, scale: [f64; 2], fonts: &'a Fonts) -> Canvas<'a> {
        let mut canvas = Canvas {
            ops: vec![Op::SaveGraphicsState],
            page_height_mm: height_mm,
            fonts,
        };
        if scale != [1.0, 1.0] {
            let (cx, cy) = (width_mm / 2.0 * PT_PER_MM, height_mm / 2.0 * PT_PER_MM);
            canvas.ops.push(Op::SetTransformationMatrix {
                matrix: CurTransMat::Raw([
                    scale[0] as f32,
                    0.0,
                    0.0,
                    scale[1] as f32,
                    (cx * (1.0 - scale[0])) as f32,
                    (cy * (1.0 - scale[1])) as f32,
                ]),
            });
        }
        canvas
    }

    pub fn finish(mut self) -> Vec<Op> {
        self.ops.push(Op::RestoreGraphicsState);
        self.ops
    }

    fn point(&self, x_mm: f64, y_mm: f64) -> Point {
        Point {
            x: pt(x_mm),
            y: pt(self.page_height_mm - y_mm),
        }
    }

    fn pdf_rect(&self, r: Rect, mode: PaintMode) -> printpdf::Rect {
        printpdf::Rect {
            x: pt(r.x),
            y: pt(self.page_height_mm - r.bottom()),
            width: pt(r.width),
            height: pt(r.height),
            mode: Some(mode),
            winding_order: Some(WindingOrder::NonZero),
        }
    }

    pub fn fill_rect(&mut self, r: Rect, color: Rgb8) {
        self.ops.push(Op::SetFillColor { col: rgb(color) });
        self.ops.push(Op::DrawRectangle {
            rectangle: self.pdf_rect(r, PaintMode::Fill),
        });
    }

    pub fn stroke_rect(&mut self, r: Rect, width_mm: f64, color: Rgb8) {
        self.stroke_style(width_mm, color);
        self.ops.push(Op::DrawRectangle {
            rectangle: self.pdf_rect(r, PaintMode::Stroke),
        });
    }

    pub fn line(&mut self, from: [f64; 2], to: [f64; 2], width_mm: f64, color: Rgb8) {
        self.stroke_style(width_mm, color);
        let points = [from, to]
            .iter()
            .map(|p| LinePoint {
                p: self.point(p[0], p[1]),
                bezier: false,
            })
            .collect();
        self.ops.push(Op::DrawLine {
            line: Line {
                points,
                is_closed: false,
            },
        });
    }

    fn stroke_style(&mut self, width_mm: f64, color: Rgb8) {
        self.ops.push(Op::SetOutlineColor { col: rgb(color) });
        self.ops.push(Op::SetOutlineThickness { pt: pt(width_mm) });
    }

    /// Clips everything until the matching [`restore`](Canvas::restore) to `r`.
    pub fn clip(&mut self, r: Rect) {
        self.ops.push(Op::SaveGraphicsState);
        self.ops.push(Op::DrawRectangle {
            rectangle: self.pdf_rect(r, PaintMode::Clip),
        });
    }

    pub fn restore(&mut self) {
        self.ops.push(Op::RestoreGraphicsState);
    }

    /// Draws an image XObject stretched over `r`, optionally mirrored.
    pub fn image(&mut self, id: &XObjectId, r: Rect, mirror_x: bool, mirror_y: bool) {
        let (w, h) = (r.width * PT_PER_MM, r.height * PT_PER_MM);
        let left = r.x * PT_PER_MM;
        let bottom = (self.page_height_mm - r.bottom()) * PT_PER_MM;
        let (a, e) = if mirror_x { (-w, left + w) } else { (w, left) };
        let (d, f) = if mirror_y {
            (-h, bottom + h)
        } else {
            (h, bottom)
        };
        self.ops.push(Op::SaveGraphicsState);
        self.ops.push(Op::SetTransformationMatrix {
            matrix: CurTransMat::Raw([a as f32, 0.0, 0.0, d as f32, e as f32, f as f32]),
        });
        self.ops.push(Op::UseXobject {
            id: id.clone(),
            transform: XObjectTransform {
                no_auto_scale: true,
                ..XObjectTransform::default()
            },
        });
        self.ops.push(Op::RestoreGraphicsState);
    }

    /// Text already fitted and made [`printable`](Font::printable), with its baseline at
    /// `baseline_mm`, starting at `x_mm`.
    pub fn text(
        &mut self,
        x_mm: f64,
        baseline_mm: f64,
        text: &str,
        style: Style,
        size_pt: f64,
        color: Rgb8,
    ) {
        if text.is_empty() {
            return;
        }
        let font = match style {
            Style::Regular => self.fonts.regular.clone(),
            Style::Bold => self.fonts.bold.clone(),
        };
        let at = self.point(x_mm, baseline_mm);
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFillColor { col: rgb(color) },
            Op::SetFont {
                font: PdfFontHandle::External(font),
                size: Pt(size_pt as f32),
            },
            Op::SetTextCursor { pos: at },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_owned())],
            },
            Op::EndTextSection,
        ]);
    }

    /// A single fitted line centred horizontally in `r` and vertically on its capitals.
    pub fn text_centered(&mut self, r: Rect, text: &str, style: Style, size_pt: f64, color: Rgb8) {
        let width = Font::get(style).width_mm(text, size_pt);
        let x = r.x + (r.width - width) / 2.0;
        self.text(x, cap_baseline(r, size_pt), text, style, size_pt, color);
    }
}

/// The baseline that centres capital letters vertically in `r` (DejaVu's cap height is
/// 0.73 em).
pub fn cap_baseline(r: Rect, size_pt: f64) -> f64 {
    r.y + r.height / 2.0 + 0.73 * size_pt * MM_PER_PT / 2.0
}

fn pt(mm: f64) -> Pt {
    Pt((mm * PT_PER_MM) as f32)
}

fn rgb(c: Rgb8) -> Color {
    Color::Rgb(Rgb {
        r: c[0] as f32 / 255.0,
        g: c[1] as f32 / 255.0,
        b: c[2] as f32 / 255.0,
        icc_profile: None,
    })
}

/// `c` darkened towards black by `amount` (0–1).
pub fn darken(c: Rgb8, amount: f64) -> Rgb8 {
    c.map(|v| (v as f64 * (1.0 - amount)).round() as u8)
}

/// `c` lightened towards white by `amount` (0–1).
pub fn lighten(c: Rgb8, amount: f64) -> Rgb8 {
    c.map(|v| (v as f64 + (255.0 - v as f64) * amount).round() as u8)
}
