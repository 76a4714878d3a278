//! Card imports through the facade: what is written, what is re-indexed, what progress
//! is reported.

use std::path::{Path, PathBuf};

use deckhand_core::CardSet;
use deckhand_store::CardOutcome;

use crate::index_alongside::IndexAlongside;
use crate::{Deckhand, ImportProgress, ImportStage};

/// A Zoids Scramble set of `count` cards; card `i` says `text(i)`.
fn zoids_set(count: usize, text: impl Fn(usize) -> String) -> String {
    let cards: Vec<serde_json::Value> = (0..count)
        .map(|i| {
            serde_json::json!({
                "id": format!("T-{i:05}"), "name": format!("Test Raptor {i}"), "type": "Zoid",
                "set": "T", "text": text(i), "stats": {"power": i % 10}
            })
        })
        .collect();
    serde_json::json!({"game": "zoids-scramble", "sets": [{"code": "T", "name": "Test"}],
                       "cards": cards})
    .to_string()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The generation the index directory beside `db` points at.
fn current_generation(db: &Path) -> String {
    std::fs::read_to_string(db.with_extension("sqlite3.index").join("CURRENT")).unwrap()
}

#[test]
fn reimporting_an_unchanged_set_writes_nothing_and_keeps_the_index_generation() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let file = write(
        dir.path(),
        "set.json",
        &zoids_set(50, |i| format!("Text {i}.")),
    );
    let mut deckhand = Deckhand::open(&db).unwrap();
    let first = deckhand.import_files(&[&file], &mut |_| {}).unwrap();
    assert_eq!((first.added, first.updated, first.unchanged), (50, 0, 0));
    let generation = current_generation(&db);
    let stamp = deckhand.index().stamp();
    drop(deckhand);

    let mut deckhand = Deckhand::open(&db).unwrap();
    let mut stages = Vec::new();
    let again = deckhand
        .import_files(&[&file], &mut |p| stages.push(p.stage))
        .unwrap();
    assert_eq!((again.added, again.updated, again.unchanged), (0, 0, 50));
    assert!(!stages.contains(&ImportStage::Indexing), "{stages:?}");
    assert_eq!(current_generation(&db), generation);
    assert_eq!(deckhand.index().stamp(), stamp);
}

#[test]
fn a_changed_card_is_reindexed_by_itself_and_found_by_its_new_text() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let file = write(
        dir.path(),
        "set.json",
        &zoids_set(50, |i| format!("Text {i}.")),
    );
    let mut deckhand = Deckhand::open(&db).unwrap();
    deckhand.import_files(&[&file], &mut |_| {}).unwrap();
    let before = current_generation(&db);

    let changed = zoids_set(50, |i| {
        if i == 7 {
            "Zephyrquake shakes the field.".into()
        } else {
            format!("Text {i}.")
        }
    });
    let file = write(dir.path(), "set.json", &changed);
    let report = deckhand.import_files(&[&file], &mut |_| {}).unwrap();
    assert_eq!((report.added, report.updated, report.unchanged), (0, 1, 49));
    let page = deckhand.search("zephyrquake", None, 10).unwrap();
    let ids: Vec<&str> = page.cards.iter().map(|c| c.card.id.as_str()).collect();
    assert_eq!(ids, ["T-00007"]);
    // An incremental update: the new generation adds a text-store part to the old ones.
    let after = current_generation(&db);
    assert_ne!(after, before);
    let generation = db.with_extension("sqlite3.index").join(&after);
    assert!(
        generation.join("texts-1.bin").exists(),
        "rebuilt, not updated"
    );
    // And another process opening the database finds the index current.
    drop(deckhand);
    let reopened = Deckhand::open(&db).unwrap();
    assert_eq!(current_generation(&db), after);
    assert_eq!(reopened.search("zephyrquake", None, 10).unwrap().total, 1);
}

/// Per stage, `done` never goes down and the last report is `done == total`; stages come
/// in order.
fn assert_well_formed(reports: &[ImportProgress], stages: &[ImportStage]) {
    let seen: Vec<ImportStage> = reports.iter().fold(Vec::new(), |mut seen, p| {
        if seen.last() != Some(&p.stage) {
            seen.push(p.stage);
        }
        seen
    });
    assert_eq!(seen, stages);
    for stage in stages {
        let of_stage: Vec<&ImportProgress> = reports.iter().filter(|p| p.stage == *stage).collect();
        assert!(
            of_stage.windows(2).all(|w| w[0].done <= w[1].done),
            "{of_stage:?}"
        );
        assert!(of_stage
            .iter()
            .all(|p| p.done <= p.total && p.total == of_stage[0].total));
        let last = of_stage.last().unwrap();
        assert_eq!(last.done, last.total, "{stage:?}");
        assert!(last.total > 0);
    }
}

