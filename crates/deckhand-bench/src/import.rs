//! The card-import benchmark: a large generated Zoids Scramble set (100k cards, about
//! 33 MB of JSON, as in issue 7) imported the way `deckhand import` does it, into a new
//! database file, again unchanged, and again with a few cards changed; and the index
//! built from scratch from that database. Beside the unchanged import, in the same round, a
//! yardstick: a plain SQLite read of the same rows (every column, the JSON ones decoded),
//! so the figure comes with a ratio that a slower or busier machine does not move.

use std::path::{Path, PathBuf};
use std::time::Instant;

use deckhand::{CardImportOptions, Deckhand, Error, Result};
use serde::Serialize;
use serde_json::Value;

use crate::{synthetic, Timing};

const SEED: u64 = 0x1A9_0475;
const GAME: &str = "zoids-scramble";
/// Cards whose text a "few cards changed" re-import edits.
const CHANGED: usize = 100;

/// What the set-import benchmark measured.
#[derive(Debug, Clone, Serialize)]
pub struct ImportBenchReport {
    pub machine: String,
    pub profile: &'static str,
    pub cards: usize,
    pub file_bytes: u64,
    pub timings: Vec<Timing>,
    /// The unchanged re-import over the yardstick's time, the median of the rounds' ratios.
    pub unchanged_over_plain_read: f64,
}

/// Writes a card-set file of `cards` generated Zoids Scramble cards to `path`; returns its
/// size in bytes. `edited` cards (the first ones) get another text.
pub fn write_zoids_set(path: &Path, cards: usize, edited: usize) -> Result<u64> {
    let games = deckhand::bundled::games()?;
    let game = games.get(GAME)?;
    let mut list = Vec::with_capacity(cards);
    for (i, card) in synthetic::cards_of(game, cards, SEED)
        .into_iter()
        .enumerate()
    {
        let mut value = serde_json::to_value(&card).expect("cards serialise");
        let object = value.as_object_mut().expect("a card is an object");
        object.remove("game");
        object.retain(|_, v| !v.is_null());
        if i < edited {
            object.insert("text".into(), Value::String(format!("Edited text {i}.")));
        }
        list.push(value);
    }
    let sets: Vec<Value> = (0..12)
        .map(|n| serde_json::json!({"code": format!("B{n}"), "name": format!("Bench set {n}")}))
        .collect();
    // Written by hand so that `game` comes first, as people write these files (a JSON
    // map would sort `cards` before it, and a reader must then hold the cards until it
    // knows their game).
    let text = format!(
        "{{\n  \"game\": \"{GAME}\",\n  \"sets\": {},\n  \"cards\": {}\n}}\n",
        serde_json::to_string_pretty(&sets).expect("json"),
        serde_json::to_string_pretty(&list).expect("json"),
    );
    std::fs::write(path, &text).map_err(|e| Error::WriteFile {
        path: path.to_owned(),
        message: e.to_string(),
    })?;
    Ok(text.len() as u64)
}

/// Writes a card spreadsheet (CSV, as `cards export --format csv` writes one: a `game`
/// column, the fields, each stat by id) of `rows` generated Zoids Scramble cards to `path`;
/// returns its size in bytes.
pub fn write_zoids_sheet(path: &Path, rows: usize) -> Result<u64> {
    let games = deckhand::bundled::games()?;
    let game = games.get(GAME)?;
    let cards = synthetic::cards_of(game, rows, SEED ^ 0x5EE7);
    let text = deckhand_core::card_sheet_csv(game, &cards);
    std::fs::write(path, &text).map_err(|e| Error::WriteFile {
        path: path.to_owned(),
        message: e.to_string(),
    })?;
    Ok(text.len() as u64)
}

/// Times `runs` imports of a `rows`-row card spreadsheet into a new database (opened
/// before the clock starts: the figure is the import, as `deckhand import FILE.csv` runs
/// it: read, validate every row, store, index).
pub fn import_sheet(dir: &Path, rows: usize, runs: usize) -> Result<Timing> {
    let file = dir.join("zoids-bench.csv");
    let bytes = write_zoids_sheet(&file, rows)?;
    let mut samples = Vec::with_capacity(runs);
    for run in 0..runs.max(1) {
        let db = dir.join(format!("sheet-{run}.sqlite3"));
        let mut deckhand = Deckhand::open(&db)?;
        let started = Instant::now();
        let report =
            deckhand.import_card_files(&[&file], &CardImportOptions::default(), &mut |_| {})?;
        samples.push(started.elapsed());
        if report.added != rows {
            return Err(Error::Benchmark(format!(
                "{} of {rows} spreadsheet rows added",
                report.added
            )));
        }
        drop(deckhand);
        for path in [db_side(&db, ""), db_side(&db, "-wal"), db_side(&db, "-shm")] {
            let _ = std::fs::remove_file(path);
        }
        let _ = std::fs::remove_dir_all(db_side(&db, ".index"));
    }
    let _ = std::fs::remove_file(&file);
    Ok(Timing::from_samples(
        format!(
            "deckhand import of a {rows}-row card spreadsheet ({:.1} MB of CSV) into a new database",
            bytes as f64 / 1e6
        ),
        samples,
    ))
}

