//! The collection through the built `deckhand` binary: CSV files in every recognised
//! format (fixtures in `tests/fixtures/collection/`), bad files, undo, deck need and
//! buildable, backup and restore — each against a temporary database.

mod common;

use common::{stderr, Env};

use std::path::Path;

use serde_json::{json, Value};

impl Env {
    /// `(card, count, finish, condition, language, location)` of every collection row.
    fn rows(&self) -> Vec<(String, u64, String, Value, Value, Value)> {
        self.json(&["collection", "list", "--json"])
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["card"].as_str().unwrap().to_owned(),
                    r["count"].as_u64().unwrap(),
                    r["finish"].as_str().unwrap().to_owned(),
                    r["condition"].clone(),
                    r["language"].clone(),
                    r["location"].clone(),
                )
            })
            .collect()
    }

    fn write(&self, name: &str, text: &str) -> String {
        let path = self.dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    }
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/collection")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn each_recognised_csv_format_imports_its_copies() {
    // (fixture, format, lines, copies, one row that must exist afterwards)
    let cases = [
        (
            "deckhand.csv",
            "deckhand",
            3,
            6,
            json!({"card": "ZSX-001", "name": "Dawnmane Liger", "game": "zoids-scramble",
                   "count": 2, "finish": "foil", "condition": "near_mint", "language": "en",
                   "location": "Binder A"}),
        ),
        (
            "moxfield.csv",
            "moxfield",
            3,
            7,
            json!({"card": "ZSX-060", "name": "Kestrel Wynd, Mercenary",
                   "game": "zoids-scramble", "count": 2, "finish": "normal",
                   "condition": "lightly_played", "language": "de", "location": null}),
        ),
        (
            "dragon-shield.csv",
            "dragon-shield",
            2,
            4,
            json!({"card": "ZSX-009", "name": "Ridgeback Wolf", "game": "zoids-scramble",
                   "count": 1, "finish": "normal", "condition": "moderately_played",
                   "language": "fr", "location": "Box 2"}),
        ),
        (
            "plain-with-header.csv",
            "plain",
            3,
            3,
            json!({"card": "ZSX-060", "name": "Kestrel Wynd, Mercenary",
                   "game": "zoids-scramble", "count": 1, "finish": "normal",
                   "condition": null, "language": null, "location": null}),
        ),
        (
            "plain-without-header.csv",
            "plain",
            2,
            6,
            json!({"card": "ZSX-001", "name": "Dawnmane Liger", "game": "zoids-scramble",
                   "count": 2, "finish": "normal", "condition": null, "language": null,
                   "location": null}),
        ),
    ];
    for (file, format, lines, copies, row) in cases {
        let env = Env::new();
        let report = env.json(&[
            "collection",
            "import",
            &fixture(file),
            "--game",
            "zoids-scramble",
            "--json",
        ]);
        assert_eq!(report["format"], format, "{file}");
        assert_eq!(report["lines"], lines, "{file}");
        assert_eq!(report["copies"], copies, "{file}");
        let listed = env.json(&["collection", "list", "--json"]);
        assert!(
            listed.as_array().unwrap().contains(&row),
            "{file}: {row} not in {listed:#}"
        );
    }
}

#[test]
fn bad_files_get_a_one_line_error_with_line_and_column_and_change_nothing() {
    let cases = [
        (
            "wrong-column-count.csv",
            ":3:3: expected 2 columns, found 3",
        ),
        ("negative-count.csv", ":3:1: the count must not be negative"),
        (
            "non-numeric-count.csv",
            ":3:1: the count is not a whole number: 'three'",
        ),
        ("unknown-condition.csv", ":2:8: unknown condition 'shiny'"),
        ("not-a-csv.json", ":1:1: not a collection CSV"),
        (
            "not-a-csv.png",
            ":3:1: not a CSV file: it holds binary data",
        ),
        ("header-only.csv", ""),
        (
            "unknown-names.csv",
            "2 lines name no card; nothing was imported",
        ),
        ("no-such-file.csv", "No such file"),
    ];
    for (file, expected) in cases {
        let env = Env::new();
        env.ok(&["collection", "add", "Cinderpaw Cub", "--count", "1"]);
        let output = env.run(&["collection", "import", &fixture(file)]);
        if file == "header-only.csv" {
            // A header and no lines is an empty collection file, not an error.
            assert!(output.status.success(), "{}", stderr(&output));
            continue;
        }
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{file}: {err}");
        assert!(err.contains(expected), "{file}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{file}: {err}");
        assert_eq!(env.rows().len(), 1, "{file} changed the collection");
        assert_eq!(env.rows()[0].1, 1, "{file} changed the collection");
    }
}