#[test]
fn import_progress_is_monotonic_per_stage_and_ends_at_the_total() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let file = write(
        dir.path(),
        "set.json",
        &zoids_set(6000, |i| format!("Text {i}.")),
    );
    let mut deckhand = Deckhand::open(&db).unwrap();
    let mut reports = Vec::new();
    deckhand
        .import_files(&[&file], &mut |p| reports.push(p))
        .unwrap();
    assert!(reports.len() > 4, "{reports:?}");
    assert_well_formed(&reports, &[ImportStage::Reading, ImportStage::Indexing]);
    let reading = reports
        .iter()
        .find(|p| p.stage == ImportStage::Reading)
        .unwrap();
    assert_eq!(reading.total, std::fs::metadata(&file).unwrap().len());
}

#[test]
fn collection_import_progress_is_monotonic_and_ends_at_the_total() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    let cards = deckhand.cards(Some("zoids-scramble")).unwrap();
    let mut csv = String::from("count,card,name,game\n");
    for i in 0..9000 {
        let card = &cards[i % cards.len()];
        let name = card.name.replace('"', "\"\"");
        csv.push_str(&format!(
            "{},{},\"{name}\",{}\n",
            i % 3 + 1,
            card.id,
            card.game
        ));
    }
    let mut reports = Vec::new();
    deckhand
        .import_collection_csv("c.csv", csv.as_bytes(), &Default::default(), &mut |p| {
            reports.push(p)
        })
        .unwrap();
    assert_well_formed(&reports, &[ImportStage::Reading, ImportStage::Storing]);
    let storing = reports
        .iter()
        .rfind(|p| p.stage == ImportStage::Storing)
        .unwrap();
    assert_eq!(storing.total as usize, cards.len().min(9000));
}

/// The ids `query` finds among the test cards, in order (the whole result list).
fn found(deckhand: &Deckhand, query: &str) -> (usize, Vec<String>) {
    let page = deckhand
        .search(query, Some("zoids-scramble"), 10_000)
        .unwrap();
    (
        page.total,
        page.cards.into_iter().map(|c| c.card.id).collect(),
    )
}

/// Past 5,000 new cards the index is built alongside the import (from the parsed cards,
/// on its own thread): it must answer as an index built from the database does.
#[test]
fn a_large_first_import_is_indexed_alongside_and_answers_as_a_rebuilt_index() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let count = 5_200;
    let file = write(
        dir.path(),
        "set.json",
        &zoids_set(count, |i| {
            format!("Draw {} cards. Storm {}.", i % 7, i % 13)
        }),
    );
    let mut deckhand = Deckhand::open(&db).unwrap();
    let before = deckhand.index().card_count() as usize;
    let report = deckhand.import_files(&[&file], &mut |_| {}).unwrap();
    assert_eq!(report.added, count);
    assert_eq!(deckhand.index().card_count() as usize, before + count);
    let queries = [
        "raptor",
        "\"draw 3 cards\"",
        "storm power>=5",
        "/storm 1[0-2]/",
        "t:zoid order:name",
    ];
    let alongside: Vec<_> = queries.iter().map(|q| found(&deckhand, q)).collect();
    assert!(alongside[0].0 >= count, "{:?}", alongside[0].0);
    drop(deckhand);
    // The same database, its index rebuilt from the rows.
    std::fs::remove_dir_all(db.with_extension("sqlite3.index")).unwrap();
    let deckhand = Deckhand::open(&db).unwrap();
    let rebuilt: Vec<_> = queries.iter().map(|q| found(&deckhand, q)).collect();
    for ((query, a), b) in queries.iter().zip(&alongside).zip(&rebuilt) {
        assert_eq!(a.0, b.0, "{query}: match counts differ");
        let (mut a, mut b) = (a.1.clone(), b.1.clone());
        if !query.contains("order:") {
            // Equal scores may tie-break by document order, which differs.
            a.sort();
            b.sort();
        }
        assert_eq!(a, b, "{query}");
    }
}

