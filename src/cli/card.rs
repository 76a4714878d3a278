//! `deckhand card`: show one card (`deckhand card NAME_OR_ID`, as before), or add, edit,
//! duplicate, delete a player's card and undo the last card change or import.

use std::io::Write;

use clap::{Args, Subcommand};
use deckhand::{CardChanges, Deckhand};

use super::{print_json, text, Result};

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct CardArgs {
    #[command(subcommand)]
    command: Option<CardCommand>,
    /// The card to show (`card show NAME` for a card named like a subcommand)
    #[arg(value_name = "NAME_OR_ID", required = true)]
    name_or_id: Option<String>,
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    #[arg(long)]
    json: bool,
}

#[derive(Subcommand)]
enum CardCommand {
    /// Show one card by name or id
    Show {
        #[arg(value_name = "NAME_OR_ID")]
        name_or_id: String,
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Add a card of your own, validated like an import
    Add {
        #[arg(long, value_name = "GAME")]
        game: String,
        #[arg(long, value_name = "NAME")]
        name: String,
        #[arg(long = "type", value_name = "TYPE")]
        card_type: String,
        /// [default: GAME-SET-NUMBER with --set and --number, else a slug of game and name]
        #[arg(long, value_name = "ID")]
        id: Option<String>,
        #[command(flatten)]
        fields: FieldArgs,
        #[arg(long)]
        json: bool,
    },
    /// Change a card of your own: each option given replaces that field (an empty value
    /// clears it; `--stat KEY=` removes a stat)
    Edit {
        #[arg(value_name = "CARD")]
        card: String,
        /// The card's game, when its name is not enough
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        #[arg(long = "type", value_name = "TYPE")]
        card_type: Option<String>,
        #[command(flatten)]
        fields: FieldArgs,
        #[arg(long)]
        json: bool,
    },
    /// Copy a card (a bundled sample card too) into a card of your own
    Duplicate {
        #[arg(value_name = "CARD")]
        card: String,
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// The copy's id [default: ID-copy, then ID-copy-2, …]
        #[arg(long, value_name = "NEW")]
        id: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Delete a card of your own; refused while a stored deck, a deck version or the
    /// collection uses it
    Delete {
        #[arg(value_name = "CARD")]
        card: String,
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Undo the last card add, edit, duplicate, delete or card import, once
    Undo {
        #[arg(long)]
        json: bool,
    },
}

/// The fields `card add` and `card edit` share.
#[derive(Args)]
struct FieldArgs {
    #[arg(long, value_name = "SET")]
    set: Option<String>,
    #[arg(long, value_name = "N")]
    number: Option<String>,
    /// hero or villain
    #[arg(long, value_name = "SIDE")]
    side: Option<String>,
    #[arg(long, value_name = "COLOR")]
    color: Option<String>,
    /// A subtype (repeatable; given at all, the list replaces the card's)
    #[arg(long = "subtype", value_name = "X")]
    subtypes: Vec<String>,
    /// A keyword, `Name` or `Name: value` (repeatable; replaces the card's list)
    #[arg(long = "keyword", value_name = "K")]
    keywords: Vec<String>,
    /// A stat by id or label, `power=5`, `"Attack energy=2"`; a list stat's items
    /// separated by `;` (repeatable)
    #[arg(long = "stat", value_name = "KEY=VALUE", value_parser = parse_stat)]
    stats: Vec<(String, String)>,
    #[arg(long, value_name = "TEXT")]
    text: Option<String>,
}

impl FieldArgs {
    fn changes(self, name: Option<String>, card_type: Option<String>) -> CardChanges {
        let list = |items: Vec<String>| Some(items).filter(|items| !items.is_empty());
        CardChanges {
            name,
            card_type,
            set: self.set,
            number: self.number,
            side: self.side,
            color: self.color,
            subtypes: list(self.subtypes),
            keywords: list(self.keywords),
            stats: self.stats,
            text: self.text,
        }
    }
}

/// `--stat KEY=VALUE`; the value may be empty (removes the stat on edit).
fn parse_stat(pair: &str) -> std::result::Result<(String, String), String> {
    match pair.split_once('=') {
        Some((key, value)) if !key.trim().is_empty() => {
            Ok((key.trim().to_owned(), value.trim().to_owned()))
        }
        _ => Err(format!("'{pair}' is not KEY=VALUE")),
    }
}

pub fn run(deckhand: &mut Deckhand, args: CardArgs, out: &mut impl Write) -> Result {
    let command = match args.command {
        Some(command) => command,
        None => CardCommand::Show {
            name_or_id: args.name_or_id.unwrap_or_default(),
            game: args.game,
            json: args.json,
        },
    };
    let (card, json, verb) = match command {
        CardCommand::Show {
            name_or_id,
            game,
            json,
        } => {
            return super::card(deckhand, &name_or_id, game.as_deref(), json, out);
        }
        CardCommand::Add {
            game,
            name,
            card_type,
            id,
            fields,
            json,
        } => {
            let changes = fields.changes(Some(name), Some(card_type));
            let card = deckhand.add_card_with(&game, id.as_deref(), changes)?;
            (card, json, "added")
        }
        CardCommand::Edit {
            card,
            game,
            name,
            card_type,
            fields,
            json,
        } => {
            let changes = fields.changes(name, card_type);
            let card = deckhand.edit_card(&card, game.as_deref(), changes)?;
            (card, json, "saved")
        }
        CardCommand::Duplicate {
            card,
            game,
            id,
            json,
        } => {
            let card = deckhand.duplicate_card(&card, game.as_deref(), id.as_deref())?;
            (card, json, "added")
        }
        CardCommand::Delete { card, game, json } => {
            let card = deckhand.delete_card(&card, game.as_deref())?;
            (card, json, "deleted")
        }
        CardCommand::Undo { json } => {
            let report = deckhand.undo_cards()?;
            if json {
                return print_json(out, &report);
            }
            writeln!(
                out,
                "undid {} ({} card{} put back, {} removed)",
                report.label,
                report.restored.len(),
                if report.restored.len() == 1 { "" } else { "s" },
                report.removed.len()
            )?;
            return Ok(());
        }
    };
    if json {
        return print_json(out, &card);
    }
    writeln!(out, "{verb} {} ({})", card.name, card.id)?;
    if verb != "deleted" {
        let detail = deckhand.card_detail(&card.id, Some(&card.game))?;
        let game = deckhand
            .games()
            .get(&card.game)
            .map_err(deckhand::Error::from)?;
        text::card_detail(&detail, game, out)?;
    }
    Ok(())
}
