//! `deckhand collection …`, `deckhand deck need|buildable`, `deckhand backup|restore`:
//! the collection, decks against it, and backups.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use deckhand::{
    CollectionImportOptions, CollectionRow, Condition, CopySpec, CsvFormat, DeckFormat, DeckNeed,
    Deckhand, Finish,
};
use serde::Serialize;

use super::{print_json, Result};

fn condition(text: &str) -> std::result::Result<Condition, String> {
    deckhand::parse_condition(text).ok_or_else(|| {
        format!(
            "unknown condition '{text}' (mint, near_mint, lightly_played, moderately_played, \
             heavily_played, damaged, or nm, lp, mp, hp, dmg)"
        )
    })
}

fn count(text: &str) -> std::result::Result<u32, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if n < 0 => Err(format!("the count must not be negative, found {n}")),
        Ok(n) => u32::try_from(n).map_err(|_| format!("the count {n} is too large")),
        Err(_) => Err(format!("the count is not a whole number: '{text}'")),
    }
}

/// Which copies: the flags shared by add, remove and set.
#[derive(Args)]
pub struct CopyArgs {
    /// Look the card up in this game only
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    /// Foil copies (default: normal)
    #[arg(long)]
    foil: bool,
    /// mint, near_mint, lightly_played, moderately_played, heavily_played or damaged (nm, lp, …)
    #[arg(long, value_parser = condition)]
    condition: Option<Condition>,
    /// A language, such as en or German
    #[arg(long)]
    language: Option<String>,
    /// Where the copies are: a binder or box name
    #[arg(long)]
    location: Option<String>,
    /// A note on the row (replaces the old one)
    #[arg(long)]
    note: Option<String>,
}

impl CopyArgs {
    fn spec(&self) -> CopySpec {
        CopySpec {
            finish: self.foil.then_some(Finish::Foil),
            condition: self.condition,
            language: self.language.clone(),
            location: self.location.clone(),
            note: self.note.clone(),
        }
    }
}

#[derive(Subcommand)]
pub enum CollectionCommand {
    /// Add copies of a card (by name or id)
    Add {
        #[arg(value_name = "NAME_OR_ID")]
        card: String,
        #[arg(long, default_value = "1", value_parser = count, value_name = "N", allow_hyphen_values = true)]
        count: u32,
        #[command(flatten)]
        copy: CopyArgs,
    },
    /// Remove copies of a card
    Remove {
        #[arg(value_name = "NAME_OR_ID")]
        card: String,
        #[arg(long, default_value = "1", value_parser = count, value_name = "N", allow_hyphen_values = true)]
        count: u32,
        #[command(flatten)]
        copy: CopyArgs,
    },
    /// Set how many copies of a card you own (0 removes the row)
    Set {
        #[arg(value_name = "NAME_OR_ID")]
        card: String,
        #[arg(long, value_parser = count, value_name = "N", allow_hyphen_values = true)]
        count: u32,
        #[command(flatten)]
        copy: CopyArgs,
    },
    /// List the collection
    List {
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// Only cards this search query matches (see docs/search.md)
        #[arg(long, value_name = "QUERY")]
        query: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Add the copies in a CSV file (Deckhand, Moxfield, Dragon Shield or count,name)
    Import {
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Look cards up in this game only
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// Import the known cards and write the other lines to FILE.skipped.csv
        #[arg(long)]
        skip_unknown: bool,
        /// Show what would change and write nothing
        #[arg(long)]
        dry_run: bool,
        #[arg(long)]
        json: bool,
    },
    /// Write the collection as CSV
    Export {
        /// deckhand, moxfield, dragon-shield or plain
        #[arg(long, default_value = "deckhand", value_parser = CsvFormat::NAMES)]
        format: String,
        /// Write to this file instead of standard output
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
    },
    /// Undo the last change or import (once)
    Undo,
    /// Set completion: owned distinct cards out of each set's cards
    Sets {
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// List the wishlist, or write it as a shopping list
    Wishlist {
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        #[arg(long, conflicts_with = "export")]
        json: bool,
        /// Write it as a list: text (`2 Name` per line) or csv (Deckhand's columns)
        #[arg(long, value_name = "FORMAT", value_parser = ["text", "csv"])]
        export: Option<String>,
        /// Write the list to this file instead of standard output
        #[arg(long, value_name = "FILE", requires = "export")]
        out: Option<PathBuf>,
    },
    /// Set how many copies of a card you want (0 takes it off the wishlist)
    Wish {
        #[arg(value_name = "NAME_OR_ID")]
        card: String,
        #[arg(long, default_value = "1", value_parser = count, value_name = "N", allow_hyphen_values = true)]
        count: u32,
        /// Look the card up in this game only
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// A note kept on the row ("the foil one"), one line of at most 200 characters
        #[arg(long, value_name = "TEXT")]
        note: Option<String>,
        #[arg(long)]
        json: bool,
    },
}

/// A collection row as `collection list --json` prints it.
#[derive(Serialize)]
struct ListedRow<'a> {
    card: &'a str,
    name: &'a str,
    game: &'a str,
    count: u32,
    finish: Finish,
    condition: Option<Condition>,
    language: Option<&'a str>,
    location: Option<&'a str>,
}

fn stated(text: &str) -> Option<&str> {
    Some(text).filter(|t| !t.is_empty())
}

fn listed(row: &CollectionRow) -> ListedRow<'_> {
    ListedRow {
        card: &row.key.card,
        name: &row.name,
        game: &row.game,
        count: row.count,
        finish: row.key.finish,
        condition: row.key.condition,
        language: stated(&row.key.language),
        location: stated(&row.key.location),
    }
}

