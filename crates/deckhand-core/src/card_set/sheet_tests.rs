//! The spreadsheet reader alone: separators, quoting, ids, and where problems are placed.

use super::*;

const GAME: &str = r#"
id = "zoids-scramble"
name = "Zoids Scramble"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Zoid"
stats = ["power", "attack_energy"]
[[card_types]]
name = "Pilot"
stats = ["pilot_types"]
[stats.power]
label = "Power"
kind = "number"
min = 0
max = 20
[stats.attack_energy]
label = "Attack energy"
kind = "number"
[stats.pilot_types]
label = "Pilots"
kind = "list"
[[keywords]]
name = "Scouting"
value = "number"
[[keywords]]
name = "Flying"
[[sections]]
id = "main"
name = "Main"
[effects]
triggers = ["set"]
zones = ["deck", "hand"]
"#;

fn read(text: &str, delimiter: u8) -> Result<Sheet, CoreError> {
    let games = Games::from_sources([("zoids.toml", GAME)]).unwrap();
    let options = SheetOptions {
        delimiter,
        game: Some("zoids-scramble".into()),
        ..SheetOptions::default()
    };
    read_sheet("cards.csv", text.as_bytes(), &games, &options)
}

#[test]
fn the_header_row_picks_the_separator() {
    let cases: &[(&str, u8)] = &[
        ("name,type,power\n", b','),
        ("name;type;power\n", b';'),
        ("name\ttype\tpower\n", b'\t'),
        ("\u{feff}name;type;\"a,b,c\"\n", b';'),
        ("name\n", b','),
    ];
    for (header, expected) in cases {
        assert_eq!(sniff_delimiter(header.as_bytes()), *expected, "{header:?}");
    }
}

#[test]
fn an_unclosed_quote_is_found_at_its_row_and_column() {
    let cases: &[(&str, Option<(usize, usize)>)] = &[
        ("a,b\n\"x\",\"y\"\n", None),
        ("a,b\n\"two\nlines\",y\n", None),
        ("a,b\n\"say \"\"hi\"\"\",y\n", None),
        ("a,b\nx,\"open\n", Some((2, 2))),
        ("a,b\r\nx,y\r\n\"open,y\r\n", Some((3, 1))),
        // A quote inside an unquoted cell is text, as in the csv crate.
        ("a,b\nsix\"es,y\n", None),
    ];
    for (text, expected) in cases {
        assert_eq!(unclosed_quote(text, b','), *expected, "{text:?}");
    }
}

#[test]
fn a_row_becomes_the_card_the_json_reader_would_make() {
    let sheet = read(
        "Name,Type,Set,Number,Power,Attack energy,Keywords\nRay,Zoid,ZSB,7,5,2,Flying;Scouting: 1\n",
        b',',
    )
    .unwrap();
    let json = CardSet::from_json(
        "cards.json",
        r#"{"game": "zoids-scramble", "cards": [{"id": "zoids-scramble-zsb-7", "name": "Ray",
            "type": "Zoid", "set": "ZSB", "number": "7", "keywords": ["Flying", "Scouting: 1"],
            "stats": {"power": 5, "attack_energy": 2}}]}"#,
        &Games::from_sources([("zoids.toml", GAME)]).unwrap(),
    )
    .unwrap();
    assert_eq!(sheet.cards, vec![(2, json.cards[0].clone())]);
}

#[test]
fn a_semicolon_sheet_separates_lists_with_bars() {
    let sheet = read("name;type;pilots\nTamsin;Pilot;Liger|Raptor\n", b';').unwrap();
    let card = &sheet.cards[0].1;
    assert_eq!(
        card.stats["pilot_types"],
        crate::StatValue::List(vec![
            crate::StatValue::Text("Liger".into()),
            crate::StatValue::Text("Raptor".into())
        ])
    );
}

#[test]
fn a_list_item_holding_a_semicolon_is_refused_as_the_export_could_not_write_it_back() {
    // In a ';' file a quoted cell may hold ';' inside a '|' list; the export joins with ';'.
    let error = read(
        "name;type;pilots;subtypes\nTamsin;Pilot;\"Liger;Raptor|Shield\";\nMara;Pilot;;\"A;B\"\n",
        b';',
    )
    .unwrap_err()
    .to_string();
    assert!(
        error.contains("row 2") && error.contains("row 3"),
        "{error}"
    );
    assert!(error.contains("cannot hold ';'"), "{error}");
}

#[test]
fn a_problem_after_a_multi_line_cell_names_the_rows_first_line() {
    // Rules text may hold lines (a name may not).
    let error = read(
        "text,type,power,name\n\"Two\nLines\",Zoid,1,Ray\n,Zoid,99,Bad\n",
        b',',
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        error,
        "cards.csv: row 4, column 3 (power): 99 is out of range (0..20)"
    );
}

