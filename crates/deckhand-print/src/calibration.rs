//! The calibration sheet: a front with 100 mm rulers, registration marks and offset scales
//! around the centre, and a back with a cross exactly behind that centre. Printed
//! double-sided, it shows the printer's scale (measure the rulers) and its front-to-back
//! shift (where the back's cross shows through on the scales), in the very numbers the
//! options take.

use crate::canvas::{Canvas, BLACK};
use crate::error::PrintError;
use crate::layout::Rect;
use crate::options::{fmt_mm, Duplex, PrintOptions};
use crate::pdf::{Builder, ImageFn};
use crate::text_fit::{fit_line, Style};

const RULER_MM: f64 = 100.0;
/// Half the length of the offset scales around the centre.
const OFFSET_SCALE_MM: f64 = 10.0;
/// Registration marks sit this far in from each corner.
const CORNER_MM: f64 = 20.0;
const THIN: f64 = 0.15;

/// Two pages: the front and, behind it for `options.flip()`, the back; both drawn with the
/// options' scale correction, the back moved by the options' offsets.
pub fn calibration_pdf(options: &PrintOptions) -> Result<Vec<u8>, PrintError> {
    options.validate()?;
    let (w, h) = options.paper_mm();
    let scale = [100.0 / options.scale_x_pct, 100.0 / options.scale_y_pct];
    let builder = Builder::new("Deckhand printer calibration")?;
    let (cx, cy) = (w / 2.0, h / 2.0);
    let flip = options.flip();
    let mirror_x = match flip {
        Duplex::LongEdge => w <= h,
        Duplex::ShortEdge => w > h,
    };

    let mut front = Canvas::new(w, h, scale, &builder.fonts);
    for (x, y) in corners(w, h) {
        registration(&mut front, x, y);
    }
    registration(&mut front, cx, cy);
    // Rulers: horizontal above the centre, vertical to its left.
    let ruler_x = (w - RULER_MM) / 2.0;
    let ruler_y = CORNER_MM + 12.0;
    for mm in 0..=RULER_MM as u32 {
        let x = ruler_x + mm as f64;
        let tick = tick_length(mm);
        front.line([x, ruler_y], [x, ruler_y + tick], THIN, BLACK);
        if mm % 10 == 0 {
            label(&mut front, x - 2.0, ruler_y + 7.5, &mm.to_string(), 6.0);
        }
    }
    front.line(
        [ruler_x, ruler_y],
        [ruler_x + RULER_MM, ruler_y],
        THIN,
        BLACK,
    );
    let vertical_x = CORNER_MM - 8.0;
    let vertical_y = (h - RULER_MM) / 2.0;
    for mm in 0..=RULER_MM as u32 {
        let y = vertical_y + mm as f64;
        front.line(
            [vertical_x, y],
            [vertical_x + tick_length(mm), y],
            THIN,
            BLACK,
        );
        if mm % 10 == 0 {
            label(&mut front, vertical_x + 5.5, y + 0.8, &mm.to_string(), 6.0);
        }
    }
    front.line(
        [vertical_x, vertical_y],
        [vertical_x, vertical_y + RULER_MM],
        THIN,
        BLACK,
    );
    // Offset scales through the centre, labelled with the option value that would move the
    // back's cross onto the centre if it shows through at that tick.
    let x_label = |d: f64| {
        if mirror_x {
            options.offset_x_mm + d
        } else {
            options.offset_x_mm - d
        }
    };
    let y_label = |d: f64| {
        if mirror_x {
            options.offset_y_mm - d
        } else {
            options.offset_y_mm + d
        }
    };
    let steps = (2.0 * OFFSET_SCALE_MM) as i32;
    for i in 0..=steps {
        let d = i as f64 - OFFSET_SCALE_MM;
        let long = i % 2 == 0;
        let tick = if long { 3.0 } else { 1.5 };
        front.line([cx + d, cy - 12.0], [cx + d, cy - 12.0 - tick], THIN, BLACK);
        front.line([cx + 12.0, cy + d], [cx + 12.0 + tick, cy + d], THIN, BLACK);
        if i % 4 == 0 {
            label(
                &mut front,
                cx + d - 1.5,
                cy - 16.5,
                &signed(x_label(d)),
                4.5,
            );
            label(
                &mut front,
                cx + 16.0,
                cy + d + 0.6,
                &signed(y_label(d)),
                4.5,
            );
        }
    }
    front.line(
        [cx - OFFSET_SCALE_MM, cy],
        [cx + OFFSET_SCALE_MM, cy],
        THIN,
        BLACK,
    );
    front.line(
        [cx, cy - OFFSET_SCALE_MM],
        [cx, cy + OFFSET_SCALE_MM],
        THIN,
        BLACK,
    );
    let flip_name = match flip {
        Duplex::LongEdge => "long edge",
        Duplex::ShortEdge => "short edge",
    };
    let lines = [
        format!(
            "Deckhand printer calibration — {} × {} mm, flip on {flip_name}",
            fmt_mm(w),
            fmt_mm(h)
        ),
        format!("Print both sides at 100 % (\"actual size\", not \"fit to page\"), flipping on the {flip_name}."),
        "Scale: measure the 100 mm rulers. If the horizontal one is L mm long, print with --scale-x L;".into(),
        "the vertical one gives --scale-y (already using --scale-x S? then use S × L / 100).".into(),
        "Offset: hold the sheet against a light. Where the back's cross crosses the centre scales,".into(),
        "read --offset-x on the scale above the centre and --offset-y on the scale to its right.".into(),
        format!(
            "This sheet: --scale-x {} --scale-y {} --offset-x {} --offset-y {}. Reprint to check: the crosses meet.",
            fmt_mm(options.scale_x_pct),
            fmt_mm(options.scale_y_pct),
            fmt_mm(options.offset_x_mm),
            fmt_mm(options.offset_y_mm)
        ),
    ];
    let text_w = w - 2.0 * CORNER_MM - 10.0;
    let mut y = h - CORNER_MM - 8.0 - lines.len() as f64 * 4.2;
    for (i, line) in lines.iter().enumerate() {
        let style = if i == 0 { Style::Bold } else { Style::Regular };
        let (text, size) = fit_line(line, style, text_w, 8.0, 4.0);
        front.text(CORNER_MM + 5.0, y, &text, style, size, BLACK);
        y += 4.2;
    }

    // The back: the same registration marks and a long cross, behind the front's centre.
    let mut back = Canvas::new(w, h, scale, &builder.fonts);
    let (ox, oy) = (options.offset_x_mm, options.offset_y_mm);
    for (x, y) in corners(w, h) {
        registration(&mut back, x + ox, y + oy);
    }
    let (bx, by) = (cx + ox, cy + oy);
    back.line([bx - 30.0, by], [bx + 30.0, by], 0.3, BLACK);
    back.line([bx, by - 30.0], [bx, by + 30.0], 0.3, BLACK);
    let (text, size) = fit_line(
        "Back side: hold against a light and read the front's centre scales.",
        Style::Regular,
        text_w,
        8.0,
        4.0,
    );
    back.text(
        CORNER_MM + 5.0,
        CORNER_MM + 12.0,
        &text,
        Style::Regular,
        size,
        BLACK,
    );

    let pages = [front, back]
        .into_iter()
        .map(|c| printpdf::PdfPage::new(printpdf::Mm(w as f32), printpdf::Mm(h as f32), c.finish()))
        .collect();
    let mut bytes = Vec::new();
    let mut no_images = ImageFn(|_: &str| Err("the calibration sheet has no images".to_owned()));
    builder.finish(pages, &mut no_images, &mut bytes)?;
    Ok(bytes)
}