pub fn run(deckhand: &mut Deckhand, command: CollectionCommand, out: &mut impl Write) -> Result {
    match command {
        CollectionCommand::Add { card, count, copy } => {
            let done = deckhand.collection_add(&card, copy.game.as_deref(), count, &copy.spec())?;
            writeln!(
                out,
                "added {count} {} ({}): {} in this row, {} in all",
                done.name, done.card, done.count, done.total
            )?;
        }
        CollectionCommand::Remove { card, count, copy } => {
            let done =
                deckhand.collection_remove(&card, copy.game.as_deref(), count, &copy.spec())?;
            writeln!(
                out,
                "removed {count} {} ({}): {} in this row, {} in all",
                done.name, done.card, done.count, done.total
            )?;
        }
        CollectionCommand::Set { card, count, copy } => {
            let done = deckhand.collection_set(&card, copy.game.as_deref(), count, &copy.spec())?;
            writeln!(
                out,
                "{} ({}): {} in this row, {} in all",
                done.name, done.card, done.count, done.total
            )?;
        }
        CollectionCommand::List { game, query, json } => {
            let rows = deckhand.collection(game.as_deref(), query.as_deref())?;
            if json {
                return print_json(out, &rows.iter().map(listed).collect::<Vec<_>>());
            }
            for row in &rows {
                let mut extra = Vec::new();
                if row.key.finish == Finish::Foil {
                    extra.push("foil".to_owned());
                }
                if let Some(c) = row.key.condition {
                    extra.push(c.as_str().to_owned());
                }
                extra.extend(stated(&row.key.language).map(str::to_owned));
                extra.extend(stated(&row.key.location).map(|l| format!("in {l}")));
                writeln!(
                    out,
                    "{:>4}  {:<16} {:<10} {}{}",
                    row.count,
                    row.game,
                    row.key.card,
                    row.name,
                    if extra.is_empty() {
                        String::new()
                    } else {
                        format!("  [{}]", extra.join(", "))
                    }
                )?;
            }
            let copies: u64 = rows.iter().map(|r| u64::from(r.count)).sum();
            writeln!(out, "{copies} copies in {} rows", rows.len())?;
        }
        CollectionCommand::Import {
            file,
            game,
            skip_unknown,
            dry_run,
            json,
        } => {
            let report = deckhand.import_collection_path(
                &file,
                &CollectionImportOptions {
                    game: game.as_deref(),
                    skip_unknown,
                    dry_run,
                },
                &mut super::progress::import_sink(json),
            )?;
            if json {
                return print_json(out, &report);
            }
            writeln!(
                out,
                "{} {} lines ({} format), {} copies: {} new rows, {} changed",
                if dry_run { "would import" } else { "imported" },
                report.lines,
                report.format.name(),
                report.copies,
                report.change.new_rows,
                report.change.changed_rows,
            )?;
            if !report.skipped.is_empty() {
                writeln!(out, "skipped {} lines:", report.skipped.len())?;
                for s in &report.skipped {
                    writeln!(out, "  line {} '{}': {}", s.line, s.name, s.reason)?;
                }
                if let Some(path) = &report.skipped_file {
                    writeln!(out, "the skipped lines are in {}", path.display())?;
                }
            }
        }
        CollectionCommand::Export {
            format,
            out: file,
            game,
        } => {
            let format = CsvFormat::parse_name(&format).unwrap_or(CsvFormat::Deckhand);
            match file {
                Some(path) => deckhand.export_collection_file(format, game.as_deref(), &path)?,
                None => {
                    let text = deckhand.export_collection_csv(format, game.as_deref())?;
                    out.write_all(text.as_bytes())?
                }
            }
        }
        CollectionCommand::Undo => {
            let undone = deckhand.collection_undo()?;
            writeln!(
                out,
                "undid '{}' ({}): {} rows put back",
                undone.label, undone.made_at, undone.rows
            )?;
        }
        CollectionCommand::Sets { game, json } => {
            let sets = deckhand.set_completion(game.as_deref())?;
            if json {
                return print_json(out, &sets);
            }
            for s in &sets {
                let percent = if s.total == 0 {
                    0.0
                } else {
                    100.0 * f64::from(s.owned) / f64::from(s.total)
                };
                writeln!(
                    out,
                    "{:<16} {:<6} {:>4}/{:<4} {percent:>5.1}%  {}",
                    s.game, s.set, s.owned, s.total, s.set_name
                )?;
            }
        }
        CollectionCommand::Wishlist {
            game,
            json,
            export,
            out: file,
        } => {
            if let Some(format) = export {
                let csv = format == "csv";
                return match file {
                    Some(path) => Ok(deckhand.export_wishlist_file(game.as_deref(), csv, &path)?),
                    None => {
                        let text = deckhand.wishlist_list(game.as_deref(), csv)?;
                        Ok(out.write_all(text.as_bytes())?)
                    }
                };
            }
            let rows = deckhand.wishlist(game.as_deref())?;
            if json {
                return print_json(out, &rows);
            }
            for row in &rows {
                let note = if row.note.is_empty() {
                    String::new()
                } else {
                    format!("  ({})", row.note)
                };
                writeln!(out, "{:>4}  {:<16} {}{note}", row.count, row.game, row.name)?;
            }
        }
        CollectionCommand::Wish {
            card,
            count,
            game,
            note,
            json,
        } => {
            let done = match note {
                Some(note) => deckhand.wish_noted(&card, game.as_deref(), count, &note)?,
                None => deckhand.wish(&card, game.as_deref(), count)?,
            };
            if json {
                return print_json(out, &done);
            }
            if done.count == 0 {
                writeln!(out, "{} ({}) is off the wishlist", done.name, done.card)?;
            } else {
                writeln!(out, "wished {} {} ({})", done.count, done.name, done.card)?;
            }
        }
    }
    Ok(())
}

