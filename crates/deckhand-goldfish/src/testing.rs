//! Test decks from the repository's sample data (`data/`), read at compile time.

use deckhand_core::{fold_name, Card, CardSet, Deck, DeckEntry, Game, Games};
use deckhand_formats::{read_deck_file, DeckFormat};

const ZOIDS_TOML: &str = include_str!("../../../data/games/zoids-scramble.toml");
const PR_ACG_TOML: &str = include_str!("../../../data/games/pr-acg.toml");
const ZSX: &str = include_str!("../../../data/cards/zoids-scramble/ZSX.json");
const ACX: &str = include_str!("../../../data/cards/pr-acg/ACX.json");

pub const REPUBLIC_VANGUARD: &str =
    include_str!("../../../data/decks/zoids-scramble/republic-vanguard.txt");
pub const CRIMSON_LEGION: &str =
    include_str!("../../../data/decks/zoids-scramble/crimson-legion-rush.txt");
pub const SHELLBACK_SKYGUARD: &str =
    include_str!("../../../data/decks/zoids-scramble/shellback-skyguard.txt");
pub const STARFALL_VANGUARD: &str =
    include_str!("../../../data/decks/pr-acg/starfall-vanguard-hero.txt");
pub const ECLIPSE_HORDE: &str =
    include_str!("../../../data/decks/pr-acg/eclipse-horde-villain.txt");

fn games() -> Games {
    Games::from_sources([
        ("zoids-scramble.toml", ZOIDS_TOML),
        ("pr-acg.toml", PR_ACG_TOML),
    ])
    .expect("the bundled game definitions load")
}

pub fn game(id: &str) -> Game {
    games().get(id).expect("a bundled game").clone()
}

/// Every sample card of a game.
pub fn cards(game_id: &str) -> Vec<Card> {
    let json = match game_id {
        "zoids-scramble" => ZSX,
        _ => ACX,
    };
    CardSet::from_json(game_id, json, &games())
        .expect("the sample set loads")
        .cards
}

/// The sample card named `name`.
pub fn card(game_id: &str, name: &str) -> Card {
    let key = fold_name(name);
    cards(game_id)
        .into_iter()
        .find(|c| fold_name(&c.name) == key)
        .unwrap_or_else(|| panic!("no sample card named {name}"))
}

/// A main deck of `(count, name)` lines.
pub fn deck(game_id: &str, lines: &[(u32, &str)]) -> Deck {
    let pool = cards(game_id);
    let entries = lines
        .iter()
        .map(|&(count, name)| DeckEntry {
            section: "main".into(),
            count,
            card: pool
                .iter()
                .find(|c| fold_name(&c.name) == fold_name(name))
                .unwrap_or_else(|| panic!("no sample card named {name}"))
                .clone(),
        })
        .collect();
    Deck {
        game: game_id.into(),
        side: None,
        entries,
    }
}

/// A sample deck file, resolved against the sample cards.
pub fn sample_deck(game_id: &str, text: &str) -> Deck {
    let game = game(game_id);
    let lines = read_deck_file(DeckFormat::Text, "sample", text, &game)
        .expect("the sample deck parses")
        .lines;
    let pool = cards(game_id);
    let entries = lines
        .into_iter()
        .map(|line| DeckEntry {
            section: line.section,
            count: line.count,
            card: pool
                .iter()
                .find(|c| fold_name(&c.name) == fold_name(&line.name))
                .unwrap_or_else(|| panic!("no sample card named {}", line.name))
                .clone(),
        })
        .collect();
    Deck {
        game: game_id.into(),
        side: None,
        entries,
    }
}
