//! Writes a sample PDF of a bundled game's cards as text proxies, with game backs:
//! `cargo run -p deckhand-print --example render -- zoids-scramble out.pdf [calibration]`.

use std::collections::HashMap;
use std::path::Path;

use deckhand_core::{CardSet, Games};
use deckhand_print::{layout, write_pdf, Backs, CardSizes, PrintItem, PrintOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game_id, out) = (
        args.first().ok_or("game id")?,
        args.get(1).ok_or("output file")?,
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    if args.get(2).map(String::as_str) == Some("calibration") {
        std::fs::write(
            out,
            deckhand_print::calibration_pdf(&PrintOptions::default())?,
        )?;
        return Ok(());
    }
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(root.join("data/games"))? {
        let path = entry?.path();
        sources.push((path.display().to_string(), std::fs::read_to_string(&path)?));
    }
    let games = Games::from_sources(sources.iter().map(|(n, t)| (n.as_str(), t.as_str())))?;
    let game = games.get(game_id)?;
    let mut cards = Vec::new();
    for entry in std::fs::read_dir(root.join("data/cards").join(game_id))? {
        let path = entry?.path();
        let text = std::fs::read_to_string(&path)?;
        cards.extend(CardSet::from_json(&path.display().to_string(), &text, &games)?.cards);
    }
    let items: Vec<PrintItem> = cards
        .iter()
        .map(|card| PrintItem { card, image: None })
        .collect();
    let options = PrintOptions {
        backs: Backs::Game,
        ..PrintOptions::default()
    };
    let layout = layout(&items, &CardSizes::of(game), &options)?;
    std::fs::write(out, write_pdf(&layout, &items, game, &mut HashMap::new())?)?;
    Ok(())
}