/// A large import that updates stored cards cannot be indexed alongside (their old
/// documents would stay): the index still ends up with the new text only.
#[test]
fn a_large_import_that_updates_cards_indexes_their_new_text_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let count = 5_200;
    let old = write(
        dir.path(),
        "old.json",
        &zoids_set(count, |i| format!("Zyxold words {i}.")),
    );
    let new = write(
        dir.path(),
        "new.json",
        &zoids_set(count, |i| format!("Zyxnew words {i}.")),
    );
    let mut deckhand = Deckhand::open(&db).unwrap();
    deckhand.import_files(&[&old], &mut |_| {}).unwrap();
    let report = deckhand.import_files(&[&new], &mut |_| {}).unwrap();
    assert_eq!(report.updated, count);
    assert_eq!(found(&deckhand, "zyxnew").0, count);
    assert_eq!(found(&deckhand, "zyxold").0, 0);
    let total = deckhand.index().card_count();
    drop(deckhand);
    std::fs::remove_dir_all(db.with_extension("sqlite3.index")).unwrap();
    assert_eq!(Deckhand::open(&db).unwrap().index().card_count(), total);
}

/// A large file of cards the database holds already arms the build alongside but never
/// starts it: re-importing an unchanged 100k set used to index every stored card for
/// nothing. New cards past the rebuild threshold start it.
#[test]
fn a_large_reimport_of_stored_cards_never_starts_the_index_build_alongside() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    let text = zoids_set(5_200, |i| format!("Old {i}."));
    deckhand
        .import_sources([("set.json", text.as_str())])
        .unwrap();
    let games = deckhand.games.clone();
    let stored = CardSet::from_json("set.json", &text, &games).unwrap().cards;
    let new_text = text.replace("\"T-", "\"N-");
    let new = CardSet::from_json("new.json", &new_text, &games)
        .unwrap()
        .cards;
    let mut run = deckhand.store.begin_import().unwrap();
    // 10 MB may hold 100,000 cards: armed.
    let mut alongside = IndexAlongside::arm(None, &games, &run, 10_000_000);
    assert!(alongside.is_armed());
    run.begin_file("set.json", "zoids-scramble");
    for card in stored {
        let outcome = run.card(&card).unwrap();
        assert_eq!(outcome, CardOutcome::Unchanged);
        alongside.card(&mut run, card, outcome).unwrap();
    }
    assert!(alongside.is_armed(), "unchanged cards started the build");
    for (added, card) in new.into_iter().enumerate() {
        let outcome = run.card(&card).unwrap();
        alongside.card(&mut run, card, outcome).unwrap();
        assert_eq!(
            alongside.is_following(),
            added >= 5_000,
            "after {added} added"
        );
    }
}

/// The stored text of every card of `deckhand` whose id starts with `T-`, by id.
fn stored_texts(deckhand: &Deckhand) -> Vec<(String, Option<String>)> {
    (0..3)
        .map(|i| {
            let card = deckhand.card(&format!("T-{i:05}"), None).unwrap();
            (card.id, card.text)
        })
        .collect()
}

#[test]
fn a_card_edited_since_its_import_is_read_again_and_put_back_as_the_file_says() {
    // The file's unchanged cards are recognised by their text as written (input keys);
    // an edit rewrites the row, and the key taken for its old content must not vouch
    // for it.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let file = write(
        dir.path(),
        "set.json",
        &zoids_set(3, |i| format!("Text {i}.")),
    );
    let mut deckhand = Deckhand::open(&db).unwrap();
    deckhand.import_files(&[&file], &mut |_| {}).unwrap();
    let card = deckhand.card("T-00001", None).unwrap();
    let mut draft = deckhand_core::CardDraft::from_card(&card);
    draft.text = Some("Edited by hand.".into());
    deckhand
        .save_card_draft("zoids-scramble", Some("T-00001"), &draft)
        .unwrap();

    let again = deckhand.import_files(&[&file], &mut |_| {}).unwrap();
    assert_eq!((again.added, again.updated, again.unchanged), (0, 1, 2));
    assert_eq!(
        stored_texts(&deckhand),
        [0, 1, 2].map(|i| (format!("T-{i:05}"), Some(format!("Text {i}."))))
    );
    // Put back from the file, the card is recognised by its input again next time.
    let third = deckhand.import_files(&[&file], &mut |_| {}).unwrap();
    assert_eq!((third.added, third.updated, third.unchanged), (0, 0, 3));
}

#[test]
fn a_card_undone_to_its_earlier_content_is_read_again_on_the_next_import() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let old = write(
        dir.path(),
        "old.json",
        &zoids_set(3, |i| format!("Old {i}.")),
    );
    let new = write(
        dir.path(),
        "new.json",
        &zoids_set(3, |i| format!("New {i}.")),
    );
    let options = crate::CardImportOptions::default();
    let mut deckhand = Deckhand::open(&db).unwrap();
    deckhand
        .import_card_files(&[&old], &options, &mut |_| {})
        .unwrap();
    deckhand
        .import_card_files(&[&new], &options, &mut |_| {})
        .unwrap();
    // Undo puts the old rows back; the keys of `new`'s inputs stay in the rows, taken
    // for content they no longer hold.
    deckhand.undo_cards().unwrap();
    let again = deckhand
        .import_card_files(&[&new], &options, &mut |_| {})
        .unwrap();
    assert_eq!((again.added, again.updated, again.unchanged), (0, 3, 0));
    assert_eq!(
        stored_texts(&deckhand),
        [0, 1, 2].map(|i| (format!("T-{i:05}"), Some(format!("New {i}."))))
    );
}