#[test]
fn a_row_longer_than_its_header_is_named() {
    let error = read("name,type,power\nLong,Zoid,1,2\n", b',')
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "cards.csv: row 2: this row has 4 cells, the header has 3"
    );
}

/// Issue "Nothing a file can say breaks Deckhand": LackeyCCG writes a header ending in a
/// run of tabs, and rows without their trailing empty cells.
#[test]
fn lackey_header_ending_in_empty_tabs_reads() {
    let text = "Name\tType\tPower\tText\t\t\t\n\
        Ray\tZoid\t5\tFast.\t\t\t\n\
        Mara\tPilot\t\t\t\t\t\n";
    let sheet = read(text, b'\t').unwrap();
    let names: Vec<&str> = sheet.cards.iter().map(|(_, c)| c.name.as_str()).collect();
    assert_eq!(names, ["Ray", "Mara"]);
    assert_eq!(sheet.cards[0].1.text.as_deref(), Some("Fast."));
}

#[test]
fn rows_leaving_out_their_trailing_empty_cells_read_them_as_empty() {
    let cases: &[(&str, u8)] = &[
        (
            "Name\tType\tPower\tText\tSet\nRay\tZoid\t5\nMara\tPilot\n",
            b'\t',
        ),
        ("name,type,power,text,set\nRay,Zoid,5\nMara,Pilot\n", b','),
        ("name;type;power;text;set;;\nRay;Zoid;5\nMara;Pilot\n", b';'),
    ];
    for (text, delimiter) in cases {
        let sheet = read(text, *delimiter).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let cards: Vec<(usize, &str, Option<&str>)> = sheet
            .cards
            .iter()
            .map(|(row, c)| (*row, c.name.as_str(), c.text.as_deref()))
            .collect();
        assert_eq!(cards, [(2, "Ray", None), (3, "Mara", None)], "{text:?}");
        assert_eq!(sheet.cards[0].1.stats["power"], crate::StatValue::Number(5));
    }
}

#[test]
fn a_nameless_column_holding_values_is_refused_at_its_column() {
    let error = read("name,type,,power\nRay,Zoid,,5\nMara,Pilot,ace,\n", b',')
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "cards.csv: row 1, column 3: this column has no name but holds values (row 3 first): name it in the header row, or delete it"
    );
}

#[test]
fn the_mapping_step_leaves_out_nameless_columns() {
    let games = Games::from_sources([("zoids.toml", GAME)]).unwrap();
    let options = SheetOptions {
        delimiter: b'\t',
        game: Some("zoids-scramble".into()),
        ..SheetOptions::default()
    };
    let text = "Name\tType\t\t\nRay\tZoid\n";
    let (_, columns) = sheet_columns("cards.tsv", text.as_bytes(), &games, &options).unwrap();
    let headers: Vec<&str> = columns.iter().map(|c| c.header.as_str()).collect();
    assert_eq!(headers, ["Name", "Type"]);
}

#[test]
fn a_sheet_without_a_type_column_is_refused() {
    let error = read("name,power\nRay,1\n", b',').unwrap_err().to_string();
    assert_eq!(error, "cards.csv: row 1: the header needs a 'type' column");
}

#[test]
fn every_problem_of_one_row_is_listed_each_in_its_column() {
    let err = read("name,type,power,keywords\nLiger,Zoid,99,Flying: 2\n", b',').unwrap_err();
    let CoreError::Rows { problems, .. } = err else {
        panic!("{err}");
    };
    let placed: Vec<(usize, Option<&str>)> = problems
        .iter()
        .map(|p| (p.row, p.column.as_ref().map(|(_, h)| h.as_str())))
        .collect();
    assert_eq!(placed, [(2, Some("keywords")), (2, Some("power"))]);
}

#[test]
fn the_header_is_described_for_a_mapping_step() {
    let games = Games::from_sources([("zoids.toml", GAME)]).unwrap();
    let options = SheetOptions {
        delimiter: b',',
        game: Some("zoids-scramble".into()),
        map: vec![("Cost".into(), "attack_energy".into())],
        ignore: vec!["Artist".into()],
    };
    let text = "Name,Attack Energy,Cost,Artist,Powr\n";
    let (game, columns) = sheet_columns("cards.csv", text.as_bytes(), &games, &options).unwrap();
    assert_eq!(game, "zoids-scramble");
    let targets: Vec<ColumnTarget> = columns.into_iter().map(|c| c.target).collect();
    assert_eq!(
        targets,
        [
            ColumnTarget::Field {
                field: "name".into()
            },
            ColumnTarget::Stat {
                stat: "attack_energy".into()
            },
            ColumnTarget::Stat {
                stat: "attack_energy".into()
            },
            ColumnTarget::Ignored,
            ColumnTarget::Unknown {
                suggestions: vec!["power".into()]
            },
        ]
    );
}

