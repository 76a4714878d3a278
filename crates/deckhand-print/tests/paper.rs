//! Tests that look at the paper: PDFs rendered by poppler at 300 dpi and measured from the
//! pixels, text extracted with pdftotext, structure checked with qpdf. They skip (saying
//! so) only when a tool is missing; CI installs poppler-utils and qpdf.

mod common;

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use deckhand_core::Card;
use deckhand_print::{
    calibration_pdf, design_proxy, layout, write_pdf, Backs, CardSizes, Duplex, Marks, Orientation,
    Paper, PrintItem, PrintOptions, TextRole,
};

const DPI: f64 = 300.0;
const MM_PER_PX: f64 = 25.4 / DPI;

fn have(tool: &str) -> bool {
    let found = Command::new(tool).arg("-v").output().is_ok()
        || Command::new(tool).arg("--version").output().is_ok();
    if !found {
        eprintln!("SKIPPED: `{tool}` is not installed (apt-get install poppler-utils qpdf)");
    }
    found
}

/// A rendered page: RGB pixels.
struct Raster {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Raster {
    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// The bounding box of each colour, in one pass.
    fn boxes(&self, colours: &[[u8; 3]]) -> Vec<Option<(usize, usize, usize, usize)>> {
        let mut out: Vec<Option<(usize, usize, usize, usize)>> = vec![None; colours.len()];
        for (i, p) in self.rgb.chunks_exact(3).enumerate() {
            let p = [p[0], p[1], p[2]];
            let Some(k) = colours.iter().position(|c| near(p, *c)) else {
                continue;
            };
            let (x, y) = (i % self.width, i / self.width);
            out[k] = Some(match out[k] {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
        out
    }

    /// Runs of columns (or rows) that hold at least `min` matching pixels.
    fn runs(
        &self,
        columns: bool,
        min: usize,
        want: impl Fn([u8; 3]) -> bool,
    ) -> Vec<(usize, usize)> {
        let n = if columns { self.width } else { self.height };
        let mut counts = vec![0usize; n];
        for (i, p) in self.rgb.chunks_exact(3).enumerate() {
            if want([p[0], p[1], p[2]]) {
                counts[if columns {
                    i % self.width
                } else {
                    i / self.width
                }] += 1;
            }
        }
        let mut runs = Vec::new();
        let mut start = None;
        for i in 0..=n {
            let hit = counts.get(i).is_some_and(|&c| c >= min);
            match (hit, start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    runs.push((s, i - 1));
                    start = None;
                }
                _ => {}
            }
        }
        runs
    }
}

fn render(pdf: &[u8], page: usize, dir: &Path) -> Raster {
    let file = dir.join("doc.pdf");
    std::fs::write(&file, pdf).unwrap();
    let prefix = dir.join(format!("page{page}"));
    let status = Command::new("pdftoppm")
        .args([
            "-r",
            "300",
            "-png",
            "-singlefile",
            "-f",
            &page.to_string(),
            "-l",
            &page.to_string(),
        ])
        .arg(&file)
        .arg(&prefix)
        .status()
        .unwrap();
    assert!(status.success());
    let bytes = std::fs::read(prefix.with_extension("png")).unwrap();
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    buf.truncate(frame.buffer_size());
    let rgb = match frame.color_type {
        png::ColorType::Rgb => buf,
        png::ColorType::Rgba => buf.chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect(),
        other => panic!("unexpected {other:?}"),
    };
    Raster {
        width: frame.width as usize,
        height: frame.height as usize,
        rgb,
    }
}

/// A solid-colour PNG, 63 × 88 px (stretched to the card).
fn solid_png(color: [u8; 3]) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, 63, 88);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&color.repeat(63 * 88)).unwrap();
    drop(writer);
    bytes
}

const PALETTE: [[u8; 3]; 9] = [
    [255, 0, 0],
    [0, 160, 0],
    [0, 0, 255],
    [255, 0, 255],
    [0, 200, 200],
    [255, 140, 0],
    [128, 0, 255],
    [128, 128, 0],
    [0, 90, 120],
];

fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) < 40)
}

fn dark(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 110)
}

