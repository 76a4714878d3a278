//! `deckhand import --format heroes-grid`: the community export's shape, messy cases
//! included, on fixture files we wrote; and the real export when it is present.

use std::path::{Path, PathBuf};

use deckhand::Deckhand;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/heroes-grid")
}

#[test]
fn the_export_becomes_cards_and_checked_starting_decks_and_oddities_are_reported() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    let report = deckhand.import_heroes_grid(&fixtures()).unwrap();

    // 4 Rangers, their 8 valid combat cards, 3 enemy cards; the broken card is skipped.
    assert_eq!(report.cards_added, 4 + 4 + 2 + 3, "{report:?}");
    assert_eq!(report.skipped_cards.len(), 1, "{report:?}");
    assert!(
        report.skipped_cards[0]
            .contains("energy_cost: expected a number or one of X, found \"lots\""),
        "{report:?}"
    );
    assert_eq!(report.notes, ["Test Blue (Fixture Blue): deck names card 99 (MISSING CARD) that ranger_cards.json lacks"]);
    assert_eq!(report.rangers_without_deck, 1);
    assert_eq!(report.decks_saved, 3);
    let irregular: Vec<&str> = report
        .irregular_decks
        .iter()
        .map(|d| d.split(':').next().unwrap())
        .collect();
    assert_eq!(
        irregular,
        [
            "Test Blue (Fixture Blue) — starting deck",
            "Test Black (Fixture Black) — starting deck"
        ]
    );

    let strike = deckhand.card("hotg-1-1", None).unwrap();
    assert_eq!(
        (strike.name.as_str(), strike.card_type.as_str()),
        ("Prism Strike", "Attack")
    );
    assert_eq!(strike.color.as_deref(), Some("Test Red (Fixture Red)"));
    let flare = deckhand.card("hotg-1-4", None).unwrap();
    assert_eq!(
        (flare.card_type.as_str(), flare.subtypes.as_slice()),
        ("Attack", &["Special".to_owned()][..])
    );
    assert_eq!(
        deckhand.card("hotg-1-2", None).unwrap().keywords,
        ["Special Defense"]
    );
    let swarm = deckhand
        .search("sub:\"fixture putties\" kw:fast damage:1", None, 10)
        .unwrap();
    assert_eq!(
        swarm
            .cards
            .iter()
            .map(|c| c.card.name.as_str())
            .collect::<Vec<_>>(),
        ["Putty Swarm"]
    );
    assert_eq!(
        deckhand
            .search("sub:\"fixture tyrant\" t:boss kw:guard health:9", None, 10)
            .unwrap()
            .total,
        1
    );
    assert_eq!(
        deckhand
            .search("sub:\"fixture putties\" health:x", Some("pr-hotg"), 10)
            .unwrap()
            .total,
        1
    );

    // The legal deck checks clean; importing again changes nothing.
    let red = deckhand
        .find_deck("Test Red (Fixture Red) — starting deck")
        .unwrap();
    let (_, deck) = deckhand.load_deck(red, None).unwrap();
    assert!(deckhand.check_deck(&deck).unwrap().legal);
    let again = deckhand.import_heroes_grid(&fixtures()).unwrap();
    assert_eq!(
        (again.cards_added, again.decks_saved, again.decks_unchanged),
        (0, 0, 3)
    );
}

#[test]
fn a_directory_without_the_export_is_a_clear_error() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    let err = deckhand
        .import_heroes_grid(Path::new("/nonexistent/heroes-grid"))
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("/nonexistent/heroes-grid/ranger_cards.json:"),
        "{err}"
    );
}

/// The real community export lives outside the repository (its texts belong to their
/// publishers); read it when it is there.
#[test]
fn the_real_community_export_imports_and_its_irregular_decks_are_found() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/external/heroes-grid");
    if !dir.join("rangers.json").exists() {
        eprintln!("skipped: {} is not present", dir.display());
        return;
    }
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    let report = deckhand.import_heroes_grid(&dir).unwrap();
    assert!(report.cards_added > 1000, "{}", report.cards_added);
    assert!(report.decks_saved > 100, "{}", report.decks_saved);
    assert!(
        report.rangers_without_deck > 100,
        "many Rangers have an empty deck"
    );
    // A few printed decks do not add up to 10 cards: they must be reported, and only those.
    assert!(
        !report.irregular_decks.is_empty() && report.irregular_decks.len() < 20,
        "{:?}",
        report.irregular_decks
    );
    assert!(
        report
            .irregular_decks
            .iter()
            .all(|d| d.contains("exactly 10 cards")),
        "{:?}",
        report.irregular_decks
    );
}
