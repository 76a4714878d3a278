//! Measures the card index on a synthetic pool: build time, the 24 benchmark queries of
//! `deckhand bench search` cold (first query in a new process) and warm, and an incremental
//! update of 1,000 cards.
//!
//! ```text
//! cargo run --release -p deckhand-search --example search_speed -- [--cards 100000] [--runs 50]
//! ```
//! Figures are printed, never asserted.

// The benchmark crate's generator, compiled in rather than depended on: the bench crate
// depends on this one, and the example should measure the same cards as `bench search`.
#[allow(dead_code)]
#[path = "../../../deckhand-bench/src/synthetic.rs"]
mod synthetic;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use deckhand_core::{Card, Games};
use deckhand_search::{CardIndex, IndexChanges, SearchOptions, UpdateOutcome};

const SEED: u64 = 0xDECC_4A2D;
const PAGE: usize = 20;
const STAMP: &str = "bench-1";

/// The queries of `deckhand bench search` (src/bench/search.rs); the exact-name one is
/// filled in from the generated pool.
fn queries(exact_name: &str) -> Vec<String> {
    [
        "damage",
        "deal damage",
        "\"draw two cards\"",
        "n:storm",
        "o:energy",
        "storm or blade",
        "draw -energy",
        "damage cost<=1",
        "t:zoid",
        "t:zoid power>=5",
        "cost<=2",
        "game:zoids -t:zoid",
        "side:villain t:monster",
        "kw:flying",
        "kw:scouting power<3",
        "energy_cost:x",
        "(t:attack or t:reaction) dice>=3",
        "shard_cost>=4 -side:hero order:shard_cost",
        "health>=10 order:health dir:desc",
        "c:red order:name",
        "order:name",
        "EXACT",
        "/fl(y|ies)/",
        "o:/deal \\d damage/",
    ]
    .iter()
    .map(|q| {
        if *q == "EXACT" {
            format!("!\"{exact_name}\"")
        } else {
            (*q).to_owned()
        }
    })
    .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("cold") {
        // Child mode: open the index, run one query, print the two timings.
        cold_child(Path::new(&args[2]), &args[3]);
        return;
    }
    if args.get(1).map(String::as_str) == Some("regex-micro") {
        let cards = synthetic::cards(&load_games(), 100_000, SEED);
        let lowered: Vec<String> = cards
            .iter()
            .map(|c| c.text.clone().unwrap_or_default().to_lowercase())
            .collect();
        for pattern in [r"(?s)(?:fl(y|ies))", r"(?s)(?:deal \d damage)"] {
            let regex = regex::bytes::Regex::new(pattern).unwrap();
            let started = Instant::now();
            let n = lowered
                .iter()
                .filter(|t| regex.is_match(t.as_bytes()))
                .count();
            println!(
                "lowered {pattern}: texts {:.2} ms ({n})",
                ms(started.elapsed())
            );
        }
        for pattern in [
            r"(?is)(?:fl(y|ies))",
            r"(?is)(?:deal \d damage)",
            r"(?i)fl(y|ies)",
        ] {
            let regex = regex::bytes::Regex::new(pattern).unwrap();
            let started = Instant::now();
            let mut n = 0;
            for card in &cards {
                if card
                    .text
                    .as_deref()
                    .is_some_and(|t| regex.is_match(t.as_bytes()))
                {
                    n += 1;
                }
            }
            let texts = started.elapsed();
            let started = Instant::now();
            for card in &cards {
                if regex.is_match(card.name.as_bytes()) {
                    n += 1;
                }
            }
            println!(
                "{pattern}: texts {:.2} ms, names {:.2} ms ({n})",
                ms(texts),
                ms(started.elapsed())
            );
        }
        return;
    }
    if args.get(1).map(String::as_str) == Some("repeat") {
        // Profiling aid: `repeat DIR QUERY N` runs one query N times on a kept index.
        let index = CardIndex::open(Path::new(&args[2]), &load_games(), STAMP).expect("open");
        let options = SearchOptions {
            game: None,
            limit: PAGE,
            collection: None,
        };
        let runs: usize = args[4].parse().expect("a count");
        let started = Instant::now();
        for _ in 0..runs {
            std::hint::black_box(index.search_text(&args[3], &options).expect("query"));
        }
        println!("{:.3} ms per query", ms(started.elapsed()) / runs as f64);
        return;
    }
    let flag = |name: &str, default: usize| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map_or(default, |v| v.parse().expect("a number"))
    };
    let count = flag("--cards", 100_000);
    let runs = flag("--runs", 50);

    let games = load_games();
    let started = Instant::now();
    let cards = synthetic::cards(&games, count, SEED);
    println!("generated {count} cards in {:.0} ms", ms(started.elapsed()));
    let keep = args.iter().any(|a| a == "--keep");
    let dir = std::env::temp_dir().join(if keep {
        "deckhand-search-speed-kept".to_owned()
    } else {
        format!("deckhand-search-speed-{}", std::process::id())
    });
    let index_dir = dir.join("cards.index");

    let mut builds = Vec::new();
    for _ in 0..3 {
        let started = Instant::now();
        let index = CardIndex::build_in_dir(&index_dir, &games, STAMP, &cards).expect("build");
        builds.push(started.elapsed());
        assert_eq!(index.card_count(), count as u64);
    }
    builds.sort();
    println!(
        "index build ({count} cards, in a directory): best {:.0} ms, median {:.0} ms",
        ms(builds[0]),
        ms(builds[1])
    );

    if args.iter().any(|a| a == "--build-only") {
        if !keep {
            let _ = std::fs::remove_dir_all(&dir);
        }
        return;
    }
    let index = CardIndex::open(&index_dir, &games, STAMP).expect("reopen");
    let exact_name = cards[cards.len() / 2].name.clone();
    let options = SearchOptions {
        game: None,
        limit: PAGE,
        collection: None,
    };
    println!(
        "\n{:<44} {:>7} {:>9} {:>9} {:>9} {:>10}",
        "query", "matches", "p50 ms", "p99 ms", "cold ms", "open ms"
    );
    let exe = std::env::current_exe().expect("own path");
    let mut all = Vec::new();
    let mut colds = Vec::new();
    for query in queries(&exact_name) {
        let (open_ms, cold_ms) = cold_run(&exe, &index_dir, &query);
        colds.push(cold_ms);
        let mut samples = Vec::with_capacity(runs);
        let mut matches = 0;
        for run in 0..runs + 3 {
            let started = Instant::now();
            let results = index.search_text(&query, &options).expect("query");
            let elapsed = started.elapsed();
            matches = results.total;
            if run >= 3 {
                samples.push(elapsed);
            }
        }
        samples.sort();
        all.extend(&samples);
        println!(
            "{:<44} {:>7} {:>9.3} {:>9.3} {:>9.3} {:>10.2}",
            query,
            matches,
            percentile(&samples, 50.0),
            percentile(&samples, 99.0),
            cold_ms,
            open_ms
        );
    }
    all.sort();
    colds.sort_by(f64::total_cmp);
    println!(
        "\nall queries warm: p50 {:.3} ms, p99 {:.3} ms ({} samples); cold: median {:.3} ms, max {:.3} ms",
        percentile(&all, 50.0),
        percentile(&all, 99.0),
        all.len(),
        colds[colds.len() / 2],
        colds[colds.len() - 1]
    );

    incremental(&index, &cards, &options);
    drop(index);
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Changes the text of 1,000 cards and removes 10, then updates the index by id.
fn incremental(index: &CardIndex, cards: &[Card], options: &SearchOptions) {
    let changed: Vec<Card> = cards
        .iter()
        .step_by(cards.len() / 1000)
        .take(1000)
        .map(|card| {
            let mut card = card.clone();
            card.text = Some(format!(
                "{} Revised once.",
                card.text.as_deref().unwrap_or_default()
            ));
            card
        })
        .collect();
    let removed: Vec<String> = cards.iter().rev().take(10).map(|c| c.id.clone()).collect();
    let started = Instant::now();
    let outcome = index
        .update(&IndexChanges {
            base_stamp: STAMP,
            stamp: "bench-2",
            changed: &changed,
            removed: &removed,
        })
        .expect("update");
    let elapsed = started.elapsed();
    let found = index
        .search_text("o:/revised once/", options)
        .expect("query");
    println!(
        "\nincremental update of {} changed + {} removed cards: {:.0} ms ({outcome:?}); /revised once/ finds {}, {} cards in all",
        changed.len(),
        removed.len(),
        ms(elapsed),
        found.total,
        index.card_count()
    );
    let started = Instant::now();
    let outcome = index
        .update(&IndexChanges {
            base_stamp: "bench-2",
            stamp: "bench-2",
            changed: &[],
            removed: &[],
        })
        .expect("update");
    assert_eq!(outcome, UpdateOutcome::Unchanged);
    println!(
        "update with nothing changed: {:.3} ms",
        ms(started.elapsed())
    );
    for query in ["/fl(y|ies)/", "o:/deal \\d damage/", "order:name", "damage"] {
        let mut samples: Vec<Duration> = (0..20)
            .map(|_| {
                let started = Instant::now();
                index.search_text(query, options).expect("query");
                started.elapsed()
            })
            .collect();
        samples.sort();
        println!(
            "after the update: {query:<24} p50 {:.3} ms",
            percentile(&samples, 50.0)
        );
    }
}

