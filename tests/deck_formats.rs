//! Every deck format round-trips: a deck written in a format and read back is the same
//! deck (sections, counts, cards), for every sample deck of every game.

use deckhand::{Deck, DeckFormat, Deckhand};

fn canonical(deck: &Deck) -> Vec<(String, String, u32)> {
    let mut lines: Vec<(String, String, u32)> = deck
        .entries
        .iter()
        .map(|e| (e.section.clone(), e.card.id.clone(), e.count))
        .collect();
    lines.sort();
    lines
}

#[test]
fn every_format_round_trips_every_sample_deck() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    for file in deckhand::bundled::DECK_FILES {
        let original = deckhand
            .import_deck(DeckFormat::Text, file.path, file.text, None, None)
            .unwrap()
            .deck;
        let (_, deck) = deckhand.load_deck(original.id, None).unwrap();
        for format in DeckFormat::ALL {
            let written = deckhand.export_deck(original.id, None, format).unwrap();
            let source = format!("{}.{}", file.path, format.extension());
            let (read, meta) = deckhand
                .read_deck(format, &source, &written, Some(&deck.game), None)
                .unwrap_or_else(|e| panic!("{source}: {e}\n{written}"));
            assert_eq!(canonical(&read), canonical(&deck), "{source}");
            if matches!(
                format,
                DeckFormat::Text | DeckFormat::Cockatrice | DeckFormat::Json
            ) {
                assert_eq!(
                    meta.name.as_deref(),
                    Some(original.content.name.as_str()),
                    "{source}: name"
                );
            }
            if matches!(format, DeckFormat::Text | DeckFormat::Json) {
                assert_eq!(read.side, deck.side, "{source}: side");
            }
        }
    }
}

#[test]
fn names_with_markup_characters_survive_xml_formats() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    deckhand
        .import_sources([(
            "odd.json",
            r#"{"game": "zoids-scramble", "cards": [{"name": "Rock & \"Roll\" <Liger>", "type": "Zoid"}]}"#,
        )])
        .unwrap();
    let saved = deckhand
        .import_deck(
            DeckFormat::Text,
            "odd.txt",
            "# game: zoids-scramble\n2 Rock & \"Roll\" <Liger>\n",
            None,
            Some("A & B"),
        )
        .unwrap()
        .deck;
    for format in [
        DeckFormat::Cockatrice,
        DeckFormat::Octgn,
        DeckFormat::Lackey,
        DeckFormat::Json,
    ] {
        let written = deckhand.export_deck(saved.id, None, format).unwrap();
        let (deck, _) = deckhand
            .read_deck(format, "odd", &written, Some("zoids-scramble"), None)
            .unwrap();
        assert_eq!(
            deck.entries[0].card.name, "Rock & \"Roll\" <Liger>",
            "{format:?}"
        );
        assert_eq!(deck.entries[0].count, 2, "{format:?}");
    }
}

