//! Files Deckhand writes, through the built `deckhand` binary (issue 16, "Data loss"): no
//! output replaces the live database or its `-wal`/`-shm`/`-journal` files however the path
//! is spelled, a failed write leaves no temporary file, `--skip-unknown` never replaces an
//! earlier skipped-lines file, and a deck name is one line in every export.

mod common;

use common::{stderr, text, Env};

use std::fs;
use std::path::Path;

use serde_json::Value;

const SAMPLE: &str = "Republic Vanguard";

impl Env {
    fn deck_names(&self) -> Vec<String> {
        self.json(&["deck", "list", "--json"])
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["name"].as_str().unwrap().to_owned())
            .collect()
    }

    fn write(&self, name: &str, text: &str) -> String {
        let path = self.path(name);
        fs::write(&path, text).unwrap();
        path.display().to_string()
    }
}

/// The names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Asserts a refusal: exit 2 and one line on stderr containing `says`.
fn assert_refused(output: &std::process::Output, says: &str, what: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{what}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
    assert!(err.contains(says), "{what}: {err}");
}

#[cfg(unix)]
#[test]
fn no_output_can_replace_the_database_or_its_files_however_the_path_is_spelled() {
    let env = Env::new();
    let decks = env.deck_names();
    assert!(decks.iter().any(|d| d == SAMPLE));
    let db = env.db.display().to_string();
    fs::create_dir(env.path("sub")).unwrap();
    std::os::unix::fs::symlink(&env.db, env.path("link.csv")).unwrap();
    let targets = [
        db.clone(),
        format!("{db}-wal"),
        format!("{db}-journal"),
        env.path("link.csv").display().to_string(),
        env.path("sub/../deckhand.sqlite3").display().to_string(),
    ];
    for target in &targets {
        let commands: [&[&str]; 6] = [
            &["collection", "export", "--out", target],
            &[
                "collection",
                "wishlist",
                "--export",
                "text",
                "--out",
                target,
            ],
            &["deck", "export", SAMPLE, "--out", target],
            &["print", "--deck", SAMPLE, "--out", target],
            &["print", "calibration", "--out", target],
            &["backup", "--out", target],
        ];
        for args in commands {
            let output = env.run(args);
            assert_refused(&output, "is the Deckhand database", &format!("{args:?}"));
            // The database still opens and holds its decks.
            assert_eq!(env.deck_names(), decks, "after {args:?}");
        }
    }
    assert!(!env.path("sub/deckhand.sqlite3").exists());
}

#[test]
fn a_failed_export_changes_nothing_and_leaves_no_temporary_file() {
    let env = Env::new();
    env.ok(&["deck", "list"]);
    let folder = env.path("exports");
    fs::create_dir(&folder).unwrap();
    fs::write(folder.join("old.csv"), "kept").unwrap();
    let before = names_in(env.dir.path());
    let target = folder.display().to_string();
    let missing = env.path("nowhere/deck.txt").display().to_string();
    let commands: [&[&str]; 3] = [
        &["collection", "export", "--out", &target],
        &["deck", "export", SAMPLE, "--out", &target],
        &["deck", "export", SAMPLE, "--out", &missing],
    ];
    for args in commands {
        let output = env.run(args);
        assert_refused(&output, "cannot write", &format!("{args:?}"));
        assert_eq!(names_in(env.dir.path()), before, "{args:?}");
        assert_eq!(names_in(&folder), ["old.csv"], "{args:?}");
    }
}

/// Runs `deckhand --db <db> args…` as on a disk that fills after `limit_kb` KiB per file:
/// `ulimit -f`, with SIGXFSZ ignored so a write past it fails (EFBIG) instead of killing.
#[cfg(unix)]
fn run_on_a_small_disk(env: &Env, limit_kb: u32, args: &[&str]) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        // ulimit -f counts 512-byte blocks in POSIX sh.
        .arg(format!(
            "trap '' XFSZ; ulimit -f {}; exec \"$@\"",
            limit_kb * 2
        ))
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_deckhand"))
        .arg("--db")
        .arg(&env.db)
        .args(args)
        .env_remove("DECKHAND_DB")
        .output()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn an_export_cut_short_by_a_full_disk_keeps_the_old_file_and_leaves_no_temporary_file() {
    let env = Env::new();
    // Some 250 KB of export: one card in 3,000 places.
    let mut csv = String::from("count,card,name,game,location\n");
    for i in 0..3000 {
        csv.push_str(&format!(
            "1,ZSX-001,Dawnmane Liger,zoids-scramble,Box {i}\n"
        ));
    }
    let file = env.write("big.csv", &csv);
    env.ok(&["collection", "import", &file]);
    let out = env.write("export.csv", "the old export\n");
    let before = names_in(env.dir.path());
    let output = run_on_a_small_disk(&env, 64, &["collection", "export", "--out", &out]);
    assert_refused(&output, "cannot write", "export on a full disk");
    let kept = fs::read_to_string(&out).unwrap();
    assert!(
        kept == "the old export\n",
        "the old file was replaced by {} bytes",
        kept.len()
    );
    assert_eq!(names_in(env.dir.path()), before);
    // With room, the same export is written whole.
    env.ok(&["collection", "export", "--out", &out]);
    assert_eq!(fs::read_to_string(&out).unwrap().lines().count(), 3001);
}

