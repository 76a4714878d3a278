//! `deckhand game …`: games a player adds (a definition file), and any game's rules.

use std::io::Write;
use std::path::PathBuf;

use clap::Subcommand;
use deckhand::Deckhand;

use super::{print_json, Result};

#[derive(Subcommand)]
pub enum GameCommand {
    /// Check a game definition (TOML) and install it beside the database; each mistake
    /// is one line with its line and column, and nothing is installed
    Add {
        #[arg(value_name = "FILE.toml")]
        file: PathBuf,
        /// Replace the added game with the same id (never a bundled one)
        #[arg(long)]
        replace: bool,
        #[arg(long)]
        json: bool,
    },
    /// Remove a game you added (refused while cards, decks or collection rows of it exist)
    Remove {
        #[arg(value_name = "ID")]
        id: String,
    },
    /// Write a game's definition to a file: any game, a bundled one as a starting point
    Export {
        #[arg(value_name = "ID")]
        id: String,
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Write a commented template of a new game, explaining every section and rule kind
    New {
        #[arg(long, value_name = "ID")]
        id: String,
        #[arg(long, value_name = "NAME")]
        name: String,
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// A game's construction rules and formats in plain words
    Rules {
        #[arg(value_name = "ID")]
        id: String,
        #[arg(long)]
        json: bool,
    },
}

/// `game new` needs no database: it runs before one is opened.
pub fn new_template(command: &GameCommand, out: &mut impl Write) -> Option<Result> {
    let GameCommand::New {
        id,
        name,
        out: file,
    } = command
    else {
        return None;
    };
    Some((|| {
        deckhand::write_game_template(id, name, file)?;
        writeln!(
            out,
            "wrote {} (edit it, then: deckhand game add {})",
            file.display(),
            file.display()
        )?;
        Ok(())
    })())
}

pub fn run(deckhand: &mut Deckhand, command: GameCommand, out: &mut impl Write) -> Result {
    match command {
        GameCommand::Add {
            file,
            replace,
            json,
        } => {
            let added = deckhand.add_game(&file, replace)?;
            if json {
                return print_json(out, &added);
            }
            let verb = if added.replaced { "replaced" } else { "added" };
            writeln!(
                out,
                "{verb} {} ({}) as {}",
                added.name,
                added.id,
                added.path.display()
            )?;
        }
        GameCommand::Remove { id } => {
            let path = deckhand.remove_game(&id)?;
            writeln!(out, "removed {id} ({} deleted)", path.display())?;
        }
        GameCommand::Export { id, out: file } => {
            deckhand.export_game(&id, &file)?;
            writeln!(out, "wrote {}", file.display())?;
        }
        GameCommand::New { .. } => {
            unreachable!("handled by new_template before the database opens")
        }
        GameCommand::Rules { id, json } => {
            let rules = deckhand.game_rules(&id)?;
            if json {
                return print_json(out, &rules);
            }
            writeln!(out, "{} ({})", rules.name, rules.id)?;
            writeln!(
                out,
                "A deck is the cards in {}.",
                rules.counted_sections.join(" and ")
            )?;
            write_rules(out, &rules.rules)?;
            for format in &rules.formats {
                writeln!(
                    out,
                    "\nFormat {} ({}): {}",
                    format.name, format.id, format.description
                )?;
                writeln!(out, "  {}", format.changes.join("; "))?;
                write_rules(out, &format.rules)?;
            }
        }
    }
    Ok(())
}

fn write_rules(out: &mut impl Write, rules: &[deckhand::RuleWords]) -> Result {
    for rule in rules {
        let severity = match rule.severity {
            deckhand::Severity::Error => "error",
            deckhand::Severity::Warning => "warning",
        };
        writeln!(
            out,
            "  {} [{severity}]: {}: {}",
            rule.id, rule.counts, rule.limit
        )?;
        if let Some(hint) = &rule.hint {
            writeln!(out, "      {hint}")?;
        }
    }
    Ok(())
}
