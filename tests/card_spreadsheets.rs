//! `deckhand import` of card spreadsheets (CSV with `,` or `;`, TSV): columns by field,
//! stat id or stat label, `--map`, `--ignore`, `--dry-run`, re-import by stable ids, and
//! bad input (issue 17): one line per problem with row and column, exit 2, nothing written.

mod common;

use common::{stderr, Env};

use std::path::Path;

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/spreadsheets")
        .join(name)
        .display()
        .to_string()
}

const ZOIDS: &[&str] = &["--game", "zoids-scramble", "--ignore", "Artist"];

impl Env {
    fn card_count(&self) -> usize {
        self.json(&["cards", "--json"]).as_array().unwrap().len()
    }

    fn import_json(&self, files: &[String], options: &[&str]) -> serde_json::Value {
        let mut args = vec!["import"];
        args.extend(files.iter().map(String::as_str));
        args.extend(options);
        args.push("--json");
        self.json(&args)
    }
}

fn counts(report: &serde_json::Value) -> (u64, u64, u64) {
    (
        report["added"].as_u64().unwrap(),
        report["updated"].as_u64().unwrap(),
        report["unchanged"].as_u64().unwrap(),
    )
}

#[test]
fn a_spreadsheet_with_stats_by_label_imports_and_an_edited_copy_updates_it() {
    let env = Env::new();
    let report = env.import_json(&[fixture("zoids-by-label.csv")], ZOIDS);
    assert_eq!(counts(&report), (4, 0, 0));

    // Ids come from set and number: the edited sheet updates the same cards.
    let report = env.import_json(&[fixture("zoids-by-label-edited.csv")], ZOIDS);
    assert_eq!(counts(&report), (0, 1, 3));

    let tortoise = env.json(&["card", "Quillback Tortoise", "--json"]);
    assert_eq!(tortoise["id"], "zoids-scramble-zsr-002");
    assert_eq!(tortoise["stats"]["power"], 7);
    assert_eq!(tortoise["stats"]["block_energy"], 2);
    assert_eq!(
        tortoise["subtypes"],
        serde_json::json!(["Tortoise", "Armored"])
    );
    assert_eq!(
        tortoise["keywords"],
        serde_json::json!(["Block Bonus: 2", "Unmanned"])
    );
    let pilot = env.json(&["card", "Rook Tamsin", "--json"]);
    assert_eq!(
        pilot["stats"]["pilot_types"],
        serde_json::json!(["Raptor", "Liger"])
    );
    let raptor = env.json(&["card", "Emberfang Raptor", "--json"]);
    assert_eq!(raptor["text"], "Fast, and \"hungry\".");
    let sortie = env.json(&["card", "Sudden Sortie", "--json"]);
    assert_eq!(
        sortie["text"],
        "Your Zoid gets +2 power.\nThen draw a card."
    );
    assert_eq!(sortie["stats"]["timing"], "battle");
}

#[test]
fn a_semicolon_sheet_with_a_bom_and_a_tsv_import_together_with_map_and_game_column() {
    let env = Env::new();
    let files = [fixture("zoids-semicolon-bom.csv"), fixture("zoids.tsv")];
    let options = ["--game", "zoids-scramble", "--map", "Angriff=attack_energy"];
    let report = env.import_json(&files, &options);
    assert_eq!(counts(&report), (4, 0, 0));

    // In a `;` file lists are separated by `|`.
    let ray = env.json(&["card", "ZSB-01", "--json"]);
    assert_eq!(ray["game"], "zoids-scramble");
    assert_eq!(ray["subtypes"], serde_json::json!(["Ray", "Flyer"]));
    assert_eq!(
        ray["keywords"],
        serde_json::json!(["Flying", "Scouting: 2"])
    );
    assert_eq!(ray["stats"]["attack_energy"], 1);
    // No id, set or number: the id is the name's slug, the same on every import.
    let wasp = env.json(&["card", "Tin Wasp", "--json"]);
    assert_eq!(wasp["id"], "zoids-scramble-tin-wasp");
    assert_eq!(
        wasp["keywords"],
        serde_json::json!(["Flying", "Electronic: 1"])
    );
    assert_eq!(counts(&env.import_json(&files, &options)), (0, 0, 4));
}

