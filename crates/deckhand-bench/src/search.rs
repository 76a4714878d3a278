//! `deckhand bench search`: the tantivy index against SQLite (FTS5 for words, SQL for the
//! rest) on the same synthetic database, query by query.

use std::path::Path;
use std::time::{Duration, Instant};

use deckhand_core::CardSet;
use deckhand_search::{CardIndex, SearchOptions};
use deckhand_store::{CardFilter, Store};
use rusqlite::functions::FunctionFlags;
use rusqlite::Connection;
use serde::Serialize;

use crate::{ms, percentile, synthetic};
use deckhand::{Error, Result};

const PAGE: usize = 20;
const SEED: u64 = 0xDECC_4A2D;

/// One query's figures on both engines.
#[derive(Debug, Clone, Serialize)]
pub struct QueryTiming {
    pub query: String,
    pub tantivy_matches: usize,
    pub sqlite_matches: usize,
    pub tantivy_p50_ms: f64,
    pub tantivy_p99_ms: f64,
    pub sqlite_p50_ms: f64,
    pub sqlite_p99_ms: f64,
    /// SQLite p50 divided by tantivy p50: how many times faster the index answers.
    pub speedup: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct SearchBenchReport {
    pub cards: usize,
    pub runs_per_query: usize,
    pub sqlite_import_ms: f64,
    pub index_build_ms: f64,
    pub fts5_build_ms: f64,
    pub queries: Vec<QueryTiming>,
    pub tantivy_p50_ms: f64,
    pub tantivy_p99_ms: f64,
    pub sqlite_p50_ms: f64,
    pub sqlite_p99_ms: f64,
}

/// A benchmark query: Deckhand syntax and the SQL that answers the same question.
struct Case {
    query: String,
    /// `FROM … WHERE …` (the card table is `c`; FTS5 queries join `cards_fts`).
    sql_from_where: String,
    sql_order: &'static str,
}

fn case(query: &str, sql_from_where: &str, sql_order: &'static str) -> Case {
    Case {
        query: query.to_owned(),
        sql_from_where: sql_from_where.to_owned(),
        sql_order,
    }
}

const FTS: &str = "FROM cards_fts JOIN cards c ON c.rowid = cards_fts.rowid WHERE cards_fts MATCH";
const BY_RANK: &str = "bm25(cards_fts), c.name_key";
const BY_NAME: &str = "c.name_key";

fn stat(stat: &str, condition: &str) -> String {
    format!("EXISTS (SELECT 1 FROM json_each(c.stats, '$.{stat}') WHERE {condition})")
}

fn cases(exact_name: &str) -> Vec<Case> {
    vec![
        case("damage", &format!("{FTS} 'damage*'"), BY_RANK),
        case("deal damage", &format!("{FTS} 'deal damage*'"), BY_RANK),
        case(
            "\"draw two cards\"",
            &format!("{FTS} '\"draw two cards\"'"),
            BY_RANK,
        ),
        case("n:storm", &format!("{FTS} 'name: storm'"), BY_RANK),
        case("o:energy", &format!("{FTS} 'text: energy'"), BY_RANK),
        case(
            "storm or blade",
            &format!("{FTS} 'storm OR blade*'"),
            BY_RANK,
        ),
        case("draw -energy", &format!("{FTS} 'draw NOT energy'"), BY_RANK),
        case(
            "damage cost<=1",
            &format!(
                "{FTS} 'damage' AND {}",
                stat("cost", "typeof(value) = 'integer' AND value <= 1")
            ),
            BY_RANK,
        ),
        case("t:zoid", "FROM cards c WHERE c.type = 'Zoid'", BY_NAME),
        case(
            "t:zoid power>=5",
            &format!(
                "FROM cards c WHERE c.type = 'Zoid' AND {}",
                stat("power", "value >= 5")
            ),
            BY_NAME,
        ),
        case(
            "cost<=2",
            &format!(
                "FROM cards c WHERE {}",
                stat("cost", "typeof(value) = 'integer' AND value <= 2")
            ),
            BY_NAME,
        ),
        case(
            "game:zoids -t:zoid",
            "FROM cards c WHERE c.game = 'zoids-scramble' AND c.type <> 'Zoid'",
            BY_NAME,
        ),
        case(
            "side:villain t:monster",
            "FROM cards c WHERE c.side = 'villain' AND c.type = 'Monster'",
            BY_NAME,
        ),
        case(
            "kw:flying",
            "FROM cards c WHERE c.keywords LIKE '%\"flying%'",
            BY_NAME,
        ),
        case(
            "kw:scouting power<3",
            &format!(
                "FROM cards c WHERE c.keywords LIKE '%\"scouting%' AND {}",
                stat("power", "typeof(value) = 'integer' AND value < 3")
            ),
            BY_NAME,
        ),
        case(
            "energy_cost:x",
            "FROM cards c WHERE json_extract(c.stats, '$.energy_cost') = 'X'",
            BY_NAME,
        ),
        case(
            "(t:attack or t:reaction) dice>=3",
            &format!(
                "FROM cards c WHERE c.type IN ('Attack', 'Reaction') AND {}",
                stat("dice", "value >= 3")
            ),
            BY_NAME,
        ),
        case(
            "shard_cost>=4 -side:hero order:shard_cost",
            &format!(
                "FROM cards c WHERE {} AND c.side IS NOT 'hero'",
                stat("shard_cost", "value >= 4")
            ),
            "json_extract(c.stats, '$.shard_cost'), c.name_key",
        ),
        case(
            "health>=10 order:health dir:desc",
            &format!("FROM cards c WHERE {}", stat("health", "value >= 10")),
            "json_extract(c.stats, '$.health') DESC, c.name_key",
        ),
        case(
            "c:red order:name",
            "FROM cards c WHERE c.color = 'red'",
            BY_NAME,
        ),
        case("order:name", "FROM cards c WHERE 1", BY_NAME),
        case(
            &format!("!\"{exact_name}\""),
            &format!(
                "FROM cards c WHERE c.name_key = '{}'",
                deckhand_core::fold_name(exact_name)
            ),
            BY_NAME,
        ),
        case(
            "/fl(y|ies)/",
            "FROM cards c WHERE regexp('(?i)fl(y|ies)', c.name) OR regexp('(?i)fl(y|ies)', c.text)",
            BY_NAME,
        ),
        case(
            "o:/deal \\d damage/",
            "FROM cards c WHERE regexp('(?i)deal \\d damage', c.text)",
            BY_NAME,
        ),
    ]
}

/// Builds a synthetic database of `count` cards in `dir` and times both engines.
pub fn search(dir: &Path, count: usize, runs: usize) -> Result<SearchBenchReport> {
    let games = deckhand::bundled::games()?;
    let cards = synthetic::cards(&games, count, SEED);
    let exact_name = cards[cards.len() / 2].name.clone();
    let db_path = dir.join("bench.sqlite3");
    let _ = std::fs::remove_file(&db_path);

    let mut store = Store::open(&db_path)?;
    store.sync_games(games.iter())?;
    let set = CardSet {
        source_name: "synthetic".into(),
        game: String::new(),
        sets: Vec::new(),
        cards,
    };
    let started = Instant::now();
    store.import(std::slice::from_ref(&set))?;
    let sqlite_import_ms = ms(started.elapsed());

    let stored = store.cards(&CardFilter::default())?;
    let started = Instant::now();
    let index = CardIndex::build_in_dir(
        &dir.join("bench.index"),
        &games,
        &store.data_stamp()?,
        &stored,
    )?;
    let index_build_ms = ms(started.elapsed());

    let conn = Connection::open(&db_path).map_err(sqlite)?;
    add_regexp(&conn)?;
    let started = Instant::now();
    conn.execute_batch(
        "DROP TABLE IF EXISTS cards_fts;
         CREATE VIRTUAL TABLE cards_fts USING fts5(name, text, content='cards', content_rowid='rowid');
         INSERT INTO cards_fts (cards_fts) VALUES ('rebuild');",
    )
    .map_err(sqlite)?;
    let fts5_build_ms = ms(started.elapsed());

    let mut queries = Vec::new();
    let (mut all_tantivy, mut all_sqlite) = (Vec::new(), Vec::new());
    let options = SearchOptions {
        game: None,
        limit: PAGE,
    };
    for case in cases(&exact_name) {
        let mut tantivy_samples = Vec::with_capacity(runs);
        let mut tantivy_matches = 0;
        for run in 0..runs + 3 {
            let started = Instant::now();
            let results = index.search_text(&case.query, &options)?;
            let elapsed = started.elapsed();
            tantivy_matches = results.total;
            if run >= 3 {
                tantivy_samples.push(elapsed);
            }
        }
        let count_sql = format!("SELECT count(*) {}", case.sql_from_where);
        let page_sql = format!(
            "SELECT c.id {} ORDER BY {} LIMIT {PAGE}",
            case.sql_from_where, case.sql_order
        );
        let mut count_stmt = conn.prepare(&count_sql).map_err(sqlite)?;
        let mut page_stmt = conn.prepare(&page_sql).map_err(sqlite)?;
        let mut sqlite_samples = Vec::with_capacity(runs);
        let mut sqlite_matches = 0;
        for run in 0..runs + 3 {
            let started = Instant::now();
            let total: i64 = count_stmt.query_row([], |row| row.get(0)).map_err(sqlite)?;
            let ids: Vec<String> = page_stmt
                .query_map([], |row| row.get(0))
                .and_then(|rows| rows.collect())
                .map_err(sqlite)?;
            let elapsed = started.elapsed();
            std::hint::black_box(ids);
            sqlite_matches = total as usize;
            if run >= 3 {
                sqlite_samples.push(elapsed);
            }
        }
        all_tantivy.extend(&tantivy_samples);
        all_sqlite.extend(&sqlite_samples);
        queries.push(timing(
            case.query,
            tantivy_matches,
            sqlite_matches,
            tantivy_samples,
            sqlite_samples,
        ));
    }
    all_tantivy.sort();
    all_sqlite.sort();
    Ok(SearchBenchReport {
        cards: count,
        runs_per_query: runs,
        sqlite_import_ms,
        index_build_ms,
        fts5_build_ms,
        queries,
        tantivy_p50_ms: percentile(&all_tantivy, 50.0),
        tantivy_p99_ms: percentile(&all_tantivy, 99.0),
        sqlite_p50_ms: percentile(&all_sqlite, 50.0),
        sqlite_p99_ms: percentile(&all_sqlite, 99.0),
    })
}

fn timing(
    query: String,
    tantivy_matches: usize,
    sqlite_matches: usize,
    mut tantivy: Vec<Duration>,
    mut sqlite: Vec<Duration>,
) -> QueryTiming {
    tantivy.sort();
    sqlite.sort();
    let (t50, s50) = (percentile(&tantivy, 50.0), percentile(&sqlite, 50.0));
    QueryTiming {
        query,
        tantivy_matches,
        sqlite_matches,
        tantivy_p50_ms: t50,
        tantivy_p99_ms: percentile(&tantivy, 99.0),
        sqlite_p50_ms: s50,
        sqlite_p99_ms: percentile(&sqlite, 99.0),
        speedup: if t50 > 0.0 { s50 / t50 } else { 0.0 },
    }
}

/// SQLite has no built-in REGEXP; give it the same regex engine tantivy's side uses.
fn add_regexp(conn: &Connection) -> Result<()> {
    conn.create_scalar_function(
        "regexp",
        2,
        FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC,
        |ctx| {
            let regex =
                ctx.get_or_create_aux(
                    0,
                    |value| -> std::result::Result<
                        regex::Regex,
                        Box<dyn std::error::Error + Send + Sync>,
                    > { Ok(regex::Regex::new(value.as_str()?)?) },
                )?;
            let text: Option<String> = ctx.get(1)?;
            Ok(text.is_some_and(|t| regex.is_match(&t)))
        },
    )
    .map_err(sqlite)
}

fn sqlite(err: rusqlite::Error) -> Error {
    Error::Store(deckhand_store::StoreError::Sqlite(err))
}
