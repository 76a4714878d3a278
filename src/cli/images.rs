//! `deckhand image set|remove|import`: card images kept in the database.

use std::io::Write;
use std::path::PathBuf;

use clap::Subcommand;
use deckhand::Deckhand;

use super::{print_json, Result};

#[derive(Subcommand)]
pub enum ImageCommand {
    /// Give a card (by id or name) the image in FILE (PNG, JPEG or WebP), replacing any
    /// it had; the image is copied into the database
    Set {
        #[arg(value_name = "CARD")]
        card: String,
        #[arg(value_name = "FILE")]
        file: PathBuf,
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Remove a card's image
    Remove {
        #[arg(value_name = "CARD")]
        card: String,
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Give cards the images in DIR named by card id or name (as `print --images` finds
    /// them), all or nothing; lists the files matched and the files no card matched
    Import {
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
}

pub fn run(deckhand: &mut Deckhand, command: ImageCommand, out: &mut impl Write) -> Result {
    match command {
        ImageCommand::Set {
            card,
            file,
            game,
            json,
        } => {
            let view = deckhand.set_card_image(&card, game.as_deref(), &file)?;
            if json {
                return print_json(out, &view);
            }
            if let Some(image) = view.image {
                writeln!(
                    out,
                    "{} ({}): image {}×{}, {} bytes",
                    view.card.name, view.card.id, image.width, image.height, image.bytes
                )?;
            }
        }
        ImageCommand::Remove { card, game, json } => {
            let (view, removed) = deckhand.remove_card_image(&card, game.as_deref())?;
            if json {
                return print_json(out, &view);
            }
            let what = if removed {
                "image removed"
            } else {
                "had no image"
            };
            writeln!(out, "{} ({}): {what}", view.card.name, view.card.id)?;
        }
        ImageCommand::Import { dir, game, json } => {
            let report = deckhand.import_card_images(&dir, game.as_deref())?;
            if json {
                return print_json(out, &report);
            }
            for m in &report.matched {
                writeln!(out, "{} -> {} ({})", m.file, m.name, m.card)?;
            }
            for file in &report.unmatched {
                writeln!(out, "{file}: no card of this id or name")?;
            }
            writeln!(
                out,
                "{} image{} stored, {} file{} unmatched",
                report.matched.len(),
                if report.matched.len() == 1 { "" } else { "s" },
                report.unmatched.len(),
                if report.unmatched.len() == 1 { "" } else { "s" },
            )?;
        }
    }
    Ok(())
}
