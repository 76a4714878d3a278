//! Formats (issue 18): `deck check --as`, a deck file's `# format:` line, and what
//! `--json` says about the format it used, through the built `deckhand` binary.

mod common;

use common::{stderr, text, Env};

use std::path::Path;

use serde_json::Value;

fn path(relative: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(relative)
        .display()
        .to_string()
}

/// Runs `deck check … --json` and returns (exit code, format, rule ids).
fn check(env: &Env, args: &[&str]) -> (Option<i32>, Value, Vec<String>) {
    let output = env.run(&[&["deck", "check", "--json"], args].concat());
    assert!(
        output.status.code() != Some(2),
        "{args:?}: {}",
        stderr(&output)
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let rules = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{}:{}",
                d["severity"].as_str().unwrap(),
                d["rule"].as_str().unwrap()
            )
        })
        .collect();
    (output.status.code(), report["format"].clone(), rules)
}

/// (case, arguments, exit code, format in the JSON, findings as `severity:rule`)
type CheckCase<'a> = (&'a str, &'a [&'a str], i32, Value, &'a [&'a str]);

#[test]
fn deck_check_uses_the_file_s_format_unless_another_is_asked_for() {
    let env = Env::new();
    let short = path("tests/fixtures/decks/acg-29-exactly-30.txt");
    let full = path("data/decks/pr-acg/eclipse-horde-villain.txt");
    let cases: [CheckCase; 5] = [
        (
            "29 cards, the file's format",
            &[&short],
            1,
            "exactly-30".into(),
            &["error:deck-size-min"],
        ),
        (
            "29 cards, by the game's rules",
            &[&short, "--as", "default"],
            0,
            Value::Null,
            &["warning:deck-size-min"],
        ),
        (
            "29 cards, the format by name",
            &[&short, "--as", "Exactly 30"],
            1,
            "exactly-30".into(),
            &["error:deck-size-min"],
        ),
        ("30 cards, no format", &[&full], 0, Value::Null, &[]),
        (
            "30 cards, exactly 30",
            &[&full, "--as", "exactly-30"],
            0,
            "exactly-30".into(),
            &[],
        ),
    ];
    for (case, args, code, format, rules) in cases {
        assert_eq!(
            check(&env, args),
            (
                Some(code),
                format,
                rules.iter().map(|r| r.to_string()).collect()
            ),
            "{case}"
        );
    }
    let output = env.run(&["deck", "check", &short]);
    assert!(text(&output.stdout).contains("illegal villain pr-acg deck (format exactly-30)"));
}

#[test]
fn a_stored_deck_keeps_its_file_s_format_through_import_export_and_new_versions() {
    let env = Env::new();
    let short = path("tests/fixtures/decks/acg-29-exactly-30.txt");
    let imported = env.json(&["deck", "import", &short, "--json"]);
    let id = imported["id"].to_string();
    assert_eq!(imported["format"], "exactly-30");
    let cases: [(&[&str], i32, Value, &str); 3] = [
        (&[], 1, "exactly-30".into(), "error:deck-size-min"),
        (
            &["--as", "default"],
            0,
            Value::Null,
            "warning:deck-size-min",
        ),
        (
            &["--as", "exactly-30"],
            1,
            "exactly-30".into(),
            "error:deck-size-min",
        ),
    ];
    for (args, code, format, rule) in cases {
        let args = [&["--deck", id.as_str()], args].concat();
        assert_eq!(
            check(&env, &args),
            (Some(code), format, vec![rule.to_owned()]),
            "{args:?}"
        );
    }
    let exported = env.ok(&["deck", "export", &id]);
    assert!(exported.contains("\n# format: exactly-30\n"), "{exported}");

    // A new version from a file without a format line keeps the deck's format.
    let full = path("data/decks/pr-acg/eclipse-horde-villain.txt");
    env.ok(&["deck", "import", &full, "--into", &id]);
    assert_eq!(check(&env, &["--deck", &id]).1, "exactly-30");
}

