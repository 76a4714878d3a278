use deckhand_core::Games;

use super::*;

const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Unit"
stats = ["power"]
[stats.power]
label = "Power"
kind = "number"
[[sections]]
id = "main"
name = "Main"
"#;

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
