//! What a file can say must not break Deckhand (issue 34): each test builds the hostile
//! input an attacker tried against the release CLI and checks the answer a player gets — a
//! one-line error and exit 2, nothing half-written, and a database every other command
//! still reads.

mod common;

use common::{stderr, text, Env};

use rusqlite::Connection;

const ZOIDS: &[&str] = &["--game", "zoids-scramble"];

/// `when set: choose (choose (… (draw 1) or (draw 1)) …) or (draw 1)`, `depth` deep.
fn nested_choices(depth: usize) -> String {
    let mut steps = "draw 1".to_owned();
    for _ in 0..depth {
        steps = format!("choose ({steps}) or (draw 1)");
    }
    format!("when set: {steps}")
}

/// A one-card Zoids Scramble spreadsheet with these cells after the name.
fn zoid_sheet(env: &Env, file: &str, name: &str, effects: &str) -> String {
    let path = env.path(file);
    let effects = effects.replace('"', "\"\"");
    std::fs::write(
        &path,
        format!("name,type,power,effects\n{name},Zoid,4,\"{effects}\"\n"),
    )
    .unwrap();
    path.display().to_string()
}

fn import_sheet(env: &Env, path: &str) -> std::process::Output {
    let mut args = vec!["import", path];
    args.extend(ZOIDS);
    env.run(&args)
}

/// The database answers the commands the report found broken.
fn still_works(env: &Env) {
    env.ok(&["games"]);
    env.ok(&["cards", "--game", "zoids-scramble"]);
    env.ok(&[
        "backup",
        "--out",
        &env.path("check.sqlite3").display().to_string(),
    ]);
}

#[test]
fn choices_nested_past_the_limit_are_refused_and_the_database_keeps_working() {
    let env = Env::new();
    for depth in [42, 10_000] {
        let sheet = zoid_sheet(&env, "deep.csv", "Deep Zoid", &nested_choices(depth));
        let output = import_sheet(&env, &sheet);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        let message = stderr(&output);
        assert!(message.contains("nest at most 8 deep"), "{message}");
        assert_eq!(message.lines().count(), 1, "{message}");
    }
    still_works(&env);
    // Eight deep is what the limit allows: it is stored and reads back.
    let sheet = zoid_sheet(&env, "ok.csv", "Eight Deep", &nested_choices(8));
    let output = import_sheet(&env, &sheet);
    assert!(output.status.success(), "{}", stderr(&output));
    let card = env.json(&["card", "Eight Deep", "--json"]);
    assert_eq!(
        card["effects_text"].as_str(),
        Some(nested_choices(8).as_str())
    );
    still_works(&env);
}

