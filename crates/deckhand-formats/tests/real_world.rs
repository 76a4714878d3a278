//! Deck files in the shapes other tools really write (tests/fixtures/decks/real-world/),
//! read with every copy accounted for; the table is that folder's cases.txt, which the
//! CLI's tests run through `deckhand deck import` as well (issue 8).

use std::path::PathBuf;

use deckhand_core::Game;
use deckhand_formats::{read_deck_file, DeckFormat};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/decks/real-world")
}

fn zoids() -> Game {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/games/zoids-scramble.toml");
    Game::from_toml(
        "zoids-scramble.toml",
        &std::fs::read_to_string(path).unwrap(),
    )
    .unwrap()
}

/// `file | main=9, side=1 | 0` → (file, expected sections or error, skipped).
fn cases() -> Vec<(String, String, String)> {
    std::fs::read_to_string(fixtures().join("cases.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(" | ").map(str::trim).collect();
            assert_eq!(parts.len(), 3, "bad case line {l:?}");
            (
                parts[0].to_owned(),
                parts[1].to_owned(),
                parts[2].to_owned(),
            )
        })
        .collect()
}

#[test]
fn every_real_world_shape_is_read_with_every_copy_accounted_for() {
    let game = zoids();
    let cases = cases();
    assert!(cases.len() >= 14, "the table lost its cases");
    for (file, expected, skipped) in cases {
        let text = std::fs::read_to_string(fixtures().join(&file)).unwrap();
        let format = DeckFormat::from_path(&file).unwrap();
        let read = read_deck_file(format, &file, &text, &game);
        if expected == "refused" {
            let message = read.expect_err(&file).to_string();
            assert!(
                message.starts_with(&format!("{file}{skipped}")),
                "{file}: {message}"
            );
            assert_eq!(message.lines().count(), 1, "{message}");
            continue;
        }
        let deck = read.unwrap_or_else(|e| panic!("{file}: {e}"));
        let sections = deck
            .report
            .sections
            .iter()
            .map(|s| format!("{}={}", s.section, s.cards))
            .collect::<Vec<_>>()
            .join(", ");
        assert_eq!(sections, expected, "{file}");
        assert_eq!(
            deck.report.skipped.len().to_string(),
            skipped,
            "{file}: {:?}",
            deck.report.skipped
        );
        // The report adds up the lines themselves: no copy is lost between them.
        let copies: u64 = deck.lines.iter().map(|l| u64::from(l.count)).sum();
        assert_eq!(copies, deck.report.total(), "{file}");
    }
}

#[test]
fn odd_names_are_read_exactly() {
    let text = std::fs::read_to_string(fixtures().join("text-odd-names.txt")).unwrap();
    let deck = read_deck_file(DeckFormat::Text, "odd", &text, &zoids()).unwrap();
    let names: Vec<&str> = deck.lines.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Æther Liger",
            "Rökk Mauler",
            "Storm＊Caller",
            "Dawn Face | Dusk Face",
            "The \"Grey\" Fang",
            "Unit #9",
            "Order: Hold the Line",
            "Power = Armor",
            "Sable's Gambit",
        ]
    );
}

#[test]
fn kept_and_renamed_sections_are_reported() {
    let text =
        std::fs::read_to_string(fixtures().join("octgn-sections-entities-cdata.o8d")).unwrap();
    let deck = read_deck_file(DeckFormat::Octgn, "o", &text, &zoids()).unwrap();
    assert_eq!(
        deck.report.summary(),
        "9 cards: side 2, main 6, Command Zone 1; read 'Sideboard' as side; kept 'Command Zone', 'Reserve' as sections of their own (not counted by the rules)"
    );
    assert_eq!(deck.notes, "Notes with <markup> & an ampersand");
    assert_eq!(deck.lines[0].name, "Rust & Ruin");
}

#[test]
fn files_with_no_cards_are_refused_not_read_as_empty_decks() {
    let game = zoids();
    let cases = [
        (
            DeckFormat::Cockatrice,
            "<cockatrice_deck><zone name='main'/></cockatrice_deck>",
        ),
        (DeckFormat::Octgn, "<deck><section name='Main'/></deck>"),
        (
            DeckFormat::Lackey,
            "<deck><meta><game>x</game></meta></deck>",
        ),
        (DeckFormat::Text, "Just a title\n\n// and a comment\n"),
        (DeckFormat::Text, ""),
        (
            DeckFormat::Json,
            r#"{"format":"deckhand-deck/1","game":"g","name":"n","sections":{}}"#,
        ),
    ];
    for (format, text) in cases {
        let message = read_deck_file(format, "d", text, &game)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("no cards found"),
            "{format:?} {text:?}: {message}"
        );
    }
}