#[test]
fn unknown_names_are_all_listed_with_their_lines_and_suggestions() {
    let env = Env::new();
    let output = env.run(&["collection", "import", &fixture("unknown-names.csv")]);
    let err = stderr(&output);
    assert!(
        err.contains("line 2 'Dawnmane Ligr' (did you mean 'Dawnmane Liger'"),
        "{err}"
    );
    assert!(err.contains("line 4 'No Such Zoid'"), "{err}");
    assert!(env.rows().is_empty());
}

/// Issue 16, as for deck files: thousands of unknown names give one short line listing
/// the first 20 and counting the rest, and a huge name is cut.
#[test]
fn many_unknown_names_or_a_huge_one_give_a_short_error() {
    let env = Env::new();
    let mut text = String::from("count,name\n");
    for i in 1..=3000 {
        text.push_str(&format!("1,Dawnmane Ligr {i}\n"));
    }
    text.push_str(&format!("1,{}\n", "Ligr ".repeat(200_000)));
    let input = env.write("many.csv", &text);
    let output = env.run(&["collection", "import", &input]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1);
    assert!(err.len() < 4_000, "{} bytes", err.len());
    assert!(err.contains("3001 lines name no card"), "{err}");
    assert!(err.contains("line 21 'Dawnmane Ligr 20'"), "{err}");
    assert!(!err.contains("'Dawnmane Ligr 21'"), "{err}");
    assert!(err.trim_end().ends_with("; and 2981 more"), "{err}");
    assert!(env.rows().is_empty());

    let huge = env.write(
        "huge.csv",
        &format!("count,name\n1,{}\n", "Ligr ".repeat(200_000)),
    );
    let err = stderr(&env.run(&["collection", "import", &huge]));
    assert!(err.len() < 400, "{} bytes", err.len());
    assert!(err.contains("line 2 'Ligr Ligr"), "{err}");
    assert!(err.trim_end().ends_with("Ligr…'"), "{err}");
}

#[test]
fn skip_unknown_imports_the_rest_and_writes_the_skipped_lines_for_the_user() {
    let env = Env::new();
    let input = env.write(
        "mine.csv",
        &std::fs::read_to_string(fixture("unknown-names.csv")).unwrap(),
    );
    let out = env.ok(&["collection", "import", &input, "--skip-unknown"]);
    assert!(out.contains("skipped 2 lines"), "{out}");
    assert_eq!(env.rows().len(), 1);
    let skipped = std::fs::read_to_string(env.dir.path().join("mine.skipped.csv")).unwrap();
    assert_eq!(skipped, "count,name\n1,Dawnmane Ligr\n3,No Such Zoid\n");
}