/// `deck need` as JSON: exactly `{"lines": [{card, needed, owned, used_elsewhere,
/// missing}], "missing"}`.
#[derive(Serialize)]
struct NeedJson<'a> {
    lines: Vec<NeedLineJson<'a>>,
    missing: u32,
}

#[derive(Serialize)]
struct NeedLineJson<'a> {
    card: &'a str,
    needed: u32,
    owned: u32,
    used_elsewhere: u32,
    missing: u32,
}

/// What `deck need` prints besides the table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum NeedOutput {
    Table,
    Json,
    MissingText,
    MissingCsv,
}

/// `deckhand deck need (FILE | --deck X)`.
pub fn need(
    deckhand: &mut Deckhand,
    file: Option<&Path>,
    deck: Option<&str>,
    game: Option<&str>,
    output: NeedOutput,
    wishlist: bool,
    out: &mut impl Write,
) -> Result {
    let (label, need) = match (file, deck) {
        (Some(file), _) => {
            let text = deckhand::read_deck_text_file(file)?;
            let label = file.display().to_string();
            let format = DeckFormat::from_path(&label).unwrap_or(DeckFormat::Text);
            let (resolved, _) = deckhand.read_deck(format, &label, &text, game, None)?;
            (label, deckhand.deck_need(&resolved, None)?)
        }
        (None, Some(reference)) => {
            let id = deckhand.find_deck(reference)?;
            let name = deckhand.deck_content(id, None)?.name;
            (name, deckhand.stored_deck_need(id)?)
        }
        (None, None) => unreachable!("clap requires a file or --deck"),
    };
    if wishlist {
        let report = deckhand.wish_missing(&need, &label)?;
        if output == NeedOutput::Table {
            writeln!(
                out,
                "wishlist: {} copies added (undo with `deckhand collection undo`)",
                report.wishlist_delta
            )?;
            return Ok(());
        }
    }
    match output {
        NeedOutput::Json => print_json(
            out,
            &NeedJson {
                lines: need
                    .lines
                    .iter()
                    .map(|l| NeedLineJson {
                        card: &l.card,
                        needed: l.needed,
                        owned: l.owned,
                        used_elsewhere: l.used_elsewhere,
                        missing: l.missing,
                    })
                    .collect(),
                missing: need.missing,
            },
        )?,
        NeedOutput::MissingText => {
            out.write_all(deckhand.missing_cards_list(&need, false)?.as_bytes())?
        }
        NeedOutput::MissingCsv => {
            out.write_all(deckhand.missing_cards_list(&need, true)?.as_bytes())?
        }
        NeedOutput::Table => need_table(&label, &need, out)?,
    }
    Ok(())
}

