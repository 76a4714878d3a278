//! `deckhand bench search`: the app's search path (`Deckhand::search`: parse, the tantivy
//! index, then the page's rows read from SQLite) against a SQLite baseline built on the
//! same database as a SQLite engineer would build it (see `baseline`), query by query.
//!
//! Warm figures repeat each query in this process; cold ones run each query first thing in
//! a new process (this binary again, `deckhand bench search-cold`), after opening the
//! database there. Both engines must agree on every match count, or the run fails.

mod baseline;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use deckhand_core::CardSet;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use crate::{machine, ms, percentile, synthetic, PROFILE};
use deckhand::{Deckhand, Error, Result};

const PAGE: usize = 20;
const SEED: u64 = 0xDECC_4A2D;
/// Runs before timing starts (caches, branch predictors, the regex cache).
const WARM_UP: usize = 3;

/// One query's figures on both engines.
#[derive(Debug, Clone, Serialize)]
pub struct QueryTiming {
    pub query: String,
    pub deckhand_matches: usize,
    pub sqlite_matches: usize,
    /// The first query in a new process, after opening the database there.
    pub deckhand_cold_ms: f64,
    pub deckhand_p50_ms: f64,
    pub deckhand_p99_ms: f64,
    pub sqlite_cold_ms: f64,
    pub sqlite_p50_ms: f64,
    pub sqlite_p99_ms: f64,
}

/// What the figures were measured on.
#[derive(Debug, Clone, Serialize)]
pub struct SearchBenchSetup {
    pub machine: String,
    pub profile: &'static str,
    /// `/proc/loadavg` when the run ended: other work on the machine inflates the figures.
    pub load_average: String,
    /// Cards in the database: the synthetic pool plus the bundled sample sets.
    pub cards: usize,
    /// Distinct cards owned and wanted (for `owned` / `wanted` queries).
    pub owned_cards: usize,
    pub wanted_cards: usize,
    /// The database file with the app's tables only, and the baseline's additions.
    pub database_mb: f64,
    pub baseline_tables_mb: f64,
    pub index_mb: f64,
    pub runs_per_query: usize,
    /// Importing the synthetic pool through the facade (SQLite, then the index).
    pub import_ms: f64,
    /// Building the baseline's FTS5 and stat tables and indexes.
    pub baseline_build_ms: f64,
    /// Opening the database in a new process (`Deckhand::open`, index checks included),
    /// median over the cold runs; and a plain SQLite connection.
    pub deckhand_open_ms: f64,
    pub sqlite_open_ms: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct SearchBenchReport {
    pub setup: SearchBenchSetup,
    pub queries: Vec<QueryTiming>,
    /// Over every timed warm run of every query.
    pub deckhand_p50_ms: f64,
    pub deckhand_p99_ms: f64,
    pub sqlite_p50_ms: f64,
    pub sqlite_p99_ms: f64,
    /// Queries whose match counts differ between the engines: the run has failed.
    pub mismatches: Vec<String>,
}

/// Which engine a cold child runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColdEngine {
    Deckhand,
    Sqlite,
}

impl ColdEngine {
    pub fn name(self) -> &'static str {
        match self {
            ColdEngine::Deckhand => "deckhand",
            ColdEngine::Sqlite => "sqlite",
        }
    }

    pub fn parse(name: &str) -> Option<ColdEngine> {
        match name {
            "deckhand" => Some(ColdEngine::Deckhand),
            "sqlite" => Some(ColdEngine::Sqlite),
            _ => None,
        }
    }
}

/// What a cold child measured, printed as JSON for its parent.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ColdTiming {
    pub open_ms: f64,
    pub query_ms: f64,
    pub matches: usize,
}

