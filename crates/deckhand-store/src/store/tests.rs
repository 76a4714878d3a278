use deckhand_core::{CardSet, Games};

use super::*;

/// The one-stat game the store's unit tests share (a fixture file, not a copy per module).
const GAME: &str = include_str!("../../tests/fixtures/tiny-game.toml");

fn games() -> Games {
    Games::from_sources([("tiny.toml", GAME)]).unwrap()
}

fn store() -> Store {
    let mut store = Store::open_in_memory().unwrap();
    store.sync_games(games().iter()).unwrap();
    store
}

fn set(json: &str) -> CardSet {
    CardSet::from_json("set.json", json, &games()).unwrap()
}

#[test]
fn imported_cards_read_back_identically() {
    let mut store = store();
    let set = set(
        r#"{"game": "tiny", "sets": [{"code": "T1", "name": "First"}],
        "cards": [{"name": "Brick", "type": "Unit", "set": "T1", "side": "villain",
                   "subtypes": ["Wall"], "stats": {"power": 3}, "text": "Sturdy."}]}"#,
    );
    let report = store.import(std::slice::from_ref(&set)).unwrap();
    assert_eq!((report.added, report.updated, report.unchanged), (1, 0, 0));
    let cards = store.cards(&CardFilter { game: Some("tiny") }).unwrap();
    assert_eq!(cards, set.cards);
    assert_eq!(store.cards_named("  BRICK ", None).unwrap(), set.cards);
    assert_eq!(store.card_counts().unwrap(), [("tiny".to_owned(), 1)]);
}

#[test]
fn reimporting_the_same_id_updates_instead_of_duplicating() {
    let mut store = store();
    store
        .import(&[set(
            r#"{"game": "tiny", "cards": [{"name": "Brick", "type": "Unit", "id": "b"}]}"#,
        )])
        .unwrap();
    let again = store
        .import(&[set(
            r#"{"game": "tiny", "cards": [{"name": "Brick", "type": "Unit", "id": "b"}]}"#,
        )])
        .unwrap();
    assert_eq!((again.added, again.updated, again.unchanged), (0, 0, 1));
    let changed = store
        .import(&[set(
            r#"{"game": "tiny", "cards": [{"name": "Big Brick", "type": "Unit", "id": "b"}]}"#,
        )])
        .unwrap();
    assert_eq!((changed.added, changed.updated), (0, 1));
    let cards = store.cards(&CardFilter::default()).unwrap();
    assert_eq!(cards.len(), 1);
    assert_eq!(cards[0].name, "Big Brick");
}

