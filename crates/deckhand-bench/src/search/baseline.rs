//! The SQLite side of `deckhand bench search`, built the way a SQLite engineer would build
//! card search on the same `cards` table, and each benchmark query written for it by hand.
//!
//! - Words: an FTS5 index over name, text and keywords (external content: the rows stay in
//!   `cards`), tokenised like tantivy's default (no diacritic folding), ranked with BM25
//!   with names weighted 3× as the index does.
//! - Regexes: a trigram FTS5 index over name and text narrows the rows to those containing
//!   the regex's literals; `regexp()` (the same `regex` crate as the index) verifies them.
//! - Stats: they differ per game and some are lists, so each value is a row of a typed,
//!   covering table: `stat_numbers (stat, num, card)` (MAX is the largest integer, as in the
//!   index; X and other words are not numbers) and `stat_words (stat, word, card)`, plus
//!   `stat_first (stat, card, num)` for sorting by a stat's first number.
//! - Filter columns: indexes on type, side and colour (case-insensitive, as the index
//!   matches them); game and the folded name already have theirs.
//! - One statement per query: the page and the total come from one pass, the total through
//!   `count(*) OVER ()` on the narrow matching set, and only the page's rows are joined
//!   back to `cards` and decoded into `Card`s, as the app does for its hits.

use deckhand_core::{Card, Side};
use rusqlite::functions::FunctionFlags;
use rusqlite::{Connection, Row, Statement};

use super::sqlite;
use deckhand::Result;

/// A benchmark query: Deckhand syntax and the SQL that answers the same question.
pub struct Case {
    pub query: String,
    /// `FROM … WHERE …` over the matching cards (the card table is `c`).
    from_where: String,
    /// The primary sort expression and whether it runs descending; ties go by name.
    order: &'static str,
    descending: bool,
}

impl Case {
    /// The statement: the page of `page` cards in order, each row carrying the total.
    pub fn sql(&self, page: usize) -> String {
        let direction = if self.descending { "DESC" } else { "ASC" };
        let order = format!("k {direction} NULLS LAST, n");
        let columns = "c.id, c.game, c.name, c.type, c.set_code, c.number, c.side, c.color,
                       c.subtypes, c.keywords, c.text, c.stats";
        let (from_where, sort) = (&self.from_where, self.order);
        if sort.starts_with("bm25") {
            // FTS5 ranks only while its cursor runs, not inside a window: collect the
            // matches with their rank once, then count and page them.
            format!(
                "WITH m AS MATERIALIZED (SELECT c.rowid AS card, {sort} AS k, c.name_key AS n
                                         {from_where})
                 SELECT {columns}, p.total
                 FROM (SELECT card, k, n, count(*) OVER () AS total FROM m
                       ORDER BY {order} LIMIT {page}) p
                 JOIN cards c ON c.rowid = p.card
                 ORDER BY p.{order}"
            )
        } else {
            format!(
                "SELECT {columns}, p.total
                 FROM (SELECT c.rowid AS card, {sort} AS k, c.name_key AS n,
                              count(*) OVER () AS total
                       {from_where}
                       ORDER BY {order} LIMIT {page}) p
                 JOIN cards c ON c.rowid = p.card
                 ORDER BY p.{order}"
            )
        }
    }
}

fn case(query: &str, from_where: &str, order: &'static str) -> Case {
    Case {
        query: query.to_owned(),
        from_where: from_where.to_owned(),
        order,
        descending: false,
    }
}

const FTS: &str = "FROM cards_fts JOIN cards c ON c.rowid = cards_fts.rowid WHERE cards_fts MATCH";
const TRIGRAMS: &str =
    "FROM cards_tri JOIN cards c ON c.rowid = cards_tri.rowid WHERE cards_tri MATCH";
/// BM25 with the index's weights: name 3, text 1, keywords not ranked.
const BY_RANK: &str = "bm25(cards_fts, 3.0, 1.0, 0.0)";
/// Filters only: every match ranks the same, so the order is by name.
const BY_NAME: &str = "0";

fn number(stat: &str, condition: &str) -> String {
    format!("c.rowid IN (SELECT card FROM stat_numbers WHERE stat = '{stat}' AND num {condition})")
}

fn owned(condition: &str) -> String {
    format!("c.id IN (SELECT card FROM collection GROUP BY card HAVING sum(count) {condition})")
}