#[test]
fn a_deck_file_with_an_unknown_format_is_not_imported() {
    let env = Env::new();
    let before = env.ok(&["deck", "list"]);
    let file = env.path("bogus.txt");
    let deck =
        std::fs::read_to_string(path("data/decks/pr-acg/eclipse-horde-villain.txt")).unwrap();
    std::fs::write(&file, format!("# format: Strict\n{deck}")).unwrap();
    let output = env.run(&["deck", "import", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("has no format 'Strict'"),
        "{}",
        stderr(&output)
    );
    assert_eq!(env.ok(&["deck", "list"]), before, "nothing saved");
}

#[test]
fn an_unknown_format_exits_2_naming_the_game_s_formats() {
    let env = Env::new();
    let full = path("data/decks/pr-acg/eclipse-horde-villain.txt");
    let output = env.run(&["deck", "check", &full, "--as", "exactly 31"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output).trim(),
        "deckhand: error: pr-acg has no format 'exactly 31' (its formats: default, exactly-30)"
    );
    let file = env.path("bogus.txt");
    let deck = std::fs::read_to_string(&full).unwrap();
    std::fs::write(&file, format!("# format: Strict\n{deck}")).unwrap();
    let output = env.run(&["deck", "check", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output).trim(),
        format!(
            "deckhand: error: {}: # format: pr-acg has no format 'Strict' (its formats: default, exactly-30)",
            file.display()
        )
    );
}

#[test]
fn the_game_summary_lists_each_game_s_formats() {
    let deckhand = deckhand::Deckhand::open_in_memory().unwrap();
    let summaries = deckhand.game_summaries().unwrap();
    let formats = |game: &str| -> Vec<String> {
        summaries
            .iter()
            .find(|s| s.id == game)
            .unwrap()
            .formats
            .iter()
            .map(|f| format!("{}: {}", f.id, f.name))
            .collect()
    };
    assert_eq!(
        formats("sms"),
        [
            "one-of-each-super: One of each Super",
            "ten-of-each-attachment: Ten of each Attachment"
        ]
    );
    assert_eq!(formats("pr-acg"), ["exactly-30: Exactly 30"]);
    assert_eq!(formats("pr-dbg"), ["base-set-copies: Base-set copies"]);
    assert!(formats("zoids-scramble").is_empty());
    assert!(summaries
        .iter()
        .flat_map(|s| &s.formats)
        .all(|f| !f.description.is_empty()));
}

#[test]
fn the_editor_checks_and_saves_a_draft_in_its_stored_format() {
    let mut deckhand = deckhand::Deckhand::open_in_memory().unwrap();
    let short = Path::new(&path("tests/fixtures/decks/acg-29-exactly-30.txt")).to_owned();
    let id = deckhand.import_deck_path(&short, None).unwrap().deck.id;
    let mut draft = deckhand.deck_content(id, None).unwrap();
    assert_eq!(draft.format.as_deref(), Some("exactly-30"));
    let legality = deckhand.check_draft(&draft).unwrap();
    assert_eq!(
        (legality.legal, legality.format.as_deref()),
        (false, Some("exactly-30"))
    );

    draft.notes = "edited".into();
    let view = deckhand.save_draft(Some(id), &draft).unwrap();
    assert_eq!(
        view.format.as_deref(),
        Some("exactly-30"),
        "saving keeps the format"
    );
    assert_eq!(view.legality.format.as_deref(), Some("exactly-30"));

    draft.format = Some("Exactly 30".into());
    let view = deckhand.save_draft(Some(id), &draft).unwrap();
    assert_eq!(view.format.as_deref(), Some("exactly-30"), "stored by id");

    draft.format = None;
    assert!(
        deckhand
            .save_draft(Some(id), &draft)
            .unwrap()
            .legality
            .legal
    );
    draft.format = Some("strict".into());
    let err = deckhand.save_draft(Some(id), &draft).unwrap_err();
    assert_eq!(err.code(), "unknown_format");
    assert_eq!(
        deckhand.deck_content(id, None).unwrap().format,
        None,
        "nothing saved"
    );
}