/// Builds a synthetic database of `count` cards in `dir` and times both engines. `exe` is
/// this binary, run as `exe bench search-cold …` for the cold figures.
pub fn search(dir: &Path, count: usize, runs: usize, exe: &Path) -> Result<SearchBenchReport> {
    let games = deckhand::bundled::games()?;
    let cards = synthetic::cards(&games, count, SEED);
    let exact_name = cards[cards.len() / 2].name.clone();
    let db_path = dir.join("bench.sqlite3");
    for file in ["bench.sqlite3", "bench.sqlite3-wal", "bench.sqlite3-shm"] {
        let _ = std::fs::remove_file(dir.join(file));
    }
    let _ = std::fs::remove_dir_all(dir.join("bench.sqlite3.index"));

    let mut deckhand = Deckhand::open(&db_path)?;
    let set = CardSet {
        source_name: "synthetic".into(),
        game: String::new(),
        sets: Vec::new(),
        cards,
    };
    let started = Instant::now();
    deckhand.import_card_sets(std::slice::from_ref(&set))?;
    let import_ms = ms(started.elapsed());
    drop(set);

    let conn = Connection::open(&db_path).map_err(sqlite)?;
    let (owned_cards, wanted_cards) = fill_collection(&conn)?;
    let cards_in_db: i64 = conn
        .query_row("SELECT count(*) FROM cards", [], |r| r.get(0))
        .map_err(sqlite)?;
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
        .map_err(sqlite)?;
    let database_mb = mb(file_size(&db_path));
    baseline::add_regexp(&conn)?;
    let started = Instant::now();
    baseline::build(&conn)?;
    let baseline_build_ms = ms(started.elapsed());
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
        .map_err(sqlite)?;
    let baseline_tables_mb = mb(file_size(&db_path)) - database_mb;

    let cases = baseline::cases(&exact_name);
    let mut queries = Vec::with_capacity(cases.len());
    let mut mismatches = Vec::new();
    let (mut all_deckhand, mut all_sqlite) = (Vec::new(), Vec::new());
    let (mut deckhand_opens, mut sqlite_opens) = (Vec::new(), Vec::new());
    for case in &cases {
        let mut deckhand_samples = Vec::with_capacity(runs);
        let mut deckhand_matches = 0;
        for run in 0..runs + WARM_UP {
            let started = Instant::now();
            let page = deckhand.search(&case.query, None, PAGE)?;
            let elapsed = started.elapsed();
            deckhand_matches = page.total;
            std::hint::black_box(page);
            if run >= WARM_UP {
                deckhand_samples.push(elapsed);
            }
        }
        let mut statement = conn.prepare(&case.sql(PAGE)).map_err(sqlite)?;
        let mut sqlite_samples = Vec::with_capacity(runs);
        let mut sqlite_matches = 0;
        for run in 0..runs + WARM_UP {
            let started = Instant::now();
            let (total, page) = baseline::run(&mut statement)?;
            let elapsed = started.elapsed();
            sqlite_matches = total;
            std::hint::black_box(page);
            if run >= WARM_UP {
                sqlite_samples.push(elapsed);
            }
        }
        let deckhand_cold = cold(exe, &db_path, ColdEngine::Deckhand, &case.query, "")?;
        let sqlite_cold = cold(
            exe,
            &db_path,
            ColdEngine::Sqlite,
            &case.query,
            &case.sql(PAGE),
        )?;
        for (engine, cold_matches) in [
            ("deckhand (new process)", deckhand_cold.matches),
            ("SQLite (new process)", sqlite_cold.matches),
            ("SQLite", sqlite_matches),
        ] {
            if cold_matches != deckhand_matches {
                mismatches.push(format!(
                    "{}: {deckhand_matches} matches in deckhand, {cold_matches} in {engine}",
                    case.query
                ));
            }
        }
        deckhand_opens.push(Duration::from_secs_f64(deckhand_cold.open_ms / 1000.0));
        sqlite_opens.push(Duration::from_secs_f64(sqlite_cold.open_ms / 1000.0));
        all_deckhand.extend(&deckhand_samples);
        all_sqlite.extend(&sqlite_samples);
        deckhand_samples.sort();
        sqlite_samples.sort();
        queries.push(QueryTiming {
            query: case.query.clone(),
            deckhand_matches,
            sqlite_matches,
            deckhand_cold_ms: deckhand_cold.query_ms,
            deckhand_p50_ms: percentile(&deckhand_samples, 50.0),
            deckhand_p99_ms: percentile(&deckhand_samples, 99.0),
            sqlite_cold_ms: sqlite_cold.query_ms,
            sqlite_p50_ms: percentile(&sqlite_samples, 50.0),
            sqlite_p99_ms: percentile(&sqlite_samples, 99.0),
        });
    }
    all_deckhand.sort();
    all_sqlite.sort();
    deckhand_opens.sort();
    sqlite_opens.sort();
    Ok(SearchBenchReport {
        setup: SearchBenchSetup {
            machine: machine(),
            profile: PROFILE,
            load_average: std::fs::read_to_string("/proc/loadavg")
                .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
                .unwrap_or_else(|_| "unknown".into()),
            cards: cards_in_db as usize,
            owned_cards,
            wanted_cards,
            database_mb,
            baseline_tables_mb,
            index_mb: mb(dir_size(&dir.join("bench.sqlite3.index"))),
            runs_per_query: runs,
            import_ms,
            baseline_build_ms,
            deckhand_open_ms: percentile(&deckhand_opens, 50.0),
            sqlite_open_ms: percentile(&sqlite_opens, 50.0),
        },
        queries,
        deckhand_p50_ms: percentile(&all_deckhand, 50.0),
        deckhand_p99_ms: percentile(&all_deckhand, 99.0),
        sqlite_p50_ms: percentile(&all_sqlite, 50.0),
        sqlite_p99_ms: percentile(&all_sqlite, 99.0),
        mismatches,
    })
}

