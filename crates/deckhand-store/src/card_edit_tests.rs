use deckhand_core::{Card, CardSet, Games, StatValue};

use super::*;
use crate::{CardFilter, CollectionChange, CopyKey, DeckCard, DeckContent};

/// The one-stat game the store's unit tests share (a fixture file, not a copy per module).
const GAME: &str = include_str!("../tests/fixtures/tiny-game.toml");

fn games() -> Games {
    Games::from_sources([("tiny.toml", GAME)]).unwrap()
}

fn store() -> Store {
    let mut store = Store::open_in_memory().unwrap();
    store.sync_games(games().iter()).unwrap();
    store
}

fn card(id: &str, name: &str, power: i64) -> Card {
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
        stats: [("power".to_owned(), StatValue::Number(power))].into(),
        effects: vec![],
        goldfish: None,
    }
}

fn deck(name: &str, card: &str) -> DeckContent {
    DeckContent {
        game: "tiny".into(),
        name: name.into(),
        side: None,
        format: None,
        notes: String::new(),
        tags: vec![],
        cards: vec![DeckCard {
            section: "main".into(),
            count: 2,
            card: card.into(),
        }],
    }
}

fn all(store: &Store) -> Vec<Card> {
    store.cards(&CardFilter::default()).unwrap()
}

#[test]
fn an_added_card_reads_back_and_undo_removes_it() {
    let mut store = store();
    assert!(store
        .save_card(&card("a", "Ant", 1), SaveCard::New, "add Ant")
        .unwrap());
    assert_eq!(all(&store), [card("a", "Ant", 1)]);
    assert_eq!(store.card_undo_label().unwrap().unwrap().label, "add Ant");
    let undone = store.undo_cards().unwrap().unwrap();
    assert_eq!(undone.removed, ["a"]);
    assert!(all(&store).is_empty());
    assert_eq!(store.undo_cards().unwrap(), None);
}

#[test]
fn a_new_card_refuses_a_taken_id_and_an_edit_needs_one() {
    let mut store = store();
    store
        .save_card(&card("a", "Ant", 1), SaveCard::New, "add")
        .unwrap();
    let taken = store
        .save_card(&card("a", "Other", 2), SaveCard::New, "add")
        .unwrap_err();
    assert!(
        taken
            .to_string()
            .contains("id 'a' already belongs to 'Ant'"),
        "{taken}"
    );
    let missing = store
        .save_card(&card("b", "Bee", 2), SaveCard::Existing, "edit")
        .unwrap_err();
    assert!(matches!(missing, StoreError::NoSuchCard { .. }));
}

#[test]
fn undo_puts_an_edited_card_back_as_it_was() {
    let mut store = store();
    store
        .save_card(&card("a", "Ant", 1), SaveCard::New, "add")
        .unwrap();
    store
        .save_card(&card("a", "Giant Ant", 5), SaveCard::Existing, "edit")
        .unwrap();
    assert_eq!(all(&store), [card("a", "Giant Ant", 5)]);
    let undone = store.undo_cards().unwrap().unwrap();
    assert_eq!(
        (undone.label.as_str(), undone.restored.as_slice()),
        ("edit", &["a".to_owned()][..])
    );
    assert_eq!(all(&store), [card("a", "Ant", 1)]);
}

#[test]
fn an_edit_that_changes_nothing_keeps_the_previous_undo() {
    let mut store = store();
    store
        .save_card(&card("a", "Ant", 1), SaveCard::New, "add Ant")
        .unwrap();
    assert!(!store
        .save_card(&card("a", "Ant", 1), SaveCard::Existing, "edit")
        .unwrap());
    assert_eq!(store.card_undo_label().unwrap().unwrap().label, "add Ant");
}

#[test]
fn delete_is_refused_while_decks_or_the_collection_use_the_card_naming_them() {
    let mut store = store();
    store
        .save_card(&card("a", "Ant", 1), SaveCard::New, "add")
        .unwrap();
    let (deck_id, _) = store.save_deck(None, &deck("Swarm", "a")).unwrap();
    // The newest version no longer uses it; version 1 still does.
    let mut later = deck("Swarm", "a");
    later.cards.clear();
    store.save_deck(Some(deck_id), &later).unwrap();
    store.save_deck(None, &deck("Hive", "a")).unwrap();
    store
        .apply_collection_changes(
            "add",
            &[CollectionChange::Add {
                game: "tiny".into(),
                key: CopyKey::plain("a"),
                count: 3,
                note: None,
            }],
            false,
        )
        .unwrap();
    let refused = store.delete_card("a", "delete Ant").unwrap_err();
    let StoreError::CardInUse { uses, .. } = &refused else {
        panic!("{refused}");
    };
    assert_eq!(
        uses,
        &[
            "deck 'Hive'".to_owned(),
            "deck 'Swarm' (version 1)".to_owned(),
            "the collection (3 copies)".to_owned()
        ]
    );
    assert_eq!(all(&store).len(), 1);
}

