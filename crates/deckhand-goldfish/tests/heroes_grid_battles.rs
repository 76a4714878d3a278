//! Every Ranger deck of the real Heroes of the Grid community export battles three enemy
//! line-ups built from that export's enemy decks. The export lives outside the repository
//! (its texts belong to their publishers): the test reads it when it is there.

use std::path::{Path, PathBuf};

use deckhand_core::{fold_name, Card, Games};
use deckhand_formats::heroes_grid::{read_export, HeroesGridFiles};
use deckhand_goldfish::{simulate, EnemyGroup, GameOptions, SimOptions};

const HOTG_TOML: &str = include_str!("../../../data/games/pr-hotg.toml");

/// `shared/external/heroes-grid` in the nearest ancestor of this crate that has it.
fn export_dir() -> Option<PathBuf> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("shared/external/heroes-grid"))
        .find(|dir| dir.join("rangers.json").exists())
}

fn group(cards: &[Card], name: &str, figures: u32) -> EnemyGroup {
    let key = fold_name(name);
    let deck: Vec<Card> = cards
        .iter()
        .filter(|c| c.subtypes.iter().any(|s| fold_name(s) == key))
        .cloned()
        .collect();
    assert!(
        !deck.is_empty(),
        "the export has an enemy deck named {name}"
    );
    EnemyGroup {
        name: name.into(),
        cards: deck,
        figures,
    }
}

#[test]
fn every_imported_ranger_deck_battles_three_real_line_ups() {
    let Some(dir) = export_dir() else {
        eprintln!("skipped: shared/external/heroes-grid is not present");
        return;
    };
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let (ranger_cards, rangers, enemies, keywords) = (
        read("ranger_cards.json"),
        read("rangers.json"),
        read("enemies.json"),
        read("enemy_keywords.json"),
    );
    let files = HeroesGridFiles {
        ranger_cards: ("ranger_cards.json", &ranger_cards),
        rangers: ("rangers.json", &rangers),
        enemies: ("enemies.json", &enemies),
        enemy_keywords: Some(("enemy_keywords.json", &keywords)),
    };
    let games = Games::from_sources([("pr-hotg.toml", HOTG_TOML)]).unwrap();
    let game = games.get("pr-hotg").unwrap();
    let export = read_export(&files, &games).unwrap();
    let cards = &export.cards;
    let line_ups = [
        vec![group(cards, "Putty Patrollers", 3)],
        vec![
            group(cards, "Putty Patrollers", 2),
            group(cards, "Bones", 1),
        ],
        vec![
            group(cards, "Super Putty Patrollers", 4),
            group(cards, "Goldar", 1),
        ],
    ];
    assert!(export.decks.len() > 100, "{}", export.decks.len());
    let mut battles = 0;
    let mut won_any = false;
    for starting in &export.decks {
        for (i, enemies) in line_ups.iter().enumerate() {
            let options = SimOptions {
                games: 200,
                seed: 7,
                threads: 1,
                game: GameOptions::lineup(enemies.clone()),
                ..SimOptions::default()
            };
            let report = simulate(game, &starting.deck, &options, &mut |_| true)
                .unwrap_or_else(|e| panic!("{} against line-up {i}: {e}", starting.name));
            for seat in [&report.going_first, &report.going_second] {
                let chance = seat.scalar("all_defeated_chance").unwrap();
                assert!((0.0..=1.0).contains(&chance), "{}: {chance}", starting.name);
                assert_eq!(chance, seat.wins as f64 / 200.0);
                assert!(seat.wins + seat.losses.unwrap() == 200);
                assert!(seat.scalar("hits_per_battle").unwrap() >= 0.0);
                let lost = seat.named("cards_lost_per_ranger").unwrap();
                assert!(!lost.is_empty() && lost.values().all(|&n| n >= 0.0));
                won_any |= seat.wins > 0;
            }
            // Cards the simulator leaves out are named: at least the line-up's enemy cards
            // with no plain damage or drain (every line-up here has some).
            let silent = enemies
                .iter()
                .flat_map(|g| &g.cards)
                .find(|c| !c.stats.contains_key("damage") && !c.stats.contains_key("drain"))
                .expect("a line-up with an enemy card of some other effect");
            assert!(
                report.not_simulated.contains(&silent.name),
                "{}: {} is not named",
                starting.name,
                silent.name
            );
            battles += 1;
        }
    }
    assert_eq!(battles, export.decks.len() * 3);
    assert!(won_any, "some Ranger wins some battle");
}
