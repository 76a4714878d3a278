//! Never lose it: the built `deckhand` is killed with SIGKILL at random moments during
//! collection imports, card imports and deck saves. After every kill the database must pass
//! `PRAGMA integrity_check`, hold all of the interrupted write or none of it and everything
//! written before it, and the search index (as the next command opens it) must agree with
//! the database.
//!
//! The kills must reach the commit, or they prove nothing: each kind of write is first run
//! to its end to measure how long it takes here and now, the kills are spread over that
//! whole run (re-measured whenever a run outlives its delay), and each kind must see both
//! outcomes — a kill that kept none of the write and one that kept all of it. Delays come
//! from a random seed printed with any failure; `DECKHAND_CRASH_SEED` repeats them.

mod common;

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::os::unix::process::ExitStatusExt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use deckhand::Deckhand;
use rusqlite::Connection;

const GAME: &str = "zoids-scramble";
/// Rows of the collection file each import adds copies to.
const CSV_ROWS: usize = 5_000;
/// Cards in each card set the card imports add.
const SET_CARDS: usize = 1_500;

#[test]
fn killing_the_cli_during_imports_and_deck_saves_never_leaves_a_partial_write() {
    let seed = std::env::var("DECKHAND_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| RandomState::new().build_hasher().finish());
    println!("seed {seed} (DECKHAND_CRASH_SEED={seed} repeats it)");
    if let Err(panic) = catch_unwind(AssertUnwindSafe(|| kill_everything(seed))) {
        let message = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("a panic without a message");
        panic!("{message}\n(crash test seed {seed}: DECKHAND_CRASH_SEED={seed} repeats its kills)");
    }
}

fn kill_everything(seed: u64) {
    let mut rng = Rng::new(seed);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");

    // Something written before any kill, which must survive all of them.
    assert!(
        deckhand(&db, &["collection", "add", "ZSX-070", "--count", "7"])
            .status()
            .unwrap()
            .success()
    );
    let (csv, csv_copies) = big_csv(dir.path(), CSV_ROWS);
    let csv = csv.display().to_string();
    // The first import creates the rows; the killed ones add copies to them, so only a
    // re-import measures the runs that are killed.
    assert!(run_to_end(&db, &["collection", "import", &csv]).is_some());
    let (rows, mut copies) = collection_totals(&db);
    let full = run_to_end(&db, &["collection", "import", &csv]).unwrap();
    assert_eq!(collection_totals(&db), (rows, copies + csv_copies));
    copies += csv_copies;
    let mut imports = Kills::new("collection import", full);
    imports.run(&mut rng, 8, 60, |rng, delay| {
        let run = run_and_kill(&db, &["collection", "import", &csv], delay);
        let (now_rows, now_copies) = collection_totals(&db);
        assert_eq!(now_rows, rows, "rows appeared or vanished ({run:?})");
        let kept_all = if now_copies == copies {
            false
        } else {
            assert_eq!(
                now_copies,
                copies + csv_copies,
                "a partial import survived ({run:?})"
            );
            true
        };
        copies = now_copies;
        check_index(&db, rng);
        run.outcome(kept_all)
    });

    // Card imports: a new set each time, so all or none of its cards is easy to see. The
    // search index is updated after the commit, so these kills reach it too.
    let set_file = |n: usize| {
        let path = dir.path().join(format!("set-{n}.json"));
        std::fs::write(&path, card_set(&format!("CR{n}"), SET_CARDS)).unwrap();
        path.display().to_string()
    };
    let mut sets = 0;
    let full = run_to_end(&db, &["import", &set_file(sets)]).unwrap();
    assert_eq!(cards_in_set(&db, &format!("CR{sets}")), SET_CARDS as i64);
    let mut card_imports = Kills::new("card import", full);
    card_imports.run(&mut rng, 8, 60, |rng, delay| {
        sets += 1;
        let set = format!("CR{sets}");
        let run = run_and_kill(&db, &["import", &set_file(sets)], delay);
        let kept = cards_in_set(&db, &set);
        assert!(
            kept == 0 || kept == SET_CARDS as i64,
            "{kept} of {SET_CARDS} cards of a killed import survived ({run:?})"
        );
        check_index(&db, rng);
        run.outcome(kept > 0)
    });
    assert_eq!(collection_totals(&db), (rows, copies));

    // Deck saves: a 60-line deck imported as a new deck each time.
    let deck_file = dir.path().join("deck.txt");
    std::fs::write(&deck_file, deck_text(&db)).unwrap();
    let deck_path = deck_file.display().to_string();
    let save = ["deck", "import", deck_path.as_str(), "--name", "Crash"];
    assert!(run_to_end(&db, &save).is_some());
    let lines = deck_lines(&db);
    let full = run_to_end(&db, &save).unwrap();
    let mut decks = complete_decks(&db, lines);
    assert_eq!(decks, 2);
    let mut saves = Kills::new("deck save", full);
    saves.run(&mut rng, 8, 60, |rng, delay| {
        let run = run_and_kill(&db, &save, delay);
        let now = complete_decks(&db, lines);
        assert!(
            now == decks || now == decks + 1,
            "{decks} → {now} ({run:?})"
        );
        let kept_all = now > decks;
        decks = now;
        check_index(&db, rng);
        run.outcome(kept_all)
    });

    // Everything before the card imports and deck saves is still there.
    assert_eq!(collection_totals(&db), (rows, copies));
    for kills in [&imports, &card_imports, &saves] {
        println!("{kills}");
    }
}

/// A small deterministic generator, so a failing run can be repeated from its seed.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // SplitMix64 once: any seed, 0 included, gives a good xorshift state.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// A duration drawn evenly from `lo..hi`.
    fn between(&mut self, lo: Duration, hi: Duration) -> Duration {
        let span = hi.saturating_sub(lo).as_micros() as u64;
        lo + Duration::from_micros(self.below(span))
    }
}

