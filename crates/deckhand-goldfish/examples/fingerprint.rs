//! A fixed-seed fingerprint of the pilots' decisions: every bundled deck of every game,
//! both effect modes (PR Deck-Building: each policy too), seeds 7 and 42, the whole report
//! printed. A speed-up of a pilot must leave this output byte for byte the same (issue 32:
//! "same decisions"); compare two builds' outputs with `cmp`.
//!
//! ```sh
//! cargo run --release -p deckhand-goldfish --example fingerprint [GAMES_PER_SEAT] [GAME_ID] > fp.txt
//! ```
//! One thread, so it is quick to diff, not to time; the report never depends on threads.
use deckhand_core::{CardSet, Games};
use deckhand_goldfish::{simulate, EffectsMode, SimOptions};

mod common;

const IDS: [&str; 5] = ["zoids-scramble", "pr-acg", "pr-dbg", "pr-hotg", "sms"];
const STARTER: &str = "Starter deck\n7 Teamwork\n1 Attitude\n1 Power Coin\n1 Recovery\n";

fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data");
    let games_n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let only = std::env::args().nth(2);
    let srcs: Vec<(String, String)> = IDS
        .iter()
        .map(|id| {
            (
                id.to_string(),
                std::fs::read_to_string(format!("{root}/games/{id}.toml")).unwrap(),
            )
        })
        .collect();
    let games = Games::from_sources(srcs.iter().map(|(a, b)| (a.as_str(), b.as_str()))).unwrap();
    for id in IDS {
        if only.as_deref().is_some_and(|o| o != id) {
            continue;
        }
        let game = games.get(id).unwrap();
        let dir = format!("{root}/cards/{id}");
        let file = std::fs::read_dir(&dir)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let pool = CardSet::from_json(id, &std::fs::read_to_string(file).unwrap(), &games)
            .unwrap()
            .cards;
        let mut decks: Vec<_> = std::fs::read_dir(format!("{root}/decks/{id}"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        decks.sort();
        for path in decks {
            let mut text = std::fs::read_to_string(&path).unwrap();
            if id == "pr-dbg" {
                if !text.contains("Character") {
                    text = format!("Character\n1 Nadia Okonkwo\n{text}");
                }
                if !text.contains("Starter") {
                    text = format!("{text}\n{STARTER}");
                }
            }
            let deck = common::deck(game, &pool, &text);
            let policies: Vec<Option<String>> = if id == "pr-dbg" {
                vec![None, Some("buy-first".into()), Some("battle-first".into())]
            } else {
                vec![None]
            };
            for effects in [EffectsMode::All, EffectsMode::Keywords] {
                for policy in &policies {
                    for seed in [7u64, 42] {
                        let options = SimOptions {
                            games: games_n,
                            seed,
                            threads: 1,
                            effects,
                            policy: policy.clone(),
                            game: common::game_options(game, &pool),
                            ..SimOptions::default()
                        };
                        let report =
                            simulate(game, &deck, &options, &mut |_| true).expect("simulate");
                        println!(
                            "{id} {} effects={} policy={:?} seed={seed}\n{:?}",
                            path.file_name().unwrap().to_string_lossy(),
                            effects.id(),
                            policy,
                            report
                        );
                    }
                }
            }
        }
    }
}