/// The benchmark queries; `exact_name` is a card name from the pool.
pub fn cases(exact_name: &str) -> Vec<Case> {
    vec![
        case(
            "damage",
            &format!("{FTS} '{{name text}}: damage*'"),
            BY_RANK,
        ),
        case(
            "deal damage",
            &format!("{FTS} '{{name text}}: (deal AND damage*)'"),
            BY_RANK,
        ),
        case(
            "\"draw two cards\"",
            &format!("{FTS} '{{name text}}: \"draw two cards\"'"),
            BY_RANK,
        ),
        case("n:storm", &format!("{FTS} 'name: storm*'"), BY_RANK),
        case("o:energy", &format!("{FTS} 'text: energy*'"), BY_RANK),
        case(
            "storm or blade",
            &format!("{FTS} '{{name text}}: (storm OR blade*)'"),
            BY_RANK,
        ),
        case(
            "draw -energy",
            &format!("{FTS} '{{name text}}: (draw NOT energy*)'"),
            BY_RANK,
        ),
        case(
            "damage cost<=1",
            &format!(
                "{FTS} '{{name text}}: damage' AND {}",
                number("cost", "<= 1")
            ),
            BY_RANK,
        ),
        case(
            "t:zoid",
            "FROM cards c WHERE c.type = 'zoid' COLLATE NOCASE",
            BY_NAME,
        ),
        case(
            "t:zoid power>=5",
            &format!(
                "FROM cards c WHERE c.type = 'zoid' COLLATE NOCASE AND {}",
                number("power", ">= 5")
            ),
            BY_NAME,
        ),
        case(
            "cost<=2",
            &format!("FROM cards c WHERE {}", number("cost", "<= 2")),
            BY_NAME,
        ),
        case(
            "game:zoids -t:zoid",
            "FROM cards c WHERE c.game = 'zoids-scramble'
                 AND NOT (c.type = 'zoid' COLLATE NOCASE)",
            BY_NAME,
        ),
        case(
            "side:villain t:monster",
            "FROM cards c WHERE c.side = 'villain' AND c.type = 'monster' COLLATE NOCASE",
            BY_NAME,
        ),
        case("kw:flying", &format!("{FTS} 'keywords: flying'"), BY_NAME),
        case(
            "kw:scouting power<3",
            &format!("{FTS} 'keywords: scouting' AND {}", number("power", "< 3")),
            BY_NAME,
        ),
        case(
            "energy_cost:x",
            "FROM cards c WHERE c.rowid IN
                 (SELECT card FROM stat_words WHERE stat = 'energy_cost' AND word = 'x')",
            BY_NAME,
        ),
        case(
            "(t:attack or t:reaction) dice>=3",
            &format!(
                "FROM cards c WHERE c.type COLLATE NOCASE IN ('attack', 'reaction') AND {}",
                number("dice", ">= 3")
            ),
            BY_NAME,
        ),
        case(
            "shard_cost>=4 -side:hero order:shard_cost",
            &format!(
                "FROM cards c LEFT JOIN stat_first f ON f.stat = 'shard_cost' AND f.card = c.rowid
                 WHERE {} AND c.side IS NOT 'hero'",
                number("shard_cost", ">= 4")
            ),
            "f.num",
        ),
        Case {
            descending: true,
            ..case(
                "health>=10 order:health dir:desc",
                &format!(
                    "FROM cards c LEFT JOIN stat_first f ON f.stat = 'health' AND f.card = c.rowid
                     WHERE {}",
                    number("health", ">= 10")
                ),
                "f.num",
            )
        },
        case(
            "c:red order:name",
            "FROM cards c WHERE c.color = 'red' COLLATE NOCASE",
            BY_NAME,
        ),
        case("order:name", "FROM cards c", BY_NAME),
        case(
            &format!("!\"{exact_name}\""),
            &format!(
                "FROM cards c WHERE c.name_key = '{}'",
                deckhand_core::fold_name(exact_name).replace('\'', "''")
            ),
            BY_NAME,
        ),
        case(
            "/fl(y|ies)/",
            &format!(
                "{TRIGRAMS} '\"fly\" OR \"flies\"'
                 AND (regexp('(?is)fl(y|ies)', c.name) OR regexp('(?is)fl(y|ies)', c.text))"
            ),
            BY_NAME,
        ),
        case(
            "o:/deal \\d damage/",
            &format!(
                "{TRIGRAMS} 'text: (\"deal \" AND \" damage\")'
                 AND regexp('(?is)deal \\d damage', c.text)"
            ),
            BY_NAME,
        ),
        case(
            "owned>=1",
            &format!("FROM cards c WHERE {}", owned(">= 1")),
            BY_NAME,
        ),
        case(
            "owned:0 t:zoid",
            "FROM cards c WHERE c.type = 'zoid' COLLATE NOCASE
                 AND c.id NOT IN (SELECT card FROM collection)",
            BY_NAME,
        ),
        case(
            "owned>=2 c:red",
            &format!(
                "FROM cards c WHERE c.color = 'red' COLLATE NOCASE AND {}",
                owned(">= 2")
            ),
            BY_NAME,
        ),
        case(
            "wanted>=1",
            "FROM cards c WHERE c.id IN (SELECT card FROM wishlist WHERE count >= 1)",
            BY_NAME,
        ),
    ]
}