#[test]
fn two_files_of_one_run_naming_one_id_still_end_with_the_last_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let old = write(
        dir.path(),
        "old.json",
        &zoids_set(3, |i| format!("Old {i}.")),
    );
    let new = write(
        dir.path(),
        "new.json",
        &zoids_set(3, |i| format!("New {i}.")),
    );
    let mut deckhand = Deckhand::open(&db).unwrap();
    deckhand.import_files(&[&old], &mut |_| {}).unwrap();
    // `old` is stored as written, so its cards are known by their inputs; `new` rewrote
    // them earlier in the same run, and the last file must win.
    deckhand.import_files(&[&new, &old], &mut |_| {}).unwrap();
    assert_eq!(
        stored_texts(&deckhand),
        [0, 1, 2].map(|i| (format!("T-{i:05}"), Some(format!("Old {i}."))))
    );
}

#[test]
fn a_card_repeated_in_a_file_is_refused_even_when_both_are_known_by_their_input() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let text = zoids_set(2, |i| format!("Text {i}."));
    let file = write(dir.path(), "set.json", &text);
    let mut deckhand = Deckhand::open(&db).unwrap();
    deckhand.import_files(&[&file], &mut |_| {}).unwrap();
    // The same card object twice, exactly as stored.
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let first = value["cards"][0].to_string();
    let doubled = text.replacen(&first, &format!("{first},{first}"), 1);
    let file = write(dir.path(), "doubled.json", &doubled);
    let error = deckhand
        .import_files(&[&file], &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("cards[1].id") && error.contains("used again"),
        "{error}"
    );
}

#[test]
fn an_import_that_adds_a_card_and_rewrites_it_from_a_later_file_is_undone_to_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let options = crate::CardImportOptions::default();
    let kept = write(
        dir.path(),
        "kept.json",
        &zoids_set(2, |i| format!("Kept {i}.")),
    );
    let first = write(dir.path(), "a.json", &zoids_set(3, |i| format!("A {i}.")));
    let second = write(dir.path(), "b.json", &zoids_set(3, |i| format!("B {i}.")));
    let mut deckhand = Deckhand::open(&db).unwrap();
    deckhand
        .import_card_files(&[&kept], &options, &mut |_| {})
        .unwrap();
    // One run: `a` updates T-00000 and T-00001 and adds T-00002; `b` rewrites all three.
    deckhand
        .import_card_files(&[&first, &second], &options, &mut |_| {})
        .unwrap();
    assert_eq!(
        stored_texts(&deckhand),
        [0, 1, 2].map(|i| (format!("T-{i:05}"), Some(format!("B {i}."))))
    );
    let undone = deckhand.undo_cards().unwrap();
    assert_eq!(undone.removed, ["T-00002"]);
    assert_eq!(undone.restored.len(), 2, "{undone:?}");
    assert!(deckhand.card("T-00002", None).is_err());
    for i in 0..2 {
        let card = deckhand.card(&format!("T-{i:05}"), None).unwrap();
        assert_eq!(card.text.as_deref(), Some(format!("Kept {i}.").as_str()));
    }
}

#[test]
fn an_import_that_fails_in_its_last_file_writes_nothing_of_the_files_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    let good = write(
        dir.path(),
        "good.json",
        &zoids_set(300, |i| format!("Good {i}.")),
    );
    // A later file whose last card is not a card of the game: read on its own thread while
    // the cards before it are stored, it must still undo them all.
    let mut bad: serde_json::Value =
        serde_json::from_str(&zoids_set(300, |i| format!("Bad {i}."))).unwrap();
    bad["cards"][299]["type"] = "Not A Type".into();
    let bad = write(dir.path(), "bad.json", &bad.to_string());
    let mut deckhand = Deckhand::open(&db).unwrap();
    let before = deckhand.store.card_count(&Default::default()).unwrap();
    let error = deckhand
        .import_files(&[&good, &bad], &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("bad.json") && error.contains("cards[299]"),
        "{error}"
    );
    assert_eq!(
        deckhand.store.card_count(&Default::default()).unwrap(),
        before
    );
}