/// One card in ten owned (1 to 4 copies, some in two rows), one in fifty wanted.
fn fill_collection(conn: &Connection) -> Result<(usize, usize)> {
    conn.execute_batch(
        "INSERT INTO collection (card, game, finish, condition, language, location, count)
             SELECT id, game, 'normal', '', '', '', rowid % 4 + 1 FROM cards WHERE rowid % 10 = 0;
         INSERT INTO collection (card, game, finish, condition, language, location, count)
             SELECT id, game, 'foil', '', '', 'Binder', 1 FROM cards WHERE rowid % 30 = 0;
         INSERT INTO wishlist (card, game, count)
             SELECT id, game, rowid % 3 + 1 FROM cards WHERE rowid % 50 = 7;",
    )
    .map_err(sqlite)?;
    let count = |sql: &str| -> Result<usize> {
        conn.query_row(sql, [], |r| r.get::<_, i64>(0))
            .map(|n| n as usize)
            .map_err(sqlite)
    };
    Ok((
        count("SELECT count(DISTINCT card) FROM collection")?,
        count("SELECT count(*) FROM wishlist")?,
    ))
}

/// Runs one query first thing in a new process.
fn cold(exe: &Path, db: &Path, engine: ColdEngine, query: &str, sql: &str) -> Result<ColdTiming> {
    let output = Command::new(exe)
        .args(["bench", "search-cold", "--engine", engine.name(), "--db"])
        .arg(db)
        .args(["--query", query, "--sql", sql])
        .env_remove("DECKHAND_DB")
        .output()
        .map_err(|e| bench_error(format!("cannot run {}: {e}", exe.display())))?;
    if !output.status.success() {
        return Err(bench_error(format!(
            "the cold run of {query:?} failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    serde_json::from_slice(&output.stdout)
        .map_err(|e| bench_error(format!("the cold run of {query:?} printed no timing: {e}")))
}

/// The child side of a cold run: open the database, run `query` once, report both times.
/// For SQLite, `sql` is the baseline's statement for the query.
pub fn search_cold(db: &Path, engine: ColdEngine, query: &str, sql: &str) -> Result<ColdTiming> {
    match engine {
        ColdEngine::Deckhand => {
            let started = Instant::now();
            let deckhand = Deckhand::open(db)?;
            let open_ms = ms(started.elapsed());
            let started = Instant::now();
            let page = deckhand.search(query, None, PAGE)?;
            Ok(ColdTiming {
                open_ms,
                query_ms: ms(started.elapsed()),
                matches: page.total,
            })
        }
        ColdEngine::Sqlite => {
            let started = Instant::now();
            let conn = Connection::open(db).map_err(sqlite)?;
            baseline::add_regexp(&conn)?;
            let open_ms = ms(started.elapsed());
            let started = Instant::now();
            let mut statement = conn.prepare(sql).map_err(sqlite)?;
            let (matches, page) = baseline::run(&mut statement)?;
            let query_ms = ms(started.elapsed());
            std::hint::black_box(page);
            Ok(ColdTiming {
                open_ms,
                query_ms,
                matches,
            })
        }
    }
}

fn file_size(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

fn dir_size(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|entry| {
            let path: PathBuf = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => dir_size(&path),
                _ => file_size(&path),
            }
        })
        .sum()
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1_000_000.0
}

fn bench_error(message: String) -> Error {
    Error::Benchmark(message)
}

fn sqlite(err: rusqlite::Error) -> Error {
    Error::Store(deckhand_store::StoreError::Sqlite(err))
}
