use deckhand_core::{CardSet, Games};

use super::*;
use crate::backup::{backup_dir, BackupKind};
use crate::restore::check_backup;
use crate::{Store, StoreError};

const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Unit"
stats = []
[[sections]]
id = "main"
name = "Main"
"#;

fn games() -> Games {
    Games::from_sources([("tiny.toml", GAME)]).unwrap()
}

const CARDS: &str = r#"{"game": "tiny", "sets": [{"code": "T1", "name": "First"}],
    "cards": [
        {"id": "brick", "name": "Brick", "type": "Unit", "set": "T1"},
        {"id": "brick-2", "name": "Brick", "type": "Unit", "set": "T2"},
        {"id": "wall", "name": "Wall", "type": "Unit", "set": "T1"},
        {"id": "gate", "name": "Gate", "type": "Unit", "set": "T1"}
    ]}"#;

pub(crate) fn store_at(path: Option<&std::path::Path>) -> Store {
    let mut store = match path {
        Some(path) => Store::open(path).unwrap(),
        None => Store::open_in_memory().unwrap(),
    };
    store.sync_games(games().iter()).unwrap();
    let set = CardSet::from_json("set.json", CARDS, &games()).unwrap();
    store.import(&[set]).unwrap();
    store
}

pub(crate) fn store() -> Store {
    store_at(None)
}

pub(crate) fn add(card: &str, count: u32) -> CollectionChange {
    CollectionChange::Add {
        game: "tiny".into(),
        key: CopyKey::plain(card),
        count,
        note: None,
    }
}

fn foil(card: &str) -> CopyKey {
    CopyKey {
        finish: Finish::Foil,
        ..CopyKey::plain(card)
    }
}

pub(crate) fn counts(store: &Store) -> Vec<(String, Finish, u32)> {
    store
        .collection(None)
        .unwrap()
        .into_iter()
        .map(|r| (r.key.card, r.key.finish, r.count))
        .collect()
}

#[test]
fn adding_a_card_twice_sums_into_one_row_and_a_foil_is_a_row_of_its_own() {
    let mut store = store();
    store
        .apply_collection_changes("a", &[add("brick", 2), add("brick", 1)], false)
        .unwrap();
    let report = store
        .apply_collection_changes(
            "b",
            &[CollectionChange::Add {
                game: "tiny".into(),
                key: foil("brick"),
                count: 1,
                note: Some("signed".into()),
            }],
            false,
        )
        .unwrap();
    assert_eq!((report.new_rows, report.copies_delta), (1, 1));
    assert_eq!(
        counts(&store),
        [
            ("brick".into(), Finish::Normal, 3),
            ("brick".into(), Finish::Foil, 1)
        ]
    );
    assert_eq!(store.owned_counts(Some("tiny")).unwrap()["brick"], 4);
}

#[test]
fn undo_puts_back_the_state_before_the_last_import_and_only_once() {
    let mut store = store();
    store
        .apply_collection_changes("first", &[add("brick", 2)], false)
        .unwrap();
    let before = counts(&store);
    store
        .apply_collection_changes(
            "import big.csv",
            &[add("brick", 1), add("wall", 4), add("brick", 5)],
            false,
        )
        .unwrap();
    assert_eq!(
        store.collection_undo_label().unwrap().as_deref(),
        Some("import big.csv")
    );
    let undone = store.undo_collection().unwrap().unwrap();
    assert_eq!((undone.label.as_str(), undone.rows), ("import big.csv", 2));
    assert_eq!(counts(&store), before);
    assert_eq!(store.undo_collection().unwrap(), None);
    assert_eq!(counts(&store), before);
}

#[test]
fn removing_more_copies_than_owned_fails_and_changes_nothing() {
    let mut store = store();
    store
        .apply_collection_changes("a", &[add("brick", 2)], false)
        .unwrap();
    let err = store
        .apply_collection_changes(
            "b",
            &[
                add("wall", 1),
                CollectionChange::Remove {
                    key: CopyKey::plain("brick"),
                    count: 3,
                },
            ],
            false,
        )
        .unwrap_err();
    assert!(matches!(
        err,
        StoreError::NotEnoughCopies {
            owned: 2,
            asked: 3,
            ..
        }
    ));
    assert_eq!(counts(&store), [("brick".into(), Finish::Normal, 2)]);
    // The failed change did not replace the undo of the one before.
    assert_eq!(store.collection_undo_label().unwrap().as_deref(), Some("a"));
}

