//! The collection benchmark: importing a large collection CSV (and undoing it), a deck's
//! needs against the collection, the decks buildable from it, and the owned counts of a
//! game, on a synthetic database file.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use deckhand::{Card, CollectionImportOptions, Deck, DeckEntry, Deckhand, Result};
use deckhand_core::CardSet;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::{synthetic, Timing};

const SEED: u64 = 0xC011_EC71;
const CONDITIONS: [&str; 7] = [
    "",
    "near_mint",
    "near_mint",
    "lightly_played",
    "mint",
    "moderately_played",
    "damaged",
];

/// What to generate.
#[derive(Debug, Clone, Copy)]
pub struct CollectionBenchSize {
    /// Synthetic cards in the database (spread over the five games).
    pub cards: usize,
    /// Lines of the collection CSV.
    pub rows: usize,
    /// Stored decks of 60 cards (20 cards × 3), spread over the games.
    pub decks: usize,
    /// Timed runs of the import (the quick operations run 20 times as many).
    pub runs: usize,
}

/// A collection CSV in Deckhand's format, cards named (not by id) so that name
/// resolution is part of the measure.
fn collection_csv(cards: &[Card], rows: usize, rng: &mut StdRng) -> String {
    let mut text =
        String::from("count,card,name,game,set,number,finish,condition,language,location,note\n");
    for _ in 0..rows {
        let card = &cards[rng.random_range(0..cards.len())];
        let finish = if rng.random_bool(0.2) {
            "foil"
        } else {
            "normal"
        };
        let condition = CONDITIONS[rng.random_range(0..CONDITIONS.len())];
        let _ = writeln!(
            text,
            "{},,{},{},,,{finish},{condition},en,Binder {},",
            rng.random_range(1..=4),
            card.name,
            card.game,
            rng.random_range(1..=40),
        );
    }
    text
}

/// Builds the database in `dir` and times the collection operations.
pub fn collection(dir: &Path, size: CollectionBenchSize) -> Result<Vec<Timing>> {
    let mut rng = StdRng::seed_from_u64(SEED);
    let games = deckhand::bundled::games()?;
    let cards = synthetic::cards(&games, size.cards.max(100), SEED);
    let db = dir.join("collection-bench.sqlite3");
    for suffix in ["", "-wal", "-shm"] {
        let mut path = db.as_os_str().to_owned();
        path.push(suffix);
        let _ = std::fs::remove_file(path);
    }
    let mut deckhand = Deckhand::open(&db)?;
    deckhand.import_card_sets(&[CardSet {
        source_name: "synthetic".into(),
        game: String::new(),
        sets: Vec::new(),
        cards: cards.clone(),
    }])?;

    // Decks of 20 different cards of one game, three copies each.
    let by_game: Vec<Vec<&Card>> = games
        .iter()
        .map(|g| cards.iter().filter(|c| c.game == g.id).collect())
        .collect();
    let mut deck_ids = Vec::with_capacity(size.decks);
    for d in 0..size.decks {
        let pool = &by_game[d % by_game.len()];
        let entries = (0..20)
            .map(|_| DeckEntry {
                section: "main".into(),
                count: 3,
                card: pool[rng.random_range(0..pool.len())].clone(),
            })
            .collect();
        let deck = Deck {
            game: pool[0].game.clone(),
            side: None,
            entries,
        };
        deck_ids.push(
            deckhand
                .save_new_deck(&deck, &format!("Bench deck {d}"), "")?
                .id,
        );
    }

    let csv = collection_csv(&cards, size.rows, &mut rng);
    let mut import = Vec::new();
    let mut undo = Vec::new();
    for _ in 0..size.runs.max(1) {
        let started = Instant::now();
        deckhand.import_collection_csv(
            "bench.csv",
            csv.as_bytes(),
            &CollectionImportOptions::default(),
            &mut |_| {},
        )?;
        import.push(started.elapsed());
        let started = Instant::now();
        deckhand.collection_undo()?;
        undo.push(started.elapsed());
    }
    // Leave the collection in place for the deck measures.
    deckhand.import_collection_csv(
        "bench.csv",
        csv.as_bytes(),
        &Default::default(),
        &mut |_| {},
    )?;

    let quick_runs = size.runs.max(1) * 20;
    let mut need = Vec::with_capacity(quick_runs);
    let mut owned = Vec::with_capacity(quick_runs);
    let game = &games.iter().next().expect("bundled games").id;
    for run in 0..quick_runs {
        let id = deck_ids[run % deck_ids.len().max(1)];
        let started = Instant::now();
        deckhand.stored_deck_need(id)?;
        need.push(started.elapsed());
        let started = Instant::now();
        deckhand.owned_counts(Some(game))?;
        owned.push(started.elapsed());
    }
    let mut buildable = Vec::new();
    for _ in 0..size.runs.max(1) * 4 {
        let started = Instant::now();
        deckhand.buildable_decks(None, 3)?;
        buildable.push(started.elapsed());
    }
    drop(deckhand);
    let _ = std::fs::remove_dir_all(dir.join("collection-bench.sqlite3.index"));
    Ok(vec![
        Timing::from_samples(
            format!(
                "import a {}-row collection CSV (one transaction)",
                size.rows
            ),
            import,
        ),
        Timing::from_samples(format!("undo that import ({} rows)", size.rows), undo),
        Timing::from_samples(
            format!(
                "deck need: a stored 60-card deck against the collection and {} other decks",
                size.decks.saturating_sub(1)
            ),
            need,
        ),
        Timing::from_samples(
            format!("deck buildable over {} stored decks", size.decks),
            buildable,
        ),
        Timing::from_samples(format!("owned counts of every card of {game}"), owned),
    ])
}
