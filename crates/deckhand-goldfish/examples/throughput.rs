//! Full games (Heroes of the Grid: battles) per second for a sample deck of each game,
//! single- and two-threaded. PR Deck-Building plays the sample main deck with the hero
//! starter deck and Nadia Okonkwo; Heroes of the Grid battles 3 Gravel Grunts and Clockjaw.
//!
//! ```sh
//! cargo run --release -p deckhand-goldfish --example throughput [GAMES_PER_SEAT] [GAME_ID] [all|keywords] [block-party|eclipse-horde-villain]
//! ```
//! The third argument picks which effects play (default: all); a fourth, `block-party`,
//! plays PR Deck-Building's block-party sample deck (Nadia Okonkwo, the deck `deckhand bench
//! goldfish` times) instead of the full Prism Breach Grid; `eclipse-horde-villain` plays
//! PR Action's eclipse-horde-villain deck (the one `deckhand bench goldfish` times) instead
//! of starfall-vanguard-hero.
//! A benchmark, never a test: the figure depends on the machine and its load. Each game
//! index is played from both seats, so a run of N plays 2N full games.

use std::time::Instant;

use deckhand_core::{CardSet, Games};
use deckhand_goldfish::{simulate, SimOptions};

mod common;

const DATA: [(&str, &str, &str, &str); 5] = [
    (
        "zoids-scramble",
        include_str!("../../../data/games/zoids-scramble.toml"),
        include_str!("../../../data/cards/zoids-scramble/ZSX.json"),
        include_str!("../../../data/decks/zoids-scramble/republic-vanguard.txt"),
    ),
    (
        "pr-acg",
        include_str!("../../../data/games/pr-acg.toml"),
        include_str!("../../../data/cards/pr-acg/ACX.json"),
        include_str!("../../../data/decks/pr-acg/starfall-vanguard-hero.txt"),
    ),
    (
        "pr-dbg",
        include_str!("../../../data/games/pr-dbg.toml"),
        include_str!("../../../data/cards/pr-dbg/DBX.json"),
        "Character\n1 Nadia Okonkwo\nStarter deck\n7 Teamwork\n1 Attitude\n1 Power Coin\n1 Recovery\nMain\n",
    ),
    (
        "pr-hotg",
        include_str!("../../../data/games/pr-hotg.toml"),
        include_str!("../../../data/cards/pr-hotg/HGX.json"),
        include_str!("../../../data/decks/pr-hotg/crimson-falcon-skystrike.txt"),
    ),
    (
        "sms",
        include_str!("../../../data/games/sms.toml"),
        include_str!("../../../data/cards/sms/SMX.json"),
        include_str!("../../../data/decks/sms/dojo-dawn-patrol.txt"),
    ),
];

const PR_DBG_GRID: &str = include_str!("../../../data/decks/pr-dbg/prism-breach-full-grid.txt");
const PR_DBG_BLOCK_PARTY: &str = include_str!("../../../data/decks/pr-dbg/block-party.txt");
const PR_ACG_ECLIPSE: &str = include_str!("../../../data/decks/pr-acg/eclipse-horde-villain.txt");

fn main() {
    let per_seat: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let only = std::env::args().nth(2);
    let effects = std::env::args()
        .nth(3)
        .and_then(|e| deckhand_goldfish::EffectsMode::from_id(&e))
        .unwrap_or_default();
    let deck_choice = std::env::args().nth(4);
    let block_party = deck_choice.as_deref() == Some("block-party");
    let eclipse = deck_choice.as_deref() == Some("eclipse-horde-villain");
    let games = Games::from_sources(DATA.iter().map(|d| (d.0, d.1))).expect("game definitions");
    for (id, _, cards, deck_text) in DATA {
        if only.as_deref().is_some_and(|o| o != id) {
            continue;
        }
        let game = games.get(id).expect("game");
        let pool = CardSet::from_json(id, cards, &games).expect("cards").cards;
        let text = match id {
            // The sample deck names its Character: only the starter deck is added.
            "pr-dbg" if block_party => {
                let starter = deck_text.split("Main\n").next().unwrap_or_default();
                let starter = starter.replace("Character\n1 Nadia Okonkwo\n", "");
                format!("{PR_DBG_BLOCK_PARTY}\n{starter}")
            }
            "pr-dbg" => format!("{deck_text}{PR_DBG_GRID}"),
            "pr-acg" if eclipse => PR_ACG_ECLIPSE.to_owned(),
            _ => deck_text.to_owned(),
        };
        let deck = common::deck(game, &pool, &text);
        for threads in [1, 2] {
            let options = SimOptions {
                games: per_seat,
                seed: 42,
                threads,
                effects,
                game: common::game_options(game, &pool),
                ..SimOptions::default()
            };
            let start = Instant::now();
            let report = simulate(game, &deck, &options, &mut |_| true).expect("simulate");
            let seconds = start.elapsed().as_secs_f64();
            let full_games = 2 * per_seat;
            let rate = full_games as f64 / seconds;
            println!(
                "{id:<15} effects={} threads={threads} games={full_games} secs={seconds:.3} games_per_s={rate:.0} per_core={:.0} wins first={:.3} mean_kill_turn first={:.3} second={:.3}",
                effects.id(),
                rate / threads as f64,
                report.going_first.wins as f64 / per_seat as f64,
                report.going_first.mean_kill_turn.unwrap_or(f64::NAN),
                report.going_second.mean_kill_turn.unwrap_or(f64::NAN),
            );
        }
    }
}
