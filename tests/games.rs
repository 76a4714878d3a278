//! Games a player adds (issue 18): `deckhand game add|remove|export|new|rules`, a player's
//! game through import, search, decks, formats, collection, print and goldfish, and what
//! happens when its file later breaks. Fixtures: `tests/fixtures/games/`.

mod common;

use common::{stderr, text, Env};

use std::path::Path;

fn fixture(relative: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/games")
        .join(relative)
        .display()
        .to_string()
}

/// A database with Pocket Knights added and its card spreadsheet imported.
fn with_pocket_knights() -> Env {
    let env = Env::new();
    env.ok(&["game", "add", &fixture("pocket-knights.toml")]);
    env.ok(&["import", &fixture("pocket-knights.csv")]);
    env
}

#[test]
fn a_bad_definition_is_one_line_with_line_and_column_exit_2_and_nothing_installed() {
    // (fixture, the error after the file name)
    let cases = [
        ("syntax-error", "5:22: invalid basic string"),
        (
            "unknown-key",
            "6:1: unknown field `banner_color`: not known to this Deckhand (written for a newer Deckhand, or misspelt?)",
        ),
        (
            "unknown-rule-kind",
            "69:1: unknown variant `at_most_per_color`: not known to this Deckhand",
        ),
        (
            "filter-names-a-missing-type",
            "69:1: deck.rules[2]: 'Fortress' is not a card type of Pocket Knights",
        ),
        ("duplicate-rule-id", "69:1: deck.rules[2]: rule id 'copies' is used twice"),
        (
            "min-above-max",
            "54:1: deck.rules[0]: min 40 is above max 30: no deck could pass",
        ),
        (
            "bundled-id",
            "3:1: id: 'zoids-scramble' is the id of a bundled game; choose another",
        ),
    ];
    let env = Env::new();
    for (name, expected) in cases {
        let file = fixture(&format!("bad/{name}.toml"));
        let output = env.run(&["game", "add", &file]);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        let expected = format!("deckhand: error: {file}: {expected}");
        assert!(
            err.starts_with(&expected),
            "{name}:\n{err}\nexpected:\n{expected}"
        );
        assert!(!env.path("games").exists(), "{name} installed something");
    }
    assert!(!env.ok(&["games"]).contains("pocket-knights"));
}