/// Nine cards, each an image of its own colour.
fn colour_deck(cards: &[Card]) -> (Vec<String>, HashMap<String, Vec<u8>>) {
    let ids: Vec<String> = (0..9).map(|i| format!("colour-{i}")).collect();
    let images = ids
        .iter()
        .zip(PALETTE)
        .map(|(id, c)| (id.clone(), solid_png(c)))
        .collect();
    assert!(cards.len() >= 9);
    (ids, images)
}

/// The first `n` (≤ 9) cards, each printed with its colour image from `colour_deck`.
fn colour_items<'a>(cards: &'a [Card], ids: &'a [String], n: usize) -> Vec<PrintItem<'a>> {
    (0..n)
        .map(|i| PrintItem {
            card: &cards[i],
            image: Some(ids[i].as_str()),
        })
        .collect()
}

fn px_to_mm(px: f64) -> f64 {
    px * MM_PER_PX
}

#[test]
fn cards_measure_63_by_88_mm_on_a4_and_letter() {
    if !have("pdftoppm") {
        return;
    }
    let game = common::game("zoids-scramble");
    let cards = common::cards("zoids-scramble");
    let (ids, mut images) = colour_deck(&cards);
    let items = colour_items(&cards, &ids, 9);
    for paper in [Paper::A4, Paper::Letter] {
        let options = PrintOptions {
            paper,
            ..PrintOptions::default()
        };
        let layout = layout(&items, &CardSizes::of(&game), &options).unwrap();
        let pdf = write_pdf(&layout, &items, &game, &mut images).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let page = render(&pdf, 1, dir.path());
        let (paper_w, paper_h) = options.paper_mm();
        assert!(
            (px_to_mm(page.width as f64) - paper_w).abs() < 0.2,
            "{paper:?} width"
        );
        assert!(
            (px_to_mm(page.height as f64) - paper_h).abs() < 0.2,
            "{paper:?} height"
        );
        for (i, bbox) in page.boxes(&PALETTE).into_iter().enumerate() {
            let (x0, y0, x1, y1) = bbox.expect("card drawn");
            let w = px_to_mm((x1 - x0 + 1) as f64);
            let h = px_to_mm((y1 - y0 + 1) as f64);
            assert!(
                (w - 63.0).abs() <= 0.2 && (h - 88.0).abs() <= 0.2,
                "{paper:?} card {i}: {w:.2} × {h:.2} mm"
            );
            let expected = &layout.pages[0].cards[i].trim;
            assert!(
                (px_to_mm(x0 as f64) - expected.x).abs() < 0.2,
                "{paper:?} card {i} x"
            );
            assert!(
                (px_to_mm(y0 as f64) - expected.y).abs() < 0.2,
                "{paper:?} card {i} y"
            );
        }
    }
}

