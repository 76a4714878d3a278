use super::*;
use crate::DeckFormat;

const ZOIDS: &str = "zoids-scramble";

fn deckhand() -> Deckhand {
    Deckhand::open_in_memory().unwrap()
}

fn plain() -> CopySpec {
    CopySpec::default()
}

fn import(deckhand: &mut Deckhand, text: &str) -> Result<CollectionImportReport> {
    deckhand.import_collection_csv(
        "test.csv",
        text.as_bytes(),
        &Default::default(),
        &mut |_| {},
    )
}

fn owned(deckhand: &Deckhand, card: &str) -> u32 {
    deckhand
        .owned_counts(None)
        .unwrap()
        .get(card)
        .copied()
        .unwrap_or(0)
}

#[test]
fn adding_by_name_in_any_case_counts_copies_of_that_card() {
    let mut deckhand = deckhand();
    deckhand
        .collection_add("dawnmane liger", Some(ZOIDS), 2, &plain())
        .unwrap();
    let outcome = deckhand
        .collection_add("ZSX-001", None, 1, &plain())
        .unwrap();
    assert_eq!((outcome.count, outcome.total), (3, 3));
    assert_eq!(owned(&deckhand, "ZSX-001"), 3);
}

#[test]
fn removing_without_saying_which_copy_takes_the_plain_row_or_is_refused() {
    let mut deckhand = deckhand();
    deckhand
        .collection_add("ZSX-001", None, 2, &plain())
        .unwrap();
    let foil = CopySpec {
        finish: Some(Finish::Foil),
        ..plain()
    };
    deckhand.collection_add("ZSX-001", None, 1, &foil).unwrap();
    let in_binder = CopySpec {
        location: Some("Binder".into()),
        ..plain()
    };
    deckhand
        .collection_add("ZSX-001", None, 1, &in_binder)
        .unwrap();
    // The plain row is meant when there is one.
    deckhand
        .collection_remove("ZSX-001", None, 2, &plain())
        .unwrap();
    let err = deckhand
        .collection_remove("ZSX-001", None, 1, &plain())
        .unwrap_err();
    assert!(matches!(err, Error::AmbiguousCopy { .. }), "{err}");
    deckhand
        .collection_remove("ZSX-001", None, 1, &foil)
        .unwrap();
    // One row left (the binder's): it is the one meant.
    let outcome = deckhand
        .collection_remove("ZSX-001", None, 1, &plain())
        .unwrap();
    assert_eq!(outcome.total, 0);
}

#[test]
fn a_name_shared_by_two_games_needs_the_game_to_be_imported() {
    let mut deckhand = deckhand();
    let err = import(&mut deckhand, "count,name\n2,Gravel Golem\n").unwrap_err();
    assert!(err.to_string().contains("several games"), "{err}");
    let report = deckhand
        .import_collection_csv(
            "test.csv",
            b"count,name\n2,Gravel Golem\n",
            &CollectionImportOptions {
                game: Some("pr-dbg"),
                ..Default::default()
            },
            &mut |_| {},
        )
        .unwrap();
    assert_eq!(report.copies, 2);
    assert_eq!(owned(&deckhand, "DBX-053"), 2);
}

#[test]
fn every_unknown_name_is_reported_at_once_and_nothing_is_imported() {
    let mut deckhand = deckhand();
    let err = import(
        &mut deckhand,
        "count,name\n1,Dawnmane Ligr\n2,Cinderpaw Cub\n3,No Such Zoid\n",
    )
    .unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("line 2 'Dawnmane Ligr' (did you mean 'Dawnmane Liger'"),
        "{message}"
    );
    assert!(message.contains("line 4 'No Such Zoid'"), "{message}");
    assert!(deckhand.collection(None, None).unwrap().is_empty());
}

#[test]
fn an_import_adds_to_the_collection_and_undo_takes_it_all_back_once() {
    let mut deckhand = deckhand();
    deckhand
        .collection_add("ZSX-001", None, 1, &plain())
        .unwrap();
    let report = import(
        &mut deckhand,
        "count,name\n2,Dawnmane Liger\n4,Cinderpaw Cub\n\"1\",\"Kestrel Wynd, Mercenary\"\n",
    )
    .unwrap();
    assert_eq!((report.lines, report.copies), (3, 7));
    assert_eq!(owned(&deckhand, "ZSX-001"), 3);
    let undone = deckhand.collection_undo().unwrap();
    assert_eq!(undone.label, "import test.csv");
    assert_eq!(owned(&deckhand, "ZSX-001"), 1);
    assert_eq!(deckhand.collection(None, None).unwrap().len(), 1);
    assert!(matches!(
        deckhand.collection_undo(),
        Err(Error::NothingToUndo)
    ));
}