/// Times `runs` rounds of: import `cards` new cards into a new database file (open and
/// import, as `deckhand import` does), import the same file again, import it with
/// [`CHANGED`] cards edited, and build the index of the database from scratch.
pub fn import_set(dir: &Path, cards: usize, runs: usize) -> Result<ImportBenchReport> {
    let file = dir.join("zoids-bench.json");
    let edited = dir.join("zoids-bench-edited.json");
    let file_bytes = write_zoids_set(&file, cards, 0)?;
    write_zoids_set(&edited, cards, CHANGED.min(cards))?;
    let (mut fresh, mut again, mut changed, mut build) = (vec![], vec![], vec![], vec![]);
    let (mut plain, mut ratios) = (vec![], vec![]);
    for run in 0..runs.max(1) {
        let db = dir.join(format!("import-{run}.sqlite3"));
        let started = Instant::now();
        Deckhand::open(&db)?.import_files(&[&file], &mut |_| {})?;
        fresh.push(started.elapsed());

        let started = Instant::now();
        let report = Deckhand::open(&db)?.import_files(&[&file], &mut |_| {})?;
        again.push(started.elapsed());
        assert_eq!(
            report.unchanged, cards,
            "the unchanged re-import changed cards"
        );
        let read = plain_read(&db, cards)?;
        ratios.push(again[run].as_secs_f64() / read.as_secs_f64().max(1e-9));
        plain.push(read);

        let started = Instant::now();
        let report = Deckhand::open(&db)?.import_files(&[&edited], &mut |_| {})?;
        changed.push(started.elapsed());
        assert_eq!(report.updated, CHANGED.min(cards));

        // The index alone: the database opened without it, so it is built from the rows
        // (as the app does when its index is missing or stale).
        let _ = std::fs::remove_dir_all(db_side(&db, ".index"));
        let started = Instant::now();
        drop(Deckhand::open(&db)?);
        build.push(started.elapsed());
        for path in [db_side(&db, ""), db_side(&db, "-wal"), db_side(&db, "-shm")] {
            let _ = std::fs::remove_file(path);
        }
        let _ = std::fs::remove_dir_all(db_side(&db, ".index"));
    }
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&edited);
    Ok(ImportBenchReport {
        machine: crate::machine(),
        profile: crate::PROFILE,
        cards,
        file_bytes,
        timings: vec![
            Timing::from_samples(
                format!("deckhand import: {cards} new cards into a new database (open, parse, validate, store, index)"),
                fresh,
            ),
            Timing::from_samples("the same file again, nothing changed (no re-index)", again),
            Timing::from_samples(
                "yardstick: a plain SQLite read of the same rows (every column, JSON decoded)",
                plain,
            ),
            Timing::from_samples(
                format!("the same file with {} cards changed (incremental index update)", CHANGED.min(cards)),
                changed,
            ),
            Timing::from_samples(
                format!("index build from scratch: {cards} cards streamed from the database (open without an index)"),
                build,
            ),
        ],
        unchanged_over_plain_read: median(&mut ratios),
    })
}

/// Reads every card row of `db` with rusqlite alone, as a store read does (each column, the
/// JSON ones decoded), without Deckhand: the floor an unchanged import is measured against.
fn plain_read(db: &Path, cards: usize) -> Result<std::time::Duration> {
    let failed = |e: rusqlite::Error| Error::Benchmark(format!("the plain read: {e}"));
    let started = Instant::now();
    let conn = rusqlite::Connection::open(db).map_err(failed)?;
    let mut statement = conn
        .prepare(
            "SELECT id, game, name, type, set_code, number, side, color, subtypes, keywords,
                    text, stats, effects, goldfish, content_hash FROM cards",
        )
        .map_err(failed)?;
    let mut rows = statement.query([]).map_err(failed)?;
    let mut read = 0;
    while let Some(row) = rows.next().map_err(failed)? {
        for column in 0..14 {
            let text: Option<String> = row.get(column).map_err(failed)?;
            // subtypes, keywords, stats, effects, goldfish: JSON, decoded as the store does.
            match text {
                Some(json) if matches!(column, 8 | 9 | 11..=13) => {
                    let value: Value = serde_json::from_str(&json)
                        .map_err(|e| Error::Benchmark(format!("the plain read: {e}")))?;
                    std::hint::black_box(value);
                }
                text => {
                    std::hint::black_box(text);
                }
            }
        }
        std::hint::black_box(row.get::<_, Option<i64>>(14).map_err(failed)?);
        read += 1;
    }
    let elapsed = started.elapsed();
    if read < cards {
        return Err(Error::Benchmark(format!(
            "the plain read found {read} of {cards} rows"
        )));
    }
    Ok(elapsed)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

fn db_side(db: &Path, suffix: &str) -> PathBuf {
    let mut path = db.as_os_str().to_owned();
    path.push(suffix);
    PathBuf::from(path)
}