#[test]
fn foreign_files_are_read_by_card_name() {
    let deckhand = Deckhand::open_in_memory().unwrap();
    let cod = r#"<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1"><deckname>Found online</deckname><comments>from a forum</comments>
<zone name="main"><card number="4" name="dawnmane liger"/><card number="2" name="Glacier Liger"/></zone>
<zone name="side"><card number="1" name="Glacier Liger"/></zone></cockatrice_deck>"#;
    let (deck, meta) = deckhand
        .read_deck(
            DeckFormat::Cockatrice,
            "x.cod",
            cod,
            Some("zoids-scramble"),
            None,
        )
        .unwrap();
    let lines: Vec<(&str, &str, u32)> = deck
        .entries
        .iter()
        .map(|e| (e.section.as_str(), e.card.name.as_str(), e.count))
        .collect();
    assert_eq!(
        lines,
        [
            ("main", "Dawnmane Liger", 4),
            ("main", "Glacier Liger", 2),
            ("side", "Glacier Liger", 1)
        ]
    );
    assert_eq!(
        (meta.name.as_deref(), meta.notes.as_str()),
        (Some("Found online"), "from a forum")
    );

    let o8d = r#"<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<deck game="a6c8d2e8-7cd8-11dd-8f94-e62b56d89593"><section name="Main" shared="False">
<card qty="3" id="00000000-0000-0000-0000-000000000000">Dawnmane Liger</card></section><notes><![CDATA[]]></notes></deck>"#;
    let (deck, _) = deckhand
        .read_deck(
            DeckFormat::Octgn,
            "x.o8d",
            o8d,
            Some("zoids-scramble"),
            None,
        )
        .unwrap();
    assert_eq!(
        (deck.entries[0].card.name.as_str(), deck.entries[0].count),
        ("Dawnmane Liger", 3)
    );

    let bad = deckhand.read_deck(
        DeckFormat::Cockatrice,
        "bad.cod",
        "<cockatrice_deck><zone",
        Some("zoids-scramble"),
        None,
    );
    let message = bad.unwrap_err().to_string();
    assert!(
        message.starts_with("bad.cod:1:18: not well-formed XML"),
        "{message}"
    );
    let unknown = deckhand.read_deck(
        DeckFormat::Cockatrice,
        "u.cod",
        &cod.replace("dawnmane liger", "Dawnmane Lgier"),
        Some("zoids-scramble"),
        None,
    );
    assert_eq!(
        unknown.unwrap_err().to_string(),
        "u.cod: unknown cards in zoids-scramble: line 3 'Dawnmane Lgier' (did you mean 'Dawnmane Liger'?)"
    );
}

#[test]
fn a_deck_exported_to_a_file_imports_back_as_the_same_deck_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    let file = deckhand::bundled::DECK_FILES
        .iter()
        .find(|f| f.path.contains("sms"))
        .expect("a sample sms deck");
    let original = deckhand
        .import_deck(DeckFormat::Text, file.path, file.text, None, None)
        .unwrap()
        .deck;
    let (_, deck) = deckhand.load_deck(original.id, None).unwrap();
    for format in DeckFormat::ALL {
        let path = dir.path().join(format!("exported.{}", format.extension()));
        deckhand.export_deck_path(original.id, &path).unwrap();
        let view = deckhand
            .import_deck_path(&path, Some(&deck.game))
            .unwrap()
            .deck;
        assert_ne!(view.id, original.id, "{format:?}: a new deck");
        let (_, imported) = deckhand.load_deck(view.id, None).unwrap();
        assert_eq!(canonical(&imported), canonical(&deck), "{format:?}");
        assert_eq!(
            view.legality.legal,
            deckhand.check_deck(&deck).unwrap().legal
        );
    }
}

#[test]
fn importing_a_missing_file_names_it() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    let before = deckhand.list_decks(None, true).unwrap();
    let error = deckhand
        .import_deck_path(std::path::Path::new("/nonexistent/deck.cod"), None)
        .unwrap_err();
    assert_eq!(error.code(), "unreadable_file");
    assert!(
        error.to_string().contains("/nonexistent/deck.cod"),
        "{error}"
    );
    assert_eq!(deckhand.list_decks(None, true).unwrap(), before);
}