#[test]
fn a_dry_run_import_previews_the_change_and_writes_nothing() {
    let mut deckhand = deckhand();
    let report = deckhand
        .import_collection_csv(
            "test.csv",
            b"count,name\n2,Dawnmane Liger\n",
            &CollectionImportOptions {
                dry_run: true,
                ..Default::default()
            },
            &mut |_| {},
        )
        .unwrap();
    assert_eq!((report.change.new_rows, report.change.copies_delta), (1, 2));
    assert!(deckhand.collection(None, None).unwrap().is_empty());
}

#[test]
fn a_dry_run_lists_each_card_with_the_copies_owned_and_added() {
    let mut deckhand = deckhand();
    import(&mut deckhand, "count,name\n1,Dawnmane Liger\n").unwrap();
    let report = deckhand
        .import_collection_csv(
            "test.csv",
            b"count,name\n2,Cinderpaw Cub\n2,Dawnmane Liger\n1,cinderpaw cub\n",
            &CollectionImportOptions {
                dry_run: true,
                ..Default::default()
            },
            &mut |_| {},
        )
        .unwrap();
    let cards: Vec<(&str, u32, u32)> = report
        .cards
        .iter()
        .map(|c| (c.name.as_str(), c.owned, c.adding))
        .collect();
    assert_eq!(cards, [("Cinderpaw Cub", 0, 3), ("Dawnmane Liger", 1, 2)]);
}

#[test]
fn a_skipped_unknown_name_carries_the_close_names_as_suggestions() {
    let mut deckhand = deckhand();
    let report = deckhand
        .import_collection_csv(
            "test.csv",
            b"count,name\n2,Dawnmane Ligr\n1,Cinderpaw Cub\n",
            &CollectionImportOptions {
                game: Some(ZOIDS),
                skip_unknown: true,
                dry_run: true,
            },
            &mut |_| {},
        )
        .unwrap();
    let [skipped] = report.skipped.as_slice() else {
        panic!("{:?}", report.skipped)
    };
    assert_eq!((skipped.line, skipped.name.as_str()), (2, "Dawnmane Ligr"));
    assert_eq!(
        skipped.suggestions.first().map(String::as_str),
        Some("Dawnmane Liger")
    );
}

#[test]
fn an_import_reports_reading_then_storing_up_to_every_line() {
    let mut deckhand = deckhand();
    let mut seen = Vec::new();
    deckhand
        .import_collection_csv(
            "test.csv",
            b"count,name\n2,Cinderpaw Cub\n2,Dawnmane Liger\n",
            &Default::default(),
            &mut |p| seen.push(p),
        )
        .unwrap();
    let last = seen.last().copied().unwrap();
    assert_eq!(
        (last.stage, last.done, last.total),
        (crate::ImportStage::Storing, 2, 2)
    );
    assert_eq!(seen[0].stage, crate::ImportStage::Reading);
    assert!(seen
        .windows(2)
        .all(|w| w[0].stage as u8 <= w[1].stage as u8));
}

#[test]
fn listing_with_a_query_keeps_only_the_cards_the_search_matches() {
    let mut deckhand = deckhand();
    import(
        &mut deckhand,
        "count,name\n2,Dawnmane Liger\n4,Cinderpaw Cub\n1,Ridgeback Wolf\n",
    )
    .unwrap();
    let rows = deckhand.collection(Some(ZOIDS), Some("wolf")).unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["Ridgeback Wolf"]);
    assert!(deckhand.collection(Some("sms"), None).unwrap().is_empty());
}

