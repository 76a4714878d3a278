//! The deck library as a user meets it: the bundled sample decks on first run (and once in
//! a database from an older build), and what a missing deck, version or card reports.

use deckhand::{Deckhand, SAMPLE_TAG};

/// The sample decks of a database: (name, deleted).
fn samples(deckhand: &Deckhand) -> Vec<(String, bool)> {
    deckhand
        .deck_list_items(None, true)
        .unwrap()
        .into_iter()
        .filter(|d| d.tags.iter().any(|t| t == SAMPLE_TAG))
        .map(|d| (d.summary.name, d.summary.deleted))
        .collect()
}

#[test]
fn a_new_database_holds_every_sample_deck_legal_and_tagged() {
    let deckhand = Deckhand::open_in_memory().unwrap();
    let items = deckhand.deck_list_items(None, false).unwrap();
    assert_eq!(items.len(), deckhand::bundled::DECK_FILES.len());
    for item in &items {
        assert_eq!(item.tags, [SAMPLE_TAG], "{}", item.summary.name);
        assert!(item.legal, "{} is not legal", item.summary.name);
    }
    let games: std::collections::BTreeSet<&str> =
        items.iter().map(|i| i.summary.game.as_str()).collect();
    assert_eq!(games.len(), 5, "every game has a sample: {games:?}");
    // A deck's size is what its rules count: a Showdown deck's characters are not in it.
    let sms = items
        .iter()
        .find(|i| i.summary.name == "Dojo Dawn Patrol")
        .expect("the hero Showdown sample");
    let view = deckhand.deck_view(sms.summary.id, None).unwrap();
    assert_eq!(
        (sms.summary.card_count, view.legality.counts["characters"]),
        (view.legality.counts["main"], 5)
    );
    let listed = deckhand.list_decks(Some("sms"), false).unwrap();
    assert!(listed
        .iter()
        .any(|d| d.id == sms.summary.id && d.card_count == sms.summary.card_count));
    let hotg = items
        .iter()
        .find(|i| i.summary.name == "Tide And Horn Duo")
        .expect("the two-Ranger sample");
    let view = deckhand.deck_view(hotg.summary.id, None).unwrap();
    assert!(view.notes.starts_with("Two-player mode"), "{}", view.notes);
}

#[test]
fn samples_are_given_once_and_a_deleted_one_stays_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");
    let first = {
        let mut deckhand = Deckhand::open(&db).unwrap();
        let id = deckhand.find_deck("Republic Vanguard").unwrap();
        deckhand.set_deck_deleted(id, true).unwrap();
        samples(&deckhand)
    };
    assert_eq!(first.iter().filter(|(_, deleted)| *deleted).count(), 1);
    let again = Deckhand::open(&db).unwrap();
    assert_eq!(samples(&again), first, "reopening gives nothing again");
}

#[test]
fn a_database_from_before_the_samples_gets_them_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");
    let mine = {
        let mut deckhand = Deckhand::open(&db).unwrap();
        let mut content = deckhand
            .deck_content(deckhand.find_deck("Republic Vanguard").unwrap(), None)
            .unwrap();
        content.name = "My own deck".into();
        content.tags.clear();
        deckhand.save_draft(None, &content).unwrap().id
    };
    // What an older build left: its own decks, and no record of samples.
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch(&format!(
            "DELETE FROM meta WHERE key LIKE 'sample%';
             DELETE FROM deck_versions WHERE deck_id <> {mine};
             DELETE FROM decks WHERE id <> {mine};"
        ))
        .unwrap();
    }
    let deckhand = Deckhand::open(&db).unwrap();
    assert_eq!(
        samples(&deckhand).len(),
        deckhand::bundled::DECK_FILES.len()
    );
    assert!(
        deckhand.deck_view(mine, None).is_ok(),
        "the user's deck is kept"
    );
    drop(deckhand);
    let deckhand = Deckhand::open(&db).unwrap();
    assert_eq!(
        samples(&deckhand).len(),
        deckhand::bundled::DECK_FILES.len()
    );
}

#[test]
fn a_missing_deck_version_or_card_is_not_found() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");
    let id = {
        let deckhand = Deckhand::open(&db).unwrap();
        let id = deckhand.find_deck("Republic Vanguard").unwrap();
        let missing_deck = deckhand.deck_view(9999, None).unwrap_err();
        assert_eq!(
            (missing_deck.code(), missing_deck.to_string().as_str()),
            ("not_found", "no deck with id 9999")
        );
        let missing_version = deckhand.deck_view(id, Some(7)).unwrap_err();
        assert_eq!(
            (missing_version.code(), missing_version.to_string()),
            ("not_found", format!("deck {id} has no version 7"))
        );
        id
    };
    // A card the deck lists is gone (a hand-edited database).
    let card: String = {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let card: String = conn
            .query_row(
                "SELECT json_extract(cards, '$[0].card') FROM deck_versions WHERE deck_id = ?1",
                [id],
                |r| r.get(0),
            )
            .unwrap();
        conn.execute("DELETE FROM cards WHERE id = ?1", [&card])
            .unwrap();
        card
    };
    let deckhand = Deckhand::open(&db).unwrap();
    let err = deckhand.deck_view(id, None).unwrap_err();
    assert_eq!(err.code(), "not_found");
    assert_eq!(
        err.to_string(),
        format!("deck {id} lists card '{card}', which is not in the database")
    );
}

#[test]
fn a_database_failure_reaches_the_user_without_sqlite_words() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");
    std::fs::write(
        &db,
        "this is not sqlite, just text that is long enough to matter",
    )
    .unwrap();
    let err = Deckhand::open(&db).err().expect("not a database");
    assert_eq!(err.code(), "database");
    assert!(err.to_string().contains("file is not a database"), "{err}");
    assert_eq!(
        err.user_message(),
        "the database file is damaged or is not a Deckhand database"
    );
}
