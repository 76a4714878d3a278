use std::path::Path;

use rusqlite::Connection;

use super::*;
use crate::collection::tests::{add, counts, store, store_at};
use crate::migrations::migrate_to;
use deckhand_core::Finish;

/// A good backup of a store holding one deck and a collection row, at `path`.
fn good_backup(path: &Path) {
    let dir = tempfile::tempdir().unwrap();
    let mut source = store_at(Some(&dir.path().join("source.sqlite3")));
    source
        .apply_collection_changes("a", &[add("wall", 3)], false)
        .unwrap();
    source.backup_to(path).unwrap();
}

/// The files in `dir` whose names contain `part`.
fn files_named(dir: &Path, part: &str) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(part))
        .collect()
}

const A_VIEW_THAT_NEVER_ENDS: &str = "
    DROP TABLE collection;
    CREATE VIEW collection (card, game, finish, condition, language, location, count, note) AS
        WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
        SELECT 'wall', 'tiny', 'normal', '', '', '', n, '' FROM r;";

#[test]
fn restore_refuses_a_backup_whose_schema_is_not_deckhands_and_the_live_database_keeps_working() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "a foreign trigger",
            "CREATE TRIGGER t AFTER INSERT ON collection BEGIN DELETE FROM decks; END;",
            "not a Deckhand backup: unexpected trigger 't'",
        ),
        (
            "the collection dropped",
            "DROP TABLE collection;",
            "not a Deckhand backup: missing table 'collection'",
        ),
        (
            "a never-ending recursive view for the collection",
            A_VIEW_THAT_NEVER_ENDS,
            "not a Deckhand backup: unexpected view 'collection'",
        ),
        (
            "only the meta table, at an old version",
            "DROP TABLE card_images; DROP TABLE collection; DROP TABLE collection_undo; DROP TABLE collection_undo_label;
             DROP TABLE card_undo; DROP TABLE card_undo_label; DROP TABLE card_undo_images;
             DROP TABLE wishlist; DROP TABLE deck_versions; DROP TABLE decks; DROP TABLE cards;
             DROP TABLE sets; DROP TABLE games; PRAGMA user_version = 3;",
            "not a Deckhand backup: missing table 'cards'",
        ),
        (
            "a foreign table",
            "CREATE TABLE notes (x);",
            "not a Deckhand backup: unexpected table 'notes'",
        ),
        (
            "a foreign index",
            "CREATE INDEX by_text ON cards (text);",
            "not a Deckhand backup: unexpected index 'by_text'",
        ),
        (
            "a table defined otherwise",
            "DROP TABLE wishlist;
             CREATE TABLE wishlist (card TEXT PRIMARY KEY, game TEXT NOT NULL, count INTEGER);
             CREATE INDEX wishlist_by_game ON wishlist (game, card);",
            "not a Deckhand backup: table 'wishlist' is not as schema version",
        ),
        (
            "a trigger whose name holds a line break",
            "CREATE TRIGGER \"a\nb\" AFTER INSERT ON decks BEGIN SELECT 1; END;",
            "unexpected trigger 'a?b'",
        ),
        (
            "no Deckhand schema version",
            "PRAGMA user_version = 0;",
            "not a Deckhand backup: it has no Deckhand schema version (0)",
        ),
        (
            "a deck of a game that does not exist",
            "PRAGMA foreign_keys = OFF;
             INSERT INTO decks (game, name, version, card_count) VALUES ('nope', 'x', 1, 0);",
            "a row of 'decks' refers to a row of 'games' that does not exist",
        ),
        (
            "no database id",
            "DELETE FROM meta WHERE key = 'database_id';",
            "not a Deckhand backup: it has no database id",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");
    let mut live = store_at(Some(&db));
    live.apply_collection_changes("a", &[add("brick", 2)], false)
        .unwrap();
    for (what, sql, expected) in cases {
        let file = dir.path().join("backup.db");
        let _ = std::fs::remove_file(&file);
        good_backup(&file);
        Connection::open(&file).unwrap().execute_batch(sql).unwrap();
        let err = live.restore_from(&file).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("{}: cannot restore: ", file.display())),
            "{what}: {err}"
        );
        assert!(err.contains(expected), "{what}: {err}");
        assert!(!err.contains('\n'), "{what}: {err}");
        // Untouched and still working: nothing replaced, nothing kept aside, no scratch
        // file left.
        assert_eq!(
            counts(&live),
            [("brick".into(), Finish::Normal, 2)],
            "{what}"
        );
        assert!(live.backups().is_empty(), "{what}: {:?}", live.backups());
        assert_eq!(files_named(dir.path(), "restore-check"), [] as [String; 0]);
        live.apply_collection_changes("b", &[add("gate", 1)], false)
            .unwrap();
        live.undo_collection().unwrap();
    }
}