#[test]
fn removing_every_copy_or_setting_zero_deletes_the_row() {
    let mut store = store();
    store
        .apply_collection_changes("a", &[add("brick", 2), add("wall", 1)], false)
        .unwrap();
    let report = store
        .apply_collection_changes(
            "b",
            &[
                CollectionChange::Remove {
                    key: CopyKey::plain("brick"),
                    count: 2,
                },
                CollectionChange::Set {
                    game: "tiny".into(),
                    key: CopyKey::plain("wall"),
                    count: 0,
                    note: None,
                },
            ],
            false,
        )
        .unwrap();
    assert_eq!((report.removed_rows, report.copies_delta), (2, -3));
    assert!(counts(&store).is_empty());
}

#[test]
fn a_dry_run_reports_the_change_and_writes_nothing() {
    let mut store = store();
    let report = store
        .apply_collection_changes("preview", &[add("brick", 2), add("wall", 1)], true)
        .unwrap();
    assert_eq!((report.new_rows, report.copies_delta), (2, 3));
    assert!(counts(&store).is_empty());
    assert_eq!(store.collection_undo_label().unwrap(), None);
}

#[test]
fn owned_by_name_counts_every_printing_of_a_card() {
    let mut store = store();
    store
        .apply_collection_changes("a", &[add("brick", 2), add("brick-2", 1)], false)
        .unwrap();
    assert_eq!(store.owned_named("tiny", "brick").unwrap(), 3);
    assert_eq!(store.owned_by_name("tiny").unwrap()["brick"], 3);
    assert_eq!(store.owned_named("tiny", "gate").unwrap(), 0);
}

#[test]
fn set_completion_counts_distinct_owned_cards_of_each_set() {
    let mut store = store();
    store
        .apply_collection_changes(
            "a",
            &[
                add("brick", 3),
                CollectionChange::Add {
                    game: "tiny".into(),
                    key: foil("brick"),
                    count: 1,
                    note: None,
                },
                add("brick-2", 1),
            ],
            false,
        )
        .unwrap();
    let sets: Vec<(String, u32, u32)> = store
        .set_completion(Some("tiny"))
        .unwrap()
        .into_iter()
        .map(|s| (s.set, s.owned, s.total))
        .collect();
    assert_eq!(sets, [("T1".into(), 1, 3), ("T2".into(), 1, 1)]);
}

#[test]
fn the_wishlist_is_raised_to_at_least_the_count_asked_and_undone_like_the_collection() {
    let mut store = store();
    let wish = |count| CollectionChange::WishAtLeast {
        game: "tiny".into(),
        card: "wall".into(),
        count,
    };
    store
        .apply_collection_changes("w1", &[wish(2)], false)
        .unwrap();
    store
        .apply_collection_changes("w2", &[wish(1)], false)
        .unwrap();
    assert_eq!(store.wishlist(None).unwrap()[0].count, 2);
    store
        .apply_collection_changes("w3", &[wish(3)], false)
        .unwrap();
    store.undo_collection().unwrap();
    assert_eq!(store.wishlist(None).unwrap()[0].count, 2);
}

#[test]
fn a_wish_set_replaces_the_count_and_zero_removes_the_card_until_undone() {
    let mut store = store();
    let wish = |count| CollectionChange::WishSet {
        game: "tiny".into(),
        card: "wall".into(),
        count,
        note: None,
    };
    let wished = |store: &Store| -> Vec<u32> {
        store
            .wishlist(None)
            .unwrap()
            .iter()
            .map(|w| w.count)
            .collect()
    };
    // (count set, wishlist after, wishlist delta reported)
    let steps = [(3, vec![3], 3), (1, vec![1], -2), (0, vec![], -1)];
    for (count, after, delta) in steps {
        let report = store
            .apply_collection_changes("w", &[wish(count)], false)
            .unwrap();
        assert_eq!(wished(&store), after, "after setting {count}");
        assert_eq!(report.wishlist_delta, delta, "after setting {count}");
    }
    store.undo_collection().unwrap();
    assert_eq!(wished(&store), [1]);
}

