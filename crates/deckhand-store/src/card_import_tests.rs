use deckhand_core::{Card, Games, StatValue};

use super::*;

/// The one-stat game the store's unit tests share (a fixture file, not a copy per module).
const GAME: &str = include_str!("../tests/fixtures/tiny-game.toml");

fn store() -> Store {
    let mut store = Store::open_in_memory().unwrap();
    let games = Games::from_sources([("tiny.toml", GAME)]).unwrap();
    store.sync_games(games.iter()).unwrap();
    store
}

fn card(id: &str, name: &str) -> Card {
    Card {
        id: id.into(),
        game: "tiny".into(),
        name: name.into(),
        card_type: "Unit".into(),
        set: Some("HOME".into()),
        number: None,
        side: None,
        color: None,
        subtypes: vec![],
        keywords: vec![],
        text: None,
        stats: [("power".to_string(), StatValue::Number(1))].into(),
        effects: vec![],
        goldfish: None,
    }
}

/// `(name, sql)` of every index on `cards`, and whether SQLite finds the file sound.
fn card_indexes(store: &Store) -> (Vec<(String, Option<String>)>, String) {
    let indexes = store
        .conn
        .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'cards' ORDER BY name")
        .unwrap()
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let check = store
        .conn
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .unwrap();
    (indexes, check)
}

#[test]
fn a_bulk_import_makes_the_name_indexes_again_exactly_as_they_were() {
    let mut store = store();
    let before = card_indexes(&store);
    assert_eq!(before.0.len(), 4, "{before:?}");
    let mut run = store.begin_import().unwrap();
    run.defer_name_indexes().unwrap();
    run.begin_file("bulk.json", "tiny");
    for (id, name) in [("b", "Bravo"), ("a", "Alpha"), ("c", "Charlie")] {
        assert_eq!(run.card(&card(id, name)).unwrap(), CardOutcome::Added);
    }
    let outcome = run.commit().unwrap();
    assert_eq!(outcome.report.added, 3);
    assert_eq!(card_indexes(&store), before);
    // The index by name answers (the query planner uses it for this lookup).
    let by_name: String = store
        .conn
        .query_row(
            "SELECT id FROM cards INDEXED BY cards_by_name WHERE name_key = 'charlie'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(by_name, "c");
}

#[test]
fn a_bulk_import_given_up_leaves_the_indexes_where_they_were() {
    let mut store = store();
    let before = card_indexes(&store);
    let mut run = store.begin_import().unwrap();
    run.defer_name_indexes().unwrap();
    run.begin_file("bulk.json", "tiny");
    run.card(&card("a", "Alpha")).unwrap();
    drop(run);
    assert_eq!(card_indexes(&store), before);
}

#[test]
fn a_new_card_and_a_changed_one_are_stored_alike_in_one_run() {
    // New ids take the plain insert, known ones the upsert: both rows read back the same.
    let mut store = store();
    let mut run = store.begin_import().unwrap();
    run.begin_file("one.json", "tiny");
    run.card(&card("a", "Alpha")).unwrap();
    let mut changed = card("a", "Alpha Prime");
    changed.text = Some("Changed.".into());
    assert_eq!(run.card(&changed).unwrap(), CardOutcome::Updated);
    run.card(&card("b", "Bravo")).unwrap();
    run.commit().unwrap();
    let cards = store.cards(&crate::CardFilter::default()).unwrap();
    assert_eq!(cards, vec![changed, card("b", "Bravo")]);
}

fn set_of(cards: Vec<Card>) -> Vec<CardSet> {
    vec![CardSet {
        source_name: "home.json".into(),
        game: "tiny".into(),
        sets: vec![],
        cards,
    }]
}

/// Two processes setting up one new database: both saw the marker missing before either
/// took the write lock. The second must find it under the lock and import nothing (it
/// used to import everything again, holding the lock while a third waited).
#[test]
fn a_marked_import_that_another_connection_already_made_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite3");
    let games = Games::from_sources([("tiny.toml", GAME)]).unwrap();
    let mut first = Store::open(&path).unwrap();
    first.sync_games(games.iter()).unwrap();
    let mut second = Store::open(&path).unwrap();
    assert_eq!(second.meta("bundled").unwrap(), None);
    let report = first
        .import_unless_marked("bundled", "v1", &set_of(vec![card("a", "Alpha")]))
        .unwrap();
    assert_eq!(report.map(|r| r.added), Some(1));
    let stamp = second.data_stamp().unwrap();
    let again = second
        .import_unless_marked("bundled", "v1", &set_of(vec![card("a", "Renamed")]))
        .unwrap();
    assert_eq!(again, None);
    assert_eq!(second.card_by_id("a").unwrap().unwrap().name, "Alpha");
    assert_eq!(second.data_stamp().unwrap(), stamp);
    // Another build's marker imports.
    let newer = second
        .import_unless_marked("bundled", "v2", &set_of(vec![card("a", "Renamed")]))
        .unwrap();
    assert_eq!(newer.map(|r| r.updated), Some(1));
    assert_eq!(first.meta("bundled").unwrap().as_deref(), Some("v2"));
}

