//! A synthetic card pool for benchmarks: plausible names, texts and stats for every game,
//! generated from a seed so every run measures the same data.

use std::collections::BTreeMap;

use deckhand_core::{Card, Game, Games, KeywordValue, Side, StatKind, StatValue};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const ADJECTIVES: &[&str] = &[
    "Storm", "Iron", "Crimson", "Silent", "Blade", "Shadow", "Ember", "Frost", "Thunder", "Jade",
    "Solar", "Lunar", "Savage", "Noble", "Rusty", "Gilded", "Feral", "Quantum", "Hidden", "Rapid",
];
const NOUNS: &[&str] = &[
    "Liger", "Raptor", "Knight", "Golem", "Falcon", "Sentinel", "Wolf", "Titan", "Drone", "Mantis",
    "Serpent", "Warden", "Striker", "Phantom", "Colossus", "Ranger", "Hydra", "Oracle", "Vanguard",
    "Beetle",
];
const SENTENCES: &[&str] = &[
    "Deal {n} damage to target unit.",
    "Draw {n} cards.",
    "Draw two cards, then discard a card.",
    "Gain {n} energy this turn.",
    "When this enters play, look at the top {n} cards of your deck.",
    "Prevent the next {n} damage dealt to your base.",
    "Flying units cannot block this turn.",
    "Your allies get +{n} power until end of turn.",
    "Return target card from your discard pile to your hand.",
    "If you control a storm card, deal {n} damage instead.",
    "Shield: reduce damage by {n}.",
    "Each opponent loses {n} life.",
    "Search your deck for a blade card and reveal it.",
    "Exhaust target unit. It flies away at end of turn.",
];
const COLORS: &[&str] = &["red", "blue", "green", "black", "yellow", "pink", "white"];

/// `count` cards spread evenly over `games`, deterministic for a given `seed`.
pub fn cards(games: &Games, count: usize, seed: u64) -> Vec<Card> {
    let mut rng = StdRng::seed_from_u64(seed);
    let games: Vec<&Game> = games.iter().collect();
    (0..count)
        .map(|i| {
            let game = games[i % games.len()];
            card(game, i, &mut rng)
        })
        .collect()
}

/// `count` cards of one game, deterministic for a given `seed`.
pub fn cards_of(game: &Game, count: usize, seed: u64) -> Vec<Card> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count).map(|i| card(game, i, &mut rng)).collect()
}

fn pick<'a>(rng: &mut StdRng, items: &[&'a str]) -> &'a str {
    items[rng.random_range(0..items.len())]
}

fn card(game: &Game, i: usize, rng: &mut StdRng) -> Card {
    let card_type = &game.card_types[rng.random_range(0..game.card_types.len())];
    let name = format!("{} {} {}", pick(rng, ADJECTIVES), pick(rng, NOUNS), i);
    let sentences = rng.random_range(1..=3);
    let text = (0..sentences)
        .map(|_| pick(rng, SENTENCES).replace("{n}", &rng.random_range(1..=5).to_string()))
        .collect::<Vec<_>>()
        .join(" ");
    let mut stats = BTreeMap::new();
    for stat in &card_type.stats {
        let def = &game.stats[stat];
        let number = |rng: &mut StdRng| {
            if !def.allow.is_empty() && rng.random_bool(0.05) {
                StatValue::Text(def.allow[rng.random_range(0..def.allow.len())].clone())
            } else {
                StatValue::Number(
                    rng.random_range(def.min.unwrap_or(0)..=def.max.unwrap_or(10).min(15)),
                )
            }
        };
        let word = |rng: &mut StdRng| {
            if def.values.is_empty() {
                StatValue::Text(pick(rng, NOUNS).to_owned())
            } else {
                StatValue::Text(def.values[rng.random_range(0..def.values.len())].clone())
            }
        };
        let value = match def.kind {
            StatKind::Number => number(rng),
            StatKind::Text => word(rng),
            StatKind::List => {
                StatValue::List((0..rng.random_range(1..=2)).map(|_| word(rng)).collect())
            }
            StatKind::NumberList => {
                StatValue::List((0..def.length.unwrap_or(3)).map(|_| number(rng)).collect())
            }
        };
        stats.insert(stat.clone(), value);
    }
    let keywords = if game.keywords.is_empty() {
        Vec::new()
    } else {
        (0..rng.random_range(0..=2))
            .map(|_| {
                let keyword = &game.keywords[rng.random_range(0..game.keywords.len())];
                match keyword.value {
                    None => keyword.name.clone(),
                    Some(KeywordValue::Number) => {
                        format!("{}: {}", keyword.name, rng.random_range(1..=3))
                    }
                    Some(KeywordValue::Text) => format!("{}: {}", keyword.name, pick(rng, NOUNS)),
                }
            })
            .collect()
    };
    Card {
        id: format!("bench-{i:06}"),
        game: game.id.clone(),
        name,
        card_type: card_type.name.clone(),
        set: Some(format!("B{}", i % 12)),
        number: Some(format!("{:03}", i % 1000)),
        side: match rng.random_range(0..10) {
            0..=3 => Some(Side::Hero),
            4..=6 => Some(Side::Villain),
            _ => None,
        },
        color: Some(pick(rng, COLORS).to_owned()),
        subtypes: vec![pick(rng, NOUNS).to_owned()],
        keywords,
        text: Some(text),
        stats,
        effects: Vec::new(),
        goldfish: None,
    }
}
