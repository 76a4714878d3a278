//! The app's card import preview: what importing a card file would do, before anything is
//! written. A spreadsheet's header comes first (columns that are neither a field nor a
//! stat need a mapping before its rows are read), then every row problem with its row and
//! column, then the cards that would be added, updated (with the fields that change) and
//! left unchanged. The import itself is `import_card_files` with the same options.

use std::path::Path;

use deckhand_core::{
    read_sheet, sheet_columns, Card, CardSet, ColumnTarget, CoreError, Game, SheetColumn,
    SheetOptions,
};
use serde::Serialize;

use crate::card_files::CardFileFormat;
use crate::{CardImportOptions, Deckhand, Error, Result};

/// At most this many added or updated cards are listed (all are counted).
pub const PREVIEW_LISTED: usize = 500;

/// What importing one card file would do.
#[derive(Debug, Clone, Default, Serialize, ts_rs::TS)]
pub struct CardImportPreview {
    /// The file's name, as shown.
    pub file: String,
    /// The game read from the file or the options (empty when not known yet).
    pub game: String,
    /// `json`, `csv` or `tsv`.
    pub format: &'static str,
    /// A spreadsheet's header cells with what each reads as (empty for JSON).
    pub columns: Vec<SheetColumn>,
    /// Some columns are neither a field nor a stat: map or ignore them, then preview again.
    /// The rows are not read until then.
    pub needs_mapping: bool,
    pub added: Vec<PreviewCard>,
    pub added_count: usize,
    pub updated: Vec<PreviewUpdate>,
    pub updated_count: usize,
    pub unchanged: usize,
    /// Every problem (at most 50, then `more_problems`): nothing can be imported while
    /// there is one.
    pub problems: Vec<PreviewProblem>,
    pub more_problems: usize,
}

/// A card the import would add.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct PreviewCard {
    /// The spreadsheet row (the header is row 1); `None` in a JSON file.
    pub row: Option<usize>,
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub card_type: String,
}

/// A card the import would change, with each field that changes.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct PreviewUpdate {
    #[serde(flatten)]
    pub card: PreviewCard,
    pub changes: Vec<FieldChange>,
}

/// One field of a card, before and after (empty text for "none").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct FieldChange {
    pub field: String,
    pub before: String,
    pub after: String,
}

/// One problem, with the row and column where there is one.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct PreviewProblem {
    pub row: Option<usize>,
    pub column: Option<usize>,
    pub header: Option<String>,
    pub message: String,
}

impl Deckhand {
    /// Reads a card file as `import_card_files` would with `options` and says what it
    /// would do; writes nothing.
    pub fn preview_card_file(
        &self,
        path: &Path,
        options: &CardImportOptions,
    ) -> Result<CardImportPreview> {
        let bytes = std::fs::read(path).map_err(|e| Error::ReadFile {
            path: path.to_owned(),
            message: e.to_string(),
        })?;
        let name = path.display().to_string();
        let format = options
            .format
            .unwrap_or_else(|| CardFileFormat::detect(path, &bytes));
        let mut preview = CardImportPreview {
            file: name.clone(),
            format: match format {
                CardFileFormat::Json => "json",
                CardFileFormat::Csv => "csv",
                CardFileFormat::Tsv => "tsv",
                CardFileFormat::Cockatrice => "cockatrice",
                CardFileFormat::Lackey => "lackey",
            },
            game: options.game.clone().unwrap_or_default(),
            ..CardImportPreview::default()
        };
        let read = if format == CardFileFormat::Json {
            // As the import reads it: UTF-16 or binary is the error it is.
            let text = crate::card_files::text_of(path, &bytes, "card-set JSON")?;
            CardSet::from_json(&name, text, &self.games).map(|set| {
                let game = set.game.clone();
                (game, set.cards.into_iter().map(|c| (None, c)).collect())
            })
        } else if format == CardFileFormat::Cockatrice {
            // XML elements are named fields already: no mapping step, the import's reading.
            // Row problems join the preview; an unreadable file is the error it is.
            match crate::card_files::read_cockatrice_sheet(&name, &bytes, &self.games, options) {
                Ok(sheet) => {
                    let cards = sheet.cards.into_iter().map(|(r, c)| (Some(r), c));
                    Ok((sheet.game, cards.collect()))
                }
                Err(Error::Invalid(error)) => Err(error),
                Err(other) => return Err(other),
            }
        } else {
            let mut sheet_options = SheetOptions {
                delimiter: format.delimiter(&bytes),
                game: options.game.clone(),
                map: options.map.clone(),
                ignore: options.ignore.clone(),
            };
            if format == CardFileFormat::Lackey {
                sheet_options.ignore.push("ImageFile".into());
            }
            match sheet_columns(&name, &bytes, &self.games, &sheet_options) {
                Ok((game, columns)) => {
                    preview.game = game;
                    preview.needs_mapping = columns
                        .iter()
                        .any(|c| matches!(c.target, ColumnTarget::Unknown { .. }));
                    preview.columns = columns;
                    if preview.needs_mapping {
                        return Ok(preview);
                    }
                    read_sheet(&name, &bytes, &self.games, &sheet_options).map(|sheet| {
                        let cards = sheet.cards.into_iter().map(|(r, c)| (Some(r), c));
                        (sheet.game, cards.collect())
                    })
                }
                Err(e) => Err(e),
            }
        };
        let (game, cards): (String, Vec<(Option<usize>, Card)>) = match read {
            Ok(read) => read,
            Err(error) => {
                preview.problems_from(error);
                return Ok(preview);
            }
        };
        preview.game = game;
        let game = self.games.get(&preview.game)?;
        let bundled = self.sample_cards.get(&self.games)?;
        let mut problems = Vec::new();
        for (row, card) in cards {
            let listed = PreviewCard {
                row,
                id: card.id.clone(),
                name: card.name.clone(),
                card_type: card.card_type.clone(),
            };
            if let Some(sample) = bundled.get(&card.id) {
                problems.push(PreviewProblem {
                    row,
                    column: None,
                    header: None,
                    message: format!(
                        "id '{}' is the bundled sample card '{}', which stays read-only (give your card another id)",
                        card.id, sample.name
                    ),
                });
                continue;
            }
            match self.store.card_by_id(&card.id)? {
                None => {
                    preview.added_count += 1;
                    if preview.added.len() < PREVIEW_LISTED {
                        preview.added.push(listed);
                    }
                }
                Some(old) if old.game != card.game => problems.push(PreviewProblem {
                    row,
                    column: None,
                    header: None,
                    message: format!(
                        "id '{}' already belongs to '{}' of {} (give the card another id)",
                        card.id, old.name, old.game
                    ),
                }),
                Some(old) if old == card => preview.unchanged += 1,
                Some(old) => {
                    preview.updated_count += 1;
                    if preview.updated.len() < PREVIEW_LISTED {
                        preview.updated.push(PreviewUpdate {
                            card: listed,
                            changes: changes(game, &old, &card),
                        });
                    }
                }
            }
        }
        let max = deckhand_core::MAX_ROW_PROBLEMS;
        preview.more_problems = problems.len().saturating_sub(max);
        problems.truncate(max);
        preview.problems = problems;
        Ok(preview)
    }
}