/// A card whose stored JSON would not read back (nested past serde_json's 128 levels:
/// the core refuses such effects, but the store does not trust its callers) is refused
/// before it is written, with nothing of the import kept: it would otherwise brick every
/// later read of the database.
#[test]
fn a_card_that_would_not_read_back_is_refused_and_nothing_is_written() {
    use deckhand_core::{Amount, Effect, Step, Trigger};
    let mut store = store();
    let mut steps = vec![Step::Draw {
        count: Amount::Fixed(1),
    }];
    for _ in 0..50 {
        steps = vec![Step::Choose {
            options: vec![
                steps,
                vec![Step::Heal {
                    amount: Amount::Fixed(1),
                }],
            ],
        }];
    }
    let mut deep = card("t-2", "Too Deep");
    deep.effects = vec![Effect {
        trigger: Trigger::Played,
        requirement: None,
        card: None,
        hp: None,
        optional: false,
        cost: vec![],
        steps,
    }];
    let set = CardSet {
        source_name: "deep.json".into(),
        game: "tiny".into(),
        sets: vec![],
        cards: vec![card("t-1", "Fine"), deep],
    };
    let err = store.import(&[set]).unwrap_err();
    assert!(
        matches!(&err, StoreError::Unstorable { id, .. } if id == "t-2"),
        "{err}"
    );
    assert_eq!(store.card_count(&CardFilter::default()).unwrap(), 0);
    assert!(store.cards(&CardFilter::default()).unwrap().is_empty());
}

/// A row a damaged file holds is left out of bulk reads and named, never fatal.
#[test]
fn an_unreadable_row_is_left_out_of_bulk_reads_and_named() {
    let mut store = store();
    let set = CardSet {
        source_name: "two.json".into(),
        game: "tiny".into(),
        sets: vec![],
        cards: vec![card("t-1", "Fine"), card("t-2", "Broken")],
    };
    store.import(&[set]).unwrap();
    store
        .conn
        .execute("UPDATE cards SET keywords = '[' WHERE id = 't-2'", [])
        .unwrap();
    let names: Vec<String> = store
        .cards(&CardFilter::default())
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(names, ["Fine"]);
    let mut seen = 0;
    store
        .for_each_card(&CardFilter::default(), |_| {
            seen += 1;
            Ok::<(), StoreError>(())
        })
        .unwrap();
    assert_eq!(seen, 1);
    let unreadable = store.unreadable_rows();
    assert_eq!(unreadable.len(), 1);
    assert_eq!(unreadable[0].0, "t-2");
    // Asked for by id, the row is an error naming it.
    assert!(matches!(
        store.card_by_id("t-2").unwrap_err(),
        StoreError::CorruptRow { id, .. } if id == "t-2"
    ));
}

/// The app asks once for every unreadable row (its reads may never meet one): the whole
/// table is read, a window of the card list leaves such a row out instead of failing, and a
/// deleted row is no longer named (issue 34).
#[test]
fn check_card_rows_finds_a_row_no_read_met_and_forgets_it_once_deleted() {
    let mut store = store();
    let set = CardSet {
        source_name: "two.json".into(),
        game: "tiny".into(),
        sets: vec![],
        cards: vec![card("t-1", "Fine"), card("t-2", "Broken")],
    };
    store.import(&[set]).unwrap();
    store
        .conn
        .execute(
            "UPDATE cards SET stats = '{\"power\": ' WHERE id = 't-2'",
            [],
        )
        .unwrap();
    assert!(store.unreadable_rows().is_empty());
    let found = store.check_card_rows().unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, "t-2");
    let rows = store.card_rows("tiny", 0, 10).unwrap();
    assert_eq!(
        rows.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
        ["t-1"]
    );
    store.delete_card("t-2", "delete card 'Broken'").unwrap();
    assert!(store.check_card_rows().unwrap().is_empty());
}