#[test]
fn an_export_replaces_the_old_file_whole() {
    let env = Env::new();
    let out = env.write("deck.txt", &"an old, longer file\n".repeat(100));
    env.ok(&["deck", "export", SAMPLE, "--out", &out]);
    let written = fs::read_to_string(&out).unwrap();
    assert!(written.starts_with("# game: "), "{written}");
    assert!(!written.contains("an old"), "{written}");
}

#[test]
fn skip_unknown_keeps_an_earlier_skipped_file_and_writes_the_next_name() {
    let env = Env::new();
    let file = env.write(
        "cards.csv",
        "count,name\n2,Dawnmane Liger\n1,No Such Card\n",
    );
    fs::write(env.path("cards.skipped.csv"), "my fixes\n").unwrap();
    let import = [
        "collection",
        "import",
        &file,
        "--game",
        "zoids-scramble",
        "--skip-unknown",
    ];
    let out = env.ok(&import);
    let second = env.path("cards.skipped-2.csv");
    assert!(out.contains(&second.display().to_string()), "{out}");
    assert_eq!(
        fs::read_to_string(env.path("cards.skipped.csv")).unwrap(),
        "my fixes\n"
    );
    assert_eq!(
        fs::read_to_string(&second).unwrap(),
        "count,name\n1,No Such Card\n"
    );
    // Once more: neither earlier file is replaced.
    let report: Value = env.json(&[&import[..], &["--json"]].concat());
    let third = env.path("cards.skipped-3.csv");
    assert_eq!(report["skipped_file"], third.display().to_string());
    assert!(third.exists());
    assert_eq!(
        fs::read_to_string(&second).unwrap(),
        "count,name\n1,No Such Card\n"
    );
}

#[test]
fn a_dry_run_with_skip_unknown_writes_no_file() {
    let env = Env::new();
    let file = env.write("cards.csv", "count,name\n1,No Such Card\n");
    env.ok(&[
        "collection",
        "import",
        &file,
        "--game",
        "zoids-scramble",
        "--skip-unknown",
        "--dry-run",
    ]);
    assert_eq!(
        names_in(env.dir.path())
            .iter()
            .filter(|n| n.contains("skipped"))
            .count(),
        0
    );
}

/// A JSON deck whose name tries to inject a `# game:` line into the text export.
const INJECTING_NAME: &str = "Red\r\nRush\n# game: sms\u{1b}";

#[test]
fn a_deck_name_read_from_a_file_is_folded_to_one_line() {
    let env = Env::new();
    let deck = serde_json::json!({
        "format": "deckhand-deck/1",
        "game": "zoids-scramble",
        "name": INJECTING_NAME,
        "sections": {"main": [{"count": 3, "name": "Dawnmane Liger"}]}
    });
    let file = env.write("red.json", &deck.to_string());
    env.ok(&["deck", "import", &file]);
    assert!(env
        .deck_names()
        .contains(&"Red Rush # game: sms".to_owned()));
    let exported = env.ok(&["deck", "export", "Red Rush # game: sms", "--format", "text"]);
    let headers: Vec<&str> = exported
        .lines()
        .filter(|l| l.starts_with("# game:"))
        .collect();
    assert_eq!(headers, ["# game: zoids-scramble"], "{exported}");
}

#[test]
fn a_typed_deck_name_with_a_line_break_is_refused_naming_it() {
    let env = Env::new();
    let cases: [(&[&str], &str); 4] = [
        (
            &["deck", "rename", SAMPLE, "Red\nRush"],
            "a line break at character 4",
        ),
        (
            &["deck", "duplicate", SAMPLE, "Red\rRush"],
            "a line break at character 4",
        ),
        (
            &["deck", "rename", SAMPLE, "Red\u{1b}[2JRush"],
            "U+001B at character 4",
        ),
        (
            &["deck", "duplicate", SAMPLE, "Red\tRush"],
            "a tab at character 4",
        ),
    ];
    let before = env.deck_names();
    for (args, says) in cases {
        let output = env.run(args);
        assert_refused(&output, "is not one line", &format!("{args:?}"));
        assert!(
            stderr(&output).contains(says),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(env.deck_names(), before, "{args:?}");
    }
    // Spaces at the ends are only trimmed, as before.
    env.ok(&["deck", "rename", SAMPLE, " Red Rush\n"]);
    assert!(env.deck_names().contains(&"Red Rush".to_owned()));
}

#[test]
fn the_text_export_keeps_a_stored_name_with_a_line_break_on_one_line() {
    // A database written before names were checked, or edited by hand.
    let env = Env::new();
    env.ok(&["deck", "list"]);
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.execute(
        "UPDATE deck_versions SET name = ?1, notes = ?2 WHERE name = ?3",
        [INJECTING_NAME, "first\rSide\n2 Injected", SAMPLE],
    )
    .unwrap();
    drop(conn);
    let output = env.run(&["deck", "export", SAMPLE, "--format", "text"]);
    let exported = text(&output.stdout);
    let lines: Vec<&str> = exported.lines().collect();
    assert_eq!(
        lines[..2],
        ["# game: zoids-scramble", "# name: Red Rush # game: sms"],
        "{exported}"
    );
    assert!(lines.contains(&"# Side"), "{exported}");
    assert!(lines.contains(&"# 2 Injected"), "{exported}");
    assert!(
        !exported.contains('\r') && !exported.contains('\u{1b}'),
        "{exported:?}"
    );
}
