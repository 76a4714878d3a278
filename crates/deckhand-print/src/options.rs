//! What the user chooses about the paper: size, orientation, spacing, bleed, marks,
//! printer corrections and backs. Every value is validated by [`PrintOptions::validate`],
//! whose errors name the option as the CLI spells it.

use serde::{Deserialize, Serialize};

use crate::error::PrintError;

/// Largest bleed accepted, in millimetres.
pub const MAX_BLEED_MM: f64 = 5.0;

/// A sheet of paper, described in portrait (width ≤ height for the named sizes).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Paper {
    A4,
    Letter,
    A3,
    /// Any other size, as given (`210x297`).
    Custom {
        width_mm: f64,
        height_mm: f64,
    },
}

impl Paper {
    /// Reads `a4`, `letter`, `a3` or `WxH` in millimetres (`200x300`, `200.5X300`).
    pub fn parse(text: &str) -> Result<Paper, PrintError> {
        let text = text.trim().to_ascii_lowercase();
        match text.as_str() {
            "a4" => return Ok(Paper::A4),
            "letter" => return Ok(Paper::Letter),
            "a3" => return Ok(Paper::A3),
            _ => {}
        }
        let unknown = || {
            PrintError::option(
                "paper",
                format!("unknown paper '{text}' (use a4, letter, a3 or WxH in mm, e.g. 210x297)"),
            )
        };
        let (w, h) = text.split_once('x').ok_or_else(unknown)?;
        let width_mm: f64 = w.trim().parse().map_err(|_| unknown())?;
        let height_mm: f64 = h.trim().parse().map_err(|_| unknown())?;
        Ok(Paper::Custom {
            width_mm,
            height_mm,
        })
    }

    /// Width and height in millimetres, as named (before orientation).
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A3 => (297.0, 420.0),
            Paper::Custom {
                width_mm,
                height_mm,
            } => (width_mm, height_mm),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    #[default]
    Portrait,
    Landscape,
}

/// Guides for cutting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Marks {
    /// Short marks in the margin around the block of cards, one per cut; never on a card.
    #[default]
    Crop,
    /// Thin lines along every cut across the whole sheet, drawn beneath the cards, so they
    /// show in the margins and gaps only.
    Lines,
    None,
}

/// How the printer turns the sheet for the second side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Duplex {
    /// Flip about the paper's long edge (the usual default; a book's pages).
    LongEdge,
    /// Flip about the paper's short edge (a notepad's pages).
    ShortEdge,
}

/// What goes on the back of each card.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Backs {
    #[default]
    None,
    /// A back generated from the game definition (its name and colours).
    Game,
    /// The user's image, by the id the caller's image source knows it by.
    Image(String),
}

/// Everything about the paper. `Default` is the CLI's defaults: A4 portrait, 5 mm margins,
/// no gap, no bleed, crop marks, no scale correction, no backs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct PrintOptions {
    pub paper: Paper,
    pub orientation: Orientation,
    /// The least distance from the paper's edge to any card's bleed.
    pub margin_mm: f64,
    /// The space between neighbouring cards' trim edges.
    pub gap_mm: f64,
    /// How far card art extends past the cut line, 0–5 mm. Neighbouring bleeds may not
    /// overlap, so the gap must be at least twice the bleed.
    pub bleed_mm: f64,
    pub marks: Marks,
    /// The printer's own scale along x, in percent, as read from the calibration page: a
    /// printer that prints the 100 mm ruler 100.4 mm long is 100.4, and the PDF is drawn at
    /// 100 / 100.4 of true size so the paper comes out true.
    pub scale_x_pct: f64,
    pub scale_y_pct: f64,
    pub backs: Backs,
    /// How the sheet flips. Backs without a duplex mode are laid out for long-edge flipping.
    pub duplex: Option<Duplex>,
    /// Moves every back page's content this far right, as seen looking at the back.
    pub offset_x_mm: f64,
    /// Moves every back page's content this far down, as seen looking at the back.
    pub offset_y_mm: f64,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            paper: Paper::A4,
            orientation: Orientation::Portrait,
            margin_mm: 5.0,
            gap_mm: 0.0,
            bleed_mm: 0.0,
            marks: Marks::Crop,
            scale_x_pct: 100.0,
            scale_y_pct: 100.0,
            backs: Backs::None,
            duplex: None,
            offset_x_mm: 0.0,
            offset_y_mm: 0.0,
        }
    }
}

impl PrintOptions {
    /// The sheet's width and height in millimetres after orientation.
    pub fn paper_mm(&self) -> (f64, f64) {
        let (w, h) = self.paper.size_mm();
        let (short, long) = (w.min(h), w.max(h));
        match self.orientation {
            Orientation::Portrait => (short, long),
            Orientation::Landscape => (long, short),
        }
    }

    /// The flip used for back pages: the chosen one, else long edge.
    pub fn flip(&self) -> Duplex {
        self.duplex.unwrap_or(Duplex::LongEdge)
    }