/// What became of one run: killed at its delay, or finished first (and how long it took).
#[derive(Debug, Clone, Copy)]
enum Run {
    Killed { after: Duration },
    Finished { took: Duration },
}

/// What a run left in the database.
#[derive(Debug, Clone, Copy)]
enum Outcome {
    KilledKeptNone(Duration),
    KilledKeptAll(Duration),
    Finished(Duration),
}

impl Run {
    fn outcome(self, kept_all: bool) -> Outcome {
        match self {
            Run::Killed { after } if kept_all => Outcome::KilledKeptAll(after),
            Run::Killed { after } => Outcome::KilledKeptNone(after),
            Run::Finished { took } => {
                assert!(kept_all, "a run that finished kept none of its write");
                Outcome::Finished(took)
            }
        }
    }
}

/// The kills of one kind of write and their outcomes.
struct Kills {
    what: &'static str,
    /// How long the runs that finished on their own took (newest last).
    finished: Vec<Duration>,
    kept_none: Vec<Duration>,
    kept_all: Vec<Duration>,
    /// Where the search for the commit aims once chance has missed it (see `next_delay`).
    aim: Option<Aim>,
}

/// A delay that walks towards the moment between the commit and the exit: later after a
/// kill that kept none, earlier after a run that finished first, in steps that shrink
/// each time the direction turns (a Robbins–Monro search, robust to the jitter of a
/// loaded machine because it never trusts one run).
struct Aim {
    at: Duration,
    step: Duration,
    later: bool,
}

impl Kills {
    fn new(what: &'static str, measured: Duration) -> Kills {
        Kills {
            what,
            finished: vec![measured],
            kept_none: Vec::new(),
            kept_all: Vec::new(),
            aim: None,
        }
    }

    /// How long a run takes now: the longest of the last few that finished (runs slow
    /// down as the database grows or the machine gets busier), plus a margin for jitter.
    fn run_length(&self) -> Duration {
        let recent = &self.finished[self.finished.len().saturating_sub(3)..];
        recent.iter().max().copied().unwrap_or_default() * 11 / 10
    }