#[test]
fn each_export_format_reads_back_to_the_same_copies() {
    let mut deckhand = deckhand();
    import(
        &mut deckhand,
        "count,card,name,game,set,number,finish,condition,language,location,note\n\
         2,ZSX-001,,zoids-scramble,,,foil,near_mint,de,Binder A,signed\n\
         3,ZSX-003,,zoids-scramble,,,normal,,,,\n",
    )
    .unwrap();
    let before = deckhand.collection(None, None).unwrap();
    for format in [
        CsvFormat::Deckhand,
        CsvFormat::Moxfield,
        CsvFormat::DragonShield,
        CsvFormat::Plain,
    ] {
        let text = deckhand.export_collection_csv(format, None).unwrap();
        let mut other = super::tests::deckhand();
        let report = other
            .import_collection_csv(
                "export.csv",
                text.as_bytes(),
                &CollectionImportOptions {
                    game: Some(ZOIDS),
                    ..Default::default()
                },
                &mut |_| {},
            )
            .unwrap();
        assert_eq!(report.format, format, "{text}");
        let after = other.collection(None, None).unwrap();
        let copies = |rows: &[CollectionRow]| -> Vec<(String, u32)> {
            rows.iter().map(|r| (r.key.card.clone(), r.count)).collect()
        };
        assert_eq!(copies(&after), copies(&before), "{format:?}\n{text}");
        // What each format can carry survives the trip.
        let liger = |rows: &[CollectionRow]| rows.iter().find(|r| r.key.card == "ZSX-001").cloned();
        let (foil, original) = (liger(&after).unwrap(), liger(&before).unwrap());
        assert_eq!(original.key.finish, Finish::Foil);
        match format {
            CsvFormat::Deckhand => assert_eq!(foil, original),
            CsvFormat::DragonShield => assert_eq!(foil.key, original.key),
            CsvFormat::Moxfield => {
                assert_eq!(
                    (
                        foil.key.finish,
                        foil.key.condition,
                        foil.key.language.as_str()
                    ),
                    (Finish::Foil, Some(Condition::NearMint), "de")
                );
            }
            CsvFormat::Plain => assert_eq!(foil.key.finish, Finish::Normal),
        }
    }
}

#[test]
fn deck_need_counts_owned_copies_of_any_printing_and_copies_other_decks_use() {
    let mut deckhand = deckhand();
    // The sample decks a new database is given play these cards too: set them aside so
    // the only other deck is the one below.
    for sample in deckhand.list_decks(None, false).unwrap() {
        deckhand.set_deck_deleted(sample.id, true).unwrap();
    }
    let text =
        "# game: zoids-scramble\n3 Dawnmane Liger\n2 Cinderpaw Cub\nMaybe\n4 Ridgeback Wolf\n";
    let (deck, _) = deckhand
        .read_deck(DeckFormat::Text, "a.txt", text, None, None)
        .unwrap();
    deckhand.save_new_deck(&deck, "Other", "").unwrap();
    import(
        &mut deckhand,
        "count,name\n3,Dawnmane Liger\n1,Cinderpaw Cub\n",
    )
    .unwrap();
    let need = deckhand.deck_need(&deck, None).unwrap();
    let lines: Vec<(&str, u32, u32, u32, u32)> = need
        .lines
        .iter()
        .map(|l| {
            (
                l.name.as_str(),
                l.needed,
                l.owned,
                l.used_elsewhere,
                l.missing,
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            ("Dawnmane Liger", 3, 3, 3, 0),
            ("Cinderpaw Cub", 2, 1, 2, 1)
        ]
    );
    assert_eq!((need.missing, need.missing_with_other_decks), (1, 6));
    // The stored deck itself is not "elsewhere".
    let stored = deckhand.find_deck("Other").unwrap();
    let own = deckhand.stored_deck_need(stored).unwrap();
    assert_eq!(own.lines[0].used_elsewhere, 0);
}

#[test]
fn buildable_lists_decks_within_three_cards_with_what_they_lack() {
    let mut deckhand = deckhand();
    for (name, text) in [
        ("Ready", "2 Dawnmane Liger\n"),
        ("Two away", "2 Dawnmane Liger\n2 Cinderpaw Cub\n"),
        ("Far", "4 Ridgeback Wolf\n"),
    ] {
        let (deck, _) = deckhand
            .read_deck(DeckFormat::Text, "d.txt", text, Some(ZOIDS), None)
            .unwrap();
        deckhand.save_new_deck(&deck, name, "").unwrap();
    }
    import(&mut deckhand, "count,name\n2,Dawnmane Liger\n").unwrap();
    let found = deckhand.buildable_decks(Some(ZOIDS), 3).unwrap();
    let summary: Vec<(&str, u32)> = found.iter().map(|d| (d.name.as_str(), d.missing)).collect();
    assert_eq!(summary, [("Ready", 0), ("Two away", 2)]);
    assert_eq!(found[1].cards[0].name, "Cinderpaw Cub");
}

#[test]
fn missing_cards_go_to_the_wishlist_once_and_export_as_a_list() {
    let mut deckhand = deckhand();
    let (deck, _) = deckhand
        .read_deck(
            DeckFormat::Text,
            "d.txt",
            "3 Dawnmane Liger\n",
            Some(ZOIDS),
            None,
        )
        .unwrap();
    deckhand
        .collection_add("Dawnmane Liger", Some(ZOIDS), 1, &plain())
        .unwrap();
    let need = deckhand.deck_need(&deck, None).unwrap();
    assert_eq!(
        deckhand.missing_cards_list(&need, false).unwrap(),
        "2 Dawnmane Liger\n"
    );
    let csv = deckhand.missing_cards_list(&need, true).unwrap();
    assert!(csv.starts_with("count,card,name,game"), "{csv}");
    assert!(
        csv.contains("2,ZSX-001,Dawnmane Liger,zoids-scramble"),
        "{csv}"
    );
    deckhand.wish_missing(&need, "d").unwrap();
    deckhand.wish_missing(&need, "d").unwrap();
    let wished = deckhand.wishlist(None).unwrap();
    assert_eq!((wished.len(), wished[0].count), (1, 2));
}

#[test]
fn wishing_by_name_sets_the_wanted_count_and_zero_takes_the_card_off() {
    let mut deckhand = deckhand();
    let wanted = |deckhand: &Deckhand| -> Vec<(String, u32)> {
        deckhand
            .wishlist(Some(ZOIDS))
            .unwrap()
            .into_iter()
            .map(|w| (w.name, w.count))
            .collect()
    };
    /// A card as typed, the count set, and the wishlist after: (name, count) by name.
    type Step<'a> = (&'a str, u32, &'a [(&'a str, u32)]);
    let steps: [Step; 4] = [
        ("dawnmane liger", 3, &[("Dawnmane Liger", 3)]),
        ("ZSX-001", 1, &[("Dawnmane Liger", 1)]),
        (
            "Cinderpaw Cub",
            2,
            &[("Cinderpaw Cub", 2), ("Dawnmane Liger", 1)],
        ),
        ("Dawnmane Liger", 0, &[("Cinderpaw Cub", 2)]),
    ];
    for (card, count, after) in steps {
        let outcome = deckhand.wish(card, Some(ZOIDS), count).unwrap();
        assert_eq!(outcome.count, count);
        let expected: Vec<(String, u32)> = after.iter().map(|(n, c)| (n.to_string(), *c)).collect();
        assert_eq!(wanted(&deckhand), expected, "after wishing {count} {card}");
    }
    assert_eq!(
        owned(&deckhand, "ZSX-001"),
        0,
        "a wish is not an owned copy"
    );
}

