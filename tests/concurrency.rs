//! Several `deckhand` processes on one database at once, as a script running beside the
//! app does: none may fail with "database is locked" or trip over another's first start.
//! Loops are bounded by counts, never by time.

mod common;

use std::process::Output;
use std::sync::atomic::{AtomicBool, Ordering};

use common::{deckhand, stderr, Env};

fn deck_count(env: &Env) -> usize {
    env.json(&["deck", "list", "--json"])
        .as_array()
        .unwrap()
        .len()
}

#[test]
fn four_processes_opening_one_new_database_at_once_all_succeed_and_set_it_up_once() {
    let alone = Env::new();
    alone.ok(&["games"]);
    let sample_decks = deck_count(&alone);
    for round in 0..4 {
        let env = Env::new();
        let children: Vec<_> = (0..4)
            .map(|_| {
                deckhand(&env.db, &["games"])
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            assert!(
                output.status.success(),
                "round {round}: {}",
                stderr(&output)
            );
        }
        // The first-start work (games, bundled cards, sample decks) happened once.
        assert_eq!(deck_count(&env), sample_decks, "round {round}");
        assert_eq!(env.ok(&["games"]), alone.ok(&["games"]), "round {round}");
    }
}

/// A card set of `count` cards of which only the last one says `edition`: importing the
/// other edition reads every card and writes one, at the end (a re-import of a big set in
/// which one card changed), so the import's transaction is long before its first write.
fn card_set(count: usize, edition: &str) -> String {
    let cards: Vec<String> = (0..count)
        .map(|i| {
            let text = if i + 1 == count { edition } else { "unchanged" };
            format!(
                r#"{{"name": "Busy Raptor {i}", "type": "Zoid", "id": "BSY-{i:04}", "text": "{text}",
                    "stats": {{"power": 4, "attack_energy": 1, "block_energy": 0}}}}"#
            )
        })
        .collect();
    format!(
        r#"{{"game": "zoids-scramble", "cards": [{}]}}"#,
        cards.join(",\n")
    )
}

#[test]
fn a_card_import_while_another_process_adds_to_the_collection_never_finds_the_database_locked() {
    let env = Env::new();
    env.ok(&["games"]);
    let editions: Vec<String> = ["first", "second"]
        .iter()
        .map(|edition| {
            let path = env.path(&format!("{edition}.json"));
            std::fs::write(&path, card_set(2000, edition)).unwrap();
            path.display().to_string()
        })
        .collect();
    let imports_done = AtomicBool::new(false);
    let (adds, import_failures) = std::thread::scope(|scope| {
        let adder = scope.spawn(|| {
            let mut outputs: Vec<Output> = Vec::new();
            // Until the imports are over, and at most this many.
            while !imports_done.load(Ordering::Relaxed) && outputs.len() < 1000 {
                outputs.push(
                    deckhand(&env.db, &["collection", "add", "Dawnmane Liger"])
                        .output()
                        .unwrap(),
                );
            }
            outputs
        });
        let mut failures = Vec::new();
        for round in 0..16 {
            let output = deckhand(&env.db, &["import", &editions[round % 2]])
                .output()
                .unwrap();
            if !output.status.success() {
                failures.push(format!("import {round}: {}", stderr(&output)));
            }
        }
        imports_done.store(true, Ordering::Relaxed);
        (adder.join().unwrap(), failures)
    });
    assert_eq!(import_failures, [] as [String; 0]);
    let add_failures: Vec<String> = adds
        .iter()
        .filter(|o| !o.status.success())
        .map(stderr)
        .collect();
    assert_eq!(add_failures, [] as [String; 0]);
    // Every add landed once.
    let rows = env.json(&["collection", "list", "--json"]);
    assert_eq!(rows[0]["count"].as_u64(), Some(adds.len() as u64));
}