fn need_table(label: &str, need: &DeckNeed, out: &mut impl Write) -> Result {
    writeln!(out, "{label}: need / own / used by other decks / missing")?;
    for l in &need.lines {
        writeln!(
            out,
            "{:>4} {:>5} {:>6} {:>8}  {}",
            l.needed, l.owned, l.used_elsewhere, l.missing, l.name
        )?;
    }
    writeln!(
        out,
        "missing {} card{} for this deck; {} to keep every stored deck of the game built",
        need.missing,
        if need.missing == 1 { "" } else { "s" },
        need.missing_with_other_decks
    )?;
    Ok(())
}

/// `deckhand deck buildable`.
pub fn buildable(
    deckhand: &Deckhand,
    game: Option<&str>,
    within: u32,
    json: bool,
    out: &mut impl Write,
) -> Result {
    let decks = deckhand.buildable_decks(game, within)?;
    if json {
        return print_json(out, &decks);
    }
    for deck in &decks {
        if deck.missing == 0 {
            writeln!(
                out,
                "buildable now: {} ({}, deck {})",
                deck.name, deck.game, deck.id
            )?;
            continue;
        }
        let cards: Vec<String> = deck
            .cards
            .iter()
            .map(|c| format!("{} {}", c.count, c.name))
            .collect();
        writeln!(
            out,
            "{} away: {} ({}, deck {}): {}",
            deck.missing,
            deck.name,
            deck.game,
            deck.id,
            cards.join(", ")
        )?;
    }
    if decks.is_empty() {
        writeln!(
            out,
            "no stored deck is within {within} cards of the collection"
        )?;
    }
    Ok(())
}

/// `deckhand backup [--out FILE]`.
pub fn backup(deckhand: &Deckhand, file: Option<&Path>, out: &mut impl Write) -> Result {
    let path = deckhand.backup(file)?;
    writeln!(out, "backed up to {}", path.display())?;
    Ok(())
}

/// `deckhand restore FILE`.
pub fn restore(deckhand: &mut Deckhand, file: &Path, out: &mut impl Write) -> Result {
    let info = deckhand.restore(file)?;
    writeln!(
        out,
        "restored {} (schema {}: {} cards, {} decks, {} collection rows); the replaced \
         database was kept in the backups folder",
        file.display(),
        info.schema_version,
        info.cards,
        info.decks,
        info.collection_rows
    )?;
    Ok(())
}