#[test]
fn crop_marks_sit_on_the_cut_lines_outside_the_cards_and_touch_no_card() {
    if !have("pdftoppm") {
        return;
    }
    let game = common::game("zoids-scramble");
    let cards = common::cards("zoids-scramble");
    let (ids, mut images) = colour_deck(&cards);
    let items = colour_items(&cards, &ids, 9);
    // Butted cards, and cards with a gap and bleed.
    for (gap, bleed) in [(0.0, 0.0), (6.0, 3.0)] {
        let options = PrintOptions {
            gap_mm: gap,
            bleed_mm: bleed,
            marks: Marks::Crop,
            ..PrintOptions::default()
        };
        let layout = layout(&items, &CardSizes::of(&game), &options).unwrap();
        let pdf = write_pdf(&layout, &items, &game, &mut images).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let page = render(&pdf, 1, dir.path());
        // Card boxes (bleed included) measured from their colours.
        let on_page = layout.pages[0].cards.len();
        let boxes: Vec<_> = page
            .boxes(&PALETTE[..on_page])
            .into_iter()
            .map(Option::unwrap)
            .collect();
        let mut mark_pixels = 0;
        for y in 0..page.height {
            for x in 0..page.width {
                if !dark(page.at(x, y)) {
                    continue;
                }
                mark_pixels += 1;
                for (i, &(x0, y0, x1, y1)) in boxes.iter().enumerate() {
                    // Half a millimetre of clearance (6 px) around every card.
                    let clear = 6;
                    let inside =
                        x + clear >= x0 && x <= x1 + clear && y + clear >= y0 && y <= y1 + clear;
                    assert!(
                        !inside,
                        "gap {gap}: mark pixel at ({x}, {y}) touches card {i}"
                    );
                }
            }
        }
        assert!(mark_pixels > 500, "gap {gap}: no marks drawn");
        // Every cut line has its marks: the vertical marks above the cards sit at the trim
        // edges measured from the card images (less the bleed).
        let top = boxes.iter().map(|b| b.1).min().unwrap();
        let band = Raster {
            width: page.width,
            height: top,
            rgb: page.rgb[..top * page.width * 3].to_vec(),
        };
        let marks: Vec<f64> = band
            .runs(true, 10, dark)
            .iter()
            .map(|&(a, b)| px_to_mm((a + b) as f64 / 2.0 + 0.5))
            .collect();
        let mut cuts: Vec<f64> = layout.pages[0]
            .cards
            .iter()
            .flat_map(|c| [c.trim.x, c.trim.right()])
            .collect();
        cuts.sort_by(f64::total_cmp);
        cuts.dedup_by(|a, b| (*a - *b).abs() < 0.01);
        assert_eq!(
            marks.len(),
            cuts.len(),
            "gap {gap}: marks at {marks:?}, cuts at {cuts:?}"
        );
        for (mark, cut) in marks.iter().zip(&cuts) {
            assert!(
                (mark - cut).abs() < 0.2,
                "gap {gap}: mark at {mark:.2} mm, cut at {cut:.2} mm"
            );
        }
    }
}

/// Columns and rows of back-colour on a back page, in mm.
/// Spans in mm, from one edge to the other.
type Spans = Vec<(f64, f64)>;

fn back_runs(page: &Raster, colour: [u8; 3]) -> (Spans, Spans) {
    let to_mm = |runs: Vec<(usize, usize)>| {
        runs.into_iter()
            .map(|(a, b)| (px_to_mm(a as f64), px_to_mm(b as f64 + 1.0)))
            .collect()
    };
    (
        to_mm(page.runs(true, 50, |p| near(p, colour))),
        to_mm(page.runs(false, 50, |p| near(p, colour))),
    )
}

#[test]
fn duplex_backs_sit_behind_their_fronts_for_long_and_short_edge_and_move_by_the_offset() {
    if !have("pdftoppm") {
        return;
    }
    let game = common::game("zoids-scramble");
    let cards = common::cards("zoids-scramble");
    let (ids, mut images) = colour_deck(&cards);
    // Four cards: an uneven block (3 + 1), so a wrong mirror cannot pass by symmetry.
    let items = colour_items(&cards, &ids, 4);
    let back_colour = [0x1b, 0x5e, 0x20];
    let cases = [
        (Orientation::Portrait, Duplex::LongEdge, 0.0, 0.0),
        (Orientation::Portrait, Duplex::ShortEdge, 0.0, 0.0),
        (Orientation::Landscape, Duplex::LongEdge, 0.0, 0.0),
        (Orientation::Portrait, Duplex::LongEdge, 2.0, -1.5),
        (Orientation::Portrait, Duplex::ShortEdge, -1.0, 3.0),
    ];
    for (orientation, duplex, dx, dy) in cases {
        let options = PrintOptions {
            orientation,
            gap_mm: 4.0,
            backs: Backs::Game,
            duplex: Some(duplex),
            offset_x_mm: dx,
            offset_y_mm: dy,
            ..PrintOptions::default()
        };
        let case = format!("{orientation:?} {duplex:?} offset {dx},{dy}");
        let layout = layout(&items, &CardSizes::of(&game), &options).unwrap();
        let pdf = write_pdf(&layout, &items, &game, &mut images).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let front = render(&pdf, 1, dir.path());
        let back = render(&pdf, 2, dir.path());
        let (w, h) = options.paper_mm();
        let mirror_x = (duplex == Duplex::LongEdge) == (w <= h);
        // Where each front card is, measured; where its back must be, derived by the flip.
        let mut expected = Vec::new();
        for bbox in front.boxes(&PALETTE[..4]) {
            let (x0, y0, x1, y1) = bbox.unwrap();
            let (l, t) = (px_to_mm(x0 as f64), px_to_mm(y0 as f64));
            let (r, b) = (px_to_mm(x1 as f64 + 1.0), px_to_mm(y1 as f64 + 1.0));
            let (l, r, t, b) = if mirror_x {
                (w - r, w - l, t, b)
            } else {
                (l, r, h - b, h - t)
            };
            expected.push((l + dx, r + dx, t + dy, b + dy));
        }
        let (cols, rows) = back_runs(&back, back_colour);
        for (l, r, t, b) in &expected {
            let col = cols.iter().find(|c| (c.0 - l).abs() < 0.3);
            let col =
                col.unwrap_or_else(|| panic!("{case}: no back at x {l:.2} mm; columns {cols:?}"));
            assert!(
                (col.1 - r).abs() < 0.3,
                "{case}: back spans x {col:?}, front mirrored {l:.2}–{r:.2}"
            );
            let row = rows.iter().find(|c| (c.0 - t).abs() < 0.3);
            let row =
                row.unwrap_or_else(|| panic!("{case}: no back at y {t:.2} mm; rows {rows:?}"));
            assert!(
                (row.1 - b).abs() < 0.3,
                "{case}: back spans y {row:?}, front mirrored {t:.2}–{b:.2}"
            );
        }
    }
}