#[test]
fn a_failing_import_leaves_the_database_unchanged() {
    let mut store = store();
    let good = set(r#"{"game": "tiny", "cards": [{"name": "Brick", "type": "Unit"}]}"#);
    // A set for a game the database does not know violates a foreign key mid-run.
    let mut orphan = set(r#"{"game": "tiny", "cards": [{"name": "Ghost", "type": "Unit"}]}"#);
    orphan.cards[0].game = "missing".into();
    assert!(store.import(&[good, orphan]).is_err());
    assert!(store.cards(&CardFilter::default()).unwrap().is_empty());
}

#[test]
fn a_database_file_keeps_its_cards_and_refuses_a_newer_schema() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deckhand.sqlite3");
    {
        let mut store = Store::open(&path).unwrap();
        store.sync_games(games().iter()).unwrap();
        store
            .import(&[set(
                r#"{"game": "tiny", "cards": [{"name": "Brick", "type": "Unit"}]}"#,
            )])
            .unwrap();
    }
    assert_eq!(
        Store::open(&path)
            .unwrap()
            .cards(&CardFilter::default())
            .unwrap()
            .len(),
        1
    );

    Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let err = Store::open(&path).err().unwrap();
    assert!(
        matches!(err, StoreError::NewerSchema { found: 99, .. }),
        "{err}"
    );
}

#[test]
fn a_hand_corrupted_row_is_an_error_not_a_panic() {
    let mut store = store();
    store
        .import(&[set(
            r#"{"game": "tiny", "cards": [{"name": "Brick", "type": "Unit", "id": "b"}]}"#,
        )])
        .unwrap();
    store
        .conn
        .execute("UPDATE cards SET stats = 'nope'", [])
        .unwrap();
    let err = store.card_by_id("b").unwrap_err();
    assert!(matches!(err, StoreError::CorruptRow { .. }), "{err}");
}

fn content(name: &str, cards: &[(&str, u32, &str)]) -> crate::DeckContent {
    crate::DeckContent {
        game: "tiny".into(),
        name: name.into(),
        side: None,
        format: None,
        notes: "notes".into(),
        tags: vec!["aggro".into()],
        cards: cards
            .iter()
            .map(|(section, count, card)| crate::DeckCard {
                section: (*section).into(),
                count: *count,
                card: (*card).into(),
            })
            .collect(),
    }
}

#[test]
fn every_deck_save_is_a_version_and_old_versions_stay_readable() {
    let mut store = store();
    let (id, v1) = store
        .save_deck(
            None,
            &content("Bricks", &[("main", 3, "b"), ("side", 2, "c")]),
        )
        .unwrap();
    assert_eq!(v1, 1);
    let (same, v2) = store
        .save_deck(Some(id), &content("Bricks II", &[("main", 4, "b")]))
        .unwrap();
    assert_eq!((same, v2), (id, 2));

    let newest = store.deck(id, None).unwrap();
    assert_eq!(
        (newest.version, newest.content.name.as_str()),
        (2, "Bricks II")
    );
    let first = store.deck(id, Some(1)).unwrap();
    assert_eq!(
        first.content,
        content("Bricks", &[("main", 3, "b"), ("side", 2, "c")])
    );
    let versions: Vec<(i64, u32)> = store
        .deck_versions(id)
        .unwrap()
        .iter()
        .map(|v| (v.version, v.card_count))
        .collect();
    assert_eq!(versions, [(1, 3), (2, 4)], "side cards do not count");
    assert!(matches!(
        store.deck(id, Some(9)),
        Err(StoreError::NoSuchDeckVersion { version: 9, .. })
    ));
    assert!(matches!(
        store.save_deck(Some(99), &content("x", &[])),
        Err(StoreError::NoSuchDeck { id: 99 })
    ));
}

#[test]
fn each_deck_version_keeps_its_format_and_older_databases_read_as_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deckhand.sqlite3");
    {
        // A database of schema version 5, with a deck saved before formats existed.
        let conn = Connection::open(&path).unwrap();
        for sql in &crate::migrations::MIGRATIONS[..5] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 5).unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, name) VALUES ('tiny', 'Tiny');
             INSERT INTO decks (id, game, name, version, card_count) VALUES (1, 'tiny', 'Old', 1, 0);
             INSERT INTO deck_versions (deck_id, version, name) VALUES (1, 1, 'Old');",
        )
        .unwrap();
    }
    let mut store = Store::open(&path).unwrap();
    assert_eq!(store.deck(1, None).unwrap().content.format, None);
    let strict = crate::DeckContent {
        format: Some("strict".into()),
        ..content("Old", &[])
    };
    assert_eq!(store.save_deck(Some(1), &strict).unwrap(), (1, 2));
    assert_eq!(store.deck(1, None).unwrap().content, strict);
    assert_eq!(store.deck(1, Some(1)).unwrap().content.format, None);
}

#[test]
fn a_deleted_deck_leaves_the_list_and_can_be_restored() {
    let mut store = store();
    let (id, _) = store
        .save_deck(None, &content("Bricks", &[("main", 3, "b")]))
        .unwrap();
    store.save_deck(None, &content("Arches", &[])).unwrap();
    store.set_deck_deleted(id, true).unwrap();
    let listed: Vec<String> = store
        .decks(Some("tiny"), false)
        .unwrap()
        .into_iter()
        .map(|d| d.name)
        .collect();
    assert_eq!(listed, ["Arches"]);
    assert!(store.deck(id, None).unwrap().deleted);
    assert_eq!(store.decks(None, true).unwrap().len(), 2);
    store.set_deck_deleted(id, false).unwrap();
    let listed: Vec<String> = store
        .decks(None, false)
        .unwrap()
        .into_iter()
        .map(|d| d.name)
        .collect();
    assert_eq!(listed, ["Arches", "Bricks"]);
    assert_eq!(store.decks_named("bricks").unwrap(), [id]);
}

const OTHER_GAME: &str = r#"
id = "other"
name = "Other Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Spell"
[[sections]]
id = "main"
name = "Main"
"#;

#[test]
fn live_decks_are_the_newest_versions_of_decks_not_deleted() {
    let mut store = store();
    let (a, _) = store
        .save_deck(None, &content("A", &[("main", 1, "b")]))
        .unwrap();
    store
        .save_deck(Some(a), &content("A", &[("main", 3, "b")]))
        .unwrap();
    let (b, _) = store
        .save_deck(None, &content("B", &[("main", 2, "b")]))
        .unwrap();
    store.set_deck_deleted(b, true).unwrap();
    let decks = store.live_decks(Some("tiny")).unwrap();
    assert_eq!(decks.len(), 1);
    assert_eq!(decks[0].cards[0].count, 3);
}