/// Runs one query in a new process; returns (open ms, first query ms).
fn cold_run(exe: &Path, dir: &Path, query: &str) -> (f64, f64) {
    let output = Command::new(exe)
        .arg("cold")
        .arg(dir)
        .arg(query)
        .output()
        .expect("spawn the cold child");
    let text = String::from_utf8_lossy(&output.stdout);
    let mut parts = text
        .split_whitespace()
        .map(|p| p.parse::<f64>().unwrap_or(f64::NAN));
    (
        parts.next().unwrap_or(f64::NAN),
        parts.next().unwrap_or(f64::NAN),
    )
}

fn cold_child(dir: &Path, query: &str) {
    let games = load_games();
    let started = Instant::now();
    let index = CardIndex::open(dir, &games, STAMP).expect("open");
    let open = started.elapsed();
    let started = Instant::now();
    let results = index
        .search_text(
            query,
            &SearchOptions {
                game: None,
                limit: PAGE,
                collection: None,
            },
        )
        .expect("query");
    let first = started.elapsed();
    std::hint::black_box(results);
    println!("{} {}", ms(open), ms(first));
}

/// The game definitions shipped in the repository's `data/games/`.
fn load_games() -> Games {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/games");
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("data/games") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).expect("read a game");
            sources.push((path.display().to_string(), text));
        }
    }
    Games::from_sources(sources.iter().map(|(p, t)| (p.as_str(), t.as_str()))).expect("games")
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The nearest-rank percentile of sorted samples, in milliseconds.
fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    ms(sorted[rank.clamp(1, sorted.len()) - 1])
}
