//! The CLI's log file: `logs/cli.<date>.log` beside the database, with start-up, the
//! opening of the database, imports with their timings, and failures with their codes —
//! and never a card's name or text at the default level.

mod common;

use common::{deckhand, stderr, Env};

/// Everything the CLI logged beside the test's database.
fn logged(env: &Env) -> String {
    let dir = env.path("logs");
    let mut text = String::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("no {}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with("cli.") && name.ends_with(".log"),
            "unexpected log file {name}"
        );
        text.push_str(&std::fs::read_to_string(&path).unwrap());
    }
    text
}

fn run(env: &Env, args: &[&str]) -> std::process::Output {
    deckhand(&env.db, args)
        .env_remove("DECKHAND_LOG")
        .output()
        .unwrap()
}

#[test]
fn the_cli_logs_start_up_imports_and_failures_with_codes_beside_the_database() {
    let env = Env::new();
    assert!(run(&env, &["games"]).status.success());
    let import = run(&env, &["import", "tests/fixtures/import/good-set.json"]);
    assert!(import.status.success(), "{}", stderr(&import));
    let missing = run(&env, &["card", "Quietly Missing Zoid"]);
    assert_eq!(missing.status.code(), Some(2));

    let log = logged(&env);
    let cases = [
        ("start-up", "deckhand (CLI) starting"),
        ("the database opening", "database opened"),
        (
            "the first start's bundled import",
            "bundled card sets imported",
        ),
        ("the import", "import finished"),
        ("the import's timing", "ms="),
        ("the failure", "command failed"),
        ("the failure's code", "code=\"not_found\""),
    ];
    for (what, text) in cases {
        assert!(log.contains(text), "the log lacks {what} ({text}):\n{log}");
    }
    assert!(
        !log.contains("Quietly Missing Zoid"),
        "a card name reached the log at the default level:\n{log}"
    );
}

#[test]
fn a_folder_the_log_cannot_be_written_in_does_not_stop_the_command() {
    let env = Env::new();
    // A file where the logs folder would be: no log, and the command still works.
    std::fs::write(env.path("logs"), "not a folder").unwrap();
    let output = run(&env, &["games"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
}