    /// Checks every value; the first problem found is returned, naming its option.
    pub fn validate(&self) -> Result<(), PrintError> {
        let (w, h) = self.paper.size_mm();
        if !(50.0..=2000.0).contains(&w) || !(50.0..=2000.0).contains(&h) {
            return Err(PrintError::option(
                "paper",
                format!("{w} × {h} mm is not a paper size (each side 50–2000 mm)"),
            ));
        }
        let (pw, ph) = self.paper_mm();
        let half = pw.min(ph) / 2.0;
        in_range("margin", self.margin_mm, 0.0, half - 10.0, "mm")?;
        in_range("gap", self.gap_mm, 0.0, 50.0, "mm")?;
        in_range("bleed", self.bleed_mm, 0.0, MAX_BLEED_MM, "mm")?;
        if self.bleed_mm * 2.0 > self.gap_mm + 1e-9 {
            return Err(PrintError::option(
                "bleed",
                format!(
                    "a {b} mm bleed needs a gap of at least {g} mm between cards so that \
                     neighbours' bleeds do not overlap (gap is {gap} mm)",
                    b = fmt_mm(self.bleed_mm),
                    g = fmt_mm(self.bleed_mm * 2.0),
                    gap = fmt_mm(self.gap_mm),
                ),
            ));
        }
        in_range("scale-x", self.scale_x_pct, 50.0, 200.0, "%")?;
        in_range("scale-y", self.scale_y_pct, 50.0, 200.0, "%")?;
        in_range("offset-x", self.offset_x_mm, -30.0, 30.0, "mm")?;
        in_range("offset-y", self.offset_y_mm, -30.0, 30.0, "mm")?;
        if let Backs::Image(id) = &self.backs {
            if id.trim().is_empty() {
                return Err(PrintError::option("backs", "the back image has no name"));
            }
        }
        Ok(())
    }
}

fn in_range(
    option: &'static str,
    value: f64,
    min: f64,
    max: f64,
    unit: &str,
) -> Result<(), PrintError> {
    if value.is_finite() && value >= min && value <= max {
        Ok(())
    } else {
        Err(PrintError::option(
            option,
            format!(
                "{} {unit} is out of range ({} to {} {unit})",
                fmt_mm(value),
                fmt_mm(min),
                fmt_mm(max)
            ),
        ))
    }
}

/// A number for messages: no trailing `.0`, at most two decimals.
pub(crate) fn fmt_mm(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_names_and_sizes_parse() {
        let cases = [
            ("a4", Paper::A4),
            ("Letter", Paper::Letter),
            (" A3 ", Paper::A3),
            (
                "200x300",
                Paper::Custom {
                    width_mm: 200.0,
                    height_mm: 300.0,
                },
            ),
            (
                "100.5X150",
                Paper::Custom {
                    width_mm: 100.5,
                    height_mm: 150.0,
                },
            ),
        ];
        for (text, paper) in cases {
            assert_eq!(Paper::parse(text).unwrap(), paper, "{text}");
        }
    }

    #[test]
    fn an_unknown_paper_names_the_paper_option() {
        for text in ["a5x", "legal", "x300", "200x"] {
            let err = Paper::parse(text).unwrap_err().to_string();
            assert!(err.starts_with("paper: unknown paper"), "{text}: {err}");
        }
    }

    #[test]
    fn landscape_swaps_the_sides() {
        let options = PrintOptions {
            orientation: Orientation::Landscape,
            ..PrintOptions::default()
        };
        assert_eq!(options.paper_mm(), (297.0, 210.0));
    }

    #[test]
    fn bad_values_name_their_option() {
        type Change = fn(&mut PrintOptions);
        let cases: [(&str, Change); 9] = [
            ("bleed", |o| o.bleed_mm = 6.0),
            ("bleed", |o| {
                o.bleed_mm = 3.0;
                o.gap_mm = 5.0
            }),
            ("gap", |o| o.gap_mm = -1.0),
            ("margin", |o| o.margin_mm = f64::NAN),
            ("scale-x", |o| o.scale_x_pct = 0.0),
            ("scale-y", |o| o.scale_y_pct = 300.0),
            ("offset-x", |o| o.offset_x_mm = 40.0),
            ("paper", |o| {
                o.paper = Paper::Custom {
                    width_mm: 10.0,
                    height_mm: 300.0,
                }
            }),
            ("backs", |o| o.backs = Backs::Image(" ".into())),
        ];
        for (option, change) in cases {
            let mut options = PrintOptions::default();
            change(&mut options);
            match options.validate() {
                Err(PrintError::Option { option: named, .. }) => assert_eq!(named, option),
                other => panic!("{option}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_bleed_that_the_gap_holds_is_accepted() {
        let options = PrintOptions {
            bleed_mm: 3.0,
            gap_mm: 6.0,
            ..PrintOptions::default()
        };
        assert!(options.validate().is_ok());
        let err = PrintOptions {
            gap_mm: 5.0,
            ..options
        }
        .validate()
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "bleed: a 3 mm bleed needs a gap of at least 6 mm between cards so that \
             neighbours' bleeds do not overlap (gap is 5 mm)"
        );
    }
}