#[test]
fn counts_outside_1_to_999_are_refused_in_every_format() {
    let game = zoids();
    let cases = [
        (DeckFormat::Cockatrice, "<cockatrice_deck><zone name='main'>\n<card number='0' name='A'/></zone></cockatrice_deck>", "d:2:1: a count must be between 1 and 999, found 0"),
        (DeckFormat::Cockatrice, "<cockatrice_deck><zone name='main'><card number='-3' name='A'/></zone></cockatrice_deck>", "d:1:36: a count must be between 1 and 999, found -3"),
        (DeckFormat::Octgn, "<deck><section name='Main'><card qty='1000'>A</card></section></deck>", "d:1:28: a count must be between 1 and 999, found 1000"),
        (DeckFormat::Octgn, "<deck><section name='Main'><card qty='two'>A</card></section></deck>", "d:1:28: a count must be a whole number, found 'two'"),
        (DeckFormat::Json, r#"{"format":"deckhand-deck/1","game":"g","name":"n","sections":{"main":[{"count":4294967296,"name":"A"}]}}"#, "d:sections.main[0].count: a count must be between 1 and 999, found 4294967296"),
        (DeckFormat::Text, "1000 A", "d:1:1: a count must be between 1 and 999, found 1000"),
    ];
    for (format, text, expected) in cases {
        let message = read_deck_file(format, "d", text, &game)
            .unwrap_err()
            .to_string();
        assert_eq!(message, expected, "{format:?}");
    }
}

#[test]
fn a_thousand_lackey_rows_of_one_card_are_refused() {
    let rows = "<card><name>A</name></card>".repeat(1000);
    let text = format!("<deck><superzone name='Deck'>{rows}</superzone></deck>");
    let message = read_deck_file(DeckFormat::Lackey, "d", &text, &zoids())
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("more than 999 copies of 'A' in 'main'"),
        "{message}"
    );
}

/// Issue "Nothing a file can say breaks Deckhand": `deck import` and `deck check` took
/// 6 s for 16,000 zones of a `.cod` and over 30 s for 50,000 (each new zone was looked
/// for in the ones before). Every zone is a section of its own, counted once.
#[test]
fn fifty_thousand_zones_read_each_as_a_section_of_its_own() {
    const ZONES: usize = 50_000;
    let zones: String = (0..ZONES)
        .map(|i| format!("<zone name='Zone {i}z'><card number='2' name='Card {i}'/></zone>\n"))
        .collect();
    let cod = format!("<cockatrice_deck version='1'>{zones}</cockatrice_deck>");
    let sections: String = (0..ZONES)
        .map(|i| format!("<section name='Zone {i}z'><card qty='2'>Card {i}</card></section>\n"))
        .collect();
    let o8d = format!("<deck>{sections}</deck>");
    let superzones: String = (0..ZONES)
        .map(|i| format!("<superzone name='Zone {i}z'><card><name>Card {i}</name></card><card><name>Card {i}</name></card></superzone>\n"))
        .collect();
    let dek = format!("<deck>{superzones}</deck>");
    for (format, text) in [
        (DeckFormat::Cockatrice, cod),
        (DeckFormat::Octgn, o8d),
        (DeckFormat::Lackey, dek),
    ] {
        let deck = read_deck_file(format, "zones", &text, &zoids()).unwrap();
        assert_eq!(deck.lines.len(), ZONES, "{format:?}");
        assert_eq!(deck.report.sections.len(), ZONES, "{format:?}");
        assert_eq!(deck.report.names.len(), ZONES, "{format:?}");
        assert_eq!(deck.report.kept().count(), ZONES, "{format:?}");
        assert_eq!(deck.report.total(), 2 * ZONES as u64, "{format:?}");
        let last = deck.report.sections.last().unwrap();
        assert_eq!(
            (last.section.as_str(), last.cards, last.lines),
            ("Zone 49999z", 2, 1),
            "{format:?}"
        );
    }
}

/// A LackeyCCG zone of 20,000 different cards, two rows each: every card is one line of
/// two copies (each row was compared with every line before it).
#[test]
fn a_lackey_zone_of_twenty_thousand_cards_reads_each_once() {
    let rows: String = (0..20_000)
        .map(|i| format!("<card><name>Card {i}</name></card>").repeat(2))
        .collect();
    let text = format!("<deck><superzone name='Deck'>{rows}</superzone></deck>");
    let deck = read_deck_file(DeckFormat::Lackey, "d", &text, &zoids()).unwrap();
    assert_eq!(deck.lines.len(), 20_000);
    assert!(deck.lines.iter().all(|l| l.count == 2));
}

/// Issue "Nothing a file can say breaks Deckhand": a zone named with a line break or an
/// escape code is kept as a one-line section, and a message quoting a file's text
/// escapes its control characters.
#[test]
fn control_characters_in_a_deck_file_stay_out_of_sections_and_error_lines() {
    let text = "<cockatrice_deck><zone name='Re&#10;serve&#27;[2J'><card number='1' name='A'/></zone></cockatrice_deck>";
    let deck = read_deck_file(DeckFormat::Cockatrice, "d.cod", text, &zoids()).unwrap();
    assert_eq!(deck.lines[0].section, "Re serve [2J");
    assert_eq!(deck.report.names[0].written, "Re serve [2J");
    let text = "<cockatrice_deck><zone name='main'><card number='t&#10;wo' name='A'/></zone></cockatrice_deck>";
    let message = read_deck_file(DeckFormat::Cockatrice, "d\u{1b}.cod", text, &zoids())
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "d\\u{1b}.cod:1:36: a count must be a whole number, found 't\\nwo'"
    );
    let text = "Title\u{1b}[2J\n4 A\n";
    let deck = read_deck_file(DeckFormat::Text, "d.txt", text, &zoids()).unwrap();
    assert_eq!(deck.report.skipped[0].text, "Title [2J");
}
