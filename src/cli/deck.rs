//! `deckhand deck …`: deck files and stored decks.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Subcommand;
use deckhand::{DeckFormat, Deckhand, Side};

use super::{print_json, text, Outcome, Result};

const FORMATS: [&str; 5] = ["text", "cockatrice", "octgn", "lackey", "json"];

/// The format named by `--format`, else implied by the file's extension, else text.
fn format_of(named: Option<&str>, path: Option<&Path>) -> DeckFormat {
    named
        .and_then(DeckFormat::parse_name)
        .or_else(|| path.and_then(|p| DeckFormat::from_path(&p.to_string_lossy())))
        .unwrap_or(DeckFormat::Text)
}

#[derive(Subcommand)]
pub enum DeckCommand {
    /// Check a deck file or a stored deck: exit 0 legal (warnings allowed), 1 illegal, 2 bad input
    Check {
        #[command(flatten)]
        source: super::DeckArg,
        /// The deck's side (default: the deck's own, else the game's rule)
        #[arg(long, value_parser = ["hero", "villain"])]
        side: Option<String>,
        /// Check against this format of the game, by id or name (default: the file's
        /// `# format:` line, else the game's own rules; `default` names those)
        #[arg(long = "as", value_name = "FORMAT")]
        as_format: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Save a deck file as a new stored deck
    Import {
        #[arg(value_name = "FILE")]
        file: PathBuf,
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// The deck's name (default: the file's `# name:` line, else the file name)
        #[arg(long, conflicts_with = "into")]
        name: Option<String>,
        /// Save the file as the next version of this stored deck instead
        #[arg(long, value_name = "NAME_OR_ID")]
        into: Option<String>,
        /// text, cockatrice (.cod), octgn (.o8d), lackey (.dek) or json (default: by extension)
        #[arg(long, value_parser = FORMATS)]
        format: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Print a stored deck as a text deck list
    Export {
        #[arg(value_name = "NAME_OR_ID")]
        deck: String,
        /// A saved version (default: the newest)
        #[arg(long)]
        version: Option<i64>,
        /// Write to this file instead of standard output
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// text, cockatrice, octgn, lackey or json (default: by the --out extension, else text)
        #[arg(long, value_parser = FORMATS)]
        format: Option<String>,
    },
    /// List stored decks
    List {
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// Include deleted decks
        #[arg(long)]
        deleted: bool,
        #[arg(long)]
        json: bool,
    },
    /// Show a stored deck
    Show {
        #[arg(value_name = "NAME_OR_ID")]
        deck: String,
        #[arg(long)]
        version: Option<i64>,
        #[arg(long)]
        json: bool,
    },
    /// List a deck's saved versions
    Versions {
        #[arg(value_name = "NAME_OR_ID")]
        deck: String,
        #[arg(long)]
        json: bool,
    },
    /// Compare two versions of a deck
    Diff {
        #[arg(value_name = "NAME_OR_ID")]
        deck: String,
        from: i64,
        to: i64,
        #[arg(long)]
        json: bool,
    },
    /// Rename a deck (saved as a new version)
    Rename {
        #[arg(value_name = "NAME_OR_ID")]
        deck: String,
        name: String,
    },
    /// Copy a deck under a new name
    Duplicate {
        #[arg(value_name = "NAME_OR_ID")]
        deck: String,
        name: String,
    },
    /// Delete a deck (recoverable with `deck restore`)
    Delete {
        #[arg(value_name = "NAME_OR_ID")]
        deck: String,
    },
    /// Restore a deleted deck
    Restore {
        #[arg(value_name = "NAME_OR_ID")]
        deck: String,
    },
    /// What a deck needs from the collection: per card needed, owned, used by other
    /// stored decks, missing
    Need {
        #[command(flatten)]
        source: super::DeckArg,
        /// Print only the missing cards: as a deck list (text) or as CSV for a store
        #[arg(long, value_parser = ["text", "csv"], conflicts_with = "json")]
        missing: Option<String>,
        /// Put the missing cards on the wishlist
        #[arg(long)]
        wishlist: bool,
        #[arg(long)]
        json: bool,
    },
    /// Stored decks the collection can build now, or that lack only a few cards
    Buildable {
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// Also list decks missing at most this many cards
        #[arg(long, default_value_t = 3, value_name = "N")]
        within: u32,
        #[arg(long)]
        json: bool,
    },
}

fn read(file: &Path) -> Result<String> {
    Ok(deckhand::read_deck_text_file(file)?)
}

pub fn run(deckhand: &mut Deckhand, command: DeckCommand, out: &mut impl Write) -> Result<Outcome> {
    match command {
        DeckCommand::Check {
            source: super::DeckArg { file, deck, game },
            side,
            as_format,
            json,
        } => {
            let side = side.as_deref().and_then(Side::parse);
            let as_format = as_format.as_deref();
            let (label, legality) = match (file, deck) {
                (Some(file), _) => {
                    let label = file.display().to_string();
                    let text = read(&file)?;
                    let format = format_of(None, Some(&file));
                    let legality = deckhand.check_deck_file(
                        format,
                        &label,
                        &text,
                        game.as_deref(),
                        side,
                        as_format,
                    )?;
                    (label, legality)
                }
                (None, Some(reference)) => {
                    let (stored, legality) = deckhand.check_stored_deck(
                        deckhand.find_deck(&reference)?,
                        side,
                        as_format,
                    )?;
                    (stored.content.name, legality)
                }
                (None, None) => unreachable!("clap requires a file or --deck"),
            };
            if json {
                print_json(out, &legality)?;
            } else {
                text::legality(&label, &legality, out)?;
            }
            return Ok(if legality.legal {
                Outcome::Done
            } else {
                Outcome::Finding
            });
        }
        DeckCommand::Import {
            file,
            game,
            name,
            into,
            format,
            json,
        } => {
            let text = read(&file)?;
            let label = file.display().to_string();
            let format = format_of(format.as_deref(), Some(&file));
            let imported = match into {
                Some(reference) => deckhand.import_deck_version(
                    deckhand.find_deck(&reference)?,
                    format,
                    &label,
                    &text,
                )?,
                None => {
                    deckhand.import_deck(format, &label, &text, game.as_deref(), name.as_deref())?
                }
            };
            if json {
                print_json(out, &imported)?;
            } else {
                let stored = &imported.deck;
                writeln!(
                    out,
                    "saved deck {} '{}' ({}), version {}",
                    stored.id, stored.content.name, stored.content.game, stored.version
                )?;
                text::deck_import_report(out, &imported.report)?;
            }
        }
        DeckCommand::Export {
            deck,
            version,
            out: file,
            format,
        } => {
            let format = format_of(format.as_deref(), file.as_deref());
            let id = deckhand.find_deck(&deck)?;
            match file {
                Some(path) => deckhand.export_deck_file(id, version, format, &path)?,
                None => out.write_all(deckhand.export_deck(id, version, format)?.as_bytes())?,
            }
        }
        DeckCommand::List {
            game,
            deleted,
            json,
        } => {
            let decks = deckhand.list_decks(game.as_deref(), deleted)?;
            if json {
                print_json(out, &decks)?;
            } else {
                for d in &decks {
                    let gone = if d.deleted { " (deleted)" } else { "" };
                    writeln!(
                        out,
                        "{:>4}  {:<16} {:>3} cards  v{}  {}{gone}",
                        d.id, d.game, d.card_count, d.version, d.name
                    )?;
                }
                writeln!(
                    out,
                    "{} deck{}",
                    decks.len(),
                    if decks.len() == 1 { "" } else { "s" }
                )?;
            }
        }
        DeckCommand::Show {
            deck,
            version,
            json,
        } => {
            let (stored, _) = deckhand.load_deck(deckhand.find_deck(&deck)?, version)?;
            if json {
                print_json(out, &stored)?;
            } else {
                writeln!(
                    out,
                    "# deck {} version {} saved {}",
                    stored.id, stored.version, stored.saved_at
                )?;
                out.write_all(
                    deckhand
                        .export_deck(stored.id, Some(stored.version), DeckFormat::Text)?
                        .as_bytes(),
                )?;
            }
        }
        DeckCommand::Versions { deck, json } => {
            let versions = deckhand.deck_versions(deckhand.find_deck(&deck)?)?;
            if json {
                print_json(out, &versions)?;
            } else {
                for v in &versions {
                    writeln!(
                        out,
                        "v{:<3} {}  {:>3} cards  {}",
                        v.version, v.saved_at, v.card_count, v.name
                    )?;
                }
            }
        }
        DeckCommand::Diff {
            deck,
            from,
            to,
            json,
        } => {
            let diff = deckhand.diff_deck(deckhand.find_deck(&deck)?, from, to)?;
            if json {
                print_json(out, &diff)?;
            } else {
                writeln!(
                    out,
                    "v{from} → v{to}: {} added, {} removed, {} changed",
                    diff.added, diff.removed, diff.changed
                )?;
                for line in &diff.lines {
                    let sign = match (line.from, line.to) {
                        (0, _) => '+',
                        (_, 0) => '-',
                        _ => '~',
                    };
                    writeln!(
                        out,
                        "{sign} {} {} → {}  [{}]",
                        line.name, line.from, line.to, line.section
                    )?;
                }
            }
        }
        DeckCommand::Rename { deck, name } => {
            let stored = deckhand.rename_deck(deckhand.find_deck(&deck)?, &name)?;
            writeln!(
                out,
                "renamed deck {} to '{}' (version {})",
                stored.id, stored.content.name, stored.version
            )?;
        }
        DeckCommand::Duplicate { deck, name } => {
            let stored = deckhand.duplicate_deck(deckhand.find_deck(&deck)?, &name)?;
            writeln!(out, "saved deck {} '{}'", stored.id, stored.content.name)?;
        }
        DeckCommand::Delete { deck } => {
            let id = deckhand.find_deck(&deck)?;
            deckhand.set_deck_deleted(id, true)?;
            writeln!(
                out,
                "deleted deck {id} (restore it with `deckhand deck restore {id}`)"
            )?;
        }
        DeckCommand::Restore { deck } => {
            let id = deckhand.find_deck(&deck)?;
            deckhand.set_deck_deleted(id, false)?;
            writeln!(out, "restored deck {id}")?;
        }
        DeckCommand::Need {
            source: super::DeckArg { file, deck, game },
            missing,
            wishlist,
            json,
        } => {
            use super::collection::NeedOutput;
            let output = match (json, missing.as_deref()) {
                (true, _) => NeedOutput::Json,
                (_, Some("csv")) => NeedOutput::MissingCsv,
                (_, Some(_)) => NeedOutput::MissingText,
                _ => NeedOutput::Table,
            };
            super::collection::need(
                deckhand,
                file.as_deref(),
                deck.as_deref(),
                game.as_deref(),
                output,
                wishlist,
                out,
            )?;
        }
        DeckCommand::Buildable { game, within, json } => {
            super::collection::buildable(deckhand, game.as_deref(), within, json, out)?
        }
    }
    Ok(Outcome::Done)
}
