//! The core's one error type.

use std::fmt;

use crate::quote::{clip, escape_controls};

/// Where in a source a problem sits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A path into a JSON or TOML document, such as `cards[12].stats.power`.
    Path(String),
    /// A 1-based line and column, for syntax errors.
    LineColumn { line: usize, column: usize },
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Path(path) => f.write_str(path),
            Location::LineColumn { line, column } => write!(f, "{line}:{column}"),
        }
    }
}

/// Everything the core can reject. Each message is one line that names the source.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoreError {
    /// A game definition (`data/games/<id>.toml`) is malformed or inconsistent.
    #[error("{}", one_line_error(.source_name, .location, .message))]
    GameDefinition {
        source_name: String,
        location: Location,
        message: String,
    },
    /// A card-set file is malformed or does not fit its game.
    #[error("{}", one_line_error(.source_name, .location, .message))]
    CardSet {
        source_name: String,
        location: Location,
        message: String,
    },
    /// A card spreadsheet with problems: each with its row and column, the first
    /// [`MAX_ROW_PROBLEMS`] listed (one per line) and the rest counted.
    #[error("{}", rows(source_name, problems, *more))]
    Rows {
        source_name: String,
        problems: Vec<RowProblem>,
        more: usize,
    },
    /// A game id that no definition declares.
    #[error("unknown game '{}' (known: {known})", crate::clip(id))]
    UnknownGame { id: String, known: String },
    /// A format the game does not declare (`--as`, a deck file's `# format:`).
    #[error(
        "{game} has no format '{}' (its formats: {known})",
        crate::clip(format)
    )]
    UnknownFormat {
        game: String,
        format: String,
        known: String,
    },
}

/// How many row problems an error lists before it only counts the rest.
pub const MAX_ROW_PROBLEMS: usize = 50;

/// One problem of a spreadsheet row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowProblem {
    /// 1-based, the header being row 1; 0 for the file as a whole.
    pub row: usize,
    /// 1-based column number and its header, where one cell is at fault.
    pub column: Option<(usize, String)>,
    pub message: String,
}

/// One line, whatever a file put in its header cell or the message quotes: control
/// characters are escaped ([`escape_controls`]).
impl fmt::Display for RowProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.row > 0 {
            write!(f, "row {}", self.row)?;
            match &self.column {
                Some((n, name)) if !name.is_empty() => write!(f, ", column {n} ({})", clip(name))?,
                Some((n, _)) => write!(f, ", column {n}")?,
                None => {}
            }
            f.write_str(": ")?;
        }
        f.write_str(&escape_controls(&self.message))
    }
}

/// `source: location: message`, each part escaped ([`escape_controls`]): a file's name,
/// a key in it or a value quoted in the message cannot add a line to the error.
fn one_line_error(source_name: &str, location: &Location, message: &str) -> String {
    format!(
        "{}: {}: {}",
        escape_controls(source_name),
        escape_controls(&location.to_string()),
        escape_controls(message)
    )
}

fn rows(source_name: &str, problems: &[RowProblem], more: usize) -> String {
    let source_name = escape_controls(source_name);
    let mut lines: Vec<String> = problems
        .iter()
        .map(|p| format!("{source_name}: {p}"))
        .collect();
    if more > 0 {
        lines.push(format!("{source_name}: and {more} more"));
    }
    lines.join("\n")
}

/// Converts a byte offset into a 1-based line and column (columns count characters).
pub(crate) fn line_column(text: &str, offset: usize) -> Location {
    let offset = offset.min(text.len());
    let before = &text[..text.floor_char_boundary_compat(offset)];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Location::LineColumn { line, column }
}

trait FloorCharBoundary {
    fn floor_char_boundary_compat(&self, index: usize) -> usize;
}

impl FloorCharBoundary for str {
    fn floor_char_boundary_compat(&self, mut index: usize) -> usize {
        while index > 0 && !self.is_char_boundary(index) {
            index -= 1;
        }
        index
    }
}
