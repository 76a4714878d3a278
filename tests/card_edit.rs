//! `deckhand card add|edit|duplicate|delete|undo` (issue 17): validated like an import
//! (every problem named by its field, exit 2, nothing written), bundled cards read-only,
//! delete refused while a deck or the collection uses the card, and `card NAME` still
//! shows a card.

mod common;

use common::{stderr, Env};

const RAPTOR: &[&str] = &[
    "card",
    "add",
    "--game",
    "zoids-scramble",
    "--name",
    "Quill Raptor",
    "--type",
    "Zoid",
    "--set",
    "HOME",
    "--number",
    "7",
    "--stat",
    "power=4",
    "--stat",
    "Attack energy=2",
    "--keyword",
    "Scouting: 1",
    "--json",
];

impl Env {
    fn fails(&self, args: &[&str]) -> String {
        let output = self.run(args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        let message = stderr(&output);
        assert_eq!(message.lines().count(), 1, "{message}");
        message
    }

    fn card_count(&self) -> usize {
        self.json(&["cards", "--json"]).as_array().unwrap().len()
    }
}

#[test]
fn card_add_stores_a_validated_card_that_search_finds_and_card_shows() {
    let env = Env::new();
    let card = env.json(RAPTOR);
    // With set and number the id is the spreadsheet's: GAME-SET-NUMBER.
    assert_eq!(card["id"], "zoids-scramble-home-7");
    assert_eq!(card["stats"]["attack_energy"], 2);
    assert_eq!(card["keywords"][0], "Scouting: 1");
    let found = env.json(&["search", "quill raptor", "--json"]);
    assert_eq!(found[0]["id"], "zoids-scramble-home-7");
    assert!(env
        .ok(&["card", "Quill Raptor"])
        .starts_with("Quill Raptor\n"));
    assert!(env
        .ok(&["card", "show", "zoids-scramble-home-7"])
        .contains("Power"));
}

#[test]
fn card_add_names_every_bad_field_exits_2_and_writes_nothing() {
    let env = Env::new();
    let before = env.card_count();
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "an unknown type",
            &["--type", "Zord"],
            "type: 'Zord' is not a card type of Zoids Scramble",
        ),
        (
            "a stat out of range",
            &["--type", "Zoid", "--stat", "power=99"],
            "stats.power: 99 is out of range",
        ),
        (
            "a stat of another type",
            &["--type", "Zoid", "--stat", "timing=battle"],
            "stats.timing: 'timing' is not a stat of a Zoid card",
        ),
        (
            "an unknown stat",
            &["--type", "Zoid", "--stat", "speed=1"],
            "stats.speed: 'speed' is not a stat of Zoids Scramble",
        ),
        (
            "a keyword without its value",
            &["--type", "Zoid", "--keyword", "Scouting"],
            "keywords[0]: 'Scouting' needs a value",
        ),
        (
            "a bad side",
            &["--type", "Zoid", "--side", "neutral"],
            "side: 'neutral' is not a side",
        ),
        (
            "a taken id",
            &["--type", "Zoid", "--id", "ZSX-001"],
            "id 'ZSX-001' already belongs to 'Dawnmane Liger'",
        ),
    ];
    for (what, options, expected) in cases {
        let mut args = vec!["card", "add", "--game", "zoids-scramble", "--name", "Bad"];
        args.extend(*options);
        let message = env.fails(&args);
        assert!(message.contains(expected), "{what}: {message}");
    }
    // Two problems at once, each named.
    let message = env.fails(&[
        "card",
        "add",
        "--game",
        "zoids-scramble",
        "--name",
        "Bad",
        "--type",
        "Zoid",
        "--stat",
        "power=99",
        "--keyword",
        "Nope",
    ]);
    assert!(
        message.contains("keywords[0]: 'Nope'") && message.contains("; stats.power: 99"),
        "{message}"
    );
    assert_eq!(env.card_count(), before);
}

#[test]
fn card_edit_replaces_the_given_fields_only_and_refuses_a_bundled_card() {
    let env = Env::new();
    env.json(RAPTOR);
    let edited = env.json(&[
        "card",
        "edit",
        "Quill Raptor",
        "--stat",
        "power=",
        "--text",
        "Swift.",
        "--json",
    ]);
    assert_eq!(edited["stats"].get("power"), None);
    assert_eq!(edited["stats"]["attack_energy"], 2);
    assert_eq!(edited["text"], "Swift.");
    assert_eq!(edited["set"], "HOME");
    let message = env.fails(&["card", "edit", "ZSX-001", "--name", "Mine"]);
    assert!(
        message.contains("is a bundled sample card, which stays read-only"),
        "{message}"
    );
    let message = env.fails(&["card", "edit", "Quill Raptor", "--type", "Command"]);
    assert!(
        message.contains("stats.attack_energy: 'attack_energy' is not a stat of a Command card"),
        "{message}"
    );
}

#[test]
fn a_duplicated_sample_card_is_the_players_to_edit_and_delete() {
    let env = Env::new();
    let copy = env.json(&["card", "duplicate", "ZSX-001", "--id", "my-liger", "--json"]);
    assert_eq!(copy["name"], "Dawnmane Liger");
    let edited = env.json(&["card", "edit", "my-liger", "--name", "My Liger", "--json"]);
    assert_eq!(edited["id"], "my-liger");
    env.ok(&["card", "delete", "my-liger"]);
    let output = env.run(&["card", "my-liger"]);
    assert_eq!(output.status.code(), Some(2));
    // Undo brings the deleted card back.
    env.ok(&["card", "undo"]);
    assert_eq!(
        env.json(&["card", "my-liger", "--json"])["name"],
        "My Liger"
    );
}

#[test]
fn card_delete_is_refused_while_a_deck_or_the_collection_uses_it_naming_them() {
    let env = Env::new();
    env.json(RAPTOR);
    let deck = env.path("raptors.txt");
    std::fs::write(&deck, "# game: zoids-scramble\n3 Quill Raptor\n").unwrap();
    env.ok(&[
        "deck",
        "import",
        deck.to_str().unwrap(),
        "--name",
        "Raptors",
    ]);
    env.ok(&["collection", "add", "Quill Raptor", "--count", "2"]);
    let message = env.fails(&["card", "delete", "Quill Raptor"]);
    assert!(
        message.contains("'Quill Raptor' (zoids-scramble-home-7) is used by deck 'Raptors', the collection (2 copies)"),
        "{message}"
    );
    assert_eq!(
        env.json(&["card", "Quill Raptor", "--json"])["name"],
        "Quill Raptor"
    );
}

#[test]
fn card_undo_reverts_the_last_import_and_then_has_nothing_to_undo() {
    let env = Env::new();
    let before = env.card_count();
    let sheet = env.path("mine.csv");
    std::fs::write(
        &sheet,
        "name,type,power\nAsh Wolf,Zoid,3\nBlue Hawk,Zoid,2\n",
    )
    .unwrap();
    env.ok(&[
        "import",
        sheet.to_str().unwrap(),
        "--game",
        "zoids-scramble",
    ]);
    assert_eq!(env.card_count(), before + 2);
    let undone = env.json(&["card", "undo", "--json"]);
    assert_eq!(undone["label"], "import mine.csv");
    assert_eq!(undone["removed"].as_array().unwrap().len(), 2);
    assert_eq!(env.card_count(), before);
    assert!(env
        .json(&["search", "hawk", "--json"])
        .as_array()
        .unwrap()
        .is_empty());
    let message = env.fails(&["card", "undo"]);
    assert!(message.contains("nothing to undo"), "{message}");
}