#[test]
fn scale_correction_shrinks_the_drawing_by_the_printers_stretch() {
    if !have("pdftoppm") {
        return;
    }
    let game = common::game("zoids-scramble");
    let cards = common::cards("zoids-scramble");
    let (ids, mut images) = colour_deck(&cards);
    let items = [PrintItem {
        card: &cards[0],
        image: Some(ids[0].as_str()),
    }];
    let options = PrintOptions {
        scale_x_pct: 102.0,
        scale_y_pct: 98.0,
        ..PrintOptions::default()
    };
    let layout = layout(&items, &CardSizes::of(&game), &options).unwrap();
    let pdf = write_pdf(&layout, &items, &game, &mut images).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let page = render(&pdf, 1, dir.path());
    let (x0, y0, x1, y1) = page.boxes(&PALETTE[..1])[0].unwrap();
    let w = px_to_mm((x1 - x0 + 1) as f64);
    let h = px_to_mm((y1 - y0 + 1) as f64);
    assert!((w - 63.0 / 1.02).abs() < 0.2, "{w:.2}");
    assert!((h - 88.0 / 0.98).abs() < 0.2, "{h:.2}");
}

fn pdftotext(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("doc.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(&file)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn qpdf_check(pdf: &[u8], what: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("doc.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = Command::new("qpdf")
        .arg("--check")
        .arg(&file)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && !text.contains("WARNING"),
        "{what}: qpdf --check:\n{text}"
    );
}

#[test]
fn every_card_name_of_every_game_is_in_the_text_and_the_file_passes_qpdf() {
    if !have("pdftotext") || !have("qpdf") {
        return;
    }
    for game in common::games().iter() {
        let mut cards = common::cards(&game.id);
        if game.id == "zoids-scramble" {
            cards.extend(common::fixture_cards("awkward-cards.json"));
        }
        let items: Vec<PrintItem> = cards
            .iter()
            .map(|card| PrintItem { card, image: None })
            .collect();
        let options = PrintOptions {
            backs: Backs::Game,
            gap_mm: 2.0,
            bleed_mm: 1.0,
            ..PrintOptions::default()
        };
        let layout = layout(&items, &CardSizes::of(game), &options).unwrap();
        let pdf = write_pdf(&layout, &items, game, &mut HashMap::new()).unwrap();
        qpdf_check(&pdf, &game.id);
        // pdftotext breaks lines where the layout does; compare without whitespace.
        let squash = |s: &str| s.split_whitespace().collect::<String>();
        let text = squash(&pdftotext(&pdf));
        for (card, placement) in cards
            .iter()
            .zip(layout.front_pages().flat_map(|p| &p.cards))
        {
            // The name as the proxy prints it: full-width forms folded, and a name too long
            // for its bar even at the smallest size cut with an ellipsis.
            let design = design_proxy(card, game, placement.trim, placement.bleed);
            let name = design
                .texts
                .iter()
                .find(|t| t.role == TextRole::Name)
                .unwrap();
            let printed = &name.lines[0].1;
            assert!(
                text.contains(&squash(printed)),
                "{}: '{printed}' not found",
                game.id
            );
            if !printed.ends_with('…') {
                let folded =
                    deckhand_print::Font::get(deckhand_print::Style::Bold).printable(&card.name);
                assert_eq!(printed, &folded);
            }
        }
    }
}