#[test]
fn a_dry_run_reports_what_would_change_and_writes_nothing() {
    let env = Env::new();
    let before = env.card_count();
    let mut options = ZOIDS.to_vec();
    options.push("--dry-run");
    let report = env.import_json(&[fixture("zoids-by-label.csv")], &options);
    assert_eq!(counts(&report), (4, 0, 0));
    assert_eq!(env.card_count(), before);
    let text = env.ok(&[
        "import",
        &fixture("zoids-by-label.csv"),
        "--game",
        "zoids-scramble",
        "--ignore",
        "Artist",
        "--dry-run",
    ]);
    assert!(text.contains("4 added"), "{text}");
    assert!(text.contains("nothing was written"), "{text}");
    assert_eq!(env.card_count(), before);
}

/// Each bad sheet is imported after a good one in the same run: all or nothing means the
/// good one is not kept either. Each problem is one line naming file, row and column.
#[test]
fn bad_spreadsheets_exit_2_with_row_and_column_and_write_nothing() {
    let cases = [
        (
            "bad-unknown-type.csv",
            "bad-unknown-type.csv: row 3, column 2 (type): 'Sorcery' is not a card type of Zoids Scramble",
        ),
        (
            "bad-stat-out-of-range.csv",
            "bad-stat-out-of-range.csv: row 2, column 3 (Power): 25 is out of range (0..20)",
        ),
        (
            "bad-duplicate-id.csv",
            "bad-duplicate-id.csv: row 3, column 1 (id): id 'ZSR-900' is used again (first by row 2)",
        ),
        (
            "bad-id-of-another-game.csv",
            "bad-id-of-another-game.csv: row 2: id 'zoids-scramble-zsr-001' already belongs to 'Emberfang Raptor' of zoids-scramble",
        ),
        (
            "bad-bundled-id.csv",
            "bad-bundled-id.csv: row 2: id 'ZSX-001' is the bundled sample card 'Dawnmane Liger', which stays read-only",
        ),
        (
            "bad-unbalanced-quotes.csv",
            "bad-unbalanced-quotes.csv: row 3, column 3: a quote opened here is never closed",
        ),
        (
            "bad-binary.csv",
            "bad-binary.csv: byte 8 is a NUL: this is a binary file or an image",
        ),
        (
            "bad-unknown-column.csv",
            "bad-unknown-column.csv: row 1, column 3 (Powr): 'Powr' is not a card field or a stat of Zoids Scramble (--map COLUMN=FIELD or --ignore COLUMN); did you mean power?",
        ),
    ];
    let env = Env::new();
    let before = env.card_count();
    for (file, expected) in cases {
        let output = env.run(&[
            "import",
            &fixture("zoids-by-label.csv"),
            &fixture(file),
            "--game",
            "zoids-scramble",
            "--ignore",
            "Artist",
        ]);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{file}: {message}");
        assert!(message.contains(expected), "{file}: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{file}: {message}");
        assert_eq!(env.card_count(), before, "{file} wrote cards");
    }
}

#[test]
fn every_bad_row_is_listed_up_to_fifty_then_counted() {
    let env = Env::new();
    let mut sheet = String::from("name,type,power\n");
    for i in 0..60 {
        sheet.push_str(&format!("Zoid {i},Zoid,{}\n", 100 + i));
    }
    let path = env.path("many.csv");
    std::fs::write(&path, sheet).unwrap();
    let output = env.run(&[
        "import",
        &path.display().to_string(),
        "--game",
        "zoids-scramble",
    ]);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    let lines: Vec<&str> = message.trim_end().lines().collect();
    assert_eq!(lines.len(), 51, "{message}");
    assert!(lines[0].ends_with("row 2, column 3 (power): 100 is out of range (0..20)"));
    assert!(lines[49].contains("row 51, column 3"), "{}", lines[49]);
    assert!(lines[50].ends_with("and 10 more"), "{}", lines[50]);
}

#[test]
fn a_spreadsheet_without_a_game_is_refused() {
    let env = Env::new();
    let output = env.run(&["import", &fixture("zoids.tsv")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("a spreadsheet needs --game GAME (or a 'game' column)"));
}