#[test]
fn a_card_id_of_another_game_is_refused_naming_both_games() {
    let games = Games::from_sources([("tiny.toml", GAME), ("other.toml", OTHER_GAME)]).unwrap();
    let mut store = Store::open_in_memory().unwrap();
    store.sync_games(games.iter()).unwrap();
    let tiny = CardSet::from_json(
        "tiny.json",
        r#"{"game": "tiny", "cards": [{"name": "Brick", "type": "Unit", "id": "b"}]}"#,
        &games,
    )
    .unwrap();
    store.import(&[tiny]).unwrap();
    let other = CardSet::from_json(
        "other.json",
        r#"{"game": "other", "cards": [{"name": "Zap", "type": "Spell", "id": "z"},
                                       {"name": "Fireball", "type": "Spell", "id": "b"}]}"#,
        &games,
    )
    .unwrap();
    let err = store.import(&[other]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "other.json: card id 'b' already belongs to 'Brick' of tiny; a card of other cannot take it (give the card another id)"
    );
    // Nothing moved and nothing of the refused file landed.
    assert_eq!(store.card_by_id("b").unwrap().unwrap().game, "tiny");
    assert_eq!(store.card_counts().unwrap(), [("tiny".to_owned(), 1)]);
}

fn tagged(identity: &str, game: &str, cards: &[(&str, u32, &str)]) -> crate::TaggedDeck {
    let mut content = content(identity, cards);
    content.game = game.into();
    crate::TaggedDeck {
        identity: identity.into(),
        content,
    }
}