/// A section another tool wrote that the game does not have (issue 8): kept with its cards
/// through import, save, load and the editor's drafts, warned about and never counted.
#[test]
fn a_kept_section_survives_save_and_load_and_is_not_counted() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    let text = "4 Dawnmane Liger\nReserve\n2 Glacier Liger\n";
    let imported = deckhand
        .import_deck(
            DeckFormat::Text,
            "r.txt",
            text,
            Some("zoids-scramble"),
            None,
        )
        .unwrap();
    let view = deckhand.deck_view(imported.deck.id, None).unwrap();
    let sections: Vec<(&str, u32)> = view
        .entries
        .iter()
        .map(|e| (e.section.as_str(), e.count))
        .collect();
    assert_eq!(sections, [("main", 4), ("Reserve", 2)]);
    let warning = view
        .legality
        .diagnostics
        .iter()
        .find(|d| d.rule == "unknown-section")
        .expect("a warning about the kept section");
    assert_eq!(
        warning.message,
        "2 cards in 'Reserve', which is not a section of Zoids Scramble: no rule counts them"
    );
    assert_eq!(warning.cards, ["Glacier Liger"]);
    assert_eq!(
        view.legality.diagnostics[0].message,
        "The deck has 4 cards — it must have exactly 40"
    );

    // The editor's draft keeps it, and a save stores it again.
    let draft = deckhand.deck_content(imported.deck.id, None).unwrap();
    assert!(deckhand.check_draft(&draft).is_ok());
    let saved = deckhand.save_draft(Some(imported.deck.id), &draft).unwrap();
    assert_eq!(saved.entries.len(), 2);
    assert_eq!(
        saved.legality.size, 4,
        "the deck's size leaves the kept section out"
    );
    // The list also holds the bundled sample decks: find this one by its id.
    let listed = deckhand
        .deck_list_items(Some("zoids-scramble"), false)
        .unwrap();
    let ours = listed
        .iter()
        .find(|item| item.summary.id == imported.deck.id)
        .expect("the imported deck is listed");
    assert_eq!(
        ours.summary.card_count, 4,
        "the list counts only the game's sections"
    );
}

#[test]
fn drafts_refuse_counts_outside_1_to_999() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    let imported = deckhand
        .import_deck(
            DeckFormat::Text,
            "d.txt",
            "4 Dawnmane Liger\n",
            Some("zoids-scramble"),
            None,
        )
        .unwrap();
    let draft = deckhand.deck_content(imported.deck.id, None).unwrap();
    for (count, legal_input) in [
        (0, false),
        (1, true),
        (999, true),
        (1000, false),
        (u32::MAX, false),
    ] {
        let mut changed = draft.clone();
        changed.cards[0].count = count;
        let checked = deckhand.check_draft(&changed);
        assert_eq!(checked.is_ok(), legal_input, "{count}: {checked:?}");
        if !legal_input {
            let message = checked.unwrap_err().to_string();
            assert!(
                message.contains("line 1 (ZSX-001 in main): a count must be between 1 and 999"),
                "{message}"
            );
            assert!(deckhand
                .save_draft(Some(imported.deck.id), &changed)
                .is_err());
        }
    }
    let mut blank = draft.clone();
    blank.cards[0].section = "  ".into();
    assert!(
        deckhand.check_draft(&blank).is_err(),
        "a blank section name"
    );
}

#[test]
fn rows_of_one_card_become_one_line_with_every_copy() {
    let deckhand = Deckhand::open_in_memory().unwrap();
    let text =
        "2 Dawnmane Liger\n1 dawnmane liger (ZSX) 001\n3 Dawnmane Liger\nSB: 1 Dawnmane Liger\n";
    let (deck, file) = deckhand
        .read_deck(
            DeckFormat::Text,
            "rows.txt",
            text,
            Some("zoids-scramble"),
            None,
        )
        .unwrap();
    let lines: Vec<(&str, &str, u32)> = deck
        .entries
        .iter()
        .map(|e| (e.section.as_str(), e.card.id.as_str(), e.count))
        .collect();
    assert_eq!(lines, [("main", "ZSX-001", 6), ("side", "ZSX-001", 1)]);
    assert_eq!(file.report.total(), 7);

    let over = "500 Dawnmane Liger\n500 Dawnmane Liger\n";
    let message = deckhand
        .read_deck(
            DeckFormat::Text,
            "over.txt",
            over,
            Some("zoids-scramble"),
            None,
        )
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "over.txt: line 2: more than 999 copies of 'Dawnmane Liger' in main"
    );
}
