//! `deckhand cards export` and `deckhand pack export|import`: sharing a set.

use std::io::Write;
use std::path::PathBuf;

use clap::Subcommand;
use deckhand::{CardExportFormat, Deckhand};

use super::{print_json, progress, Result};

#[derive(Subcommand)]
pub enum CardsCommand {
    /// Write a game's cards (or one set's) as card-set JSON or a CSV spreadsheet that
    /// `deckhand import` reads back to the same cards
    Export {
        #[arg(long, value_name = "GAME")]
        game: String,
        /// Only this set's cards (its code)
        #[arg(long, value_name = "SET")]
        set: Option<String>,
        #[arg(long, default_value = "json", value_parser = ["json", "csv"])]
        format: String,
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub enum PackCommand {
    /// Write a game's cards (or one set's) with their images to one .zip
    Export {
        #[arg(long, value_name = "GAME")]
        game: String,
        #[arg(long, value_name = "SET")]
        set: Option<String>,
        #[arg(long, value_name = "FILE.zip")]
        out: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Import a card pack (cards and images), all or nothing
    Import {
        #[arg(value_name = "FILE.zip")]
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

pub fn cards(deckhand: &Deckhand, command: CardsCommand, out: &mut impl Write) -> Result {
    let CardsCommand::Export {
        game,
        set,
        format,
        out: file,
        json,
    } = command;
    let format = match format.as_str() {
        "csv" => CardExportFormat::Csv,
        _ => CardExportFormat::Json,
    };
    let export = deckhand.export_cards(&game, set.as_deref(), format, &file)?;
    if json {
        return print_json(out, &export);
    }
    writeln!(
        out,
        "{} cards of {} written to {}",
        export.cards, export.game, export.path
    )?;
    Ok(())
}

pub fn pack(deckhand: &mut Deckhand, command: PackCommand, out: &mut impl Write) -> Result {
    match command {
        PackCommand::Export {
            game,
            set,
            out: file,
            json,
        } => {
            let export = deckhand.export_pack(&game, set.as_deref(), &file)?;
            if json {
                return print_json(out, &export);
            }
            writeln!(
                out,
                "{} of {} and {} written to {}",
                counted(export.cards, "card"),
                export.game,
                counted(export.images, "image"),
                export.path
            )?;
        }
        PackCommand::Import { file, json } => {
            let report = deckhand.import_pack(&file, &mut progress::import_sink(json))?;
            if json {
                return print_json(out, &report);
            }
            super::text::import_report(&report.report, out)?;
            writeln!(out, "{} stored", counted(report.images, "image"))?;
        }
    }
    Ok(())
}

/// `1 card`, `2 cards`.
fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