#[test]
fn cards_and_decks_land_together_or_not_at_all() {
    let mut store = store();
    let cards = set(r#"{"game": "tiny", "cards": [{"name": "Brick", "type": "Unit", "id": "b"}]}"#);
    let good = tagged("export:1", "tiny", &[("main", 3, "b")]);
    // A deck of a game the database does not know violates a foreign key after the cards
    // and the first deck were written: the whole run must roll back.
    let broken = tagged("export:2", "chess", &[("main", 1, "b")]);
    let err = store
        .import_with_decks(std::slice::from_ref(&cards), &[good.clone(), broken])
        .unwrap_err();
    assert!(matches!(err, StoreError::Sqlite(_)), "{err}");
    assert!(store.cards(&CardFilter::default()).unwrap().is_empty());
    assert!(store.decks(None, true).unwrap().is_empty());

    let (outcome, saved) = store
        .import_with_decks(std::slice::from_ref(&cards), std::slice::from_ref(&good))
        .unwrap();
    assert_eq!((outcome.report.added, saved.as_slice()), (1, &[true][..]));
    let (_, again) = store
        .import_with_decks(std::slice::from_ref(&cards), std::slice::from_ref(&good))
        .unwrap();
    assert_eq!(again, [false], "an unchanged deck is not saved again");
    let decks = store.decks(None, false).unwrap();
    assert_eq!(decks.len(), 1);
    let stored = store.deck(decks[0].id, None).unwrap();
    assert_eq!(stored.content.tags, ["export:1", "aggro"]);
}

#[test]
fn decks_saved_once_do_not_come_back_after_deletion() {
    let mut store = store();
    let samples = [
        content("Bricks", &[("main", 3, "b")]),
        content("Arches", &[]),
    ];
    assert_eq!(store.save_decks_once("samples", &samples).unwrap(), 2);
    assert_eq!(store.save_decks_once("samples", &samples).unwrap(), 0);
    let first = store.decks(None, false).unwrap()[0].id;
    store.set_deck_deleted(first, true).unwrap();
    assert_eq!(store.save_decks_once("samples", &samples).unwrap(), 0);
    assert_eq!(store.decks(None, false).unwrap().len(), 1);
    assert_eq!(store.decks(None, true).unwrap().len(), 2);
}

#[test]
fn every_deck_save_refuses_a_name_that_is_not_one_line() {
    let mut store = store();
    let cards = set(r#"{"game": "tiny", "cards": [{"name": "Brick", "type": "Unit", "id": "b"}]}"#);
    store.import(std::slice::from_ref(&cards)).unwrap();
    let bad = content("Bricks\n# game: chess", &[("main", 3, "b")]);
    let (id, _) = store.save_deck(None, &content("Bricks", &[])).unwrap();
    let tagged = crate::TaggedDeck {
        identity: "export:1".into(),
        content: bad.clone(),
    };
    let saves: [(&str, Result<(), StoreError>); 5] = [
        ("new", store.save_deck(None, &bad).map(drop)),
        ("next version", store.save_deck(Some(id), &bad).map(drop)),
        ("tagged", store.save_tagged_deck(&tagged).map(drop)),
        (
            "once",
            store
                .save_decks_once("samples", std::slice::from_ref(&bad))
                .map(drop),
        ),
        (
            "with cards",
            store
                .import_with_decks(std::slice::from_ref(&cards), std::slice::from_ref(&tagged))
                .map(drop),
        ),
    ];
    for (what, saved) in saves {
        let err = saved.unwrap_err();
        assert!(
            matches!(err, StoreError::DeckNameNotOneLine { .. }),
            "{what}: {err}"
        );
        let message = err.to_string();
        assert!(!message.contains('\n'), "{what}: {message}");
        assert!(message.contains(r#""Bricks\n# game: chess""#), "{message}");
        assert!(message.contains("a line break at character 7"), "{message}");
    }
    let decks = store.decks(None, true).unwrap();
    assert_eq!(decks.len(), 1);
    assert_eq!(store.deck(id, None).unwrap().version, 1);
}

const THREE: &str = r#"{"game": "tiny", "sets": [{"code": "T1", "name": "First"}], "cards": [
    {"name": "Brick", "type": "Unit", "set": "T1", "stats": {"power": 3}},
    {"name": "Stone", "type": "Unit", "set": "T2", "text": "Heavy."},
    {"name": "Sand", "type": "Unit"}]}"#;

#[test]
fn reimporting_an_unchanged_set_writes_nothing_and_keeps_the_generation() {
    let mut store = store();
    store.import(&[set(THREE)]).unwrap();
    let stamp = store.data_stamp().unwrap();
    let writes = store.conn.total_changes();
    let report = store.import(&[set(THREE)]).unwrap();
    assert_eq!((report.added, report.updated, report.unchanged), (0, 0, 3));
    assert_eq!(
        store.conn.total_changes(),
        writes,
        "an unchanged import wrote rows"
    );
    assert_eq!(store.data_stamp().unwrap(), stamp);
}

#[test]
fn a_streamed_import_reports_only_the_changed_cards_and_moves_the_generation() {
    let mut store = store();
    store.import(&[set(THREE)]).unwrap();
    let stamp = store.data_stamp().unwrap();
    let changed = set(&THREE.replace("Heavy.", "Very heavy."));
    let mut run = store.begin_import().unwrap();
    run.begin_file("set.json", "tiny");
    for info in &changed.sets {
        run.set(info).unwrap();
    }
    for card in &changed.cards {
        run.card(card).unwrap();
    }
    let outcome = run.commit().unwrap();
    assert_eq!(outcome.changed, ["tiny-stone"]);
    let report = outcome.report;
    assert_eq!((report.added, report.updated, report.unchanged), (0, 1, 2));
    assert_eq!(report.files.len(), 1);
    assert_ne!(store.data_stamp().unwrap(), stamp);
    let stone = store.card_by_id("tiny-stone").unwrap().unwrap();
    assert_eq!(stone.text.as_deref(), Some("Very heavy."));
}

#[test]
fn rows_stored_before_content_hashes_compare_by_content_once() {
    let mut store = store();
    store.import(&[set(THREE)]).unwrap();
    store
        .conn
        .execute("UPDATE cards SET content_hash = NULL", [])
        .unwrap();
    let report = store.import(&[set(THREE)]).unwrap();
    assert_eq!((report.added, report.updated, report.unchanged), (0, 0, 3));
    let writes = store.conn.total_changes();
    store.import(&[set(THREE)]).unwrap();
    assert_eq!(store.conn.total_changes(), writes);
}

#[test]
fn an_abandoned_import_run_writes_nothing() {
    let mut store = store();
    let three = set(THREE);
    {
        let mut run = store.begin_import().unwrap();
        run.begin_file("set.json", "tiny");
        run.card(&three.cards[0]).unwrap();
    }
    assert_eq!(store.card_counts().unwrap(), []);
}

/// A new file is switched to WAL under a read lock SQLite then upgrades without calling
/// the busy handler: while another connection writes it still in rollback mode (another
/// process switching the same new database), opening failed at once with "database is
/// locked". It must wait instead.
#[test]
fn opening_a_new_file_another_connection_is_writing_waits_for_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite3");
    let reader = Connection::open(&path).unwrap();
    reader
        .execute_batch("CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1);")
        .unwrap();
    let released = std::thread::scope(|scope| {
        let opening = scope.spawn(|| Store::open(&path).map(|_| ()));
        std::thread::sleep(std::time::Duration::from_millis(300));
        reader.execute_batch("COMMIT").unwrap();
        opening.join().unwrap()
    });
    released.unwrap();
}
