//! `deckhand print`: a deck as a print-and-play PDF, and `deckhand print calibration`, the
//! two-sided test sheet for measuring a printer's scale and duplex offset.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use deckhand::print::{
    write_calibration, Backs, DeckSource, Duplex, Marks, Orientation, Paper, PdfSummary,
    PrintError, PrintOptions, PrintSelection,
};
use deckhand::{Deckhand, OutputGuard};

use super::{print_json, Result};

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct PrintArgs {
    #[command(subcommand)]
    command: Option<PrintCommand>,
    #[command(flatten)]
    deck: DeckArgs,
}

#[derive(Subcommand)]
enum PrintCommand {
    /// A two-sided test sheet: rulers to read the printer's scale (for --scale-x/-y) and
    /// scales to read its front-to-back shift (for --offset-x/-y)
    Calibration(CalibrationArgs),
}

#[derive(Args)]
struct DeckArgs {
    #[command(flatten)]
    source: super::DeckArg,
    /// Where to write the PDF (replaced only once it is complete)
    #[arg(long, value_name = "FILE", required = true)]
    out: Option<PathBuf>,
    #[command(flatten)]
    paper: PaperArgs,
    /// The space between cards, in mm
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    gap: f64,
    /// How far images extend past the cut, 0–5 mm (needs a gap of twice the bleed)
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    bleed: f64,
    /// Cutting guides: crop marks in the margins, lines along every cut, or none
    #[arg(long, value_parser = ["crop", "lines", "none"], default_value = "crop")]
    marks: String,
    /// Card backs: none, the game's generated back, or an image file (PNG or JPEG)
    #[arg(long, value_name = "none|game|FILE", default_value = "none")]
    backs: String,
    /// A folder of card images named by card id or name (PNG or JPEG; any case)
    #[arg(long, value_name = "DIR")]
    images: Option<PathBuf>,
    /// The deck sections to print, comma-separated
    #[arg(
        long,
        value_name = "SECTIONS",
        value_delimiter = ',',
        default_value = "main"
    )]
    sections: Vec<String>,
    /// Only the copies the collection lacks (as `deckhand deck need` counts them)
    #[arg(long)]
    missing: bool,
    /// Print {"pages", "cards", "bytes", "paper_mm", "card_mm"}
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct CalibrationArgs {
    /// Where to write the PDF
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    paper: PaperArgs,
}

/// The sheet and the printer's corrections: shared by decks and the calibration sheet.
#[derive(Args)]
struct PaperArgs {
    /// a4, letter, a3, or WxH in mm (e.g. 210x297)
    #[arg(long, value_name = "PAPER", default_value = "a4", value_parser = parse_paper)]
    paper: Paper,
    /// Turn the paper sideways
    #[arg(long)]
    landscape: bool,
    /// The least distance from the paper's edge, in mm
    #[arg(long, value_name = "MM", default_value_t = 5.0)]
    margin: f64,
    /// The printer's horizontal scale in percent, as measured on the calibration sheet
    #[arg(long, value_name = "PCT", default_value_t = 100.0)]
    scale_x: f64,
    /// The printer's vertical scale in percent
    #[arg(long, value_name = "PCT", default_value_t = 100.0)]
    scale_y: f64,
    /// Two-sided printing: the edge the sheet flips on
    #[arg(long, value_parser = ["long", "short"])]
    duplex: Option<String>,
    /// Move the backs right by this many mm, as seen on the back
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    offset_x: f64,
    /// Move the backs down by this many mm, as seen on the back
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    offset_y: f64,
}

fn parse_paper(text: &str) -> std::result::Result<Paper, String> {
    Paper::parse(text).map_err(|err| match err {
        PrintError::Option { message, .. } => message,
        other => other.to_string(),
    })
}

impl PaperArgs {
    fn options(&self) -> PrintOptions {
        PrintOptions {
            paper: self.paper,
            orientation: if self.landscape {
                Orientation::Landscape
            } else {
                Orientation::Portrait
            },
            margin_mm: self.margin,
            scale_x_pct: self.scale_x,
            scale_y_pct: self.scale_y,
            duplex: self.duplex.as_deref().map(|d| match d {
                "short" => Duplex::ShortEdge,
                _ => Duplex::LongEdge,
            }),
            offset_x_mm: self.offset_x,
            offset_y_mm: self.offset_y,
            ..PrintOptions::default()
        }
    }
}