fn corners(w: f64, h: f64) -> [(f64, f64); 4] {
    [
        (CORNER_MM, CORNER_MM),
        (w - CORNER_MM, CORNER_MM),
        (CORNER_MM, h - CORNER_MM),
        (w - CORNER_MM, h - CORNER_MM),
    ]
}

/// A registration mark: a cross with a square around it.
fn registration(canvas: &mut Canvas, x: f64, y: f64) {
    canvas.line([x - 6.0, y], [x + 6.0, y], THIN, BLACK);
    canvas.line([x, y - 6.0], [x, y + 6.0], THIN, BLACK);
    canvas.stroke_rect(
        Rect {
            x: x - 3.0,
            y: y - 3.0,
            width: 6.0,
            height: 6.0,
        },
        THIN,
        BLACK,
    );
}

fn tick_length(mm: u32) -> f64 {
    match (mm % 10, mm % 5) {
        (0, _) => 5.0,
        (_, 0) => 3.5,
        _ => 2.0,
    }
}

fn label(canvas: &mut Canvas, x: f64, baseline: f64, text: &str, size_pt: f64) {
    canvas.text(x, baseline, text, Style::Regular, size_pt, BLACK);
}

fn signed(value: f64) -> String {
    let text = fmt_mm(value);
    if value > 0.004 {
        format!("+{text}")
    } else if text == "-0" {
        "0".into()
    } else {
        text
    }
}
