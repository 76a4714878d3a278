//! Cards made and changed one at a time through the facade: validation, the bundled
//! cards' read-only rule, delete refused while used, undo, and the search index after each.

use deckhand_core::CardDraft;

use crate::{CardChanges, Deckhand, Error};

fn open() -> (tempfile::TempDir, Deckhand) {
    let dir = tempfile::tempdir().unwrap();
    let deckhand = Deckhand::open(&dir.path().join("d.sqlite3")).unwrap();
    (dir, deckhand)
}

fn raptor() -> CardDraft {
    let mut draft = CardDraft {
        name: "Quillstorm Raptor".into(),
        card_type: "Zoid".into(),
        set: Some("HOME".into()),
        number: Some("7".into()),
        ..CardDraft::default()
    };
    draft.stats.insert("power".into(), 4.into());
    draft
}

fn found(deckhand: &Deckhand, query: &str) -> Vec<String> {
    let page = deckhand.search(query, Some("zoids-scramble"), 50).unwrap();
    page.cards.into_iter().map(|c| c.card.id).collect()
}

#[test]
fn an_added_card_is_searchable_and_undo_takes_it_away_again() {
    let (_dir, mut deckhand) = open();
    let card = deckhand.add_card("zoids-scramble", &raptor()).unwrap();
    assert_eq!(card.id, "zoids-scramble-home-7");
    assert_eq!(found(&deckhand, "quillstorm"), [card.id.as_str()]);
    let label = deckhand.card_undo_label().unwrap().unwrap().label;
    assert_eq!(label, "add card 'Quillstorm Raptor'");
    deckhand.undo_cards().unwrap();
    assert!(found(&deckhand, "quillstorm").is_empty());
    assert!(matches!(deckhand.undo_cards(), Err(Error::NothingToUndo)));
}

#[test]
fn an_invalid_card_names_every_problem_and_writes_nothing() {
    let (_dir, mut deckhand) = open();
    let mut draft = raptor();
    draft.card_type = "Zord".into();
    draft.keywords = vec!["Scouting: many".into()];
    let err = deckhand.add_card("zoids-scramble", &draft).unwrap_err();
    let message = err.to_string();
    assert_eq!(err.code(), "invalid_input");
    assert!(
        message.starts_with("card 'Quillstorm Raptor': type: 'Zord' is not a card type"),
        "{message}"
    );
    assert!(!message.contains('\n'));
    assert!(found(&deckhand, "quillstorm").is_empty());
    assert!(
        message.contains("; keywords[0]: 'Scouting' needs a number, not 'many'"),
        "{message}"
    );
    let check = deckhand
        .check_card_draft("zoids-scramble", None, &draft)
        .unwrap();
    let fields: Vec<&str> = check.problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, ["type", "keywords[0]"]);
    assert!(check.card.is_none());
}

#[test]
fn an_edit_changes_only_the_fields_given_and_is_undoable() {
    let (_dir, mut deckhand) = open();
    let card = deckhand.add_card("zoids-scramble", &raptor()).unwrap();
    let edited = deckhand
        .edit_card(
            &card.id,
            None,
            CardChanges {
                stats: vec![
                    ("Attack energy".into(), "2".into()),
                    ("power".into(), "".into()),
                ],
                text: Some("Zephyr gusts.".into()),
                ..CardChanges::default()
            },
        )
        .unwrap();
    assert_eq!(edited.name, card.name);
    assert_eq!(edited.stats.len(), 1);
    assert_eq!(found(&deckhand, "zephyr"), [card.id.as_str()]);
    deckhand.undo_cards().unwrap();
    assert_eq!(deckhand.card(&card.id, None).unwrap(), card);
    assert!(found(&deckhand, "zephyr").is_empty());
}

#[test]
fn a_bundled_card_stays_read_only_and_a_duplicate_of_it_is_the_players() {
    let (_dir, mut deckhand) = open();
    let edit = deckhand
        .edit_card(
            "ZSX-001",
            None,
            CardChanges {
                name: Some("Mine".into()),
                ..CardChanges::default()
            },
        )
        .unwrap_err();
    assert_eq!(edit.code(), "read_only");
    assert!(deckhand.delete_card("ZSX-001", None).is_err());
    let copy = deckhand.duplicate_card("ZSX-001", None, None).unwrap();
    assert_eq!(copy.id, "zsx-001-copy");
    let again = deckhand.duplicate_card("ZSX-001", None, None).unwrap();
    assert_eq!(again.id, "zsx-001-copy-2");
    let renamed = deckhand
        .edit_card(
            &copy.id,
            None,
            CardChanges {
                name: Some("My Dawnmane".into()),
                ..CardChanges::default()
            },
        )
        .unwrap();
    assert_eq!(renamed.name, "My Dawnmane");
    let taken = deckhand
        .duplicate_card("ZSX-001", None, Some("ZSX-002"))
        .unwrap_err();
    assert!(
        taken
            .to_string()
            .contains("id 'ZSX-002' already belongs to"),
        "{taken}"
    );
}