    /// A delay over the whole run, commit and exit included, until `at_least` kills are
    /// done. If by then every kill kept none, the window between the commit and the exit
    /// is too short to hit by chance: delays then follow the `Aim`, starting where the
    /// latest run ended, with a little noise from the seed. If every kill kept all, they
    /// fall before the earliest of them.
    fn next_delay(&mut self, rng: &mut Rng, at_least: usize) -> Duration {
        let end = self.run_length();
        let kills = self.kept_none.len() + self.kept_all.len();
        if kills >= at_least && self.kept_all.is_empty() {
            let aim = self.aim.get_or_insert_with(|| Aim {
                at: *self.finished.last().unwrap(),
                step: end / 10,
                later: true,
            });
            return rng.between(aim.at.saturating_sub(aim.step / 4), aim.at + aim.step / 4);
        }
        if kills >= at_least && self.kept_none.is_empty() {
            return rng.between(Duration::ZERO, *self.kept_all.iter().min().unwrap());
        }
        rng.between(Duration::ZERO, end)
    }

    fn record(&mut self, outcome: Outcome) {
        let later = match outcome {
            Outcome::KilledKeptNone(after) => {
                self.kept_none.push(after);
                true
            }
            Outcome::KilledKeptAll(after) => {
                self.kept_all.push(after);
                return;
            }
            Outcome::Finished(took) => {
                self.finished.push(took);
                false
            }
        };
        if let Some(aim) = &mut self.aim {
            if later != aim.later {
                aim.step = (aim.step * 2 / 3).max(Duration::from_millis(1));
                aim.later = later;
            }
            aim.at = if later {
                aim.at + aim.step
            } else {
                aim.at.saturating_sub(aim.step)
            };
        }
    }

    /// Kills runs (`attempt` runs one with a delay, checks it and says what it left) until
    /// at least `at_least` were killed and both outcomes were seen; fails after `at_most`.
    fn run(
        &mut self,
        rng: &mut Rng,
        at_least: usize,
        at_most: usize,
        mut attempt: impl FnMut(&mut Rng, Duration) -> Outcome,
    ) {
        for _ in 0..at_most {
            let kills = self.kept_none.len() + self.kept_all.len();
            if kills >= at_least && !self.kept_none.is_empty() && !self.kept_all.is_empty() {
                return;
            }
            let delay = self.next_delay(rng, at_least);
            let outcome = attempt(rng, delay);
            self.record(outcome);
        }
        panic!("{at_most} runs did not kill both before and after the commit: {self}");
    }
}

impl std::fmt::Display for Kills {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: &[Duration]| {
            let mut d: Vec<u128> = d.iter().map(Duration::as_millis).collect();
            d.sort_unstable();
            format!("{d:?} ms")
        };
        write!(
            f,
            "{}: killed keeping none after {}, killed keeping all after {}, finished in {}",
            self.what,
            ms(&self.kept_none),
            ms(&self.kept_all),
            ms(&self.finished)
        )
    }
}

fn deckhand(db: &Path, args: &[&str]) -> Command {
    let mut command = common::deckhand(db, args);
    command.stdout(Stdio::null()).stderr(Stdio::null());
    command
}