#[test]
fn add_remove_set_and_undo_change_the_counts_a_user_sees() {
    let env = Env::new();
    env.ok(&["collection", "add", "Dawnmane Liger", "--count", "3"]);
    env.ok(&[
        "collection",
        "add",
        "ZSX-001",
        "--foil",
        "--condition",
        "nm",
        "--location",
        "Binder A",
    ]);
    let foil_row = (
        "ZSX-001".to_owned(),
        1,
        "foil".to_owned(),
        json!("near_mint"),
        Value::Null,
        json!("Binder A"),
    );
    assert_eq!(env.rows().len(), 2);
    // Without flags, the plain row is meant.
    env.ok(&["collection", "remove", "Dawnmane Liger", "--count", "3"]);
    env.ok(&["collection", "add", "ZSX-001", "--location", "Box"]);
    // Two rows and no plain one: the command must say which.
    let output = env.run(&["collection", "set", "ZSX-001", "--count", "0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("say which"), "{}", stderr(&output));
    env.ok(&[
        "collection",
        "set",
        "ZSX-001",
        "--count",
        "0",
        "--location",
        "Box",
    ]);
    assert_eq!(env.rows(), std::slice::from_ref(&foil_row));
    env.ok(&["collection", "set", "ZSX-001", "--count", "5"]);
    assert_eq!(env.rows()[0].1, 5);
    env.ok(&["collection", "undo"]);
    assert_eq!(env.rows(), [foil_row]);
    let output = env.run(&["collection", "undo"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output).trim(), "deckhand: error: nothing to undo");
    let output = env.run(&["collection", "add", "Dawnmane Liger", "--count", "-2"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("must not be negative"));
    let output = env.run(&[
        "collection",
        "remove",
        "ZSX-001",
        "--count",
        "9",
        "--foil",
        "--condition",
        "nm",
        "--location",
        "Binder A",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("the collection holds 1"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn wish_sets_the_wanted_count_removes_at_zero_undoes_and_exports() {
    let env = Env::new();
    let wished = |env: &Env| -> Vec<(String, u64)> {
        env.json(&["collection", "wishlist", "--json"])
            .as_array()
            .unwrap()
            .iter()
            .map(|w| {
                (
                    w["card"].as_str().unwrap().to_owned(),
                    w["count"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    let done = env.json(&[
        "collection",
        "wish",
        "dawnmane liger",
        "--count",
        "3",
        "--game",
        "zoids-scramble",
        "--json",
    ]);
    assert_eq!(
        (done["card"].as_str(), done["count"].as_u64()),
        (Some("ZSX-001"), Some(3))
    );
    env.ok(&["collection", "wish", "ZSX-001", "--count", "2"]);
    assert_eq!(wished(&env), [("ZSX-001".to_owned(), 2)]);
    assert_eq!(
        env.ok(&["collection", "wishlist", "--export", "text"]),
        "2 Dawnmane Liger\n"
    );
    let csv = env.path("wanted.csv");
    env.ok(&[
        "collection",
        "wishlist",
        "--export",
        "csv",
        "--out",
        csv.to_str().unwrap(),
    ]);
    let written = std::fs::read_to_string(&csv).unwrap();
    assert!(
        written.contains("2,ZSX-001,Dawnmane Liger,zoids-scramble"),
        "{written}"
    );
    let said = env.ok(&["collection", "wish", "ZSX-001", "--count", "0"]);
    assert!(said.contains("off the wishlist"), "{said}");
    assert!(wished(&env).is_empty());
    env.ok(&["collection", "undo"]);
    assert_eq!(wished(&env), [("ZSX-001".to_owned(), 2)]);
    assert!(env.rows().is_empty(), "a wish is not an owned copy");
    let output = env.run(&["collection", "wish", "Sheild Ligr"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(wished(&env), [("ZSX-001".to_owned(), 2)]);
}

#[test]
fn list_filters_by_game_and_by_search_query() {
    let env = Env::new();
    env.ok(&[
        "collection",
        "import",
        &fixture("dragon-shield.csv"),
        "--game",
        "zoids-scramble",
    ]);
    env.ok(&["collection", "add", "Dojo Dan"]);
    let wolves = env.json(&["collection", "list", "--query", "wolf", "--json"]);
    assert_eq!(wolves.as_array().unwrap().len(), 1);
    assert_eq!(wolves[0]["name"], "Ridgeback Wolf");
    let sms = env.json(&["collection", "list", "--game", "sms", "--json"]);
    assert_eq!(sms.as_array().unwrap().len(), 1);
    let output = env.run(&["collection", "list", "--query", "power>"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn export_then_import_into_a_new_database_gives_the_same_collection() {
    let env = Env::new();
    env.ok(&["collection", "import", &fixture("deckhand.csv")]);
    let out = env.dir.path().join("export.csv").display().to_string();
    env.ok(&["collection", "export", "--out", &out]);
    let other = Env::new();
    other.ok(&["collection", "import", &out]);
    assert_eq!(other.rows(), env.rows());
    let moxfield = env.ok(&["collection", "export", "--format", "moxfield"]);
    assert!(moxfield.starts_with("Count,Tradelist Count,Name,Edition,Condition,Language,Foil,"));
}

#[test]
fn deck_need_prints_the_issues_json_shape_and_counts_other_decks() {
    let env = Env::new();
    // Set the sample decks of a new database aside: the only other deck is "Other".
    for sample in env.json(&["deck", "list", "--json"]).as_array().unwrap() {
        env.ok(&["deck", "delete", &sample["id"].to_string()]);
    }
    let deck = env.write(
        "deck.txt",
        "# game: zoids-scramble\n3 Dawnmane Liger\n2 Cinderpaw Cub\n",
    );
    env.ok(&["deck", "import", &deck, "--name", "Other"]);
    env.ok(&["collection", "import", &fixture("plain-without-header.csv")]);
    let need = env.json(&["deck", "need", &deck, "--json"]);
    assert_eq!(
        need,
        json!({
            "lines": [
                {"card": "ZSX-001", "needed": 3, "owned": 2, "used_elsewhere": 3, "missing": 1},
                {"card": "ZSX-003", "needed": 2, "owned": 4, "used_elsewhere": 2, "missing": 0}
            ],
            "missing": 1
        })
    );
    let stored = env.json(&["deck", "need", "--deck", "Other", "--json"]);
    assert_eq!(stored["lines"][0]["used_elsewhere"], 0);
    assert_eq!(
        env.ok(&["deck", "need", "--deck", "Other", "--missing", "text"]),
        "1 Dawnmane Liger\n"
    );
    env.ok(&["deck", "need", "--deck", "Other", "--wishlist"]);
    let wished = env.json(&["collection", "wishlist", "--json"]);
    assert_eq!(wished[0]["count"], 1);
}

#[test]
fn deck_buildable_lists_decks_ready_now_and_a_few_cards_away() {
    let env = Env::new();
    for (name, text) in [
        ("Ready", "2 Dawnmane Liger\n"),
        ("Close", "4 Dawnmane Liger\n3 Cinderpaw Cub\n"),
        ("Far", "4 Ridgeback Wolf\n"),
    ] {
        let file = env.write(&format!("{name}.txt"), text);
        env.ok(&[
            "deck",
            "import",
            &file,
            "--game",
            "zoids-scramble",
            "--name",
            name,
        ]);
    }
    env.ok(&["collection", "add", "Dawnmane Liger", "--count", "2"]);
    env.ok(&["collection", "add", "Cinderpaw Cub", "--count", "2"]);
    let found = env.json(&["deck", "buildable", "--json"]);
    let summary: Vec<(&str, u64)> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["name"].as_str().unwrap(), d["missing"].as_u64().unwrap()))
        .collect();
    assert_eq!(summary, [("Ready", 0), ("Close", 3)]);
    let text = env.ok(&["deck", "buildable"]);
    assert!(text.contains("buildable now: Ready"), "{text}");
    assert!(text.contains("3 away: Close"), "{text}");
    assert!(text.contains("2 Dawnmane Liger, 1 Cinderpaw Cub"), "{text}");
}

#[test]
fn a_backup_restores_the_collection_and_a_bad_file_is_refused_without_change() {
    let env = Env::new();
    env.ok(&["collection", "add", "Dawnmane Liger", "--count", "2"]);
    let backup = env.dir.path().join("saved.sqlite3").display().to_string();
    env.ok(&["backup", "--out", &backup]);
    env.ok(&["collection", "add", "Cinderpaw Cub", "--count", "4"]);
    for bad in [fixture("moxfield.csv"), fixture("not-a-csv.png")] {
        let output = env.run(&["restore", &bad]);
        assert_eq!(output.status.code(), Some(2));
        assert!(
            stderr(&output).contains("cannot restore"),
            "{}",
            stderr(&output)
        );
        assert_eq!(env.rows().len(), 2);
    }
    let out = env.ok(&["restore", &backup]);
    assert!(out.contains("1 collection rows"), "{out}");
    assert_eq!(env.rows().len(), 1);
    // Search still works on the restored database.
    assert!(env
        .ok(&["search", "liger", "--game", "zoids-scramble"])
        .contains("Dawnmane Liger"));
}

#[test]
fn a_backup_onto_a_folder_fails_and_leaves_no_partial_file() {
    let env = Env::new();
    let folder = env.path("backups-here");
    std::fs::create_dir(&folder).unwrap();
    let output = env.run(&["backup", "--out", &folder.display().to_string()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
    let left: Vec<String> = std::fs::read_dir(env.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".partial"))
        .collect();
    assert_eq!(left, [] as [String; 0]);
}

#[test]
fn restore_refuses_a_backup_with_a_foreign_trigger_and_no_deck_is_lost() {
    let env = Env::new();
    let backup = env.path("backup.db");
    env.ok(&["backup", "--out", &backup.display().to_string()]);
    rusqlite::Connection::open(&backup)
        .unwrap()
        .execute_batch("CREATE TRIGGER t AFTER INSERT ON collection BEGIN DELETE FROM decks; END;")
        .unwrap();
    let decks = env.ok(&["deck", "list"]);
    let output = env.run(&["restore", &backup.display().to_string()]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output).trim_end(),
        format!(
            "deckhand: error: {}: cannot restore: not a Deckhand backup: unexpected trigger 't'",
            backup.display()
        )
    );
    env.ok(&["collection", "add", "Dawnmane Liger"]);
    assert_eq!(env.ok(&["deck", "list"]), decks);
    assert!(!decks.is_empty());
}

/// The names a search finds, in order.
fn search_names(env: &Env, query: &str) -> Vec<String> {
    env.json(&[
        "search",
        query,
        "--game",
        "zoids-scramble",
        "--limit",
        "10000",
        "--json",
    ])
    .as_array()
    .unwrap()
    .iter()
    .map(|c| c["name"].as_str().unwrap().to_owned())
    .collect()
}

/// The index generations on disk: a re-index would add one.
fn index_generations(env: &Env) -> Vec<String> {
    let mut dir = env.db.clone().into_os_string();
    dir.push(".index");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("gen-"))
        .collect();
    names.sort();
    names
}

#[test]
fn owned_and_wanted_searches_follow_the_collection_without_a_reindex() {
    let env = Env::new();
    assert!(search_names(&env, "owned>=1").is_empty());
    let all = search_names(&env, "").len();
    assert_eq!(search_names(&env, "owned:0").len(), all);
    let generations = index_generations(&env);

    env.ok(&["collection", "add", "Dawnmane Liger", "--count", "2"]);
    env.ok(&["collection", "add", "Cinderpaw Cub", "--foil"]);
    let cases: &[(&str, &[&str])] = &[
        ("owned>=1", &["Cinderpaw Cub", "Dawnmane Liger"]),
        ("owned>=2", &["Dawnmane Liger"]),
        ("owned=1", &["Cinderpaw Cub"]),
        ("owned>2", &[]),
        ("liger owned>0", &["Dawnmane Liger"]),
    ];
    for (query, expected) in cases {
        assert_eq!(search_names(&env, query), *expected, "for {query:?}");
    }
    assert_eq!(search_names(&env, "owned:0").len(), all - 2);

    let deck = env.write(
        "deck.txt",
        "# game: zoids-scramble\n3 Dawnmane Liger\n2 Cinderpaw Cub\n",
    );
    env.ok(&["deck", "need", &deck, "--wishlist"]);
    assert_eq!(
        search_names(&env, "wanted>=1"),
        ["Cinderpaw Cub", "Dawnmane Liger"]
    );
    assert_eq!(search_names(&env, "wanted>=1 owned>=2"), ["Dawnmane Liger"]);

    env.ok(&["collection", "undo"]);
    assert!(search_names(&env, "wanted>=1").is_empty());
    assert_eq!(
        index_generations(&env),
        generations,
        "the index was rebuilt"
    );

    let output = env.run(&["search", "owned>=many"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("'many' at 8 is not a number: owned counts copies"));
}

#[test]
fn a_wishlist_note_comes_with_its_count_in_one_undo_and_a_long_or_control_one_is_refused() {
    let env = Env::new();
    env.ok(&["collection", "wish", "ZSX-001", "--count", "2"]);
    let noted = env.ok(&[
        "collection",
        "wish",
        "ZSX-001",
        "--count",
        "3",
        "--note",
        "the foil one,\n ask at the shop",
    ]);
    assert!(noted.contains("wished 3 Dawnmane Liger"), "{noted}");
    let listed = env.ok(&["collection", "wishlist"]);
    assert!(
        listed.contains("Dawnmane Liger  (the foil one, ask at the shop)"),
        "{listed}"
    );
    // Nothing is written by a refused note.
    for (note, says) in [
        ("x".repeat(201), "at most 200 characters, not 201"),
        ("bell\u{7}".to_owned(), "no control characters"),
    ] {
        let output = env.run(&["collection", "wish", "ZSX-001", "--note", &note]);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(stderr(&output).contains(says), "{}", stderr(&output));
    }
    // One undo takes back the count and the note together.
    env.ok(&["collection", "undo"]);
    let rows = env.json(&["collection", "wishlist", "--json"]);
    assert_eq!(
        (rows[0]["count"].as_u64(), rows[0]["note"].as_str()),
        (Some(2), Some(""))
    );
}
