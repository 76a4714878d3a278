//! Integration tests: the built `deckhand` binary against a temporary database, as a user
//! or a script would run it.

mod common;

use common::{stderr, Env};

use std::path::Path;
use std::process::Command;

use serde_json::Value;

impl Env {
    fn zoids_count(&self) -> usize {
        self.json(&["cards", "--game", "zoids-scramble", "--json"])
            .as_array()
            .unwrap()
            .len()
    }
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/import")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn games_lists_the_five_games_with_their_card_counts() {
    let env = Env::new();
    let games = env.json(&["games", "--json"]);
    let ids: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        ["pr-acg", "pr-dbg", "pr-hotg", "sms", "zoids-scramble"]
    );
    for game in games.as_array().unwrap() {
        assert!(game["card_count"].as_u64().unwrap() >= 60, "{game}");
        assert!(game["name"].as_str().unwrap().len() > 3);
    }
    let text = env.run(&["games"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("Zoids Scramble"));
}

#[test]
fn a_new_database_loads_the_bundled_cards_once() {
    let env = Env::new();
    let first = env.zoids_count();
    assert!(first >= 60);
    // Opening again must not duplicate anything.
    assert_eq!(env.zoids_count(), first);
}

#[test]
fn importing_adds_cards_and_reimporting_updates_them() {
    let env = Env::new();
    let before = env.zoids_count();
    let report = env.json(&["import", &fixture("good-set.json"), "--json"]);
    assert_eq!(
        (report["added"].as_u64(), report["updated"].as_u64()),
        (Some(2), Some(0))
    );
    assert_eq!(env.zoids_count(), before + 2);

    let report = env.json(&["import", &fixture("updated-set.json"), "--json"]);
    assert_eq!(
        (report["added"].as_u64(), report["updated"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!(report["unchanged"].as_u64(), Some(1));
    let card = env.json(&["card", "fixture raptor", "--json"]);
    assert_eq!(card["stats"]["power"], 6);
    assert_eq!(card["id"], "TST-001");
    // A card without an id gets a stable slug of game and name.
    let order = env.json(&[
        "card",
        "Fixture Order",
        "--game",
        "zoids-scramble",
        "--json",
    ]);
    assert_eq!(order["id"], "zoids-scramble-fixture-order");
}

/// Each bad file, and the one line a user sees: it names the file and the place.
#[test]
fn bad_imports_exit_2_with_one_line_and_change_nothing() {
    let cases = [
        ("unknown-game.json", "game: unknown game 'chess'"),
        (
            "unknown-type.json",
            "cards[1].type: 'Sorcery' is not a card type of Zoids Scramble",
        ),
        (
            "wrong-stat-kind.json",
            "cards[2].stats.power: expected a number, found \"lots\"",
        ),
        ("invalid-json.json", "4:41: trailing comma"),
        (
            "id-of-another-game.json",
            "card id 'ZSX-001' already belongs to 'Dawnmane Liger' of zoids-scramble; a card of sms cannot take it",
        ),
        (
            "empty-set-letter.json",
            "cards[0].stats.set_letter: must not be empty",
        ),
        ("does-not-exist.json", "No such file"),
    ];
    let env = Env::new();
    let before = env.zoids_count();
    for (file, expected) in cases {
        // The good file first: an all-or-nothing import must not keep it either.
        let output = env.run(&["import", &fixture("good-set.json"), &fixture(file)]);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{file}: {message}");
        assert_eq!(message.lines().count(), 1, "{file}: {message}");
        assert!(message.contains(file), "{file}: {message}");
        assert!(
            message.contains(expected),
            "{file}: expected {expected:?} in {message}"
        );
        assert!(!message.contains("panicked"), "{message}");
        assert_eq!(env.zoids_count(), before, "{file} changed the database");
    }
    // The card whose id was borrowed still belongs to its game.
    assert_eq!(
        env.json(&["card", "ZSX-001", "--json"])["game"],
        "zoids-scramble"
    );
}

#[test]
fn card_shows_every_field_and_unknown_cards_exit_2() {
    let env = Env::new();
    env.json(&["import", &fixture("good-set.json"), "--json"]);
    let output = env.run(&["card", "FIXTURE RAPTOR"]);
    let text = String::from_utf8_lossy(&output.stdout);
    for expected in [
        "Fixture Raptor",
        "Zoid",
        "TST 001",
        "hero",
        "Raptor",
        "Scouting: 1",
        "Power",
        "4",
        "look at the top card",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    let missing = env.run(&["card", "No Such Card"]);
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        stderr(&missing).trim(),
        "deckhand: error: no card named or with id 'No Such Card'"
    );
}

/// Issue 19: `card` shows the effects' written form and the card's coverage (`--json`:
/// `effects_text`, `coverage`); an effect naming what its game lacks is refused at its path.
#[test]
fn card_shows_effects_and_coverage_and_a_foreign_effect_is_refused() {
    let env = Env::new();
    env.json(&["import", &fixture("good-set.json"), "--json"]);
    let card = env.json(&["card", "fixture raptor", "--json"]);
    assert_eq!(card["effects_text"], "");
    assert_eq!(card["coverage"]["state"], "not_simulated");
    assert_eq!(
        card["coverage"]["reason"],
        "its text is not stated as effects"
    );
    let order = env.json(&["card", "Fixture Order", "--json"]);
    assert_eq!(order["coverage"]["state"], "simulated");
    assert!(order["coverage"].get("reason").is_none(), "{order}");
    let output = env.run(&["card", "fixture raptor"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("Goldfish         not_simulated: its text is not stated as effects"),
        "{text}"
    );

    let before = env.zoids_count();
    let output = env.run(&["import", &fixture("foreign-effect.json")]);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
    // Whether Zoids declares `set` or not, the effect names something it lacks.
    assert!(
        message.contains("foreign-effect.json: cards[0].effects[0].")
            && message.contains("Zoids Scramble has no "),
        "{message}"
    );
    assert_eq!(env.zoids_count(), before);
}

#[test]
fn an_unknown_game_or_bad_usage_exits_2() {
    let env = Env::new();
    let output = env.run(&["cards", "--game", "chess"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("unknown game 'chess'"));
    assert_eq!(env.run(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(env.run(&["import"]).status.code(), Some(2));
}

#[test]
fn the_environment_variable_chooses_the_database() {
    let env = Env::new();
    let output = Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(["import", &fixture("good-set.json")])
        .env("DECKHAND_DB", &env.db)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    // The same file, opened through --db, holds the import.
    assert_eq!(
        env.json(&["card", "TST-001", "--json"])["name"],
        "Fixture Raptor"
    );
}

#[test]
fn a_file_that_is_not_a_database_is_a_clear_error() {
    let env = Env::new();
    std::fs::write(
        &env.db,
        "this is not sqlite, just text that is long enough to matter",
    )
    .unwrap();
    let output = env.run(&["games"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("deckhand: error: database error:"),
        "{}",
        stderr(&output)
    );
}

fn deck_fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/decks")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn deck_check_exits_0_for_legal_1_for_illegal_and_2_for_bad_input() {
    let env = Env::new();
    let legal = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/decks/zoids-scramble/republic-vanguard.txt");
    let output = env.run(&[
        "deck",
        "check",
        legal.to_str().unwrap(),
        "--game",
        "zoids-scramble",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("legal zoids-scramble deck"));

    let output = env.run(&[
        "deck",
        "check",
        &deck_fixture("zoids-41-cards.txt"),
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["legal"], false);
    assert_eq!(report["game"], "zoids-scramble");
    assert_eq!(report["counts"]["main"], 41);
    let rules: Vec<&str> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["deck-size", "copies"]);
    let copies = &report["diagnostics"][1];
    assert_eq!(copies["severity"], "error");
    assert_eq!(
        copies["message"],
        "5 cards named Dawnmane Liger — a deck may hold at most 4 cards with the same name"
    );
    assert_eq!(copies["cards"], serde_json::json!(["Dawnmane Liger"]));
    assert!(copies["hint"].is_string());

    let output = env.run(&["deck", "check", &deck_fixture("zoids-unknown-names.txt")]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output).trim(),
        format!(
            "deckhand: error: {}: unknown cards in zoids-scramble: line 3 'Dawnmane Ligr' (did you mean 'Dawnmane Liger'?); line 5 'Nothing Like It'",
            deck_fixture("zoids-unknown-names.txt")
        )
    );
    let output = env.run(&[
        "deck",
        "check",
        &deck_fixture("zoids-41-cards.txt"),
        "--game",
        "sms",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("the file says it is for 'zoids-scramble'"),
        "{}",
        stderr(&output)
    );
}

/// Issue 16: 37,846 unknown names took 18 s (each compared with every card name) and gave
/// a 1.5 MB error line; a 1 MB name was echoed back whole. The first 20 unknown names are
/// listed (with suggestions), the rest counted, and long names are cut.
#[test]
fn many_unknown_names_or_a_huge_one_give_a_short_error() {
    let env = Env::new();
    let many: String = (1..=3000)
        .map(|i| format!("1 Dawnmane Ligr {i}\n"))
        .collect();
    let huge = format!("3 Dawnmane Liger\n1 {}\n", "Ligr ".repeat(200_000));
    let cases = [
        // Line 1 names the game: the 20th unknown name is on line 21.
        (
            "many.txt",
            many,
            "line 21 'Dawnmane Ligr 20'",
            "; and 2980 more",
        ),
        ("huge.txt", huge, "line 3 'Ligr Ligr", "Ligr…'"),
    ];
    for (name, text, listed, end) in cases {
        let path = env.path(name);
        std::fs::write(&path, format!("# game: zoids-scramble\n{text}")).unwrap();
        let output = env.run(&["deck", "check", path.to_str().unwrap()]);
        let stderr = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{name}");
        assert_eq!(stderr.lines().count(), 1, "{name}: one line");
        assert!(stderr.len() < 4_000, "{name}: {} bytes", stderr.len());
        assert!(stderr.contains(listed), "{name}: {stderr}");
        assert!(stderr.trim_end().ends_with(end), "{name}: {stderr}");
        assert!(!stderr.contains("'Dawnmane Ligr 21'"), "{name}: {stderr}");
    }
}

#[test]
fn deck_check_takes_the_side_from_the_file_unless_given() {
    let env = Env::new();
    let file = deck_fixture("acg-villain-with-hero.txt");
    let output = env.run(&["deck", "check", &file, "--json"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["diagnostics"][0]["rule"], "villain-deck-side");
    assert_eq!(
        report["diagnostics"][0]["cards"],
        serde_json::json!(["Amber Spark Ranger"])
    );

    // As a hero deck the same list is legal, with a warning for its villain cards.
    let output = env.run(&["deck", "check", &file, "--side", "hero", "--json"]);
    assert_eq!(output.status.code(), Some(0));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["legal"], true);
    assert_eq!(report["diagnostics"][0]["severity"], "warning");
    assert_eq!(report["diagnostics"][0]["rule"], "hero-deck-side");
}

/// The ids of every stored deck, deleted ones included.
fn deck_ids(env: &Env) -> Vec<i64> {
    env.json(&["deck", "list", "--deleted", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["id"].as_i64().unwrap())
        .collect()
}

#[test]
fn a_new_database_lists_the_bundled_sample_decks_once() {
    let env = Env::new();
    let decks = env.json(&["deck", "list", "--json"]);
    let names: Vec<&str> = decks
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names.len(),
        deckhand::bundled::DECK_FILES.len(),
        "{names:?}"
    );
    assert!(names.contains(&"Republic Vanguard"), "{names:?}");
    let shown = env.json(&["deck", "show", "Republic Vanguard", "--json"]);
    assert_eq!(shown["tags"], serde_json::json!(["sample"]));
    assert!(!shown["notes"].as_str().unwrap().is_empty(), "{shown}");

    // Deleted, a sample stays deleted: opening the database again does not bring it back.
    assert!(env
        .run(&["deck", "delete", "Republic Vanguard"])
        .status
        .success());
    assert_eq!(deck_ids(&env).len(), names.len());
    let live = env.json(&["deck", "list", "--json"]);
    assert_eq!(live.as_array().unwrap().len(), names.len() - 1);
    assert!(env
        .run(&["deck", "restore", "Republic Vanguard"])
        .status
        .success());
    assert_eq!(
        env.json(&["deck", "list", "--json"])
            .as_array()
            .unwrap()
            .len(),
        names.len()
    );
}

/// Each bad deck input, and the one line a user sees; no deck is added or changed.
#[test]
fn bad_deck_input_exits_2_with_one_line_and_changes_nothing() {
    let env = Env::new();
    let before = env.json(&["deck", "list", "--deleted", "--json"]);
    let sample = deck_ids(&env)[0].to_string();
    let misspelt = deck_fixture("acg-misspelt-side.txt");
    let unwritable = env.db.with_file_name("no-such-folder").join("deck.txt");
    let cases: [(Vec<&str>, String); 4] = [
        (
            vec!["deck", "import", &misspelt],
            format!("{misspelt}:2:1: '# side: vilain' is not a side: write hero or villain"),
        ),
        (
            vec!["deck", "check", &misspelt],
            format!("{misspelt}:2:1: '# side: vilain' is not a side"),
        ),
        (
            vec!["deck", "show", "999"],
            "no deck named or with id '999'".to_owned(),
        ),
        (
            vec![
                "deck",
                "export",
                &sample,
                "--out",
                unwritable.to_str().unwrap(),
            ],
            format!("{}: cannot write: ", unwritable.display()),
        ),
    ];
    for (args, expected) in cases {
        let output = env.run(&args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.contains(&expected), "{args:?}: {message}");
        assert!(!unwritable.exists());
        assert_eq!(
            env.json(&["deck", "list", "--deleted", "--json"]),
            before,
            "{args:?} changed the decks"
        );
    }
}

#[test]
fn stored_decks_keep_versions_diff_and_survive_deletion() {
    let env = Env::new();
    let samples = deck_ids(&env);
    let sample = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/decks/zoids-scramble/republic-vanguard.txt");
    let saved = env.json(&["deck", "import", sample.to_str().unwrap(), "--json"]);
    assert_eq!(
        (saved["name"].as_str(), saved["version"].as_i64()),
        (Some("Republic Vanguard"), Some(1))
    );
    let id = saved["id"].as_i64().unwrap().to_string();

    // Export, change two lines and add a card, import as version 2, diff.
    let exported = String::from_utf8(env.run(&["deck", "export", &id]).stdout).unwrap();
    let mut lines: Vec<String> = exported.lines().map(str::to_owned).collect();
    let first_card = lines
        .iter()
        .position(|l| l.starts_with(char::is_numeric))
        .unwrap();
    let (count, name) = lines[first_card]
        .split_once(' ')
        .map(|(c, n)| (c.to_owned(), n.to_owned()))
        .unwrap();
    lines[first_card] = format!("{} {name}", count.parse::<u32>().unwrap() - 1);
    lines.remove(first_card + 1);
    lines.push("1 Glacier Liger".into());
    let edited = env.db.with_file_name("edited.txt");
    std::fs::write(&edited, lines.join("\n")).unwrap();
    let v2 = env.json(&[
        "deck",
        "import",
        edited.to_str().unwrap(),
        "--into",
        &id,
        "--json",
    ]);
    assert_eq!(v2["version"], 2);

    let diff = env.json(&["deck", "diff", &id, "1", "2", "--json"]);
    assert_eq!(
        (
            diff["added"].as_u64(),
            diff["removed"].as_u64(),
            diff["changed"].as_u64()
        ),
        (Some(1), Some(1), Some(1)),
        "{diff}"
    );
    let versions = env.json(&["deck", "versions", "republic vanguard", "--json"]);
    assert_eq!(versions.as_array().unwrap().len(), 2);
    let check = env.run(&["deck", "check", "--deck", &id]);
    assert_eq!(
        check.status.code(),
        Some(1),
        "version 2 has 39 or 41 cards: illegal"
    );

    env.json(&["deck", "list", "--json"]);
    assert!(env
        .run(&["deck", "duplicate", &id, "Copy of Vanguard"])
        .status
        .success());
    assert!(env
        .run(&["deck", "rename", "Copy of Vanguard", "Vanguard B"])
        .status
        .success());
    assert!(env.run(&["deck", "delete", "Vanguard B"]).status.success());
    let names = |deleted: bool| -> Vec<String> {
        let mut args = vec!["deck", "list", "--json"];
        if deleted {
            args.push("--deleted");
        }
        env.json(&args)
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| !samples.contains(&d["id"].as_i64().unwrap()))
            .map(|d| d["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(names(false), ["Republic Vanguard"]);
    assert_eq!(names(true), ["Republic Vanguard", "Vanguard B"]);
    assert!(env.run(&["deck", "restore", "Vanguard B"]).status.success());
    assert_eq!(names(false), ["Republic Vanguard", "Vanguard B"]);
    let missing = env.run(&["deck", "show", "No Such Deck"]);
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        stderr(&missing).trim(),
        "deckhand: error: no deck named or with id 'No Such Deck'"
    );
}

#[test]
fn bench_decks_reports_three_timings_over_the_sample_decks() {
    let env = Env::new();
    let timings = env.json(&["bench", "decks", "--runs", "2", "--json"]);
    let names: Vec<&str> = timings
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 3, "{timings}");
    assert!(names[0].contains(&format!("({} decks)", deckhand::bundled::DECK_FILES.len())));
    assert!(timings
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["runs"].as_u64().unwrap() >= 2));
}

#[test]
fn bench_goldfish_gives_each_figure_as_the_median_and_range_of_its_rounds() {
    let env = Env::new();
    // A yardstick that always reports 1000 games/s: each round's ratio is the round's own
    // figure over 1000.
    let peer = env.path("peer.sh");
    std::fs::write(
        &peer,
        "#!/bin/sh\necho \"smallrng_fy games=$2 games_per_s=1000\"\n",
    )
    .unwrap();
    std::fs::set_permissions(&peer, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let report = env.json(&[
        "bench",
        "goldfish",
        "--games",
        "200",
        "--runs",
        "3",
        "--peer",
        peer.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(report["peer"]["games_per_second"], 1000.0, "{report}");
    let timings = report["timings"].as_array().unwrap();
    assert_eq!(
        timings.len(),
        10,
        "five games on one and two threads: {report}"
    );
    for t in timings {
        let figure = |key: &str| t[key].as_f64().unwrap();
        assert_eq!(t["runs"], 3, "{t}");
        assert!(figure("per_core_min") <= figure("per_core"), "{t}");
        assert!(figure("per_core") <= figure("per_core_max"), "{t}");
        // The median of the rounds' ratios to a constant yardstick is the median figure's.
        assert!(
            (figure("vs_peer") - figure("per_core") / 1000.0).abs() < 1e-9,
            "{t}"
        );
    }
    let text = env.ok(&["bench", "goldfish", "--games", "200", "--runs", "2"]);
    assert!(
        text.contains("2 rounds: the median per core and its range"),
        "{text}"
    );
}

/// tests/fixtures/decks/real-world/cases.txt: (file, copies per section or "refused",
/// skipped lines or the start of the error).
fn real_world_cases() -> Vec<(String, String, String)> {
    std::fs::read_to_string(deck_fixture("real-world/cases.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(" | ").map(str::trim).collect();
            (
                parts[0].to_owned(),
                parts[1].to_owned(),
                parts[2].to_owned(),
            )
        })
        .collect()
}

/// Copies per section of a stored deck, in the order `order` names them.
fn stored_sections(env: &Env, id: &str, order: &[&str]) -> String {
    let shown = env.json(&["deck", "show", id, "--json"]);
    let mut copies: Vec<(String, u64)> = Vec::new();
    for entry in shown["cards"].as_array().unwrap() {
        let section = entry["section"].as_str().unwrap().to_owned();
        let count = entry["count"].as_u64().unwrap();
        match copies.iter_mut().find(|(s, _)| *s == section) {
            Some(slot) => slot.1 += count,
            None => copies.push((section, count)),
        }
    }
    copies.sort_by_key(|(s, _)| order.iter().position(|o| o == s));
    copies
        .iter()
        .map(|(s, n)| format!("{s}={n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn real_world_deck_files_import_with_every_copy_accounted_for() {
    let env = Env::new();
    let cards = deck_fixture("real-world/cards.json");
    assert!(env.run(&["import", &cards]).status.success());
    // A new database already holds the bundled sample decks.
    let samples = env
        .json(&["deck", "list", "--json"])
        .as_array()
        .unwrap()
        .len();
    let mut stored = 0;
    for (file, expected, detail) in real_world_cases() {
        let path = deck_fixture(&format!("real-world/{file}"));
        let args = [
            "deck",
            "import",
            &path,
            "--game",
            "zoids-scramble",
            "--json",
        ];
        if expected == "refused" {
            let output = env.run(&args);
            let message = stderr(&output);
            assert_eq!(output.status.code(), Some(2), "{file}: {message}");
            assert!(
                message.starts_with(&format!("deckhand: error: {path}{detail}")),
                "{file}: {message}"
            );
            assert_eq!(message.lines().count(), 1, "{file}: {message}");
            continue;
        }
        let imported = env.json(&args);
        let reported: Vec<String> = imported["report"]["sections"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| format!("{}={}", s["section"].as_str().unwrap(), s["cards"]))
            .collect();
        assert_eq!(reported.join(", "), expected, "{file}: the report");
        assert_eq!(
            imported["report"]["skipped"]
                .as_array()
                .unwrap()
                .len()
                .to_string(),
            detail,
            "{file}: skipped lines"
        );
        // What was stored holds the same copies per section (rows of one card merged).
        let order: Vec<&str> = expected
            .split(", ")
            .map(|p| p.split('=').next().unwrap())
            .collect();
        let id = imported["id"].as_i64().unwrap().to_string();
        assert_eq!(
            stored_sections(&env, &id, &order),
            expected,
            "{file}: the stored deck"
        );
        stored += 1;
    }
    let listed = env.json(&["deck", "list", "--json"]);
    assert_eq!(
        listed.as_array().unwrap().len(),
        samples + stored,
        "refused files stored nothing"
    );
}

#[test]
fn deck_import_says_what_it_did_with_sections_and_headers() {
    let env = Env::new();
    assert!(env
        .run(&["import", &deck_fixture("real-world/cards.json")])
        .status
        .success());
    let path = deck_fixture("real-world/text-foreign-zones.txt");
    let output = env.run(&["deck", "import", &path, "--game", "zoids-scramble"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let report: Vec<&str> = stdout.lines().skip(1).collect();
    assert_eq!(
        report,
        [
            "read 21 cards: side 2, Ruler 1, Stone deck 10, Identity 1, Crypt 2, main 4, Reserve 1",
            "  'Side Deck' read as side",
            "  'Main Deck' read as main",
            "  'Ruler' kept as a section of its own: no rule counts its cards",
            "  'Stone deck' kept as a section of its own: no rule counts its cards",
            "  'Extra' kept as a section of its own: no rule counts its cards",
            "  'Identity' kept as a section of its own: no rule counts its cards",
            "  'Crypt' kept as a section of its own: no rule counts its cards",
            "  'Reserve' kept as a section of its own: no rule counts its cards",
            "  'Command Zone' kept as a section of its own: no rule counts its cards",
        ]
    );
    let categories = deck_fixture("real-world/text-category-headers.txt");
    let output = env.run(&["deck", "import", &categories, "--game", "zoids-scramble"]);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("  skipped line 7: 'Command: 6' (a header or title)\n"),
        "{stdout}"
    );
}

#[test]
fn search_limit_is_bounded() {
    let env = Env::new();
    for (limit, code) in [
        ("0", 2),
        ("10001", 2),
        ("18446744073709551615", 2),
        ("10000", 0),
    ] {
        let output = env.run(&["search", "liger", "--limit", limit, "--json"]);
        assert_eq!(
            output.status.code(),
            Some(code),
            "--limit {limit}: {}",
            stderr(&output)
        );
    }
}

/// Runs `deckhand --db <db> <args>` with a pseudo-terminal as stdout and stderr (through
/// util-linux `script`); returns everything the terminal received.
fn run_on_terminal(db: &Path, args: &[&str]) -> String {
    let mut command = format!(
        "'{}' --db '{}'",
        env!("CARGO_BIN_EXE_deckhand"),
        db.display()
    );
    for arg in args {
        command.push_str(&format!(" '{arg}'"));
    }
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env_remove("DECKHAND_DB")
        .output()
        .expect("util-linux `script` runs the command on a pseudo-terminal");
    assert!(output.status.success(), "{}", stderr(&output));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_large_import_draws_a_bar_on_a_terminal_and_none_with_json() {
    let dir = tempfile::tempdir().unwrap();
    let cards: Vec<Value> = (0..12_000)
        .map(|i| {
            serde_json::json!({"id": format!("big-{i}"), "name": format!("Big Raptor {i}"),
                "type": "Zoid", "text": "Deal 2 damage to target unit. Draw a card.",
                "stats": {"power": i % 10}})
        })
        .collect();
    let file = dir.path().join("big.json");
    let set = serde_json::json!({"game": "zoids-scramble", "cards": cards});
    std::fs::write(&file, set.to_string()).unwrap();
    let file = file.to_str().unwrap();

    let drawn = run_on_terminal(&dir.path().join("a.sqlite3"), &["import", file]);
    assert!(
        drawn.contains("indexing ["),
        "no bar on a terminal: {drawn:?}"
    );

    let json = run_on_terminal(&dir.path().join("b.sqlite3"), &["import", "--json", file]);
    assert!(
        !json.contains("indexing") && !json.contains("reading"),
        "{json:?}"
    );
    let report: Value = serde_json::from_str(json.trim()).expect("only JSON on the terminal");
    assert_eq!(report["added"], 12_000);
}

#[test]
fn effects_read_proposes_the_written_form_and_names_what_it_does_not_read() {
    let env = Env::new();
    let reading = env.json(&[
        "effects",
        "read",
        "--game",
        "pr-dbg",
        "--type",
        "Hero",
        "--stat",
        "ability_cost=3",
        "Ability: Draw 2 cards, then discard 1. Battle: Heal 2. Swap your deck with a foe's.",
        "--json",
    ]);
    let keys: Vec<&str> = reading
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["effects", "effects_text", "unread"]);
    assert_eq!(
        reading["effects_text"],
        "activate (spend 3 energy): draw 2, discard 1 | when battling: heal 2"
    );
    assert_eq!(reading["effects"][0]["trigger"], "activated");
    assert_eq!(reading["unread"][0]["text"], "Swap your deck with a foe's.");
    assert!(reading["unread"][0]["reason"].as_str().unwrap().len() > 5);

    let text = env.ok(&[
        "effects",
        "read",
        "--game",
        "zoids-scramble",
        "--type",
        "Command",
        "Draw 1 card. If you have a Liger in the Arena, draw 2 cards instead.",
    ]);
    assert!(
        text.contains("effects: when played if no [sub:liger] in arena: draw 1 | when played if [sub:liger] in arena: draw 2"),
        "{text}"
    );

    // A type or stat the game lacks, a malformed --stat, an unknown game: exit 2, one line.
    for args in [
        &[
            "effects", "read", "--game", "pr-dbg", "--type", "Wizard", "Heal 1.",
        ][..],
        &[
            "effects", "read", "--game", "pr-dbg", "--stat", "mana=2", "Heal 1.",
        ],
        &[
            "effects", "read", "--game", "pr-dbg", "--stat", "mana", "Heal 1.",
        ],
        &["effects", "read", "--game", "no-such-game", "Heal 1."],
    ] {
        let output = env.run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = stderr(&output);
        assert!(message.starts_with("deckhand: error: "), "{message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{message}");
    }
}

#[test]
fn a_players_set_gets_its_effects_read_on_import_or_later_and_one_undo_takes_them_back() {
    let env = Env::new();
    let set = env.path("mine.csv");
    std::fs::write(
        &set,
        "game,id,name,type,set,text\n\
         zoids-scramble,my-1,Reader Raptor,Zoid,MY,\"When you set this Zoid, draw 1 card.\"\n\
         zoids-scramble,my-2,Half Hound,Zoid,MY,\"When you set this Zoid, draw 1 card. Destroy target Zoid with 3 or less power.\"\n",
    )
    .unwrap();
    let set = set.to_str().unwrap();
    let dry = env.ok(&["import", set, "--read-effects", "--dry-run"]);
    assert!(
        dry.contains("effects read for 2 cards that stated none: 1 in full, 1 in part"),
        "{dry}"
    );
    env.ok(&["import", set]);
    let preview = env.ok(&["effects", "read", "--game", "zoids-scramble", "--set", "MY"]);
    assert!(
        preview.contains(
            "Half Hound (my-2)\n  effects: when set: draw 1\n  not read: Destroy target Zoid"
        ),
        "{preview}"
    );
    assert!(preview.contains("nothing was written"), "{preview}");
    assert!(!env.ok(&["card", "my-1"]).contains("when set: draw 1"));

    let applied = env.json(&[
        "effects",
        "read",
        "--game",
        "zoids-scramble",
        "--set",
        "MY",
        "--apply",
        "--json",
    ]);
    assert_eq!(applied["applied"], true);
    assert_eq!(applied["counts"]["partial"], 1);
    let card = env.ok(&["card", "my-2"]);
    assert!(card.contains("when set: draw 1"), "{card}");
    assert!(
        card.contains("partial: not read: 'Destroy target Zoid"),
        "{card}"
    );
    env.ok(&["card", "undo"]);
    assert!(!env.ok(&["card", "my-2"]).contains("when set: draw 1"));

    // A text and --apply together, or no text and no set: usage errors.
    for args in [
        &[
            "effects",
            "read",
            "--game",
            "zoids-scramble",
            "--apply",
            "Draw 1 card.",
        ][..],
        &["effects", "read", "--game", "zoids-scramble"],
    ] {
        assert_eq!(env.run(args).status.code(), Some(2), "{args:?}");
    }
}