/// Runs `args` and kills the process `delay` after it started, unless it finished first.
fn run_and_kill(db: &Path, args: &[&str], delay: Duration) -> Run {
    let mut child = deckhand(db, args).spawn().unwrap();
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{args:?} failed on its own");
            return Run::Finished {
                took: started.elapsed(),
            };
        }
        if started.elapsed() >= delay {
            // `Child::kill` sends SIGKILL on Unix: no destructor, no rollback, no flush.
            child.kill().unwrap();
            let status = child.wait().unwrap();
            // It may have exited between the poll and the signal.
            if status.signal().is_some() {
                return Run::Killed { after: delay };
            }
            assert!(status.success(), "{args:?} failed on its own");
            return Run::Finished {
                took: started.elapsed(),
            };
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// Runs `args` to its end; how long it took (`None` if it took over two minutes).
fn run_to_end(db: &Path, args: &[&str]) -> Option<Duration> {
    match run_and_kill(db, args, Duration::from_secs(120)) {
        Run::Finished { took } => Some(took),
        Run::Killed { .. } => None,
    }
}

fn open_checked(db: &Path) -> Connection {
    let conn = Connection::open(db).unwrap();
    let result: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(result, "ok");
    conn
}

/// (rows, copies) of the collection.
fn collection_totals(db: &Path) -> (i64, i64) {
    open_checked(db)
        .query_row(
            "SELECT COUNT(*), COALESCE(SUM(count), 0) FROM collection",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

fn cards_in_set(db: &Path, set: &str) -> i64 {
    open_checked(db)
        .query_row(
            "SELECT COUNT(*) FROM cards WHERE set_code = ?1",
            [set],
            |r| r.get(0),
        )
        .unwrap()
}

/// Opens the database as the next command would (the facade, which reopens the index or
/// rebuilds it) and checks the index against the rows: the game has as many cards in the
/// index as in SQLite, every card set is found whole by `set:`, and a random sample of
/// cards is each found by an exact-name search.
fn check_index(db: &Path, rng: &mut Rng) {
    let conn = open_checked(db);
    let deckhand = Deckhand::open(db).unwrap();
    let count: i64 = conn
        .query_row("SELECT COUNT(*) FROM cards WHERE game = ?1", [GAME], |r| {
            r.get(0)
        })
        .unwrap();
    let indexed = deckhand.search("", Some(GAME), 1).unwrap().total;
    assert_eq!(
        indexed as i64, count,
        "the index and SQLite disagree on {GAME}'s cards"
    );

    let mut stmt = conn
        .prepare("SELECT set_code, COUNT(*) FROM cards WHERE game = ?1 GROUP BY set_code")
        .unwrap();
    let sets: Vec<(String, i64)> = stmt
        .query_map([GAME], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for (set, count) in sets {
        let found = deckhand
            .search(&format!("set:{set}"), Some(GAME), 1)
            .unwrap();
        assert_eq!(
            found.total as i64, count,
            "set {set}: index and SQLite disagree"
        );
    }

    let mut stmt = conn
        .prepare("SELECT id, name FROM cards WHERE game = ?1 ORDER BY id")
        .unwrap();
    let cards: Vec<(String, String)> = stmt
        .query_map([GAME], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for _ in 0..20 {
        let (id, name) = &cards[rng.below(cards.len() as u64) as usize];
        let query = format!("!\"{}\"", name.replace('"', "\\\""));
        let found = deckhand.search(&query, Some(GAME), 100).unwrap();
        assert!(
            found.cards.iter().any(|c| &c.card.id == id),
            "{id} ({name}) is in SQLite but not found by {query}"
        );
    }
}

/// Every deck's newest version exists with all its lines; returns how many decks.
fn complete_decks(db: &Path, lines_per_deck: usize) -> i64 {
    let conn = open_checked(db);
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

/// Lines of the stored deck `Crash` (printings share names, so fewer than the file's).
fn deck_lines(db: &Path) -> usize {
    let cards: String = open_checked(db)
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
}

/// A deck file of one copy each of the bundled cards ZSX-001 to ZSX-060.
fn deck_text(db: &Path) -> String {
    let conn = open_checked(db);
    let mut text = format!("# game: {GAME}\n");
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
            "{count},{},,{GAME},,,{finish},,,Box {},\n",
            ids[i % ids.len()],
            i / ids.len()
        ));
    }
    let path = dir.join("big.csv");
    std::fs::write(&path, text).unwrap();
    (path, copies)
}

/// A Zoids card set `code` of `cards` new cards with names of their own.
fn card_set(code: &str, cards: usize) -> String {
    let cards: Vec<serde_json::Value> = (1..=cards)
        .map(|n| {
            serde_json::json!({
                "name": format!("Crash {code} Zoid {n}"), "type": "Zoid",
                "id": format!("{code}-{n:04}"), "set": code, "number": format!("{n:04}"),
                "side": "hero", "color": "blue", "subtypes": ["Liger"],
                "text": format!("Crash test card {n} of set {code}."),
                "stats": { "power": n % 8, "attack_energy": 1, "block_energy": 0 }
            })
        })
        .collect();
    serde_json::json!({
        "game": GAME,
        "sets": [{ "code": code, "name": format!("Crash {code}") }],
        "cards": cards,
    })
    .to_string()
}