#[test]
fn delete_is_refused_while_a_deck_uses_the_card_and_then_allowed() {
    let (_dir, mut deckhand) = open();
    let card = deckhand.add_card("zoids-scramble", &raptor()).unwrap();
    let deck = deckhand
        .import_deck(
            crate::DeckFormat::Text,
            "raptors.txt",
            &format!("3 {}\n", card.name),
            Some("zoids-scramble"),
            Some("Raptors"),
        )
        .unwrap()
        .deck;
    let err = deckhand.delete_card(&card.id, None).unwrap_err();
    assert_eq!(err.code(), "card_in_use");
    assert!(err.to_string().contains("used by deck 'Raptors'"), "{err}");
    deckhand.set_deck_deleted(deck.id, true).unwrap();
    let still = deckhand.delete_card(&card.id, None).unwrap_err();
    assert!(
        still.to_string().contains("deleted deck 'Raptors'"),
        "{still}"
    );
}

#[test]
fn the_card_form_parses_the_sample_cards_once_until_the_games_change() {
    use crate::bundled::PARSED;
    let (dir, mut deckhand) = open();
    let parsed = || PARSED.with(|n| n.get());
    let before = parsed();
    let form = deckhand.card_form("zoids-scramble").unwrap();
    assert!(!form.read_only.is_empty());
    assert_eq!(
        deckhand.card_form("zoids-scramble").unwrap().read_only,
        form.read_only
    );
    deckhand.card_form("sms").unwrap();
    assert_eq!(parsed() - before, 1, "parsed again for a later form");
    let file = dir.path().join("mine.toml");
    crate::write_game_template("my-game", "My Game", &file).unwrap();
    deckhand.add_game(&file, false).unwrap();
    assert_eq!(
        deckhand.card_form("zoids-scramble").unwrap().read_only,
        form.read_only
    );
    assert_eq!(
        parsed() - before,
        2,
        "not read again after the games changed"
    );
}

/// Issue 35: the card form states effects in the written form (what "Use these effects"
/// puts there from the reading); an edit that does not give them keeps the stored ones.
#[test]
fn the_form_s_written_effects_are_read_with_the_game_s_words_and_kept_by_an_edit_without_them() {
    use deckhand_core::{CoverageState, GoldfishNote};
    let (_dir, mut deckhand) = open();
    let mut draft = raptor();
    draft.effects_text = Some("when set: may draw 1".into());
    draft.goldfish = Some(GoldfishNote {
        state: CoverageState::Partial,
        reason: "not read: 'Swap your hand with your deck'".into(),
    });
    let card = deckhand
        .save_card_draft("zoids-scramble", None, &draft)
        .unwrap();
    assert_eq!(
        deckhand_core::print_effects(&card.effects),
        "when set: may draw 1"
    );
    assert_eq!(card.goldfish, draft.goldfish);

    let mut edit = CardDraft::from_card(&card);
    edit.effects.clear();
    edit.goldfish = None;
    let kept = deckhand
        .save_card_draft("zoids-scramble", Some(&card.id), &edit)
        .unwrap();
    assert_eq!(kept.effects, card.effects);
    assert_eq!(kept.goldfish, card.goldfish);

    edit.effects_text = Some("when set: may draw 1 from vault".into());
    edit.card_type = "Zord".into();
    let check = deckhand
        .check_card_draft("zoids-scramble", Some(&card.id), &edit)
        .unwrap();
    let fields: Vec<&str> = check.problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, ["type", "effects"]);

    edit.effects_text = Some(String::new());
    edit.card_type = "Zoid".into();
    let cleared = deckhand
        .save_card_draft("zoids-scramble", Some(&card.id), &edit)
        .unwrap();
    assert!(cleared.effects.is_empty() && cleared.goldfish.is_none());
}