#[test]
fn removing_a_wish_is_undone_like_any_collection_change() {
    let mut deckhand = deckhand();
    deckhand.wish("Dawnmane Liger", Some(ZOIDS), 2).unwrap();
    deckhand.wish("Dawnmane Liger", Some(ZOIDS), 0).unwrap();
    assert!(deckhand.wishlist(None).unwrap().is_empty());
    let undone = deckhand.collection_undo().unwrap();
    assert_eq!(undone.label, "unwish Dawnmane Liger");
    assert_eq!(deckhand.wishlist(None).unwrap()[0].count, 2);
}

#[test]
fn wishing_the_count_a_card_already_has_changes_nothing_and_keeps_undo() {
    let mut deckhand = deckhand();
    deckhand.wish("Dawnmane Liger", Some(ZOIDS), 2).unwrap();
    // Unwishing a card that is not on the list, or wishing the count it has: no change.
    let absent = deckhand.wish("Cinderpaw Cub", Some(ZOIDS), 0).unwrap();
    assert_eq!(absent.report, Default::default());
    deckhand.wish("Dawnmane Liger", Some(ZOIDS), 2).unwrap();
    assert_eq!(
        deckhand.collection_undo_label().unwrap().as_deref(),
        Some("wish 2 Dawnmane Liger")
    );
    assert!(deckhand
        .wishlist(None)
        .unwrap()
        .iter()
        .all(|w| w.name != "Cinderpaw Cub"));
}