#[test]
fn files_that_are_not_intact_deckhand_databases_are_refused_for_restore() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "count,name\n1,Brick\n".repeat(200)).unwrap();
    let other = dir.path().join("other.sqlite3");
    Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    let newer = dir.path().join("newer.sqlite3");
    {
        let store = store_at(Some(&newer));
        store.conn.pragma_update(None, "user_version", 999).unwrap();
    }
    let cases: [(&Path, &str); 5] = [
        (&text, "not a SQLite database"),
        (&other, "not a Deckhand backup"),
        (&newer, "newer than this Deckhand"),
        (&dir.path().join("missing.sqlite3"), "no such file"),
        (dir.path(), "a folder, not a file"),
    ];
    let mut store = store();
    store
        .apply_collection_changes("a", &[add("brick", 2)], false)
        .unwrap();
    for (path, expected) in cases {
        let err = store.restore_from(path).unwrap_err().to_string();
        assert!(err.contains(expected), "{path:?}: {err}");
        assert!(!err.contains('\n'), "{err}");
        assert_eq!(counts(&store), [("brick".into(), Finish::Normal, 2)]);
    }
}

#[test]
fn a_backup_passes_the_check_and_restoring_it_brings_the_old_collection_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");
    let mut store = store_at(Some(&db));
    store
        .apply_collection_changes("a", &[add("brick", 2)], false)
        .unwrap();
    let copy = dir.path().join("copy.sqlite3");
    store.backup_to(&copy).unwrap();
    let info = check_backup(&copy).unwrap();
    assert_eq!((info.collection_rows, info.cards), (1, 4));
    store
        .apply_collection_changes("b", &[add("wall", 7)], false)
        .unwrap();
    store.restore_from(&copy).unwrap();
    assert_eq!(counts(&store), [("brick".into(), Finish::Normal, 2)]);
    // The state replaced by the restore was itself kept.
    assert!(store
        .backups()
        .iter()
        .any(|p| p.to_string_lossy().contains(".before-restore.")));
    // Another connection sees the restored content.
    drop(store);
    assert_eq!(
        counts(&Store::open(&db).unwrap()),
        [("brick".into(), Finish::Normal, 2)]
    );
}

#[test]
fn a_restore_leaves_nothing_to_undo_from_before_the_backup() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = store_at(Some(&dir.path().join("deckhand.sqlite3")));
    store
        .apply_collection_changes("add brick", &[add("brick", 2)], false)
        .unwrap();
    store
        .conn
        .execute(
            "INSERT INTO card_undo_label (id, label) VALUES (1, 'add card ''Brick''')",
            [],
        )
        .unwrap();
    // The backup holds both undo journals as they are now.
    let copy = dir.path().join("copy.sqlite3");
    store.backup_to(&copy).unwrap();
    store
        .apply_collection_changes("add wall", &[add("wall", 3)], false)
        .unwrap();
    store.restore_from(&copy).unwrap();
    assert_eq!(counts(&store), [("brick".into(), Finish::Normal, 2)]);
    assert_eq!(store.collection_undo_label().unwrap(), None);
    assert_eq!(store.card_undo_label().unwrap(), None);
    assert!(store.undo_collection().unwrap().is_none());
}

#[test]
fn restore_reads_the_file_it_restores_without_changing_it_or_making_files_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let src_dir = dir.path().join("saved");
    std::fs::create_dir(&src_dir).unwrap();
    // A copy of a closed database file: WAL mode, which SQLite would open with -wal and
    // -shm files beside it.
    let src = src_dir.join("deckhand.sqlite3");
    {
        let mut old = store_at(Some(&src));
        old.apply_collection_changes("a", &[add("gate", 5)], false)
            .unwrap();
    }
    let before = std::fs::read(&src).unwrap();
    let mut live = store_at(Some(&dir.path().join("live.sqlite3")));
    live.restore_from(&src).unwrap();
    assert_eq!(counts(&live), [("gate".into(), Finish::Normal, 5)]);
    assert_eq!(std::fs::read(&src).unwrap(), before);
    assert_eq!(files_named(&src_dir, ""), ["deckhand.sqlite3"]);
    assert_eq!(files_named(dir.path(), "restore-check"), [] as [String; 0]);
}

#[test]
fn an_older_backup_is_migrated_on_a_copy_and_restored_at_this_schema() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.sqlite3");
    {
        let mut conn = Connection::open(&old).unwrap();
        migrate_to(&mut conn, 3).unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, name) VALUES ('tiny', 'Tiny Game');
             INSERT INTO decks (game, name, version, card_count) VALUES ('tiny', 'Old', 1, 0);",
        )
        .unwrap();
    }
    let mut live = store();
    let info = live.restore_from(&old).unwrap();
    assert_eq!((info.schema_version, info.decks), (3, 1));
    let version: i64 = live
        .conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    assert_eq!(live.decks(None, false).unwrap()[0].name, "Old");
    // The file itself stays at its version.
    let conn = Connection::open(&old).unwrap();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 3);
}

#[test]
fn the_watchdog_interrupts_a_query_that_never_ends() {
    let conn = Connection::open_in_memory().unwrap();
    let _watchdog = Watchdog::new(&conn, Instant::now());
    let err = conn
        .query_row(
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
             SELECT count(*) FROM r",
            [],
            |r| r.get::<_, i64>(0),
        )
        .unwrap_err();
    assert_eq!(
        err.sqlite_error_code(),
        Some(ErrorCode::OperationInterrupted)
    );
}
