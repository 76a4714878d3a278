//! What the examples share: a deck list read against its game's card pool, and the game
//! options they play each game with (Heroes of the Grid: 3 Gravel Grunts and Clockjaw).

use deckhand_core::{fold_name, Card, Deck, DeckEntry, Game};
use deckhand_formats::{read_deck_file, DeckFormat};
use deckhand_goldfish::{EnemyGroup, GameOptions};

/// `text`, a deck list of `game`, each line's card found by name in `pool`.
pub fn deck(game: &Game, pool: &[Card], text: &str) -> Deck {
    let lines = read_deck_file(DeckFormat::Text, "sample", text, game)
        .expect("deck")
        .lines;
    Deck {
        game: game.id.clone(),
        side: None,
        entries: lines
            .into_iter()
            .map(|line| DeckEntry {
                section: line.section,
                count: line.count,
                card: pool
                    .iter()
                    .find(|c| fold_name(&c.name) == fold_name(&line.name))
                    .expect("card")
                    .clone(),
            })
            .collect(),
    }
}

/// The options the examples play `game` with: Heroes of the Grid battles a line-up of 3
/// Gravel Grunts and Clockjaw, from `pool`; the other games need none.
pub fn game_options(game: &Game, pool: &[Card]) -> GameOptions {
    let enemies = |subtype: &str, figures| EnemyGroup {
        name: subtype.into(),
        cards: pool
            .iter()
            .filter(|c| c.subtypes.iter().any(|s| s == subtype))
            .cloned()
            .collect(),
        figures,
    };
    GameOptions::lineup(match game.id.as_str() {
        "pr-hotg" => vec![enemies("Gravel Grunt", 3), enemies("Clockjaw", 1)],
        _ => Vec::new(),
    })
}