#[test]
fn an_effects_cell_is_the_written_form_and_a_goldfish_cell_is_state_and_reason() {
    let text = "name,type,effects,goldfish\n\
        Liger,Zoid,when set: may draw 1 | when set: move 1 [t:zoid] from deck to hand,\n\
        Raptor,Zoid,when set: move 1 from dek to hand,\n\
        Hawk,Zoid,when attacks: draw 1,\n\
        Mole,Zoid,,maybe: later\n\
        Owl,Zoid,,No effect: only matters when it is blocked\n\
        Bat,Zoid,when set: draw 100,\n";
    let err = read(text, b',').unwrap_err().to_string();
    let expected = [
        "cards.csv: row 3, column 3 (effects): at 23: expected a zone (deck, hand)",
        "cards.csv: row 4, column 3 (effects): effects[0].trigger: Zoids Scramble has no trigger 'attacks' (its triggers: set)",
        "cards.csv: row 5, column 4 (goldfish): 'maybe' is not a goldfish state: write partial, no_effect or not_simulated, then ': ' and the reason",
        "cards.csv: row 7, column 3 (effects): effects[0].steps[0].count: an amount from 0 to 99, not 100",
    ];
    assert_eq!(err, expected.join("\n"));
    let fine: String = text
        .lines()
        .enumerate()
        .filter(|(i, _)| [0, 1, 5].contains(i))
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    let sheet = read(&fine, b',').unwrap();
    let liger = &sheet.cards[0].1;
    assert_eq!(
        crate::print_effects(&liger.effects),
        "when set: may draw 1 | when set: move 1 [t:zoid] from deck to hand"
    );
    let owl = sheet.cards[1].1.goldfish.as_ref().unwrap();
    assert_eq!(owl.state, crate::CoverageState::NoEffect);
    assert_eq!(owl.reason, "only matters when it is blocked");
}

#[test]
fn a_utf16_or_latin1_spreadsheet_says_how_to_save_it_as_utf8() {
    let games = Games::from_sources([("zoids.toml", GAME)]).unwrap();
    let options = SheetOptions {
        delimiter: b',',
        game: Some("zoids-scramble".into()),
        ..SheetOptions::default()
    };
    let text = "name,type\nCafé Liger,Zoid\n";
    let utf16: Vec<u8> = std::iter::once(0xFEFF)
        .chain(text.encode_utf16())
        .flat_map(u16::to_le_bytes)
        .collect();
    let latin1: Vec<u8> = text.chars().map(|c| c as u8).collect();
    let advice = "save it as UTF-8 (in most editors: Save As, Encoding: UTF-8) and import it again";
    let cases = [
        (utf16, format!("cards.csv: this file is UTF-16 text; {advice}")),
        (
            latin1,
            format!("cards.csv: line 2, column 4: this file is not UTF-8 but Latin-1 or Windows-1252 text, most likely; {advice}"),
        ),
        (
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
            "cards.csv: byte 8 is a NUL: this is a binary file or an image, not a spreadsheet".into(),
        ),
    ];
    for (bytes, message) in cases {
        let error = read_sheet("cards.csv", &bytes, &games, &options).unwrap_err();
        assert_eq!(error.to_string(), message);
        let error = sheet_columns("cards.csv", &bytes, &games, &options).unwrap_err();
        assert_eq!(error.to_string(), message);
    }
}

/// Issue "Nothing a file can say breaks Deckhand": a header cell or a cell with a newline
/// or an escape code stays inside its one error line.
#[test]
fn control_characters_in_a_spreadsheet_are_escaped_in_its_error_lines() {
    let text = "name,type,\"po\u{1b}[2Jwer\"\n\"Red\nRush\",Zoid,1\n";
    let error = read(text, b',').unwrap_err().to_string();
    assert_eq!(
        error,
        "cards.csv: row 1, column 3 (po\\u{1b}[2Jwer): 'po\\u{1b}[2Jwer' is not a card field or a stat of Zoids Scramble (--map COLUMN=FIELD or --ignore COLUMN)"
    );
    let error = read("name,type\n\"Red\nRush\",Zoid\n", b',')
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "cards.csv: row 2, column 1 (name): a card name cannot hold line breaks or control characters: it holds a line break at character 4"
    );
}
