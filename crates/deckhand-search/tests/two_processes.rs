//! Two real processes on one index directory (issue 7, "Two processes, one database"): a
//! reader searching in a loop while two writers rebuild and update the index over and over.
//!
//! The roles run in child processes: this test binary started again with `--ignored --exact
//! <role>` and the directory in an environment variable.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use deckhand_core::{Card, Games, StatValue};
use deckhand_search::{CardIndex, IndexChanges, SearchOptions, UpdateOutcome};

const DIR: &str = "DECKHAND_SEARCH_TEST_DIR";
const WRITER: &str = "DECKHAND_SEARCH_TEST_WRITER";
const CARDS: usize = 300;
const ROUNDS: usize = 12;
const FIRST_STAMP: &str = "initial";

fn games() -> Games {
    Games::from_sources([("tiny.toml", include_str!("fixtures/tiny.toml"))]).unwrap()
}

/// The cards after `round`: every card says which round last wrote it.
fn cards(round: &str) -> Vec<Card> {
    (0..CARDS)
        .map(|i| Card {
            id: format!("c{i:04}"),
            game: "tiny".into(),
            name: format!("Card {i:04}"),
            card_type: "Unit".into(),
            set: Some("T1".into()),
            number: None,
            side: None,
            color: None,
            subtypes: Vec::new(),
            keywords: Vec::new(),
            text: Some(format!("Round {round} wrote card {i}. Flying.")),
            stats: BTreeMap::from([("cost".to_owned(), StatValue::Number((i % 5) as i64))]),
            effects: Vec::new(),
            goldfish: None,
        })
        .collect()
}

fn options(limit: usize) -> SearchOptions<'static> {
    SearchOptions {
        game: None,
        limit,
        collection: None,
    }
}

fn spawn(role: &str, dir: &Path, writer: &str) -> Child {
    Command::new(std::env::current_exe().unwrap())
        .args([
            "--ignored",
            "--exact",
            role,
            "--nocapture",
            "--test-threads=1",
        ])
        .env(DIR, dir)
        .env(WRITER, writer)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap()
}

fn finish(child: Child, what: &str) -> String {
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{what} failed:\n{stdout}");
    stdout
}

#[test]
fn a_reader_keeps_consistent_results_while_two_writers_rebuild_and_update() {
    let dir = std::env::temp_dir().join(format!("deckhand-two-processes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let index_dir = dir.join("cards.index");
    CardIndex::build_in_dir(&index_dir, &games(), FIRST_STAMP, &cards(FIRST_STAMP)).unwrap();

    let mut reader = spawn("reader_role", &index_dir, "");
    // Wait until the reader has opened the first generation.
    let started = Instant::now();
    while !dir.join("cards.index.reader-ready").exists() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "reader never started"
        );
        if let Some(status) = reader.try_wait().unwrap() {
            panic!("reader exited early: {status}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let writers = [
        spawn("writer_role", &index_dir, "a"),
        spawn("writer_role", &index_dir, "b"),
    ];
    let reports: Vec<String> = writers.into_iter().map(|w| finish(w, "a writer")).collect();
    std::fs::write(dir.join("cards.index.stop"), b"").unwrap();
    let reader_report = finish(reader, "the reader");
    println!("{reader_report}{}", reports.concat());

    let seen = reader_report
        .lines()
        .find_map(|l| l.strip_prefix("generations seen: "))
        .and_then(|n| n.trim().parse::<usize>().ok())
        .unwrap_or(0);
    assert!(
        seen >= 2,
        "the reader should have moved to newer generations:\n{reader_report}\n{reports:?}"
    );

    // What is left opens, holds every card, and old generations were collected.
    let current = std::fs::read_to_string(index_dir.join("CURRENT")).unwrap();
    let manifest =
        std::fs::read_to_string(index_dir.join(current.trim()).join("MANIFEST")).unwrap();
    let stamp = manifest
        .lines()
        .find_map(|l| l.split_once("; data ").map(|(_, s)| s.to_owned()))
        .unwrap();
    let index = CardIndex::open(&index_dir, &games(), &stamp).expect("the final index opens");
    assert_eq!(index.card_count(), CARDS as u64);
    let generations = std::fs::read_dir(&index_dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("gen-"))
        .count();
    assert_eq!(generations, 1, "unused generations are collected");
    drop(index);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Searches until told to stop; every result must describe one whole generation.
#[test]
#[ignore = "a role of the two-process test, run in a child process"]
fn reader_role() {
    let index_dir = PathBuf::from(std::env::var(DIR).unwrap());
    let index = CardIndex::open(&index_dir, &games(), FIRST_STAMP).expect("open");
    let parent = index_dir.parent().unwrap();
    std::fs::write(parent.join("cards.index.reader-ready"), b"").unwrap();
    let mut stamps = std::collections::BTreeSet::new();
    let mut searches = 0;
    while !parent.join("cards.index.stop").exists() {
        stamps.insert(index.stamp());
        for (query, expected) in [
            ("/round \\w+ wrote card/", CARDS),
            ("o:flying", CARDS),
            ("t:unit cost>=0", CARDS),
            ("cost:0", CARDS / 5),
            ("n:/^card 00[0-4]\\d$/", 50),
        ] {
            let results = index
                .search_text(query, &options(CARDS))
                .unwrap_or_else(|e| panic!("{query}: {e}"));
            assert_eq!(results.total, expected, "{query}");
            assert_eq!(results.hits.len(), expected, "{query}");
            let ids: std::collections::BTreeSet<&str> =
                results.hits.iter().map(|h| h.id.as_str()).collect();
            assert_eq!(ids.len(), expected, "{query}: duplicate hits");
        }
        let by_name = index.search_text("order:name", &options(3)).unwrap();
        let first: Vec<&str> = by_name.hits.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(first, ["c0000", "c0001", "c0002"]);
        searches += 1;
    }
    println!("searches: {searches}");
    println!("generations seen: {}", stamps.len());
}

/// Rebuilds and updates the index `ROUNDS` times, as the other writer does the same.
#[test]
#[ignore = "a role of the two-process test, run in a child process"]
fn writer_role() {
    let index_dir = PathBuf::from(std::env::var(DIR).unwrap());
    let name = std::env::var(WRITER).unwrap();
    let games = games();
    let mut stamp = FIRST_STAMP.to_owned();
    let index = CardIndex::open(&index_dir, &games, &stamp)
        .map_or_else(
            || CardIndex::build_in_dir(&index_dir, &games, "x", &cards("x")),
            Ok,
        )
        .unwrap();
    let (mut updated, mut stale) = (0, 0);
    for round in 0..ROUNDS {
        let next = format!("{name}{round}");
        let all = cards(&next);
        if round % 4 == 0 {
            index.rebuild(&next, &all).unwrap();
        } else {
            let changed: Vec<Card> = all.iter().step_by(2).cloned().collect();
            let outcome = index
                .update(&IndexChanges {
                    base_stamp: &stamp,
                    stamp: &next,
                    changed: &changed,
                    removed: &[],
                })
                .unwrap();
            match outcome {
                UpdateOutcome::Stale => {
                    stale += 1;
                    index.rebuild(&next, &all).unwrap();
                }
                _ => updated += 1,
            }
        }
        stamp = next;
        std::thread::sleep(Duration::from_millis(10));
    }
    println!("updates applied: {updated}, stale: {stale}");
}