#[test]
fn a_wishlist_note_is_one_line_kept_with_the_count_undone_once_and_exported_in_the_csv() {
    let mut deckhand = deckhand();
    deckhand.wish("Dawnmane Liger", Some(ZOIDS), 2).unwrap();
    let noted = deckhand
        .wish_note(
            "Dawnmane Liger",
            Some(ZOIDS),
            "  the foil one,\n from the shop  ",
        )
        .unwrap();
    assert_eq!(noted.count, 2);
    let note = |d: &Deckhand| d.wishlist(None).unwrap()[0].note.clone();
    assert_eq!(note(&deckhand), "the foil one, from the shop");
    // The count changes; the note stays.
    deckhand.wish("Dawnmane Liger", Some(ZOIDS), 3).unwrap();
    assert_eq!(note(&deckhand), "the foil one, from the shop");
    let csv = deckhand.wishlist_list(Some(ZOIDS), true).unwrap();
    assert!(csv.contains("the foil one, from the shop"), "{csv}");
    // Cleared, then undone: the note is back, and the same note again changes nothing.
    deckhand.wish_note("ZSX-001", Some(ZOIDS), "").unwrap();
    assert_eq!(note(&deckhand), "");
    let undone = deckhand.collection_undo().unwrap();
    assert_eq!(undone.label, "clear the note on Dawnmane Liger");
    assert_eq!(note(&deckhand), "the foil one, from the shop");
    let same = deckhand
        .wish_note("Dawnmane Liger", Some(ZOIDS), "the foil one, from the shop")
        .unwrap();
    assert_eq!(same.report, Default::default());
    // A card not on the wishlist takes no note.
    let err = deckhand
        .wish_note("Cinderpaw Cub", Some(ZOIDS), "later")
        .unwrap_err();
    assert_eq!(err.code(), "not_found");
}

#[test]
fn wishing_an_unknown_card_changes_nothing() {
    let mut deckhand = deckhand();
    assert!(deckhand.wish("Sheild Ligr", Some(ZOIDS), 2).is_err());
    assert!(deckhand.wishlist(None).unwrap().is_empty());
    assert!(deckhand.collection_undo_label().unwrap().is_none());
}

#[test]
fn the_wishlist_exports_as_a_text_list_and_as_deckhand_csv() {
    let mut deckhand = deckhand();
    deckhand.wish("Dawnmane Liger", Some(ZOIDS), 2).unwrap();
    deckhand.wish("Cinderpaw Cub", Some(ZOIDS), 1).unwrap();
    assert_eq!(
        deckhand.wishlist_list(Some(ZOIDS), false).unwrap(),
        "1 Cinderpaw Cub\n2 Dawnmane Liger\n"
    );
    let csv = deckhand.wishlist_list(Some(ZOIDS), true).unwrap();
    assert!(csv.starts_with("count,card,name,game"), "{csv}");
    assert!(
        csv.contains("2,ZSX-001,Dawnmane Liger,zoids-scramble"),
        "{csv}"
    );
    // What is exported imports back as the same cards and counts.
    let mut other = Deckhand::open_in_memory().unwrap();
    import(&mut other, &csv).unwrap();
    assert_eq!(owned(&other, "ZSX-001"), 2);
}

#[test]
fn conditions_are_read_as_players_write_them() {
    let cases = [
        ("nm", Some(Condition::NearMint)),
        ("Near Mint", Some(Condition::NearMint)),
        ("near_mint", Some(Condition::NearMint)),
        ("LP", Some(Condition::LightlyPlayed)),
        ("heavily played", Some(Condition::HeavilyPlayed)),
        ("DMG", Some(Condition::Damaged)),
        ("shiny", None),
    ];
    for (text, expected) in cases {
        assert_eq!(parse_condition(text), expected, "{text}");
    }
}

fn owned_names(deckhand: &Deckhand, query: &str) -> Vec<String> {
    let page = deckhand.search(query, Some(ZOIDS), 100).unwrap();
    page.cards.into_iter().map(|c| c.card.name).collect()
}

/// The collection a search compares with is cached; every change must still show, whether
/// this connection made it or another one (the app while the CLI writes).
#[test]
fn an_owned_search_sees_every_change_since_the_last_search() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deckhand.sqlite3");
    let mut app = Deckhand::open(&path).unwrap();
    let mut cli = Deckhand::open(&path).unwrap();
    assert!(owned_names(&app, "owned>=1").is_empty());
    app.collection_add("Dawnmane Liger", Some(ZOIDS), 2, &plain())
        .unwrap();
    assert_eq!(owned_names(&app, "owned>=1"), ["Dawnmane Liger"]);
    cli.collection_add("Cinderpaw Cub", Some(ZOIDS), 1, &plain())
        .unwrap();
    assert_eq!(
        owned_names(&app, "owned>=1"),
        ["Cinderpaw Cub", "Dawnmane Liger"]
    );
    assert_eq!(owned_names(&app, "owned>=2"), ["Dawnmane Liger"]);
    cli.collection_undo().unwrap();
    assert_eq!(owned_names(&app, "owned>=1"), ["Dawnmane Liger"]);
    app.collection_remove("Dawnmane Liger", Some(ZOIDS), 2, &plain())
        .unwrap();
    assert!(owned_names(&app, "owned>=1").is_empty());
}
