//! Never lose it: the built `deckhand` is killed with SIGKILL at random moments during a
//! large collection import and during deck saves. After every kill the database must pass
//! `PRAGMA integrity_check` and hold all of the interrupted write or none of it, and
//! everything written before it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rusqlite::Connection;

/// A small deterministic generator, so a failing run can be repeated from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn deckhand(db: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_deckhand"));
    command
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("DECKHAND_DB")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// Runs `args` and kills the process after `delay` (if it is still running). Returns
/// whether it finished on its own.
fn run_and_kill(db: &Path, args: &[&str], delay: Duration) -> bool {
    let mut child = deckhand(db, args).spawn().unwrap();
    let deadline = Instant::now() + delay;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{args:?} failed on its own");
            return true;
        }
        if Instant::now() >= deadline {
            // `Child::kill` sends SIGKILL on Unix: no destructor, no rollback, no flush.
            child.kill().unwrap();
            child.wait().unwrap();
            return false;
        }
        std::thread::sleep(Duration::from_micros(500));
    }
}

fn check_integrity(conn: &Connection) {
    let result: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(result, "ok");
}

/// (rows, copies) of the collection.
fn collection_totals(db: &Path) -> (i64, i64) {
    let conn = Connection::open(db).unwrap();
    check_integrity(&conn);
    conn.query_row(
        "SELECT COUNT(*), COALESCE(SUM(count), 0) FROM collection",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .unwrap()
}

/// Every deck's newest version exists with all its lines; returns how many decks.
fn complete_decks(db: &Path, lines_per_deck: usize) -> i64 {
    let conn = Connection::open(db).unwrap();
    check_integrity(&conn);
    let mut stmt = conn
        .prepare(
            // The sample decks every new database is given are not the test's writes.
            "SELECT d.id, v.cards FROM decks d
             LEFT JOIN deck_versions v ON v.deck_id = d.id AND v.version = d.version
             WHERE v.tags IS NULL OR v.tags NOT LIKE '%\"sample\"%'",
        )
        .unwrap();
    let decks: Vec<(i64, Option<String>)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for (id, cards) in &decks {
        let cards: serde_json::Value =
            serde_json::from_str(cards.as_deref().expect("a deck without its version")).unwrap();
        assert_eq!(
            cards.as_array().unwrap().len(),
            lines_per_deck,
            "deck {id} is partial"
        );
    }
    decks.len() as i64
}

/// A collection file of `rows` distinct rows of the bundled Zoids cards.
fn big_csv(dir: &Path, rows: usize) -> (PathBuf, i64) {
    let ids: Vec<String> = (1..=60).map(|n| format!("ZSX-{n:03}")).collect();
    let mut text =
        String::from("count,card,name,game,set,number,finish,condition,language,location,note\n");
    let mut copies = 0;
    for i in 0..rows {
        let count = 1 + i % 3;
        copies += count as i64;
        let finish = if i % 2 == 0 { "normal" } else { "foil" };
        text.push_str(&format!(
            "{count},{},,zoids-scramble,,,{finish},,,Box {},\n",
            ids[i % ids.len()],
            i / ids.len()
        ));
    }
    let path = dir.join("big.csv");
    std::fs::write(&path, text).unwrap();
    (path, copies)
}

#[test]
fn killing_the_cli_during_imports_and_deck_saves_never_leaves_a_partial_write() {
    let seed = std::env::var("DECKHAND_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_c0ff_ee15_u64);
    println!("seed {seed} (set DECKHAND_CRASH_SEED to repeat)");
    let mut rng = Rng(seed);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");

    // Something written before any kill, which must survive all of them.
    let status = deckhand(&db, &["collection", "add", "ZSX-070", "--count", "7"])
        .status()
        .unwrap();
    assert!(status.success());
    let (rows_csv, copies_csv) = big_csv(dir.path(), 10_000);
    let csv = rows_csv.display().to_string();

    // How long a whole import takes here, to spread the kills over it.
    let started = Instant::now();
    assert!(run_and_kill(
        &db,
        &["collection", "import", &csv],
        Duration::from_secs(120)
    ));
    let full = started.elapsed();
    let (mut rows, mut copies) = collection_totals(&db);
    assert_eq!(copies, 7 + copies_csv);

    let mut outcomes = [0usize; 2];
    for _ in 0..40 {
        let delay = Duration::from_micros(rng.below(full.as_micros() as u64 * 3 / 2));
        run_and_kill(&db, &["collection", "import", &csv], delay);
        let (now_rows, now_copies) = collection_totals(&db);
        assert_eq!(
            now_rows, rows,
            "rows appeared or vanished (after {delay:?})"
        );
        if now_copies == copies {
            outcomes[0] += 1;
        } else {
            assert_eq!(
                now_copies,
                copies + copies_csv,
                "a partial import survived a kill after {delay:?}"
            );
            outcomes[1] += 1;
        }
        (rows, copies) = (now_rows, now_copies);
    }
    println!(
        "imports killed: {} kept none, {} kept all",
        outcomes[0], outcomes[1]
    );
    let (_, final_copies) = collection_totals(&db);
    assert!(final_copies >= 7 + copies_csv);

    // Deck saves: a 60-line deck imported as a new deck, killed at random.
    let deck_names: String = {
        let conn = Connection::open(&db).unwrap();
        let mut text = String::from("# game: zoids-scramble\n");
        for n in 1..=60 {
            let name: String = conn
                .query_row(
                    "SELECT name FROM cards WHERE id = ?1",
                    [format!("ZSX-{n:03}")],
                    |r| r.get(0),
                )
                .unwrap();
            text.push_str(&format!("1 {name}\n"));
        }
        text
    };
    let deck_file = dir.path().join("deck.txt");
    std::fs::write(&deck_file, deck_names).unwrap();
    let deck_path = deck_file.display().to_string();
    let lines = {
        // Lines per stored deck: distinct names (printings share names).
        assert!(run_and_kill(
            &db,
            &["deck", "import", &deck_path, "--name", "Crash"],
            Duration::from_secs(120)
        ));
        let conn = Connection::open(&db).unwrap();
        let cards: String = conn
            .query_row(
                "SELECT cards FROM deck_versions WHERE name = 'Crash' LIMIT 1",
                [],
                |r| r.get(0),
            )
            .unwrap();
        serde_json::from_str::<serde_json::Value>(&cards)
            .unwrap()
            .as_array()
            .unwrap()
            .len()
    };
    let started = Instant::now();
    assert!(run_and_kill(
        &db,
        &["deck", "import", &deck_path, "--name", "Crash"],
        Duration::from_secs(120)
    ));
    let full = started.elapsed();
    let mut decks = complete_decks(&db, lines);
    assert_eq!(decks, 2);
    for _ in 0..15 {
        let delay = Duration::from_micros(rng.below(full.as_micros() as u64 * 3 / 2));
        run_and_kill(
            &db,
            &["deck", "import", &deck_path, "--name", "Crash"],
            delay,
        );
        let now = complete_decks(&db, lines);
        assert!(now == decks || now == decks + 1, "{decks} → {now}");
        decks = now;
    }
    // Everything before the deck saves is still there.
    assert_eq!(collection_totals(&db), (rows, copies));
}