#[test]
fn a_deleted_card_comes_back_with_undo() {
    let mut store = store();
    store
        .save_card(&card("a", "Ant", 1), SaveCard::New, "add")
        .unwrap();
    store.delete_card("a", "delete Ant").unwrap();
    assert!(all(&store).is_empty());
    let undone = store.undo_cards().unwrap().unwrap();
    assert_eq!(undone.restored, ["a"]);
    assert_eq!(all(&store), [card("a", "Ant", 1)]);
}

#[test]
fn undoing_a_card_delete_brings_its_image_back_too() {
    let mut store = store();
    store
        .save_card(&card("a", "Ant", 1), SaveCard::New, "add")
        .unwrap();
    let image = crate::NewImage {
        card: "a".into(),
        format: "png",
        width: 2,
        height: 3,
        data: b"full".to_vec(),
        thumbnail: b"small".to_vec(),
    };
    store.set_card_images(std::slice::from_ref(&image)).unwrap();
    store.delete_card("a", "delete Ant").unwrap();
    assert_eq!(store.card_image("a").unwrap(), None);
    store.undo_cards().unwrap().unwrap();
    let back = store.card_image("a").unwrap().expect("the image is back");
    assert_eq!(
        (back.format.as_str(), back.width, back.height),
        ("png", 2, 3)
    );
    assert_eq!(back.data, image.data);
    assert_eq!(store.card_thumbnail("a").unwrap(), Some(image.thumbnail));
    // The journal is spent: a second undo has nothing to put back.
    assert_eq!(store.undo_cards().unwrap(), None);
}

#[test]
fn undo_of_an_import_restores_updated_cards_and_removes_added_ones() {
    let mut store = store();
    store
        .save_card(&card("a", "Ant", 1), SaveCard::New, "add")
        .unwrap();
    let set = CardSet::from_json(
        "set.json",
        r#"{"game": "tiny", "cards": [
            {"id": "a", "name": "Ant", "type": "Unit", "set": "HOME", "stats": {"power": 9}},
            {"id": "b", "name": "Bee", "type": "Unit"}]}"#,
        &games(),
    )
    .unwrap();
    let mut run = store.begin_undoable_import("import set.json").unwrap();
    run.begin_file("set.json", "tiny");
    for c in &set.cards {
        run.card(c).unwrap();
    }
    run.commit().unwrap();
    assert_eq!(all(&store).len(), 2);
    let undone = store.undo_cards().unwrap().unwrap();
    assert_eq!((undone.restored.len(), undone.removed.len()), (1, 1));
    assert_eq!(all(&store), [card("a", "Ant", 1)]);
}

#[test]
fn undo_refuses_to_remove_an_added_card_a_deck_now_uses() {
    let mut store = store();
    store
        .save_card(&card("a", "Ant", 1), SaveCard::New, "add Ant")
        .unwrap();
    store.save_deck(None, &deck("Swarm", "a")).unwrap();
    let refused = store.undo_cards().unwrap_err();
    assert!(
        refused.to_string().contains("used by deck 'Swarm'"),
        "{refused}"
    );
    assert_eq!(all(&store).len(), 1);
    assert!(store.card_undo_label().unwrap().is_some());
}

#[test]
fn the_bundled_import_is_not_undoable() {
    let mut store = store();
    let set = CardSet::from_json(
        "set.json",
        r#"{"game": "tiny", "cards": [{"id": "b", "name": "Bee", "type": "Unit"}]}"#,
        &games(),
    )
    .unwrap();
    store.import(&[set]).unwrap();
    assert_eq!(store.card_undo_label().unwrap(), None);
}

#[test]
fn undo_puts_back_a_cards_effect_columns_too() {
    let mut store = store();
    let mut noted = card("a", "Ant", 1);
    noted.goldfish = Some(deckhand_core::GoldfishNote {
        state: deckhand_core::CoverageState::NoEffect,
        reason: "information only".into(),
    });
    store.save_card(&noted, SaveCard::New, "add").unwrap();
    store
        .save_card(&card("a", "Ant", 2), SaveCard::Existing, "edit")
        .unwrap();
    store.undo_cards().unwrap();
    assert_eq!(all(&store), [noted]);
}