#[test]
fn a_wishlist_note_is_kept_through_count_changes_and_each_edit_is_undone_once() {
    let mut store = store();
    let set = |count, note: Option<&str>| CollectionChange::WishSet {
        game: "tiny".into(),
        card: "wall".into(),
        count,
        note: note.map(str::to_owned),
    };
    let row = |store: &Store| {
        store
            .wishlist(None)
            .unwrap()
            .first()
            .map(|w| (w.count, w.note.clone()))
    };
    let apply = |store: &mut Store, change| {
        store
            .apply_collection_changes("w", &[change], false)
            .unwrap()
    };
    apply(&mut store, set(2, None));
    apply(&mut store, set(2, Some("the foil one")));
    assert_eq!(row(&store), Some((2, "the foil one".into())));
    // A count changed in the row, or raised by a deck's needs, keeps the note.
    apply(&mut store, set(3, None));
    apply(
        &mut store,
        CollectionChange::WishAtLeast {
            game: "tiny".into(),
            card: "wall".into(),
            count: 4,
        },
    );
    assert_eq!(row(&store), Some((4, "the foil one".into())));
    // One undo reverts the note's edit alone.
    apply(&mut store, set(4, Some("ask at the shop")));
    store.undo_collection().unwrap();
    assert_eq!(row(&store), Some((4, "the foil one".into())));
    // Taken off the list and put back by undo, the note comes back with it.
    apply(&mut store, set(0, None));
    assert_eq!(row(&store), None);
    store.undo_collection().unwrap();
    assert_eq!(row(&store), Some((4, "the foil one".into())));
}

/// A database from before migration 14 keeps its wishlist (with no notes) when migrated.
#[test]
fn migrating_an_old_database_keeps_its_wishlist_rows_each_with_an_empty_note() {
    let mut conn = rusqlite::Connection::open_in_memory().unwrap();
    crate::migrations::migrate_to(&mut conn, 13).unwrap();
    conn.execute_batch(
        "INSERT INTO games (id, name) VALUES ('tiny', 'Tiny');
         INSERT INTO wishlist (card, game, count) VALUES ('wall', 'tiny', 2), ('gone', 'tiny', 1);",
    )
    .unwrap();
    crate::migrations::migrate_to(&mut conn, crate::migrations::SCHEMA_VERSION).unwrap();
    let rows: Vec<(String, u32, String)> = conn
        .prepare("SELECT card, count, note FROM wishlist ORDER BY card")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        rows,
        [
            ("gone".to_owned(), 1, String::new()),
            ("wall".to_owned(), 2, String::new())
        ]
    );
}

#[test]
fn a_database_with_data_is_backed_up_before_its_schema_is_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.sqlite3");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        for sql in &crate::migrations::MIGRATIONS[..3] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 3).unwrap();
    }
    let store = Store::open(&db).unwrap();
    let backups = store.backups();
    assert_eq!(backups.len(), 1, "{backups:?}");
    assert!(backups[0]
        .to_string_lossy()
        .contains("old.before-migration."));
    assert_eq!(check_backup(&backups[0]).unwrap().schema_version, 3);
    // A new database has nothing to lose: no backup.
    let fresh = dir.path().join("fresh.sqlite3");
    drop(Store::open(&fresh).unwrap());
    drop(Store::open(&fresh).unwrap());
    assert_eq!(std::fs::read_dir(backup_dir(&db)).unwrap().count(), 1);
}

#[test]
fn the_daily_backup_is_made_once_a_day_and_only_seven_automatic_ones_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");
    let store = store_at(Some(&db));
    assert!(store.daily_backup().unwrap().is_some());
    assert!(store.daily_backup().unwrap().is_none());
    for _ in 0..9 {
        store.backup_in_dir(BackupKind::Migration).unwrap();
    }
    store.backup_in_dir(BackupKind::Manual).unwrap();
    let names: Vec<String> = store
        .backups()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let migration = names
        .iter()
        .filter(|n| n.contains(".before-migration."))
        .count();
    assert_eq!(migration, 7, "{names:?}");
    assert_eq!(names.iter().filter(|n| n.contains(".daily.")).count(), 1);
    assert_eq!(names.iter().filter(|n| n.contains(".manual.")).count(), 1);
}

#[test]
fn a_backup_whose_rename_fails_leaves_no_partial_file_behind() {
    let dir = tempfile::tempdir().unwrap();
    let store = store_at(Some(&dir.path().join("deckhand.sqlite3")));
    // A folder where the backup should go: the copy is made, the rename onto it fails.
    let target = dir.path().join("taken");
    std::fs::create_dir(&target).unwrap();
    let err = store.backup_to(&target).unwrap_err().to_string();
    assert!(err.starts_with("cannot write the backup"), "{err}");
    let partial: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".partial"))
        .collect();
    assert_eq!(partial, [] as [String; 0]);
    assert!(target.is_dir());
}