/// Builds the baseline's indexes and tables beside the app's in the benchmark database.
pub fn build(conn: &Connection) -> Result<()> {
    conn.execute_batch(
        "CREATE INDEX bench_cards_type ON cards (type COLLATE NOCASE);
         CREATE INDEX bench_cards_side ON cards (side);
         CREATE INDEX bench_cards_color ON cards (color COLLATE NOCASE);

         CREATE VIRTUAL TABLE cards_fts USING fts5(name, text, keywords,
             content = 'cards', content_rowid = 'rowid',
             tokenize = 'unicode61 remove_diacritics 0');
         INSERT INTO cards_fts (cards_fts) VALUES ('rebuild');

         CREATE VIRTUAL TABLE cards_tri USING fts5(name, text,
             content = 'cards', content_rowid = 'rowid', tokenize = 'trigram');
         INSERT INTO cards_tri (cards_tri) VALUES ('rebuild');

         CREATE TABLE stat_numbers (stat TEXT, num INTEGER, card INTEGER,
             PRIMARY KEY (stat, num, card)) STRICT, WITHOUT ROWID;
         INSERT OR IGNORE INTO stat_numbers
             SELECT s.key,
                    CASE WHEN v.type = 'integer' THEN v.atom ELSE 9223372036854775807 END,
                    c.rowid
             FROM cards c, json_each(c.stats) s, json_tree(c.stats, s.fullkey) v
             WHERE v.type = 'integer' OR (v.type = 'text' AND lower(v.atom) = 'max');

         CREATE TABLE stat_words (stat TEXT, word TEXT, card INTEGER,
             PRIMARY KEY (stat, word, card)) STRICT, WITHOUT ROWID;
         INSERT OR IGNORE INTO stat_words
             SELECT s.key, lower(v.atom), c.rowid
             FROM cards c, json_each(c.stats) s, json_tree(c.stats, s.fullkey) v
             WHERE v.type = 'text';

         CREATE TABLE stat_first (stat TEXT, card INTEGER, num INTEGER,
             PRIMARY KEY (stat, card)) STRICT, WITHOUT ROWID;
         INSERT INTO stat_first
             SELECT stat, card, num FROM (
                 SELECT s.key AS stat, c.rowid AS card,
                        CASE WHEN v.type = 'integer' THEN v.atom
                             ELSE 9223372036854775807 END AS num,
                        row_number() OVER (PARTITION BY c.rowid, s.key ORDER BY v.id) AS nth
                 FROM cards c, json_each(c.stats) s, json_tree(c.stats, s.fullkey) v
                 WHERE v.type = 'integer' OR (v.type = 'text' AND lower(v.atom) = 'max'))
             WHERE nth = 1;
         ANALYZE;",
    )
    .map_err(sqlite)
}

/// SQLite has no built-in REGEXP; give it the same regex engine the index uses.
pub fn add_regexp(conn: &Connection) -> Result<()> {
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

/// Runs a prepared case: the page's cards, decoded, and the total.
pub fn run(statement: &mut Statement) -> Result<(usize, Vec<Card>)> {
    let mut total = 0;
    let mut cards = Vec::new();
    let mut rows = statement.query([]).map_err(sqlite)?;
    while let Some(row) = rows.next().map_err(sqlite)? {
        total = row.get::<_, i64>(12).map_err(sqlite)? as usize;
        cards.push(card(row).map_err(sqlite)?);
    }
    Ok((total, cards))
}

/// Decodes a card row as the store does (its JSON columns parsed).
fn card(row: &Row) -> rusqlite::Result<Card> {
    let json = |at: usize| -> rusqlite::Result<String> { row.get(at) };
    let parse_error = |e: serde_json::Error| {
        rusqlite::Error::FromSqlConversionFailure(8, rusqlite::types::Type::Text, Box::new(e))
    };
    let side: Option<String> = row.get(6)?;
    Ok(Card {
        id: row.get(0)?,
        game: row.get(1)?,
        name: row.get(2)?,
        card_type: row.get(3)?,
        set: row.get(4)?,
        number: row.get(5)?,
        side: side.as_deref().and_then(Side::parse),
        color: row.get(7)?,
        subtypes: serde_json::from_str(&json(8)?).map_err(parse_error)?,
        keywords: serde_json::from_str(&json(9)?).map_err(parse_error)?,
        text: row.get(10)?,
        stats: serde_json::from_str(&json(11)?).map_err(parse_error)?,
        effects: Vec::new(),
        goldfish: None,
    })
}