#[test]
fn non_ascii_names_print_as_themselves() {
    if !have("pdftotext") {
        return;
    }
    let game = common::game("zoids-scramble");
    let cards = common::fixture_cards("awkward-cards.json");
    let items: Vec<PrintItem> = cards
        .iter()
        .map(|card| PrintItem { card, image: None })
        .collect();
    let layout = layout(&items, &CardSizes::of(&game), &PrintOptions::default()).unwrap();
    let text = pdftotext(&write_pdf(&layout, &items, &game, &mut HashMap::new()).unwrap());
    for name in [
        "Æther Liger",
        "Öl-Försäkring Raptor",
        "*Star Saber*",
        "Ünïcödé",
    ] {
        assert!(text.contains(name), "'{name}' missing from:\n{text}");
    }
}

#[test]
fn jpeg_bytes_are_embedded_unchanged() {
    if !have("qpdf") || !have("pdftoppm") {
        return;
    }
    let jpeg =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orange.jpg"))
            .unwrap();
    let game = common::game("zoids-scramble");
    let cards = common::cards("zoids-scramble");
    let items = [
        PrintItem {
            card: &cards[0],
            image: Some("orange"),
        },
        PrintItem {
            card: &cards[1],
            image: Some("orange"),
        },
    ];
    let mut images = HashMap::from([("orange".to_owned(), jpeg.clone())]);
    let layout = layout(&items, &CardSizes::of(&game), &PrintOptions::default()).unwrap();
    let pdf = write_pdf(&layout, &items, &game, &mut images).unwrap();
    qpdf_check(&pdf, "jpeg");
    let found = pdf
        .windows(jpeg.len())
        .filter(|w| *w == jpeg.as_slice())
        .count();
    assert_eq!(
        found, 1,
        "the JPEG appears once, byte for byte, however many cards use it"
    );
    assert!(pdf.windows(10).any(|w| w == b"/DCTDecode"));
    let dir = tempfile::tempdir().unwrap();
    let page = render(&pdf, 1, dir.path());
    let (x0, _, x1, _) = page.boxes(&[[255, 128, 0]])[0].unwrap();
    assert!((px_to_mm((x1 - x0 + 1) as f64) - 2.0 * 63.0).abs() < 0.3);
}

#[test]
fn the_calibration_sheet_has_two_sides_passes_qpdf_and_tells_how_to_read_it() {
    if !have("qpdf") || !have("pdftotext") || !have("pdftoppm") {
        return;
    }
    for duplex in [Duplex::LongEdge, Duplex::ShortEdge] {
        let options = PrintOptions {
            paper: Paper::Letter,
            duplex: Some(duplex),
            ..PrintOptions::default()
        };
        let pdf = calibration_pdf(&options).unwrap();
        qpdf_check(&pdf, "calibration");
        let text = pdftotext(&pdf);
        assert!(
            text.contains("--scale-x") && text.contains("--offset-x"),
            "{text}"
        );
        assert_eq!(text.matches('\u{c}').count(), 2, "two pages");
        // The horizontal ruler: 101 ticks, 0 to 100 mm, measured from pixels.
        let dir = tempfile::tempdir().unwrap();
        let page = render(&pdf, 1, dir.path());
        let ruler_y_px = ((20.0 + 12.0 + 1.0) / MM_PER_PX) as usize;
        let row: Vec<usize> = (0..page.width)
            .filter(|&x| dark(page.at(x, ruler_y_px)))
            .collect();
        let first = *row.first().unwrap() as f64;
        let last = *row.last().unwrap() as f64;
        assert!(
            (px_to_mm(last - first) - 100.0).abs() < 0.2,
            "ruler {:.2} mm",
            px_to_mm(last - first)
        );
    }
}