#[test]
fn a_keyword_template_nested_deep_is_refused_and_such_a_file_in_the_games_folder_is_skipped() {
    let env = Env::new();
    env.ok(&["games"]);
    let template = nested_choices(10_000).replace("draw 1", "draw {value}");
    let definition = format!(
        "id = \"deep-game\"\nname = \"Deep\"\ncard_size_mm = {{ width = 63.0, height = 88.0 }}\n\
         [[card_types]]\nname = \"Unit\"\nstats = []\n\
         [[sections]]\nid = \"main\"\nname = \"Main\"\n\
         [effects]\ntriggers = [\"set\"]\nzones = [\"deck\", \"hand\"]\n\
         [[keywords]]\nname = \"Deep\"\nvalue = \"number\"\neffects = \"{template}\"\n"
    );
    let file = env.path("deep-game.toml");
    std::fs::write(&file, &definition).unwrap();
    let output = env.run(&["game", "add", &file.display().to_string()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("nest at most"),
        "{}",
        stderr(&output)
    );
    // Left in the games folder by hand, it is skipped with a warning, not fatal.
    let games = env.path("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("deep-game.toml"), &definition).unwrap();
    let output = env.run(&["games"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("game file skipped"),
        "{}",
        stderr(&output)
    );
}

/// Imports a player's card `MY-001` and breaks its row straight in the database, as a
/// damaged or hand-edited file (or an older build) may hold one.
fn plant_unreadable_row(env: &Env) {
    let sheet = env.path("mine.csv");
    std::fs::write(&sheet, "id,name,type,power\nMY-001,Broken Zoid,Zoid,3\n").unwrap();
    env.ok(&[
        "import",
        &sheet.display().to_string(),
        "--game",
        "zoids-scramble",
    ]);
    let conn = Connection::open(&env.db).unwrap();
    conn.execute(
        "UPDATE cards SET effects = '[{\"trigger\": ' WHERE id = 'MY-001'",
        [],
    )
    .unwrap();
}

#[test]
fn an_unreadable_card_row_is_left_out_and_named_and_can_be_deleted() {
    let env = Env::new();
    env.ok(&["games"]);
    plant_unreadable_row(&env);
    let output = env.run(&["cards", "--game", "zoids-scramble", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let cards: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(cards
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["id"] != "MY-001"));
    assert!(cards.as_array().unwrap().len() >= 60);
    let warning = stderr(&output);
    assert!(warning.contains("'MY-001' cannot be read"), "{warning}");
    env.ok(&["games"]);
    env.ok(&["search", "t:zoid"]);
    let backup = env.path("with-bad-row.sqlite3");
    env.ok(&["backup", "--out", &backup.display().to_string()]);
    // The row itself can go.
    env.ok(&["card", "delete", "MY-001"]);
    let output = env.run(&["cards", "--game", "zoids-scramble"]);
    assert!(
        !stderr(&output).contains("cannot be read"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn restore_refuses_a_backup_with_an_unreadable_row_before_changing_anything() {
    let env = Env::new();
    env.ok(&["games"]);
    let bad = Env::new();
    bad.ok(&["games"]);
    plant_unreadable_row(&bad);
    let backup = bad.path("bad-backup.sqlite3");
    bad.ok(&["backup", "--out", &backup.display().to_string()]);
    let deck = env.path("keep.txt");
    std::fs::write(&deck, "# game: zoids-scramble\n3 Dawnmane Liger\n").unwrap();
    env.ok(&[
        "deck",
        "import",
        &deck.display().to_string(),
        "--name",
        "Keep Me",
    ]);
    let output = env.run(&["restore", &backup.display().to_string()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let message = stderr(&output);
    assert!(
        message.contains("MY-001") && message.contains("cannot restore"),
        "{message}"
    );
    // Nothing changed: the deck made after the backup is still there.
    assert!(env.ok(&["deck", "list"]).contains("Keep Me"));
}

#[test]
fn restore_of_a_pipe_says_it_is_not_a_file() {
    let env = Env::new();
    env.ok(&["games"]);
    let fifo = env.path("backup.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let output = env.run(&["restore", &fifo.display().to_string()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("not a regular file"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_card_name_past_the_length_limit_is_refused_by_import() {
    let env = Env::new();
    let long = "N".repeat(70_000);
    let sheet = zoid_sheet(&env, "long.csv", &long, "");
    let output = import_sheet(&env, &sheet);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("too long: at most 200"), "{message}");
    assert!(message.len() < 400, "the message quotes the name whole");
}

#[test]
fn a_search_word_too_long_to_index_is_refused_not_dropped() {
    let env = Env::new();
    let word = "x".repeat(45);
    for query in [
        word.clone(),
        format!("text:{word}"),
        format!("\"a {word}\""),
    ] {
        let output = env.run(&["search", &query]);
        assert_eq!(output.status.code(), Some(2), "{query}");
        assert!(
            stderr(&output).contains("too long to search"),
            "{}",
            stderr(&output)
        );
    }
}

/// A minimal player's game with `stats` declared and `extra` appended.
fn game_file(env: &Env, id: &str, stats: &str, extra: &str) -> String {
    let file: String = id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(30)
        .collect();
    let path = env.path(&format!("game-{file}.toml"));
    std::fs::write(
        &path,
        format!(
            "id = \"{id}\"\nname = \"Test\"\ncard_size_mm = {{ width = 63.0, height = 88.0 }}\n\
             {extra}\n[[card_types]]\nname = \"Unit\"\nstats = [{stats}]\n\
             [[sections]]\nid = \"main\"\nname = \"Main\"\n"
        ),
    )
    .unwrap();
    path.display().to_string()
}

#[test]
fn game_definitions_that_would_break_search_files_or_commands_are_refused() {
    let env = Env::new();
    let stat =
        |id: &str| format!("\"{id}\"]\n[stats.\"{id}\"]\nlabel = \"L\"\nkind = \"number\"\n#[");
    let cases = [
        (
            "name-stat",
            game_file(&env, "name-stat", &stat("name"), ""),
            "card field",
        ),
        (
            "owned-stat",
            game_file(&env, "owned-stat", &stat("owned"), ""),
            "search word",
        ),
        (
            "spaced-stat",
            game_file(&env, "spaced-stat", &stat("po wer:>=1"), ""),
            "not a stat id",
        ),
        (
            "dash-id",
            game_file(&env, "--help", "", ""),
            "must start with a letter",
        ),
        (
            "long-id",
            game_file(&env, &"a".repeat(250), "", ""),
            "at most 40",
        ),
        (
            "bad-example",
            game_file(&env, "bad-example", "", "search_examples = [\"power>>3\"]"),
            "not a query",
        ),
    ];
    for (case, file, expected) in cases {
        let output = env.run(&["game", "add", &file]);
        assert_eq!(output.status.code(), Some(2), "{case}: {}", stderr(&output));
        assert!(
            stderr(&output).contains(expected),
            "{case}: {}",
            stderr(&output)
        );
        assert_eq!(
            stderr(&output).lines().count(),
            1,
            "{case}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn replacing_a_game_its_stored_cards_no_longer_fit_is_refused_naming_them() {
    let env = Env::new();
    let file = |types: &str| {
        let path = env.path("mine.toml");
        std::fs::write(
            &path,
            format!(
                "id = \"mine\"\nname = \"Mine\"\ncard_size_mm = {{ width = 63.0, height = 88.0 }}\n\
                 {types}\n[[sections]]\nid = \"main\"\nname = \"Main\"\n"
            ),
        )
        .unwrap();
        path.display().to_string()
    };
    let both =
        "[[card_types]]\nname = \"Unit\"\nstats = []\n[[card_types]]\nname = \"Spell\"\nstats = []";
    env.ok(&["game", "add", &file(both)]);
    let sheet = env.path("mine.csv");
    std::fs::write(&sheet, "name,type\nFireball,Spell\nKnight,Unit\n").unwrap();
    env.ok(&["import", &sheet.display().to_string(), "--game", "mine"]);
    let units_only = file("[[card_types]]\nname = \"Unit\"\nstats = []");
    let output = env.run(&["game", "add", &units_only, "--replace"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("'Fireball'"),
        "{}",
        stderr(&output)
    );
    // The old definition stays: the stored cards still export and import.
    let export = env.path("out.csv");
    env.ok(&[
        "cards",
        "export",
        "--game",
        "mine",
        "--format",
        "csv",
        "--out",
        &export.display().to_string(),
    ]);
}

#[test]
fn eight_adds_of_one_game_at_once_add_it_once() {
    let env = Env::new();
    env.ok(&["games"]);
    let file = game_file(&env, "racer", "", "");
    let children: Vec<_> = (0..8)
        .map(|_| {
            common::deckhand(&env.db, &["game", "add", &file])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outputs: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let added = outputs.iter().filter(|o| o.status.success()).count();
    assert_eq!(
        added,
        1,
        "{:?}",
        outputs.iter().map(stderr).collect::<Vec<_>>()
    );
    for refused in outputs.iter().filter(|o| !o.status.success()) {
        assert_eq!(refused.status.code(), Some(2));
        assert!(stderr(refused).contains("racer"), "{}", stderr(refused));
    }
}

#[test]
fn print_refuses_more_cards_than_one_pdf_holds() {
    let env = Env::new();
    let names: Vec<String> = env
        .json(&["cards", "--game", "zoids-scramble", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["type"] == "Zoid")
        .take(11)
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect();
    let deck = env.path("huge.txt");
    let lines: Vec<String> = names.iter().map(|n| format!("999 {n}")).collect();
    std::fs::write(&deck, lines.join("\n")).unwrap();
    let pdf = env.path("huge.pdf");
    let output = env.run(&[
        "print",
        &deck.display().to_string(),
        "--game",
        "zoids-scramble",
        "--out",
        &pdf.display().to_string(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("at most 10000"),
        "{}",
        stderr(&output)
    );
    assert!(!pdf.exists());
}

#[test]
fn a_usage_error_is_one_line_in_the_form_of_every_error() {
    let env = Env::new();
    let output = env.run(&["search", "--bogus"]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.starts_with("deckhand: error: "), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
    // Help is still help.
    let help = env.run(&["--help"]);
    assert!(help.status.success());
    assert!(text(&help.stdout).contains("Usage"));
}

/// A bundled Zoids Scramble deck: a game whose goldfish takes no options of its own.
fn a_zoids_sample_deck() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/decks/zoids-scramble")
        .read_dir()
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
}

#[test]
fn goldfish_options_a_game_does_not_have_are_named_not_ignored() {
    let env = Env::new();
    let deck = a_zoids_sample_deck();
    let output = env.run(&[
        "goldfish",
        &deck.display().to_string(),
        "--games",
        "10",
        "--die",
        "0,1,1,2,2,3",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("--die is ignored"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_mulligan_answer_to_a_game_without_one_is_refused_with_the_option_named() {
    let env = Env::new();
    let deck = a_zoids_sample_deck();
    let output = env.run(&[
        "goldfish",
        &deck.display().to_string(),
        "--step",
        "--mulligan",
        "true",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let message = stderr(&output);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("Zoids Scramble's goldfish does not take a mulligan answer (--mulligan)"),
        "{message}"
    );
}