#[test]
fn a_player_s_game_works_like_a_bundled_one() {
    let env = with_pocket_knights();
    assert!(env.path("games/pocket-knights.toml").is_file());
    assert!(env.ok(&["games"]).contains("Pocket Knights"));
    // Search over its own stats.
    let found = env.json(&["search", "might>=4", "--game", "pocket-knights", "--json"]);
    let names: Vec<&str> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Ashen Keep",
            "Ember Paladin",
            "Storm Marshal",
            "Tidewatch Tower"
        ]
    );
    // A deck that breaks its copies rule, legal in its Royal Court format.
    let deck = env.path("knights.txt");
    std::fs::write(
        &deck,
        "# game: pocket-knights\n3 Squire of Ash\n3 Lance Sergeant\n1 Ashen Keep\n",
    )
    .unwrap();
    let deck = deck.display().to_string();
    let output = env.run(&["deck", "check", &deck, "--json"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["diagnostics"][0]["rule"], "copies");
    let output = env.run(&["deck", "check", &deck, "--as", "Royal Court", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // Stored, collected, printed.
    env.ok(&["deck", "import", &deck, "--name", "Knights"]);
    assert!(env
        .ok(&["deck", "list", "--game", "pocket-knights"])
        .contains("Knights"));
    env.ok(&["collection", "add", "Squire of Ash", "--count", "2"]);
    let need = env.json(&["deck", "need", "--deck", "Knights", "--json"]);
    assert_eq!(need["missing"], 5);
    let pdf = env.path("knights.pdf").display().to_string();
    let printed = env.json(&["print", "--deck", "Knights", "--out", &pdf, "--json"]);
    assert_eq!(printed["cards"], 7);
    // The goldfish says plainly it has no procedure for it.
    let output = env.run(&["goldfish", "--deck", "Knights"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output)
            .contains("the goldfish has no procedure for Pocket Knights (pocket-knights)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn remove_is_refused_while_the_game_has_cards_decks_or_collection_rows_and_for_bundled_games() {
    let env = with_pocket_knights();
    let output = env.run(&["game", "remove", "pocket-knights"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output).trim(),
        "deckhand: error: cannot remove 'pocket-knights': the database still holds 10 cards; delete them first"
    );
    assert!(env.path("games/pocket-knights.toml").is_file());
    let output = env.run(&["game", "remove", "sms"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("'sms' is a bundled game and cannot be removed"));
    // A game without cards goes, file and all.
    let fresh = Env::new();
    fresh.ok(&["game", "add", &fixture("pocket-knights.toml")]);
    let again = fresh.run(&["game", "add", &fixture("pocket-knights.toml")]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("is the id of a game already added (game add --replace"),
        "{}",
        stderr(&again)
    );
    fresh.ok(&["game", "remove", "pocket-knights"]);
    assert!(!fresh.path("games/pocket-knights.toml").exists());
    assert!(!fresh.ok(&["games"]).contains("pocket-knights"));
}

#[test]
fn export_writes_any_game_s_definition_and_new_writes_a_template_that_adds() {
    let env = Env::new();
    let out = env.path("sms.toml");
    env.ok(&["game", "export", "sms", "--out", &out.display().to_string()]);
    let exported = std::fs::read_to_string(&out).unwrap();
    assert!(exported.contains("id = \"sms\"") && exported.contains("[[formats]]"));
    // The template loads as written, under its own id and name.
    let template = env.path("new.toml").display().to_string();
    env.ok(&[
        "game", "new", "--id", "my-game", "--name", "My Game", "--out", &template,
    ]);
    let added = env.json(&["game", "add", &template, "--json"]);
    assert_eq!(added["id"], "my-game");
    assert_eq!(added["name"], "My Game");
    let rules = env.ok(&["game", "rules", "my-game"]);
    assert!(rules.contains("copies [error]: copies of each of the cards (by name) in Main deck: at most 3 of each (Spell: 2)"), "{rules}");
    // An id that is a bundled game's is refused before anything is written.
    let refused = env.path("zoids.toml");
    let output = env.run(&[
        "game",
        "new",
        "--id",
        "zoids-scramble",
        "--name",
        "Z",
        "--out",
        &refused.display().to_string(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(!refused.exists());
}

#[test]
fn a_player_s_file_that_breaks_later_is_reported_once_and_skipped() {
    let env = with_pocket_knights();
    let deck = env.path("knights.txt");
    std::fs::write(&deck, "# game: pocket-knights\n2 Squire of Ash\n").unwrap();
    env.ok(&[
        "deck",
        "import",
        &deck.display().to_string(),
        "--name",
        "Knights",
    ]);
    let installed = env.path("games/pocket-knights.toml");
    let broken = std::fs::read_to_string(&installed)
        .unwrap()
        .replace("max = 12", "max = \"twelve\"");
    std::fs::write(&installed, broken).unwrap();
    let output = env.run(&["deck", "list"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let warnings = stderr(&output);
    assert_eq!(warnings.lines().count(), 1, "{warnings}");
    assert!(
        warnings.starts_with(&format!(
            "deckhand: warning: game file skipped: {}: 31:7: ",
            installed.display()
        )),
        "{warnings}"
    );
    // The other games, and the list of decks, keep working.
    let listed = text(&output.stdout);
    assert!(
        listed.contains("Knights") && listed.contains("Crimson Legion Rush"),
        "{listed}"
    );
    assert!(!env.ok(&["games"]).contains("pocket-knights"));
}

#[test]
fn a_stored_deck_whose_format_vanished_is_checked_by_the_game_s_rules_with_a_warning() {
    let env = with_pocket_knights();
    let deck = env.path("court.txt");
    std::fs::write(
        &deck,
        "# game: pocket-knights\n# format: royal-court\n3 Squire of Ash\n3 Lance Sergeant\n",
    )
    .unwrap();
    env.ok(&[
        "deck",
        "import",
        &deck.display().to_string(),
        "--name",
        "Court",
    ]);
    // The player edits the formats out of the definition.
    let definition = std::fs::read_to_string(fixture("pocket-knights.toml")).unwrap();
    let without = definition.split("[[formats]]").next().unwrap().to_owned();
    let edited = env.path("edited.toml");
    std::fs::write(&edited, without).unwrap();
    env.ok(&["game", "add", "--replace", &edited.display().to_string()]);
    assert!(env
        .ok(&["deck", "list", "--game", "pocket-knights"])
        .contains("Court"));
    let output = env.run(&["deck", "check", "--deck", "Court", "--json"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["format"], serde_json::Value::Null);
    assert_eq!(report["diagnostics"][0]["rule"], "format-missing");
    assert_eq!(report["diagnostics"][0]["severity"], "warning");
    assert_eq!(report["diagnostics"][1]["rule"], "copies");
    // Asking for a format that does not exist is still an error.
    let output = env.run(&["deck", "check", "--deck", "Court", "--as", "royal-court"]);
    assert_eq!(output.status.code(), Some(2));
}
