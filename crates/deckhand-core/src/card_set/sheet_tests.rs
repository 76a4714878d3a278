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
fn a_problem_after_a_multi_line_cell_names_the_rows_first_line() {
    let error = read(
        "name,type,power\n\"Two\nLines\",Zoid,1\nBad,Zoid,99\n",
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
fn a_row_with_too_few_cells_is_named() {
    let error = read("name,type,power\nShort,Zoid\n", b',')
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "cards.csv: row 2: this row has 2 cells, the header has 3"
    );
}

#[test]
fn a_sheet_without_a_type_column_is_refused() {
    let error = read("name,power\nRay,1\n", b',').unwrap_err().to_string();
    assert_eq!(error, "cards.csv: row 1: the header needs a 'type' column");
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