impl DeckArgs {
    fn options(&self) -> PrintOptions {
        PrintOptions {
            gap_mm: self.gap,
            bleed_mm: self.bleed,
            marks: match self.marks.as_str() {
                "lines" => Marks::Lines,
                "none" => Marks::None,
                _ => Marks::Crop,
            },
            backs: match self.backs.trim() {
                "none" => Backs::None,
                "game" => Backs::Game,
                file => Backs::Image(file.to_owned()),
            },
            ..self.paper.options()
        }
    }
}

/// Runs `deckhand print …`; `open` opens the database (the calibration sheet needs none,
/// only `db`, the database's path, so as not to write over it).
pub fn run<D: std::ops::Deref<Target = Deckhand>>(
    args: PrintArgs,
    open: impl FnOnce() -> deckhand::Result<D>,
    db: impl FnOnce() -> deckhand::Result<PathBuf>,
    out: &mut impl Write,
) -> Result {
    if let Some(PrintCommand::Calibration(calibration)) = args.command {
        let options = calibration.paper.options();
        let guard = OutputGuard::for_database(&db()?);
        let bytes = write_calibration(&options, &calibration.out, &guard)?;
        writeln!(
            out,
            "Wrote {}: 2 pages ({}), {}.",
            calibration.out.display(),
            paper_text(&options),
            size_text(bytes)
        )?;
        writeln!(
            out,
            "Print both pages on one sheet, double-sided at 100 % (no \"fit to page\"), then read \
             the sheet's instructions for --scale-x/--scale-y and --offset-x/--offset-y."
        )?;
        return Ok(());
    }
    let args = args.deck;
    let deckhand = open()?;
    let source = match (&args.source.file, &args.source.deck) {
        (Some(path), _) => DeckSource::File {
            path,
            game: args.source.game.as_deref(),
        },
        (None, Some(reference)) => DeckSource::Stored(reference),
        (None, None) => unreachable!("clap requires FILE or --deck"),
    };
    let selection = PrintSelection {
        sections: args.sections.clone(),
        images: args.images.clone(),
        missing: args.missing,
    };
    let job = deckhand.print_job(source, &selection)?;
    let options = args.options();
    let Some(target) = args.out.as_deref() else {
        unreachable!("clap requires --out")
    };
    // Image decks take a while: a progress bar on a terminal once it has taken a second.
    let mut bar = None;
    let summary = job.write(&options, target, &mut |p| {
        let bar = bar
            .get_or_insert_with(|| super::progress::delayed_bar(p.images_total as u64, "images"));
        bar(p.images_done as u64);
    })?;
    if args.json {
        return print_json(out, &summary);
    }
    summary_text(&summary, &options, target, job.image_count(), out)?;
    Ok(())
}

fn summary_text(
    summary: &PdfSummary,
    options: &PrintOptions,
    target: &Path,
    with_images: usize,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    writeln!(
        out,
        "Wrote {}: {} on {}, {}.",
        target.display(),
        plural(summary.cards, "card"),
        plural(summary.pages, "page"),
        size_text(summary.bytes)
    )?;
    writeln!(
        out,
        "Paper {}; cards {} × {} mm; {} from images, {} as text proxies.",
        paper_text(options),
        mm(summary.card_mm[0]),
        mm(summary.card_mm[1]),
        with_images,
        summary.cards.saturating_sub(with_images)
    )
}

fn paper_text(options: &PrintOptions) -> String {
    let name = match options.paper {
        Paper::A4 => "A4",
        Paper::Letter => "Letter",
        Paper::A3 => "A3",
        Paper::Custom { .. } => "custom",
    };
    let (w, h) = options.paper_mm();
    format!("{name} {} × {} mm", mm(w), mm(h))
}

/// A length without a needless `.0`.
fn mm(value: f64) -> String {
    let text = format!("{value:.1}");
    text.strip_suffix(".0").unwrap_or(&text).to_owned()
}

fn size_text(bytes: u64) -> String {
    match bytes {
        0..1_000 => format!("{bytes} bytes"),
        1_000..1_000_000 => format!("{:.1} kB", bytes as f64 / 1e3),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}