impl CardImportPreview {
    /// The reader's error as problems: a spreadsheet's rows one by one, anything else
    /// (malformed JSON, an unknown game) as one problem of the file.
    fn problems_from(&mut self, error: CoreError) {
        match error {
            CoreError::Rows { problems, more, .. } => {
                self.problems = problems
                    .into_iter()
                    .map(|p| PreviewProblem {
                        row: Some(p.row).filter(|r| *r > 0),
                        column: p.column.as_ref().map(|(n, _)| *n),
                        header: p.column.map(|(_, h)| h).filter(|h| !h.is_empty()),
                        message: p.message,
                    })
                    .collect();
                self.more_problems = more;
            }
            other => self.problems.push(PreviewProblem {
                row: None,
                column: None,
                header: None,
                message: other.to_string(),
            }),
        }
    }
}

/// The fields of `old` that `new` changes, labelled as the card form labels them.
fn changes(game: &Game, old: &Card, new: &Card) -> Vec<FieldChange> {
    let mut changes = Vec::new();
    let mut field = |field: &str, before: String, after: String| {
        if before != after {
            changes.push(FieldChange {
                field: field.to_owned(),
                before,
                after,
            });
        }
    };
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    field("Name", old.name.clone(), new.name.clone());
    field("Type", old.card_type.clone(), new.card_type.clone());
    field("Set", text(&old.set), text(&new.set));
    field("Number", text(&old.number), text(&new.number));
    let side = |card: &Card| card.side.map_or(String::new(), |s| s.as_str().to_owned());
    field("Side", side(old), side(new));
    field("Color", text(&old.color), text(&new.color));
    field("Subtypes", old.subtypes.join("; "), new.subtypes.join("; "));
    field("Keywords", old.keywords.join("; "), new.keywords.join("; "));
    field("Text", text(&old.text), text(&new.text));
    let mut stats: Vec<&String> = old.stats.keys().chain(new.stats.keys()).collect();
    stats.sort();
    stats.dedup();
    for stat in stats {
        let label = game
            .stats
            .get(stat)
            .map_or(stat.as_str(), |d| d.label.as_str());
        let value = |card: &Card| {
            card.stats
                .get(stat)
                .map_or(String::new(), |v| v.to_string())
        };
        field(label, value(old), value(new));
    }
    // Effects are data, not text to show: say that they change, and how many there are.
    if old.effects != new.effects || old.goldfish != new.goldfish {
        let count = |card: &Card| format!("{} effect(s)", card.effects.len());
        changes.push(FieldChange {
            field: "Effects".to_owned(),
            before: count(old),
            after: count(new),
        });
    }
    changes
}

#[cfg(test)]
#[path = "card_preview_tests.rs"]
mod tests;
